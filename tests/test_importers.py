"""Unit tests of the importer's recognition rules, note writing, dedup and hand-edit protection."""

from __future__ import annotations

from pathlib import Path

import yaml

from notebase.importers import import_files
from notebase.importers.blocks import build_blocks
from notebase.importers.markup import escape_line, footnote_refs, index_titles
from notebase.importers.model import Block, BlockKind, SourceLine
from notebase.importers.quotes import mark_quotes
from notebase.importers.reader import read_archive
from notebase.importers.render import is_hand_edited, note_text


def lines_of(text: str) -> tuple[SourceLine, ...]:
    return tuple(SourceLine(i + 1, t) for i, t in enumerate(text.split("\n")))


def kinds(text: str) -> list[BlockKind]:
    return [b.kind for b in build_blocks(lines_of(text))]


def quoted(text: str) -> list[bool]:
    return [b.quoted for b in mark_quotes(build_blocks(lines_of(text)))]


ARCHIVE = """Tag: ml

  • First Post

    https://arxiv.org/abs/2505.02809

    The authors say something I liked:

    We show that our method works (Zhang et al., 2024b).

    I think this is neat1.

    1. A footnote. ↩︎
  • Second Post

    Some Page Title – Example Site

    Plain text by me, I promise."""


def test_code_block_closed_by_whitespace_line() -> None:
    assert kinds("uv add pydantic-evals\n    \n\nText after.") == [
        BlockKind.CODE,
        BlockKind.PARAGRAPH,
    ]


def test_code_language_is_detected() -> None:
    blocks = build_blocks(lines_of("for opt in optimizers:\n    opt.step()"))
    assert (blocks[0].kind, blocks[0].lang) == (BlockKind.CODE, "python")


def test_hard_wrapped_prose_is_not_code() -> None:
    assert kinds("In Pascal’s Triangle, every row starts\nand ends with 1, …") == [
        BlockKind.PARAGRAPH
    ]


def test_lists_and_footnotes() -> None:
    text = "• a\n• b\n\n1. one\n2. two\n\n1. Note. ↩︎\n2. Other. ↩︎"
    assert kinds(text) == [
        BlockKind.BULLETS,
        BlockKind.NUMBERED,
        BlockKind.FOOTNOTE,
        BlockKind.FOOTNOTE,
    ]


def test_subheading_between_paragraphs() -> None:
    assert kinds("Some text here.\n\nSimilarities\n\nMore text.")[1] is BlockKind.HEADING


def test_quote_after_colon_line_and_continuation() -> None:
    text = "The post puts it well:\n\nAssistance games avoid drawbacks.\n\nAssistance games also help users."
    assert quoted(text) == [False, True, True]


def test_quote_from_citation_and_elision() -> None:
    assert quoted("My own words here.\n\nAs shown (Zhang et al., 2024b), it works […] well.") == [
        False,
        True,
    ]


def test_author_voice_is_not_a_quote() -> None:
    assert quoted("I read the paper:\n\nThe paper shows I was right, see https://x.org") == [
        False,
        False,
    ]


def test_footnote_references_glued_to_words() -> None:
    pattern = footnote_refs(["1", "4"])
    assert pattern is not None
    found = [
        m.group("n")
        for t in ("striding1.", "index)4", "provenance.1", "Qwen 2.5", "W3")
        for m in pattern.finditer(t)
    ]
    assert found == ["1", "4", "1"]


def test_escaping_keeps_text_readable() -> None:
    assert escape_line("# not a heading") == "\\# not a heading"
    assert escape_line("1. not a list") == "1\\. not a list"
    escaped = escape_line("see [[x]] and <b> for $5")
    assert "\\[\\[x\\]\\]" in escaped and "\\<b>" in escaped and "\\$5" in escaped


def test_archive_post_fields() -> None:
    archive = read_archive(ARCHIVE, "a.txt", "a.txt")
    first, second = archive.posts
    assert (first.title, first.kind, first.arxiv, first.origin) == (
        "First Post",
        "paper",
        "2505.02809",
        "a.txt:3",
    )
    assert first.taxonomy.tags == ("ml",)
    assert [b.quoted for b in first.blocks if b.kind is BlockKind.PARAGRAPH] == [False, True, False]
    assert (second.kind, second.source_title) == ("link", "Some Page Title – Example Site")
    text = note_text(first)
    assert "neat[^1]." in text and "[^1]: A footnote." in text
    fields = yaml.safe_load(text.split("---\n")[1])
    assert fields["title"] == "First Post" and fields["tags"] == ["ml"]


def test_informal_post() -> None:
    text = (
        "me\n\ntagline\n\nmy reading\n\nintro\n\nA Paper: Title.\n\ntldr: short.\n\neval: ok.\n\n"
    )
    text += "notes.\n\nconcluding thoughts:\n\nbye"
    posts = read_archive(text, "i.txt", "i.txt").posts
    assert [p.title for p in posts] == ["my reading", "A Paper: Title."]
    assert (posts[1].tldr, posts[1].kind, posts[1].taxonomy.series) == (
        "short.",
        "paper",
        "my reading",
    )
    assert posts[0].blocks[-2].kind is BlockKind.HEADING


def test_unknown_format_is_one_note_with_warning(tmp_path: Path) -> None:
    src = tmp_path / "x.txt"
    src.write_text("Just a title\n\nSome words.", encoding="utf-8")
    out = import_files([src], tmp_path / "notes", tmp_path)
    assert out.written == ("notes/just-a-title.md",)
    assert [d.code for d in out.diagnostics] == ["import-unknown-format"]


def test_unreadable_binary_and_empty_inputs(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_bytes(b"\x00\x01")
    (tmp_path / "e.txt").write_text("  \n", encoding="utf-8")
    paths = [tmp_path / "b.txt", tmp_path / "e.txt", tmp_path / "missing.txt"]
    out = import_files(paths, tmp_path / "notes", tmp_path)
    assert out.written == ()
    assert sorted(d.code for d in out.diagnostics) == [
        "import-binary",
        "import-empty",
        "import-unreadable",
    ]


def test_reimport_is_idempotent_and_keeps_hand_edits(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(ARCHIVE, encoding="utf-8")
    first = import_files([src], tmp_path / "notes", tmp_path)
    assert len(first.written) == 2
    again = import_files([src], tmp_path / "notes", tmp_path)
    assert (again.written, len(again.unchanged)) == ((), 2)
    note = tmp_path / "notes" / "first-post.md"
    note.write_text(note.read_text(encoding="utf-8") + "\nmy edit\n", encoding="utf-8")
    assert is_hand_edited(note.read_text(encoding="utf-8"))
    third = import_files([src], tmp_path / "notes", tmp_path)
    assert third.kept == ("notes/first-post.md",) and third.written == ()
    assert "import-kept-edited" in [d.code for d in third.diagnostics]
    assert note.read_text(encoding="utf-8").endswith("my edit\n")


def test_same_post_in_two_archives_is_one_note(tmp_path: Path) -> None:
    body = "\n\n  • Shared Post\n\n    Same body text."
    (tmp_path / "t.txt").write_text("Tag: ml" + body, encoding="utf-8")
    (tmp_path / "c.txt").write_text("Category: links" + body, encoding="utf-8")
    out = import_files([tmp_path / "t.txt", tmp_path / "c.txt"], tmp_path / "n", tmp_path)
    assert out.written == ("n/shared-post.md",)
    fields = yaml.safe_load(
        (tmp_path / out.written[0]).read_text(encoding="utf-8").split("---\n")[1]
    )
    assert (fields["tags"], fields["category"]) == (["ml"], "links")


def test_later_archive_merges_into_existing_note(tmp_path: Path) -> None:
    body = "\n\n  • Shared Post\n\n    Same body text."
    (tmp_path / "t.txt").write_text("Tag: ml" + body, encoding="utf-8")
    (tmp_path / "c.txt").write_text("Category: links\n\nMore" + body, encoding="utf-8")
    import_files([tmp_path / "t.txt"], tmp_path / "n", tmp_path)
    out = import_files([tmp_path / "c.txt"], tmp_path / "n", tmp_path)
    assert "n/shared-post.md" in out.written
    text = (tmp_path / "n/shared-post.md").read_text(encoding="utf-8")
    assert "tags: [ml]" in text and "category: links" in text


def test_same_title_different_body_gets_two_notes(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Tag: x\n\n  • Same\n\n    Body one.", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Tag: y\n\n  • Same\n\n    Body two.", encoding="utf-8")
    out = import_files([tmp_path / "a.txt", tmp_path / "b.txt"], tmp_path / "n", tmp_path)
    assert out.written == ("n/same-2.md", "n/same.md")
    assert [d.code for d in out.diagnostics] == ["import-duplicate-title"]


def linked_note(title: str, mention: str) -> str:
    """The note of a post whose text is `mention`, with `title` another post's title."""
    archive = f"Tag: t\n\n  • {title}\n\n    Body.\n  • Other\n\n    {mention}"
    posts = read_archive(archive, "a.txt", "a.txt").posts
    return note_text(posts[1], index_titles([title]))


def test_mention_of_another_title_becomes_wikilink() -> None:
    text = linked_note("Byte-Latent Transformers", "The Byte Latent Transformers paper is cited.")
    assert "[[Byte-Latent Transformers|Byte Latent Transformers]] paper" in text


def test_block_text_property() -> None:
    block = Block(BlockKind.PARAGRAPH, lines_of("a\nb"))
    assert block.text == "a\nb" and block.first_line == 1


def test_a_title_is_found_across_unicode_dashes_and_keeps_its_spelling() -> None:
    text = linked_note("Byte Latent Transformers", "See the byte‐latent – transformers paper.")
    assert "See the [[Byte Latent Transformers|byte‐latent – transformers]] paper." in text


def test_an_arxiv_id_before_a_post_title_is_cleaned_and_kept_as_its_source_title() -> None:
    archive = read_archive(
        "Tag: ml\n\n  • [2412.09871] Byte Latent Transformer\n\n    Who needs a tokenizer.\n"
        "  • [2505.02809v2] Other Paper\n\n    [2505.02809] Other Paper: The Long Title\n\n"
        "    Text.",
        "a.txt",
        "a.txt",
    )
    first, second = archive.posts
    assert (first.title, first.source_title, first.arxiv, first.kind) == (
        "Byte Latent Transformer",
        "[2412.09871] Byte Latent Transformer",
        "2412.09871",
        "paper",
    )
    # the link-title line under it is the source title, whole
    assert (second.title, second.source_title) == (
        "Other Paper",
        "[2505.02809] Other Paper: The Long Title",
    )
    fields = yaml.safe_load(note_text(first).split("---\n")[1])
    assert fields["title"] == "Byte Latent Transformer"
    assert fields["source_title"] == "[2412.09871] Byte Latent Transformer"
