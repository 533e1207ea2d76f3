"""Diagnostics: what a rebuild under `serve` says again, and what it says is resolved."""

from __future__ import annotations

from collections import Counter

from notebase.diagnostics import (
    FilePos,
    Severity,
    error,
    news_since,
    resolved_line,
    warning,
)

LINK = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 3))
TYPO = warning("unknown-key", "unknown key `tilte`", FilePos("notes/b.md", 2))
YAML = error("yaml-syntax", "invalid YAML", FilePos("notes/c.md", 4))


def test_the_first_build_says_everything() -> None:
    assert news_since([], [LINK, TYPO]) == ((LINK, TYPO), Counter())


def test_a_rebuild_with_the_same_problems_says_nothing() -> None:
    assert news_since([LINK, TYPO], [LINK, TYPO]) == ((), Counter())


def test_a_new_problem_is_said_alone() -> None:
    assert news_since([LINK], [LINK, YAML]) == ((YAML,), Counter())


def test_fixed_problems_are_counted_by_severity() -> None:
    fresh, resolved = news_since([LINK, TYPO, YAML], [TYPO])
    assert fresh == () and resolved == Counter({Severity.WARNING: 1, Severity.ERROR: 1})
    assert resolved_line(resolved) == "notebase: 1 error, 1 warning resolved"


def test_a_problem_moved_to_another_line_is_said_again_but_not_resolved() -> None:
    moved = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 5))
    assert news_since([LINK], [moved]) == ((moved,), Counter())


def test_one_of_two_alike_problems_fixed_is_one_resolved() -> None:
    other = warning("broken-link", "[[X]] matches no entry", FilePos("notes/a.md", 9))
    assert news_since([LINK, other], [LINK]) == ((), Counter({Severity.WARNING: 1}))
    assert resolved_line(Counter({Severity.WARNING: 2})) == "notebase: 2 warnings resolved"


def test_nothing_resolved_is_no_line() -> None:
    assert resolved_line(Counter()) == ""
