"""bibtex.py: citation keys, escaping and the layout of an entry."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notebase.planning.bibtex import (
    BibRecord,
    cite_keys,
    escape_text,
    escape_url,
    format_entry,
    key_base,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Plain title", "Plain title"),
        ("Q&A: 50% off $5 #1", r"Q\&A: 50\% off \$5 \#1"),
        ("snake_case {braces}", r"snake\_case \{braces\}"),
        ("a~b^c", r"a\textasciitilde{}b\textasciicircum{}c"),
        ("back\\slash", r"back\textbackslash{}slash"),
        ("  spread \n over\tlines ", "spread over lines"),
        ("Gödel — ünïcode", "Gödel — ünïcode"),
    ],
)
def test_text_fields_escape_bibtex_specials(text: str, expected: str) -> None:
    assert escape_text(text) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://arxiv.org/abs/2502.16982", "https://arxiv.org/abs/2502.16982"),
        ("https://x.org/a_b?q=1&r=50%", "https://x.org/a_b?q=1&r=50%"),
        ("https://x.org/{a}\\b c", "https://x.org/%7Ba%7D%5Cb%20c"),
    ],
)
def test_url_fields_stay_verbatim_but_for_braces_backslashes_and_spaces(
    url: str, expected: str
) -> None:
    assert escape_url(url) == expected


def record(title: str, authors: tuple[str, ...] = (), year: int | None = 2024) -> BibRecord:
    return BibRecord(title, authors, year, "https://x.org", arxiv="2401.00001")


@pytest.mark.parametrize(
    ("rec", "expected"),
    [
        (record("Muon: an optimizer", ("Keller Jordan", "Other Person")), "jordan2024muon"),
        (record("The Muon optimizer", ("Jordan, Keller",)), "jordan2024muon"),
        (record("On Gödel Machines", ("Jürgen Schmidhuber",)), "schmidhuber2024godel"),
        (record("A Survey", ("van der Berg, J.",)), "vanderberg2024survey"),
        (record("Untitled work", (), None), "untitled"),
        (record("AbsenceBench"), "absencebench2024"),
        (record("The of a", ("Ann Lee",)), "lee2024240100001"),
    ],
)
def test_key_is_surname_year_and_first_significant_title_word(
    rec: BibRecord, expected: str
) -> None:
    assert key_base(rec) == expected


def test_duplicate_keys_get_letters_in_order() -> None:
    muon = record("Muon", ("Keller Jordan",))
    other = record("Shampoo", ("Keller Jordan",))
    assert cite_keys([muon, other, muon, muon]) == [
        "jordan2024muon",
        "jordan2024shampoo",
        "jordan2024muonb",
        "jordan2024muonc",
    ]


def test_arxiv_entry_layout() -> None:
    rec = BibRecord(
        "Muon is Scalable for LLM Training",
        ("Jingyuan Liu", "Jianlin Su"),
        2025,
        "https://arxiv.org/abs/2502.16982",
        arxiv="2502.16982",
    )
    assert format_entry("liu2025muon", rec) == (
        "@misc{liu2025muon,\n"
        "  title = {Muon is Scalable for LLM Training},\n"
        "  author = {Jingyuan Liu and Jianlin Su},\n"
        "  year = {2025},\n"
        "  eprint = {2502.16982},\n"
        "  archivePrefix = {arXiv},\n"
        "  url = {https://arxiv.org/abs/2502.16982},\n"
        "}\n"
    )


def test_doi_entry_braces_an_author_named_with_and() -> None:
    rec = BibRecord(
        "R&D", ("Smith and Sons", "Ann_Lee"), None, "https://doi.org/10.1/a_b", doi="10.1/a_b"
    )
    assert format_entry("smith", rec) == (
        "@misc{smith,\n"
        "  title = {R\\&D},\n"
        "  author = {{Smith and Sons} and Ann\\_Lee},\n"
        "  doi = {10.1/a_b},\n"
        "  url = {https://doi.org/10.1/a_b},\n"
        "}\n"
    )


def first_free_keys(bases: list[str]) -> list[str]:
    """The rule cite_keys keeps, written out: each base probed from its first suffix."""
    taken: set[str] = set()
    keys = []
    for base in bases:
        n, key = 1, base
        while key in taken:
            n += 1
            key = base + (chr(ord("a") + n - 1) if n <= 26 else str(n))
        taken.add(key)
        keys.append(key)
    return keys


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["muon", "muonb", "muonc", "shampoo", "muon27", "adam"]), max_size=80)
)
def test_each_key_is_the_first_of_its_base_not_taken(titles: list[str]) -> None:
    """Bases that are another's suffixed key ("muonb"), and runs past 'z', included."""
    records = [record(title.capitalize(), ("Keller Jordan",)) for title in titles]
    assert cite_keys(records) == first_free_keys([key_base(r) for r in records])
