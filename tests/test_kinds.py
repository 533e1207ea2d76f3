"""kinds.py: paper, link or note from what is known of an entry's source."""

from __future__ import annotations

import pytest

from notebase.model import EntryKind
from notebase.reading.kinds import infer_kind


@pytest.mark.parametrize(
    ("url", "paper", "source", "kind"),
    [
        ("", False, False, EntryKind.NOTE),
        ("", False, True, EntryKind.LINK),
        ("https://example.org/post", False, False, EntryKind.LINK),
        ("https://arxiv.org/abs/2502.16982", False, False, EntryKind.PAPER),
        ("https://example.org/post", True, False, EntryKind.PAPER),
        ("", True, True, EntryKind.PAPER),
    ],
)
def test_kind_from_the_evidence(url: str, paper: bool, source: bool, kind: EntryKind) -> None:
    assert infer_kind(url, paper=paper, source=source) is kind


def test_no_evidence_is_a_note() -> None:
    assert infer_kind() is EntryKind.NOTE
