"""An image's size in pixels from its first bytes (PNG, GIF, JPEG, WebP, SVG); (0, 0) when unknown."""

from __future__ import annotations

import re
import struct

Size = tuple[int, int]
UNKNOWN: Size = (0, 0)
_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.S)
_SVG_LENGTH = re.compile(rb"^\s*([0-9]+(?:\.[0-9]+)?)\s*(?:px)?\s*$")
# JPEG start-of-frame markers (every SOFn but the DHT, JPG and DAC markers among C4, C8, CC)
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def raster_kind(data: bytes) -> str:
    """The raster format the first bytes say (png, gif, jpeg, webp); "" for any other file."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data.startswith(b"\xff\xd8"):
        return "jpeg"
    return "webp" if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else ""


def image_size(data: bytes) -> Size:
    """(width, height) read from the header, by the format the bytes say they are."""
    kind = raster_kind(data)
    if kind == "png" and data[12:16] == b"IHDR":
        return sane(*struct.unpack(">II", data[16:24]))
    if kind == "gif" and len(data) >= 10:
        return sane(*struct.unpack("<HH", data[6:10]))
    if kind == "jpeg":
        return jpeg_size(data)
    if kind == "webp":
        return webp_size(data)
    return svg_size(data)


def sane(width: int, height: int) -> Size:
    return (width, height) if 0 < width < 1 << 20 and 0 < height < 1 << 20 else UNKNOWN


def jpeg_size(data: bytes) -> Size:
    """Walk the segments to the first start-of-frame, which holds height then width."""
    pos = 2
    while pos + 9 < len(data):
        if data[pos] != 0xFF:
            return UNKNOWN
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker in _JPEG_SOF:
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return sane(width, height)
        pos += 2 + struct.unpack(">H", data[pos + 2 : pos + 4])[0]
    return UNKNOWN


def webp_size(data: bytes) -> Size:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return sane(width & 0x3FFF, height & 0x3FFF)
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return sane((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        return sane(width, int.from_bytes(data[27:30], "little") + 1)
    return UNKNOWN


def svg_size(data: bytes) -> Size:
    """An SVG's width and height attributes in pixels, else its viewBox's."""
    tag = _SVG_TAG.search(data[:8192])
    if tag is None:
        return UNKNOWN
    width, height = svg_attribute(tag[0], b"width"), svg_attribute(tag[0], b"height")
    lengths = [_SVG_LENGTH.match(v) for v in (width, height)]
    if lengths[0] and lengths[1]:
        return sane(round(float(lengths[0][1])), round(float(lengths[1][1])))
    box = svg_attribute(tag[0], b"viewBox").replace(b",", b" ").split()
    try:
        return sane(round(float(box[2])), round(float(box[3]))) if len(box) == 4 else UNKNOWN
    except ValueError:
        return UNKNOWN


def svg_attribute(tag: bytes, name: bytes) -> bytes:
    m = re.search(rb"\s" + name + rb"\s*=\s*([\"'])(.*?)\1", tag, re.S)
    return m[2] if m else b""
