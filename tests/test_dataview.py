"""Dataview queries read as the Obsidian bases that show the same notes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.linking.bases import (
    Scope,
    Unsupported,
    base_rows,
    dataview_findings,
    parse_expression,
    read_base,
)
from notebase.linking.dataview import NotRead, dataview_base, expression
from notebase.linking.dateformat import Unreadable, dateformat, read_when
from notebase.model import Entry, NoteFile
from notebase.reading.parse import inline_fields, parse_note
from tests.test_incremental import write


def test_a_table_query_is_a_base_with_its_columns_filters_order_and_limit() -> None:
    query = (
        'TABLE rating AS "My rating", file.folder\nFROM #books and -"Archive"\n'
        'WHERE rating >= 4 and status = "read"\nSORT rating DESC, file.name\nLIMIT 10\n'
    )
    assert json.loads(dataview_base(query)) == {
        "filters": {
            "and": [
                'file.hasTag("books") && !file.inFolder("Archive")',
                'rating >= 4 && status == "read"',
            ]
        },
        "properties": {
            "file.name": {"displayName": "File"},
            "rating": {"displayName": "My rating"},
            "file.folder": {"displayName": "file.folder"},
        },
        "views": [
            {
                "type": "table",
                "name": "",
                "order": ["file.name", "rating", "file.folder"],
                "sort": [
                    {"property": "rating", "direction": "DESC"},
                    {"property": "file.basename", "direction": "ASC"},  # DQL's name: no .md
                ],
                "dataviewHtml": True,  # its values' HTML shown as Dataview shows it
                "limit": 10,
            }
        ],
    }


def test_a_list_query_from_a_link_without_id_or_clauses_in_one_line() -> None:
    made = json.loads(dataview_base('list from [[Books|my books]] where contains(tags, "x")'))
    assert made["filters"] == {"and": ['file.hasLink(link("Books"))', 'contains ( tags , "x" )']}
    assert made["views"][0]["type"] == "list"
    plain = json.loads(dataview_base('TABLE WITHOUT ID file.link AS "Note", 1.5 * rating'))
    assert plain["views"][0]["order"] == ["file", "1.5 * rating"]
    linked = json.loads(dataview_base("LIST WHERE author = [[Kevin Kelly|KK]]"))
    assert linked["filters"] == {"and": ['author == link("Kevin Kelly")']}


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("CALENDAR FROM #x", "CALENDAR"),
        ("CALENDAR file.day GROUP BY x", "GROUP BY in a CALENDAR query"),
        ("CALENDAR file.day, due", "CALENDAR file.day, due"),
        ("GRID file.day", "the query type GRID"),
        ("", "no query type"),
        ("LIST GROUP BY a GROUP BY b", "GROUP BY twice"),
        (
            "LIST WHERE file.mtime > date(today) - dur(1 week)",
            "`date(today)`, the day of the build",
        ),
        ("LIST WHERE due < date(NOW)", "`date(NOW)`, the day of the build"),
        # pweissneo/second-brain-quartz, Metadata and Tagging.md: told as "expected `,`"
        (
            "LIST FROM #note WHERE date > date(today - 7 days)",
            "`date(today - 7 days)`, the day of the build",
        ),
        ("LIST FROM inlinks([[x]])", "the source inlinks([[x]])"),
        ("LIST LIMIT many", "LIMIT many"),
    ],
)
def test_what_is_not_read_is_named(query: str, why: str) -> None:
    with pytest.raises(NotRead) as caught:
        dataview_base(query)
    assert str(caught.value) == why


def test_a_field_named_like_a_day_is_no_day_of_the_build() -> None:
    assert "nowhere" in dataview_base("LIST WHERE x = date(nowhere)")


def test_a_query_block_is_its_table_and_one_not_read_stays_as_written(tmp_path: Path) -> None:
    notes = {
        "a.md": "---\ntags: [book]\nrating: 7\n---\nA.\n",
        "b.md": "---\ntags: [book]\nrating: 9\n---\nB.\n",
        "c.md": "---\ntags: [film]\nrating: 8\n---\nC.\n",
        "list.md": (
            '# Books\n\n```dataview\nTABLE rating AS "Rating"\nFROM #book\nSORT rating DESC\n```\n\n'
            "```dataview\nLIST WHERE file.mtime > date(today)\n```\n"
        ),
    }
    for rel, text in notes.items():
        write(f"notes/{rel}", text)(tmp_path)
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / "site"))
    assert result.written
    problems = [(d.code, d.pos.line) for d in result.diagnostics if d.code.startswith("dataview")]
    assert problems == [("dataview-unsupported", 10)]
    page = (tmp_path / "site/list/index.html").read_text(encoding="utf-8")
    table = page[page.index('<div class="base-view"') : page.index("</table>")]
    assert "<th>File</th><th>Rating</th>" in table
    assert table.index(">b</a></td><td>9</td>") < table.index(">a</a></td><td>7</td>")
    assert ">c</a>" not in table
    assert '<code class="language-dataview">LIST WHERE file.mtime' in page


def test_inline_fields_are_read_as_dataview_reads_them_outside_code() -> None:
    body = (
        "Rating:: 4\n- **Author**:: [[Kevin Kelly]]\nRead it [status:: done] (pages:: 320).\n"
        "```\ncode:: 1\n```\nTag:: a\nTag:: b\nDone:: true\n"
    )
    assert inline_fields(body) == {
        "Rating": 4,
        "rating": 4,
        "Author": "[[Kevin Kelly]]",
        "author": "[[Kevin Kelly]]",
        "Tag": ["a", "b"],
        "tag": ["a", "b"],
        "Done": True,
        "done": True,
        "status": "done",
        "pages": 320,
    }
    assert inline_fields("No fields: here.\n") == {}


def test_front_matter_wins_over_an_inline_field_of_the_same_name() -> None:
    made = parse_note(NoteFile("a.md", "---\nrating: 5\n---\nrating:: 2\nlength:: 3\n", "d", "a"))
    assert made.entry is not None
    assert json.loads(made.entry.properties) == {"rating": 5, "length": 3}


def test_a_query_reads_inline_fields(tmp_path: Path) -> None:
    notes = {
        "a.md": "# A\n\nRating:: 7\n",
        "b.md": "# B\n\nI gave it [rating:: 3].\n",
        "list.md": "# L\n\n```dataview\nTABLE rating\nWHERE rating > 5\n```\n",
    }
    for rel, text in notes.items():
        write(f"notes/{rel}", text)(tmp_path)
    assert build_site(BuildOptions(root=tmp_path, out=tmp_path / "site")).written
    page = (tmp_path / "site/list/index.html").read_text(encoding="utf-8")
    table = page[page.index('<div class="base-view"') : page.index("</table>")]
    assert ">A</a></td><td>7</td>" in table and ">B</a>" not in table


def test_fields_named_in_any_script_are_read(tmp_path: Path) -> None:
    """`TABLE 时间, año` (a vault in Chinese, in Spanish): each name is one field, as Dataview
    reads it, where its letters were read one by one and the query left as written."""
    made, problems = dataview_findings("table 时间, año\nfrom #dvtest\nwhere año > 1990\n")
    assert problems == []
    assert json.loads(made)["views"][0]["order"] == ["file.name", "时间", "año"]
    notes = {
        "a.md": "---\ntags: [dvtest]\n时间: 2022-05-01\n---\n# A\n\naño:: 1999\n",
        "b.md": "---\ntags: [dvtest]\n---\n# B\n\naño:: 1980\n",
        "list.md": "# L\n\n```dataview\nTABLE 时间, año FROM #dvtest WHERE año > 1990\n```\n",
    }
    for rel, text in notes.items():
        write(f"notes/{rel}", text)(tmp_path)
    assert build_site(BuildOptions(root=tmp_path, out=tmp_path / "site")).written
    page = (tmp_path / "site/list/index.html").read_text(encoding="utf-8")
    table = page[page.index('<div class="base-view"') : page.index("</table>")]
    assert "<th" in table and "时间" in table and "año" in table
    assert ">A</a></td><td>2022-05-01</td><td>1999</td>" in table and ">B</a>" not in table


def test_an_inline_field_of_thousands_of_digits_is_text() -> None:
    assert inline_fields("n:: " + "9" * 5000 + "\n") == {"n": "9" * 5000}


def test_a_query_reading_several_things_not_read_is_one_warning_naming_them() -> None:
    made, problems = dataview_findings('TABLE striptime(acquired), containsword(title, "x")')
    assert made == ""
    assert problems == [
        (
            "dataview-unsupported",
            "this query uses the function `striptime()`, the function `containsword()`, "
            "which notebase does not read",
        )
    ]


def test_a_fence_inside_another_kind_of_fence_opens_no_code() -> None:
    body = "~~~\n```\nin:: code\n~~~\nout:: 2\n````\n```\nalso:: code\n````\n"
    assert inline_fields(body) == {"out": 2}


def test_dql_words_are_read_in_any_case() -> None:
    made = json.loads(dataview_base("LIST WHERE a = 1 And b = 2 OR c"))
    assert made["filters"] == {"and": ["a == 1 && b == 2 || c"]}


def build_pages(tmp_path: Path, notes: dict[str, str], out: str = "site") -> dict[str, str]:
    """Each note's page (by its slug) once the notes are built, and the query warnings' lines."""
    for rel, text in notes.items():
        if not (tmp_path / "notes" / rel).exists():
            write(f"notes/{rel}", text)(tmp_path)
    result = build_site(BuildOptions(root=tmp_path, out=tmp_path / out))
    assert result.written
    pages = {
        rel.removesuffix(".md").lower(): (
            tmp_path / out / rel.removesuffix(".md").lower() / "index.html"
        ).read_text(encoding="utf-8")
        for rel in notes
    }
    lines = [str(d.pos.line) for d in result.diagnostics if d.code == "dataview-unsupported"]
    return pages | {"warned": ",".join(lines)}


def listed_notes(page: str) -> list[list[str]]:
    """The names each query's list or table shows, in its order."""
    views = re.findall(r'<div class="base-view".*?</div>', page, re.S)
    return [re.findall(r'<(?:li|td)><a class="wikilink"[^>]*>([^<]*)</a>', v) for v in views]


def test_file_times_are_the_notes_dates_not_the_files(tmp_path: Path) -> None:
    notes = {
        "a.md": "---\ncreated: 2024-01-02\nmodified: 2024-02-03\n---\nA.\n",
        "b.md": "---\ndate: 2023-05-06\n---\nB.\n",
        "daily/2024-03-05.md": "A day.\n",
        "c.md": "No date.\n",
        "recent.md": (
            "# Recent\n\n```dataview\nTABLE file.ctime AS Created, file.mday, file.day\n"
            "WHERE file.name != this.file.name\nSORT file.mtime DESC\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    table = pages["recent"][pages["recent"].index('<div class="base-view"') :]
    assert "<th>File</th><th>Created</th><th>file.mday</th><th>file.day</th>" in table
    assert ">2024-03-05</a></td><td>2024-03-05</td><td>2024-03-05</td><td>2024-03-05</td>" in table
    assert ">a</a></td><td>2024-01-02</td><td>2024-02-03</td><td>2024-01-02</td>" in table
    assert ">b</a></td><td>2023-05-06</td><td>2023-05-06</td><td>2023-05-06</td>" in table
    assert ">c</a></td><td></td><td></td><td></td>" in table
    # by its modified date, newest first; a note saying no date last
    assert listed_notes(table) == [["2024-03-05", "a", "b", "c"]]
    # a file's times are no part of what the site shows
    os.utime(tmp_path / "notes/b.md", (1e9, 1e9))
    again = build_pages(tmp_path, notes, "site2")
    assert again["recent"] == pages["recent"]


def test_outgoing_and_the_note_holding_the_query_as_sources(tmp_path: Path) -> None:
    notes = {
        "a.md": "A links [[b]] and [[hub]].\n",
        "b.md": "B links [[hub]].\n",
        "c.md": "C links nothing.\n",
        "hub.md": (
            "Hub links [[a]] and [[c]].\n\n"
            "```dataview\nLIST FROM outgoing([[]])\n```\n\n"
            "```dataview\nLIST FROM [[]]\n```\n\n"
            "```dataview\nLIST FROM outgoing([[a]]) and -[[a]]\n```\n\n"
            "```dataview\nTABLE file.inlinks AS Backlinks FROM outgoing([[hub|the hub]])\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    assert listed_notes(pages["hub"]) == [
        ["a", "c"],  # the notes the hub links to
        ["a", "b"],  # the notes linking to it
        ["b"],  # a links to b and the hub; the hub, linking to a, is left out
        ["a", "hub", "c", "hub"],  # each with the notes linking to it
    ]


def test_outgoing_sources_in_the_bases_language() -> None:
    made = json.loads(dataview_base("LIST FROM outgoing([[Books#Part|x]]) or -outgoing([[]])"))
    assert made["filters"] == {
        "and": ['file.inlinks.contains(link("Books")) || !file.inlinks.contains(this.file)']
    }
    dates = json.loads(dataview_base("TABLE file.ctime, file.etags SORT file.mtime"))
    assert dates["views"][0]["order"] == ["file.name", "file.cday", "file.tags"]
    assert dates["views"][0]["sort"] == [{"property": "file.mday", "direction": "ASC"}]


def test_a_task_query_lists_the_tasks_of_the_notes_it_matches_under_each(tmp_path: Path) -> None:
    notes = {
        "projects/garden.md": (
            "# Garden\n\n- [ ] buy seeds for [[kitchen]]\n- [x] dig the bed\n"
            "  - [/] water it\n- [-] build a shed\n\n```\n- [ ] in code\n```\n"
        ),
        "projects/kitchen.md": "# Kitchen\n\nSome text.\n\n1. [ ] paint the *wall*\n",
        "other.md": "# Other\n\n- [ ] elsewhere\n",
        "tasks.md": (
            '# Tasks\n\n```dataview\nTASK\nFROM "projects"\nWHERE !completed\nGROUP BY file.link\n```\n\n'
            "```dataview\ntask where completed\n```\n\n"
            '```dataview\nTASK WHERE status = "-" or contains(text, "elsewhere")\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["tasks"], re.S)
    assert len(views) == 3
    heads = [re.findall(r'<p class="task-note"><a [^>]*>([^<]*)</a> \((\d+)\)', v) for v in views]
    assert heads == [
        [("Garden", "3"), ("Kitchen", "1")],  # `[/]` and `[-]` are checked, not completed
        [("Garden", "1")],
        [("Other", "1"), ("Garden", "1")],
    ]
    items = re.findall(r"<li[^>]*>(<input[^>]*>)(.*?)</li>", views[0])
    assert [text.strip() for _, text in items] == [
        'buy seeds for <a class="wikilink" href="../projects/kitchen/index.html" '
        'data-title="Kitchen">kitchen</a>',
        "water it",
        "build a shed",
        "paint the <em>wall</em>",
    ]
    assert ["checked" in box for box, _ in items] == [False, True, True, False]
    assert "4 tasks" in views[0] and "in code" not in pages["tasks"]


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("TASK WHERE !fullyCompleted", "`fullyCompleted`"),
        ("TASK WHERE length(children) > 0", "`children`"),
        ("TASK file.name", "TASK file.name"),
    ],
)
def test_what_of_a_task_is_not_read_is_named(query: str, why: str) -> None:
    with pytest.raises(NotRead) as caught:
        dataview_base(query)
    assert str(caught.value) == why


def test_a_task_query_reads_its_note_s_fields() -> None:
    made = json.loads(dataview_base('TASK FROM #x WHERE contains(file.tags, "due") GROUP BY file'))
    assert made["views"][0]["type"] == "task"
    assert made["filters"] == {"and": ['file.hasTag("x")', 'contains ( file.tagLevels , "due" )']}


def test_a_grouped_query_has_a_row_for_each_group_keyed_by_what_its_notes_share(
    tmp_path: Path,
) -> None:
    notes = {
        "books/dune.md": "---\nstatus: read\n---\nD.\n",
        "books/emma.md": "---\nstatus: reading\n---\nE.\n",
        "films/alien.md": "---\nstatus: read\n---\nA.\n",
        "plain.md": "No status.\n",
        "shelf.md": (
            '# Shelf\n\n```dataview\nTABLE length(rows) AS Count, rows.file.link AS "Notes"\n'
            "WHERE status\nGROUP BY file.folder AS Folder\n```\n\n"
            '```dataview\nTABLE WITHOUT ID key AS "Status", join(rows.file.link, " | ") AS Notes\n'
            "WHERE status\nGROUP BY status\nSORT length(rows) DESC\n```\n\n"
            "```dataview\nLIST rows.file.link\nWHERE status\nGROUP BY status\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["shelf"], re.S)
    cells = [re.findall(r"<tr>(.*?)</tr>", v) for v in views[:2]]
    assert [re.sub(r"<a [^>]*>([^<]*)</a>", r"[\1]", c) for c in cells[0]] == [
        "<th>Folder</th><th>Count</th><th>Notes</th>",
        "<td>books</td><td>2</td><td>[dune], [emma]</td>",
        "<td>films</td><td>1</td><td>[alien]</td>",
    ]
    assert [re.sub(r"<a [^>]*>([^<]*)</a>", r"[\1]", c) for c in cells[1]] == [
        "<th>Status</th><th>Notes</th>",
        "<td>read</td><td>[dune] | [alien]</td>",  # the larger group first, its notes by path
        "<td>reading</td><td>[emma]</td>",
    ]
    items = re.sub(r"\s+", "", re.sub(r"<a [^>]*>([^<]*)</a>", r"[\1]", views[2]))
    assert "<li>read<ul><li>[dune]</li><li>[alien]</li></ul></li><li>reading<ul>" in items
    assert "2 groups" in views[2]


def test_a_sort_after_group_by_orders_the_groups() -> None:
    made = json.loads(
        dataview_base("TABLE rows.file.name SORT rating GROUP BY genre SORT key DESC")
    )
    view = made["views"][0]
    assert view["sort"] == [{"property": "rating", "direction": "ASC"}]
    assert view["dataviewGroup"] == {"property": "genre", "name": "genre"}
    assert view["dataviewGroupSteps"] == [
        {
            "property": "",
            "name": "",
            "filter": "",
            "sort": [{"property": "key", "direction": "DESC"}],
        }
    ]
    assert view["order"] == ["file.name", "rows.file.basename"]
    assert made["properties"]["file.name"] == {"displayName": "genre"}


def test_file_fields_dataview_has_not_are_null_and_its_front_matter_the_note_s() -> None:
    made = json.loads(
        dataview_base(
            'TABLE file.establishment_type AS "Type", file.frontmatter.url, file.aliases\n'
            "WHERE this.file.frontmatter.area = area"
        )
    )
    assert made["views"][0]["order"] == ["file.name", "null", "note.url", "aliases"]
    assert made["properties"]["null"] == {"displayName": "Type"}
    assert made["filters"] == {"and": ["this.area == area"]}
    _, problems = dataview_findings("TABLE file.size")  # Dataview's, not read
    assert problems == [
        ("dataview-unsupported", "this query uses `file.size`, which notebase does not read")
    ]


def test_a_function_named_in_capitals_is_told_its_name() -> None:
    # rockman007372/Obsidian-Vault's daily template queries WHERE CONTAINS(date, "…") (111 daily
    # notes): Dataview knows no CONTAINS either; the warning said only that notebase does not read it
    _, problems = dataview_findings('TABLE FROM #news WHERE CONTAINS(date, "2023-10-17 Tuesday")')
    assert problems == [
        (
            "dataview-unsupported",
            "this query uses the function `CONTAINS()` (functions are named in lower case:"
            " `contains()`), which notebase does not read",
        )
    ]
    _, problems = dataview_findings("TABLE WHERE nosuch(date)")
    assert problems[0][1] == "this query uses the function `nosuch()`, which notebase does not read"


def test_a_grouped_task_query_lists_its_tasks_under_each_key(tmp_path: Path) -> None:
    notes = {
        "daily/2024-03-05.md": "- [ ] water [[garden]]\n- [x] dig\n",
        "daily/2024-03-04.md": "- [>] move to tomorrow\n",
        "garden.md": "---\ncreated: 2024-03-05\n---\n- [ ] buy seeds\n",
        "tasks.md": "# T\n\n```dataview\nTASK WHERE !completed GROUP BY file.day\nSORT key DESC\n```\n",
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    view = pages["tasks"][pages["tasks"].index('<div class="base-view"') :]
    shown = re.findall(r'<p class="task-(key|note)">(?:<a [^>]*>)?([^<]*)(?:</a>)? \((\d+)\)', view)
    assert shown == [
        ("key", "2024-03-05", "2"),
        ("note", "2024-03-05", "1"),
        ("note", "garden", "1"),
        ("key", "2024-03-04", "1"),
        ("note", "2024-03-04", "1"),
    ]
    assert "2 groups" in view and ">dig<" not in view


def test_flatten_makes_a_row_of_each_value_which_a_where_after_it_reads(tmp_path: Path) -> None:
    notes = {
        "pea-soup.md": "---\ntags: [recipe, soup]\n---\nP.\n",
        "bread.md": "---\ntags: [recipe]\n---\nB.\n",
        "essay.md": "---\ntags: [writing]\nauthors: [Ann, Bo]\n---\nE.\n",
        "tagindex.md": (
            '# Index\n\n```dataview\nTABLE WITHOUT ID (tag + " (" + length(rows) + ")") AS Tag, '
            "rows.file.link AS Notes\nFROM #recipe\nFLATTEN file.tags AS tag\nGROUP BY tag\n"
            "SORT length(rows) DESC\n```\n\n"
            '```dataview\nTABLE authors\nWHERE authors\nFLATTEN authors\nWHERE authors != "Ann"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["tagindex"], re.S)
    rows = [
        re.sub(r"<a [^>]*>([^<]*)</a>", r"[\1]", r) for r in re.findall(r"<tr>(.*?)</tr>", views[0])
    ]
    assert rows[1:] == [
        "<td>#recipe (2)</td><td>[bread], [pea-soup]</td>",
        "<td>#soup (1)</td><td>[pea-soup]</td>",
    ]
    assert re.findall(r"<tr>(.*?)</tr>", views[1])[1:] == [
        '<td><a class="wikilink" href="../essay/index.html">essay</a></td><td>Bo</td>'
    ]
    with pytest.raises(NotRead) as caught:
        dataview_base("LIST FLATTEN file.tags")  # no name its values can be read by
    assert str(caught.value) == "FLATTEN file.tags"


def test_a_tag_or_link_of_letters_beyond_ascii_is_read_as_written(tmp_path: Path) -> None:
    assert json.loads(dataview_base("LIST FROM #Domäne or [[Café]]"))["filters"] == {
        "and": ['file.hasTag("Domäne") || file.hasLink(link("Café"))']
    }
    notes = {
        "norm.md": "---\ntags: [Domäne/Maschinen]\n---\nN.\n",
        "other.md": "---\ntags: [Domain]\n---\nO.\n",
        "q.md": "# Q\n\n```dataview\nLIST FROM #Domäne\n```\n",
    }
    assert listed_notes(build_pages(tmp_path, notes)["q"]) == [["norm"]]


def test_a_tag_of_underscores_is_found_as_written(tmp_path: Path) -> None:
    """`FROM #Data_Structure` named the tag as written while the note's tags are the site's
    names of them (`data-structure`), so no note had it; the tag named is now named so too.
    (Found reading hasTag while the tags as written were added for file.tags: tags such as
    `#MAPPING_METHOD` are written in xihuanxiaorang/my-obsidian-notes.)"""
    notes = {
        "a.md": "---\ntags: [Data_Structure]\n---\nA #Java_SE note.\n",
        "b.md": "---\ntags: [data structure]\n---\nB.\n",
        "q.md": (
            "# Q\n\n```dataview\nLIST FROM #Data_Structure\n```\n\n"
            "```dataview\nLIST FROM #java_se\n```\n"
        ),
    }
    assert listed_notes(build_pages(tmp_path, notes)["q"]) == [["a", "b"], ["a"]]


def test_a_date_written_in_a_query_and_text_functions_are_read(tmp_path: Path) -> None:
    notes = {
        "daily/2023-02-19.md": "A day.\n",
        "made.md": "---\ncreated: 2023-02-19T10:30\nmodified: 2023-03-01\n---\nM.\n",
        "old.md": "---\ncreated: 2022-01-01\n---\nO.\n",
        "day.md": (
            '# Day\n\n```dataview\nTABLE string(split(string(file.mday), "-")[1]) AS "Month"\n'
            'WHERE file.cday = date("2023-02-19")\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    rows = re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td><td>([^<]*)</td></tr>", pages["day"])
    assert rows == [("2023-02-19", "02"), ("made", "03")]


def test_a_task_s_dates_are_its_own_not_its_note_s(tmp_path: Path) -> None:
    notes = {
        "plan.md": (
            "---\ncreated: 2024-01-01\n---\n- [x] sow ✅ 2024-03-02\n- [ ] water 📅 2024-03-09\n"
            "- [ ] weed [due:: 2024-04-01]\n- [ ] rest\n"
        ),
        "tasks.md": (
            '# T\n\n```dataview\nTASK WHERE completion = date("2024-03-02")\n```\n\n'
            "```dataview\nTASK WHERE due\nSORT due DESC\n```\n\n"
            "```dataview\nTASK WHERE created\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["tasks"], re.S)
    texts = [re.findall(r"</?input[^>]*> ([^<]*?)\s*</li>", v) for v in views]
    assert texts == [["sow ✅ 2024-03-02"], ["weed [due:: 2024-04-01]", "water 📅 2024-03-09"], []]


def test_file_tags_holds_each_level_of_a_nested_tag_and_etags_the_tags_as_written(
    tmp_path: Path,
) -> None:
    notes = {
        "ml.md": "---\ntags: [ml/deep-learning, ml/vision]\n---\nM.\n",
        "q.md": '# Q\n\n```dataview\nTABLE file.tags, file.etags\nWHERE contains(file.tags, "#ml")\n```\n',
    }
    pages = build_pages(tmp_path, notes)
    assert re.findall(r"<td>(#[^<]*)</td>", pages["q"]) == [
        "#ml, #ml/deep-learning, #ml/vision",
        "#ml/deep-learning, #ml/vision",
    ]


def test_file_tags_are_the_tags_as_written_which_a_query_compares(tmp_path: Path) -> None:
    """Dataview's file.tags keep the tags' case as the note writes them: a real vault's reading
    lists (xihuanxiaorang/my-obsidian-notes, Articles/Vue/README.md) leave two out with
    `filter(file.tags, (x) => x != "#Resource" and x != "#Frontend/Vue")`, which compared them
    with the site's lowercase names and so left none out. FROM #tag reads any case."""
    notes = {
        "Vue3.md": "---\ntags: [Resource, Frontend/Vue, Tutorial]\n---\nA #Video note.\n",
        "Vue.md": (
            "# Vue\n\n```dataview\nTABLE WITHOUT ID\n"
            '  join(filter(file.tags, (x) => x != "#Resource" and x != "#Frontend/Vue"), " ")'
            ' AS "🏷️ 标签", file.etags AS E\nFROM #Resource AND #frontend/vue\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    assert re.findall(r"<td>(#[^<]*)</td>", pages["vue"]) == [
        "#Frontend #Tutorial #Video",
        "#Resource, #Frontend/Vue, #Tutorial, #Video",
    ]


def test_a_column_of_an_expression_over_a_thousand_characters_is_read(tmp_path: Path) -> None:
    # (YAML reads no key that long: the base a query makes is read as the JSON it is)
    long = " + ".join(f'"{n:03}"' for n in range(200))
    notes = {
        "a.md": "A.\n",
        "q.md": f'# Q\n\n```dataview\nTABLE length({long}) AS "Length"\nWHERE file.name = "a"\n```\n',
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    assert "<th>File</th><th>Length</th>" in pages["q"]
    assert ">a</a></td><td>600</td>" in pages["q"]


def test_regular_expressions_choose_and_rewrite_as_dataview_s(tmp_path: Path) -> None:
    notes = {
        "Calendar/Logs/2024-01-01-standup.md": "---\ncreated: 2024-01-01\n---\nS.\n",
        "Calendar/Ideas/2024-01-02.md": "I.\n",
        "Calendar/someday.md": "---\ncreated: 2024-01-01\n---\nSomeday.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE WITHOUT ID file.link AS "Note",\n'
            '  regexreplace(file.path, ".*/([^/]+)/[^/]+$", "$1") AS "Parent",\n'
            '  regexreplace(file.name, ".*?(\\\\d{4}-\\\\d{2}-\\\\d{2}).*", "$1") AS "Day"\n'
            'FROM "Calendar"\nWHERE regextest("\\\\d{4}-\\\\d{2}-\\\\d{2}", file.name)\n'
            "SORT file.name DESC\n```\n\n"
            # a pattern starting with ^ is not put between ^ and $ (Dataview's regexmatch)
            '```dataview\nLIST WHERE file.cday = date("2024-01-01")'
            ' AND !regexmatch("^\\d{4}-\\d{2}-\\d{2}", file.name)\n```\n\n'
            '```dataview\nLIST WHERE regexmatch("\\d{4}-\\d{2}-\\d{2}", file.name)\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    rows = re.findall(
        r"<tr><td><a [^>]*>([^<]*)</a></td><td>([^<]*)</td><td>([^<]*)</td>", pages["q"]
    )
    assert rows == [
        ("2024-01-02", "Ideas", "2024-01-02"),
        ("2024-01-01-standup", "Logs", "2024-01-01"),
    ]
    assert listed_notes(pages["q"])[1:] == [["someday"], ["2024-01-02"]]


def test_a_pattern_the_matcher_does_not_run_is_a_warning_and_the_query_stays(
    tmp_path: Path,
) -> None:
    notes = {
        "a.md": "A.\n",
        "q.md": '# Q\n\n```dataview\nLIST WHERE regextest("(a)\\\\1", file.name)\n```\n',
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == "4"
    assert '<code class="language-dataview">LIST WHERE regextest' in pages["q"]
    message = dataview_findings('LIST WHERE regextest("(a+)\\\\1", file.name)')[1][0][1]
    assert message == (
        "this query uses the pattern `(a+)\\1` of `regextest()` (`\\1`), which notebase does not read"
    )


def test_meta_of_a_link_reads_its_path_alias_part_and_kind(tmp_path: Path) -> None:
    notes = {
        "shelf/books.md": "---\nrating: 4\n---\n# Part 2\n\nB.\n",
        "r.md": '---\nrelated: "[[books#Part 2|the second]]"\nsee: "![[missing#^b1]]"\n---\nR.\n',
        "q.md": (
            "# Q\n\n```dataview\nTABLE WITHOUT ID file.link AS Note, meta(related).path AS Path,"
            " meta(related).display AS Shown, meta(related).subpath AS Part,"
            " meta(related).type AS Kind, meta(see).path AS Other, meta(see).type AS K2,"
            " meta(see).embed AS Embedded, related.rating AS Rating\n"
            "WHERE related\n```\n\n"
            # the notes a note links to that are in a folder (a link's `file`: its note's)
            "```dataview\nLIST FLATTEN file.outlinks AS out"
            ' WHERE out.file AND contains(meta(out).path, "/")\n```\n\n'
            '```dataview\nTABLE WITHOUT ID link(file.link, "→ " + file.name) AS Shown,'
            ' choice(rating > 3, "good", "fair") AS Verdict, meta(embed(file.link)).embed AS E\n'
            'FROM "shelf"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    cells = re.findall(r"<td>(.*?)</td>", pages["q"])
    assert cells[:9] == [
        '<a class="wikilink" href="../r/index.html">r</a>',
        "shelf/books.md",
        "the second",
        "Part 2",
        "header",
        "missing",
        "block",
        "true",
        "4",
    ]
    assert listed_notes(pages["q"])[1] == ["r"]
    assert cells[9:] == [
        '<a class="wikilink" href="../shelf/books/index.html">→ books</a>',
        "good",
        "true",
    ]


def test_a_calendar_query_is_a_table_for_each_month_with_its_days_notes_listed(
    tmp_path: Path,
) -> None:
    notes = {
        "daily/2024-02-29.md": "---\ntags: [day]\n---\nLeap.\n",
        "soup.md": "---\ntags: [day]\ncreated: 2024-02-29T18:00\n---\nSoup.\n",
        "daily/2024-04-01.md": "---\ntags: [day]\n---\nApril.\n",
        "undated.md": "---\ntags: [day]\n---\nNo day.\n",
        "cal.md": "# Cal\n\n```dataview\nCALENDAR file.ctime\nFROM #day\n```\n",
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    view = pages["cal"][pages["cal"].index('<div class="base-view"') :]
    assert '<span class="counts">3 notes</span>' in view
    # newest month first; March of 2024 holds no note, so it has no table
    assert re.findall(r"<caption>([^<]*)</caption>", view) == ["April 2024", "February 2024"]
    head = "".join(
        f'<th scope="col" abbr="{d}">{d[:2]}</th>'
        for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    )
    assert view.count(f"<tr>{head}</tr>") == 2
    february = view[view.index("<caption>February 2024") :]
    weeks = re.findall(r"<tr>(<td.*?)</tr>", february[: february.index("</table>")])
    # 1 February 2024 was a Thursday; the 29th a Thursday, with two notes
    assert weeks[0] == "<td></td>" * 3 + "".join(f"<td>{n}</td>" for n in range(1, 5))
    assert len(weeks) == 5
    assert weeks[4].startswith("<td>26</td><td>27</td><td>28</td>")
    assert (
        '<td class="calendar-marked">29<span class="calendar-dots" aria-hidden="true">'
        '<span class="calendar-dot"></span><span class="calendar-dot"></span></span>'
        '<span class="visually-hidden">, 2 notes</span></td>'
    ) in weeks[4]
    assert weeks[4].endswith("<td></td><td></td><td></td>")
    items = re.findall(r'<li><time datetime="([^"]*)">([^<]*)</time>: (.*?)</li>', february)
    assert [(d, shown, re.findall(r">([^<]+)</a>", links)) for d, shown, links in items] == [
        ("2024-02-29", "29 February", ["2024-02-29", "soup"])
    ]


def test_a_note_s_outlinks_are_its_notes_by_name_and_each_has_a_file(tmp_path: Path) -> None:
    write("notes/Reading List.md", "R.\n")(tmp_path)  # (its page's address is not its name)
    notes = {
        "a.md": "See [[Reading List]].\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE file.outlinks AS Out WHERE file.name = "a"\n```\n\n'
            "```dataview\nLIST FLATTEN file.outlinks AS out WHERE !out.file\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    link = (
        r'<td><a class="wikilink" href="\.\./reading-list[^"/]*/index\.html">Reading List</a></td>'
    )
    assert re.search(link, pages["q"])
    assert listed_notes(pages["q"])[1] == []  # the link leads to a note: none is left to write


@pytest.mark.parametrize(
    ("pattern", "want"),
    [
        ("yyyy-MM-dd", "2024-03-05"),
        ("EEE, MMM dd, yyyy", "Tue, Mar 05, 2024"),  # (alexdonega's maps write dates so)
        ("EEEE d MMMM yy", "Tuesday 5 March 24"),
        ("M/d H:mm:ss", "3/5 9:07:05"),
        ("hh:mm a", "09:07 AM"),
        ("yyyy-Qq", "2024-Q1"),  # `Q` is no token: kept, as Luxon keeps it
        ("'Week' W 'of' kkkk, 'day' o", "Week 10 of 2024, day 65"),
        ("ccc MMMMM EEEEE", "Tue M T"),
        ("DDDD", "Tuesday, March 5, 2024"),
        ("DD, t", "Mar 5, 2024, 9:07 AM"),
        ("ddd yyy", "ddd yyy"),  # runs Luxon does not know
        ("", ""),
    ],
)
def test_dateformat_writes_luxon_s_tokens_in_english(pattern: str, want: str) -> None:
    when = read_when("2024-03-05T09:07:05")
    assert when is not None
    assert dateformat(when, pattern) == want


def test_a_date_is_read_at_midnight_and_a_zone_of_the_build_is_not_read() -> None:
    midnight = read_when("2024-12-30")  # a Monday: ISO's week 1 of 2025
    assert midnight is not None and dateformat(midnight, "h a, HH 'h', kkkk-'W'WW") == (
        "12 AM, 00 h, 2025-W01"
    )
    assert read_when("2023-02-30") is None and read_when("March 5") is None
    with pytest.raises(Unreadable):
        dateformat(midnight, "yyyy ZZ")
    assert dataview_findings('LIST WHERE dateformat(file.day, "yyyy ZZZ") = "x"')[1] == [
        (
            "dataview-unsupported",
            "this query uses the date token `ZZZ`, which needs the zone of the build, which "
            "notebase does not read",
        )
    ]


def test_dateformat_and_a_date_s_fields_choose_and_show_notes(tmp_path: Path) -> None:
    notes = {
        "projects/alpha.md": "---\nfinished: 2022-07-14\n---\nA.\n",
        "projects/beta.md": "---\nfinished: 2022-07-02T18:30\n---\nB.\n",
        "projects/gamma.md": "---\nfinished: 2021-07-14\n---\nC.\n",
        "daily/2022-02-17.md": "D.\n",
        "daily/2021-02-17.md": "E.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE dateformat(finished, "EEE, MMM dd, yyyy") AS Date\n'
            'FROM "projects"\nWHERE dateformat(date(finished), "yyyy-MM") = "2022-07"\n'
            "SORT finished\n```\n\n"
            '```dataview\nLIST FROM "daily"\nWHERE dateformat(file.day, "MM-dd") = "02-17" '
            "AND file.day.year != 2022 AND file.day.weekday = 3\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    rows = re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td><td>([^<]*)</td></tr>", pages["q"])
    assert rows == [("beta", "Sat, Jul 02, 2022"), ("alpha", "Thu, Jul 14, 2022")]
    assert listed_notes(pages["q"])[1] == ["2021-02-17"]  # a Wednesday


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("round(2.5)", 3),
        ("round(-2.5)", -2),  # halves up, as JavaScript's Math.round
        ("round(2.675, 2)", 2.67),  # (2.675 is stored as 2.67499…, as toFixed sees it)
        ("round(7 / 3, 1)", 2.3),
        ("round(null)", None),
        ("sum(list(1, 2, 3.5))", 6.5),
        ("sum(list())", None),
        ('sum(list("a", 1))', "a1"),
        ("product(list(2, 3))", 6),
        ("min(3, 1, 2)", 1),
        ("max(list(3, 10, null))", 10),
        ('max("b", "a")', "b"),
        ('icontains("Lorem IPSUM", "ipsum")', True),
        ('icontains(list("A", list("Bee")), "bee")', True),
        ('contains("Lorem IPSUM", "ipsum")', False),
        ('econtains(list("abc", "d"), "ab")', False),
        ('econtains(list("abc", "d"), "d")', True),
        ('econtains("abc", "ab")', True),
        ('replace("a-b-c", "-", "+")', "a+b+c"),
        ('replace("abc", "", "-")', "a-b-c"),  # as JavaScript's split("") and join
        ('replace(null, "a", "b")', None),
        ('default(missing, "none")', "none"),
        ("default(list(1, null), 0)", [1, 0]),
        ("nonnull(1, null, 2)", [1, 2]),
        ('padleft("7", 3, "0")', "007"),
        ('padright("ab", 5, "xy")', "abxyx"),
        ('padleft("abcd", 2)', "abcd"),
        ('truncate("Hello there!", 8)', "Hello..."),
        ('truncate("Hello there!", 8, "/")', "Hello t/"),
        # `substring(this.file.name, 6)`, as a weekly note's query names its week
        # (AdamMambetov/Obsidian, periodic/weekly/2023-W51.md); a query using it was not read
        ('substring("2023-W51", 6)', "51"),
        ('substring("Hello", 1, 3) + substring("Hello", 3, 1)', "elel"),
        ('substring("Hello", -2, 99)', "Hello"),
        ("substring(null, 1)", None),
        # a date's fields as Dataview reads them: weekyear is the ISO week's number, week the
        # week of the month; that weekly note's query, string(file.day.weekyear) =
        # substring(this.file.name, 6), lists the daily notes of week 51 (2023-12-18 to 24)
        ('date("2023-12-18").weekyear + 0', 51),
        ('date("2023-12-18").week + date("2024-12-30").weekyear * 10', 13),
        ('string(date("2023-12-20").weekyear) = substring("2023-W51", 6)', True),
        ("reverse(list(1, 2, 3))", [3, 2, 1]),
        ('typeof(1) + typeof("x") + typeof(list()) + typeof(null)', "numberstringarraynull"),
        ('typeof(date("2024-03-05"))', "date"),
        ('dateformat(list("2024-01-31", "2024-12-01"), "MMM")', ["Jan", "Dec"]),
        ('lower(upper("Ab"))', "ab"),
    ],
)
def test_dataview_s_functions_of_values(text: str, want: object) -> None:
    row = base_rows([entry_of("a.md", "A.\n")], {})[0]
    scope = Scope(read_base("filters: 'true'\n"), row, {})
    assert scope.value(parse_expression(expression(text)), row) == want


def entry_of(rel: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel, text, "digest", f"notes/{rel}"))
    assert result.entry is not None
    return result.entry


@pytest.mark.parametrize(
    "text",
    [
        f'replace("{"a" * 1000}", "a", "{"b" * 200}")',
        'padleft("x", 99999999999999999999)',
        'padright("x", 1000000, "ab")',
        "sum(" + "list(" * 300 + "1" + ")" * 301,
    ],
)
def test_a_hostile_function_call_is_a_problem_not_a_hang(text: str) -> None:
    row = base_rows([entry_of("a.md", "A.\n")], {})[0]
    scope = Scope(read_base("filters: 'true'\n"), row, {})
    with pytest.raises(Unsupported):
        scope.value(parse_expression(expression(text)), row)


def test_each_flatten_makes_rows_of_the_rows_the_last_made(tmp_path: Path) -> None:
    notes = {
        "books/dune.md": "---\ngenres: [scifi, epic]\ntopics: [desert, power]\npages: 40\n---\nD.\n",
        "books/emma.md": "---\ngenres: [romance]\ntopics: [class]\npages: 90\n---\nE.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE genres, topics\nFROM "books"\nFLATTEN genres\n'
            'FLATTEN topics\nWHERE topics != "power"\n```\n\n'
            '```dataview\nTABLE percentage\nFROM "books"\nFLATTEN round(pages / 3) AS progress\n'
            'WHERE progress < 20\nFLATTEN progress + "%" AS percentage\n```\n\n'
            '```dataview\nTABLE WITHOUT ID genre\nFROM "books"\nFLATTEN genres AS genre\n'
            "SORT genre DESC\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    cells = [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<tr>(.*?)</tr>", v)[1:]] for v in views
    ]
    assert cells[0] == [
        "dunescifidesert",
        "duneepicdesert",
        "emmaromanceclass",
    ]
    assert cells[1] == ["dune13%"]  # 40 / 3 is 13.3…, rounded 13; emma's 90 / 3 is 30, over 20
    assert cells[2] == ["scifi", "romance", "epic"]  # the SORT after FLATTEN: of its rows
    grouped = json.loads(dataview_base("TABLE x GROUP BY a FLATTEN rows AS r WHERE key > 2"))
    assert grouped["views"][0]["dataviewGroupSteps"] == [
        {"property": "rows", "name": "r", "filter": ""},
        {"property": "", "name": "", "filter": "key > 2"},
    ]
    twice = json.loads(dataview_base("TABLE x FLATTEN a AS b WHERE b WHERE c = 1"))
    assert twice["views"][0]["dataviewFlatten"][0]["filter"] == "( b ) && ( c == 1 )"
    before = json.loads(dataview_base("LIST WHERE a WHERE b"))
    assert before["filters"] == {"and": ["( a ) && ( b )"]}


def test_where_and_flatten_after_group_by_are_of_the_groups(tmp_path: Path) -> None:
    notes = {
        "books/dune.md": "---\ngenres: [scifi, epic]\nread: 80\nyear: 1965\n---\nD.\n",
        "books/emma.md": "---\ngenres: [romance]\nread: 30\nyear: 1815\n---\nE.\n",
        "books/solaris.md": "---\ngenres: [scifi]\nread: 60\nyear: 1961\n---\nS.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE rows.file.link\nFROM "books"\nGROUP BY read > 50 AS far\n'
            "WHERE far\n```\n\n"
            '```dataview\nTABLE WITHOUT ID key, n\nFROM "books"\nFLATTEN genres AS g\nGROUP BY g\n'
            "FLATTEN length(rows) AS n\nWHERE n > 1\n```\n\n"
            '```dataview\nLIST\nFROM "books"\nWHERE year > 1900\nWHERE read < 70\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    cells = [
        [re.sub(r"<[^>]+>", "|", c) for c in re.findall(r"<tr>(.*?)</tr>", v)[1:]] for v in views
    ]
    assert cells[0] == ["|true|||dune|, |solaris||"]
    assert cells[1] == ["|scifi||2|"]
    assert listed_notes(pages["q"])[2] == ["solaris"]


def test_file_lists_are_a_note_s_list_items_with_their_fields(tmp_path: Path) -> None:
    notes = {
        "daily/2022-07-22.md": (
            "## Research\n- Lorem ipsum #tag1\n- Dolor (author:: N. Surname) about [[Bee]]\n\n"
            "## Topics\n- Sit IPSUM amet\n- [x] done task\n- [ ] open task 📅 2022-08-01\n"
        ),
        "daily/2022-07-23.md": "No lists here.\n",
        "Bee.md": "B.\n",
        "q.md": (
            '# Q\n\n```dataview\nLIST WITHOUT ID L.text\nFROM "daily"\nFLATTEN file.lists AS L\n'
            'WHERE contains(L.tags, "#tag1")\n```\n\n'
            '```dataview\nTABLE L.text AS Item, L.author AS Author\nFROM "daily"\n'
            'FLATTEN file.lists AS L\nWHERE meta(L.section).subpath = "Research"\n```\n\n'
            '```dataview\nLIST L.text\nFROM "daily"\nFLATTEN file.lists AS L\n'
            'WHERE icontains(L.text, "ipsum")\n```\n\n'
            "```dataview\nTABLE WITHOUT ID length(file.lists) AS Items, length(file.tasks) AS Tasks,"
            ' length(filter_out) AS None\nFROM "daily"\n```\n\n'
            '```dataview\nLIST WITHOUT ID T.text\nFROM "daily"\nFLATTEN file.tasks AS T\n'
            "WHERE !T.completed AND T.due\n```\n\n"
            '```dataview\nLIST WITHOUT ID O\nFROM "daily"\nFLATTEN file.lists AS L\n'
            "FLATTEN L.outlinks AS O\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    items = [[re.sub(r"<[^>]+>", "", i) for i in re.findall(r"<li>(.*?)</li>", v)] for v in views]
    assert items[0] == ["Lorem ipsum #tag1"]
    rows = [re.sub(r"<[^>]+>", "|", r) for r in re.findall(r"<tr>(.*?)</tr>", views[1])[1:]]
    assert rows == [
        "||2022-07-22|||Lorem ipsum #tag1|||",
        "||2022-07-22|||Dolor (author:: N. Surname) about Bee||N. Surname|",
    ]
    assert items[2] == ["2022-07-22: Lorem ipsum #tag1", "2022-07-22: Sit IPSUM amet"]
    cells = re.findall(r"<td>([^<]*)</td>", views[3])
    assert cells == ["5", "2", "0", "0", "0", "0"]
    assert items[4] == ["open task 📅 2022-08-01"]
    assert re.findall(r'<li><a class="wikilink" href="[^"]*bee[^"]*">Bee</a></li>', views[5])


def test_links_to_notes_not_yet_written_are_outlinks_without_a_file(tmp_path: Path) -> None:
    notes = {
        "a.md": "See [[Written]], [[Unwritten]], [[Sub/Deep]] and ![[Unwritten pic.png]].\n",
        "Written.md": "W.\n",
        "q.md": (
            "# Q\n\n```dataview\nLIST rows.OUT\nFLATTEN file.outlinks AS OUT\n"
            'WHERE !OUT.file AND !(contains(meta(OUT).path, "/"))\n'
            "GROUP BY file.link AS Source\n```\n\n"
            '```dataview\nTABLE file.outlinks AS Out WHERE file.name = "a"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    unwritten = '<a class="wikilink unresolved" title="No note named “Unwritten” yet">Unwritten</a>'
    assert re.findall(r"<li>(.*?)</li>", views[0]) == [unwritten]
    assert views[0].count('class="wikilink unresolved"') == 1  # (not Sub/Deep: a path)
    cell = re.findall(r"<tr><td>.*?</td><td>(.*?)</td></tr>", views[1])[0]
    assert re.sub(r"<a [^>]*>([^<]*)</a>", r"[\1]", cell) == "[Written], [Unwritten], [Deep]"
    assert unwritten in cell


def test_elink_is_a_link_to_the_web_page_showing_its_text(tmp_path: Path) -> None:
    """Dataview's `elink(url, display)`, as a real vault's reading lists call it (24 queries of
    xihuanxiaorang/my-obsidian-notes, Articles/Vue/README.md), where the query was shown as
    written: a link to the page, showing its text (else the address); of no address, none; an
    address of another scheme, its text alone."""
    notes = {
        "Resources/Vue3.md": (
            "---\ntags: [Resource]\ntype: 📺 Video\nurl: https://www.bilibili.com/video/BV18\n---\n"
        ),
        "Resources/Docs.md": "---\ntags: [Resource]\ntype: 📃 文档\nurl: https://cn.vuejs.org/\n---\n",
        "Resources/None.md": "---\ntags: [Resource]\ntype: 📃 文档\n---\nNo address.\n",
        "Resources/Js.md": "---\ntags: [Resource]\ntype: x\nurl: javascript:alert(1)\n---\n",
        "Vue.md": (
            "# Vue\n\n```dataview\nTABLE WITHOUT ID file.link AS Note,\n  elink(url, \n"
            '    choice(type = "📺 Video", "▶ 播放", "📖 跳转")\n  ) AS "🔗 链接",\n'
            '  elink(url) AS Address, typeof(elink(url)) AS Kind, "→ " + elink(url, "go") AS J\n'
            "FROM #Resource\nSORT file.name\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    rows = re.findall(r"<tr><td>.*?</td>(.*?)</tr>", pages["vue"])
    assert [re.findall(r"<td>(.*?)</td>", row) for row in rows] == [
        [
            '<a href="https://cn.vuejs.org/">📖 跳转</a>',
            '<a href="https://cn.vuejs.org/">https://cn.vuejs.org/</a>',
            "widget",
            '→ <a href="https://cn.vuejs.org/">go</a>',
        ],
        ["📖 跳转", "javascript:alert(1)", "widget", "→ go"],
        ["", "", "null", "→ "],
        [
            '<a href="https://www.bilibili.com/video/BV18">▶ 播放</a>',
            '<a href="https://www.bilibili.com/video/BV18">https://www.bilibili.com/video/BV18</a>',
            "widget",
            '→ <a href="https://www.bilibili.com/video/BV18">go</a>',
        ],
    ]


def test_text_and_a_link_are_the_text_then_the_link(tmp_path: Path) -> None:
    notes = {
        "Calendar/Records/Ideas/Fly.md": "---\ncollection: '[[Ideas]]'\n---\nF.\n",
        "Ideas.md": (
            "# Ideas\n\n```dataview\nTABLE WITHOUT ID\n"
            '\tchoice(contains(file.path, "Calendar/Records/Ideas"),\n\t\t"💡 " + file.link,\n'
            '\tfile.link) as "Ideas"\nWHERE contains(collection, this.file.link)\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    cell = re.findall(r"<tr><td>(.*?)</td></tr>", pages["ideas"])
    assert cell == [
        '💡 <a class="wikilink" href="../calendar/records/ideas/fly/index.html">Fly</a>'
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("map(list(1, 2, 3), (x) => x * 2)", [2, 4, 6]),
        ('map(list("7.99$", "12$"), (x) => number(regexreplace(x, "\\$", "")))', [7.99, 12]),
        ("filter(list(1, 5, 2, 8), (x) => x > 2)", [5, 8]),
        ("all(list(1, 2), (x) => x > 0)", True),
        ("all(list(1, 0))", False),
        ("any(list(1, 5), (x) => x = 5)", True),
        ("none(list(1, 5), (x) => x = 5)", False),
        ("any(false, 0, 3)", True),
        ("reduce(list(1, 2, 3, 4), (a, b) => a + b)", 10),
        ("reduce(list(2, null, 5), (a, b) => a * b)", 10),
        ('reduce(list(2, 3), "*")', 6),
        ("reduce(list(), (a, b) => a + b)", None),
        ('sort(list("b", "c", "a"))', ["a", "b", "c"]),
        ("sort(list(3, 1, 2), (x) => 0 - x)", [3, 2, 1]),
        ("map(null, (x) => x)", None),
        ("((x) => x + 1)(41)", 42),
        ("((a, b) => a + b)(1)", 1),  # (b is null: 1 + 0)
        ('{ "Drama": 1, "Crime": 2 }["Crime"]', 2),
        ('{ EN: "English", FR: "French" }.FR', "French"),
        ('default(((x) => { "Drama": 1 }[x])("Horror"), "99")', "99"),
        ('{ "a": list(1, 2) }', {"a": [1, 2]}),
        ('list("a", "b", "c")[length(list("a", "b", "c")) - 1]', "c"),
        ("array(4)", [4]),
    ],
)
def test_lambdas_and_objects_are_dataview_s(text: str, want: object) -> None:
    row = base_rows([entry_of("a.md", "A.\n")], {})[0]
    scope = Scope(read_base("filters: 'true'\n"), row, {})
    assert scope.value(parse_expression(expression(text)), row) == want


@pytest.mark.parametrize(
    "text",
    [
        'map(split("'
        + "a" * 2000
        + '", ""), (x) => map(split("'
        + "b" * 2000
        + '", ""), (y) => y))',
        "((f) => f(f))((f) => f(f))",
        "(x) => " * 400 + "1",
        "{ 1: 2 }",
        "(1)(2)",
    ],
)
def test_a_hostile_lambda_is_a_problem_not_a_hang(text: str) -> None:
    row = base_rows([entry_of("a.md", "A.\n")], {})[0]
    scope = Scope(read_base("filters: 'true'\n"), row, {})
    with pytest.raises(Unsupported):
        scope.value(parse_expression(expression(text)), row)


def test_a_query_s_lambdas_read_each_note_s_values(tmp_path: Path) -> None:
    notes = {
        "daily/2022-01-05.md": "# 5\n\n- paid:: 7.99$\n- paid:: 70$\n\n- [x] done\n",
        "daily/2022-01-06.md": "# 6\n\n- paid:: 8$\n\n- [ ] open\n- [x] done\n",
        "shows/a.md": "---\ngenre: Crime\n---\nA.\n",
        "shows/b.md": "---\ngenre: Drama\n---\nB.\n",
        "shows/c.md": "---\ngenre: Horror\n---\nC.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE SUM\nFROM "daily"\n'
            'FLATTEN round(sum(map(paid, (x) => number(regexreplace(x, " ?\\$", ""))))) as SUM\n'
            "WHERE paid and SUM > 75\n```\n\n"
            '```dataview\nLIST\nFROM "daily"\n'
            'FLATTEN all(map(file.tasks, (x) => x.completed)) AS "allDone"\nWHERE allDone\n```\n\n'
            '```dataview\nLIST\nFROM "shows"\nSORT default(((x) => {\n"Drama":1,\n'
            '"Crime": 2\n}[x])(genre), "99") ASC\n```\n\n'
            "```dataview\nLIST\nWHERE length(filter(file.tasks, (t) => !t.completed)) > 0\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    cells = [re.sub(r"<[^>]+>", "|", r) for r in re.findall(r"<tr>(.*?)</tr>", views[0])[1:]]
    assert cells == ["||5|||78|"]  # 7.99 + 70 is 77.99, rounded 78; 8 is not over 75
    assert listed_notes(pages["q"])[1:] == [["5"], ["b", "a", "c"], ["6"]]


def test_a_lambda_s_notes_have_dataview_s_file_fields() -> None:
    assert expression("map(rows, (r) => r.file.name)") == "map ( rows , ( r ) => r.file.basename )"
    assert expression("(p) => p.file.ctime") == "( p ) => p.file.cday"


def test_a_task_s_section_is_the_heading_it_is_under(tmp_path: Path) -> None:
    notes = {
        "projects/p.md": (
            "# P\n\n- [ ] before any heading\n\n## Urgent\n\n- [ ] fix roof\n- [x] call Bea\n\n"
            "## Later\n\n- [ ] paint\n"
        ),
        "q.md": (
            '# Q\n\n```dataview\nTASK\nFROM "projects"\nWHERE meta(section).subpath = "Urgent"\n'
            "```\n\n"
            '```dataview\nTASK\nFROM "projects"\nWHERE !completed\nGROUP BY meta(section).subpath\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    first = pages["q"].split('<div class="base-view"')[1]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", first)).strip()
    assert text.startswith("data-pagefind-ignore> 2 tasks P (2) fix roof call Bea")
    assert "paint" not in first and "before" not in first
    keys = re.findall(r'<p class="task-key">(.*?)</p>', pages["q"])
    assert keys == ["— (1)", "Later (1)", "Urgent (1)"]  # (no heading: null, first, as Dataview)


def test_a_tag_naming_a_keyword_is_a_tag_and_a_source_negated_with_a_bang() -> None:
    made = json.loads(dataview_base('TABLE description FROM "Queries" AND #dv/flatten'))
    assert made["filters"] == {"and": ['file.inFolder("Queries") && file.hasTag("dv/flatten")']}
    assert "dataviewFlatten" not in made["views"][0]
    negated = json.loads(dataview_base('LIST FROM "Queries" AND !"Queries/MOCs"'))
    assert negated["filters"] == {
        "and": ['file.inFolder("Queries") && !file.inFolder("Queries/MOCs")']
    }


def test_a_task_s_tags_are_its_own(tmp_path: Path) -> None:
    notes = {
        "work/a.md": "---\ntags: [later]\n---\n# A\n\n- [ ] plain\n- [ ] soon #later\n",
        "q.md": '# Q\n\n```dataview\nTASK\nFROM "work"\nWHERE contains(tags, "#later")\n```\n',
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    view = pages["q"].split('<div class="base-view"')[1]
    assert "soon" in view and "plain" not in view


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("string(dur(3 days) + dur(4 hours))", "3 days, 4 hours"),
        ('string(dur("2h 30m"))', "2 hours, 30 minutes"),
        ('string(dur("4hr2min"))', "4 hours, 2 minutes"),
        ("string(dur(10 days))", "1 week, 3 days"),  # shown as Luxon normalizes: 7 days a week
        ("string(dur(36 hours))", "1 day, 12 hours"),
        ("string(dur(1.5 hours))", "1 hour, 30 minutes"),
        ("string(dur(1 s))", "1 second"),
        ("dur(36 hours).days", 1.5),
        ("dur(1 week).hours", 168),
        ('dur("1 yr, 2 mo").months', 14),
        ("string(dur(2 hours) * 3)", "6 hours"),
        ("string(dur(1 day) / 4)", "6 hours"),
        ("string(dur(1 day) - dur(1 hour))", "23 hours"),
        ('dur("3 Days")', None),  # Dataview's units are written in lower case
        ('dur("3 monday")', None),
        ("typeof(dur(1 s))", "duration"),
        ("dur(1 week) > dur(6 days)", True),
        ("dur(2 hours) < dur(90 minutes)", False),
        ("date(2024-01-31) + dur(1 month)", "2024-02-29"),  # the day kept within the month
        ('date("2023-01-31") + dur(1 mo)', "2023-02-28"),
        ("date(2024-03-31) - dur(1 month)", "2024-02-29"),
        ("date(2024-01-01) - dur(7 days)", "2023-12-25"),
        ("dur(1 week) + date(2024-02-26)", "2024-03-04"),
        ('date("2024-01-01T10:00") + dur("2h 30m")', "2024-01-01T12:30:00"),
        ("string(date(2024-03-15) - date(2024-01-01))", "2 months, 2 weeks"),
        ("string(date(2023-03-01) - date(2023-01-31))", "1 month, 1 day"),
        ('string(date("2022-01-02T07:15") - date("2022-01-01T23:30"))', "7 hours, 45 minutes"),
        ("string(date(2024-01-01) - date(2024-03-15))", ""),  # negative: no unit above zero
        ("date(2024-01-02) > date(2024-01-01) - dur(7 days)", True),
        ('date("2024-01-01T09:00") > date("2024-01-01")', True),
        ('date("2022-01-06T6:59")', None),  # an hour of one digit is no ISO time
        ('date("2022-01-06T6:59") - date("2022-01-06T22:13")', None),  # null and a date: null
        ("(null + dur(1 d)) - date(2022-01-06)", None),
        ('durationformat(dur(90 minutes), "h:mm")', "1:30"),
        ("durationformat(dur(3 days 4 hours), \"hh 'h'\")", "76 h"),
        ("durationformat(dur(3 days 4 hours), \"d 'days'\")", "3 days"),
        ('date(2024-01-01) + dur("99999999999 years")', None),  # past the calendar: null
        ("date(9999-12-31) + dur(1 day)", None),
        ('string(dur("99999999999 years"))', "99,999,999,999 years"),
        ('dur("' + "9" * 400 + ' days")', None),  # no finite number
    ],
)
def test_durations_and_date_arithmetic_are_luxon_s(text: str, want: object) -> None:
    row = base_rows([entry_of("a.md", "A.\n")], {})[0]
    scope = Scope(read_base("filters: 'true'\n"), row, {})
    assert scope.value(parse_expression(expression(text)), row) == want


def test_a_duration_chooses_notes_and_is_shown_as_dataview_shows_it(tmp_path: Path) -> None:
    notes = {
        "daily/2024-01-02.md": "---\nstarted: 2024-01-02T22:15\nwake-up: 2024-01-03T06:31\n---\nA.\n",
        "daily/2024-01-09.md": "---\nstarted: 2024-01-09T23:00\nwake-up: 2024-01-10T07:00\n---\nB.\n",
        "daily/2023-12-20.md": "---\nsteep: 3 minutes\n---\nC.\n",
        "q.md": (
            '# Q\n\n```dataview\nTABLE wake-up - started AS Sleep\nFROM "daily"\n'
            "WHERE file.day > date(2024-01-10) - dur(1 week)\nSORT file.name\n```\n\n"
            '```dataview\nLIST dur(steep) + dur(30 s)\nFROM "daily"\nWHERE steep\n```\n\n'
            "```dataview\nLIST WHERE file.day > date(today) - dur(1 week)\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    rows = re.findall(r"<tr><td><a [^>]*>([^<]*)</a></td><td>([^<]*)</td></tr>", pages["q"])
    assert rows == [("2024-01-09", "8 hours")]  # 2024-01-02 is not after 2024-01-03
    assert "</a>: 3 minutes, 30 seconds</li>" in pages["q"]
    assert pages["warned"] == "17"  # date(today), the build's day: the one warning


def test_html_in_a_query_s_values_is_shown_as_a_note_s_raw_html(tmp_path: Path) -> None:
    notes = {
        "Games/Dota.md": "---\nprice: 4.99\ncontacts: [a@b.org, c@d.org]\n---\nD.\n",
        "Styled.md": (
            "# Styled\n\n```dataview\nTABLE WITHOUT ID\n"
            '\t"<span style=\'color: red\'>" + price + "</span>" AS Price,\n'
            '\t"<mark>" + price + "</mark> <b>B</b><br>x < y" AS Marked,\n'
            '\t"<span style=\'text-transform: uppercase\'>" + file.link + "</span>" AS Book,\n'
            '\tjoin(contacts, "<br>") AS Contacts,\n'
            "\t\"<img src='https://example.org/c.png' width='40'>\" AS Cover,\n"
            "\t\"<div align='center'>\" + price AS Centred\n"
            'FROM "Games"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    cells = re.findall(r"<td>(.*?)</td>", pages["styled"])
    assert cells == [
        "4.99",  # the span's style left out, as a note's is: its text kept
        "<mark>4.99</mark> <b>B</b><br>x &lt; y",
        '<a class="wikilink" href="../games/dota/index.html">Dota</a>',
        "a@b.org<br>c@d.org",
        '<img src="https://example.org/c.png" alt="" width="40" loading="lazy">',
        '<div class="align-center">4.99</div>',  # what it leaves open closed in the cell
    ]


def test_hostile_html_in_a_query_s_values_is_never_in_the_page(tmp_path: Path) -> None:
    notes = {
        "Games/Dota.md": "---\nname: Dota\n---\nD.\n",
        "Hostile.md": (
            "# Hostile\n\n```dataview\nTABLE WITHOUT ID\n"
            '\t"<script>alert(1)</script>" + name AS Script,\n'
            "\t\"<a href='javascript:alert(1)'>go</a>\" AS Scheme,\n"
            "\t\"<img src=x onerror='alert(1)'>\" AS Handler,\n"
            '\t"<b onclick=\'alert(1)\'>" + name + "</b>" AS Bold,\n'
            "\t\"<a href='https://example.org/' onmouseover='alert(1)'>\" + name + \"</a>\" AS Out,\n"
            '\t"<iframe src=\\"javascript:alert(1)\\"></iframe><style>td{}</style>ok" AS Frame\n'
            'FROM "Games"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    cells = re.findall(r"<td>(.*?)</td>", pages["hostile"])
    assert cells == [
        "Dota",  # the script left out with what it holds
        "go",  # a link to no URL that may be shown: its words
        "",  # an image of the vault's own files (a view resolves none): its alt, none here
        "<b>Dota</b>",
        '<a href="https://example.org/">Dota</a>',
        "ok",
    ]
    view = re.search(r'<div class="base-view".*?</table>', pages["hostile"], re.S)
    assert view is not None
    assert not re.search(r"script|javascript|onerror|onclick|onmouseover|<style", view.group(0))


def test_html_in_a_base_s_values_stays_text(tmp_path: Path) -> None:
    notes = {
        "Games/Dota.md": "---\nname: Dota\n---\nD.\n",
        "Based.md": (
            '# Based\n\n```base\nformulas:\n  shown: \'"<b>" + name + "</b>"\'\n'
            "views:\n  - type: table\n    filters: 'file.inFolder(\"Games\")'\n"
            "    order: [formula.shown]\n```\n"
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert re.findall(r"<td>(.*?)</td>", pages["based"]) == ["&lt;b&gt;Dota&lt;/b&gt;"]


def test_each_clause_after_group_by_applies_in_the_order_written(tmp_path: Path) -> None:
    notes = {
        "books/dune.md": "---\ngenre: scifi\npages: 9\n---\nD.\n",
        "books/alien.md": "---\ngenre: scifi\npages: 10\n---\nA.\n",
        "books/emma.md": "---\ngenre: romance\npages: 12\n---\nE.\n",
        "books/solaris.md": "---\ngenre: epic\npages: 3\n---\nS.\n",
        "q.md": (
            # the FLATTEN makes a row for each book, which the SORT after it orders
            '# Q\n\n```dataview\nTABLE WITHOUT ID key, p\nFROM "books"\nGROUP BY genre\n'
            "FLATTEN rows.pages AS p\nSORT p DESC\n```\n\n"
            # the SORT orders the groups the WHERE left, then the FLATTEN's rows keep that order
            '```dataview\nTABLE WITHOUT ID key, n\nFROM "books"\nGROUP BY genre\n'
            'SORT length(rows) DESC, key\nWHERE key != "epic"\nFLATTEN length(rows) AS n\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    views = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)
    cells = [
        [re.sub(r"<[^>]+>", "|", c) for c in re.findall(r"<tr>(.*?)</tr>", v)[1:]] for v in views
    ]
    # by pages as numbers (12, 10, 9, 3: as text "9" would come before "12")
    assert cells[0] == ["|romance||12|", "|scifi||10|", "|scifi||9|", "|epic||3|"]
    assert cells[1] == ["|scifi||2|", "|romance||1|"]
    made = json.loads(dataview_base("TABLE x GROUP BY a WHERE b SORT c DESC FLATTEN rows AS r"))
    assert made["views"][0]["dataviewGroupSteps"] == [
        {"property": "", "name": "", "filter": "b"},
        {
            "property": "",
            "name": "",
            "filter": "",
            "sort": [{"property": "c", "direction": "DESC"}],
        },
        {"property": "rows", "name": "r", "filter": ""},
    ]


def test_sort_compares_values_as_dataview_does(tmp_path: Path) -> None:
    notes = {
        "n/a.md": "---\nv: 10\nd: 2024-03-01\nlen: 2 days\nto: '[[Zeta]]'\n---\nA.\n",
        "n/b.md": "---\nv: 9\nd: 2023-12-31\nlen: 1 week\nto: '[[Alpha]]'\n---\nB.\n",
        "n/c.md": "---\nv: apple\nd: 2024-01-15\nlen: 36 hours\nto: '[[Mid]]'\n---\nC.\n",
        "n/d.md": "---\nv: Banana\n---\nD.\n",
        "n/e.md": "---\nv: true\n---\nE.\n",
        "n/f.md": "F.\n",
        "Zeta.md": "Z.\n",
        "sub/Alpha.md": "A.\n",
        "Mid.md": "M.\n",
        "q.md": (
            # null first; then by type: boolean, number, string; numbers as numbers, text by
            # its letters whatever their case
            '# Q\n\n```dataview\nLIST\nFROM "n"\nSORT v\n```\n\n'
            '```dataview\nLIST\nFROM "n"\nWHERE d\nSORT d DESC\n```\n\n'
            '```dataview\nLIST\nFROM "n"\nWHERE len\nSORT dur(len)\n```\n\n'
            # links by the path of the note each leads to: Mid.md, sub/Alpha.md, Zeta.md
            '```dataview\nLIST\nFROM "n"\nWHERE to\nSORT to\n```\n\n'
            '```dataview\nLIST WITHOUT ID sort([10, "b", 9, null, "A", true], (x) => x)\n'
            'WHERE file.name = "q"\n```\n'
        ),
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    listed = listed_notes(pages["q"])
    assert listed[0] == ["f", "e", "b", "a", "c", "d"]
    assert listed[1] == ["a", "c", "b"]
    assert listed[2] == ["c", "a", "b"]  # 36 hours, 2 days, 1 week
    assert listed[3] == ["c", "b", "a"]
    last = re.findall(r'<div class="base-view".*?</div>', pages["q"], re.S)[4]
    # null (shown empty) first, then true, the numbers, the text
    assert re.findall(r"<li>(.*?)</li>", last) == [", true, 9, 10, A, b"]


def test_one_query_in_many_notes_lists_for_each_what_it_would_alone(tmp_path: Path) -> None:
    """The notes passing a FROM (which reads nothing of the note showing it) are found once a
    build for every note holding the same query; what reads `this` is read for each note, and
    a FROM that does is not shared."""
    query = (
        "```dataview\nLIST FROM #topic WHERE file.name != this.file.name\n```\n\n"
        "```dataview\nLIST FROM [[]] AND #topic\n```\n"
    )
    notes = {
        "a.md": "#topic links [[b]].\n\n" + query,
        "b.md": "#topic links [[a]] and [[c]].\n\n" + query,
        "c.md": "#other\n\n" + query,
        "d.md": "#topic\n\n" + query,
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    assert [listed_notes(pages[n]) for n in "abcd"] == [
        [["b", "d"], ["b"]],
        [["a", "d"], ["a"]],
        [["a", "b", "d"], ["b"]],
        [["a", "b"], []],
    ]


def test_a_daily_template_s_query_lists_each_day_s_own_notes(tmp_path: Path) -> None:
    """What `this` reads is read once a view, what a note's file fields hold once a build: each
    daily note still lists the notes modified on its own day."""
    query = "```dataview\nLIST WHERE file.mday = this.file.cday\n```\n"
    notes = {
        "d1.md": "---\ncreated: 2024-01-01\nmodified: 2024-01-05\n---\n" + query,
        "d2.md": "---\ncreated: 2024-01-02\nmodified: 2024-01-05\n---\n" + query,
        "x.md": "---\nmodified: 2024-01-01\n---\nX.\n",
        "y.md": "---\nmodified: 2024-01-02\n---\nY.\n",
        "z.md": "---\nmodified: 2024-01-02\n---\nZ.\n",
    }
    pages = build_pages(tmp_path, notes)
    assert pages["warned"] == ""
    assert [listed_notes(pages[n]) for n in ("d1", "d2")] == [[["x"]], [["y", "z"]]]
