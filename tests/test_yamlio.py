"""yamlio: front matter written without running PyYAML's emitter reads back and looks as it would."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notebase.reading.yamlio import dump_fields, load_fields, load_mapping


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"title": "Muon", "kind": "paper"}, "title: Muon\nkind: paper\n"),
        ({"arxiv": "2505.05197"}, "arxiv: '2505.05197'\n"),
        ({"title": "Muon: an optimizer"}, "title: 'Muon: an optimizer'\n"),
        ({"title": "It's here"}, "title: It's here\n"),
        ({"title": "'quoted'"}, "title: '''quoted'''\n"),
        ({"title": "yes"}, "title: 'yes'\n"),
        ({"title": "- a list?"}, "title: '- a list?'\n"),
        ({"title": "tab\there"}, 'title: "tab\\there"\n'),
        ({"title": "two\nlines"}, "title: 'two\n\n  lines'\n"),
        ({"title": "Über 🎉"}, "title: Über 🎉\n"),
        ({"tags": ["ml", "a, b", "2025"]}, "tags: [ml, 'a, b', '2025']\n"),
        ({"tags": ["x: y", "#c"]}, "tags: ['x: y', '#c']\n"),
        ({"year": 2025, "draft": True}, "year: 2025\ndraft: true\n"),
    ],
)
def test_dump_fields_writes_what_yaml_writes(fields: dict[str, Any], expected: str) -> None:
    assert dump_fields(fields) == expected
    assert yaml.safe_load(expected) == fields


def emitted_by_pyyaml(fields: dict[str, Any]) -> str:
    """The reference: each field through PyYAML's own emitter (a list of texts inline)."""
    return "".join(
        yaml.safe_dump(
            {key: value},
            allow_unicode=True,
            width=10**6,
            default_flow_style=None if isinstance(value, list) else False,
        )
        for key, value in fields.items()
    )


TRICKY = st.sampled_from(
    ["", " ", "0", "1.5", "true", "No", "~", "null", "2025-01-01", "-", "a: b", "a #b", "#", "'",
     '"', "@", "`", "[x]", "{x}", ",", "\ufeff", "\x85", "\u2028", "é", "😀", "?", "!", "&",
     "*", "|", ">", "%", "=", "<<", ".inf", "0x1F", "+1", "\t", "\n"]
)  # fmt: skip
TEXT = st.one_of(st.text(), st.lists(TRICKY, max_size=4).map("".join))


@settings(max_examples=400, suppress_health_check=list(HealthCheck), deadline=None)
@given(
    st.dictionaries(
        st.from_regex(r"\A[a-z_]{1,12}\Z"),
        st.one_of(TEXT, st.lists(TEXT, max_size=4), st.integers(), st.booleans(), st.dates()),
        max_size=4,
    )
)
def test_dump_fields_matches_pyyaml_on_any_text(fields: dict[str, Any]) -> None:
    assert dump_fields(fields) == emitted_by_pyyaml(fields)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"no": []}, "'no': []\n"),
        ({"on": ["a\tb"]}, "'on': [\"a\\tb\"]\n"),
        ({"null": "x"}, "'null': x\n"),
    ],
)
def test_a_key_yaml_reads_as_another_type_is_quoted(fields: dict[str, Any], expected: str) -> None:
    assert dump_fields(fields) == expected
    assert yaml.safe_load(expected) == fields


def test_a_date_that_does_not_exist_is_read_as_text() -> None:
    assert load_mapping("title: A\ndate: 2025-02-30\nseen: 2025-02-28\n") == {
        "title": "A",
        "date": "2025-02-30",
        "seen": dt.date(2025, 2, 28),
    }


def test_an_explicit_tag_its_text_does_not_fit_makes_no_mapping() -> None:
    assert load_mapping("title: A\nyear: !!float abc\n") == {}


@pytest.mark.parametrize("text", ["~\n", "null\n", "# a comment\nNull\n"])
def test_a_front_matter_of_yaml_null_is_an_empty_one(text: str) -> None:
    """A front matter holding only `~` (YAML's null) has no properties, as Obsidian reads it:
    no field and no warning that it is not a mapping."""
    assert load_fields(text, "notes/a.md", 2) == ((), ())


def test_a_front_matter_of_another_scalar_is_not_a_mapping() -> None:
    fields, (problem,) = load_fields("just words\n", "notes/a.md", 2)
    assert fields == () and problem.code == "yaml-not-mapping"
