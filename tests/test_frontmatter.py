"""frontmatter.py: splitting front matter from the body, key checks and typed field coercion."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from notebase.diagnostics import Diagnostic, FilePos, Severity
from notebase.reading.frontmatter import (
    Coerced,
    FieldError,
    as_bool,
    as_date,
    as_list,
    as_publish_flag,
    as_tags,
    as_text,
    as_url,
    as_year,
    coerce,
    read_front_matter,
    split_front_matter,
)

PATH = "notes/x.md"


def test_no_front_matter() -> None:
    split = split_front_matter("# Title\n\nbody\n")
    assert split is not None
    assert (split.yaml_text, split.body, split.body_line, split.has_front_matter) == (
        "",
        "# Title\n\nbody\n",
        1,
        False,
    )


def test_front_matter_is_split_and_the_body_line_counted() -> None:
    split = split_front_matter("---\ntitle: A\ntags: [x]\n---\nFirst body line\n")
    assert split is not None
    assert split.yaml_text == "title: A\ntags: [x]\n"
    assert split.body == "First body line\n"
    assert split.body_line == 5
    assert split.has_front_matter


def test_front_matter_closed_by_dots() -> None:
    split = split_front_matter("---\ntitle: A\n...\nbody\n")
    assert split is not None
    assert (split.yaml_text, split.body, split.body_line) == ("title: A\n", "body\n", 4)


def test_front_matter_at_the_end_of_the_file() -> None:
    split = split_front_matter("---\ntitle: A\n---")
    assert split is not None
    assert (split.yaml_text, split.body) == ("title: A\n", "")


def test_a_rule_later_in_the_body_is_not_front_matter() -> None:
    text = "Intro\n\n---\n\nmore\n"
    split = split_front_matter(text)
    assert split is not None
    assert (split.body, split.has_front_matter) == (text, False)


def test_unterminated_front_matter() -> None:
    assert split_front_matter("---\ntitle: A\n\nbody with no closing fence\n") is None
    fields, split, diags = read_front_matter("---\ntitle: A\n", PATH)
    assert fields == {} and split is not None  # read as Obsidian reads it: a rule, then text
    assert (split.body, split.has_front_matter) == ("---\ntitle: A\n", False)
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.WARNING, "frontmatter-unterminated", FilePos(PATH, 1))
    ]


def test_fields_carry_their_file_lines() -> None:
    fields, split, diags = read_front_matter("---\ntitle: A\n\ntags: [x, y]\n---\nbody\n", PATH)
    assert diags == []
    assert split is not None
    assert {k: (f.value, f.line) for k, f in fields.items()} == {
        "title": ("A", 2),
        "tags": (["x", "y"], 4),
    }


def test_broken_yaml_names_its_line() -> None:
    _, _, diags = read_front_matter("---\ntitle: ok\nsummary: [a\n---\n", PATH)
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.ERROR, "yaml-syntax", FilePos(PATH, 3))
    ]
    assert diags[0].message.startswith("invalid YAML")


@pytest.mark.parametrize(
    ("yaml_lines", "line"),
    [
        (["title: x", "tags:", "  - a", " - b", "date: 2025-01-01"], 5),  # bad indentation
        (["title: x", "kind: paper", 'source_title: "abc', "date: 2025-01-01"], 4),  # open quote
        (["title: x", "kind: paper", "source_title: 'abc"], 4),  # open quote on the last line
        (["title: x", "kind: paper", "\ttags: a", "date: 2025-01-01"], 4),  # a tab as indentation
        (["title: x", "tags:", "\t- a", "date: 2025-01-01"], 4),  # a tab before an item
        (["title: x", "kind: paper", "tags: [a, b", "date: 2025-01-01"], 4),  # open bracket
        (["title: x", "kind paper", "date: 2025-01-01"], 3),  # a key without its colon
        (["title: x", "kind: paper", "summary: a: b", "tags: [c", "date: 1"], 4),  # and a [ below
    ],
)
def test_a_yaml_mistake_is_reported_at_its_own_line(yaml_lines: list[str], line: int) -> None:
    text = "---\n" + "\n".join(yaml_lines) + "\n---\nbody\n"
    _, _, diags = read_front_matter(text, PATH)
    assert [(d.code, d.pos) for d in diags] == [("yaml-syntax", FilePos(PATH, line))]


def test_a_duplicate_key_is_a_warning_at_the_second_one() -> None:
    _, _, diags = read_front_matter("---\ntitle: x\nkind: paper\ntitle: y\n---\n", PATH)
    assert [(d.code, d.pos) for d in diags] == [("duplicate-key", FilePos(PATH, 4))]


def test_front_matter_that_is_not_a_mapping() -> None:
    _, _, diags = read_front_matter("---\n- a\n- b\n---\n", PATH)
    assert [(d.code, d.pos) for d in diags] == [("yaml-not-mapping", FilePos(PATH, 2))]


def test_misspelt_key_is_a_warning_with_did_you_mean() -> None:
    fields, _, diags = read_front_matter("---\ntilte: A\ntgas: x\nrating: 5\n---\n", PATH)
    assert set(fields) == {"tilte", "tgas", "rating"}  # kept for templates
    assert [(d.severity, d.code, d.pos, d.hint) for d in diags] == [
        (Severity.WARNING, "unknown-key", FilePos(PATH, 2), 'did you mean "title"?'),
        (Severity.WARNING, "unknown-key", FilePos(PATH, 3), 'did you mean "tags"?'),
    ]


def test_a_key_of_other_words_is_no_misspelling() -> None:
    """Keys real vaults' templates and plugins write, close to a known key by letters but words
    of their own, are kept without a warning; one slip off a known key is told."""
    keys = ["related", "class", "created-at", "dg-publish", "subtitle", "updated_at", "autor"]
    text = "---\n" + "".join(f"{key}: x\n" for key in keys) + "---\n"
    _, _, diags = read_front_matter(text, PATH)
    assert [(d.pos.line, d.hint) for d in diags] == [(8, 'did you mean "author"?')]


def test_a_key_close_to_date_holding_no_date_beside_a_date_is_no_misspelling() -> None:
    """`rate: 10` (a reading vault's template rates every resource, beside its `date:`) is a
    rating, not a slip of date; `dat:` holding a date is one, and so is `tilte:` beside `title:`;
    alone, `rate: 10` is told, as `data: mnist` is (test_parse.py)."""
    text = "---\ndate: 2022-05-01\nrate: 10\ntitle: T\ntilte: U\ndat: 2022-05-02\n---\n"
    _, _, diags = read_front_matter(text, PATH)
    assert [(d.code, d.pos.line, d.hint) for d in diags] == [
        ("unknown-key", 5, 'did you mean "title"?'),
        ("unknown-key", 6, 'did you mean "date"?'),
    ]
    _, _, diags = read_front_matter("---\nrate: 10\n---\n", PATH)
    assert [(d.code, d.pos.line) for d in diags] == [("unknown-key", 2)]


def test_the_vault_s_word_for_date_left_blank_is_no_misspelling() -> None:
    # Tronki97/Obsidian-Vault (Italian) writes `data:` blank under its notes' aliases, as its
    # template leaves it: each was told "unknown key `data`", did you mean "date"?
    for text in ("---\naliases:\n  - matrice simmetrica\ndata:\n---\n", '---\ndata: ""\n---\n'):
        _, _, diags = read_front_matter(text, PATH)
        assert diags == []
    _, _, diags = read_front_matter("---\ndata: mnist\n---\n", PATH)
    assert [(d.code, d.hint) for d in diags] == [("unknown-key", 'did you mean "date"?')]


def test_a_book_s_publisher_is_no_misspelling_of_published() -> None:
    """`publisher: Harper & Row`, as a real garden's book notes write it (19 of them in
    sub-surface/digital-garden, content/Books/), each told "did you mean published?": a key one
    slip off `published` holding no date is a field of its own; `pubished:` holding a date is
    still a slip."""
    text = "---\ntitle: Being and Time\npublisher: Harper & Row\npubished: 1962-01-01\n---\n"
    _, _, diags = read_front_matter(text, PATH)
    assert [(d.code, d.pos.line, d.hint) for d in diags] == [
        ("unknown-key", 4, 'did you mean "published"?')
    ]


def test_duplicate_key_is_a_warning_and_the_last_wins() -> None:
    fields, _, diags = read_front_matter("---\ntitle: A\ntitle: B\n---\n", PATH)
    assert fields["title"].value == "B"
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.WARNING, "duplicate-key", FilePos(PATH, 3))
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("  Muon  ", "Muon"), (2025, "2025"), (1.5, "1.5"), (dt.date(2025, 1, 2), "2025-01-02")],
)
def test_as_text(value: Any, expected: str) -> None:
    assert as_text(value) == expected


@pytest.mark.parametrize("value", [True, None, ["a"], {"a": 1}])
def test_as_text_refuses(value: Any) -> None:
    with pytest.raises(FieldError):
        as_text(value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["a", "b"], ("a", "b")),
        ("a, b ,c", ("a", "b", "c")),
        ("single", ("single",)),
        ([" x ", "", 3, 1.5], ("x", "3", "1.5")),
        ([], ()),
        ("", ()),
        ([None], ()),  # `aliases:` over a bare `- `, as obsidian-community/obsidian-hub's templates
        (["a", None], ("a",)),
        ([["Will Larson"]], ("[[Will Larson]]",)),  # YAML's reading of `[[Will Larson]]`
        ([["Gene Kim", "Kevin Behr"]], ("[[Gene Kim, Kevin Behr]]",)),
    ],
)
def test_as_list(value: Any, expected: tuple[str, ...]) -> None:
    assert as_list(value) == expected


@pytest.mark.parametrize("value", [5, True, {"a": 1}, [[{"a": "b"}]], [True]])
def test_as_list_refuses(value: Any) -> None:
    with pytest.raises(FieldError):
        as_list(value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (dt.date(2025, 6, 3), dt.date(2025, 6, 3)),
        (dt.datetime(2025, 6, 3, 12, 30), dt.date(2025, 6, 3)),
        ("2025-06-03", dt.date(2025, 6, 3)),
        (" 2025-06-03T10:00 ", dt.date(2025, 6, 3)),
    ],
)
def test_as_date(value: Any, expected: dt.date) -> None:
    assert as_date(value) == expected


@pytest.mark.parametrize("value", ["yesterday", "2025-13-01", 20250603, "03/06/2025"])
def test_as_date_refuses(value: Any) -> None:
    with pytest.raises(FieldError):
        as_date(value)


@pytest.mark.parametrize(("value", "expected"), [(2025, 2025), ("1999", 1999), (" 2001 ", 2001)])
def test_as_year(value: Any, expected: int) -> None:
    assert as_year(value) == expected


@pytest.mark.parametrize("value", [0, 20255, "25", "two thousand", True, 2025.5])
def test_as_year_refuses(value: Any) -> None:
    with pytest.raises(FieldError):
        as_year(value)


def test_as_bool() -> None:
    assert as_bool(True) is True
    assert as_bool(False) is False
    assert as_bool("true") == Coerced(True)
    assert as_bool(" No ") == Coerced(False)
    assert as_bool("yes") == Coerced(True)
    for value in ("yes please", 2, None, [True]):
        with pytest.raises(FieldError):
            as_bool(value)


def test_coerce_drops_a_wrong_type_with_a_warning_at_the_field_line() -> None:
    fields, _, _ = read_front_matter("---\ntitle: A\ntags: 5\ndate: yesterday\n---\n", PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "title", as_text, PATH, diags) == "A"
    assert coerce(fields, "tags", as_list, PATH, diags) is None
    assert coerce(fields, "date", as_date, PATH, diags) is None
    assert coerce(fields, "year", as_year, PATH, diags) is None  # absent: no diagnostic
    assert [(d.severity, d.code, d.pos) for d in diags] == [
        (Severity.WARNING, "field-type", FilePos(PATH, 3)),
        (Severity.WARNING, "field-type", FilePos(PATH, 4)),
    ]
    assert diags[0].message == (
        "`tags` must be a list like [a, b] or a comma-separated string, got 5; ignored"
    )
    assert diags[1].message == '`date` must be a date like 2025-06-03, got "yesterday"; ignored'


def test_a_date_that_does_not_exist_is_a_field_warning_at_its_line() -> None:
    text = "---\ntitle: A\ndate: 2025-02-30\ntags: [2025-13-01, b]\nyear: 2025-01-01 25:00\n---\n"
    fields, _, diags = read_front_matter(text, PATH)
    assert diags == []
    assert fields["date"].value == "2025-02-30"  # left as text: YAML cannot make a date of it
    assert fields["tags"].value == ["2025-13-01", "b"]
    assert fields["year"].value == "2025-01-01 25:00"
    assert coerce(fields, "date", as_date, PATH, diags) is None
    assert [(d.code, d.pos, d.message) for d in diags] == [
        (
            "field-type",
            FilePos(PATH, 3),
            '`date` must be a date like 2025-06-03, got "2025-02-30"; ignored',
        )
    ]


def test_an_explicit_tag_its_text_does_not_fit_is_a_yaml_error_at_its_line() -> None:
    text = "---\ntitle: A\nyear: !!int abc\ntags: [a, !!bool maybe]\nseen: !!timestamp now\n---\n"
    fields, _, diags = read_front_matter(text, PATH)
    assert list(fields) == ["title"]
    assert [(d.code, d.pos, d.message) for d in diags] == [
        ("yaml-syntax", FilePos(PATH, 3), "invalid YAML: !!int cannot read 'abc'"),
        ("yaml-syntax", FilePos(PATH, 4), "invalid YAML: !!bool cannot read 'maybe'"),
        ("yaml-syntax", FilePos(PATH, 5), "invalid YAML: !!timestamp cannot read 'now'"),
    ]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2023-01-05", dt.date(2023, 1, 5)),
        ("2023-01-05 10:00", dt.date(2023, 1, 5)),
        ("2023-01-05T10:00:00Z", dt.date(2023, 1, 5)),
        ("2023/01/05", dt.date(2023, 1, 5)),
        ("05.01.2023", dt.date(2023, 1, 5)),
        ("January 5, 2023", dt.date(2023, 1, 5)),
        ("5 Jan 2023", dt.date(2023, 1, 5)),
    ],
)
def test_dates_as_vaults_write_them(text: str, day: dt.date) -> None:
    assert as_date(text) == day


@pytest.mark.parametrize("text", ["01/05/2023", "{{date:YYYY-MM-DD}}", "soon"])
def test_a_date_whose_meaning_is_unclear_is_a_field_error(text: str) -> None:
    with pytest.raises(FieldError):
        as_date(text)


def test_a_date_read_in_another_language_or_told_why_not_in_the_hint() -> None:
    text = (
        "---\ndate: 星期一, 一月 23日 2023, 9:24:55 上午\nmodified: 03/06/2025\n"
        "created: 2007\nupdated: 2023-01-23\n---\n"
    )
    fields, _, _ = read_front_matter(text, PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "date", as_date, PATH, diags) == dt.date(2023, 1, 23)
    assert coerce(fields, "modified", as_date, PATH, diags) is None
    assert coerce(fields, "created", as_date, PATH, diags) is None
    assert coerce(fields, "updated", as_date, PATH, diags) == dt.date(2023, 1, 23)
    assert [(d.code, d.pos.line, d.hint) for d in diags] == [  # 03/06/2025: by the vault's order
        (
            "field-type",
            4,
            "a year alone is no day: write `year: 2007` for a source's year; or remove `created`",
        ),
    ]


def test_a_placeholder_read_as_a_mapping_is_no_date_and_the_hint_says_so() -> None:
    fields, _, _ = read_front_matter('---\ndate:\n  "{ date }":\n---\n', PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "date", as_date, PATH, diags) is None
    assert [d.hint for d in diags] == [
        "a template's placeholder: fill it in, or leave templates out (`ignore:`); or remove `date`"
    ]


def test_tags_as_one_string_or_a_list_with_hashes() -> None:
    assert as_tags("#ml #reading") == ("#ml", "#reading")
    assert as_tags("ml, deep learning") == ("ml", "deep learning")
    assert as_tags(["#ml", None, "b"]) == ("#ml", "b")


def test_a_string_boolean_is_coerced_with_a_warning() -> None:
    fields, _, _ = read_front_matter('---\ndraft: "true"\npublish: "no"\n---\n', PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "draft", as_bool, PATH, diags) is True
    assert coerce(fields, "publish", as_bool, PATH, diags) is False
    assert [(d.severity, d.code, d.pos.line if d.pos else 0) for d in diags] == [
        (Severity.WARNING, "field-coerced", 2),
        (Severity.WARNING, "field-coerced", 3),
    ]
    assert diags[0].message == '`draft` is "true", read as true'


def test_a_value_is_quoted_in_a_diagnostic_as_yaml_writes_it() -> None:
    """`year: 2011-03-01` (a real garden's book note, sub-surface/digital-garden, content/Books/
    the suffering of light.md) was told as "`year` is datetime.date(2011, 3, 1)", and
    `published: true` as "got True": Python's words for them, not the note's."""
    text = "---\nyear: 2011-03-01\ndate: true\n---\n"
    fields, _, _ = read_front_matter(text, PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "year", as_year, PATH, diags) == 2011
    assert coerce(fields, "date", as_date, PATH, diags) is None
    assert [d.message for d in diags] == [
        "`year` is 2011-03-01, read as 2011",
        "`date` must be a date like 2025-06-03, got true; ignored",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://a.org/x", "https://a.org/x"),
        (["https://a.org/x"], Coerced("https://a.org/x")),
        ("[Site](https://a.org/x?q=1)", Coerced("https://a.org/x?q=1")),
        (["[](<https://a.org/y>)"], Coerced("https://a.org/y")),
        ("[Site](https://a.org) and more", "[Site](https://a.org) and more"),
    ],
)
def test_a_url_as_obsidian_s_properties_hold_it(value: Any, expected: str | Coerced) -> None:
    assert as_url(value) == expected


@pytest.mark.parametrize("value", [["https://a.org", "https://b.org"], [], {"u": "x"}, True])
def test_as_url_refuses(value: Any) -> None:
    with pytest.raises(FieldError):
        as_url(value)


def test_a_url_read_from_a_list_is_told_as_it_should_be_written() -> None:
    fields, _, _ = read_front_matter('---\nurl:\n  - "[Src](https://A.org/P)"\n---\n', PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "url", as_url, PATH, diags) == "https://A.org/P"
    assert [(d.code, d.hint) for d in diags] == [("field-coerced", "write `url: https://A.org/P`")]


def test_template_placeholders_are_read_as_text_with_one_warning() -> None:
    text = "---\ntitle: {{title}}\ndate: {{date:YYYY-MM-DD}}\ntags:\n  - {{tag}}\n---\nbody\n"
    fields, split, diags = read_front_matter(text, PATH)
    assert split is not None
    assert fields["title"].value == "{{title}}"
    assert fields["date"].value == "{{date:YYYY-MM-DD}}"
    assert fields["tags"].value == ["{{tag}}"]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "template-placeholder")]


def test_a_template_s_note_needing_every_mend_is_read_whole() -> None:
    """A placeholder and a title holding `: ` in one front matter: each mend alone leaves the text
    unreadable, and every field was lost; each is made on the text the last one left."""
    text = "---\ntitle: Attention: a survey\ndate: {{date}}\n---\nbody\n"
    fields, _, diags = read_front_matter(text, PATH)
    assert fields["title"].value == "Attention: a survey" and fields["date"].value == "{{date}}"
    assert [d.code for d in diags] == ["template-placeholder", "yaml-text-value"]


def test_a_value_starting_with_at_is_read_as_text_with_a_warning_at_its_line() -> None:
    # obsidian-community/obsidian-hub's people notes: `aliases:` then `- @kepano`
    text = "---\naliases:\n- @kepano\ntags:\n- \nnote: `x` y\n---\nbody\n"
    fields, _, diags = read_front_matter(text, PATH)
    assert fields["aliases"].value == ["@kepano"] and fields["note"].value == "`x` y"
    assert [(d.severity, d.code, d.pos.line) for d in diags] == [
        (Severity.WARNING, "yaml-reserved", 3)
    ]
    _, _, broken = read_front_matter("---\na: @x\nb: [c\n---\n", PATH)  # else wrong too
    assert [(d.severity, d.code) for d in broken] == [(Severity.ERROR, "yaml-syntax")]


def test_a_value_holding_a_colon_or_text_after_its_quotes_is_read_as_text() -> None:
    # a real vault's ADR notes (mdelmontep/obsidian-vault): a title holding ': ', a title quoted
    # then going on; the other fields are kept, where the whole front matter was lost
    text = (
        '---\ntitle: ADR-019 — precio "con IVA" en form X: storage vs columna\n'
        "date: 2026-05-24\ntags: [adr, fiscal]\n"
        'aside: "contestar como ChatGPT" en un asistente\nfine: a # note\n'
        "related: [[adr-025]] [[stripe notes|Stripe]]\n---\nbody\n"
    )
    fields, _, diags = read_front_matter(text, PATH)
    assert {k: f.value for k, f in fields.items()} == {
        "title": 'ADR-019 — precio "con IVA" en form X: storage vs columna',
        "date": dt.date(2026, 5, 24),
        "tags": ["adr", "fiscal"],
        "aside": '"contestar como ChatGPT" en un asistente',
        "fine": "a",
        "related": "[[adr-025]] [[stripe notes|Stripe]]",
    }
    assert [(d.severity, d.code, d.pos.line) for d in diags] == [
        (Severity.WARNING, "yaml-text-value", 2)
    ]


@pytest.mark.parametrize(
    "yaml_text",
    [
        "title: [a: b\n",  # a list opened and never closed
        "title: a: b\n  more\n",  # the value goes on below: not one line
        "title: a: b\nc: [d\n",  # a mistake besides
    ],
)
def test_a_value_whose_meaning_is_not_plain_stays_a_yaml_error(yaml_text: str) -> None:
    _, _, diags = read_front_matter(f"---\n{yaml_text}---\n", PATH)
    assert [(d.severity, d.code) for d in diags] == [(Severity.ERROR, "yaml-syntax")]


def test_broken_yaml_without_placeholders_is_still_an_error() -> None:
    _, _, diags = read_front_matter("---\ntitle: [a\n---\n", PATH)
    assert [(d.severity, d.code) for d in diags] == [(Severity.ERROR, "yaml-syntax")]


def test_a_known_key_is_read_whatever_its_case_as_obsidian_reads_it() -> None:
    fields, _, diags = read_front_matter(
        "---\nAliases: [arrow]\nTags:\n  - maths\ntitle: T\nTitle: U\n---\n", PATH
    )
    assert {k: (f.value, f.line) for k, f in fields.items()} == {
        "aliases": (["arrow"], 2),
        "tags": (["maths"], 3),
        "title": ("T", 5),
        "Title": ("U", 6),  # `title` is there too: this one is kept as written, and told
    }
    assert [(d.code, d.pos.line) for d in diags] == [("unknown-key", 6)]


@pytest.mark.parametrize(
    ("value", "flag"),
    [
        (False, False),
        (True, True),
        ("no", Coerced(False)),
        ("清华大学出版社", None),
        ("No Starch Press", None),
        ("未知", None),
    ],
)
def test_publish_is_a_flag_only_when_it_reads_as_one(value: object, flag: object) -> None:
    """`publish: false` is Obsidian Publish's flag; a publisher's name under `publish:` (the
    Douban plugin's book template) is the note's own field, no flag and no problem."""
    assert as_publish_flag(value) == flag


def test_a_publish_value_one_slip_off_a_flag_is_still_told() -> None:
    fields, _, _ = read_front_matter("---\npublish: flase\n---\n", PATH)
    diags: list[Diagnostic] = []
    assert coerce(fields, "publish", as_publish_flag, PATH, diags) is None
    assert [(d.code, d.pos.line) for d in diags] == [("field-type", 2)]
