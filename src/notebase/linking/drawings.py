"""An Obsidian Excalidraw drawing (`X.excalidraw.md`) -> an SVG of it (pure).

The Excalidraw plugin keeps a drawing as markdown: its text elements as a list, the files it shows
under `# Embedded files`, and the scene as JSON in a ```json block, or LZ-String-compressed in a
```compressed-json one. The plugin exports an image of the scene only when asked to (no vault seen
had one), so a link to a drawing shows this SVG in its place: the shapes, lines, arrows, freehand
strokes, text and frames, drawn cleanly rather than hand-drawn, on the scene's background. An
image placed in the drawing is held in the SVG (a data: URL: an <img> shows no file an SVG links
to), its bytes from the scene or from the caller (the files embedded_files names); else a box.
"""

from __future__ import annotations

import base64
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from html import escape
from typing import Any

from notebase.digests import digest_bytes
from notebase.linking.imagesize import raster_kind
from notebase.markdown.rawhtml import RASTER_URL

SCENE = re.compile(r"```(compressed-json|json)[ \t]*\n(.*?)\n[ \t]*```", re.S)
PUBLISHED_SCENE = re.compile(r"\bconst InitialData\s*=\s*(?=\{)")
TEXT_ELEMENT = re.compile(r"^(.*?) \^([A-Za-z0-9_-]+)$", re.M)
EMBEDDED_FILE = re.compile(r"^([0-9A-Za-z_-]+): \[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]\s*$", re.M)
PADDING = 10
FONTS = {  # Excalidraw's font families, by number, and what a browser may have like them
    1: "Virgil, 'Segoe Print', 'Comic Sans MS', cursive",
    3: "Cascadia, 'Cascadia Code', Consolas, monospace",
    5: "Excalifont, 'Segoe Print', 'Comic Sans MS', cursive",
    8: "'Comic Shanns', 'Cascadia Code', monospace",
}
SANS = "Helvetica, Arial, sans-serif"
DASHES = {"dashed": "8 6", "dotted": "1.5 6"}
HATCHED = ("hachure", "cross-hatch", "zigzag")  # fills of lines, drawn as a pattern of them
INK = "#1e1e1e"  # Excalidraw's default stroke
SPARE_BITS = 64  # zero bits read past the end, as LZ-String's own decoder reads them
MAX_SCENE = 64_000_000  # characters a compressed scene may expand to (a crafted one: quadratically)
FAR = 10_000_000  # a coordinate or size further from 0 than this is none a drawing holds
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class DrawingError(ValueError):
    """The file holds no scene that can be read (the message says why)."""


def drawing_svg(text: str, images: Mapping[str, bytes] | None = None) -> tuple[bytes, int, int]:
    """The SVG of the drawing whose file holds `text` (with `images`: the bytes of the files it
    shows, by their ids: embedded_files), and its width and height; DrawingError when the file
    holds no scene."""
    scene = read_scene(text)
    elements = [e for e in scene.get("elements") or () if isinstance(e, dict) and shown(e)]
    labels = dict(
        (m.group(2), m.group(1)) for m in TEXT_ELEMENT.finditer(section(text, "Text Elements"))
    )
    files, state = mapping(scene.get("files")), mapping(scene.get("appState"))
    files = {**files, **{key: {"dataURL": data_url(data)} for key, data in (images or {}).items()}}
    left, top, right, bottom = bounds(elements)
    width, height = math.ceil(right - left) + 2 * PADDING, math.ceil(bottom - top) + 2 * PADDING
    background = colour(state.get("viewBackgroundColor"), "#ffffff")
    marks = "".join(element_mark(e, labels, files) for e in elements)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="{num(left - PADDING)} {num(top - PADDING)} {width} {height}" '
        'stroke-linecap="round" stroke-linejoin="round">'
        f'<rect x="{num(left - PADDING)}" y="{num(top - PADDING)}" width="{width}" '
        f'height="{height}" fill="{background}"/>{hatches(elements)}{marks}</svg>\n'
    )
    return svg.encode("utf-8"), width, height


def mapping(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def read_scene(text: str) -> dict[str, Any]:
    found = SCENE.search(text)
    if found is None:
        return published_scene(text)
    kind, body = found.groups()
    try:
        raw = decompress(body) if kind == "compressed-json" else body
        scene = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DrawingError(f"its {kind} block cannot be read ({exc})") from None
    if not isinstance(scene, dict):
        raise DrawingError(f"its {kind} block holds no drawing")
    return scene


def published_scene(text: str) -> dict[str, Any]:
    """The scene of a drawing as Obsidian's Digital Garden plugin publishes it: a page of its own
    drawn by a script, which opens `const InitialData={…};` with the scene's JSON."""
    start = PUBLISHED_SCENE.search(text)
    if start is None:
        raise DrawingError("it holds no ```json or ```compressed-json block of the drawing")
    try:
        scene, _ = json.JSONDecoder().raw_decode(text, start.end())
    except (ValueError, RecursionError) as exc:
        raise DrawingError(f"its published scene cannot be read ({exc})") from None
    if not isinstance(scene, dict):
        raise DrawingError("its published scene holds no drawing")
    return scene


def section(text: str, title: str) -> str:
    """A section of the file, `# Text Elements` (each text element's words, then ` ^` and its
    id) or `# Embedded files` (each file's id, `: ` and a link to it)."""
    start = text.find(f"# {title}")
    ends = (text.find("\n# ", start + 1), text.find("\n%%", start))
    return text[start : min((i for i in ends if i > 0), default=len(text))] if start >= 0 else ""


def embedded_files(text: str) -> dict[str, str]:
    """The files the drawing shows, by their ids: what each's wikilink names (`Pasted image.png`).
    A formula (`$$\\Omega$$`) is none: the plugin keeps it as its TeX, drawn here as a box."""
    found = EMBEDDED_FILE.finditer(section(text, "Embedded files"))
    return {m.group(1): m.group(2).strip() for m in found}


def data_url(data: bytes) -> str:
    """A raster image's bytes as a data: URL (none of another kind of file: "")."""
    kind = raster_kind(data)
    return f"data:image/{kind};base64,{base64.b64encode(data).decode()}" if kind else ""


def decompress(body: str) -> str:
    """LZ-String's decompressFromBase64 (the plugin's compression of the scene)."""
    values = [BASE64.find(ch) for ch in body if not ch.isspace() and ch != "="]
    if any(v < 0 for v in values):
        raise ValueError("not base64")
    bits = read_bits(values)

    def number(width: int) -> int:
        return sum(next(bits) << i for i in range(width))

    words: list[str] = ["", "", ""]
    first = number(2)
    if first == 2:
        return ""
    if first > 2:
        raise ValueError("not LZ-String")
    w = chr(number(8 if first == 0 else 16))
    words.append(w)
    out, width, enlarge, size = [w], 3, 4, 1
    while True:
        code = number(width)
        if code == 2:  # the end; JavaScript's UTF-16 pairs made characters
            return "".join(out).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if code < 2:
            words.append(chr(number(8 if code == 0 else 16)))
            code, enlarge = len(words) - 1, enlarge - 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
        if code < len(words) and code > 2:
            entry = words[code]
        elif code == len(words):
            entry = w + w[0]
        else:
            raise ValueError("not LZ-String")
        out.append(entry)
        size += len(entry)
        if size > MAX_SCENE:
            raise ValueError("it expands to more than any drawing holds")
        words.append(w + entry[0])
        w, enlarge = entry, enlarge - 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1


def read_bits(values: Sequence[int]) -> Iterator[int]:
    """The bits of 6-bit values, each's highest first, then a few zeros (its padding); a
    ValueError past those."""
    for value in values:
        for shift in range(5, -1, -1):
            yield (value >> shift) & 1
    yield from [0] * SPARE_BITS
    raise ValueError("the compressed drawing ends early")


def shown(element: Mapping[str, Any]) -> bool:
    return not element.get("isDeleted") and isinstance(element.get("type"), str)


def number_of(element: Mapping[str, Any], key: str, default: float = 0.0) -> float:
    return finite(element.get(key), default)


def finite(value: object, default: float = 0.0) -> float:
    """A number the scene gives, when it is one (not a bool, NaN, or further from 0 than FAR);
    else `default`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not abs(value) <= FAR:
        return default
    return float(value)


def points_of(element: Mapping[str, Any]) -> list[tuple[float, float]]:
    """A line's, an arrow's or a stroke's points, in the scene's coordinates."""
    x, y = number_of(element, "x"), number_of(element, "y")
    points = element.get("points")
    pairs = (
        (p for p in points if isinstance(p, list) and len(p) >= 2)
        if isinstance(points, list)
        else ()
    )
    return [(x + finite(px), y + finite(py)) for px, py, *_ in pairs]


def bounds(elements: Iterable[Mapping[str, Any]]) -> tuple[float, float, float, float]:
    """left, top, right, bottom of what the elements cover (a box at the origin when none)."""
    xs: list[float] = []
    ys: list[float] = []
    for e in elements:
        x, y = number_of(e, "x"), number_of(e, "y")
        xs += [x, x + number_of(e, "width")]
        ys += [y, y + number_of(e, "height")]
        for px, py in points_of(e):
            xs.append(px)
            ys.append(py)
    if not xs:
        return 0.0, 0.0, 100.0, 100.0
    return min(xs), min(ys), max(xs), max(ys)


def num(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}|[a-zA-Z]{3,20}|(?:rgba?|hsla?)\([0-9.,%\s]{5,40}\)")


def colour(value: object, default: str) -> str:
    """A colour the drawing gives, when it is one (a name, #hex, rgb()/hsl()); else `default`."""
    if isinstance(value, str) and _COLOUR.fullmatch(value.strip()):
        return value.strip()
    return default


def paint(element: Mapping[str, Any], filled: bool = True) -> str:
    """The stroke, fill (none unless `filled`), width, dashes and opacity of an element, as SVG
    attributes."""
    fill = colour(element.get("backgroundColor"), "none").replace("transparent", "none")
    if hatched(element):
        fill = f"url(#{hatch_id(fill)})"
    if not filled:
        fill = "none"
    attrs = f' stroke="{colour(element.get("strokeColor"), INK)}" fill="{fill}"'
    attrs += f' stroke-width="{num(number_of(element, "strokeWidth", 1))}"'
    if dashes := DASHES.get(str(element.get("strokeStyle"))):
        attrs += f' stroke-dasharray="{dashes}"'
    return attrs + faded(element)


def faded(element: Mapping[str, Any]) -> str:
    opacity = number_of(element, "opacity", 100)
    return f' opacity="{num(max(opacity, 0) / 100)}"' if opacity < 100 else ""


def hatched(element: Mapping[str, Any]) -> str:
    """The colour of the element's fill when it is a fill of lines ("" when it is none)."""
    fill = colour(element.get("backgroundColor"), "transparent")
    return fill if fill != "transparent" and element.get("fillStyle") in HATCHED else ""


def hatch_id(fill: str) -> str:
    return f"hatch-{digest_bytes(fill.encode())[:8]}"


def hatches(elements: Iterable[Mapping[str, Any]]) -> str:
    """A pattern of diagonal lines for each colour the elements fill with lines."""
    fills = sorted({fill for e in elements if (fill := hatched(e))})
    return "".join(
        f'<defs><pattern id="{hatch_id(fill)}" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="8" '
        f'stroke="{fill}" stroke-width="1.5"/></pattern></defs>'
        for fill in fills
    )


def rotation(element: Mapping[str, Any]) -> str:
    """A transform turning the element by its angle about its centre."""
    angle = number_of(element, "angle")
    if not angle:
        return ""
    cx = number_of(element, "x") + number_of(element, "width") / 2
    cy = number_of(element, "y") + number_of(element, "height") / 2
    return f' transform="rotate({num(math.degrees(angle))} {num(cx)} {num(cy)})"'


def element_mark(
    element: Mapping[str, Any], labels: Mapping[str, str], files: Mapping[str, Any]
) -> str:
    kind = element["type"]
    x, y = number_of(element, "x"), number_of(element, "y")
    w, h = number_of(element, "width"), number_of(element, "height")
    turn = rotation(element)
    if kind == "rectangle":
        rounded = f' rx="{num(min(w, h) * 0.1)}"' if element.get("roundness") else ""
        return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{rounded}{paint(element)}{turn}/>'
    if kind == "ellipse":
        return (
            f'<ellipse cx="{num(x + w / 2)}" cy="{num(y + h / 2)}" rx="{num(w / 2)}" '
            f'ry="{num(h / 2)}"{paint(element)}{turn}/>'
        )
    if kind == "diamond":
        corners = ((x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2))
        return f'<polygon points="{points_text(corners)}"{paint(element)}{turn}/>'
    if kind in ("line", "arrow", "freedraw"):
        return line_mark(element, turn)
    if kind == "text":
        return text_mark(element, labels, turn)
    if kind == "image":
        return image_mark(element, files, turn)
    if kind in ("frame", "magicframe"):
        name = str(element.get("name") or "Frame")
        box = f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="8" fill="none" stroke="#bbb"/>'
        return f'{box}<text x="{num(x)}" y="{num(y - 6)}" font-family="{SANS}" font-size="14" fill="#999">{escape(name)}</text>'
    if kind in ("embeddable", "iframe"):
        link = str(element.get("link") or "")
        box = f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="#f4f4f4" stroke="#bbb"/>'
        return f'{box}<text x="{num(x + 8)}" y="{num(y + 22)}" font-family="{SANS}" font-size="14" fill="#555">{escape(link)}</text>'
    return ""


def points_text(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{num(px)},{num(py)}" for px, py in points)


def line_mark(element: Mapping[str, Any], turn: str) -> str:
    """A line, an arrow (with its heads) or a freehand stroke; a closed line with a fill is a shape."""
    points = points_of(element)
    if len(points) < 2:
        return ""
    closed = element["type"] == "line" and points[0] == points[-1]
    mark = f'<polyline points="{points_text(points)}"{paint(element, closed)}/>'
    if element["type"] == "arrow":
        stroke = colour(element.get("strokeColor"), INK)
        width = number_of(element, "strokeWidth", 1)
        mark += arrow_head(points[-1], points[-2], element.get("endArrowhead"), stroke, width)
        mark += arrow_head(points[0], points[1], element.get("startArrowhead"), stroke, width)
    return f"<g{turn}>{mark}</g>" if turn else mark


def arrow_head(
    tip: tuple[float, float], before: tuple[float, float], head: object, stroke: str, width: float
) -> str:
    """An arrowhead at `tip`, pointing away from `before`: two strokes (arrow), a triangle, a dot
    or a bar; nothing without a head."""
    if not isinstance(head, str) or not head:
        return ""
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    size = 10 + 2 * width
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    if head.startswith("triangle"):
        fill = "none" if head.endswith("outline") else stroke
        return f'<polygon points="{points_text((tip, left, right))}" fill="{fill}" stroke="{stroke}" stroke-width="{num(width)}"/>'
    if head.startswith(("dot", "circle")):
        fill = "none" if head.endswith("outline") else stroke
        return f'<circle cx="{num(tip[0])}" cy="{num(tip[1])}" r="{num(size / 3)}" fill="{fill}" stroke="{stroke}"/>'
    if head == "bar":
        ends = (
            (tip[0] + size / 2 * math.sin(angle), tip[1] - size / 2 * math.cos(angle)),
            (tip[0] - size / 2 * math.sin(angle), tip[1] + size / 2 * math.cos(angle)),
        )
        return f'<polyline points="{points_text(ends)}" fill="none" stroke="{stroke}" stroke-width="{num(width)}"/>'
    return f'<polyline points="{points_text((left, tip, right))}" fill="none" stroke="{stroke}" stroke-width="{num(width)}"/>'


def text_mark(element: Mapping[str, Any], labels: Mapping[str, str], turn: str) -> str:
    """A text element's lines, aligned as it aligns them, in its font and colour."""
    words = element.get("text")
    if not isinstance(words, str) or not words:
        words = labels.get(str(element.get("id")), "")
    size = number_of(element, "fontSize", 20) or 20
    leading = size * (number_of(element, "lineHeight", 1.25) or 1.25)
    x, y, w = number_of(element, "x"), number_of(element, "y"), number_of(element, "width")
    align = str(element.get("textAlign"))
    anchor, at = {"center": ("middle", x + w / 2), "right": ("end", x + w)}.get(align, ("start", x))
    family = FONTS.get(int(number_of(element, "fontFamily", 1)), SANS)
    fill = colour(element.get("strokeColor"), INK)
    lines = "".join(
        f'<tspan x="{num(at)}" y="{num(y + leading * i + size)}">{escape(line)}</tspan>'
        for i, line in enumerate(words.split("\n"))
    )
    return (
        f'<text font-family="{family}" font-size="{num(size)}" fill="{fill}" '
        f'text-anchor="{anchor}"{faded(element)}{turn}>{lines}</text>'
    )


def image_mark(element: Mapping[str, Any], files: Mapping[str, Any], turn: str) -> str:
    """An image the scene carries (a data: URL of a raster image); else a labelled box."""
    x, y = number_of(element, "x"), number_of(element, "y")
    w, h = number_of(element, "width"), number_of(element, "height")
    box = f'x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"'
    file = files.get(str(element.get("fileId")))
    url = file.get("dataURL") if isinstance(file, dict) else None
    if isinstance(url, str) and RASTER_URL.match(url):
        return f'<image {box} href="{escape(url)}" preserveAspectRatio="none"{turn}/>'
    return (
        f'<g{turn}><rect {box} fill="#f4f4f4" stroke="#bbb" stroke-dasharray="4 4"/>'
        f'<text x="{num(x + w / 2)}" y="{num(y + h / 2)}" font-family="{SANS}" font-size="14" '
        'fill="#777" text-anchor="middle">image</text></g>'
    )
