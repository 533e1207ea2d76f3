"""A Zola post's shortcodes -> plain markdown: Tera's calls of the site's templates read as
what they show."""

from __future__ import annotations

from notebase.importers.markdownpost import read_markdown
from notebase.importers.render import note_text
from notebase.importers.zola import from_zola

# modelled on Logan-Lin/blog's content/ml-tech/*/index.md (its templates/shortcodes: math, m,
# cap, img, toc) and Zola themes' note and youtube shortcodes
ZOLA_POST = """{{ toc() }}

{{ img(src="diagram.png", alt="Architecture", width="500px") }}

{% cap() %}The *architecture* diagram.{% end %}

The loss {% m() %}\\mathcal{L}{% end %} is minimized, as {% katex(block=true) %}x^2{% end %}.

{% math() %}
f(x) = \\begin{pmatrix} a \\\\ b \\end{pmatrix}
{% end %}

{% note(header="Careful") %}
Check the *units*.
{% end %}

{{ youtube(id="dQw4w9WgXcQ") }} {{ unknown(x=1) }}

```
{% math() %}
{{ img(src="code.png") }}
```
{% math() %}
never ended"""


def test_zola_s_shortcodes_are_what_they_show() -> None:
    """Logan-Lin/blog showed its 96 shortcodes as written: `{% math() %}` … `{% end %}` around
    its formulas, `{% cap() %}` around its captions, and its pictures' `{{ img(…) }}`."""
    assert from_zola(ZOLA_POST).split("\n") == [
        "",
        "",
        "![Architecture](diagram.png)",
        "",
        "The *architecture* diagram.",
        "",
        "The loss $\\mathcal{L}$ is minimized, as $$x^2$$.",
        "",
        "$$",
        "f(x) = \\begin{pmatrix} a \\\\ b \\end{pmatrix}",
        "$$",
        "",
        "> [!note] Careful",
        "> Check the *units*.",
        "",
        "",
        "[YouTube video dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ) {{ unknown(x=1) }}",
        "",
        "```",
        "{% math() %}",
        '{{ img(src="code.png") }}',
        "```",
        "{% math() %}",
        "never ended",
    ]


def test_a_zola_bundle_s_picture_is_its_own() -> None:
    text = '+++\\ntitle = "Self-supervised"\\n+++\\n{{ img(src="ssl.webp", alt="ssl") }}\\n'
    [post] = read_markdown(text, "index.md", "content/dl4traj/ssl/index.md", {"ssl.webp"}).posts
    assert "![ssl](ssl/ssl.webp)" in note_text(post)


def test_a_picture_whose_name_holds_a_space_or_brackets_is_kept() -> None:
    # it was left out without a word: its markdown link would have been cut at the space
    body = '{{ img(src="my pic.png", alt="A") }}\n\n{{ img(src="a(1).png") }}\n'
    assert from_zola(body) == "![A](<my pic.png>)\n\n![](<a(1).png>)\n"
