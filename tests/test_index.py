"""index.py: entries -> SiteIndex (taxonomies, sources, link resolution, backlinks, collisions)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from notebase.builder.memo import Memo
from notebase.diagnostics import LISTED, FilePos, Severity, format_diagnostic, sum_up
from notebase.digests import remade
from notebase.linking.index import build_index, index_and_names
from notebase.linking.mentions import find_mentions
from notebase.linking.related import find_related
from notebase.model import Backlink, Entry, NoteFile, SiteIndex
from notebase.reading.parse import parse_note


def note(rel_path: str, text: str) -> Entry:
    result = parse_note(NoteFile(rel_path, text, "d", f"notes/{rel_path}"))
    assert result.entry is not None, result.diagnostics
    return result.entry


MUON = note(
    "papers/muon.md",
    "---\ntitle: Muon optimizer\nurl: https://arxiv.org/abs/2502.16982v1\ndate: 2025-06-03\n"
    "tags: [optimizers, ML]\ncategory: papers\naliases: [Muon]\n---\n"
    "Compare [[Shampoo]].\n\n## Why orthogonalise\n\ntext\n",
)
SHAMPOO = note(
    "papers/shampoo.md",
    "---\ntitle: 'Shampoo: Preconditioned Stochastic Tensor Optimization'\narxiv: 1802.09568\n"
    "date: 2025-05-20\ntags: optimizers, second-order\ncategory: papers\naliases: [Shampoo]\n"
    "status: reading\n---\nLater work ([[muon]]) is cheaper.\n",
)
LATENT = note(
    "links/latent-space.md",
    "---\ntitle: Generative modelling in latent space\nurl: https://sander.ai/latents.html?utm_source=x\n"
    "date: 2025-04-16\ntags: [generative-models, ml]\ncategory: links-and-recs\nstatus: to-read\n---\n"
    "Read with [[optimizer LANDSCAPE|the overview]] and [the paper](../papers/muon.md).\n",
)
LANDSCAPE = note(
    "ideas/optimizer-landscape.md",
    "# Optimizer landscape\n\n[[MUON OPTIMIZER#Why orthogonalise]], [[papers/shampoo]], "
    "[abs](/papers/muon/), [html](../papers/shampoo/index.html#top) and [[Shampo]].\n"
    "Also [[Optimizer landscape]] (itself) and [gone](../papers/nothing.md).\n",
)
SECOND_MUON = note(
    "links/muon-blog.md",
    "---\ntitle: Muon blog post\narxiv: 2502.16982\ndate: 2025-01-01\n---\n"
    "See https://sander.ai/latents.html#part-2 too.\n",
)

ALL = (LANDSCAPE, SECOND_MUON, LATENT, SHAMPOO, MUON)


def index() -> SiteIndex:
    return build_index(ALL)


def test_entries_sorted_newest_first_undated_last() -> None:
    assert [e.slug for e in index().entries] == [
        "papers/muon",
        "papers/shampoo",
        "links/latent-space",
        "links/muon-blog",
        "ideas/optimizer-landscape",
    ]
    assert set(index().by_slug) == {e.slug for e in ALL}


def test_undated_entries_sorted_by_title() -> None:
    b = note("b.md", "# beta\n")
    a = note("a.md", "# Alpha\n")
    c = note("c.md", "# gamma\n")
    assert [e.title for e in build_index([c, b, a]).entries] == ["Alpha", "beta", "gamma"]


def test_tags_and_categories() -> None:
    idx = index()
    assert idx.tags == (
        ("generative-models", ("links/latent-space",)),
        ("ml", ("papers/muon", "links/latent-space")),
        ("optimizers", ("papers/muon", "papers/shampoo")),
        ("second-order", ("papers/shampoo",)),
    )
    assert idx.categories == (
        ("links-and-recs", ("links/latent-space",)),
        ("papers", ("papers/muon", "papers/shampoo")),
    )


def test_kinds_and_statuses() -> None:
    idx = index()
    assert idx.kinds == (
        ("link", ("links/latent-space",)),
        ("note", ("ideas/optimizer-landscape",)),
        ("paper", ("papers/muon", "papers/shampoo", "links/muon-blog")),
    )
    assert idx.statuses == (  # a note without `status` has none: it is in no group
        ("reading", ("papers/shampoo",)),
        ("to-read", ("links/latent-space",)),
    )


def test_sources_group_every_note_discussing_them() -> None:
    groups = {ref.key: slugs for ref, slugs in index().sources}
    assert groups == {
        "arxiv:1802.09568": ("papers/shampoo",),
        "arxiv:2502.16982": ("papers/muon", "links/muon-blog"),
        "url:sander.ai/latents.html": ("links/latent-space", "links/muon-blog"),
    }


def test_wikilinks_resolve_by_title_slug_alias_case_insensitively() -> None:
    targets = index().link_targets
    assert targets["papers/muon"] == ("papers/shampoo",)  # alias
    assert targets["papers/shampoo"] == ("papers/muon",)  # alias, other case
    assert targets["links/latent-space"] == (
        "ideas/optimizer-landscape",  # title, other case, with a label
        "papers/muon",  # ../papers/muon.md
    )
    assert targets["ideas/optimizer-landscape"] == (
        "papers/muon#why-orthogonalise",  # title + heading
        "papers/shampoo",  # slug
        "papers/muon",  # /papers/muon/
        "papers/shampoo#top",  # ../papers/shampoo/index.html#top
        "",  # [[Shampo]]
        "ideas/optimizer-landscape",  # itself
        "",  # ../papers/nothing.md
    )


def test_a_link_to_a_page_s_url_as_its_garden_s_site_wrote_it_leads_to_the_note() -> None:
    """Quartz 3 gardens keep their pages' case (Hugo's disablePathToLower) and the Digital Garden
    plugin its permalinks' spaces, and their notes link those URLs: a real Quartz 3 garden
    (Shin-Jae-Yoon/Shin-Jae-Yoon.github.io) wrote 16 links such as
    `[x](/brain/Book/do-it-java/chap09/#…)`, each a broken-link warning; the URL is cleaned as
    the note's path is, and leads to the note. A URL no note has stays broken."""
    target = note("brain/Book/do-it-java/chap09.md", "# Chap 9\n\n## Sec A\n\ntext\n")
    spaced = note("docs/ViewSets and routers.md", "# ViewSets\n")
    source = note(
        "a.md",
        "[x](/brain/Book/do-it-java/chap09/) [y](/brain/Book/do-it-java/chap09/#sec-a) "
        "[z](/docs/ViewSets%20and%20routers/) [w](/brain/Book/gone/)\n",
    )
    idx = build_index([target, spaced, source])
    assert idx.link_targets["a"] == (
        "brain/book/do-it-java/chap09",
        "brain/book/do-it-java/chap09#sec-a",
        "docs/viewsets-and-routers",
        "",
    )


def test_wikilink_by_file_name() -> None:
    a = note("deep/folder/some-file.md", "# A very different title\n")
    b = note("b.md", "[[some-file]]\n")
    assert build_index([a, b]).link_targets["b"] == ("deep/folder/some-file",)


def test_a_link_finds_its_note_and_heading_whichever_way_their_accents_are_written() -> None:
    """`é` as one character or as `e` and a combining accent (as macOS writes file names),
    in the link or in the file name and heading: the same name (and no broken-link)."""
    composed = note("Caf\u00e9 notes.md", "intro\n\n## Cr\u00e8me br\u00fbl\u00e9e\n\ntext\n")
    decomposed = note("Cafe\u0301 plans.md", "text\n")
    links = note(
        "b.md", "[[Cafe\u0301 notes#Cre\u0300me bru\u0302le\u0301e]] [[Caf\u00e9 plans]]\n"
    )
    index = build_index([composed, decomposed, links])
    anchor = composed.headings[0].anchor
    assert index.link_targets["b"] == (f"{composed.slug}#{anchor}", decomposed.slug)
    assert not [d for d in index.diagnostics if d.pos and d.pos.path == "notes/b.md"]


def test_a_link_of_a_query_alone_is_to_the_note_itself_not_its_folder() -> None:
    hub = note("reading/index.md", "# Reading\n")
    muon = note("reading/muon.md", "# Muon\n\n[again](?page=2), [folder](./)\n")
    assert build_index([hub, muon]).link_targets["reading/muon"] == ("reading/muon", "reading")


def test_a_link_to_a_folder_with_no_index_leads_to_its_readme_as_github_shows_it() -> None:
    # a paper-notes repository published with VitePress (jiabingyang01/llm-paper-notes, whose
    # rewrites make each papers/<topic>/README.md its folder's page): its index's links to the
    # folders, `[Foundation Models](/papers/01-foundation-models/)`, were 11 broken links
    topic = note("reading/01-foundation/README.md", "# Foundation Models\n")
    hub = note(
        "reading/index.md", "[a](/reading/01-foundation/) [b](01-foundation/) [c](02-none/)\n"
    )
    index = build_index([topic, hub])
    assert index.link_targets["reading"] == ("reading/01-foundation/readme",) * 2 + ("",)
    indexed = note("reading/01-foundation/index.md", "# Foundation\n")  # an index.md comes first
    assert (
        build_index([topic, indexed, hub]).link_targets["reading"][:2]
        == ("reading/01-foundation",) * 2
    )


def test_outlinks_and_backlinks_skip_self_links_and_repeats() -> None:
    idx = index()
    assert idx.outlinks["ideas/optimizer-landscape"] == ("papers/muon", "papers/shampoo")
    assert idx.outlinks["links/muon-blog"] == ()
    assert idx.backlinks["papers/muon"] == (
        Backlink("papers/shampoo", 10),
        Backlink("links/latent-space", 9),
        Backlink("ideas/optimizer-landscape", 3),
    )
    assert idx.backlinks["ideas/optimizer-landscape"] == (Backlink("links/latent-space", 9),)
    assert "links/muon-blog" not in idx.backlinks


def test_unresolved_links_are_warnings_with_line_and_did_you_mean() -> None:
    diags = [d for d in index().diagnostics if d.code == "broken-link"]
    assert [(d.severity, d.pos, d.message) for d in diags] == [
        (
            Severity.WARNING,
            FilePos("notes/ideas/optimizer-landscape.md", 3),
            '[[Shampo]] matches no entry (did you mean "shampoo"?)',
        ),
        (
            Severity.WARNING,
            FilePos("notes/ideas/optimizer-landscape.md", 4),
            "../papers/nothing.md matches no entry",
        ),
    ]


def test_unresolved_link_with_nothing_close() -> None:
    idx = build_index([note("a.md", "[[Zzyzx qqq]]\n")])
    (diag,) = idx.diagnostics
    assert diag.code == "broken-link"
    assert diag.hint == "create the note, or fix the link"
    assert idx.link_targets["a"] == ("",)


def test_a_link_is_told_a_name_only_when_it_is_probably_a_typo_of_it() -> None:
    """One slip off a name of five letters or more is a typo; a name further off, or a short one
    (tcp, tco), is another note, one not written yet."""
    names = [note(f"{n}.md", f"# {n}\n") for n in ("Normal vector", "proactivity", "tco")]
    linker = note("a.md", "[[normal vectors]] [[associativity]] [[tcp]] [nv](normal-vectors.md)\n")
    idx = build_index([linker, *names])
    assert [(d.message, d.hint) for d in idx.diagnostics] == [
        (
            '[[normal vectors]] matches no entry (did you mean "Normal vector"?)',
            "link to [[Normal vector]], or create the note",
        ),
        ("[[associativity]] matches no entry", "create the note, or fix the link"),
        ("[[tcp]] matches no entry", "create the note, or fix the link"),
        ("normal-vectors.md matches no entry", "fix the path, or create the note it names"),
    ]


def test_a_link_to_another_note_of_a_numbered_series_is_no_typo() -> None:
    """rockman007372/Obsidian-Vault's weekly notes link the weeks round them, [[2023-W40]], as
    the Periodic Notes template writes them: one digit off a week written (2022-W40), each was
    told "did you mean" it, 93 warnings printed; a name differing in its numbers alone is a
    note to come, summed up with the others (a letter off, 2022-V40, is still told)."""
    weeks = [note(f"{n}.md", f"# {n}\n") for n in ("2022-W40", "Lecture 1")]
    linker = note("a.md", "[[2023-W40]] [[Lecture 10]] [[2022-V40]] [[Lecture 1x]]\n")
    idx = build_index([linker, *weeks])
    assert [(d.message, d.about) for d in idx.diagnostics] == [
        ("[[2023-W40]] matches no entry", "2023-W40"),
        ("[[Lecture 10]] matches no entry", "Lecture 10"),
        ('[[2022-V40]] matches no entry (did you mean "2022-W40"?)', ""),
        ('[[Lecture 1x]] matches no entry (did you mean "Lecture 1"?)', ""),
    ]


def test_of_names_as_close_the_first_of_the_site_is_told_whatever_their_lengths() -> None:
    """[[shampo]] is one slip off shampoo (a letter added), shamp (one dropped), shampa and
    shampu (one changed): of two such, the one the site lists first (the entries go by title) is
    told, as a look at every name in turn would tell it, whichever is the longer."""
    pairs = [("shampa", "shampoo"), ("shamp", "shampa"), ("shampoo", "shampu")]
    for first, second in pairs:
        notes = [note(f"{i}.md", f"# {n}\n") for i, n in enumerate((second, first))]
        idx = build_index([*notes, note("z.md", "[[shampo]]\n")])
        assert [d.message for d in idx.diagnostics] == [
            f'[[shampo]] matches no entry (did you mean "{first}"?)'
        ]


def test_a_markdown_link_to_a_page_that_is_no_entry_resolves_to_that_page() -> None:
    linker = note(
        "ideas/pages.md",
        "---\ntags: [ml]\ncategory: ideas\n---\n[home](/), [tag](/tags/ml/), [up](../tags/ml),\n"
        "[all](/tags/index.html#o), [cat](/categories/ideas/), [feed](/tags/ml/feed.xml),\n"
        "[source](/sources/arxiv-2502.16982/), [search](/search/?q=x), [bib](/papers.bib),\n"
        "[no tag](/tags/nope/), [no page](/nowhere/).\n",
    )
    idx = build_index([linker, MUON, SECOND_MUON])
    assert idx.link_targets["ideas/pages"] == (
        "/",
        "/tags/ml/",
        "/tags/ml/",
        "/tags/#o",
        "/categories/ideas/",
        "/tags/ml/feed.xml",
        "/sources/arxiv-2502.16982/",
        "/search/",
        "/papers.bib",
        "",
        "",
    )
    assert idx.outlinks["ideas/pages"] == ()
    assert "ideas/pages" not in idx.backlinks
    here = "notes/ideas/pages.md"
    broken = [(d.code, d.pos.line, d.message) for d in idx.diagnostics if d.pos.path == here]
    assert broken == [
        ("broken-link", 8, "/tags/nope/ matches no entry"),
        ("broken-link", 8, "/nowhere/ matches no entry"),
    ]


def test_a_wikilink_names_a_tag_page_or_a_folder_by_its_path_as_quartz_links_them() -> None:
    tagged = note("a.md", "---\ntags: [plugin/filter]\n---\n# A\n")
    folder = note("Advanced/index.md", "# Advanced topics\n")
    linker = note(
        "b.md", "[[tags/plugin/filter|Filters]] [[tags/plugin]] [[Advanced/]] [[tags/nope]]\n"
    )
    idx = build_index([tagged, folder, linker])
    assert idx.link_targets["b"] == ("/tags/plugin/filter/", "/tags/plugin/", "advanced", "")
    assert [d.message for d in idx.diagnostics] == ["[[tags/nope]] matches no entry"]


def test_a_markdown_link_to_a_name_markdown_percent_encodes_resolves() -> None:
    linker = note("a.md", "---\ntags: [über]\n---\n[u](/über/), [t](/tags/über/), [s](a%20b.md)\n")
    idx = build_index([linker, note("über.md", "# Über\n"), note("a b.md", "# AB\n")])
    assert idx.link_targets["a"] == ("über", "/tags/über/", "a-b")
    assert [d.code for d in idx.diagnostics] == []


def again(entries: Sequence[Entry], memo: Memo) -> tuple[SiteIndex, Memo]:
    """The index of the entries built through the memo, and the memo of the next build."""
    return build_index(entries, apply=memo), memo.next_generation()


def test_a_suggestion_kept_from_the_last_build_follows_a_renamed_title() -> None:
    linker = note("a.md", "See [[Shampo]].\n")
    first, memo = again([linker, note("b.md", "# Shampoo\n")], Memo())
    same, memo = again([linker, note("b.md", "# Shampoo\n")], memo)
    renamed, _ = again([linker, note("b.md", "# Shampos\n")], memo)
    messages = [[d.message for d in i.diagnostics] for i in (first, same, renamed)]
    assert messages == [
        ['[[Shampo]] matches no entry (did you mean "Shampoo"?)'],
        ['[[Shampo]] matches no entry (did you mean "Shampoo"?)'],
        ['[[Shampo]] matches no entry (did you mean "Shampos"?)'],
    ]


def test_slug_collision_is_an_error_naming_every_file() -> None:
    a = note("papers/muon.md", "# A\n")
    b = note("other/x.md", "---\nslug: papers/muon\n---\n# B\n")
    c = note("third.md", "---\nslug: papers/muon\n---\n# C\n")
    idx = build_index([a, b, c])
    errors = [d for d in idx.diagnostics if d.code == "slug-collision"]
    assert {d.pos for d in errors} == {
        FilePos("notes/papers/muon.md", 1),
        FilePos("notes/other/x.md", 1),
        FilePos("notes/third.md", 1),
    }
    for d in errors:
        assert d.severity is Severity.ERROR
        assert d.message.startswith("/papers/muon/ is produced by ")
        for path in ("notes/papers/muon.md", "notes/other/x.md", "notes/third.md"):
            assert path in d.message
    assert len(idx.entries) == 1


def test_one_note_is_the_home_page_the_root_index_md_before_a_permalink_to_the_root() -> None:
    home = note("Start/Home.md", "---\npermalink: /\n---\n# Home\n\nWelcome.\n")
    other = note("Other.md", "---\npermalink: /\n---\n# Other\n")
    idx = build_index([home, other])
    assert idx.by_slug[""] is other  # the first by path
    assert [(d.code, d.pos.path) for d in idx.diagnostics] == [
        ("permalink-ignored", "notes/Start/Home.md")
    ]
    assert idx.by_slug["start/home"].rel_path == "Start/Home.md"
    root = note("index.md", "# Welcome\n")
    idx = build_index([home, root, other])
    assert idx.by_slug[""] is root
    assert sorted(d.pos.path for d in idx.diagnostics if d.code == "permalink-ignored") == [
        "notes/Other.md",
        "notes/Start/Home.md",
    ]
    assert {"other", "start/home"} <= idx.by_slug.keys()
    assert not any(d.is_error for d in idx.diagnostics)


def test_notes_whose_file_names_differ_in_case_alone_are_told_apart() -> None:
    """`MAAS.md` and `MaaS.md` (luissimas/zettelkasten): two notes at two URLs, with a warning;
    the site is built."""
    idx = build_index([note("Notes/MaaS.md", "# MaaS\n"), note("Notes/MAAS.md", "# Mass\n")])
    slugs = {e.rel_path: e.slug for e in idx.entries}
    assert slugs["Notes/MAAS.md"] == "notes/maas"
    assert re.fullmatch(r"notes/maas-[0-9a-f]{6}", slugs["Notes/MaaS.md"])
    assert [(d.code, d.pos) for d in idx.diagnostics] == [
        ("slug-renamed", FilePos("notes/Notes/MaaS.md", 1))
    ]


def test_duplicate_titles_are_a_warning() -> None:
    a = note("a.md", "---\ntitle: Same title\n---\nA.\n")
    b = note("x/Same Title.md", "B.\n")
    idx = build_index([a, b])
    assert [(d.severity, d.code, d.pos) for d in idx.diagnostics] == [
        (Severity.WARNING, "duplicate-title", FilePos("notes/x/Same Title.md", 1))
    ]
    assert "notes/a.md" in idx.diagnostics[0].message


def test_titles_written_with_an_accent_either_way_are_one_title() -> None:
    """`Café` typed as one character and as `e` and a combining accent (as macOS names files)
    are one name to links, so one title: a duplicate-title warning, and notes opening with it
    titled by their file names."""
    composed, decomposed = "Caf\u00e9", "Cafe\u0301"
    a = note("a.md", f"---\ntitle: {composed}\n---\nA.\n")
    b = note("x/b.md", f"---\ntitle: {decomposed}\n---\nB.\n")
    assert [d.code for d in build_index([a, b]).diagnostics] == ["duplicate-title"]
    c, d = note("c.md", f"# {composed}\n\nC.\n"), note("d.md", f"# {decomposed}\n\nD.\n")
    assert sorted(e.title for e in build_index([c, d]).entries) == ["c", "d"]


def test_a_heading_other_notes_open_with_too_gives_way_to_the_file_name() -> None:
    """digitalyoshixi's notes open with `# Definition`, DND-OBSIDIAN-VAULT's copies with their
    original's heading: each is titled by its file name, as Obsidian titles it, the heading kept
    in its body (and found by a link). A heading no other note is titled by stays the title."""
    first = note("Ring.md", "# Definition\n\nA ring is a set.\n\n## Examples\n")
    second = note("sub/Group.md", "# definition\n\nA group is a set.\n")
    field, copy = note("Field.md", "A field.\n"), note("old/Copy.md", "# Field\n")
    unique = note("Unique.md", "# Fields\n")
    source = note("S.md", "[[Ring#Definition]] [[Fields]] [[Field]]\n")
    idx = build_index([first, second, field, copy, unique, source])
    by_path = {e.rel_path: e for e in idx.entries}
    paths = ("Ring.md", "sub/Group.md", "Field.md", "old/Copy.md", "Unique.md")
    assert [by_path[p].title for p in paths] == ["Ring", "Group", "Field", "Copy", "Fields"]
    ring = by_path["Ring.md"]
    assert ring.body_html.startswith('<h1 id="definition">Definition</h1>\n<p>A ring is a set.</p>')
    assert [h.text for h in ring.headings] == ["Definition", "Examples"]
    assert "ring" in ring.words.words and "definition" not in ring.words.words
    assert idx.link_targets["s"] == ("ring#definition", "unique", "field")
    assert not [d for d in idx.diagnostics if d.code in ("duplicate-title", "missing-anchor")]


def test_a_heading_clashing_with_a_title_another_note_takes_from_its_name_gives_way_too() -> None:
    """digitalyoshixi/zettelkasten: `Inequality.md` opens with `# Properties`, as other notes do,
    so it is titled "Inequality" by its name; `Jensen Inequality.md` opens with `# Inequality`,
    and kept that title beside it (a duplicate-title warning), where Obsidian and Quartz title
    it "Jensen Inequality"."""
    jensen = note("Math/Jensen Inequality.md", "# Inequality\nFor any RV $X$\n")
    inequality = note("Math/Inequality.md", "# Properties\nMultiplying by a positive\n")
    other = note("Math/Field.md", "# Properties\nClosed under addition\n")
    idx = build_index([jensen, inequality, other])
    titles = sorted(e.title for e in idx.entries)
    assert titles == ["Field", "Inequality", "Jensen Inequality"]
    assert not [d for d in idx.diagnostics if d.code == "duplicate-title"]


def test_a_folders_page_is_titled_by_its_folder_where_its_file_name_would_title_it() -> None:
    """AhmedThahir/AhmedThahir.github.io (an MkDocs site of notes): Bio_Lab/index.md,
    Chem_Lab/index.md and Physics_Lab/index.md each open with `# Lab`, so gave way to their
    file names, and with the folders' pages opening with no heading 33 notes were titled
    "index" (one duplicate-title warning naming them all); a folder's page is titled by its
    folder, as MkDocs titles a section's page, the heading kept in its body."""
    labs = [note(f"Core/{lab}/index.md", "# Lab\n\nNotes.\n") for lab in ("Bio_Lab", "Chem_Lab")]
    bare = note("Core/Physics/index.md", "Some notes.\n")
    idx = build_index([*labs, bare, note("index.md", "Home.\n")])
    titles = {e.rel_path: e.title for e in idx.entries}
    assert titles == {
        "Core/Bio_Lab/index.md": "Bio_Lab",
        "Core/Chem_Lab/index.md": "Chem_Lab",
        "Core/Physics/index.md": "Physics",
        "index.md": "index",
    }
    chem = next(e for e in idx.entries if e.rel_path == "Core/Chem_Lab/index.md")
    assert chem.body_html.startswith('<h1 id="lab">Lab</h1>')
    assert not [d for d in idx.diagnostics if d.code == "duplicate-title"]


def test_an_empty_index() -> None:
    idx = build_index([])
    assert (idx.entries, idx.tags, idx.sources, idx.diagnostics) == ((), (), (), ())


def test_source_pages_for_papers_and_for_urls_two_notes_know() -> None:
    assert index().source_ids == {
        "arxiv:1802.09568": "arxiv-1802.09568",
        "arxiv:2502.16982": "arxiv-2502.16982",
        "url:sander.ai/latents.html": "sander.ai-latents-html",
    }
    once = note("a.md", "See https://once.org/x and https://twice.org/y.\n")
    again = note("b.md", "Also https://twice.org/y/ and https://arxiv.org/abs/1802.09568.\n")
    assert build_index([once, again]).source_ids == {
        "arxiv:1802.09568": "arxiv-1802.09568",
        "url:twice.org/y": "twice.org-y",
    }


def test_mentions_and_related_entries_of_the_index() -> None:
    idx = index()
    mentions = find_mentions(idx.entries, idx.outlinks)
    assert {slug: [m.slug for m in found.shown] for slug, found in mentions.items()} == {}
    related = find_related(idx.entries)
    assert set(related) == {e.slug for e in ALL}
    assert related["papers/muon"][:2] == ("links/muon-blog", "papers/shampoo")


def test_an_index_built_again_from_the_last_equals_one_built_afresh() -> None:
    memo = Memo()
    retitled = note("papers/shampoo.md", "---\ntitle: Shampoo\n---\nThe Muon optimizer again.\n")
    for entries in (ALL, (LANDSCAPE, SECOND_MUON, LATENT, retitled, MUON), ALL, ALL[:3]):
        built, memo = again(entries, memo)
        assert built == build_index(entries)


def test_groups_and_links_follow_a_shape_or_a_link_changed_through_the_memo() -> None:
    a = note("a.md", "---\ntitle: A\ntags: [x]\n---\nSee [[B]].\n")
    b = note("b.md", "---\ntitle: B\ntags: [x]\n---\nPlain.\n")
    first, memo = again([a, b], Memo())
    edited = remade(b, body_html="<p>Edited.</p>")
    same, memo = again([a, edited], memo)
    assert same.tags == first.tags and same.backlinks == first.backlinks
    retagged = remade(edited, tags=("x", "y"))
    tagged, memo = again([a, retagged], memo)
    assert tagged.tags == (("x", ("a", "b")), ("y", ("b",)))
    moved = note("a.md", "---\ntitle: A\ntags: [x]\n---\nFirst.\n\nSee [[B]].\n")
    relinked, _ = again([moved, retagged], memo)
    assert relinked.backlinks == {"b": (Backlink("a", 7),)} != tagged.backlinks
    assert relinked == build_index([moved, retagged])


def test_a_link_by_url_resolves_again_when_the_page_it_leads_to_appears() -> None:
    a = note("a.md", "---\ntitle: A\n---\nSee [ml](/tags/ml/) and [[B]].\n")
    b = note("b.md", "---\ntitle: B\n---\nPlain.\n")
    first, memo = again([a, b], Memo())
    assert first.link_targets["a"] == ("", "b")
    tagged, _ = again([a, remade(b, tags=("ml",))], memo)
    assert tagged.link_targets["a"] == ("/tags/ml/", "b")
    assert [d.code for d in tagged.diagnostics] == []


def test_wikilinks_find_notes_by_path_its_end_or_name_the_shortest_path_first() -> None:
    deep = note("a/b/Deep Note.md", "# Deep\n\n## Part Two\n\ntext ^blk\n")
    short = note("x/Deep Note.md", "# Other deep\n")
    source = note(
        "c/src.md",
        "[[A/B/Deep Note]] [[b/deep note.md]] [[Deep Note]] [[../a/b/Deep Note]] [[Nope/Deep Note]]\n",
    )
    index = build_index([deep, short, source])
    assert index.link_targets["c/src"] == (
        "a/b/deep-note",
        "a/b/deep-note",
        "x/deep-note",
        "a/b/deep-note",
        "",
    )
    index = build_index([deep, short, note("a/src.md", "[[./b/Deep Note]] [[../x/deep note]]\n")])
    assert index.link_targets["a/src"] == ("a/b/deep-note", "x/deep-note")
    # a name two notes share: the one beside the linking note (Obsidian-vault-cpp's Прогресс.md)
    beside = note("x/src.md", "[[Deep Note]] [[deep note]]\n")
    index = build_index([deep, short, beside])
    assert index.link_targets["x/src"] == ("x/deep-note", "x/deep-note")
    index = build_index(
        [deep, note("z/Deep Note.md", "# Z\n"), note("a/b/src.md", "[[Deep Note]]\n")]
    )
    assert index.link_targets["a/b/src"] == ("a/b/deep-note",)
    # from a folder of capitals (sonoQuartz's Teino/Bar/GUI/: 213 links were broken)
    upper = note("A/B/Up.md", "[[./Deep Note]] [[../../X/Deep Note]]\n")
    index = build_index([deep, short, upper])
    assert index.link_targets["a/b/up"] == ("a/b/deep-note", "x/deep-note")
    # a relative path that leads nowhere: found by the name at its end, as Obsidian does
    astray = note("a/b/c/Astray.md", "[[../../images/Deep Note]] [[./nowhere/Nope]]\n")
    index = build_index([deep, astray])
    assert index.link_targets["a/b/c/astray"] == ("a/b/deep-note", "")


def test_a_fragment_is_the_anchor_of_its_heading_or_block_else_a_warning() -> None:
    deep = note("a/Deep.md", "# Deep\n\n## Part Two!\n\ntext ^blk\n\n## SYB: Scrap\n")
    source = note(
        "src.md",
        "[[Deep#part two!]] [[Deep#^blk]] [[Deep#Gone]] [[Deep#^gone]] [t](a/Deep.md#Part%20Two!)"
        " [[Deep#SYB Scrap]]\n",
    )
    index = build_index([deep, source])
    assert index.link_targets["src"] == (
        "a/deep#part-two",
        "a/deep#^blk",
        "a/deep#gone",
        "a/deep#^gone",
        "a/deep#part-two",
        "a/deep#syb-scrap",
    )
    assert [
        (d.code, d.message) for d in index.diagnostics if d.pos and d.pos.path == "notes/src.md"
    ] == [
        ("missing-anchor", '"Deep" has no heading "Gone"'),
        ("missing-anchor", '"Deep" has no block "^gone"'),
    ]


def test_a_heading_holding_a_hash_is_found_by_the_whole_fragment_when_its_last_part_fails() -> None:
    # Ludobico's table of contents: `[[#<font color="#ffc000">인물</font>|…]]`, `[[#<font …>#의상]]`
    target = note(
        "N.md",
        '# N\n\n## C# basics\n\n## <font color="#ffc000">Red</font>\n\n### Shade\n',
    )
    source = note(
        "S.md",
        '[[N#C# basics]] [[N#<font color="#ffc000">Red</font>]] '
        '[[N#<font color="#ffc000">Red</font>#Shade]] [[N#Red#Gone]]\n',
    )
    index = build_index([target, source])
    assert index.link_targets["s"] == ("n#c-basics", "n#red", "n#shade", "n#gone")
    missing = [d.message for d in index.diagnostics if d.code == "missing-anchor"]
    assert missing == ['"N" has no heading "Red#Gone"']


def test_a_markdown_link_to_a_note_elsewhere_is_found_by_its_name() -> None:
    other = note("notes dir/Other Note.md", "# Other Note\n")
    source = note("a/src.md", "[t](Other%20Note.md) [u](../../Other%20Note.md) [v](Missing.md)\n")
    index = build_index([other, source])
    assert index.link_targets["a/src"] == ("notes-dir/other-note", "notes-dir/other-note", "")


def test_a_link_to_a_heading_with_math_finds_it_as_written_and_as_obsidian_writes_it() -> None:
    target = note("chiusura.md", "# Chiusura\n\n### come calcolare $X^+$\nAlgoritmo.\n")
    source = note(
        "uses.md", "[[chiusura#come calcolare $X^+$]] [[chiusura#come calcolare $X +$]]\n"
    )
    index = build_index([target, source])
    assert index.link_targets["uses"] == (
        "chiusura#come-calcolare-x",  # the id holds the formula's TeX as words
        "chiusura#come-calcolare-x",
    )
    assert not [d for d in index.diagnostics if d.code == "missing-anchor"]


def test_a_heading_holding_emphasis_math_or_a_wikilink_is_found_as_obsidian_links_it() -> None:
    # Mathematikezettelkasten (184 links) and Obsidian-vault-cpp: Obsidian links a heading by its
    # source, with `:`, `|`, `[` and `]` made spaces
    target = note(
        "F.md",
        "# F\n\n##### _definition:_ Fourier series, $N$th sum\n\nOne.\n\n"
        "## [[Flyweight pattern|Flyweight]]\n\nTwo.\n",
    )
    source = note(
        "S.md", "[[F#_definition _ Fourier series, $N$th sum]] [[F#Flyweight pattern Flyweight]]\n"
    )
    index = build_index([target, source])
    assert index.link_targets["s"] == ("f#definition-fourier-series-nth-sum", "f#flyweight")
    assert not [d for d in index.diagnostics if d.code == "missing-anchor"]


def test_a_markdown_link_without_md_to_a_note_elsewhere_is_found_by_its_name() -> None:
    k, fn = note("sub/k.md", "# k\n"), note("R/sub/cbind().md", "cbind()\n")
    source = note("a/src.md", "[k](k) [c](cbind()) [h](k#Top) [m](missing) [p](k.png)\n")
    index = build_index([k, fn, source], ["a/k.png"])
    assert index.link_targets["a/src"] == ("sub/k", "r/sub/cbind", "sub/k#Top", "", "@a/k.png")


def test_a_name_with_dots_is_the_note_of_that_name_first_else_the_file() -> None:
    """Obsidian looks for NAME.md first, whatever dots the name holds: `[[Node.js]]`,
    `![[java simple web.xml]]` and `[t](Node.js)` are notes; `![[config.xml]]` is the file when
    no note is called so, and `![[x.png]]` the image."""
    node, xml = note("Node.js.md", "# Node\n"), note("java simple web.xml.md", "The web.xml.\n")
    source = note(
        "a/src.md",
        "[[Node.js]] ![[java simple web.xml]] [t](Node.js) ![[config.xml]] ![[x.png]]\n",
    )
    index = build_index([node, xml, source], ["web.xml", "a/config.xml", "a/x.png"])
    assert index.link_targets["a/src"] == (
        "node-js",
        "java-simple-web-xml",
        "node-js",
        "@a/config.xml",
        "@a/x.png",
    )
    assert not index.diagnostics


def test_a_link_to_a_file_under_notes_is_an_attachment_target() -> None:
    source = note(
        "a/src.md",
        "![[x.png]] [[doc.pdf]] ![](img/y.png) ![[gone.png]] [d](../doc.pdf) [q](../doc.pdf?v=2#p)\n",
    )
    index = build_index([source], ["doc.pdf", "a/img/y.png", "z/x.png"])
    assert index.link_targets["a/src"] == (
        "@z/x.png",
        "@doc.pdf",
        "@a/img/y.png",
        "",
        "@doc.pdf",
        "@doc.pdf",
    )
    assert [d.code for d in index.diagnostics] == ["missing-attachment"]


def test_a_wikilink_of_a_dotted_name_that_matches_nothing_is_a_broken_link() -> None:
    """`[[aws.svc.EC2]]` (Dendron's names) may name a note or a file: a broken link that says
    both; a name that shows a file (`![[gone.png]]`), or a path (`[s](run.py)`), a missing file."""
    source = note("src.md", "[[aws.svc.EC2]] ![[gone.png]] [s](run.py)\n")
    index = build_index([source])
    assert [(d.code, d.message) for d in index.diagnostics] == [
        ("broken-link", "[[aws.svc.EC2]] matches no entry, nor a file under notes/"),
        ("missing-attachment", "[[gone.png]] names no file under notes/"),
        ("missing-attachment", "run.py names no file under notes/"),
    ]


ATTACHMENT_HINT = "put the file in notes/ (any folder: it is found by name), or fix the path"


def test_many_missing_files_are_one_warning_as_printed() -> None:
    """kseysh/Second-Brain leaves its `Attached files` folder out of the repository (.gitignore):
    its 877 notes' 2,008 pictures were each a missing-attachment warning; past 10, the printed
    report sums them up, naming the files as written (--unresolved lists every one)."""
    text = "".join(f"![[Pasted image {i}.png]]\n\n" for i in range(11))
    text += "![](pics/Pasted%20image%200.png)\n"
    index = build_index([note("a.md", text), note("b.md", "![[Pasted image 0.png|300]]\n")])
    assert [d.code for d in index.diagnostics] == ["missing-attachment"] * 13
    (said,) = sum_up(index.diagnostics)
    assert (said.code, str(said.pos), said.message) == (
        "missing-attachment",
        "notes/a.md:1",
        "13 links in 2 notes name 12 files not under notes/, the most linked:"
        " Pasted image 0.png (2), Pasted image 1.png (1), Pasted image 10.png (1)",
    )


def test_a_link_to_a_web_address_without_its_scheme_says_what_to_write() -> None:
    """`[x](mp.weixin.qq.com)`: Obsidian opens it as a file, as notebase does; the warning says
    the address needs its https:// (a file's name, `notes.sh`, `a.ai`, stays a missing file)."""
    text = "[a](mp.weixin.qq.com) [b](www.example.com/p?q=1) [c](example.org) [d](notes.sh) [e](a.ai)\n"
    index = build_index([note("src.md", text)])
    assert [(d.code, d.message, d.hint) for d in index.diagnostics] == [
        (
            "broken-link",
            "mp.weixin.qq.com names no file under notes/: a web address needs its https://",
            "write https://mp.weixin.qq.com for the web page",
        ),
        (
            "broken-link",
            "www.example.com/p?q=1 names no file under notes/: a web address needs its https://",
            "write https://www.example.com/p?q=1 for the web page",
        ),
        (
            "broken-link",
            "example.org names no file under notes/: a web address needs its https://",
            "write https://example.org for the web page",
        ),
        ("missing-attachment", "notes.sh names no file under notes/", ATTACHMENT_HINT),
        ("missing-attachment", "a.ai names no file under notes/", ATTACHMENT_HINT),
    ]


def test_a_link_to_a_web_address_in_quotes_says_to_write_it_without_them() -> None:
    """Soushi888/alternef-digital-garden, tauri.md and 55 more links so: `[…]('https://tauri.app')`,
    the quotes part of the address (as CommonMark reads it), was told "fix the path"."""
    text = "['Build smaller apps']('https://tauri.app') [b](\"https://x.org/p?a=1\")\n"
    index = build_index([note("src.md", text)])
    assert [(d.code, d.message, d.hint) for d in index.diagnostics] == [
        (
            "broken-link",
            "'https://tauri.app' names no file under notes/: a web address in quotes is a path",
            "write (https://tauri.app) for the web page",
        ),
        (
            "broken-link",
            '"https://x.org/p?a=1" names no file under notes/: a web address in quotes is a path',
            "write (https://x.org/p?a=1) for the web page",
        ),
    ]


def test_resolved_links_are_made_again_when_a_heading_they_name_changes() -> None:
    deep = note("deep.md", "# Deep\n\n## Part\n")
    source = note("src.md", "[[Deep#Part]]\n")
    index, memo = again([deep, source], Memo())
    assert not [d for d in index.diagnostics if d.code == "missing-anchor"]
    renamed = note("deep.md", "# Deep\n\n## Other part\n")
    index, memo = again([renamed, source], memo)
    assert [d.code for d in index.diagnostics if d.code == "missing-anchor"] == ["missing-anchor"]


def test_a_broken_link_is_never_told_a_path_key() -> None:
    target = note("deep/folder/Some Note.md", "# Title\n")
    idx = build_index([target, note("a.md", "[[/deep/folder/some notes]]\n")])
    assert [d.message for d in idx.diagnostics if d.code == "broken-link"] == [
        '[[/deep/folder/some notes]] matches no entry (did you mean "deep/folder/some note"?)'
    ]


def test_a_link_to_a_draft_left_out_says_so() -> None:
    draft = note("ideas/Half done.md", "---\ndraft: true\n---\n# Half done\n")
    source = note(
        "a.md",
        "[[Half done]] [[ideas/half done]] [[Nothing]] [[Half done#Why]]\n\n"
        "[it](ideas/Half%20done.md) [it](<./ideas/Half done.md#Why>) [no](ideas/Gone.md)\n",
    )
    idx = build_index([source], drafts=[draft])
    assert [(d.code, d.message, d.about) for d in idx.diagnostics] == [
        ("draft-link", "[[Half done]] is not published, left out of the site", "Half done"),
        (
            "draft-link",
            "[[ideas/half done]] is not published, left out of the site",
            "ideas/half done",
        ),
        ("broken-link", "[[Nothing]] matches no entry", "Nothing"),
        ("draft-link", "[[Half done]] is not published, left out of the site", "Half done"),
        ("draft-link", "ideas/Half done.md is not published, left out of the site", "Half done"),
        (
            "draft-link",
            "./ideas/Half done.md#Why is not published, left out of the site",
            "Half done",
        ),
        ("broken-link", "ideas/Gone.md matches no entry", ""),
    ]


def test_a_link_to_a_note_left_out_unread_says_where_it_is() -> None:
    """A link Obsidian follows to a template (in the vault's template folder) or to an `_x.md`
    note: no note of the site, and no link to nothing either (`left-out-link`, not broken)."""
    source = note("a.md", "[[日志模板]] [[Templates/日志模板]] [[idea]] [[Nothing]]\n")
    left_out = ("09-Templates/日志模板.md", "_drafts/idea.md")
    index, _, _ = index_and_names([source], left_out=left_out)
    assert [(d.code, d.message, d.hint) for d in index.diagnostics] == [
        (
            "left-out-link",
            "[[日志模板]] leads to notes/09-Templates/日志模板.md, in the vault's template folder: "
            "left out of the site",
            "move it out of the template folder to publish it",
        ),
        (
            "broken-link",
            "[[Templates/日志模板]] matches no entry",
            "create the note, or fix the link",
        ),
        (
            "left-out-link",
            "[[idea]] leads to notes/_drafts/idea.md, whose name starts with _: left out of the site",
            "rename it without the _ to publish it",
        ),
        ("broken-link", "[[Nothing]] matches no entry", "create the note, or fix the link"),
    ]
    assert index.link_targets["a"] == ("", "", "", "")


def test_file_names_that_clean_to_one_url_are_told_apart_with_a_warning() -> None:
    a = note("ml/🎾 PointNet.md", "# PointNet\n")
    b = note("ml/🏐 PointNet++.md", "# PointNet++\n\nBuilds on [[PointNet]].\n")
    idx = build_index([b, a])
    assert a.slug == b.slug == "ml/pointnet"
    renamed = [d for d in idx.diagnostics if d.code == "slug-renamed"]
    assert [(d.pos.path, d.severity) for d in renamed] == [
        ("notes/ml/🏐 PointNet++.md", Severity.WARNING)
    ]
    slugs = sorted(e.slug for e in idx.entries)
    assert slugs[0] == "ml/pointnet" and slugs[1].startswith("ml/pointnet-") and len(slugs) == 2
    assert not [d for d in idx.diagnostics if d.severity is Severity.ERROR]


def test_the_note_whose_name_is_its_url_keeps_it_from_names_cleaned_to_it() -> None:
    """digitalyoshixi/zettelkasten: `Bash.md` beside `Bash &&.md` and `Bash ;.md` (notes on
    the shell's operators), `exit.md` beside `exit().md`; the note named so was moved to a
    hashed URL, for its path sorted after the others'."""
    notes = [note(f"Linux/{n}.md", f"# {n}\n") for n in ("Bash &&", "Bash ;", "Bash")]
    notes += [note("OS/exit().md", "# exit()\n"), note("OS/exit.md", "# exit\n")]
    idx = build_index(notes)
    slugs = {e.rel_path: e.slug for e in idx.entries}
    assert (slugs["Linux/Bash.md"], slugs["OS/exit.md"]) == ("linux/bash", "os/exit")
    renamed = sorted(d.pos.path for d in idx.diagnostics if d.code == "slug-renamed")
    assert renamed == ["notes/Linux/Bash &&.md", "notes/Linux/Bash ;.md", "notes/OS/exit().md"]


def test_a_link_to_the_heading_a_note_is_titled_by_is_a_link_to_the_note() -> None:
    target = note("Transformation.md", "# Basic Data Transformation\n\n## Stabilize Variance\n")
    user = note(
        "user.md", "![[Transformation#Basic Data Transformation]] [[Transformation#Nope]]\n"
    )
    idx = build_index([target, user])
    assert idx.link_targets["user"] == ("transformation", "transformation#nope")
    missing = [d.message for d in idx.diagnostics if d.code == "missing-anchor"]
    assert missing == ['"Basic Data Transformation" has no heading "Nope"']


def test_a_link_to_a_heading_of_the_home_page_with_no_root_index_note_builds() -> None:
    # found by tests/test_edit_sequences.py: a KeyError in every build (clean or incremental)
    idx = build_index([note("papers/a.md", "[home](../index.md#intro), [[Missing]]\n")])
    assert idx.link_targets["papers/a"] == ("/#intro", "")
    assert [d.code for d in idx.diagnostics] == ["broken-link"]


def test_a_nested_tag_keeps_its_levels_and_lists_its_notes_under_its_parents_too() -> None:
    # ObsidianTTRPGShare's `#pf2e/class/monk`: 3,784 notes of four real vaults had nested tags
    def note(rel: str, tags: str) -> Entry:
        result = parse_note(NoteFile(rel, f"---\ntags: [{tags}]\n---\nText.\n", "d", rel))
        assert result.entry is not None
        return result.entry

    monk = note("monk.md", "pf2e/class/monk, PF2E/Class-Monk")
    spell = note("spell.md", "pf2e/spell")
    assert monk.tags == ("pf2e/class/monk", "pf2e/class-monk")
    index = build_index([monk, spell])
    assert dict(index.tags) == {
        "pf2e": ("monk", "spell"),
        "pf2e/class": ("monk",),
        "pf2e/class-monk": ("monk",),
        "pf2e/class/monk": ("monk",),
        "pf2e/spell": ("spell",),
    }


def test_a_folder_s_index_at_a_page_the_site_has_is_moved_beside_it() -> None:
    hub, muon = note("papers/index.md", "# Papers\n"), note("papers/muon.md", "[up](./)\n")
    index = build_index([hub, muon])
    [moved] = [e.slug for e in index.entries if e.rel_path == "papers/index.md"]
    assert re.fullmatch(r"papers-[0-9a-f]{6}", moved)
    [warned] = [d for d in index.diagnostics if d.code == "slug-renamed"]
    assert warned.pos.path == "notes/papers/index.md"


def test_a_note_at_a_tag_s_page_is_that_page_and_one_at_tags_moves_beside_it() -> None:
    """A vault's `Tags/` folder (a note per tag, as Quartz's `content/tags/`) puts a note at the
    very URL of the page the tag `#hardware` makes: it is that page; a note at /tags/ itself
    moves beside it, with a warning."""
    hub, web = note("Tags/Hardware.md", "#hardware hub\n"), note("Tags/Web.md", "x #web/css\n")
    index = build_index([hub, web, note("Tags/ASLR.md", "x\n"), note("Tags.md", "top\n")])
    slugs = {e.rel_path: e.slug for e in index.entries}
    assert [slugs[f"Tags/{n}.md"] for n in ("Hardware", "Web", "ASLR")] == [
        "tags/hardware",
        "tags/web",  # the page of #web, #web/css's parent
        "tags/aslr",
    ]
    assert re.fullmatch(r"tags-[0-9a-f]{6}", slugs["Tags.md"])
    assert dict(index.tags)["hardware"] == ("tags/hardware",)
    assert [d.code for d in index.diagnostics] == ["slug-renamed"]


def test_a_broken_markdown_link_is_told_as_written_not_percent_encoded() -> None:
    # a URL pasted inside a link's parentheses: CommonMark takes it all as the destination
    linker = note("a.md", "# A\n\n[man page]([https://x.org/ä](https://y.org/c))\n")
    diags = [d.message for d in build_index([linker]).diagnostics if d.code == "broken-link"]
    assert diags == ["[https://x.org/ä](https://y.org/c) matches no entry"]


def test_a_link_in_front_matter_is_a_backlink_and_no_warning_when_it_leads_nowhere() -> None:
    # kepano/kepano-obsidian's shape: notes tied to their category and author by property links
    book = note(
        "References/Out of Control.md",
        '---\ncategories:\n  - "[[Books]]"\nauthor: ["[[Kevin Kelly|KK]]"]\ngenre: ["[[Futurism]]"]\n'
        'cover: "[[out-of-control.jpg]]"\n---\nA book.\n',
    )
    assert [(x.target, x.line, x.in_properties) for x in book.links] == [
        ("Books", 2, True),
        ("Kevin Kelly", 4, True),
        ("Futurism", 5, True),
    ]
    idx = build_index([book, note("Kevin Kelly.md", "A writer.\n"), note("Books.md", "x\n")])
    assert idx.backlinks["kevin-kelly"] == (Backlink("references/out-of-control", 4),)
    assert idx.backlinks["books"] == (Backlink("references/out-of-control", 2),)
    assert not [d for d in idx.diagnostics if d.code == "broken-link"]  # [[Futurism]]: no note


def test_many_notes_of_one_title_are_one_warning_naming_the_first_few() -> None:
    """A bookmarks import's six "Home" pages: one warning, not five growing lists."""
    homes = [
        note(f"imported/home{'-' + str(i) if i > 1 else ''}.md", "---\ntitle: Home\n---\nA.\n")
        for i in range(1, 7)
    ]
    [diag] = build_index(homes).diagnostics
    assert (diag.code, diag.pos) == ("duplicate-title", FilePos("notes/imported/home-2.md", 1))
    assert diag.message == (
        'title "Home" is also used by notes/imported/home.md, notes/imported/home-3.md,'
        " notes/imported/home-4.md and 2 more notes"
    )


def test_many_links_to_notes_left_out_unread_are_one_warning_naming_the_most_linked() -> None:
    """A vault naming its hub notes `_Python.md` (bulka4/obsidian-notes-IT-personal-projects-and-
    knowledge-base: 2,509 such links) links them from most of its notes: past LISTED, the
    printed report says them in one warning, as it says links to notes written nowhere."""
    notes = [
        note(f"n{i}.md", "[[_Python]]" + (" [[_ML]]" if i % 2 else "") + "\n") for i in range(8)
    ]
    index, _, _ = index_and_names(notes, left_out=("_Python.md", "_ML.md"))
    left = [d for d in index.diagnostics if d.code == "left-out-link"]
    assert len(left) == 12 and {d.about for d in left} == {"_Python", "_ML"}
    assert sum_up(left[:LISTED]) == tuple(left[:LISTED])
    assert [format_diagnostic(d) for d in sum_up(left)] == [
        "notes/n0.md:1: warning[left-out-link]: 12 links in 8 notes name 2 notes the site leaves"
        " out (named with _, or in the template folder), the most linked: [[_Python]] (8),"
        " [[_ML]] (4)\n"
        "  hint: rename them without the _, or move them out of the template folder, to publish"
        " them; `notebase check --unresolved` lists every link"
    ]
