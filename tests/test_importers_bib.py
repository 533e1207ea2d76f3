"""BibTeX -> one paper per entry: the parser's values, macros and errors, LaTeX decoding."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebase.importers.bib import (
    BibEntry,
    bibliography_of,
    decode_value,
    parse_bibtex,
    read_bibtex,
    split_authors,
)
from notebase.importers.render import note_text

FIXTURES = Path(__file__).parent / "fixtures" / "importers"
PAPERS = (FIXTURES / "papers.bib").read_text(encoding="utf-8")


def test_entries_become_papers() -> None:
    archive = read_bibtex(PAPERS, "papers.bib", "papers.bib")
    vaswani, muon, liu, kahneman = archive.posts
    assert (vaswani.title, vaswani.arxiv, vaswani.year, vaswani.origin) == (
        "Attention Is All You Need",
        "1706.03762",
        2017,
        "papers.bib:5",
    )
    assert vaswani.authors == ("Ashish Vaswani", "Noam Shazeer", "Kurt Gödel")
    assert vaswani.taxonomy.tags == ("transformers", "attention")
    assert note_text(vaswani).endswith(
        "---\nThe dominant sequence transduction models are based on complex recurrent or "
        "convolutional neural networks & use \\$O(n^2)\\$ memory — or not.\n"
    )
    assert (muon.title, muon.url, muon.year, muon.kind) == (
        "Muon: An Optimizer for Hidden Layers in “Neural” Networks",
        "https://kellerjordan.github.io/posts/muon/",
        2024,
        "paper",
    )
    assert muon.authors == ("Keller Jordan", "The Muon and Friends Team")
    assert (liu.arxiv, liu.authors, liu.year) == (
        "2502.16982",
        ("Jingyuan Liu", "Jianlin Su"),
        2025,
    )
    assert (kahneman.doi, kahneman.kind, kahneman.origin) == (
        "10.5555/abc.123",
        "paper",
        "papers.bib:37",
    )


def test_broken_entry_is_an_error_at_its_line_and_the_next_is_kept() -> None:
    diags = read_bibtex(PAPERS, "papers.bib", "refs/papers.bib").diagnostics
    assert [(d.code, str(d.pos), d.is_error) for d in diags] == [
        ("import-bad-bibtex", "refs/papers.bib:33", True)
    ]


def test_values_macros_and_concatenation() -> None:
    text = (
        '@STRING(conf = "Conf")\n@preamble{"\\newcommand{\\x}{y}"}\n'
        '@Misc{k, title = conf # " {on} " # "X" # 2024, month = feb, note = "a {"} b"}'
    )
    entries, problems = parse_bibtex(text)
    assert problems == []
    (entry,) = entries
    assert (entry.kind, entry.key) == ("misc", "k")
    assert entry.fields == {"title": "Conf {on} X2024", "month": "February", "note": 'a {"} b'}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@misc{k, title = undefined}", "unknown @string macro 'undefined'"),
        ("@misc{k, title = {x} year = 1}", "expected `,` or `}` after field 'title'"),
        ("@misc{k title = {x}}", "entry has no citation key followed by `,`"),
        ("@misc{ , title = {x}}", "entry has no citation key"),  # not a note without a title
        ("@misc{k, = {x}}", "expected `name = value`"),
        ('@misc{k, title = "x}', 'unclosed `"`'),
    ],
)
def test_syntax_errors(text: str, message: str) -> None:
    entries, problems = parse_bibtex(text)
    assert entries == [] and [str(p) for p in problems] == [message]


def test_unclosed_comment_does_not_swallow_the_next_entry() -> None:
    entries, problems = parse_bibtex("@comment(an aside\n@misc{k, title = {T}}\n")
    assert [e.key for e in entries] == ["k"]
    assert [str(p) for p in problems] == ["unclosed `(`"]


def test_latex_decoding() -> None:
    assert decode_value(r"G{\"o}del, \'{e}t\'e, Erd\H{o}s, \c{c}a, {\ss}, \o{}, \v s") == (
        "Gödel, été, Erdős, ça, ß, ø, š"
    )
    assert (
        decode_value(r"\emph{Deep} \& {Wide} 50\% --- pages 1--2 a~b")
        == "Deep & Wide 50% — pages 1–2 a b"
    )


@pytest.mark.parametrize(
    ("latex", "text"),
    [  # biblatex-examples.bib and a Zotero export (ControlNet/annotated-bibliography)
        (r"methodology\hyphen independent", "methodology-independent"),
        (
            r"\mkbibquote{Intention} und \mkbibquote{Intentionalität}",
            "“Intention” und “Intentionalität”",
        ),
        (r"The {\TeX book}", "The TeXbook"),
        (r"achieves {\textasciitilde}13x", "achieves ~13x"),
        (r"CelebA $64{\textbackslash}times64$", "CelebA $64\\times64$"),
        (r"\unknowncommand{Kept} words", "Kept words"),
        (r"$\alpha$-divergence", "$\\alpha$-divergence"),  # math keeps its commands
    ],
)
def test_latex_commands_are_read_or_left_out_never_glued_to_their_argument(
    latex: str, text: str
) -> None:
    assert decode_value(latex) == text


def test_author_lists() -> None:
    assert split_authors("{Barnes and Noble} and van der Berg, Jan and Alice Smith and others") == (
        "Barnes and Noble",
        "Jan van der Berg",
        "Alice Smith",
    )


def test_file_without_entries_warns() -> None:
    archive = read_bibtex("% only a comment\n", "e.bib", "e.bib")
    assert archive.posts == () and [d.code for d in archive.diagnostics] == ["import-no-posts"]


@pytest.mark.parametrize(
    ("fields", "year"),
    [
        ("year = {2017}", 2017),
        ("date = {2017}", 2017),  # biblatex as Zotero writes it: `date` alone
        ("date = {2017-05}", 2017),
        ("date = {2020-01-23}", 2020),
        ("date = {2017-05/2018-02}", 2017),  # a range: the year it begins
        ("year = {2019}, date = {2017}", 2019),
        ("date = {12:30}", None),
        ("date = {n.d.}", None),
        ("title = {No date}", None),
    ],
)
def test_the_year_of_an_entry(fields: str, year: int | None) -> None:
    text = f"@article{{k,\n  title = {{T}},\n  {fields}\n}}\n"
    [post] = read_bibtex(text, "x.bib", "x.bib").posts
    assert post.year == year


def test_an_entry_takes_the_fields_it_leaves_to_its_crossref() -> None:
    # biblatex-examples.bib's westfahl:space and its collection westfahl:frontier
    text = (
        "@incollection{westfahl:space, author = {Westfahl, Gary}, title = {The True Frontier},\n"
        "  crossref = {westfahl:frontier}}\n"
        "@collection{westfahl:frontier, editor = {Westfahl, Gary}, title = {Space and Beyond},\n"
        "  date = 2000, doi = {10.5555/frontier}}\n"
    )
    space, frontier = read_bibtex(text, "x.bib", "x.bib").posts
    assert (space.title, space.year, space.authors) == (
        "The True Frontier",
        2000,
        ("Gary Westfahl",),
    )
    assert (frontier.title, frontier.year) == ("Space and Beyond", 2000)
    assert (space.doi, frontier.doi) == ("", "10.5555/frontier")  # the chapter is not its book


@pytest.mark.parametrize("journal", ["CoRR", "ArXiv"])
def test_an_arxiv_id_in_dblps_and_semantic_scholars_volume(journal: str) -> None:
    text = f"@article{{k, title = {{Attention}}, journal = {{{journal}}}, volume = {{abs/1706.03762}}}}\n"
    [post] = read_bibtex(text, "x.bib", "x.bib").posts
    assert (post.arxiv, post.kind) == ("1706.03762", "paper")


@pytest.mark.parametrize(
    ("fields", "url"),
    [
        ("url = {www.example.org/doku.php?id=a}", "https://www.example.org/doku.php?id=a"),
        ("howpublished = {\\url{https://example.org/tool}}", "https://example.org/tool"),
        ("note = {Available at https://example.org/x, accessed 2020}", "https://example.org/x"),
        (
            "url = {https://a.example/}, howpublished = {\\url{https://b.example/}}",
            "https://a.example/",
        ),
        ("howpublished = {Online}", ""),
    ],
)
def test_the_address_of_an_entry(fields: str, url: str) -> None:
    (post,) = read_bibtex(f"@misc{{k, title = {{T}}, {fields}}}", "r.bib", "r.bib").posts
    assert post.url == url


# a bibliography kept as three files read together (`\\bibliography{strings,venues,papers}`), in
# the shape of a public one (FreakyPenguin/bibliography: strings.bib's @string macros, defs.bib's
# untitled @proceedings, papers.bib's papers naming them by crossref): imported together, each
# file was read alone, so 235 venues were `unknown @string macro` errors, 241 of its 333 papers
# lost their year, and the venues, read, would each have been an untitled paper
STRINGS = (
    '@string{s-proc = "Proceedings of the "}\n@string{s-sosp = "Symposium on Operating Systems"}\n'
)
VENUES = (
    '@proceedings{sosp21,\n  booktitle = s-proc # "28th " # s-sosp,\n  year = {2021},\n}\n'
    "@proceedings{sosp99,\n  booktitle = s-proc # s-sosp,\n  year = {1999},\n}\n"
)
PAPERS_BY_VENUE = (
    "@inproceedings{wang:concordia,\n  crossref = {sosp21},\n  author = {Wang, Qing},\n"
    "  title = {Concordia},\n}\n"
)


def test_the_files_of_one_bibliography_share_their_macros_and_crossrefs() -> None:
    shared = bibliography_of(  # (its strings last, by name)
        [("defs.bib", VENUES), ("papers.bib", PAPERS_BY_VENUE), ("strings.bib", STRINGS)]
    )
    [paper] = read_bibtex(PAPERS_BY_VENUE, "papers.bib", "papers.bib", shared).posts
    assert (paper.title, paper.year, paper.authors) == ("Concordia", 2021, ("Qing Wang",))
    venues = read_bibtex(VENUES, "defs.bib", "defs.bib", shared)
    assert venues.posts == ()
    assert [(d.severity.value, d.code, str(d.pos)) for d in venues.diagnostics] == [
        ("info", "import-bib-venues", "defs.bib:1")
    ]
    assert "2 entries without a title are venues (sosp21, sosp99)" in venues.diagnostics[0].message
    strings = read_bibtex(STRINGS, "strings.bib", "strings.bib", shared)
    assert strings.posts == () and strings.diagnostics == ()  # a file of macros for the others
    alone = read_bibtex(VENUES, "defs.bib", "defs.bib")
    assert [d.code for d in alone.diagnostics] == ["import-bad-bibtex"] * 2  # read alone, as before


def test_papers_are_told_from_venues_without_comparing_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A DBLP export's papers, each naming its proceedings by crossref: the papers were picked
    by comparing each entry with every venue (3,000 papers, 4,500 venues: 13.5 M comparisons)."""
    papers = "".join(
        f"@inproceedings{{p{i}, title = {{P{i}}}, crossref = {{c{i}}}}}\n" for i in range(3)
    )
    venues = "".join(
        f"@proceedings{{c{i}, booktitle = {{C{i}}}, year = {{2020}}}}\n" for i in range(3)
    )
    compared: list[object] = []
    monkeypatch.setattr(BibEntry, "__eq__", lambda a, b: compared.append(b) or a is b)
    archive = read_bibtex(papers + venues, "dblp.bib", "dblp.bib")
    assert [(p.title, p.year) for p in archive.posts] == [("P0", 2020), ("P1", 2020), ("P2", 2020)]
    assert compared == []


def test_an_entry_a_bib_file_imported_before_gives_is_that_file_s() -> None:
    # a thesis's bibliographies (Chilipp/PhD-thesis: papers.bib's entries again in mybib.bib, one
    # with an abstract, the other with Zotero's file field): imported together, 15 papers were
    # two notes each (x and x-2), with an import-duplicate-title warning
    first = "@article{sommer2019, title = {straditize}, year = 2019, abstract = {Digitizes.}}\n"
    again = "@article{Sommer2019, title = {straditize}, year = 2019, file = {:x.pdf:PDF}}\n"
    other = "@article{davis2020, title = {Pollen}, year = 2020}\n"
    shared = bibliography_of([("papers.bib", first), ("mybib.bib", again + other)])
    assert [p.title for p in read_bibtex(first, "papers.bib", "papers.bib", shared).posts] == [
        "straditize"
    ]
    later = read_bibtex(again + other, "mybib.bib", "mybib.bib", shared)
    assert [p.title for p in later.posts] == ["Pollen"]
    assert [(d.severity.value, d.code, str(d.pos)) for d in later.diagnostics] == [
        ("info", "import-bib-repeated", "mybib.bib:1")
    ]
    assert "1 entries repeat" in later.diagnostics[0].message
    assert "(Sommer2019; the first in papers.bib)" in later.diagnostics[0].message


def test_a_file_repeating_only_another_s_entries_is_no_empty_file() -> None:
    entry = "@article{a2020, title = {A}, year = 2020}\n"
    shared = bibliography_of([("a.bib", entry), ("b.bib", entry)])
    later = read_bibtex(entry, "b.bib", "b.bib", shared)
    assert later.posts == () and [d.code for d in later.diagnostics] == ["import-bib-repeated"]
