"""related.py: up to five related entries by shared sources, tags and distinctive words."""

from __future__ import annotations

from notebase.linking.related import RELATED, find_related
from notebase.model import Entry, NoteFile
from notebase.reading.parse import parse_note


def note(slug: str, front: str = "", body: str = "") -> Entry:
    text = f"---\ntitle: {slug.title()}\n{front}---\n{body}\n"
    result = parse_note(NoteFile(f"{slug}.md", text, "d", f"notes/{slug}.md"))
    assert result.entry is not None, result.diagnostics
    return result.entry


def test_a_shared_source_outranks_a_shared_tag_which_outranks_nothing() -> None:
    entries = [
        note("base", "arxiv: 2502.16982\ntags: [opt]\n"),
        note("same-paper", "url: https://arxiv.org/abs/2502.16982\n"),
        note("same-tag", "tags: [opt]\n"),
        note("unrelated", "tags: [cooking]\n"),
        note("filler", "tags: [cooking]\n"),
    ]
    assert find_related(entries)["base"] == ("same-paper", "same-tag")


def test_shared_distinctive_words_relate_notes() -> None:
    entries = [
        note("a", body="Orthogonalised momentum with Newton Schulz iterations."),
        note("b", body="Newton Schulz iterations orthogonalise the momentum."),
        note("c", body="A recipe for bread with flour and water."),
        note("d", body="Bread needs flour, water and time."),
    ]
    related = find_related(entries)
    assert related["a"] == ("b",)
    assert related["c"] == ("d",)


def test_ties_are_broken_by_slug_and_at_most_five_are_kept() -> None:
    twins = [note(f"t{i}", "tags: [same]\n") for i in (7, 3, 9, 1, 5, 2, 8)]
    related = find_related(twins)
    assert related["t7"] == ("t1", "t2", "t3", "t5", "t8")
    assert len(related["t1"]) == RELATED


def test_an_entry_is_never_its_own_relation_and_loners_have_none() -> None:
    entries = [note("solo", "tags: [x]\n", "Words nobody else uses."), note("other")]
    assert find_related(entries) == {"solo": (), "other": ()}


def test_the_same_entries_give_the_same_answer_in_any_input_order() -> None:
    entries = [
        note("a", "tags: [p, q]\n", "alpha beta"),
        note("b", "tags: [p]\n", "alpha gamma"),
        note("c", "tags: [q]\n", "beta gamma"),
        note("d", "tags: [p, q]\n", "alpha beta gamma"),
    ]
    assert find_related(entries) == find_related(entries[::-1])
