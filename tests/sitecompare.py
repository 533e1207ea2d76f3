"""Compare a built site with another, file by file and byte for byte (incremental against clean
builds), and the small PNG images the tests put among the notes."""

from __future__ import annotations

import difflib
import struct
import zlib
from pathlib import Path


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def tree_differences(got: dict[str, bytes], want: dict[str, bytes]) -> list[str]:
    """How `got` differs from `want`: files only in one, then a diff of the first file that differs."""
    found = [f"only in the rebuilt site: {rel}" for rel in sorted(got.keys() - want.keys())]
    found += [f"only in the clean site: {rel}" for rel in sorted(want.keys() - got.keys())]
    differing = sorted(rel for rel in got.keys() & want.keys() if got[rel] != want[rel])
    found += [f"differs: {rel}" for rel in differing]
    if differing:
        found += text_diff(differing[0], got[differing[0]], want[differing[0]])
    return found


def text_diff(rel: str, got: bytes, want: bytes, most: int = 40) -> list[str]:
    """The first lines of a unified diff (clean -> rebuilt) of one file's two versions."""
    lines = difflib.unified_diff(
        want.decode("utf-8", "replace").splitlines(),
        got.decode("utf-8", "replace").splitlines(),
        f"clean/{rel}",
        f"rebuilt/{rel}",
        lineterm="",
    )
    return [line for _, line in zip(range(most), lines, strict=False)]


def assert_same_tree(got: Path, want: Path) -> None:
    differences = tree_differences(tree(got), tree(want))
    assert not differences, "\n".join(differences)


def png(width: int, height: int, shade: int = 0) -> bytes:
    """A valid PNG of one grey level: notebase reads its size from the header chunk."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = (b"\x00" + bytes([shade]) * width) * height
    image = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + image
