"""mentions.py: unlinked mentions of an entry's title or aliases in other notes' prose."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from notebase.builder.memo import Memo
from notebase.digests import remade
from notebase.linking.analyses import analyse
from notebase.linking.index import build_index
from notebase.linking.mentions import (
    SHOWN,
    Named,
    excerpt,
    find_mentions,
    matched_phrases,
    name_table,
    names_of,
    words,
)
from notebase.model import Entry, NoteFile
from notebase.reading.notewords import note_words
from notebase.reading.parse import parse_note


def note(rel_path: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel_path, text, "d", f"notes/{rel_path}"))
    assert result.entry is not None, result.diagnostics
    return result.entry


MUON = note("muon.md", "---\ntitle: Muon optimizer\naliases: [Muon, AI]\n---\nMuon is me.\n")


def mentioners(*others: Entry) -> list[tuple[str, str]]:
    """(mentioning slug, name found) for MUON, through the whole index as a build computes it."""
    index = analyse(build_index([MUON, *others]))
    found = index.mentions.get("muon")
    return [(m.slug, m.name) for m in found.shown] if found else []


def test_title_and_alias_are_found_case_insensitively_as_whole_words() -> None:
    a = note("a.md", "---\ntitle: A\n---\nI tried the MUON OPTIMIZER today.\n")
    b = note("b.md", "---\ntitle: B\n---\nmuon, again.\n")
    c = note("c.md", "---\ntitle: C\n---\nMuons and muonic atoms are physics.\n")
    assert mentioners(a, b, c) == [("a", "Muon optimizer"), ("b", "Muon")]


def test_not_in_code_math_or_link_text() -> None:
    code = note("code.md", "---\ntitle: Code\n---\n`Muon` and\n\n```\nMuon()\n```\n")
    link = note("link.md", "---\ntitle: Link\n---\n[about Muon](https://x.org) and $Muon$.\n")
    assert mentioners(code, link) == []


def test_not_when_the_note_already_links_the_entry() -> None:
    linked = note("linked.md", "---\ntitle: Linked\n---\nMuon, see [[Muon optimizer]].\n")
    assert mentioners(linked) == []


def test_an_entry_does_not_mention_itself() -> None:
    assert mentioners() == []


def test_a_name_is_not_read_across_a_link_or_code() -> None:
    across = note(
        "across.md", "---\ntitle: Across\n---\nMuon [x](https://x.org) optimizer `c` Muon\n"
    )
    assert mentioners(across) == [("across", "Muon")]  # the alias, not the title


def test_tldr_prose_counts_and_short_names_are_ignored() -> None:
    tldr = note("tldr.md", "---\ntitle: T\ntldr: Faster than Muon.\n---\nAI everywhere.\n")
    ai = note("ai.md", "---\ntitle: Other\n---\nAI is everywhere.\n")
    assert mentioners(tldr, ai) == [("tldr", "Muon")]


def test_mentions_are_capped_but_counted() -> None:
    many = [note(f"n{i:02}.md", f"---\ntitle: N{i:02}\n---\nMuon.\n") for i in range(SHOWN + 3)]
    found = analyse(build_index([MUON, *many])).mentions["muon"]
    assert found.total == SHOWN + 3
    assert [m.slug for m in found.shown] == [f"n{i:02}" for i in range(SHOWN)]


def test_find_mentions_reads_the_words_stored_at_parse_time() -> None:
    other = note("other.md", "---\ntitle: Other\n---\nNothing here.\n")
    other = remade(other, words=note_words("the muon optimizer", "Other"))
    found = find_mentions([MUON, other], {})
    assert [(slug, m.total, [x.slug for x in m.shown]) for slug, m in found.items()] == [
        ("muon", 1, ["other"])
    ]


def test_words_fold_case_and_mark_line_breaks() -> None:
    assert words("Muon's\nGödel_machine, x-y") == ["muon", "s", "_", "gödel_machine", "x", "y"]


def test_excerpt_is_the_line_around_the_first_mention_trimmed_to_whole_words() -> None:
    text = "first line\n" + "word " * 30 + "the Muon optimizer here " + "tail " * 30 + "\nlast"
    got = excerpt(text, ("muon", "optimizer"))
    assert got.startswith("…word word")
    assert "the Muon optimizer here" in got
    assert got.endswith("tail…")
    assert len(got) < 2 * 70 + 20
    assert excerpt("nothing", ("muon",)) == ""


def test_what_the_last_build_matched_is_reused_only_where_it_still_holds() -> None:
    a = note("a.md", "---\ntitle: A\n---\nThe Muon optimizer and Adam.\n")
    b = note("b.md", "---\ntitle: Adam\n---\nNothing yet.\n")
    c = note("c.md", "---\ntitle: C\n---\nAdam, again.\n")
    memo = Memo()
    find_mentions([MUON, a, b, c], {}, memo)
    edits = [
        [MUON, a, note("b.md", "---\ntitle: Adam\n---\nMuon now.\n"), c],
        [MUON, a, note("b.md", "---\ntitle: Adamw\n---\nNothing yet.\n"), c],
        [MUON, note("a.md", "---\ntitle: A\n---\nNo names.\n"), b, c],
    ]
    for entries in edits:
        memo = memo.next_generation()
        again = find_mentions(entries, {}, memo)
        assert again == find_mentions(entries, {})
    assert [m.slug for m in again["b"].shown] == ["c"]
    assert "muon" not in again


def test_names_are_matched_wherever_their_words_run_in_a_note() -> None:
    """matched_phrases against a plain scan of the note's words for each name's run of words:
    a name's first word seen many times, twice in a row, at the note's end, names overlapping."""
    titles = ["New York", "York Times", "New York Times", "Deep Learning", "Learning Rate", "of of"]
    named = [note(f"n{i}.md", f"---\ntitle: {t}\n---\nx\n") for i, t in enumerate(titles)]
    texts = [
        "New new York is not the New York Times, new? York.",
        "A deep deep learning rate of of of learning. Deep learning",
        "york times new york times of",
        "Learning\n\nrate and deep `learning` rate: New [York](https://x.org) Times, York times.",
    ]
    table = names_of(named)
    for i, text in enumerate(texts):
        entry = note(f"t{i}.md", f"---\ntitle: T{i}\n---\n{text}\n")
        expected = names_running_in(table.value.owners, entry.mention_text)
        assert set(matched_phrases(entry.words, table.value)) == expected, text
        assert expected, text  # each text names some


VOCABULARY = ("deep", "learning", "rate", "new", "york", "of", "times")  # names share words
WORD_LISTS = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(st.lists(WORD_LISTS, min_size=1, max_size=12), st.lists(WORD_LISTS, max_size=8))
def test_names_of_a_small_vocabulary_are_matched_wherever_they_run(
    names: list[list[str]], lines: list[list[str]]
) -> None:
    """Many names of one to five words, made of a few words (so that each run of words keys
    several names), against a plain scan of the note's runs of words."""
    table = name_table([Named(f"s{i}", " ".join(n), ()) for i, n in enumerate(names)]).value
    text = "\n".join(" ".join(line) for line in lines)
    expected = names_running_in(table.owners, text)
    assert set(matched_phrases(note_words(text, "untitled"), table)) == expected


def names_running_in(names: Iterable[tuple[str, ...]], text: str) -> set[tuple[str, ...]]:
    """The plain scan matched_phrases is held to: the names (of five words at most) that are a
    run of the text's words."""
    tokens = words(text)
    runs = {tuple(tokens[s : s + n]) for n in range(1, 6) for s in range(len(tokens))}
    return {name for name in names if name in runs}
