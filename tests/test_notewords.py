"""notewords.py: a note's words, read once at parse time into compact NoteWords."""

from __future__ import annotations

from notebase.model import NoteWords
from notebase.reading.notewords import (
    MAX_CODES,
    code,
    codes,
    count_codes,
    note_words,
    read_counts,
    read_words,
    words,
)


def test_note_words_lists_distinct_words_counts_and_a_code_per_word() -> None:
    got = note_words("Muon is muon\nfast", "Muon rocks")
    assert got == NoteWords(
        words=" muon is _ fast rocks ",
        prose=4,
        counts="\x03\x01\x01\x01\x01",
        seq="\x01\x02\x01\x03\x04",
    )
    assert read_words(got) == ["muon", "is", "_", "fast", "rocks"]
    assert read_counts(got) == [3, 1, 1, 1, 1]


def test_an_empty_note_has_no_words() -> None:
    got = note_words("", "")
    assert (read_words(got), read_counts(got), got.seq, got.prose) == ([], [], "", 0)


def test_codes_skip_the_surrogates_and_go_past_the_precomputed_ones() -> None:
    assert code(0) == "\x01"
    assert code(0xD7FE) == "\ud7ff"
    assert code(0xD7FF) == "\ue000"
    assert codes(3) == "\x01\x02\x03"
    assert codes(0xD801)[-2:] == "\ue000\ue001"


def test_the_code_string_follows_the_words() -> None:
    text = " ".join(f"w{i}" for i in range(300)) + " w0"
    got = note_words(text, "")
    assert len(got.seq) == 301
    assert got.seq[0] == got.seq[-1] == code(0)
    assert got.seq[299] == code(299)
    assert words("A-b") == ["a", "b"]


def test_counts_past_the_surrogates_read_back() -> None:
    got = note_words("x " * 0xD801, "")
    assert got.counts == "\ue001"
    assert read_counts(got) == [0xD801]


def test_counts_of_every_size_are_stored_as_their_codes() -> None:
    counts = [1, 5, 0xD7FF, 0xD800, 0xFFFF, 0x10FFFF]
    stored = count_codes(counts)
    assert stored == "".join(code(min(c, MAX_CODES) - 1) for c in counts)
    assert read_counts(NoteWords(" ", 0, stored, "")) == [min(c, MAX_CODES) for c in counts]
    assert count_codes([3, 1]) == "\x03\x01" and count_codes([]) == ""
