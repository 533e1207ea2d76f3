"""linking/drawings.py: an Obsidian Excalidraw drawing's scene -> SVG."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from notebase.linking.drawings import (
    DrawingError,
    data_url,
    decompress,
    drawing_svg,
    embedded_files,
)

# LZ-String's compressToBase64, by the lzstring package (not by notebase), of TEXT as JavaScript
# holds it (🎨 as its two UTF-16 units): characters of one, two and four bytes in UTF-8, and
# repeats that grow its dictionary past 16-bit codes
TEXT = (
    "drawing 🎨 ∑ ünïcode " * 3
    + "abcabcabcabcabcabc" * 20
    + "".join(chr(c) for c in range(0x100, 0x1A0))
)
COMPRESSED = (
    "CYJwhg7glgdg5gAkDwbgK/YYRCIEB+YHuDGA9sAKYKiSyKobZ5GnnjTzJqY4HFlgBG+fAf0EjhYoRNGTxU2TPnTFcpQu"
    "VrVGlVvXbNO/XsO7jBk0dMWjgAEBAgICAgQEDAgIBBAQKCAgMEBA4ICAIQECQgIChAQGhAQBhAQFhAQDhAQHhAQARAQE"
    "RAQCRAQGRAQBRAQFRAQDRAQHRAQAxAQExAQCxAQGxAQBxAQFxAQDxAQHxAQAJAQEJAQCJAQGJAQBJAQFJAQDJAQHJAQA"
    "pAQEpAQCpAQGpAQBpAQFpAQDpAQHpAQAZAQEZAQCZAQGZAQBZAQFZAQDZAQHZAQA5AQE5AQC5AQG5AQB5AQF5AQD5AQH"
    "5AQAFAQEFAQCFAQGFAQBFAQFFAQDFAQHFAQAlAQElAQClAQDSgIAZQEAsoCAOUBAPKAgAVAQCKgIAlQEAyoCAFUBAKqAg"
    "DVAQDqgIANQEAmoCALUBANqAgB1AQC6gIA9QEA+oCAA0BAIaAgCNAQDGgIATQEApoCAM0BAOaAgAtAQCWgIArQEA1oCA"
    "G0BALaAgDtAQD2gIAHQEAjoCAJ0BAM6AgBdAQCugIA3QEA7oCAD0BAJ6AgC9AQDegIAfQEAvoCAP0BAP6AgADAQCBgIA"
    "gwEAwYCAEMBAKGAgDDAQDhgIAIwEAkYCAKMBANGAgBjAQCxgIA4wEA8YCABMBAImAgCTAQDJgIAUwEAqYCANMBAOmAgA"
    "zAQCZgIAswEA2YCAHMBALmAgDzAQD5gEA=="
)


def test_decompress_reads_lz_string_as_the_plugin_writes_it_in_lines() -> None:
    in_lines = "\n".join(COMPRESSED[i : i + 60] for i in range(0, len(COMPRESSED), 60))
    assert decompress(in_lines) == TEXT


@pytest.mark.parametrize("body", ["not base64 at all!", "AAAA", COMPRESSED[:40]])
def test_what_is_no_lz_string_is_a_value_error(body: str) -> None:
    with pytest.raises(ValueError):
        decompress(body)


def drawing(*elements: dict[str, Any], texts: str = "", **scene: Any) -> str:
    """A drawing's file as the plugin writes it, with these elements in its ```json block."""
    body = json.dumps({"type": "excalidraw", "elements": list(elements), **scene})
    return f"---\nexcalidraw-plugin: parsed\n---\n# Text Elements\n{texts}\n%%\n# Drawing\n```json\n{body}\n```\n%%\n"


def shape(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "x": 0, "y": 0, "width": 100, "height": 50, **fields}


def svg_of(text: str) -> str:
    return drawing_svg(text)[0].decode("utf-8")


def test_the_drawing_is_framed_around_what_it_holds_on_its_background() -> None:
    text = drawing(shape("rectangle", x=-50, y=20), viewBackgroundColor="#ffc", appState={})
    data, width, height = drawing_svg(text)
    svg = data.decode()
    assert (width, height) == (120, 70)
    assert svg.startswith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="70" viewBox="-60 10 120 70"'
    )
    assert '<rect x="-60" y="10" width="120" height="70" fill="#ffffff"/>' in svg
    dark = drawing(shape("rectangle"), appState={"viewBackgroundColor": "#121212"})
    assert 'height="70" fill="#121212"/>' in svg_of(dark)


def test_shapes_keep_their_stroke_fill_dashes_opacity_and_angle() -> None:
    svg = svg_of(
        drawing(
            shape("rectangle", roundness={"type": 3}, strokeColor="#1971c2", strokeStyle="dashed"),
            shape("ellipse", backgroundColor="#ffec99", fillStyle="solid", opacity=50),
            shape("diamond", angle=1.5707963267948966, strokeWidth=4),
            shape("rectangle", backgroundColor="#b2f2bb", fillStyle="hachure", isDeleted=True),
        )
    )
    assert (
        '<rect x="0" y="0" width="100" height="50" rx="5" stroke="#1971c2" fill="none" '
        'stroke-width="1" stroke-dasharray="8 6"/>'
    ) in svg
    assert '<ellipse cx="50" cy="25" rx="50" ry="25" stroke="#1e1e1e" fill="#ffec99"' in svg
    assert 'opacity="0.5"/>' in svg
    assert '<polygon points="50,0 100,25 50,50 0,25"' in svg
    assert 'stroke-width="4" transform="rotate(90 50 25)"/>' in svg
    assert "b2f2bb" not in svg  # deleted


def test_a_fill_of_lines_is_a_pattern_of_its_colour() -> None:
    svg = svg_of(drawing(shape("rectangle", backgroundColor="#b2f2bb", fillStyle="hachure")))
    pattern = svg.split('<pattern id="', 1)[1].split('"', 1)[0]
    assert f'fill="url(#{pattern})"' in svg
    assert 'stroke="#b2f2bb" stroke-width="1.5"/></pattern>' in svg


def test_lines_arrows_and_strokes_follow_their_points_from_the_element() -> None:
    arrow = shape("arrow", x=10, y=10, points=[[0, 0], [100, 0]], endArrowhead="arrow")
    both = shape("arrow", points=[[0, 0], [0, 40]], startArrowhead="dot", endArrowhead="bar")
    line = shape("line", points=[[0, 0], [50, 0], [50, 50], [0, 0]], backgroundColor="#fff")
    stroke = shape("freedraw", x=5, y=5, points=[[0, 0], [1, 2], [3, 5]], strokeWidth=2)
    svg = svg_of(drawing(arrow, both, line, stroke))
    assert '<polyline points="10,10 110,10" stroke="#1e1e1e" fill="none"' in svg
    head = svg.split('<polyline points="10,10 110,10"', 1)[1].split("/>", 2)[1]
    assert head.startswith('<polyline points="') and ",10 " in head  # two strokes back from x=110
    assert '<circle cx="0" cy="0" r="' in svg  # a dot at the start
    assert '<polyline points="0,0 50,0 50,50 0,0" stroke="#1e1e1e" fill="#fff"' in svg
    assert '<polyline points="5,5 6,7 8,10" stroke="#1e1e1e" fill="none" stroke-width="2"/>' in svg


def test_text_is_set_line_by_line_in_its_font_and_alignment() -> None:
    centred = shape("text", text="Two\nlines", fontSize=20, fontFamily=2, textAlign="center")
    listed = shape("text", id="abcd1234", x=0, y=100, fontSize=16)  # its words in the list only
    svg = svg_of(drawing(centred, listed, texts="From the list ^abcd1234\n"))
    assert (
        '<text font-family="Helvetica, Arial, sans-serif" font-size="20" fill="#1e1e1e" '
        'text-anchor="middle"><tspan x="50" y="20">Two</tspan><tspan x="50" y="45">lines</tspan>'
    ) in svg
    assert '<tspan x="0" y="116">From the list</tspan>' in svg
    assert "Virgil" in svg  # font 1, the hand-drawn one, is the default


def test_an_image_is_shown_when_the_scene_carries_it_else_a_box_says_so() -> None:
    carried = shape("image", fileId="a")
    elsewhere = shape("image", x=200, fileId="b")
    files = {
        "a": {"dataURL": "data:image/png;base64,iVBORw0KGgo="},
        "b": {"dataURL": "javascript:alert(1)"},
    }
    svg = svg_of(drawing(carried, elsewhere, files=files))
    assert (
        '<image x="0" y="0" width="100" height="50" href="data:image/png;base64,iVBORw0KGgo="'
        in svg
    )
    assert "javascript" not in svg
    assert (
        '<rect x="200" y="0" width="100" height="50" fill="#f4f4f4"' in svg
        and ">image</text>" in svg
    )


def test_what_the_scene_says_is_escaped_and_a_colour_must_be_one() -> None:
    hostile = shape(
        "text",
        text='<script>alert("x")</script>',
        strokeColor='red" onload="alert(1)',
        fontFamily="1; x",
    )
    frame = shape("frame", name="<b>Frame</b>")
    svg = svg_of(drawing(hostile, frame, shape("rectangle", strokeColor="url(javascript:x)")))
    assert "<script>" not in svg and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in svg
    assert "onload" not in svg and "javascript" not in svg and "<b>" not in svg
    assert 'fill="#1e1e1e"' in svg  # the default ink instead of the colour that was none


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("# Drawing\nno block\n", "holds no ```json"),
        ("```json\n{not json\n```\n", "its json block cannot be read"),
        ("```json\n[1, 2]\n```\n", "its json block holds no drawing"),
        ("```compressed-json\n!!!!\n```\n", "its compressed-json block cannot be read"),
    ],
)
def test_a_file_with_no_scene_is_a_drawing_error(text: str, why: str) -> None:
    with pytest.raises(DrawingError, match=why.replace("`", ".")):
        drawing_svg(text)


def published(*elements: dict[str, Any]) -> str:
    """A drawing as Obsidian's Digital Garden plugin publishes it (modelled on the pages of a real
    published garden, ChoiWheatley/personalwiki's src/site/notes/docs/assets/): front matter,
    then one line of a style, scripts loading Excalidraw, and the script drawing the scene."""
    scene = json.dumps({"type": "excalidraw", "version": 2, "elements": list(elements)})
    return (
        '---\n{"dg-publish":true,"permalink":"/docs/assets/Drawing 1.excalidraw/"}\n---\n'
        "<style> .container {font-family: sans-serif;} </style>"
        '<script src="https://cdn.jsdelivr.net/npm/react@17/umd/react.production.min.js"></script>'
        '<div id="Drawing_1.excalidraw.md"></div><script>(function(){const InitialData='
        + scene
        + ";InitialData.scrollToContent=true;App=()=>{const e=React.useRef(null)};})();</script>\n"
    )


def test_a_drawing_the_digital_garden_plugin_published_is_drawn_from_its_script_s_scene() -> None:
    """Such a drawing holds no ```json block: 22 of the garden's drawings were drawing-unreadable
    warnings, each link to one naming it in place; its scene is the object its script opens
    with, read as JSON."""
    svg = svg_of(published(shape("rectangle", strokeColor="#e03131")))
    assert svg.startswith("<svg") and 'stroke="#e03131"' in svg
    with pytest.raises(DrawingError, match="its published scene cannot be read"):
        drawing_svg(published().replace('"elements"', "elements"))


def test_strange_values_in_the_scene_are_ignored_not_fatal() -> None:
    odd = [
        {"type": "rectangle", "x": "12", "y": None, "width": float("nan")},
        {"type": "arrow", "points": [[0], "x", [1, 2, 3]], "endArrowhead": 7},
        {"type": "text", "text": 5, "fontSize": True},
        {"type": "unknown"},
        {"no": "type"},
        "not an element",
    ]
    svg = svg_of(drawing(*odd))  # type: ignore[arg-type]
    assert svg.startswith("<svg") and svg.endswith("</svg>\n")


def test_the_files_a_drawing_shows_are_its_embedded_files_wikilinks() -> None:
    text = (
        "# Text Elements\nA ^abcdefgh\n\n# Embedded files\n"
        "a1b2: [[Pasted image 2024.png]]\nc3d4: [[img/x.png|300]]\n"
        "e5f6: $$\\Omega$$\n\n%%\n# Drawing\n```json\n{}\n```\n"
    )
    assert embedded_files(text) == {"a1b2": "Pasted image 2024.png", "c3d4": "img/x.png"}


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"\x89PNG\r\n\x1a\n....", "png"),
        (b"\xff\xd8\xff\xe0....", "jpeg"),
        (b"GIF89a....", "gif"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "webp"),
        (b"<svg onload='x'/>", ""),
        (b"", ""),
    ],
)
def test_only_a_raster_image_becomes_a_data_url(data: bytes, kind: str) -> None:
    expected = f"data:image/{kind};base64,{base64.b64encode(data).decode()}" if kind else ""
    assert data_url(data) == expected


def test_an_image_the_drawing_shows_from_the_vault_is_held_in_its_svg() -> None:
    image = shape("image", fileId="a1b2")
    png = b"\x89PNG\r\n\x1a\nrest"
    svg = svg_of_images(drawing(image), {"a1b2": png})
    assert f'href="data:image/png;base64,{base64.b64encode(png).decode()}"' in svg
    assert ">image</text>" in svg_of_images(drawing(image), {"a1b2": b"<svg/>"})


def svg_of_images(text: str, images: dict[str, bytes]) -> str:
    return drawing_svg(text, images)[0].decode("utf-8")


def test_a_scene_expanding_past_any_drawing_is_a_value_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("notebase.linking.drawings.MAX_SCENE", len(TEXT) - 1)
    with pytest.raises(ValueError, match="more than any drawing holds"):
        decompress(COMPRESSED)


def test_numbers_no_drawing_holds_are_none() -> None:
    far = shape("ellipse", x=1e308, width=-1e308, y=10**30, height=float("nan"))
    data, width, height = drawing_svg(drawing(far, shape("rectangle")))
    assert (width, height) == (120, 70)  # the rectangle's frame: the ellipse's numbers are 0
    assert b"e+" not in data and b"nan" not in data.lower()
