"""attachments.py: files found as Obsidian finds them, read with their size, shown as HTML."""

from __future__ import annotations

import hashlib
from pathlib import Path

from notebase.linking.attachments import (
    Copy,
    attachment_embed,
    drawing_images,
    file_table,
    find_file,
    kind_of,
    read_attachments,
    split_size,
)
from notebase.model import Attachment

TABLE = file_table(
    [
        "a/img/x.png",
        "img/x.png",
        "deep/er/x.png",
        "b/Pasted image 1.png",
        "a/sub/Diagram.SVG",
        "docs/paper.pdf",
    ]
)


def test_a_file_is_found_next_to_the_note_first() -> None:
    assert find_file("img/x.png", "a/note.md", TABLE) == "a/img/x.png"
    assert find_file("./img/x.png", "a/note.md", TABLE) == "a/img/x.png"


def test_then_from_the_root_of_notes() -> None:
    assert find_file("img/x.png", "c/note.md", TABLE) == "img/x.png"
    assert find_file("/docs/paper.pdf", "c/note.md", TABLE) == "docs/paper.pdf"


def test_then_by_name_anywhere_the_shortest_path_first() -> None:
    assert find_file("x.png", "c/note.md", TABLE) == "img/x.png"
    assert find_file("er/x.png", "c/note.md", TABLE) == "deep/er/x.png"
    assert find_file("Pasted image 1.png", "note.md", TABLE) == "b/Pasted image 1.png"


def test_names_are_url_decoded_and_case_insensitive() -> None:
    assert find_file("Pasted%20image%201.png", "c/note.md", TABLE) == "b/Pasted image 1.png"
    assert find_file("SUB/diagram.svg", "note.md", TABLE) == "a/sub/Diagram.SVG"


def test_a_name_finds_its_file_whichever_way_its_accents_are_written() -> None:
    """`é` as one character or as `e` and a combining accent (as macOS writes file names)."""
    composed, decomposed = "img/Caf\u00e9 plan.png", "img/Cafe\u0301 plan.png"
    assert find_file(decomposed, "note.md", file_table([composed])) == composed
    assert find_file("Caf\u00e9 plan.png", "a/note.md", file_table([decomposed])) == decomposed


def test_a_path_written_from_a_folder_above_notes_finds_the_file_at_the_rest_of_it() -> None:
    """A vault opened above Quartz's `content/` writes `content/docs/paper.pdf`: the path from
    notes/ is the rest of it; the rest must be a path from notes/, not a name found anywhere."""
    assert find_file("content/docs/paper.pdf", "a/note.md", TABLE) == "docs/paper.pdf"
    assert find_file("garden/content/docs/paper.pdf", "note.md", TABLE) == "docs/paper.pdf"
    assert find_file("content/b/Pasted%20image%201.png", "note.md", TABLE) == "b/Pasted image 1.png"
    assert find_file("content/er/x.png", "note.md", TABLE) == ""  # deep/er/x.png: not from notes/
    assert find_file("content/sub/paper.pdf", "note.md", TABLE) == ""


def test_a_path_leaving_notes_or_naming_nothing_finds_nothing() -> None:
    assert find_file("../../img/x.png", "a/note.md", TABLE) == "img/x.png"  # by its name
    assert find_file("../../secret.txt", "a/note.md", TABLE) == ""
    assert find_file("nowhere.png", "note.md", TABLE) == ""
    assert find_file("", "note.md", TABLE) == ""


def test_a_file_s_kind() -> None:
    kinds = [kind_of(p) for p in ("a.PNG", "b.mp3", "c.webm", "d.pdf", "e.zip", "noext")]
    assert kinds == ["image", "audio", "video", "pdf", "file", "file"]


def test_split_size() -> None:
    assert split_size("300") == ("", 300, 0)
    assert split_size("300x200") == ("", 300, 200)
    assert split_size("A diagram|120") == ("A diagram", 120, 0)
    assert split_size("A diagram") == ("A diagram", 0, 0)
    assert split_size("pipe|not a size") == ("pipe|not a size", 0, 0)


IMAGE = Attachment("img/x y.png", "files/img/x y.png", "image", 30, 20)


def test_an_image_has_its_size_alt_and_lazy_loading() -> None:
    assert attachment_embed(IMAGE, "", "H") == (
        '<img src="H" alt="x y" width="30" height="20" loading="lazy">'
    )
    assert 'width="300" height="200"' in attachment_embed(IMAGE, "300", "H")
    assert 'width="300" height="100"' in attachment_embed(IMAGE, "300x100", "H")
    assert 'alt="a &quot;b&quot;"' in attachment_embed(IMAGE, 'a "b"', "H")


def test_players_and_links() -> None:
    audio = Attachment("m/c.mp3", "files/m/c.mp3", "audio")
    assert attachment_embed(audio, "", "H") == (
        '<audio controls preload="metadata" src="H"><a class="attachment" href="H">c.mp3</a></audio>'
    )
    video = Attachment("m/c.mp4", "files/m/c.mp4", "video")
    assert attachment_embed(video, "320", "H").startswith(
        '<video controls preload="metadata" src="H" width="320">'
    )
    pdf = Attachment("d/p.pdf", "files/d/p.pdf", "pdf")
    assert attachment_embed(pdf, "", "H") == '<a class="attachment" href="H">p.pdf</a>'


def test_a_drawing_kept_with_windows_line_ends_is_drawn(tmp_path: Path) -> None:
    # a real vault kept on Windows (AdamMambetov/Obsidian, home/excalibrain.md) ends its lines
    # `\r\n`: its drawings were each a drawing-unreadable warning, "it holds no ```json block"
    scene = '{"type": "excalidraw", "elements": [{"type": "image", "x": 0, "y": 0, "width": 40,'
    scene += ' "height": 20, "fileId": "a1b2"}]}'
    text = "---\nexcalidraw-plugin: parsed\n---\n# Text Elements\n\n# Embedded files\n"
    text += f"a1b2: [[p.png]]\n\n%%\n# Drawing\n```json\n{scene}\n```\n%%\n"
    (tmp_path / "d.excalidraw.md").write_bytes(text.replace("\n", "\r\n").encode())
    (tmp_path / "p.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    found, _, diags = read_attachments(tmp_path, ["d.excalidraw.md"], "notes")
    assert diags == [] and found["d.excalidraw.md"].kind == "image"
    table = file_table(["d.excalidraw.md", "p.png"])
    assert drawing_images(tmp_path, "d.excalidraw.md", table) == {"a1b2": "p.png"}


def test_read_attachments_reads_sizes_and_reports_unreadable_files(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "d.svg").write_text('<svg width="4" height="2"></svg>')
    found, files, diags = read_attachments(tmp_path, ["img/d.svg", "gone.png", "../x"], "notes")
    assert found == {"img/d.svg": Attachment("img/d.svg", "files/img/d.svg", "image", 4, 2)}
    digest = hashlib.sha256(b'<svg width="4" height="2"></svg>').hexdigest()
    assert files == {"files/img/d.svg": Copy(digest, tmp_path / "img" / "d.svg")}
    assert [(d.code, str(d.pos)) for d in diags] == [("read-failed", "notes/gone.png")]
