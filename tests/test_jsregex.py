"""The matcher of a Dataview query's regular expressions: JavaScript's meaning, in bounded time."""

from __future__ import annotations

import time

import pytest

from notebase.linking.jsregex import (
    BadPattern,
    Budget,
    compile_pattern,
    replace_all,
    search,
)


def found(pattern: str, text: str) -> str | None:
    caps = search(compile_pattern(pattern), text, Budget())
    return None if caps is None else text[caps[0] : caps[1]]


@pytest.mark.parametrize(
    ("pattern", "text", "match"),
    [
        (r"\d{4}-\d{2}-\d{2}", "Day 2023-02-19 notes", "2023-02-19"),
        (r"^\d{4}", "x2023", None),
        (r"[^/]+$", "a/b/c.md", "c.md"),
        (r"colou?r", "the colour", "colour"),
        (r"a|ab", "ab", "a"),  # the first option that matches, not the longest
        (r"a+?", "aaa", "a"),
        (r"\bcat\b", "concat cat", "cat"),
        (r"[\w.-]+@", "mail me: a.b-c@x", "a.b-c@"),
        (r"x{2,3}", "xxxxx", "xxx"),
        (r"\.md$", "notes.md", ".md"),
        (r"é+", "café", "é"),
    ],
)
def test_a_pattern_finds_what_javascript_finds(pattern: str, text: str, match: str | None) -> None:
    assert found(pattern, text) == match


def test_groups_capture_as_javascript_chooses_and_replace_reads_them() -> None:
    caps = search(compile_pattern("(a|ab)(c|bcd)(d*)"), "abcd", Budget())
    assert caps == (0, 4, 0, 1, 1, 4, 4, 4)  # `a`, `bcd`, ``: JavaScript's, not the longest `ab`
    path = compile_pattern(".*/([^/]+)/[^/]+$")
    assert replace_all(path, "Calendar/Logs/2024-01-01.md", "$1", Budget()) == "Logs"
    day = compile_pattern(r".*?(\d{4}-\d{2}-\d{2}).*")
    assert replace_all(day, "Week of 2024-01-02 (draft)", "[$1]", Budget()) == "[2024-01-02]"
    assert replace_all(compile_pattern("a*"), "baac", "-", Budget()) == "-b--c-"
    assert replace_all(compile_pattern("o"), "foo", "$$&$&", Budget()) == "f$&o$&o"


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (r"(a)\1", "`\\1`"),
        (r"a(?=b)", "the group `(?=b`: lookaround and named groups are not read"),
        (r"(?<y>\d+)", "the group `(?<y`: lookaround and named groups are not read"),
        (r"\p{L}", "`\\p`"),
        ("(a", "a group not closed"),
        ("*a", "`*` with nothing to repeat"),
        ("x" * 501, "a pattern over 500 characters"),
        ("(a{50}){50}", "a pattern too large"),
    ],
)
def test_what_the_matcher_does_not_run_is_named(pattern: str, why: str) -> None:
    with pytest.raises(BadPattern) as caught:
        compile_pattern(pattern)
    assert str(caught.value) == why


def test_a_pattern_that_backtracking_takes_ages_over_is_run_in_moments() -> None:
    # (in Python's re, (a+)+b over 30 a's takes about 2**30 steps)
    start = time.perf_counter()
    assert found("(a+)+b", "a" * 3000) is None
    assert found("(x*)*y", "x" * 3000 + "y") == "x" * 3000 + "y"
    assert time.perf_counter() - start < 5


def test_the_steps_of_a_view_s_patterns_are_bounded() -> None:
    budget = Budget(10_000)
    with pytest.raises(BadPattern, match="take too long"):
        for _ in range(100):
            search(compile_pattern("(a|aa)*b"), "a" * 400, budget)
    with pytest.raises(BadPattern, match="a text over 5000 characters"):
        search(compile_pattern("a"), "b" * 5001, Budget())
