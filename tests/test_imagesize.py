"""imagesize.py: an image's size read from its header bytes, hand-built here for each format."""

from __future__ import annotations

import struct

from notebase.linking.imagesize import image_size


def test_png_size_is_read_from_its_ihdr_chunk() -> None:
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 640, 480)
    assert image_size(header + b"\x08\x02\x00\x00\x00") == (640, 480)


def test_gif_size_is_little_endian() -> None:
    assert image_size(b"GIF89a" + struct.pack("<HH", 300, 7) + b"\x00" * 8) == (300, 7)


def test_jpeg_size_is_read_from_the_first_frame_after_other_segments() -> None:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00" + b"\x00" * 9
    sof0 = b"\xff\xc0" + struct.pack(">HBHH", 17, 8, 120, 160) + b"\x03" + b"\x00" * 9
    assert image_size(b"\xff\xd8" + app0 + sof0) == (160, 120)


def test_webp_sizes_of_its_three_kinds() -> None:
    def riff(chunk: bytes, body: bytes) -> bytes:
        return b"RIFF\x00\x00\x00\x00WEBP" + chunk + b"\x00\x00\x00\x00" + body

    lossy = riff(b"VP8 ", b"\x00" * 6 + struct.pack("<HH", 50, 40))
    lossless = riff(b"VP8L", b"\x2f" + ((50 - 1) | ((40 - 1) << 14)).to_bytes(4, "little"))
    extended = riff(b"VP8X", b"\x00" * 4 + (49).to_bytes(3, "little") + (39).to_bytes(3, "little"))
    assert [image_size(b) for b in (lossy, lossless, extended)] == [(50, 40)] * 3


def test_svg_size_from_its_attributes_else_its_view_box() -> None:
    assert image_size(b'<?xml version="1.0"?>\n<svg width="40px" height=\'20\'>') == (40, 20)
    assert image_size(b'<svg viewBox="0 0 120.4 60" width="100%">') == (120, 60)
    assert image_size(b'<svg width="10em" height="5em">') == (0, 0)


def test_unknown_or_truncated_bytes_have_no_size() -> None:
    assert image_size(b"") == (0, 0)
    assert image_size(b"\xff\xd8\xff\xe0") == (0, 0)
    assert image_size(b"%PDF-1.4") == (0, 0)
    assert image_size(b"GIF89a" + struct.pack("<HH", 0, 7)) == (0, 0)
