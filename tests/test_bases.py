"""Obsidian bases: the expression language, the views, and an embed in a built site."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.linking.bases import (
    Kept,
    Link,
    Row,
    Scope,
    Unsupported,
    base_problems,
    base_rows,
    fixed_parts,
    note_names,
    parse_expression,
    read_base,
    view_html,
)
from notebase.model import Entry, NoteFile
from notebase.reading.parse import parse_note
from tests.test_incremental import write

# the shape of kepano/kepano-obsidian (MIT): category notes listing the notes whose
# `categories` link to them, through a base kept in Templates/Bases/
NOTES = {
    "Categories/Books.md": "---\ntags: [categories]\n---\n\n![[Books.base]]\n",
    "References/Out of Control.md": (
        '---\ncategories:\n  - "[[Books]]"\nauthor:\n  - "[[Kevin Kelly]]"\nyear: 1992\n'
        "rating: 7\n---\nA book.\n"
    ),
    "References/The Machine Stops.md": (
        '---\ncategories: ["[[Books]]"]\nauthor: [E. M. Forster]\nyear: 1909\nrating: 9\n---\n'
    ),
    "References/Kevin Kelly.md": '---\ncategories: ["[[People]]"]\n---\n![[Books.base#Author]]\n',
    "References/Jazz.md": '---\ncategories: ["[[Genres]]"]\ntags: [music/jazz]\n---\n',
    "Templates/Book Template.md": '---\ncategories: ["[[Books]]"]\n---\n',
}
BOOKS_BASE = """filters:
  and:
    - categories.contains(link("Books"))
    - '!file.name.contains("Template")'
properties:
  note.author:
    displayName: Author
views:
  - type: table
    name: Books
    order: [file.name, author, year, rating]
    sort:
      - property: year
        direction: DESC
  - type: table
    name: Author
    filters:
      and:
        - list(author).contains(this)
    order: [file.name, year]
  - type: cards
    name: Recent
    filters: 'rating > 8 && file.inFolder("References")'
"""


def entry(rel: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel, text, "digest", f"notes/{rel}"))
    assert result.entry is not None
    return result.entry


@pytest.fixture
def rows() -> tuple[list[Row], dict[str, str]]:
    entries = [entry(rel, text) for rel, text in NOTES.items()]
    names = note_names(entries)
    return base_rows(entries, {}), names


def test_front_matter_is_kept_whole_as_json_for_bases() -> None:
    got = entry("a.md", "---\nyear: 1992\nauthor: ['[[K]]']\nlast: 2023-09-12\n---\n")
    assert json.loads(got.properties) == {"author": ["[[K]]"], "last": "2023-09-12", "year": 1992}
    assert entry("b.md", "No front matter.\n").properties == ""


@pytest.mark.parametrize(
    ("text", "rel", "want"),
    [
        ('categories.contains(link("Books"))', "References/Out of Control.md", True),
        ('categories.contains(link("Books"))', "References/Jazz.md", False),
        ('!file.name.contains("Template")', "Templates/Book Template.md", False),
        ('file.hasTag("music")', "References/Jazz.md", True),  # a nested tag counts
        ('file.inFolder("References") && year > 1950', "References/Out of Control.md", True),
        ("year < 1950 || rating >= 9", "References/The Machine Stops.md", True),
        ('note["rating"] * 2 == 14', "References/Out of Control.md", True),
        ("file.basename + '!'", "References/Jazz.md", "Jazz!"),
        ('if(rating > 8, "great", "good")', "References/Out of Control.md", "good"),
        ("author.contains(link('Kevin Kelly'))", "References/Out of Control.md", True),
        ("(rating / 2).toFixed(1)", "References/Out of Control.md", "3.5"),
        ("file.ext == 'md' && !tags.isEmpty()", "References/Jazz.md", True),
        # Dataview's functions, as its queries call them (dataview.py)
        (
            'startswith(file.basename, "Ja") && !endswith(file.basename, "x")',
            "References/Jazz.md",
            True,
        ),
        ('contains(lower(file.basename), "jazz")', "References/Jazz.md", True),
    ],
)
def test_expressions_read_notes_as_obsidian_does(
    rows: tuple[list[Row], dict[str, str]], text: str, rel: str, want: object
) -> None:
    made, names = rows
    row = next(r for r in made if r.entry.rel_path == rel)
    scope = Scope(read_base(BOOKS_BASE), row, names)
    assert scope.value(parse_expression(text), row) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # AdamMambetov/Obsidian's base of its art notes (home/_art base.base): `formula.id:
        # file.name.split("(")[1].toString().slice(7)`, `created.format("YYYY-MM")`; each view
        # using them was a note saying the base uses a function notebase does not read
        ('file.name.split("(")[1].toString().slice(7).split(")")[0]', "kp1234"),
        ('file.name.split("(")[1].toString().slice(0, 4)', "2009"),
        ("file.basename.slice(-4, -1)", "234"),
        ('created.format("YYYY-MM")', "2024-03"),
        (
            'created.format("dddd, MMMM Do YYYY [at] HH:mm a")',
            "Tuesday, March 5th 2024 at 09:07 am",
        ),
        ('created.format("D/M/YY, ddd dd d, Q W DDD")', "5/3/24, Tue Tu 2, 1 10 65"),
        ("aliases.slice(1)", ["b", "c"]),
        ('file.basename.format("YYYY")', None),  # no date
    ],
)
def test_a_text_s_and_a_list_s_slice_and_a_date_s_format_are_read(text: str, want: object) -> None:
    note = "---\ncreated: 2024-03-05T09:07:05\naliases: [a, b, c]\n---\nArt.\n"
    made = base_rows([entry("Art/Dune (2009 - kp1234).md", note)], {})
    scope = Scope(read_base("filters: 'true'\n"), made[0], {})
    assert scope.value(parse_expression(text), made[0]) == want


def test_a_property_named_in_any_script_is_read() -> None:
    """`时间 > 2020`, `año`: a name starts with a letter of any script, as Obsidian's does."""
    row = base_rows([entry("a.md", "---\n时间: 2022\naño: 1999\n---\n")], {})[0]
    scope = Scope(read_base(BOOKS_BASE), row, {})
    assert scope.value(parse_expression("时间 > 2020 && año < 2000"), row) is True
    assert scope.value(parse_expression("note.时间 + 1"), row) == 2023


def test_this_is_the_note_embedding_the_base(rows: tuple[list[Row], dict[str, str]]) -> None:
    made, names = rows
    kelly = next(r for r in made if r.entry.title == "Kevin Kelly")
    html = view_html(read_base(BOOKS_BASE), "Author", made, kelly, names, fake_link)
    assert "<a>Out of Control</a>" in html and "Machine" not in html


def fake_link(slug: str, shown: str) -> str:
    return f"<a>{shown}</a>"


def test_a_filter_reading_this_through_a_formula_is_not_shared_by_views(
    rows: tuple[list[Row], dict[str, str]],
) -> None:
    """The notes a build's views share (Kept.passed) are never those a formula chose by `this`."""
    made, names = rows
    base = read_base(
        "formulas:\n  mine: 'list(author).contains(this)'\nfilters: 'formula.mine'\n"
        "views:\n  - type: table\n"
    )
    kept = Kept()
    kelly = next(r for r in made if r.entry.title == "Kevin Kelly")
    jazz = next(r for r in made if r.entry.title == "Jazz")
    assert "Out of Control" in view_html(base, "", made, kelly, names, fake_link, kept=kept)
    assert "Out of Control" not in view_html(base, "", made, jazz, names, fake_link, kept=kept)


def test_a_table_view_is_filtered_sorted_and_named(rows: tuple[list[Row], dict[str, str]]) -> None:
    made, names = rows
    html = view_html(read_base(BOOKS_BASE), "", made, made[0], names, fake_link)
    assert "<th>Name</th><th>Author</th><th>year</th><th>rating</th>" in html
    first, second = html.index("Out of Control"), html.index("The Machine Stops")
    assert first < second  # 1992 before 1909: year, descending
    assert "Template" not in html and "Jazz" not in html
    assert "<td><a>Kevin Kelly</a></td>" in html  # `[[Kevin Kelly]]` leads to the note
    assert "· 2 notes" in html


def test_another_view_type_is_a_list_of_the_notes(rows: tuple[list[Row], dict[str, str]]) -> None:
    made, names = rows
    html = view_html(read_base(BOOKS_BASE), "Recent", made, made[0], names, fake_link)
    assert '<ul class="link-list">\n<li><a>The Machine Stops</a></li>\n</ul>' in html


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("file.mtime > now()", "`file.mtime`"),
        ("now() - birthday", "the function `now()`"),
        ("x.matches('a')", "the function `.matches()`"),
        ("a ==", "expected `more`"),
        ("a $ b", "cannot read `$ b`"),
    ],
)
def test_what_is_not_read_is_named(text: str, problem: str) -> None:
    with pytest.raises(Unsupported) as caught:
        parse_expression(text)
    assert str(caught.value) == problem
    base = read_base(f"filters: {json.dumps(text)}\n")
    assert base_problems(base) == [(problem, text)]


def test_a_link_value_matches_text_naming_the_same_note() -> None:
    entries = [entry("A/Books.md", "x\n")]
    names = note_names(entries)
    row = base_rows(entries, {})[0]
    scope = Scope(read_base("{}"), row, names)
    assert scope.equal("[[Books|the books]]", Link("A/Books.md"))
    assert scope.equal(Link("Elsewhere"), "[[elsewhere]]")  # no such note: by name alone
    assert not scope.equal("[[Books]]", Link("Films"))


def build(root: Path, base: str = BOOKS_BASE) -> tuple[Path, list[str]]:
    for rel, text in {**NOTES, "Templates/Bases/Books.base": base}.items():
        write(f"notes/{rel}", text)(root)
    result = build_site(BuildOptions(root=root, out=root / "site"))
    assert result.written
    return root / "site", [f"{d.code} {d.pos}" for d in result.diagnostics]


def test_an_embedded_base_is_its_view_in_the_page(tmp_path: Path) -> None:
    site, diags = build(tmp_path)
    page = (site / "categories/books/index.html").read_text(encoding="utf-8")
    view = page[page.index('<div class="base-view"') :]
    view = view[: view.index("</table>")]
    assert 'href="../../references/out-of-control/index.html">Out of Control</a>' in view
    assert 'href="../../references/kevin-kelly/index.html">Kevin Kelly</a>' in view
    assert "Template" not in view
    kelly = (site / "references/kevin-kelly/index.html").read_text(encoding="utf-8")
    kelly = kelly[kelly.index('<div class="base-view"') :]
    kelly = kelly[: kelly.index("</table>")]
    assert '<p class="base-name">Author' in kelly and "Out of Control" in kelly
    assert "Machine Stops" not in kelly
    assert not [d for d in diags if d.startswith(("broken-link", "base-"))]
    assert not (site / "templates").exists()  # the template folder's notes are no pages


def test_a_base_that_cannot_be_read_is_a_warning_at_its_line(tmp_path: Path) -> None:
    base = BOOKS_BASE.replace("rating > 8 &&", "file.mtime > now() &&")
    site, diags = build(tmp_path, base)
    line = base.splitlines().index(
        "    filters: 'file.mtime > now() && file.inFolder(\"References\")'"
    )
    assert f"base-unsupported notes/Templates/Bases/Books.base:{line + 1}" in diags
    page = (site / "categories/books/index.html").read_text(encoding="utf-8")
    assert "Out of Control" in page  # the first view reads all it needs
    again, broken = build(tmp_path / "again", "views: [\n")
    assert "base-unreadable notes/Templates/Bases/Books.base:1" in broken
    page = (again / "categories/books/index.html").read_text(encoding="utf-8")
    assert 'title="An Obsidian base that cannot be shown">Base: Books</span>' in page


def test_a_base_block_is_its_first_view_and_what_it_cannot_read_is_told_at_its_line(
    tmp_path: Path,
) -> None:
    block = "```base\nfilters: 'categories.contains(link(\"Books\"))'\norder: [file.name]\n```\n"
    unread = "```base\nfilters: 'file.mtime > now()'\n```\n"
    notes = {"Lists.md": f"# Lists\n\n{block}\n{unread}\n```base\nviews: [\n```\n"}
    for rel, text in {**NOTES, **notes}.items():
        write(f"notes/{rel}", text)(tmp_path)
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written
    problems = [(d.code, d.pos.line) for d in result.diagnostics if d.code.startswith("base-")]
    assert problems == [("base-unsupported", 9), ("base-unreadable", 13)]
    page = (tmp_path / "site/lists/index.html").read_text(encoding="utf-8")
    assert page.count('<div class="base-view"') == 2
    assert ">Out of Control</a>" in page and ">The Machine Stops</a>" in page
    assert "This view uses `file.mtime`, which cannot be shown here" in page
    assert '<code class="language-base">views: [\n</code>' in page  # no base: shown as written
    assert "data-base=" not in page


def test_a_key_given_twice_is_read_as_yaml_reads_it_the_last_one_winning() -> None:
    base = read_base("views:\n  - name: A\nviews:\n  - name: B\n")
    assert [view.name for view in base.views] == ["B"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("(" * 5000 + "1" + ")" * 5000, "an expression nested too deep"),
        ("9" * 5000 + " > 1", "the number 99999999999999999999…"),
    ],
)
def test_a_hostile_expression_is_a_problem_not_a_traceback(text: str, problem: str) -> None:
    assert base_problems(read_base(f"filters: {json.dumps(text)}\n")) == [(problem, text)]


def test_this_reads_the_embedding_notes_field_and_a_failed_view_counts_no_notes(
    rows: tuple[list[Row], dict[str, str]],
) -> None:
    made, names = rows
    kelly = next(r for r in made if r.entry.title == "Kevin Kelly")
    scope = Scope(read_base("{}"), kelly, names)
    assert scope.value(parse_expression("this.categories"), made[0]) == ["[[People]]"]
    failed = view_html(read_base("filters: 'now() > 1'\n"), "", made, kelly, names, fake_link)
    assert '<p class="base-name">View 1</p>' in failed


def test_a_view_is_none_of_the_pages_description(tmp_path: Path) -> None:
    site, _ = build(tmp_path)
    page = (site / "categories/books/index.html").read_text(encoding="utf-8")
    assert '<meta name="description" content="Notes on papers, posts and links.">' in page


def test_a_number_too_big_for_an_integer_stays_as_it_is(
    rows: tuple[list[Row], dict[str, str]],
) -> None:
    made, names = rows
    huge = "(" + " * ".join(["1" + "0" * 27] * 12) + ")"
    scope = Scope(read_base("{}"), made[0], names)
    assert scope.value(parse_expression(f"{huge}.round()"), made[0]) == float("inf")
    assert (
        scope.value(parse_expression(f"(2).toFixed({huge})"), made[0]) == "2.00000000000000000000"
    )


def test_the_parts_reading_only_this_are_marked_fixed_and_nothing_else() -> None:
    this_day = ("get", ("get", ("name", "this"), "file"), "cday")
    assert fixed_parts(parse_expression("file.mday == this.file.cday")) == (
        "bin",
        "==",
        ("get", ("name", "file"), "mday"),
        ("fixed", this_day),
    )
    # a method of this's field is still called (with the note's value as argument); a lambda's
    # body and the note's own fields are left as they are
    assert fixed_parts(parse_expression("this.file.tags.contains(file.name)")) == (
        "call",
        ("get", ("fixed", ("get", ("get", ("name", "this"), "file"), "tags")), "contains"),
        [("get", ("name", "file"), "name")],
    )
    lam = parse_expression("map(file.tags, (t) => t + this.file.name)")
    assert fixed_parts(lam) == lam


def test_a_base_written_as_json_nested_too_deep_is_unreadable_not_a_crash() -> None:
    deep = '{"views": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(ValueError, match="nesting depth"):  # base_findings: base-unreadable
        read_base(deep)


def test_views_finding_notes_equal_to_this_find_what_reading_every_note_finds() -> None:
    """A filter `field == this.field` is answered through the build's notes grouped by the
    field's value (Kept.by_value), shared by every view; it finds the notes each note's view
    finds reading every note: a `[[link]]` naming the value, the value as a number, no value."""
    notes = {
        "days/2024-01-01.md": "---\nday: 2024-01-01\n---\nMonday.\n",
        "days/2024-01-02.md": "---\nday: 2024-01-02\n---\nTuesday.\n",
        "a.md": "---\nwhen: 2024-01-01\n---\nA.\n",
        "b.md": "---\nwhen: '[[2024-01-01]]'\n---\nB, linked.\n",
        "c.md": "---\nwhen: 2024-01-02\n---\nC.\n",
        "d.md": "---\nwhen: [2024-01-01]\n---\nD, a list.\n",
        "e.md": "---\nwhen: 20240101\n---\nE, a number.\n",
        "f.md": "No date.\n",
    }
    entries = [entry(rel, text) for rel, text in notes.items()]
    made, names = base_rows(entries, {}), note_names(entries)
    base = read_base("filters: 'when == this.day'\nviews:\n  - type: list\n")
    kept = Kept()
    shown = [view_html(base, "", made, day, names, fake_link, kept=kept) for day in made[:2]]
    assert [re.findall(r"<a>(\w+)</a>", html) for html in shown] == [["a", "b"], ["c"]]
    assert list(kept.by_value.values()) != [None]  # read through the notes grouped by `when`
