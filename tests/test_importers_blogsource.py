"""A blog generator's source -> plain markdown posts: Jekyll's Liquid and kramdown, Hugo's TOML
and shortcodes, files named from the blog's root, links between posts."""

from __future__ import annotations

import pytest

from notebase.diagnostics import FilePos, Severity
from notebase.importers.blogsource import (
    from_directives,
    from_hugo,
    from_jekyll,
    from_site_root,
    link_site_refs,
    toml_front_matter,
)
from notebase.importers.markdownpost import linked_files, read_markdown
from notebase.importers.model import ImportedPost


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
        '{{< ref path="2025-06-03-muon" >}}',  # a named path (matbesancon/hugo-site)
    ],
)
def test_a_hugo_site_s_refs_between_its_posts_become_wikilinks(ref: str) -> None:
    posts = posts_of(
        ("a.md", f"---\ntitle: A\n---\nSee [the optimizer]({ref}).\n"),
        ("2025-06-03-muon.md", "---\ntitle: Muon optimizer\n---\nText.\n"),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]) == "See [[Muon optimizer|the optimizer]]." and diags == []


@pytest.mark.parametrize(
    ("link", "to"),
    [
        ("/articles/big-data-with-spark/", "Spark"),  # Hugo's address of a post (a real blog's)
        ("/post/2019THUWC-WC%E5%86%AC%E7%9C%A0%E8%AE%B0/", "THUWC/WC"),  # percent-encoded
        ("/post/后缀自动机sam学习笔记/#dfa", "SAM"),  # the name as Hugo makes its address of it
        ("/2019/04/25/recipe.html", "Recipe"),  # Jekyll's dated address of 2019-04-25-recipe
        # Hugo's `/:year/:month/:day/:slug/` of a post whose front matter names its slug
        # (Kshitij-Banerjee/Kshitij-Banerjee.github.io: 2023-10-01-GPT-1_2_3.md)
        ("/2023/10/01/understanding-gpt-1-2-3", "GPT 1, 2 and 3"),
    ],
)
def test_a_link_from_the_blogs_root_to_a_post_imported_becomes_a_wikilink(
    link: str, to: str
) -> None:
    """Links between a blog's posts written as their addresses (prakhar1989/hugo-blog,
    ouuan/hugo-blog): a broken link each, where the import holds the post they lead to."""
    posts = posts_of(
        ("a.md", f"---\ntitle: A\n---\nSee [this]({link}), ![a picture](/pics/x/).\n"),
        ("articles/big-data-with-spark.md", "---\ntitle: Spark\n---\nText.\n"),
        ("post/2019THUWC-WC冬眠记.md", "---\ntitle: THUWC/WC\n---\nText.\n"),
        ("post/后缀自动机（SAM）学习笔记.md", "---\ntitle: SAM\n---\nText.\n"),
        ("_posts/2019-04-25-recipe.md", "---\ntitle: Recipe\n---\nText.\n"),
        (
            "posts/2023-10-01-GPT-1_2_3.md",
            "---\ntitle: GPT 1, 2 and 3\nslug: understanding-gpt-1-2-3\n---\n",
        ),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]) == f"See [[{to}|this]], ![a picture](/pics/x/)." and diags == []


@pytest.mark.parametrize("link", ["/tags/spark/", "/about/", "/categories/x/", "/page/2/"])
def test_a_link_from_the_blogs_root_to_another_page_stays_as_it_is(link: str) -> None:
    posts = posts_of(
        ("a.md", f"---\ntitle: A\n---\nSee [this]({link}).\n"),
        ("articles/spark.md", "---\ntitle: Spark\n---\nText.\n"),
        ("about-me.md", "---\ntitle: About\n---\nText.\n"),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]) == f"See [this]({link})." and diags == []


def test_a_hugo_ref_is_found_by_its_path_as_hugo_finds_it() -> None:
    """htakeuchi0/htakeuchi0.github.io-sources (Hugo Book): refs to a section's page
    (`arrp/_index.md`, beside `arrp/arrp.md`), to `./basic.md` among several `basic.md`, and
    without an extension (`../dp/basic`) led to a post the import held, each a warning."""
    files = {
        "cpp/_index.md": '---\ntitle: C++\n---\n[A]({{< ref "arrp/_index.md" >}})\n',
        "arrp/_index.md": '---\ntitle: Arrays\n---\n[B]({{< ref "arrp.md" >}})\n',
        "arrp.md": "---\ntitle: Array pointers\n---\nText.\n",
        "openmp.md": '---\ntitle: OpenMP\n---\n[C]({{< ref "./basic.md" >}})\n',
        "mmul/basic.md": "---\ntitle: Matmul basics\n---\nText.\n",
        "dp/basic.md": "---\ntitle: DP basics\n---\nText.\n",
        "lap/_index.md": '---\ntitle: Laplace\n---\n[D]({{< ref "../dp/basic" >}})\n',
    }
    shown = {
        "cpp/_index.md": "content/docs/cpp/_index.md",
        "arrp/_index.md": "content/docs/cpp/arrp/_index.md",
        "arrp.md": "content/docs/cpp/arrp/arrp.md",
        "openmp.md": "content/docs/cpp/mmul/openmp.md",
        "mmul/basic.md": "content/docs/cpp/mmul/basic.md",
        "dp/basic.md": "content/docs/math/dp/basic.md",
        "lap/_index.md": "content/docs/math/lap/_index.md",
    }
    posts = [
        p for name, text in files.items() for p in read_markdown(text, name, shown[name]).posts
    ]
    linked, diags = link_site_refs(posts, shown)
    assert [body_of(p) for p in linked if "[[" in body_of(p)] == [
        "[[Arrays|A]]",
        "[[Array pointers|B]]",
        "[[Matmul basics|C]]",
        "[[DP basics|D]]",
    ]
    assert diags == []


def test_a_link_to_a_neighbour_bundle_s_page_becomes_a_wikilink() -> None:
    """Logan-Lin/blog (Zola): `dl4traj/trajectory-generation/index.md` links
    `[self-supervised](../self-supervised)`, the page of `dl4traj/self-supervised/index.md`
    (8 broken links); a post of its own file, `posts/a.md`, has its page at `posts/a/`."""
    files = {
        "generation/index.md": "---\ntitle: Gen\n---\nSee [this](../self-supervised/) [x](./sub).\n",
        "self-supervised/index.md": "---\ntitle: SSL\n---\nText.\n",
        "a.md": "---\ntitle: A\n---\nSee [b](../b), ![pic](../b).\n",
        "b.md": "---\ntitle: B\n---\nText.\n",
    }
    shown = {
        "generation/index.md": "content/dl4traj/generation/index.md",
        "self-supervised/index.md": "content/dl4traj/self-supervised/index.md",
        "a.md": "content/posts/a.md",
        "b.md": "content/posts/b.md",
    }
    posts = [
        p for name, text in files.items() for p in read_markdown(text, name, shown[name]).posts
    ]
    linked, diags = link_site_refs(posts, shown)
    assert [body_of(p) for p in linked] == [
        "See [[SSL|this]] [x](./sub).",
        "Text.",
        "See [[B|b]], ![pic](../b).",
        "Text.",
    ]
    assert diags == []


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

The code is in [[lilian/gym]](https://github.com/lilianweng/gym){:target="_blank"}.

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


# the shapes of al-folio's example posts (alshedivat/al-folio, as a researcher's blog keeps them)
AL_FOLIO_POST = """<div class="row mt-3">
    {% include figure.liquid loading="eager" path="assets/img/9.jpg" class="img-fluid rounded" zoomable=true %}
</div>
{% include image.html url="/img/plot.png" description="Loss, per epoch" %}
{% include video.liquid path="assets/video/run.mp4" class="img-fluid" controls=true %}
{% include audio.liquid path="https://cdn.example.org/a.mp3" controls=true %}
{% raw %}Liquid shown as written: {{ page.title }}{% endraw %}
{% include footer.html %}
```liquid
{% include figure.liquid path="assets/img/shown.png" %}
```
"""


# modelled on karpathy.github.io's _posts/2026-02-12-microgpt.markdown (kramdown, MathJax)
KRAMDOWN_MATH = r"""---
layout: post
title: "microgpt"
---
`__mul__` records that $$\frac{\partial(a b)}{\partial a} = b$$ and $$ b $$.

| `a * b` | $$a \cdot b$$ |

- $$L$$ is the loss

$$\frac{\partial L}{\partial c} = 1$$

$$
x^2
$$

```
price: $$5 and $$6
```
"""


def test_a_jekyll_post_s_inline_double_dollar_math_is_inline() -> None:
    """kramdown reads `$$…$$` among words as inline math, alone on its lines as display math;
    a note reads every `$$…$$` as display math (a centred line mid-sentence, in a table cell)."""
    name = "2026-02-12-microgpt.markdown"
    [post] = read_markdown(KRAMDOWN_MATH, name, f"blog/_posts/{name}").posts
    assert post.blocks[0].lines[0].text.startswith("`__mul__` records")
    body = "\n".join(line.text for b in post.blocks for line in b.lines)
    assert r"records that $\frac{\partial(a b)}{\partial a} = b$ and $b$." in body
    assert r"| `a * b` | $a \cdot b$ |" in body
    assert "- $L$ is the loss" in body
    assert "\n$$\\frac{\\partial L}{\\partial c} = 1$$\n" in body
    assert "\n$$\nx^2\n$$\n" in body
    assert "price: $$5 and $$6" in body
    # not a Jekyll post (no date in its name; a Hugo post named so; Hexo's): as it is
    for shown in ("_posts/microgpt.md", f"content/posts/{name}", f"source/_posts/{name}"):
        [other] = read_markdown(KRAMDOWN_MATH, shown.rsplit("/", 1)[1], shown).posts
        assert "records that $$" in "\n".join(line.text for b in other.blocks for line in b.lines)


def test_a_jekyll_post_s_tex_is_as_written_kramdown_reading_no_escape_in_math() -> None:
    r"""ratsgo/ratsgo.github.io's _posts/2017-04-14-wordweighting.md (`\\F1(w)`, a line break
    before `F1`) and 2017-09-13-asymptotic.md (`\\another`, after a stray `$` in the paragraph
    above): read as TeX escaped for Hugo's markdown renderer, `\left\{` lost its brace's
    backslash and every line break one of its two, 5 formulas failing to convert."""
    formula = r"$$\begin{align*} R&=\left\{ x \right\} \\F1(w)&=1 \\ \end{align*}$$"
    text = f"---\ntitle: W\n---\nStray $ here.\n\n{formula}\n"
    name = "2017-04-14-wordweighting.md"
    [post] = read_markdown(text, name, f"_posts/{name}").posts
    assert formula in [line.text for b in post.blocks for line in b.lines]


def test_a_jekyll_post_s_singular_category_and_tag_are_one_each() -> None:
    """ratsgo/ratsgo.github.io's posts (`category: Natural Language Processing`, `tag: word
    class`): the category was cut at its spaces into three, sorted (`[Language, Natural,
    Processing]`), and the tag kept as a field, no tag; Jekyll reads a singular field whole and
    splits a plural one's text."""
    text = (
        "---\ntitle: W\ncategory: Natural Language Processing\ntag: word class\n"
        "tags: nlp embeddings\ncategories: [ML]\n---\nText.\n"
    )
    [post] = read_markdown(text, "2017-05-04-word2vecpos.md", "_posts/x.md").posts
    assert post.taxonomy.categories == ("Natural Language Processing", "ML")
    assert post.taxonomy.tags == ("word class", "nlp", "embeddings")
    assert post.kept_fields == ()


def test_a_path_written_with_backslashes_is_read_as_a_browser_reads_it() -> None:
    r"""lingyixia's Hexo blog, written on Windows: `![](\img\attention.png)`, which a browser
    asks for at `/img/attention.png`, was missing (25 pictures); a markdown escape in a path
    (`a\_b.png`) is no folder's."""
    body = (
        '![](\\img\\CNN\\LeNet.jpg) <img src="\\img\\a.png"> ![](a\\_b.png)\n'
        "```\n![](\\img\\code.png)\n```"
    )
    assert from_site_root(body) == (
        '![](img/CNN/LeNet.jpg) <img src="img/a.png"> ![](a\\_b.png)\n```\n![](\\img\\code.png)\n```'
    )
    found = {path for path, _ in linked_files(from_site_root(body), 1)}
    assert {"img/CNN/LeNet.jpg", "img/a.png"} <= found


def test_a_jekyll_theme_s_includes_of_pictures_and_videos_are_what_they_show() -> None:
    assert from_site_root(from_jekyll(AL_FOLIO_POST)) == (
        '<div class="row mt-3">\n'
        '    <figure><img src="assets/img/9.jpg" alt=""></figure>\n'
        "</div>\n"
        '<figure><img src="img/plot.png" alt="Loss, per epoch">'
        "<figcaption>Loss, per epoch</figcaption></figure>\n"
        "[Video](assets/video/run.mp4)\n"
        "[Audio](https://cdn.example.org/a.mp3)\n"
        "Liquid shown as written: {{ page.title }}\n"
        "{% include footer.html %}\n"
        "```liquid\n"
        '{% include figure.liquid path="assets/img/shown.png" %}\n'
        "```\n"
    )
    body = from_site_root(from_jekyll(AL_FOLIO_POST))
    assert [path for path, _ in linked_files(body, 1)] == [  # copied beside the note
        "assets/img/9.jpg",
        "img/plot.png",
        "assets/video/run.mp4",
    ]


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


HUGO_POST = """+++
date = 2024-10-24T00:00:00+09:00
title = "Honorific Converter Released"
tags = ["ai", "tools"]
draft = true
summary = "A converter."
[params]
  math = true
+++

{{< figure src="/images/eyecatch.png" caption="The <new> window" >}}

Released today. {{< youtube dQw4w9WgXcQ >}} {{< tweet user="x" id="1" >}}

{{< highlight go "linenos=table" >}}
x := {{< figure src="/no.png" >}}
{{< /highlight >}}
"""


def test_a_hugo_post_s_toml_front_matter_is_read() -> None:
    """Hugo's `+++` front matter, as many Hugo blogs' `content/posts/` write it."""
    archive = read_markdown(HUGO_POST, "index.md", "content/posts/p/index.md")
    [post] = archive.posts
    assert (post.title, post.date, post.taxonomy.tags) == (
        "Honorific Converter Released",
        "2024-10-24",
        ("ai", "tools"),
    )
    assert post.kept_fields == (
        ("draft", True),
        ("description", "A converter."),
        ("params", {"math": True}),
    )
    assert archive.diagnostics == () and archive.files == (("images/eyecatch.png", 11),)


def test_toml_front_matter_that_cannot_be_read_is_a_warning_and_the_body_is_kept() -> None:
    fields, body, line, [problem] = toml_front_matter('+++\ntitle = "x\n+++\nText.\n', "p.md")
    assert (fields, body, line) == ({}, "Text.\n", 4)
    assert (problem.code, problem.severity, problem.pos) == (
        "toml-syntax",
        Severity.WARNING,
        FilePos("p.md", 2),  # the file's line: tomllib counts the TOML's own lines
    )
    assert "(at line" not in problem.message
    *_, [at_end] = toml_front_matter("+++\ndate = \n+++\n", "p.md")
    assert at_end.pos == FilePos("p.md", 2)
    assert toml_front_matter("+++ not a fence\n", "p.md") is None
    assert toml_front_matter("+++\ntitle = 'x'\n", "p.md") is None  # never closed


def test_hugo_s_shortcodes_are_the_markdown_and_html_they_stand_for() -> None:
    body = HUGO_POST.split("+++\n", 2)[2]
    assert from_hugo(body) == (
        "\n"
        '<figure><img src="/images/eyecatch.png" alt="The &lt;new&gt; window">'
        "<figcaption>The &lt;new&gt; window</figcaption></figure>\n\n"
        "Released today. [YouTube video dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)"
        " [Tweet by @x](https://twitter.com/x/status/1)\n\n"
        '```go\nx := {{< figure src="/no.png" >}}\n```\n'
    )
    assert from_hugo("```\n{{< youtube a >}}\n```") == "```\n{{< youtube a >}}\n```"
    assert from_hugo('{{< youtube id="a\'b" >}}') == '{{< youtube id="a\'b" >}}'
    # an argument holding a brace (htakeuchi0/htakeuchi0.github.io-sources: shown as written)
    assert from_hugo('{{< figure src="/g.png" title="\\(\\mathrm{grad}\\)" >}}') == (
        '<figure><img src="/g.png" alt="\\(\\mathrm{grad}\\)">'
        "<figcaption>\\(\\mathrm{grad}\\)</figcaption></figure>"
    )
    # Hugo's gist (htakeuchi0/htakeuchi0.github.io-sources: shown as written)
    assert from_hugo("{{< gist htakeuchi0 d192be73 >}} {{< gist x >}}") == (
        "[Gist d192be73 by htakeuchi0](https://gist.github.com/htakeuchi0/d192be73) {{< gist x >}}"
    )


def test_a_container_directive_is_a_callout() -> None:
    """Docusaurus's and Astro themes' admonitions (`:::tip[Title]` … `:::`, VitePress's `:::
    warning Careful`; Fuwari's, a popular Astro blog's) were shown as written, colons and all."""
    body = (
        ":::tip[Title here]\nSome *tip*.\n:::\n\n::: warning Careful\nDanger.\n:::\n"
        "```\n:::note\n```\n:::note\nnever ended"
    )
    assert from_directives(body) == (
        "> [!tip] Title here\n> Some *tip*.\n\n\n> [!warning] Careful\n> Danger.\n\n"
        "```\n:::note\n```\n:::note\nnever ended"
    )


def test_a_generator_s_code_block_holding_backticks_is_fenced_longer_than_them() -> None:
    """A post on markdown shows a fence in a `{% highlight %}` block: it must not end the block."""
    body = "{% highlight markdown %}\n```python\nx = 1\n```\n{% endhighlight %}\nAfter."
    assert from_jekyll(body) == "````markdown\n```python\nx = 1\n```\n````\nAfter."
    assert from_jekyll("{% highlight py %}\nx = 1") == "```py\nx = 1"  # never closed: as it was


# trimmed from matbesancon/hugo-site's content/post (a Wowchemy blog: 22 posts open with a
# `{{< toc >}}`, 11 show a post as `{{< tweet id >}}`, two set a note apart in an `alert`)
WOWCHEMY_POST = """Key take-away:
{{% alert note %}}
You don't need to be an expert programmer to help out
{{% /alert %}}
{{< toc >}}

Back when confinement started:
{{< tweet 1231514372729688064 >}}
{{< alert title="Mind the gap" color="warning" >}}
Text.
{{< /alert >}}
```
{{< toc >}}
```"""


def test_a_hugo_theme_s_contents_tweets_and_boxes_are_what_they_show() -> None:
    assert from_hugo(WOWCHEMY_POST) == (
        "Key take-away:\n"
        "> [!note]\n"
        "> You don't need to be an expert programmer to help out\n"
        "\n"
        "\n"  # the contents: the page has its own
        "\n"
        "Back when confinement started:\n"
        "[Tweet 1231514372729688064](https://twitter.com/i/status/1231514372729688064)\n"
        "> [!warning] Mind the gap\n"
        "> Text.\n"
        "\n"
        "```\n{{< toc >}}\n```"
    )


def test_a_jekyll_post_s_published_flag_is_its_draft_not_a_date() -> None:
    """jalammar/jalammar.github.io's posts say `published: true`, which a note reads as a date:
    30 field-type warnings once imported; `published: false` is Jekyll's unpublished post."""
    [shown] = posts_of(
        ("2018-12-03-illustrated-bert.md", "---\nlayout: post\npublished: true\n---\nX")
    )
    [hidden] = posts_of(("2019-01-01-draft.md", "---\ntitle: D\npublished: false\n---\nX"))
    [dated] = posts_of(("p.md", "---\ntitle: P\npublished: 2019-01-02\n---\nX"))
    assert (shown.draft, shown.kept_fields) == (False, (("layout", "post"),))
    assert (hidden.draft, hidden.kept_fields) == (True, ())
    assert [k for k, _ in dated.kept_fields] == ["published"]  # a date: kept


# trimmed from matbesancon/hugo-site's 2020-01-23-discrete-diff.markdown and
# 2018-08-17-abstract_graph.markdown, 2019-09-23-constructors.markdown: TeX written for Hugo's markdown renderer to read first
ESCAPED_MATH = r"""$$\\begin{align}
(\mathcal{P}): \\max\_{x} & \\sum\_{i \\in V} w\_i x\_i \\\\\\\\
& x \\in \\mathbb{B}^{|V|}
\\end{align}
$$
with $$M_{ij} = \\begin{cases} 1, & \\mbox{if edge (i $\\rightarrow$ j) exists} \\\\ 0 \\end{cases}$$,
$$ X = \[ X_i | i \in 1..n \] $$ and $\text{file\_name} \\ x$ as written, costing $5 or $6.
```
$$\\begin{align}$$
```"""


def test_a_formula_written_for_hugo_s_markdown_renderer_is_the_tex_mathjax_read() -> None:
    """13 formulas of the blog failed to convert, their TeX escaped for the markdown renderer."""
    assert from_hugo(ESCAPED_MATH) == (
        r"""$$\begin{align}
(\mathcal{P}): \max_{x} & \sum_{i \in V} w_i x_i \\\\
& x \in \mathbb{B}^{|V|}
\end{align}
$$
with $$M_{ij} = \begin{cases} 1, & \mbox{if edge (i $\rightarrow$ j) exists} \\ 0 \end{cases}$$,
$$ X = [ X_i | i \in 1..n ] $$ and $\text{file\_name} \\ x$ as written, costing $5 or $6.
```
$$\\begin{align}$$
```"""
    )


def test_a_subscript_s_underscore_escaped_for_a_markdown_renderer_is_read() -> None:
    r"""Logan-Lin/blog (Zola, KaTeX after pulldown-cmark): `$\mathcal{T}\_{1:m}$`, its underscores
    escaped from emphasis, 1,319 of them, each shown as an underscore, no subscript; one in a
    `\text{…}` is TeX's own."""
    body = r"Let $\mathcal{T}\_{1:m}$ and $$f\_\theta: p\_{\text{target}}$$, $\text{file\_name}$."
    assert from_hugo(body) == (
        r"Let $\mathcal{T}_{1:m}$ and $$f_\theta: p_{\text{target}}$$, $\text{file\_name}$."
    )
    # maxwshen/argmaxblog's `$z^\*$`, lingyixia's `$[X, s] \* W$`: a star kept from emphasis
    assert from_hugo(r"at $\phi(x, z^\*)$.") == r"at $\phi(x, z^*)$."


def test_a_hugo_theme_s_tex_shortcode_is_a_formula() -> None:
    r"""htakeuchi0/htakeuchi0.github.io-sources (Hugo Book): 2,590 `{{< katex >}}` shortcodes
    were shown as written; their TeX is KaTeX's as written (`\\` a line break, no escape)."""
    body = (
        "が {{< katex >}}x^*{{< /katex >}} であるとき，\n"
        "{{< katex display=true >}}\n\\begin{aligned} a\\\\b \\end{aligned}\n{{< /katex >}}\n"
        "```\n{{< katex >}}x{{< /katex >}}\n```"
    )
    assert from_hugo(body) == (
        "が $x^*$ であるとき，\n$$\n\\begin{aligned} a\\\\b \\end{aligned}\n$$\n"
        "```\n{{< katex >}}x{{< /katex >}}\n```"
    )


def test_mathjax_s_bracket_delimiters_written_for_a_markdown_renderer_are_a_formula() -> None:
    r"""htakeuchi0/htakeuchi0.github.io-sources: `\\(f,\phi\\)`, written so for Goldmark to
    leave MathJax `\(f,\phi\)`, was shown as text (211 formulas); the escapes in it are the
    renderer's too (`\<`, `\'`, `\\{`)."""
    body = (
        "関数 \\\\(f,\\phi\\\\) と \\\\(0<|z-c|\\<R\\\\), \\\\(r\\'_1\\\\) で\n"
        "\\\\[\n|\\\\{j\\\\}|\n\\\\]\n$$\\\\(x\\\\)$$ `\\\\(code\\\\)`"
    )
    assert from_hugo(body) == (
        "関数 $f,\\phi$ と $0<|z-c|<R$, $r'_1$ で\n$$\n|\\{j\\}|\n$$\n"
        "$$\\\\(x\\\\)$$ `\\\\(code\\\\)`"
    )


def test_a_line_break_before_a_command_is_no_sign_of_tex_escaped_for_a_markdown_renderer() -> None:
    r"""`\\\hline` (a row's end, then a rule) or `\\[2pt]` is TeX as MathJax reads it, whatever
    the generator: its escapes are kept (`\{x\}`, `\,`), where they were read as a markdown
    renderer's and left out."""
    formula = r"$$\begin{array}{c} a \\\hline b \\[2pt] \{x\} \, y \end{array}$$"
    assert from_hugo(formula) == formula


def test_files_named_from_a_folder_above_the_post_are_named_from_the_note_s_folder() -> None:
    """zhjwpku/paper-notes, an mdBook, names the book's pictures from each note's folder
    (`src/fs/polarfs.md`: `![](../assets/images/x.jpg)`, `./../../assets/…` two folders down):
    118 of its figures were left where no note's folder reaches, missing once built."""
    body = (
        "![](../assets/images/polarfs.jpg) <img src='./../../assets/images/dblog.jpg'>\n"
        "[pdf](../../assets/pdfs/p1849-cao.pdf) [other note](../bigdata/flink.md)\n"
        "```\n![](../assets/kept.png)\n```"
    )
    assert from_site_root(body) == (
        "![](assets/images/polarfs.jpg) <img src='assets/images/dblog.jpg'>\n"
        "[pdf](assets/pdfs/p1849-cao.pdf) [other note](../bigdata/flink.md)\n"
        "```\n![](../assets/kept.png)\n```"
    )


def test_a_link_to_another_post_s_own_file_becomes_a_wikilink() -> None:
    """As an mdBook's notes link each other (zhjwpku/paper-notes: `[ABS](../distributedsystem/
    abs.md)`, 11 broken links once built) and a Hugo post its neighbour (matbesancon/hugo-site:
    `[post](2023-10-crcn-inria.markdown)`); a file the import does not hold stays as written."""
    posts = posts_of(
        (
            "bigdata/flink.md",
            "# Flink\n\nSee [ABS](../distributedsystem/abs.md#algo), [](./raft.md), "
            "[post](2023-10-crcn-inria.markdown), [gone](gone.md) and ![](pic.md).\n",
        ),
        ("distributedsystem/abs.md", "# Lightweight Asynchronous Snapshots\n\nText.\n"),
        ("raft.md", "# Raft\n\nText.\n"),
        ("2023-10-crcn-inria.markdown", "---\ntitle: CRCN at Inria\n---\nText.\n"),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]) == (
        "See [[Lightweight Asynchronous Snapshots|ABS]], [[Raft]], [[CRCN at Inria|post]], "
        "[gone](gone.md) and ![](pic.md)."
    )
    assert diags == []


def test_a_reference_style_link_to_another_post_becomes_a_wikilink() -> None:
    """zhjwpku/paper-notes's section pages list their notes by reference (`- **[MapReduce: …]
    [mapreduce]**` and `[mapreduce]: mapreduce.md` below): 147 broken links once built."""
    posts = posts_of(
        (
            "bigdata/README.md",
            "# bigdata\n\n- **[MapReduce: Simplified Data Processing][mapreduce]**\n"
            "- [Flink][] and [gone][], ![a figure][fig], [site][home]\n\n"
            "[mapreduce]: ./mapreduce.md\n[Flink]: </bigdata/flink.md#x>\n"
            "[gone]: gone.md\n[fig]: flink.md\n[home]: https://example.org/\n",
        ),
        ("bigdata/mapreduce.md", "# MapReduce\n\nText.\n"),
        ("bigdata/flink.md", "# Apache Flink\n\nText.\n"),
    )
    linked, diags = link_site_refs(posts, {})
    assert body_of(linked[0]).split("\n\n")[0] == (
        "- **[[MapReduce|MapReduce: Simplified Data Processing]]**\n"
        "- [[Apache Flink|Flink]] and [gone][], ![a figure][fig], [site][home]"
    )
    assert diags == []


def test_a_link_to_a_post_s_file_is_found_by_its_path_when_names_are_shared() -> None:
    """zhjwpku/paper-notes keeps `volcano.md` in `optimizer/` and in `executor/`, and a
    README.md in each folder: `databases/README.md` links `optimizer/volcano.md`."""
    posts = [
        p
        for name, text in (
            ("databases/README.md", "# databases\n\n[O](optimizer/volcano.md), [E](executor/volcano.md), [F](../fs/README.md)\n"),
            ("optimizer/volcano.md", "# Volcano optimizer\n\nText.\n"),
            ("executor/volcano.md", "# Volcano executor\n\nText.\n"),
            ("fs/README.md", "# File systems\n\nText.\n"),
            ("README.md", "# Paper notes\n\nText.\n"),
        )
        for p in read_markdown(text, name, name).posts
    ]  # fmt: skip
    linked, diags = link_site_refs(posts, {})
    assert (
        body_of(linked[0])
        == ("[[Volcano optimizer|O]], [[Volcano executor|E]], [[File systems|F]]")
        and diags == []
    )


def test_a_file_a_reference_names_is_named_from_the_note_s_folder_and_copied() -> None:
    """zhjwpku/paper-notes's vr.md: `[VR]: ../../assets/pdfs/viewstamped-replication.pdf`, and
    `[x]: /assets/pdfs/fast21-dong.pdf` from the book's root: five PDFs missing once built."""
    body = (
        "See [the paper][VR] and [FAST][x].\n\n"
        "[VR]: ../../assets/pdfs/viewstamped-replication.pdf\n"
        '[x]: </assets/pdfs/fast21-dong.pdf> "FAST 21"\n'
        "[y]: assets/pdfs/llm.pdf\n[web]: https://example.org/a.pdf\n"
        "[^1]: [Wikimedia](https://upload.wikimedia.org/x.png) /assets/x.png"  # a footnote
    )
    assert from_site_root(body) == (
        "See [the paper][VR] and [FAST][x].\n\n"
        "[VR]: assets/pdfs/viewstamped-replication.pdf\n"
        '[x]: <assets/pdfs/fast21-dong.pdf> "FAST 21"\n'
        "[y]: assets/pdfs/llm.pdf\n[web]: https://example.org/a.pdf\n"
        "[^1]: [Wikimedia](https://upload.wikimedia.org/x.png) /assets/x.png"
    )
    assert [path for path, _ in linked_files(from_site_root(body), 1)] == [
        "assets/pdfs/viewstamped-replication.pdf",
        "assets/pdfs/fast21-dong.pdf",
        "assets/pdfs/llm.pdf",
    ]


def test_a_jekyll_post_is_dated_by_its_file_s_name_when_its_front_matter_says_no_date() -> None:
    """As Jekyll dates it: jalammar/jalammar.github.io's 30 posts say no `date:`, and were
    imported undated."""
    [named] = posts_of(("_posts/2016-01-06-Supercharging-android-apps.md", "---\ntitle: A\n---\nX"))
    [given] = posts_of(("2016-01-06-b.md", "---\ntitle: B\ndate: 2016-02-01 10:00\n---\nX"))
    [other] = posts_of(("2019-13-45-c.md", "---\ntitle: C\n---\nX"))  # no date
    assert (named.date, given.date, other.date) == ("2016-01-06", "2016-02-01", "")


def test_a_link_to_the_page_a_generator_makes_of_a_post_s_file_becomes_a_wikilink() -> None:
    """mdBook names a note's page by its file (`volcano.html`) and a folder's README.md
    `index.html`: zhjwpku/paper-notes's section pages link their folders so (15 broken links
    once built)."""
    posts = [
        p
        for name, text in (
            ("databases/README.md", "# databases\n\n- **[Optimizer](optimizer/index.html)**, [V](optimizer/volcano.html#x), [other](other.html)\n"),
            ("optimizer/README.md", "# Query optimizers\n\nText.\n"),
            ("optimizer/volcano.md", "# Volcano optimizer\n\nText.\n"),
        )
        for p in read_markdown(text, name, name).posts
    ]  # fmt: skip
    linked, diags = link_site_refs(posts, {})
    assert (
        body_of(linked[0])
        == ("- **[[Query optimizers|Optimizer]]**, [[Volcano optimizer|V]], [other](other.html)")
        and diags == []
    )
