"""build/related_update.py: related entries brought up to date equal related entries computed afresh."""

from __future__ import annotations

import random

from notebase.builder.related_update import related_state, relearn
from notebase.linking.related import compute_related
from notebase.model import Entry, NoteFile
from notebase.reading.parse import parse_note

VOCAB = [f"{a}{b}" for a in ("alpha", "beta", "gamma", "delta", "omega") for b in range(30)]


def note(slug: str, body: str, tags: str = "", url: str = "") -> Entry:
    front = f"title: Note {slug}\ntags: [{tags}]\n" + (f"url: {url}\n" if url else "")
    result = parse_note(NoteFile(f"{slug}.md", f"---\n{front}---\n{body}\n", "d", f"{slug}.md"))
    assert result.entry is not None, result.diagnostics
    return result.entry


def corpus(n: int = 40, seed: int = 7) -> list[Entry]:
    """Notes of 60 to 90 words from a small vocabulary: many shared words, many candidates each."""
    rng = random.Random(seed)
    return [
        note(
            f"n{i:02}",
            " ".join(rng.choice(VOCAB) for _ in range(rng.randint(60, 90))),
            ", ".join(rng.sample(["opt", "ml", "db", "os", "net"], rng.randint(0, 2))),
        )
        for i in range(n)
    ]


def edited(entries: list[Entry], i: int, body: str = "", tags: str = "", url: str = "") -> None:
    entries[i] = note(entries[i].slug, body or entries[i].mention_text, tags, url)


def check(before: list[Entry], after: list[Entry]) -> None:
    """The updated state is the state a clean computation makes, field for field."""
    assert relearn(compute_related(before), after) == compute_related(after)


def test_nothing_changed_is_the_same_state() -> None:
    entries = corpus()
    state = compute_related(entries)
    assert relearn(state, list(entries)) is state


def test_a_body_edit_that_adds_and_removes_shared_words() -> None:
    before = corpus()
    after = list(before)
    edited(after, 3, before[3].mention_text + " alpha1 alpha1 alpha1 beta7 omega29 omega29")
    check(before, after)
    removed = list(before)
    common = before[5].mention_text.split()[0]
    edited(removed, 5, " ".join(w for w in before[5].mention_text.split() if w != common))
    check(before, removed)


def test_a_word_two_notes_start_sharing_becomes_a_feature_and_stops_being_one() -> None:
    before = corpus()
    one = list(before)
    edited(one, 1, before[1].mention_text + " zebra zebra zebra zebra zebra")
    two = list(one)
    edited(two, 2, before[2].mention_text + " zebra zebra zebra zebra zebra zebra")
    check(one, two)
    check(two, one)
    check(before, two)


def test_tag_and_source_changes() -> None:
    before = corpus()
    after = list(before)
    edited(after, 0, tags="opt, brand-new")
    edited(after, 9, tags="brand-new", url="https://example.org/paper")
    edited(after, 17, url="https://example.org/paper")
    check(before, after)
    check(after, before)


def test_many_edits_at_once_in_either_direction() -> None:
    before = corpus(seed=11)
    rng = random.Random(3)
    after = list(before)
    for i in rng.sample(range(len(after)), 8):
        words = after[i].mention_text.split()
        rng.shuffle(words)
        edited(after, i, " ".join(words[: len(words) // 2] + rng.sample(VOCAB, 10)), "db")
    check(before, after)
    check(after, before)


def test_related_state_follows_edits_and_reorders() -> None:
    before = corpus(12)
    state = related_state(before, None)
    assert state == compute_related(before)
    after = list(before)
    edited(after, 4, before[4].mention_text + " gamma3 gamma3")
    state = related_state(after, state)
    assert state == compute_related(after)
    assert related_state(after[::-1], state) == compute_related(after[::-1])
