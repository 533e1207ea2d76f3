"""A markdown file -> one post: title and source from its first heading, tl;dr, body kept."""

from __future__ import annotations

import pytest

from notebase.diagnostics import FilePos, Severity
from notebase.importers.formats import choose_reader
from notebase.importers.markdownpost import (
    from_jekyll,
    from_site_root,
    link_site_refs,
    linked_files,
    read_markdown,
)
from notebase.importers.model import ImportedPost
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


def posts_of(*files: tuple[str, str]) -> list[ImportedPost]:
    return [p for name, text in files for p in read_markdown(text, name, f"src/{name}").posts]


def body_of(post: ImportedPost) -> str:
    return "\n".join(line.text for block in post.blocks for line in block.lines)


def test_a_jekyll_blog_s_links_between_its_posts_become_wikilinks() -> None:
    """`{% post_url %}` as karpathy.github.io's posts write it, and `{% link %}`."""
    posts = posts_of(
        (
            "2015-03-30-breaking-convnets.markdown",
            "---\ntitle: Breaking Linear Classifiers\n---\n"
            "Found [here]({% post_url 2011-04-27-manually-classifying-cifar10 %}), and "
            "[]({%- link _posts/2011-04-27-manually-classifying-cifar10.markdown -%}).\n",
        ),
        (
            "2011-04-27-manually-classifying-cifar10.markdown",
            "---\ntitle: Lessons learned from manually classifying CIFAR-10\n---\nText.\n",
        ),
    )
    linked, diags = link_site_refs(posts, {})
    assert diags == []
    assert body_of(linked[0]) == (
        "Found [[Lessons learned from manually classifying CIFAR-10|here]], and "
        "[[Lessons learned from manually classifying CIFAR-10]]."
    )
    assert linked[1] is posts[1]


@pytest.mark.parametrize(
    "ref",
    [
        '{{< ref "posts/muon.md" >}}',
        "{{< relref muon >}}",
        '{{% ref "/posts/muon/index.md#why" %}}',
        '{{< ref "2025-06-03-muon" >}}',
    ],
)
def test_a_hugo_site_s_refs_between_its_posts_become_wikilinks(ref: str) -> None:
    posts = posts_of(
        ("a.md", f"---\ntitle: A\n---\nSee [the optimizer]({ref}).\n"),
        ("2025-06-03-muon.md", "---\ntitle: Muon optimizer\n---\nText.\n"),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]) == "See [[Muon optimizer|the optimizer]]." and diags == []


def test_a_link_to_a_post_the_import_does_not_hold_keeps_its_words_with_a_warning() -> None:
    posts = posts_of(("post.md", "# Post\n\nSee [this one]({% post_url 2010-01-01-gone %}).\n"))
    linked, diags = link_site_refs(posts, {"post.md": "src/post.md"})
    assert body_of(linked[0]) == "See this one."
    [d] = diags
    assert (d.code, d.pos, d.severity) == (
        "import-unresolved-ref",
        FilePos("src/post.md", 1),
        Severity.WARNING,
    )
    assert "2010-01-01-gone" in d.message


def test_a_jekyll_excerpt_or_a_hugo_summary_is_the_note_s_description() -> None:
    [post] = posts_of(("p.md", "---\ntitle: P\nlayout: post\nexcerpt: In short.\n---\nText.\n"))
    assert post.kept_fields == (("layout", "post"), ("description", "In short."))
    [post] = posts_of(("p.md", "---\ntitle: P\nsummary: Brief.\ndescription: Said.\n---\nText.\n"))
    assert post.kept_fields == (("summary", "Brief."), ("description", "Said."))


def test_files_named_from_the_blog_s_root_are_named_from_the_note_s_folder() -> None:
    """Jekyll and Hugo posts name their images from the site's root (`/assets/rnn/diags.jpeg`)."""
    body = (
        '![a](/assets/x.png) <img src="/assets/rnn/d.jpeg" style="w"> [pdf](/files/a.pdf#p=2)\n'
        "[about](/about/) [post](/posts/x.md) ![cdn](//cdn.example.org/y.png)\n"
        "```html\n<img src=\"/assets/code.png\">\n```\n<img src='/img/q.gif'>"
    )
    assert from_site_root(body) == (
        '![a](assets/x.png) <img src="assets/rnn/d.jpeg" style="w"> [pdf](files/a.pdf#p=2)\n'
        "[about](/about/) [post](/posts/x.md) ![cdn](//cdn.example.org/y.png)\n"
        "```html\n<img src=\"/assets/code.png\">\n```\n<img src='img/q.gif'>"
    )
    assert linked_files(from_site_root(body), 3) == (
        ("assets/x.png", 3),
        ("files/a.pdf", 3),
        ("assets/rnn/d.jpeg", 3),
        ("img/q.gif", 8),
    )


LILLOG_POST = """{: class="table-of-content"}
* TOC
{:toc}

The code is in [[lilian/gym]](https://github.com/lilianweng/gym).

![Artificial neural network]({{ '/assets/images/ANN.png' | relative_url }})
{: style="width: 400px; max-width: 100%;"}
*Fig 1. A three-layer network.*
{:.image-caption}

See [my previous post]({{ site.baseurl }}{% post_url 2017-06-21-overview %}#rnn).

{% highlight python linenos %}
url = "{{ site.baseurl }}"
{% endhighlight %}

```liquid
{: kept}
```
"""


def test_a_jekyll_post_s_liquid_and_kramdown_are_read_as_plain_markdown() -> None:
    """As Lil'Log's Jekyll posts (lilianweng/lil-log) write them."""
    assert from_jekyll(LILLOG_POST) == (
        "\n\n\n\n"
        "The code is in [\\[lilian/gym\\]](https://github.com/lilianweng/gym).\n\n"
        "![Artificial neural network](/assets/images/ANN.png)\n\n"
        "*Fig 1. A three-layer network.*\n\n\n"
        "See [my previous post]({% post_url 2017-06-21-overview %}#rnn).\n\n"
        '```python\nurl = "{{ site.baseurl }}"\n```\n\n'
        "```liquid\n{: kept}\n```\n"
    )


def test_a_jekyll_post_s_links_and_images_lead_to_the_imported_notes_and_files() -> None:
    posts = posts_of(
        ("2017-07-08-rnn.md", f"---\ntitle: RNN\n---\n{LILLOG_POST}"),
        ("2017-06-21-overview.md", "---\ntitle: An Overview\n---\nText.\n"),
    )
    [rnn, _], diags = link_site_refs(posts, {})
    assert "See [[An Overview|my previous post]]." in body_of(rnn) and diags == []
    assert "![Artificial neural network](assets/images/ANN.png)" in body_of(rnn)
    assert read_markdown(f"---\ntitle: RNN\n---\n{LILLOG_POST}", "r.md", "r.md").files == (
        ("assets/images/ANN.png", 10),
    )
