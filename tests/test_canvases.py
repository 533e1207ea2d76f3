"""linking/canvases.py: an Obsidian canvas (JSON Canvas 1.0) -> SVG; a canvas in a built site."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.linking.canvases import CanvasError, canvas_files, canvas_svg, plain_lines, wrap

# a 1x1 PNG (its bytes written out here, by no code of notebase)
PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf000000020101000518d84e0000000049454e44ae426082"
)


def node(id: str, type: str = "text", x: int = 0, y: int = 0, **more: Any) -> dict[str, Any]:
    return {"id": id, "type": type, "x": x, "y": y, "width": 200, "height": 100, **more}


def svg_of(nodes: list[Any], edges: list[Any] | None = None, **images: bytes) -> str:
    text = json.dumps({"nodes": nodes, "edges": edges or []})
    return canvas_svg(text, images)[0].decode("utf-8")


def test_the_view_box_is_the_nodes_bounds_with_padding() -> None:
    svg, width, height = canvas_svg(
        json.dumps({"nodes": [node("a", x=-100, y=50), node("b", x=300, y=400)]})
    )
    # nodes cover x -100..500, y 50..500; 20 of padding round them
    assert (width, height) == (640, 490)
    assert svg.startswith(
        b'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="490" '
        b'viewBox="-120 30 640 490"'
    )


def test_a_text_card_shows_its_markdown_as_plain_text_in_its_box() -> None:
    text = "# Plan\n- **bold** and *it* with `code`\n- [ ] a [[Note|link]] to [site](https://x.org)"
    svg = svg_of([node("a", x=10, y=20, text=text, color="4", width=300)])
    # a green card: the preset's stroke, its fill a tenth of it on white (110: 255 - 14.5, to even)
    assert (
        '<rect x="10" y="20" width="300" height="100" rx="8" fill="#ecfaf0" stroke="#44cf6e"' in svg
    )
    assert '<text x="22" y="45" font-size="16" font-weight="bold" fill="#222222">Plan</text>' in svg
    assert ">• bold and it with code</text>" in svg
    assert ">• ☐ a link to site</text>" in svg
    assert "**" not in svg and "`" not in svg and "[[" not in svg


def test_words_wrap_to_the_card_and_what_overflows_is_cut_with_an_ellipsis() -> None:
    words = " ".join(f"word{i}" for i in range(60))
    svg = svg_of([node("a", text=words)])
    lines = re.findall(r'font-size="16" fill="#222222">([^<]*)</text>', svg)
    # 100 high, 12 of margin each side: 76 holds 3 lines of 22 (the last line's 16 high)
    assert len(lines) == 3 and lines[-1].endswith("…")
    assert lines[0].startswith("word0 word1 ") and not lines[0].endswith(" ")
    assert 'clip-path="url(#card-0)"' in svg


def test_a_card_s_text_past_what_any_card_shows_is_cut_with_an_ellipsis() -> None:
    svg = svg_of([node("a", text="ab " * 4000, height=1_000_000)])  # tall enough for it all
    shown = re.findall(r">([^<]*)</text>", svg)
    # 10,000 characters: 3,333 "ab " and an "a", then …
    assert shown[-1].endswith("a…") and " ".join(shown).count("ab") == 3333


def test_a_file_longer_than_any_canvas_is_not_read() -> None:
    with pytest.raises(CanvasError, match="longer than any canvas"):
        canvas_svg(" " * 8_000_001)


def test_wrap_breaks_at_spaces_and_between_wide_characters() -> None:
    assert wrap("aaa bbb ccc", 16 * 3) == ["aaa", "bbb", "ccc"]
    assert wrap("日本語の文章です", 16 * 3) == ["日本語", "の文章", "です"]
    assert wrap("", 100) == [""]


def test_plain_lines_drop_fences_and_rules_and_keep_a_quote_s_words() -> None:
    markdown = "> quoted ==mark== ~~gone~~\n```py\n  **x** = 1\n```\n---\n## Head\n\n"
    assert plain_lines(markdown) == [
        ("quoted mark gone", "text"),
        ("  **x** = 1", "code"),  # a fenced block's lines as they are
        ("Head", "heading"),
    ]


def test_a_callout_s_title_is_bold_and_a_fence_in_it_is_code() -> None:
    markdown = (
        "> [!important]- Do **now**\n> ```tasks\n> not done\n> ```\n> [!tip]\n[!tip] no quote"
        "\n> [!note|wide] Wide"
    )
    assert plain_lines(markdown) == [
        ("Do now", "heading"),
        ("not done", "code"),
        ("Tip", "heading"),
        ("[!tip] no quote", "text"),
        ("Wide", "heading"),
    ]


def test_plain_lines_drop_front_matter_and_split_a_table_s_rows_into_cells() -> None:
    markdown = (
        "---\ncssclasses: [x]\n---\n| Week | Mon |\n|:--|--:|\n| [[2024-W01\\|01]] | **1** |\n"
    )
    assert plain_lines(markdown) == [("Week\tMon", "row"), ("01\t1", "row")]


def test_a_table_s_cells_line_up_in_columns() -> None:
    svg = svg_of([node("a", text="| a | b |\n|---|---|\n| iii | c |", width=400)])
    # the first column as wide as "iii" (3 x 0.28 em, wider than "a": 0.62) and an em: the second
    # 1.84 ems (29.44) along, past the 12 of margin
    assert '<tspan x="12">a</tspan><tspan x="41.44">b</tspan>' in svg
    assert '<tspan x="12">iii</tspan><tspan x="41.44">c</tspan>' in svg


def test_text_is_escaped_and_no_script_or_outside_reference_is_written() -> None:
    evil = '<script>alert(1)</script> x < y & "q"'
    svg = svg_of(
        [
            node("a", text=evil, width=1000),
            node("b", "link", y=200, url="javascript:alert(1)<script>", width=1000),
            node("g", "group", y=400, label="<img src=x onerror=alert(1)>"),
        ],
        [{"id": "e", "fromNode": "a", "toNode": "b", "label": "</text><script>"}],
    )
    assert "<script" not in svg and "<img" not in svg
    assert ">alert(1) x &lt; y &amp; &quot;q&quot;</text>" in svg  # a card's HTML tags left out
    assert (
        ">javascript:alert(1)&lt;script&gt;</text>" in svg
        and ">&lt;/text&gt;&lt;script&gt;<" in svg
    )
    assert "href" not in svg and "http" not in svg.replace("http://www.w3.org/2000/svg", "")


def test_colours_are_the_presets_or_hex_and_anything_else_is_none() -> None:
    svg = svg_of(
        [
            node("a", color="1"),
            node("b", y=200, color="#ABC"),
            node("c", y=400, color="red; stroke: url(x)"),
        ]
    )
    assert 'stroke="#fb464c"' in svg and 'stroke="#aabbcc"' in svg
    assert "url(x)" not in svg and svg.count('stroke="#7e7e7e"') == 1


def test_groups_are_drawn_beneath_every_card_with_their_label_above() -> None:
    svg = svg_of([node("a", x=20, y=20), node("g", "group", label="Phase 1", color="6")])
    group = svg.index('rx="12" fill="#f8f5ff" stroke="#a882ff"')
    assert group < svg.index('<rect x="20" y="20"')
    assert (
        '<text x="4" y="-10" font-size="18" font-weight="bold" fill="#222222">Phase 1</text>' in svg
    )


def test_a_file_card_shows_the_file_s_name_and_an_image_file_its_picture() -> None:
    svg = svg_of(
        [
            node("n", "file", file="Notes/How to learn.md", subpath="#Steps"),
            node("p", "file", y=200, file="pics/cat.png"),
            node("q", "file", y=400, file="pics/dog.png"),
        ],
        p=PIXEL,
    )
    assert ">How to learn</text>" in svg and ">learn.md#Steps</text>" in svg  # its path, wrapped
    assert '<image x="0" y="200" width="200" height="100" href="data:image/png;base64,' in svg
    assert ">dog.png</text>" in svg  # no bytes for it: a card with its name


def test_canvas_files_are_the_image_files_its_nodes_show() -> None:
    text = json.dumps(
        {"nodes": [node("n", "file", file="a.md"), node("p", "file", file="x/cat.PNG")]}
    )
    assert canvas_files(text) == {"p": "x/cat.PNG"}
    assert canvas_files("{not json") == {}


def test_an_edge_joins_the_sides_it_names_with_an_arrow_at_its_end() -> None:
    nodes = [node("a"), node("b", x=400, y=300)]
    edges = [{"id": "e", "fromNode": "a", "fromSide": "bottom", "toNode": "b", "toSide": "left"}]
    svg = svg_of(nodes, edges)
    # a's bottom middle (100,100) to b's left middle (400,350): leaving down, arriving rightwards
    assert '<path d="M100,100 C100,250 250,350 400,350" fill="none" stroke="#7e7e7e"' in svg
    assert '<polygon points="400,350 388,344 388,356" fill="#7e7e7e"/>' in svg
    assert svg.count("<polygon") == 1  # no arrow at its start (fromEnd: none by default)


def test_an_edge_without_sides_joins_the_sides_facing_each_other() -> None:
    across = svg_of([node("a"), node("b", x=500, y=150)], [{"fromNode": "b", "toNode": "a"}])
    assert '<path d="M500,200 C350,200 350,50 200,50"' in across  # b's left to a's right
    nodes = [node("a"), node("b", x=0, y=300)]
    edges = [
        {"id": "e", "fromNode": "a", "toNode": "b", "fromEnd": "arrow", "toEnd": "none"},
        {"id": "f", "fromNode": "b", "toNode": "a", "color": "2", "label": "back"},
    ]
    svg = svg_of(nodes, edges)
    assert '<path d="M100,100 C100,200 100,200 100,300"' in svg  # a's bottom to b's top
    assert '<polygon points="100,100 94,112 106,112" fill="#7e7e7e"/>' in svg  # at its start
    assert '<path d="M100,300 C100,200 100,200 100,100" fill="none" stroke="#e9973f"' in svg
    assert 'text-anchor="middle" fill="#222222">back</text>' in svg


def test_edges_to_missing_nodes_and_nodes_without_a_place_are_left_out() -> None:
    nodes = [node("a"), {"id": "b", "type": "text", "x": "1", "y": 0, "width": 9, "height": 9}]
    nodes += [{"id": "c", "type": "text", "x": 0, "y": 0, "width": -5, "height": 9}]
    nodes += [node("d", "unknown", y=1e300), node("e", "text", x=True)]
    edges = [{"fromNode": "a", "toNode": "b"}, {"fromNode": "zz", "toNode": "a"}, "edge", None]
    svg = svg_of(nodes, edges)
    assert svg.count("<rect") == 2  # the ground, and a's card
    assert "<path" not in svg


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ('{"nodes": [\n  {"id": 1,}\n]}', "it is no JSON (Expecting property name", 2),
        ("[1, 2]", "it holds no canvas: no JSON object of nodes and edges", 0),
    ],
)
def test_a_file_holding_no_canvas_is_a_canvas_error_with_its_line(
    text: str, message: str, line: int
) -> None:
    with pytest.raises(CanvasError) as caught:
        canvas_svg(text)
    assert str(caught.value).startswith(message) and caught.value.line == line


def test_an_empty_canvas_is_an_empty_box() -> None:
    for text in ("", "{}", '{"nodes": null, "edges": {}}'):
        svg, width, height = canvas_svg(text)
        assert (width, height) == (140, 140) and svg.count(b"<rect") == 1


def test_the_same_canvas_draws_byte_identically() -> None:
    text = json.dumps(
        {
            "nodes": [node("a", text="x"), node("b", x=300)],
            "edges": [{"fromNode": "a", "toNode": "b"}],
        }
    )
    assert canvas_svg(text) == canvas_svg(text)


def garbled(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value, like a canvas's parts more often than not."""
    choices: list[Any] = [
        None, True, 0, -1, 1e308, -1e308, 3.5, "", "1", "#fff", "top", "arrow", "text", "file",
        "group", "link", "<b>", "a\nb", 10**30, [], {},
    ]  # fmt: skip
    if depth > 3 or rng.random() < 0.4:
        return rng.choice(choices)
    if rng.random() < 0.5:
        return [garbled(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["id", "type", "x", "y", "width", "height", "color", "text", "file", "url", "label"]
    keys += ["fromNode", "toNode", "fromSide", "toSide", "fromEnd", "toEnd", "nodes", "edges"]
    return {rng.choice(keys): garbled(rng, depth + 1) for _ in range(rng.randrange(8))}


def test_garbled_canvases_draw_or_raise_a_canvas_error_never_anything_else() -> None:
    rng = random.Random(20261128)
    drawn = 0
    for _ in range(3000):
        ids = [rng.choice(["a", "b", 1, None]) for _ in range(4)]
        nodes = [garbled(rng) if rng.random() < 0.3 else node(str(i)) for i in ids]
        for item in nodes:
            if isinstance(item, dict) and rng.random() < 0.7:
                item[rng.choice(["x", "width", "type", "color", "text"])] = garbled(rng)
        edges: list[Any] = [
            {"fromNode": str(rng.choice(ids)), "toNode": str(rng.choice(ids))} for _ in range(3)
        ]
        for edge in edges:
            edge[rng.choice(["fromSide", "toSide", "toEnd", "color", "label"])] = garbled(rng)
        canvas = rng.choice([{"nodes": nodes, "edges": edges}, garbled(rng), nodes])
        text = json.dumps(canvas)
        if rng.random() < 0.2:  # cut short, or a character changed
            cut = rng.randrange(len(text) + 1)
            text = text[:cut] + rng.choice(["", "}", "\x00", "é"]) + text[cut + 1 :]
        try:
            svg, width, height = canvas_svg(text)
        except CanvasError:
            continue
        drawn += 1
        assert svg.startswith(b"<svg ") and svg.endswith(b"</svg>\n") and width > 0 < height
    assert drawn > 1000


NOTE = "See [[Board.canvas]].\n\n![[Board.canvas|400]]\n\n![[Broken.canvas]]\n"
BOARD = {
    "nodes": [
        {"id": "g", "type": "group", "x": 0, "y": 0, "width": 500, "height": 200, "label": "Plan"},
        node("a", x=20, y=40, text="Read **the** paper"),
        node("p", "file", x=260, y=40, file="pics/cat.png"),
    ],
    "edges": [{"id": "e", "fromNode": "a", "toNode": "p", "label": "then"}],
}


def test_a_linked_and_embedded_canvas_is_shown_as_its_svg_in_the_site(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    (notes / "boards").mkdir(parents=True)
    (notes / "pics").mkdir()
    (notes / "pics" / "cat.png").write_bytes(PIXEL)
    (notes / "boards" / "Board.canvas").write_text(json.dumps(BOARD), encoding="utf-8")
    (notes / "boards" / "Broken.canvas").write_text('{"nodes": [\n  oops\n]}', encoding="utf-8")
    (notes / "boards" / "Unused.canvas").write_text(json.dumps(BOARD), encoding="utf-8")
    (notes / "Plan.md").write_text(NOTE, encoding="utf-8")
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written and result.entries == 1
    html = (tmp_path / "site/plan/index.html").read_text(encoding="utf-8")
    assert 'See <a class="attachment" href="../files/boards/Board.canvas.svg">' in html
    assert (
        '<img src="../files/boards/Board.canvas.svg" alt="Board" width="400" height="200"' in html
    )
    assert 'title="An Obsidian canvas that cannot be shown">Canvas: Broken</span>' in html
    drawn = (tmp_path / "site/files/boards/Board.canvas.svg").read_text(encoding="utf-8")
    assert ">Read the paper</text>" in drawn and ">Plan</text>" in drawn and ">then</text>" in drawn
    assert 'href="data:image/png;base64,' in drawn  # the image file it shows, held in it
    assert sorted(p.name for p in (tmp_path / "site/files").rglob("*.*")) == ["Board.canvas.svg"]
    found = [(str(d.pos), d.code, d.message) for d in result.diagnostics if "canvas" in d.code]
    assert found == [
        (
            "notes/boards/Broken.canvas:2",
            "canvas-unreadable",
            "cannot draw the canvas: it is no JSON (Expecting value, column 3)",
        )
    ]
