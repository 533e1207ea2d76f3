"""A markdown file -> one post: title and source from its first heading, tl;dr, body kept."""

from __future__ import annotations

import pytest

from notebase.importers.formats import choose_reader
from notebase.importers.markdownpost import linked_files, read_markdown
from notebase.importers.render import note_text

PAPER_NOTE = """## [Batch Normalization: Accelerating Deep Network Training](http://arxiv.org/abs/1502.03167)

TLDR; The authors introduce Batch Normalization,
a technique to normalize unit activations.

#### Key Points

- Internal Covariate Shift.
  - Statistics per minibatch.

#### My notes

- Great paper overall.
"""


def test_a_paper_note_is_one_paper_with_its_tldr_and_its_markdown_kept() -> None:
    archive = read_markdown(PAPER_NOTE, "batch-norm.md", "notes/batch-norm.md")
    assert archive.diagnostics == ()
    [post] = archive.posts
    assert (post.title, post.kind, post.url, post.arxiv, post.origin) == (
        "Batch Normalization: Accelerating Deep Network Training",
        "paper",
        "http://arxiv.org/abs/1502.03167",
        "1502.03167",
        "batch-norm.md:1",
    )
    assert (
        post.tldr
        == "The authors introduce Batch Normalization, a technique to normalize unit activations."
    )
    assert note_text(post).split("---\n", 2)[2] == (
        "#### Key Points\n\n- Internal Covariate Shift.\n  - Statistics per minibatch.\n\n"
        "#### My notes\n\n- Great paper overall.\n"
    )


@pytest.mark.parametrize(
    ("head", "title", "url"),
    [
        ("## A Sentence Embedding [[arXiv](https://arxiv.org/abs/1703.03130)]", "A Sentence Embedding",
         "https://arxiv.org/abs/1703.03130"),
        ("## [Action Space](notes/drl.md) [[arXiv](https://arxiv.org/abs/1511.04636)]", "Action Space",
         "https://arxiv.org/abs/1511.04636"),
        ("[Diverse Beam Search](https://arxiv.org/abs/1610.02424)", "Diverse Beam Search",
         "https://arxiv.org/abs/1610.02424"),
        ("## Dual Learning\n\nhttp://arxiv.org/abs/1611.00179", "Dual Learning",
         "http://arxiv.org/abs/1611.00179"),
        ("## Dual Learning", "Dual Learning", ""),
        ("Just text, no heading.", "dual", ""),
    ],
)  # fmt: skip
def test_the_title_and_source_of_a_note(head: str, title: str, url: str) -> None:
    [post] = read_markdown(f"{head}\n\nTL;DR: Short.\n\nBody.\n", "dual.md", "dual.md").posts
    assert (post.title, post.url, post.tldr) == (title, url, "Short.")
    assert note_text(post).endswith("Body.\n")


def test_front_matter_gives_the_title_tags_and_date() -> None:
    text = "---\ntitle: From YAML\ntags: [ml, rl]\ndate: 2024-05-01\nurl: https://example.org/p\n---\n# Heading\n\nText.\n"
    [post] = read_markdown(text, "x.md", "x.md").posts
    assert (post.title, post.taxonomy.tags, post.date, post.url) == (
        "From YAML",
        ("ml", "rl"),
        "2024-05-01",
        "https://example.org/p",
    )


def test_a_post_that_only_sends_its_reader_on_is_no_note() -> None:
    # a moved blog's posts (lilianweng/lil-log's _posts, all 37 of them), as jekyll-redirect-from
    # and hand-written stubs leave them: imported, each was an empty note
    stub = (
        "---\nlayout: post\ntitle: From GAN To WGAN\n---\n"
        '<meta http-equiv="Refresh" content="0; url=\'https://example.org/posts/gan/\'" />\n'
    )
    archive = read_markdown(stub, "2017-08-20-gan.md", "in/2017-08-20-gan.md")
    assert archive.posts == ()
    assert [(d.severity.value, d.code, str(d.pos)) for d in archive.diagnostics] == [
        ("info", "import-redirect", "in/2017-08-20-gan.md:1")
    ]
    assert "https://example.org/posts/gan/" in archive.diagnostics[0].message
    kept = read_markdown(stub.replace(" />", " />\nThe post moved.\n"), "x.md", "x.md")
    assert [post.title for post in kept.posts] == ["From GAN To WGAN"]  # text besides: a note


def test_the_fields_it_reads_are_read_whatever_their_case_as_hugo_reads_them() -> None:
    # a real Hugo blog's posts (simonrw/hugo-blog): `Title:` was kept as a field of its own, and
    # the note titled by its file's name
    text = "---\nTitle: Cliff on beer\nDate: 2010-06-13\nTags: [life]\nSlug: cliff\n---\nSo true!\n"
    [post] = read_markdown(text, "2010-06-13-cliffonbeer.md", "x.md").posts
    assert (post.title, post.date, post.taxonomy.tags) == ("Cliff on beer", "2010-06-13", ("life",))
    assert post.kept_fields == (("Slug", "cliff"),)  # a field it does not read, kept as written
    both = "---\ntitle: lower\nTitle: Upper\n---\nx\n"
    [post] = read_markdown(both, "y.md", "y.md").posts
    assert post.title == "lower" and post.kept_fields == (("Title", "Upper"),)


def test_a_markdown_file_is_read_as_markdown_not_as_a_plain_text_archive() -> None:
    assert choose_reader("notes/batch-norm.md", PAPER_NOTE) is read_markdown
    assert choose_reader("archive.txt", PAPER_NOTE) is not read_markdown


def test_front_matter_that_is_not_yaml_is_a_warning_and_the_note_is_kept() -> None:
    archive = read_markdown("---\ntitle: [a\n---\n# Heading\n\nText.\n", "x.md", "in/x.md")
    assert [(d.severity.value, d.code, str(d.pos)) for d in archive.diagnostics] == [
        ("warning", "yaml-syntax", "in/x.md:2")
    ]
    assert archive.diagnostics[0].message.endswith("; the front matter is ignored")
    assert archive.posts[0].title == "Heading"


NOTE_FORMAT_PAPER = """---
title: Muon is Scalable for LLM Training
doi: https://doi.org/10.1007/3-540-44798-9_33
arxiv: 2502.16982
author: Jingyuan Liu and Jianlin Su
year: 2025
tldr: Orthogonalised momentum updates.
status: to-read
category: papers
keywords: [optimizers]
draft: true
---
My notes.
"""


def test_a_note_s_own_front_matter_comes_through_and_what_is_not_read_is_kept() -> None:
    [post] = read_markdown(NOTE_FORMAT_PAPER, "muon.md", "notes/muon.md").posts
    assert (post.kind, post.arxiv, post.doi, post.year) == (
        "paper",
        "2502.16982",
        "10.1007/3-540-44798-9_33",
        2025,
    )
    assert post.authors == ("Jingyuan Liu", "Jianlin Su")
    assert post.tldr == "Orthogonalised momentum updates."
    assert (post.taxonomy.tags, post.taxonomy.categories) == (("optimizers",), ("papers",))
    assert note_text(post).startswith(
        "---\ntitle: Muon is Scalable for LLM Training\nkind: paper\narxiv: '2502.16982'\n"
        "doi: 10.1007/3-540-44798-9_33\nauthors: [Jingyuan Liu, Jianlin Su]\nyear: 2025\n"
        "tags: [optimizers]\ncategory: papers\ntldr: Orthogonalised momentum updates.\n"
        "draft: true\nstatus: to-read\norigin: muon.md:1\n"
    )


# the shape of a Jekyll paper-notes blog's post (shagunsodhani/papers-I-read): its title in the
# front matter, the paper named by a link in the first bullets, not by a heading
JEKYLL_PAPER_NOTE = """---
layout: post
title: Conditional Similarity Networks
comments: True
tags: [2017, CVPR]
---

## Introduction

* The paper proposes learning embeddings that capture several notions of similarity.

* {link}

* Builds on [triplet networks](https://example.org/triplets).

```
see [the code](https://arxiv.org/abs/9999.99999)
```
"""


@pytest.mark.parametrize(
    ("link", "url", "kind"),
    [
        (
            "[Link to the paper](https://arxiv.org/abs/1603.07810v3)",
            "https://arxiv.org/abs/1603.07810v3",
            "paper",
        ),
        (
            "[Paper](https://research.example.com/pubs/csn/)",
            "https://research.example.com/pubs/csn/",
            "link",
        ),
        (
            "[PDF](https://doi.org/10.1109/CVPR.2017.193)",
            "https://doi.org/10.1109/CVPR.2017.193",
            "paper",
        ),
        ("[Link to the paper]()", "", "note"),  # none given
        ("![Link to the paper](https://arxiv.org/abs/1603.07810)", "", "note"),  # an image
        ("[the code](https://example.org/csn)", "", "note"),  # a mention
    ],
)
def test_a_paper_note_s_first_lines_name_its_paper_by_a_link(
    link: str, url: str, kind: str
) -> None:
    text = JEKYLL_PAPER_NOTE.format(link=link)
    [post] = read_markdown(text, "2017-05-07-csn.md", "2017-05-07-csn.md").posts
    assert (post.title, post.url, post.kind) == ("Conditional Similarity Networks", url, kind)
    assert "* Builds on [triplet networks](https://example.org/triplets).\n" in note_text(post)


@pytest.mark.parametrize(
    ("opening", "kept"),
    [
        ("## Introduction", True),  # the text's first section: Jekyll shows it under the title
        ("# Problem Statement", True),
        ("[Link to the paper](https://arxiv.org/abs/1603.07810)", True),  # a line of one link
        ("# Conditional Similarity Networks", False),  # the title said again
        ("## Similarity Networks", False),  # only words of it
    ],
)
def test_under_a_title_the_front_matter_gives_a_first_heading_of_other_words_is_kept(
    opening: str, kept: bool
) -> None:
    # a Jekyll paper-notes blog (shagunsodhani/papers-I-read): 131 of its 145 posts open with
    # `## Introduction` (or `### Problem Statement`) under their front matter's title, and each
    # lost that heading, taken for a title the front matter had already given
    text = JEKYLL_PAPER_NOTE.replace("## Introduction", opening).format(link="[Code](x)")
    [post] = read_markdown(text, "2017-05-07-csn.md", "2017-05-07-csn.md").posts
    assert post.title == "Conditional Similarity Networks"
    assert (f"---\n{opening}\n\n* The paper proposes" in note_text(post)) is kept
    assert post.url == ("https://arxiv.org/abs/1603.07810" if "arxiv" in opening else "")


def test_an_omnivore_note_s_source_is_the_original_it_links_not_its_reader_s_copy() -> None:
    # the notes Omnivore's Obsidian plugin writes, as vaults commit them: no address in the front
    # matter, the page read linked under the title beside the reader's own copy
    text = (
        "---\nid: 99a254c8-e49a-11ee-97cc-5f8e93e37de6\ntitle: Good Python Software\n---\n\n"
        "# Good Python Software\n#Omnivore\n\n"
        "[Read on Omnivore](https://omnivore.app/me/good-python-software-18fc1d05f74)\n"
        "[Read Original](https://amontalenti.com/2024/05/28/good-python-software)\n\nText.\n"
    )
    [post] = read_markdown(
        text, "Good Python Software.md", "Omnivore/Good Python Software.md"
    ).posts
    assert (post.title, post.kind, post.url) == (
        "Good Python Software",
        "link",
        "https://amontalenti.com/2024/05/28/good-python-software",
    )


# the shape of a paper-notes collection's note (aleju/papers: 98 of its 99 notes): a generic
# heading, then the paper's fields as a list
LISTED_PAPER = """# Paper

* {b}Title{b}: Auto-Encoding Variational Bayes
* {b}Authors{b}: Diederik P Kingma, Max Welling
* {b}Link{b}: {link}
* {b}Tags{b}: Neural Network, Autoencoder, VAE
* {b}Year{b}: 2014

# Summary

* What
"""


@pytest.mark.parametrize(
    ("bold", "link"),
    [
        ("**", "http://arxiv.org/abs/1312.6114"),
        ("__", "[https://arxiv.org/abs/1312.6114](https://arxiv.org/abs/1312.6114)"),
    ],
)
def test_a_note_s_lead_list_of_its_paper_s_fields_gives_them(bold: str, link: str) -> None:
    # imported, each of its notes was titled 'Paper' (98 more posts titled so: paper-2.md, …),
    # with no author, year or tags
    text = LISTED_PAPER.format(b=bold, link=link)
    [post] = read_markdown(text, "Auto-Encoding_Variational_Bayes.md", "x.md").posts
    assert (post.title, post.kind, post.arxiv, post.year) == (
        "Auto-Encoding Variational Bayes",
        "paper",
        "1312.6114",
        2014,
    )
    assert post.authors == ("Diederik P Kingma", "Max Welling")
    assert post.taxonomy.tags == ("Neural Network", "Autoencoder", "VAE")
    assert note_text(post).split("\n---\n", 1)[1].startswith(f"# Paper\n\n* {bold}Title{bold}:")


@pytest.mark.parametrize("label", ["Title", "Paper"])
def test_a_listed_title_that_links_the_paper_gives_its_words_and_its_address(label: str) -> None:
    # the link's words were dropped: the note was titled by the generic heading above the list
    text = (
        f"# Paper\n\n* **{label}**: [Attention Is All You Need](https://arxiv.org/abs/1706.03762)\n"
        "* **Year**: 2017\n* **Link**: [PDF](https://example.org/a.pdf)\n\nText.\n"
    )
    [post] = read_markdown(text, "attention.md", "attention.md").posts
    assert (post.title, post.url, post.arxiv, post.year) == (
        "Attention Is All You Need",
        "https://arxiv.org/abs/1706.03762",
        "1706.03762",
        2017,
    )


def test_a_listed_title_that_is_an_address_or_a_pdf_link_gives_no_title() -> None:
    for value in ("https://arxiv.org/abs/1706.03762", "[PDF](https://arxiv.org/abs/1706.03762)"):
        text = f"# Attention\n\n* **Paper**: {value}\n* **Year**: 2017\n\nText.\n"
        [post] = read_markdown(text, "a.md", "a.md").posts
        assert (post.title, post.arxiv) == ("Attention", "1706.03762")


def test_one_listed_title_with_its_link_is_no_paper_s_fields() -> None:
    text = "# Tips\n\n* **Title**: [keep it short](https://example.org/tips)\n\nText.\n"
    [post] = read_markdown(text, "tips.md", "tips.md").posts
    assert (post.title, post.url) == ("Tips", "")


def test_a_lead_list_with_full_width_colons_gives_its_fields() -> None:
    # `* **Title**：…`, as notes written in Chinese label their fields (a card's were read so)
    text = "# 论文\n\n* **Title**：Attention Is All You Need\n* **Year**：2017\n\nText.\n"
    [post] = read_markdown(text, "attention.md", "attention.md").posts
    assert (post.title, post.year) == ("Attention Is All You Need", 2017)


def test_lines_of_the_note_s_fields_under_its_title_give_them() -> None:
    # a real paper-notes collection (sallamander/paper-notes): `Date:` and `Tags:` under each
    # note's `# [Title](https://arxiv.org/abs/…)`, 102 notes imported with neither
    text = (
        "# [R-FCN: Object Detection](https://arxiv.org/abs/1605.06409)\n\n"
        "Date: 05/29/2016  \nTags: task.object_detection\n\n- The authors are motivated\n"
    )
    [post] = read_markdown(text, "rfcn.md", "2016/may/rfcn.md").posts
    assert (post.title, post.arxiv, post.date, post.taxonomy.tags) == (
        "R-FCN: Object Detection",
        "1605.06409",
        "2016-05-29",
        ("task.object_detection",),
    )
    quoted = "# Code folding\n\n* A header:\n  title: 'x'\n  date: '06 mai, 2020'\n\nText.\n"
    [post] = read_markdown(quoted, "fold.md", "fold.md").posts  # YAML shown in a list: no field
    assert (post.title, post.date) == ("Code folding", "")


def test_a_list_naming_one_field_is_no_paper_s_fields() -> None:
    text = "# Tips\n\n* **Title**: keep it short\n* **Hint:** none\n\nText.\n"
    [post] = read_markdown(text, "tips.md", "tips.md").posts
    assert (post.title, post.authors) == ("Tips", ())


def test_a_post_with_no_title_is_titled_by_its_slug_without_jekyll_s_date() -> None:
    text = "Caches go stale when nobody looks.\n"
    post = read_markdown(
        text, "2019-05-01-on-stale-caches.md", "_posts/2019-05-01-on-stale-caches.md"
    )
    assert post.posts[0].title == "On Stale Caches"
    bundle = read_markdown(text, "index.md", "content/posts/on-stale-caches/index.md")
    assert bundle.posts[0].title == "On Stale Caches"
    assert read_markdown(text, "notes.md", "notes.md").posts[0].title == "notes"  # no slug


def test_code_names_no_file_to_copy() -> None:
    """A post showing a page's HTML in a code block (kebingzao/blog_hexo's browser-extension-4.md:
    `<script src="js/lib/jquery/jquery.js">`, 35 lines) or a call after an index
    (`self.funCbObj[eventName](e.message)`) links no file: each was an import-missing-file
    warning, 90 of the blog's 93."""
    body = (
        "![png](10.png)\n"
        "```javascript\n"
        '<script src="js/lib/jquery/jquery.js"></script>\n'
        "    self.funCbObj[eventName](e.message);\n"
        "```\n"
        "Call `f[0](e.message)` or ``a`[1](b.txt)`` but see ![x](y.png).\n"
        "~~~\n![no](z.png)\n"
    )
    assert linked_files(body, 1) == (("10.png", 1), ("y.png", 6))


def test_a_paper_s_bare_address_under_its_venue_is_the_note_s_url() -> None:
    """zhjwpku/paper-notes (an mdBook of 75 notes, 62 without a source) names each paper by its
    page's address alone, quoted under its venue, the title linking its PDF in the repository
    (src/fs/polarfs.md)."""
    text = (
        "### [PolarFS: An Ultralow Latency and Failure Resilient Distributed File System]"
        "(../assets/pdfs/p1849-cao.pdf)\n\n"
        "> Proceedings of the VLDB Endowment Volume 11 Issue 12 August 2018 pp 1849–1862\n>\n"
        "> https://doi.org/10.14778/3229863.3229872\n\nText.\n"
    )
    [post] = read_markdown(text, "polarfs.md", "src/fs/polarfs.md").posts
    assert (post.url, post.doi) == (
        "https://doi.org/10.14778/3229863.3229872",
        "10.14778/3229863.3229872",
    )
    [other] = read_markdown("# A post\n\nSee https://example.org/x today.\n", "p.md", "p.md").posts
    assert other.url == ""  # an address of no paper is a mention


def test_a_file_named_with_spaces_round_its_path_is_copied() -> None:
    """jalammar/jalammar.github.io's illustrated-word2vec.md writes 13 of its figures
    `<image src="/images/word2vec/x.png "/>`: a browser reads the address without the space, the
    import looked for a file whose name ends in one, and warned it missing."""
    body = '<image src="images/word2vec/x.png "/>\n<img src=" a.png">\n'
    assert linked_files(body, 1) == (("images/word2vec/x.png", 1), ("a.png", 2))


# modelled on a Pelican blog's `content/articles/*.md` (Python-Markdown's `meta` lines atop it)
PELICAN_POST = """Title: Numba vs. Cython: Take 2
date: 2013-06-15 08:00
Tags: benchmarks, numba,cython
Category: Python
Summary: A comparison of two ways to
    compile numerical Python.
Status: draft

Often I'll tell people that I use python.
"""


def test_a_pelican_posts_metadata_lines_are_its_fields() -> None:
    archive = read_markdown(PELICAN_POST, "2013-06-15-numba.md", "content/2013-06-15-numba.md")
    [post] = archive.posts
    tags, categories = post.taxonomy.tags, post.taxonomy.categories
    assert (post.title, post.date, tags, categories) == (
        "Numba vs. Cython: Take 2",
        "2013-06-15",
        ("benchmarks", "numba", "cython"),
        ("Python",),
    )
    assert dict(post.kept_fields) == {
        "description": "A comparison of two ways to compile numerical Python.",
        "draft": True,
    }
    text = note_text(post)
    assert "Title:" not in text and "Status:" not in text
    assert text.rstrip().endswith("Often I'll tell people that I use python.")


def test_prose_opening_with_a_colon_is_no_metadata() -> None:
    text = "Note: this is prose.\nIt goes on.\n\nMore.\n"
    [post] = read_markdown(text, "n.md", "n.md").posts
    assert post.taxonomy.tags == () and "Note: this is prose." in note_text(post)


def test_a_front_matter_after_blank_lines_is_read_as_hugo_reads_it() -> None:
    """Kshitij-Banerjee/Kshitij-Banerjee.github.io's content/posts/2023-10-01-GPT-1_2_3.md opens
    with an empty line: Hugo read its front matter (the built page is titled "Understanding GPT
    1, 2 and 3"), the import showed it as text and titled the note by the file's name (6 of its
    22 posts)."""
    text = (
        "\n\n---\nTitle: Understanding GPT 1, 2 and 3\ndate: 2023-10-01\ntags: [ML]\n---\nText.\n"
    )
    archive = read_markdown(text, "2023-10-01-GPT-1_2_3.md", "content/posts/x.md")
    [post] = archive.posts
    assert (post.title, post.date, post.taxonomy.tags) == (
        "Understanding GPT 1, 2 and 3",
        "2023-10-01",
        ("ML",),
    )
    assert note_text(post).rstrip().endswith("---\nText.")
    toml = "\n+++\ntitle = 'T'\ndate = 2023-10-01\nbad = \n+++\nText.\n"
    [problem] = read_markdown(toml, "t.md", "t.md").diagnostics
    assert (problem.code, problem.pos.line) == ("toml-syntax", 5)


def test_a_section_heading_under_a_front_matter_s_title_is_kept() -> None:
    """Kshitij-Banerjee/Kshitij-Banerjee.github.io's posts open with `# Introduction` under a
    front matter's title: that heading, taken for the title's, was left out of 20 posts."""
    text = "---\ntitle: Loss Functions in ML\n---\n### Introduction\n\nLoss functions tell.\n"
    [post] = read_markdown(text, "loss.md", "content/posts/loss.md").posts
    assert post.title == "Loss Functions in ML"
    assert "### Introduction\n\nLoss functions tell." in note_text(post)
    said = "---\ntitle: Loss Functions in ML\n---\n# Loss functions\n\nLoss functions tell.\n"
    [post] = read_markdown(said, "loss.md", "content/posts/loss.md").posts
    assert "# Loss functions" not in note_text(post)  # (it says the title: left out)
