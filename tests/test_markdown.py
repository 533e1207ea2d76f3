"""markdown/: each rule against hand-written fixture pairs (NAME.md -> NAME.html), plus extraction."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markdown_it.common.normalize_url import normalizeLink

from notebase.markdown import parser, render_inline, render_markdown
from notebase.markdown.admonitions import AdmonitionType, admonition_types
from notebase.markdown.highlight import contrast, parse_hex, pygments_css, readable_colour
from notebase.markdown.markers import MARK, link_marker
from notebase.markdown.mathml import tex_to_mathml
from notebase.markdown.parser import create_parser, normalize_link, pipes_hidden, render_pieces
from notebase.model import LinkRef

FIXTURES = Path(__file__).parent / "fixtures" / "markdown"
CASES = sorted(p.stem for p in FIXTURES.glob("*.md"))
SHOWN_MARK = "§"  # the internal-link marker, written visibly in the fixtures


def test_every_fixture_has_its_expected_html() -> None:
    assert len(CASES) >= 13
    assert sorted(p.stem for p in FIXTURES.glob("*.html")) == CASES


@pytest.mark.parametrize("name", CASES)
def test_fixture(name: str) -> None:
    source = (FIXTURES / f"{name}.md").read_text(encoding="utf-8")
    expected = (FIXTURES / f"{name}.html").read_text(encoding="utf-8")
    assert render_markdown(source).html.replace(MARK, SHOWN_MARK) == expected


def test_failed_math_reports_each_formula_with_its_line() -> None:
    rendered = render_markdown((FIXTURES / "math-failed.md").read_text(encoding="utf-8"))
    assert rendered.problems == (
        ("math-failed", "cannot convert $\\frac{1}{$", 1),
        ("math-failed", "cannot convert $\\begin{nosuchenv}$", 3),
    )


def test_failed_math_over_several_lines_is_reported_on_one() -> None:
    # a diagnostic is one `file:line: …` line: the TeX's line breaks are not carried into it
    rendered = render_markdown("$$\n\\begin{nosuchenv}\n  x\n$$\n")
    message = "cannot convert $\\begin{nosuchenv} x$"
    assert rendered.problems == (("math-failed", message, 1),)


def test_good_math_reports_nothing() -> None:
    assert render_markdown("$x^2$ and $$y$$\n").problems == ()


def test_an_empty_math_block_shows_nothing_and_says_nothing() -> None:
    # smokeriu/Obsidian-notes (机器学习/深度学习v2/基础知识/优化器.md) leaves a formula to write,
    # `$$`, a blank line, `$$`: it was a math-failed warning, "cannot convert $$", and its TeX
    rendered = render_markdown("公式为：\n$$\n\n$$\n\n## pyTorch\n")
    assert rendered.problems == ()
    assert '<div class="math"></div>' in rendered.html and "math-tex" not in rendered.html
    # 0x9ONU/Obsidian-Notes defines its macro in a formula of its own, used in the next ones
    rendered = render_markdown("$$\\newcommand{\\emf}{\\mathcal{E}}$$\n\nThe $\\emf$ is\n")
    assert rendered.problems == () and rendered.html.count("<math") == 1


def test_wikilinks_are_recorded_with_target_fragment_label_and_line() -> None:
    rendered = render_markdown("intro\n\nSee [[Muon]]\nand [[Shampoo#Cost|the cost]].\n")
    assert rendered.links == (
        LinkRef("Muon", True, 3, "", "Muon"),
        LinkRef("Shampoo", True, 4, "Cost", "the cost"),
    )


def test_external_urls_are_recorded_with_their_lines() -> None:
    rendered = render_markdown("[a](https://a.org/x)\n\nand www.b.org\n")
    assert rendered.urls == (("https://a.org/x", 1), ("http://www.b.org", 3))


def test_unsafe_links_are_not_recorded() -> None:
    rendered = render_markdown("[x](javascript:alert(1)) [y](mailto:a@b.org)\n")
    assert rendered.links == ()
    assert rendered.urls == ()
    assert '<a href="mailto:a@b.org">y</a>' in rendered.html


def test_blockquote_with_attribution_line() -> None:
    rendered = render_markdown(
        "> Muon operates on 2D tensors only.\n> — Keller Jordan, Muon post\n"
    )
    (quote,) = rendered.quotes
    assert quote.attribution == "Keller Jordan, Muon post"
    assert quote.html == "<p>Muon operates on 2D tensors only.</p>"
    assert quote.text == "Muon operates on 2D tensors only."
    assert quote.line == 1
    assert rendered.html == (
        f'<blockquote id="{quote.anchor}" class="quote">\n'
        "<p>Muon operates on 2D tensors only.</p>\n"
        '<footer class="quote-attribution">— Keller Jordan, Muon post</footer>\n'
        "</blockquote>\n"
    )


@pytest.mark.parametrize("dash", ["—", "--", "–", "~"])
def test_attribution_after_a_blank_quote_line(dash: str) -> None:
    (quote,) = render_markdown(f"> Words.\n>\n> {dash} Ada Lovelace\n").quotes
    assert (quote.text, quote.attribution) == ("Words.", "Ada Lovelace")


def test_an_attribution_is_its_words_not_its_markup() -> None:
    """The quotes page shows an attribution as text: a wikilink there reads as its label (or its
    note's name), a markdown link as its text, emphasis as its words; the quote keeps them."""
    text = (
        "> Words.\n>\n> -- [[articles_The Bullied Boy|Arthur Brittan]]\n\n"
        "> More.\n> — the [[civil war]], *why?* [April 15, 2017](https://example.org/s)\n"
    )
    rendered = render_markdown(text)
    assert [q.attribution for q in rendered.quotes] == [
        "Arthur Brittan",
        "the civil war, why? April 15, 2017",
    ]
    assert '<a href="https://example.org/s">April 15, 2017</a>' in rendered.html


@pytest.mark.parametrize(
    "card",
    [
        # a paper-notes repository's header (jiabingyang01/llm-paper-notes: 643 of its 654 notes)
        "> **论文**：*Astra: General Interactive World Model*\n>\n> **作者**：Yixuan Zhu, Jiaqi Feng\n"
        ">\n> **发布时间**：2025 年 12 月\n>\n"
        "> 🔗 [arXiv](https://arxiv.org/abs/2512.08931) | [PDF](https://arxiv.org/pdf/2512.08931)\n",
        "> **Paper:** Attention Is All You Need\n> **Authors:** Vaswani et al.\n"
        "> **Venue:** NeurIPS 2017\n> [arXiv](https://arxiv.org/abs/1706.03762)\n",
    ],
)
def test_a_card_of_a_paper_s_fields_set_off_as_a_quote_is_no_quote(card: str) -> None:
    rendered = render_markdown(f"{card}\n> Attention is all you need.\n")
    assert [q.text for q in rendered.quotes] == ["Attention is all you need."]
    assert rendered.html.startswith("<blockquote>\n<p><strong>")  # shown as written


@pytest.mark.parametrize(
    "quoted",
    [
        "> **Q:** Why?\n> **A:** Because.\n> **Q:** Sure?\n",  # a dialogue: two labels
        "> **Note:** one\n> **Tip:** two\n> **Also:** three\n> and words of its own.\n",
    ],
)
def test_labelled_lines_among_other_words_are_still_a_quote(quoted: str) -> None:
    assert len(render_markdown(quoted).quotes) == 1


def test_blockquote_without_attribution() -> None:
    (quote,) = render_markdown("> Just words,\n> over two lines.\n").quotes
    assert quote.attribution == ""
    assert quote.text == "Just words, over two lines."


def test_nested_quote_is_part_of_its_outer_quote() -> None:
    rendered = render_markdown("> outer\n>\n> > inner\n")
    assert len(rendered.quotes) == 1
    assert "inner" in rendered.quotes[0].text


def test_identical_quotes_get_distinct_anchors() -> None:
    first, second = render_markdown("> same\n\ntext\n\n> same\n").quotes
    assert second.anchor == f"{first.anchor}-2"


def test_quote_html_is_its_inner_html_without_the_footer() -> None:
    (quote,) = render_markdown("> Words *here*.\n>\n> > inner\n>\n> — Ada\n").quotes
    assert quote.html == "<p>Words <em>here</em>.</p>\n<blockquote>\n<p>inner</p>\n</blockquote>"
    assert quote.attribution == "Ada"


def test_quotes_with_the_same_block_id_keep_their_own_words() -> None:
    first, second = render_markdown("> one\n^same\n\n> two\n^same\n").quotes
    assert (first.html, second.html) == ("<p>one</p>", "<p>two</p>")


def test_footnote_html_drops_every_back_link() -> None:
    rendered = render_markdown("a[^n] b[^n]\n\n[^n]: said **twice**\n")
    assert [(f.label, f.html, f.text) for f in rendered.footnotes] == [
        ("1", "<p>said <strong>twice</strong></p>", "said twice")
    ]
    assert rendered.html.count('class="footnote-backref"') == 2


def test_a_footnote_holding_a_list_is_whole() -> None:
    (note,) = render_markdown("a[^1]\n\n[^1]: one\n\n    - x\n    - y\n").footnotes
    assert note.html == "<p>one</p>\n<ul>\n<li>x</li>\n<li>y</li>\n</ul>"
    assert note.text == "one x y"


def test_inline_footnotes_are_numbered_with_the_others() -> None:
    rendered = render_markdown("a[^x] b^[inline *one*]\n\n[^x]: first\n")
    assert [(f.label, f.html) for f in rendered.footnotes] == [
        ("1", "<p>first</p>"),
        ("2", "<p>inline <em>one</em></p>"),
    ]


def test_tldr_paragraph_is_removed() -> None:
    rendered = render_markdown("Intro.\n\nTL;DR: short *version*.\n")
    assert rendered.tldr_html == "short <em>version</em>."
    assert rendered.tldr_text == "short version."
    assert rendered.html == "<p>Intro.</p>\n"


def test_tldr_inside_a_list_is_not_taken() -> None:
    rendered = render_markdown("- tldr: inside a list\n")
    assert rendered.tldr_html == ""
    assert "tldr: inside a list" in rendered.html


def test_title_heading_is_taken_only_when_asked_and_when_first() -> None:
    assert render_markdown("# T\n\nx\n", want_title=True).first_heading == "T"
    assert render_markdown("# T\n\nx\n").first_heading == ""
    assert render_markdown("x\n\n# T\n", want_title=True).first_heading == ""
    assert render_markdown("## T\n", want_title=True).first_heading == ""


def test_plain_text_for_search() -> None:
    rendered = render_markdown("A *b* `c`\nd\n\n```\ncode\n```\n")
    assert rendered.text == "A b c d\ncode\n"


def test_render_inline_keeps_a_tldr_label() -> None:
    rendered = render_inline("tldr: is the content here")
    assert rendered.tldr_html == ""
    assert rendered.html == "<p>tldr: is the content here</p>\n"


def test_contrast_follows_wcag() -> None:
    white, black = parse_hex("#fff"), parse_hex("#000000")
    assert contrast(black, white) == pytest.approx(21)
    assert round(contrast(parse_hex("#767676"), white), 2) == 4.54  # the usual AA grey
    assert round(contrast(parse_hex("#777777"), white), 2) == 4.48


def test_faint_code_colours_move_just_far_enough_to_read() -> None:
    assert readable_colour("#000000", "#ffffff") == "#000000"  # already readable
    assert readable_colour("#777777", "#ffffff") == "#717171"  # one 5% step towards black
    assert readable_colour("#555555", "#000000") == "#777777"  # four steps towards white


@pytest.mark.parametrize(
    ("part", "background"), [(0, "#f0f0f0"), (1, "#0d1117")]
)  # friendly, github-dark
def test_every_code_colour_reaches_aa_on_its_background(part: int, background: str) -> None:
    section = pygments_css().split("@media (prefers-color-scheme: dark)")[part]
    colours = re.findall(
        r"^ *(?:\S+ )?\.highlight \.\w+ \{ color: (#[0-9A-Fa-f]{6})[ ;]", section, re.M
    )
    assert len(colours) > 40
    low = [c for c in colours if contrast(parse_hex(c), parse_hex(background)) < 4.5]
    assert low == []


def test_mention_text_is_prose_only_with_breaks_where_code_or_links_were() -> None:
    text = (
        "tldr: about *Shampoo*\n\n"
        "Muon *optimizer* and `code` plus [link text](https://x.org), [[Wiki]] and $x$\n"
        "same paragraph\n\n"
        "```\nfenced\n```\n\n"
        "> quoted words\n\n"
        "| a | b |\n|---|---|\n| cell | ![alt](i.png) |\n"
    )
    assert render_markdown(text).mention_text == (
        "about Shampoo\nMuon optimizer and\nplus\n,\nand\nsame paragraph\nquoted words\na\nb\ncell"
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://a.org/x?y=1&z=2#top", "https://a.org/x?y=1&z=2#top"),
        ("http://sub-1.a.org/%41;b:c@d(e)'!~*$,+", "http://sub-1.a.org/%41;b:c@d(e)'!~*$,+"),
        ("https://a.org", "https://a.org"),
        ("https://a.org/x y", "https://a.org/x%20y"),
        ("https://a.org/100%", "https://a.org/100%25"),
        ("https://a.org/%zz", "https://a.org/%25zz"),
        ("https://bücher.de/é", "https://xn--bcher-kva.de/%C3%A9"),
        ("https://a.org/{x}|^", "https://a.org/%7Bx%7D%7C%5E"),
        ("https://a.org/[x]", "https://a.org/%5Bx%5D"),
    ],
)
def test_link_destinations_are_normalised_as_markdown_it_does(url: str, expected: str) -> None:
    assert normalize_link(url) == expected


PLAIN_URLS = st.from_regex(
    r"(?a)https?://[a-z0-9-]{1,70}(\.[a-z0-9-]{1,70}){0,4}([/?#][\w/?#:@&=+$,.!~*'();-]{0,12})?",
    fullmatch=True,
)


@pytest.mark.parametrize("odd", ["", "A", ":80", ".", " ", "%", "%4", "%zz", "é", "[", "|", "\\"])
@given(plain=PLAIN_URLS, at=st.integers(min_value=-16, max_value=16))
@settings(max_examples=40)
@example(plain="https://" + "a" * 63 + "." + "b" * 64, at=0)
@example(plain="https://" + ".".join(["a" * 63] * 5), at=0)
@example(plain="https://a.org/b", at=-2)
@example(plain="http://a.org", at=-5)
def test_a_link_destination_is_normalised_as_markdown_it_normalises_it(
    plain: str, at: int, odd: str
) -> None:
    """`odd` put in a URL markdown-it leaves as it is, near its start or (at < 0) its end."""
    at = max(0, min(len(plain), at if at >= 0 else len(plain) + 1 + at))
    url = plain[:at] + odd + plain[at:]
    assert normalize_link(url) == normalizeLink(url)


def test_inline_tags_are_recorded_outside_code_links_and_numbers() -> None:
    rendered = render_markdown(
        "#ml and #nested/tag here\n\n`#fff` [a #linked](https://e.org/#x) #123 C#\n"
        "```\n#incode\n```\n# Heading #inhead\n"
    )
    assert rendered.tags == ("ml", "nested/tag", "inhead")
    assert [link.target for link in rendered.links] == [
        "/tags/ml/",
        "/tags/nested/tag/",  # a nested tag keeps its levels, as in Obsidian
        "/tags/inhead/",
    ]


def test_callouts_are_not_quotes_but_a_plain_blockquote_still_is() -> None:
    rendered = render_markdown("> [!quote] Said\n> Words.\n\n> A real quote.\n")
    (quote,) = rendered.quotes
    assert quote.text == "A real quote."
    assert '<div class="callout callout-quote" data-callout="quote">' in rendered.html


def test_comments_hide_huge_json_and_leave_no_text() -> None:
    dump = '{"type": "excalidraw", "elements": [' + ", ".join(["{}"] * 5000) + "]}"
    rendered = render_markdown(f"Seen.\n%%\n## Drawing\n```json\n{dump}\n```\n%%\n")
    assert rendered.html == "<p>Seen.</p>\n"
    assert "excalidraw" not in rendered.text


def test_math_after_a_text_line_never_pairs_dollars_across_prose() -> None:
    rendered = render_markdown("The loss\n$$\n\\sigma(x)\n$$\nwhere $5 is a price.\n")
    assert "\\sigma" not in rendered.html
    assert "<p>where $5 is a price.</p>" in rendered.html
    assert rendered.problems == ()


def test_a_math_block_with_a_blank_line_leaves_no_dollars_open_for_the_next_one() -> None:
    """A `$$` block holding a blank line (k78ma/quartz), then text, then a `$$` block right after
    the text: the first block's closing `$$` is no `$$` the text left open."""
    text = "$$\n\\begin{align}\na &= b \\\\\n\n &= c\n\\end{align}\n$$\nThe next.\n$$\nx = y\n$$\n"
    rendered = render_markdown(text)
    assert "<p>The next.</p>" in rendered.html
    assert rendered.html.count('<div class="math">') == 2
    assert rendered.problems == ()


@pytest.mark.parametrize(
    ("text", "maths"),
    [
        ("$\\frac{151}{2}=76$ - lo 0,5\n", 1),  # opens the text, which ends in a digit
        ("- $x$ and 5\n- $y$ or 6\n", 2),
        ("$x$5 is not math\n", 0),  # a digit right after the closing $
        ("$5 and $10\n", 0),
        ("a $x$ 76\n", 1),
        ("a circle is 2$\\pi$ rad\n", 1),  # a digit before the opening $ (Obsidian-vault-cpp)
        ("US$5 and US$10\n", 0),
    ],
)
def test_math_that_opens_a_paragraph_ending_in_a_digit(text: str, maths: int) -> None:
    assert render_markdown(text).html.count("<math") == maths


@pytest.mark.parametrize(
    ("text", "inline", "display"),
    [
        ("where \\(\\theta_t\\) is\n", 1, 0),  # MathJax's inline brackets (a Jekyll vault)
        ("step \\(t\\) of \\((x_i, y_i)\\)\n", 2, 0),  # one short variable is math inline
        ("\\[\n\\alpha_t = \\alpha_0 \\cdot e^{-\\lambda t}\n\\]\n", 0, 1),  # over lines
        ("stays \\(as here\\) and \\[sic\\]\n", 0, 0),  # no TeX: escaped brackets
        ("SQL \\[select p.first\\_name || ' ' as name FROM person p\\] done\n", 0, 0),  # prose
        ("\\[\\text{for all three items} x = y\\]\n", 0, 1),  # words in a command's braces
        ("`\\(\\theta\\)` in code\n", 0, 0),
        ("an open \\(x_i and no close\n", 0, 0),
        ("\\(x_i\n\nx_j\\) across paragraphs\n", 0, 0),
        ("\\[[[A, B], C] = 0\\]\n", 0, 1),  # brackets of TeX, no wikilink
    ],
)
def test_tex_between_escaped_brackets_is_math(text: str, inline: int, display: int) -> None:
    html = render_markdown(text).html
    assert html.count('display="inline"') == inline
    assert html.count('display="block"') == display
    if not inline + display:
        assert "<math" not in html


def test_escaped_brackets_of_an_index_in_prose_are_brackets_not_math() -> None:
    """A Python note's prose with its list's brackets escaped (WngWai/obsidian_quartz,
    python_list索引.md): `spaces\\[start:start + length\\]` is an index, and the `\\[1]` before
    it has no closing of its own; both were read as display math, one failing to convert."""
    source = (
        "要赋值为1：\n"
        "spaces\\[start:start + length\\] = \\[1] 不行！\n"
        "spaces\\[start:start + length\\] = \\[1] * length 需要这样！\n"
    )
    rendered = render_markdown(source)
    assert "<math" not in rendered.html and rendered.problems == ()
    assert "spaces[start:start + length] = [1] 不行！" in rendered.html


def test_escaped_brackets_round_a_wikilink_are_brackets_round_a_link() -> None:
    """A wiki's inline label, `\\[_[[citation-needed|Citation needed]]_\\]` (Quartz and Obsidian
    read `\\[` as a bracket): its `_` and `|` are no TeX."""
    rendered = render_markdown("a claim<sup>\\[_[[citation-needed|Citation needed]]_\\]</sup>\n")
    assert rendered.problems == ()
    assert "[<em>" in rendered.html and "Citation needed</a></em>]" in rendered.html


def test_operatorname_with_a_thin_space_is_one_upright_operator() -> None:
    html = render_markdown("$\\operatorname{arg\\,min}_x f$ and $\\arg\\max_y g$\n").html
    assert "<mo>arg\u2009min</mo>" in html
    assert '<mo movablelimits="true">arg\u2009max</mo>' in html
    assert "<mi>a</mi><mi>r</mi>" not in html


def test_operatorname_reads_one_token_without_braces_as_tex_does() -> None:
    # the rendering equation's `\operatorname d \omega_i`, as a real garden writes it
    # (LesleyLai/digital-garden), which was shown as TeX
    rendered = render_markdown("$\\int f \\operatorname d \\omega$ and $\\operatorname  E x$\n")
    assert rendered.problems == ()
    assert "<mo>d</mo><mi>&#x003C9;</mi>" in rendered.html
    assert "<mo>E</mo><mi>x</mi>" in rendered.html
    assert "operatornamewithlimits" not in render_markdown("$\\operatornamewithlimits{x}$\n").html


def test_text_symbols_katex_reads_in_math_are_drawn() -> None:
    # a real vault's notes on Turing machines and the rationals (rimaout/Obsidian-Vault)
    rendered = render_markdown(
        "$\\textvisiblespace \\in \\Sigma$, $\\mathbb{Q} = \\textbraceleft \\frac{m}{n}\\}$,"
        " $\\textbackslash$\n"
    )
    assert rendered.problems == ()
    assert "<mtext>\u2423</mtext>" in rendered.html
    assert '<mo stretchy="false">&#x0007B;</mo><mfrac>' in rendered.html
    assert "<mi>&#x0005C;</mi>" in rendered.html
    # a real repository's notes on protein structure (DuskNgai/Paper-Notes): 19 formulas shown as
    # their TeX, `$r=12\AA$`
    angstrom = render_markdown("$r=12\\AA$, $\\pm80\\AA$\n")
    assert angstrom.problems == () and angstrom.html.count("<mtext>\u00c5</mtext>") == 2


def test_verb_s_delimiter_is_the_first_character_past_the_spaces_after_it() -> None:
    """`\\verb |int kill(pid_t pid, int sig)|`, as a real vault's notes on system calls write it
    138 times (diegotty/obsidian_vault, os2/07 - syscall; segnali.md): TeX and MathJax skip the
    spaces after `\\verb`, so `|` delimits the code, shown whole in a monospace font (the space
    taken for the delimiter showed `|int` and the rest as italic letters)."""
    rendered = render_markdown(
        "- [$\\verb |int kill(pid_t pid, int sig)|$](#x) and $\\verb|pipe(fd)|$\n"
    )
    assert rendered.problems == ()
    code = re.findall(r'<mtext mathvariant="monospace">([^<]*)</mtext>', rendered.html)
    assert code == ["int&#x000A0;kill(pid_t&#x000A0;pid,&#x000A0;int&#x000A0;sig)", "pipe(fd)"]
    assert "<mi>k</mi>" not in rendered.html


def test_a_backslash_ending_a_line_of_a_formula_is_a_space_as_in_tex() -> None:
    """`\\` and a line end is TeX's control space (KaTeX and MathJax read it so): at the end
    of a formula too, where a space left after it is stripped; `\\\\` still ends a row."""
    rendered = render_markdown(
        "$$\nP = 0.3 ,\n\\ \\ \\\nQ = 0.7\n$$\n\n$$v = \\mathbb{E}[G_t] \\ $$\n"
        "\n$$\n\\begin{aligned} a &= 1 \\\\\nb &= 2\n\\end{aligned}\n$$\n"
    )
    assert rendered.problems == ()
    assert rendered.html.count("<math") == 3 and "<mtr" in rendered.html


def test_math_inside_text_inside_math_is_math_as_katex_reads_it() -> None:
    rendered = render_markdown(
        "$$\n\\begin{array}{ll} E &= H & \\text{to cancel the $x^2$ term, as \\$5 buys} \\\\\n"
        "\\end{array}\n$$\n"
    )
    assert rendered.problems == ()
    html = rendered.html
    assert "<mtext>to&#x000A0;cancel&#x000A0;the&#x000A0;</mtext>" in html
    assert "<msup><mi>x</mi><mn>2</mn></msup>" in html
    assert "<mi>h</mi><mi>o</mi>" not in html and "$x" not in html


def test_tex_mathjax_reads_that_latex2mathml_does_not() -> None:
    rendered = render_markdown(
        "$X=\\set{x_1, x_2}$, $P(A \\and B)$, $\\operatorname{log_2}(p)$,"
        " $\\operatorname{Sublayer(x)}$ and $\\Set{x \\in \\mathbb{R} \\mid x>0}$\n"
    )
    assert rendered.problems == ()
    html = rendered.html
    assert html.count("<math") == 5 and 'class="math-tex"' not in html
    assert '<mo stretchy="false">&#x0007B;</mo>' in html  # \set's braces
    assert "&#x02227;" in html  # \and is the logical and
    assert "<msub><mo>log</mo><mn>2</mn></msub>" in html
    assert '<mo>Sublayer</mo><mo stretchy="false">&#x00028;</mo><mi>x</mi>' in html


def test_an_infix_fraction_in_an_alignment_s_cell_takes_in_that_cell_alone() -> None:
    # DarkVanityOfLight/StudiumObsidianVault writes `IV\atop\iff&` in align (Übungen/Stochastik/
    # Blatt 9.md) and `- 1\over2 &` in an array's cell (Übungen/Ags/AGS 12.md): TeX makes each
    # cell a group, which the fraction takes in; each formula was a math-failed warning
    rendered = render_markdown(
        "$$\\begin{align} &\\sum i\\\\ IV\\atop\\iff& (n+1)^2 \\end{align}$$\n\n"
        "$\\left( \\begin{array}{cc|c} 1 & - 1\\over2 & 0 \\end{array}\\right)$\n"
    )
    assert rendered.problems == ()
    iv_over_iff = '<mfrac linethickness="0"><mrow><mi>I</mi><mi>V</mi></mrow><mi>&#x027FA;</mi>'
    assert iv_over_iff + "</mfrac>" in rendered.html
    assert "<mfrac><mrow><mo>&#x02212;</mo><mn>1</mn></mrow><mn>2</mn></mfrac>" in rendered.html


def test_gensymb_s_units_are_their_upright_symbols() -> None:
    # 0x9ONU/Obsidian-Notes writes `$10 \micro F$`, `$400 \micro A$` in its electronics and
    # physics notes, as MathJax's gensymb reads them: 171 math-failed warnings, each shown as TeX
    rendered = render_markdown(
        "$10 \\micro F$, $5\\,\\ohm$, $20 \\celsius$, $3\\perthousand$ and $\\micro_x$\n"
    )
    assert rendered.problems == ()
    for symbol in ("\u00b5", "\u2126", "\u2103", "\u2030"):
        assert f'<mi mathvariant="normal">{symbol}</mi>' in rendered.html


def test_a_gathered_environment_s_cells_are_centred_columns_as_mathjax_draws_them() -> None:
    # NuclearGandhi/technion_second_brain writes `\begin{gathered} a & & b \end{gathered}` and
    # `\begin{gather} x \quad& y \\ … \end{gather}` (an editor's snippets, drawn by Obsidian's
    # MathJax): 86 formulas were math-failed warnings shown as TeX; a gather without `&` is as
    # it was, one line under the other
    rendered = render_markdown(
        "$$\n\\begin{gathered}\n\\cos \\mathrm{d}\\theta\\approx 1 &  & \\sin\\theta\\approx 0\n"
        "\\end{gathered}\n$$\n\n$$\\begin{gather} xy=1 & xy=2 \\\\ y=x & y=3x \\end{gather}$$\n\n"
        "$$\\begin{gathered} a \\\\ b \\end{gathered}$$\n"
    )
    assert rendered.problems == ()
    assert rendered.html.count("<mtable>") == 2 and '<mtd columnalign="center" />' in rendered.html
    assert '<mi>a</mi><mspace linebreak="newline" /><mi>b</mi>' in rendered.html


def test_braket_s_capitalised_commands_are_drawn_as_its_others() -> None:
    # mathmathniconico/math-notes lists `$\Bra{v}$` and `$\Ket{v}$` among its notations, which
    # MathJax's braket draws: each was a math-failed warning and shown as TeX
    rendered = render_markdown("$\\Bra{v}$, $\\Ket{\\psi}$ and $\\Braket{a|H|b}$, $\\Ket_x$\n")
    assert rendered.problems == ()
    plain = render_markdown("$\\bra{v}$, $\\ket{\\psi}$ and $\\braket{a|H|b}$, $\\ket_x$\n")
    assert rendered.html == plain.html


@pytest.mark.parametrize(
    ("tex", "mathml"),
    [
        (
            r"\xrightarrow{ab}",
            '<mover><mo stretchy="true">&#x2192;</mo><mrow><mspace width="0.389em" />'
            '<mrow><mi>a</mi><mi>b</mi></mrow><mspace width="0.389em" /></mrow></mover>',
        ),
        (  # the optional label under the arrow, the other over it
            r"\xleftarrow[u]{o}",
            '<munderover><mo stretchy="true">&#x2190;</mo>'
            '<mrow><mspace width="0.389em" /><mrow><mi>u</mi></mrow><mspace width="0.389em" /></mrow>'
            '<mrow><mspace width="0.389em" /><mrow><mi>o</mi></mrow><mspace width="0.389em" /></mrow>'
            "</munderover>",
        ),
        (
            r"\xrightleftharpoons{k}",
            '<mover><mo stretchy="true">&#x21CC;</mo><mrow><mspace width="0.389em" />'
            '<mrow><mi>k</mi></mrow><mspace width="0.389em" /></mrow></mover>',
        ),
        (  # an arrow in a label: each its own
            r"\xrightarrow{\xleftarrow{x}}",
            '<mover><mo stretchy="true">&#x2192;</mo><mrow><mspace width="0.389em" />'
            '<mrow><mover><mo stretchy="true">&#x2190;</mo><mrow><mspace width="0.389em" />'
            '<mrow><mi>x</mi></mrow><mspace width="0.389em" /></mrow></mover></mrow>'
            '<mspace width="0.389em" /></mrow></mover>',
        ),
    ],
)
def test_an_extensible_arrow_stretches_under_its_label_in_mathml_core(
    tex: str, mathml: str
) -> None:
    """\\xrightarrow and its kin: the arrow a stretchy <mo> as the base, the label an <mrow> with a
    margin each side (latex2mathml's <mpadded width="+0.833em"> is, in MathML Core, a box 0.833em
    wide: the arrow stayed short under a label overhanging it)."""
    assert tex_to_mathml(tex, True) == (
        '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'
        f"<mrow>{mathml}</mrow></math>"
    )


def test_a_formula_without_an_extensible_arrow_is_as_latex2mathml_writes_it() -> None:
    from latex2mathml.converter import convert

    tex = r"\overset{a}{\to} + \frac{1}{2}"
    assert tex_to_mathml(tex, False) == convert(tex, display="inline")


def test_aligned_is_a_table_not_letters() -> None:
    rendered = render_markdown("$$\n\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}\n$$\n")
    assert rendered.html.count("<mtr>") == 2
    assert "<mi>&</mi>" not in rendered.html


@pytest.mark.parametrize("env", ["cases", "pmatrix", "bmatrix", "matrix", "vmatrix"])
def test_a_first_row_opening_with_a_bracket_is_a_row_not_an_option(env: str) -> None:
    """`\\begin{cases} [1, 0, \\dots, 0] & …` (Lil'Log's neural architecture search post)."""
    rendered = render_markdown(f"$$\\begin{{{env}}} [1, 0] & a \\\\ b & c \\end{{{env}}}$$\n")
    assert rendered.problems == ()
    assert rendered.html.count("<mtr>") == 2
    assert '<mo stretchy="false">[</mo><mn>1</mn>' in rendered.html


@pytest.mark.parametrize(
    ("tex", "opening", "closing"),
    [
        ("\\bigg\\{ x \\bigg\\}", "&#x0007B;", "&#x0007D;"),
        ("\\big\\langle x \\big\\rangle", "&#x027E8;", "&#x027E9;"),
        ("\\Big\\| x \\Big\\|", "&#x02016;", "&#x02016;"),
        ("\\bigl\\lfloor x \\bigr\\rfloor", "&#x0230A;", "&#x0230B;"),
    ],
)
def test_a_sized_delimiter_named_by_a_command_is_its_character(
    tex: str, opening: str, closing: str
) -> None:
    """`\\bigg\\{` showed as the text `\\{` (ys-zhang/obsidian-vault-research's set notation)."""
    rendered = render_markdown(f"${tex}$\n")
    assert rendered.problems == ()
    assert f'em">{opening}</mo><mi>x</mi>' in rendered.html
    assert f'em">{closing}</mo></mrow></math>' in rendered.html
    assert "\\" not in rendered.html


def test_an_unknown_sized_delimiter_is_shown_as_tex_not_as_its_command() -> None:
    rendered = render_markdown("$\\big\\nonsense x$\n")
    assert [code for code, _, _ in rendered.problems] == ["math-failed"]
    assert '<code class="math-tex" title="formula shown as TeX">' in rendered.html


@pytest.mark.parametrize("tex", ["\\over \\Gamma \\vdash x:A", "a^{\\over b}"])
def test_over_with_nothing_above_is_a_fraction_with_an_empty_numerator(tex: str) -> None:
    """An inference rule's axiom, as ys-zhang/obsidian-vault-research writes it."""
    rendered = render_markdown(f"${tex}$\n")
    assert rendered.problems == ()
    assert "<mfrac><mrow /><m" in rendered.html


def test_a_colour_on_a_group_colours_that_group_alone_even_in_an_aligned_row() -> None:
    tex = "$$\\begin{aligned} a &= \\color{red}{x} + y \\\\ b &= c \\end{aligned}$$\n"
    rendered = render_markdown(tex)
    assert rendered.problems == ()
    assert rendered.html.count("<mtr>") == 2
    coloured = (
        '<mrow><mstyle mathcolor="red"><mi>x</mi></mstyle></mrow><mo>&#x0002B;</mo><mi>y</mi>'
    )
    assert coloured in rendered.html


def test_text_after_a_closing_dollar_pair_is_a_paragraph_of_its_own() -> None:
    html = render_markdown("The equation\n$$\nx^2\n$$ is called *square*.\n$$\ny\n$$\n").html
    assert html.count('<div class="math">') == 2
    assert "<p>is called <em>square</em>.</p>" in html
    assert "$" not in html


def test_text_after_a_closing_dollar_pair_may_open_the_next_math_block() -> None:
    html = render_markdown("Then\n$$\na = b\n$$ and similarly, $$\nc = d\n$$\nend.\n").html
    assert html.count('<div class="math">') == 2 and "$" not in html
    assert "<p>and similarly,</p>" in html and "<p>end.</p>" in html
    assert html.index("<mi>a</mi>") < html.index("and similarly") < html.index("<mi>c</mi>")


def test_a_dollar_pair_opened_in_a_callout_closes_on_a_lazy_line_and_takes_no_more() -> None:
    text = "> [!note]\n> we have $$\nx = 1\n$$ defines a metric.\n\n## Heading\n\nDefine $$y=2$$.\n"
    html = render_markdown(text).html
    body = html[html.index('<div class="callout-body">') : html.index("<h2")]
    assert "<p>we have <math" in body and "</math> defines a metric.</p>" in body
    assert '<h2 id="heading">Heading</h2>' in html and html.count('display="block"') == 2
    assert "$" not in html


def test_an_unclosed_math_block_stops_at_a_heading() -> None:
    html = render_markdown("$$ x\n\n## Next\n\nprice $$ 5\n").html
    assert '<h2 id="next">Next</h2>' in html and "<math" not in html


def test_a_math_block_in_a_callout_may_have_lines_without_the_quote_marker() -> None:
    html = render_markdown(
        "> [!example] T\n> We need:\n> $$\n\\begin{aligned}\nf &= 1\n\\end{aligned}\n> $$\n"
    ).html
    assert '<div class="math"><math' in html
    assert "\\begin" not in html and "$" not in html


def test_a_math_block_in_a_list_item_may_have_its_tex_at_the_margin() -> None:
    """digitalyoshixi/zettelkasten: a list item's `$$`, the TeX from the margin (a row starting
    `-4`), a blank line, the closing `$$`; the list goes on after it."""
    text = (
        "1. For $\\lambda = 5$:\n   $$\n\\left[\\begin{array}{cc}\n-4 & 2 \\\\\n"
        "1 & 0\n\\end{array}\\right]\n\n$$\n2. Next, $x$.\n"
    )
    html = render_markdown(text).html
    assert html.count('display="block"') == 1 and "<mtable" in html
    assert "\\left" not in html and "$" not in html
    assert html.count("<li>") == 2


def test_an_operator_alone_on_a_line_of_a_list_item_s_math_block_is_tex() -> None:
    """digitalyoshixi/zettelkasten, LADR Factor and Apply the Dependence.md: a sum of matrices
    whose `+` and `- 5` stand on lines of their own, under a list item's lazy `$$`: they were
    read as list items, the block left unclosed (its TeX shown as text, a heading of it, and
    a math-failed warning for the `$$` after)."""
    text = (
        "8. We calculate\n$$(T+I)(1,0) = \n(\\left[\\begin{array}{cc}\n1 & 2\\\\\n"
        "\\end{array}\\right]\n+\n\\left[\\begin{array}{cc}\n1 & 0\\\\\n"
        "\\end{array}\\right])\n$$\n$$\n= \\left[\\begin{array}{c}\n2\\\\\n"
        "\\end{array}\\right]\n- 5\n\\left[\\begin{array}{c}\n4\\\\\n\\end{array}\\right]\n$$\n"
    )
    rendered = render_markdown(text)
    assert rendered.problems == () and rendered.html.count('display="block"') == 2
    assert "\\left" not in rendered.html and "<h" not in rendered.html
    assert rendered.html.count("<li>") == 1


def test_a_list_item_s_unclosed_math_block_stops_at_the_next_item() -> None:
    html = render_markdown("- a\n  $$\nb\n- c\n\n$$\nd\n$$\n").html
    assert html.count("<li>") == 2 and html.count('display="block"') == 1
    assert "<li>c</li>" in html


def test_an_unclosed_block_comment_hides_the_rest_of_the_note_as_in_obsidian() -> None:
    assert render_markdown("Seen.\n\n%%\nnever closed\n\nstill hidden\n").html == "<p>Seen.</p>\n"


def test_a_callout_type_is_escaped_and_an_unknown_one_is_drawn_as_a_note() -> None:
    html = render_markdown('> [!"><script>] x\n').html
    assert '<div class="callout callout-note" data-callout="&quot;&gt;&lt;script&gt;">' in html
    assert "<script>" not in html


def test_a_callout_s_metadata_after_a_bar_is_no_part_of_its_type() -> None:
    """`[!tip|wide]`: Obsidian's callout is a tip, titled "Tip"; the metadata, for a theme's or a
    snippet's CSS (`[!infobox|n-th]`), is kept as data-callout-metadata, as Obsidian and Quartz
    keep it, escaped."""
    text = '> [!tip|wide] Mind\n> body\n\n>[!todo|hidden "x]-\n> more\n\n> [!infobox|n-th]\n> a\n'
    html = render_markdown(text).html
    assert (
        '<div class="callout callout-tip" data-callout="tip" data-callout-metadata="wide">' in html
    )
    assert '<p class="callout-title">Mind</p>' in html
    assert (
        '<details class="callout callout-todo" data-callout="todo"'
        ' data-callout-metadata="hidden &quot;x">' in html
    )
    assert '<summary class="callout-title">Todo</summary>' in html
    assert 'data-callout="infobox" data-callout-metadata="n-th">' in html
    assert '<p class="callout-title">Infobox</p>' in html
    assert "metadata" not in render_markdown("> [!tip]\n> a\n").html


def test_a_table_of_contents_plugin_block_is_left_to_the_page_s_own() -> None:
    """```toc and ```table-of-contents are where plugins draw the note's headings: the page shows
    its table of contents beside the note, so the block is left out, not shown as empty code;
    other code, and `toc` as a word in a block of another language, stays."""
    text = (
        "```toc\n```\n\n# One\n\n"
        "```table-of-contents\nstyle: nestedList\n```\n\n```text\ntoc\n```\n"
    )
    html = render_markdown(text).html
    assert "<pre" in html and "language-text" in html
    assert "toc" in html and "language-toc" not in html
    assert "nestedList" not in html and "table-of-contents" not in html
    assert html.count("<pre") == 1


def icon(shapes: str) -> str:
    return f'<svg class="icon callout-icon" viewBox="0 0 24 24" aria-hidden="true">{shapes}</svg>'


STAR = icon(
    '<path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"/>'
)
LIGHTBULB = icon('<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9V16h7v-2.1A6 6 0 0 0 12 3z"/>')
PENCIL = icon('<path d="M4 20l1-4L16 5l3 3L8 19zM14 7l3 3"/>')
BOOK = icon(
    '<path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z"/>'
)


def test_an_admonition_block_is_the_callout_it_draws() -> None:
    """The Admonition plugin's ```ad-type block: its `title:`, `collapse:`, `icon:` and `color:`
    lines set the callout's title, fold, icon (ours for the name) and colour, the rest is
    markdown, its links on the note's lines; a ````ad- block may hold another, and code."""
    text = (
        "Intro\n\n"
        "```ad-tip\ntitle: Read **this**\ncollapse: open\nicon: star\ncolor: 1, 2, 3\n"
        "A [[Note]] and $x^2$.\n\n- item\n```\n\n"
        "````ad-warning\n```ad-bug\ninner\n```\n```py\nx = 1\n```\n````\n\n"
        "```ad-seealso\ncollapse: closed\nfolded\n```\n"
    )
    rendered = render_markdown(text)
    html = rendered.html
    assert "ad-" not in html and "icon:" not in html and html.count("<svg") == 1
    assert (
        '<details class="callout callout-tip" data-callout="tip" style="--c: rgb(1, 2, 3)" open>\n'
        f'<summary class="callout-title">{STAR}Read <strong>this</strong></summary>\n'
        '<div class="callout-body">\n<p>A '
    ) in html
    assert "<li>item</li>\n</ul>\n</div>\n</details>" in html
    assert "<math" in html
    assert [(link.target, link.line) for link in rendered.links] == [("Note", 8)]
    warning = html[html.index('data-callout="warning"') :]
    assert warning.index('data-callout="bug"') < warning.index("<p>inner</p>")
    assert '<code class="language-py">' in warning
    assert (
        '<details class="callout callout-note" data-callout="seealso">\n'
        '<summary class="callout-title">Seealso</summary>'
    ) in html


# a vault's custom Admonition types, as reading/admonitions.py reads them from its settings
CUSTOM = admonition_types(
    (
        AdmonitionType("definition", "Definition", (120, 82, 238), "book"),
        AdmonitionType("important", "Metadata", (163, 190, 140), "info", no_title=True),
        AdmonitionType("plain", "Plain"),
    )
)


def test_an_admonition_block_of_a_custom_type_is_drawn_with_its_title_colour_and_icon() -> None:
    text = "```ad-definition\nA *monoid*.\n```\n\n```ad-Definition\ntitle: Group\nMore.\n```\n"
    html = render_markdown(text, admonitions=CUSTOM).html
    assert (
        html.count(
            '<div class="callout callout-note" data-callout="definition"'
            ' style="--c: rgb(120, 82, 238)">\n<p class="callout-title"><svg class="icon callout-icon"'
        )
        == 2
    )
    assert '</svg>Definition</p>\n<div class="callout-body">\n<p>A <em>monoid</em>.</p>' in html
    assert "</svg>Group</p>" in html  # its own title: the block's
    plain = render_markdown("```ad-plain\nx\n```\n", admonitions=CUSTOM).html
    assert plain.startswith(
        '<div class="callout callout-note" data-callout="plain">\n<p class="callout-title">Plain</p>'
    )  # no colour, no icon: none drawn


def test_a_custom_type_without_a_title_shows_none_unless_the_block_gives_one() -> None:
    """The plugin's noTitle: no title bar (nor fold) but for a block's own `title:`."""
    text = "```ad-important\ncollapse: closed\nkey: value\n```\n"
    html = render_markdown(text, admonitions=CUSTOM).html
    assert html == (
        '<div class="callout callout-tip" data-callout="important"'
        ' style="--c: rgb(163, 190, 140)">\n<div class="callout-body">\n<p>key: value</p>\n'
        "</div>\n</div>\n"
    )
    titled = render_markdown("```ad-important\ntitle: Keys\nx\n```\n", admonitions=CUSTOM).html
    assert "</svg>Keys</p>" in titled and "Metadata" not in titled


def test_a_callout_of_a_custom_type_takes_its_colour_and_icon_and_keeps_its_title() -> None:
    """The plugin styles callouts of its types too (colour, icon); a callout's title is its own,
    else its type's name, as Obsidian shows it."""
    text = "> [!definition]- A ring\n> body\n\n> [!important]\n> x\n"
    html = render_markdown(text, admonitions=CUSTOM).html
    assert (
        '<details class="callout callout-note" data-callout="definition"'
        ' style="--c: rgb(120, 82, 238)">\n<summary class="callout-title"><svg'
    ) in html
    assert "</svg>A ring</summary>" in html
    assert "</svg>Important</p>" in html and "Metadata" not in html


@pytest.mark.parametrize(
    ("block", "title"),
    [
        ("```ad-note\nicon: fas fa-lightbulb\nx\n```\n", f"{LIGHTBULB}Note"),
        ("```ad-note\nicon: fa-solid fa-star\nx\n```\n", f"{STAR}Note"),
        ("```ad-tip\ntitle: Draft\nicon: lucide-pencil\nx\n```\n", f"{PENCIL}Draft"),
        ("```ad-note\nicon: star\nx\n```\n", f"{STAR}Note"),
        ("```ad-note\nicon: dragon\nx\n```\n", "Note"),  # none of ours: none, as the type's
        ("```ad-definition\nicon: pencil\nx\n```\n", f"{PENCIL}Definition"),  # over the book
        ("```ad-definition\nicon: fas fa-dragon\nx\n```\n", f"{BOOK}Definition"),  # its type's
    ],
)
def test_a_blocks_own_icon_is_ours_for_its_name_else_its_types(block: str, title: str) -> None:
    """A block's `icon:` (Font Awesome's classes, a Lucide or plain name) draws our icon for it,
    inline; a name none of ours stands for leaves the type's icon (a built-in type's: none)."""
    html = render_markdown(block, admonitions=CUSTOM).html
    assert f'<p class="callout-title">{title}</p>\n<div class="callout-body">\n<p>x</p>' in html
    assert html.count("<svg") == title.count("<svg") and "icon:" not in html


@pytest.mark.parametrize(
    ("block", "opening"),
    [
        ("```ad-note\ntitle:\nx\n```\n", '<div class="callout callout-note" data-callout="note">'),
        (  # a blank title with spaces, and a fold, which it cannot have
            "```ad-warning\ntitle:   \ncollapse: closed\nicon: star\nx\n```\n",
            '<div class="callout callout-warning" data-callout="warning">',
        ),
        (  # a custom type's title hidden too, its colour kept
            "```ad-definition\ntitle:\nx\n```\n",
            '<div class="callout callout-note" data-callout="definition"'
            ' style="--c: rgb(120, 82, 238)">',
        ),
    ],
)
def test_a_blank_title_line_shows_no_title_bar(block: str, opening: str) -> None:
    """`title:` with nothing after it: the plugin shows the block with no title bar (and no fold,
    no icon), where the type's name was shown."""
    html = render_markdown(block, admonitions=CUSTOM).html
    assert html == f'{opening}\n<div class="callout-body">\n<p>x</p>\n</div>\n</div>\n'


def test_without_custom_types_admonitions_and_callouts_are_drawn_as_before() -> None:
    text = "```ad-definition\nx\n```\n\n> [!definition]\n> y\n"
    bare = render_markdown(text).html
    assert "style=" not in bare and "<svg" not in bare
    assert '<p class="callout-title">Definition</p>' in bare
    assert render_markdown(text, admonitions=admonition_types(())).html == bare


def test_a_blocks_own_colour_is_drawn_and_one_that_is_none_is_a_problem_at_its_line() -> None:
    text = "Intro\n\n```ad-definition\ntitle: T\ncolor: 0, 128, 0\nx\n```\n\n"
    text += '```ad-note\ncolor: red" onclick="x\ny\n```\n'
    rendered = render_markdown(text, admonitions=CUSTOM)
    assert 'data-callout="definition" style="--c: rgb(0, 128, 0)">' in rendered.html
    assert 'data-callout="note">' in rendered.html and "onclick" not in rendered.html
    assert [(code, line) for code, _, line in rendered.problems] == [("admonition-color", 10)]


def test_a_param_given_twice_in_an_admonition_block_keeps_the_lines_after_it_numbered() -> None:
    text = "```ad-note\ntitle: a\ntitle: b\ncolor: zz\ny\n```\n"
    assert [line for _, _, line in render_markdown(text).problems] == [4]
    nested = "````ad-note\ntitle: a\ntitle: b\n```ad-tip\ncolor: zz\nx\n```\n````\n"
    assert [line for _, _, line in render_markdown(nested).problems] == [5]


def test_a_custom_types_style_holds_its_three_integers_alone() -> None:
    """Whatever a type carries, its style attribute is `--c: rgb(r, g, b)` of integers."""
    kind = AdmonitionType('x"><script>', "T", (1, 2, 3))
    html = render_markdown(
        '```ad-x"><script>\nx\n```\n', admonitions=admonition_types((kind,))
    ).html
    assert "<script>" not in html and 'style="--c: rgb(1, 2, 3)"' in html


def test_a_code_line_without_its_quote_marker_ends_the_callout_as_in_obsidian() -> None:
    """A line without `>` continues a callout lazily only after a paragraph's line, never inside
    a fence (CommonMark; Obsidian's reading view alike): the callout ends, its fence empty, and
    the code lines are a paragraph under it."""
    text = "> [!example]\n> Run this:\n> ```sql\nSELECT name\nFROM t;\n> ```\n"
    html = render_markdown(text).html
    assert (
        '<p>Run this:</p>\n<pre class="highlight"><code class="language-sql"></code></pre>' in html
    )
    assert "</div>\n</div>\n<p>SELECT name\nFROM t;</p>" in html


def test_embeds_are_links_marked_as_embeds_with_their_label() -> None:
    rendered = render_markdown((FIXTURES / "embeds.md").read_text(encoding="utf-8"))
    assert [(x.target, x.is_wiki, x.fragment, x.label, x.embed) for x in rendered.links] == [
        ("x.png", True, "", "", True),
        ("x.png", True, "", "300", True),
        ("img/a%20b.png", False, "", "alt|20", True),
        ("a%20b.png", False, "", "s", True),
        ("Some note", True, "", "", True),
        ("Other", True, "Section", "", True),
        ("Inline note", True, "", "", True),
    ]
    assert [x.line for x in rendered.links] == [1, 1, 1, 1, 3, 4, 6]


def test_a_block_id_on_the_line_under_a_callout_names_the_callout() -> None:
    html = render_markdown("> [!note] T\n> Text here.\n^gid\n\n> [!tip]\n> Own id ^pid\n").html
    assert html.startswith('<div id="^gid" class="callout callout-note" data-callout="note">')
    assert '<p id="^pid">Own id</p>' in html


def test_render_pieces_join_to_markdown_its_render() -> None:
    md = create_parser()
    text = "# T\n\n> q [[A]]\n\n- x[^1]\n\n```py\nx = 1\n```\n\n[^1]: n $y$\n"
    assert "".join(render_pieces(md.parse(text, {}), {})) == md.render(text, {})


def test_heading_html_keeps_markup_but_not_links_or_footnote_marks() -> None:
    text = "# T\n\n## The *[[Muon]]* and [x](https://a.org) $y$[^1] #ml\n\n[^1]: n\n"
    (heading,) = render_markdown(text, want_title=True).headings
    assert heading.text == "The Muon and x y #ml"
    assert heading.html.startswith("The <em>Muon</em> and x <math")
    assert heading.html.endswith('</math> <span class="hashtag">#ml</span>')


def test_heading_html_leaves_an_embed_out() -> None:
    (heading,) = render_markdown("## Figure ![[plot.png]]\n").headings
    assert heading.html == "Figure "


def test_headings_of_one_name_are_numbered_past_the_ids_taken() -> None:
    """As mdit-py-plugins' anchors number them: a heading whose own slug is a number's form
    (`Notes 1`) takes that id first, and the next `Notes` skips it."""
    text = "## Notes\n\n## Notes 1\n\n## Notes\n\n## Notes\n\n## Notes 3\n\n## Notes\n"
    ids = re.findall(r'<h2 id="([^"]*)"', render_markdown(text).html)
    assert ids == ["notes", "notes-1", "notes-2", "notes-3", "notes-3-1", "notes-4"]


def test_anchors_are_the_ids_the_body_renders_with() -> None:
    text = (
        "## Head\n\nSome words ^blk\n\n> a quote\n\n- item ^li\n\n> [!note] T\n> body\n^call\n\n"
        "x[^a] y[^a] z[^b]\n\n[^a]: one\n[^b]: two\n"
    )
    rendered = render_markdown(text)
    shown = re.findall(r'\sid="([^"]*)"', rendered.html)
    assert list(rendered.anchors) == shown
    assert {"head", "^blk", "^li", "^call", "fn1", "fnref1", "fnref1:1", "fn2"} <= set(shown)
    assert any(a.startswith("q-") for a in rendered.anchors)


def test_a_line_embedding_a_note_cuts_its_paragraph_around_the_embed() -> None:
    """A note embed is a block: on a line of its own among lines of words it stands between
    their paragraphs, never inside one (a <div> in a <p>, which browsers break apart)."""
    html = render_markdown("Before.\n![[A]]\n![[B#x]]\nAfter *one*\nand two\n").html
    assert html.replace(MARK, SHOWN_MARK) == (
        "<p>Before.</p>\n§L0§\n§L1§\n<p>After <em>one</em>\nand two</p>\n"
    )
    html = render_markdown("- item\n\n  ![[A]]\n  after\n\n- two\n").html
    assert "<li>\n<p>item</p>\n§L0§\n<p>after</p>\n</li>" in html.replace(MARK, SHOWN_MARK)


def test_an_image_line_or_an_embed_among_words_stays_in_its_paragraph() -> None:
    html = render_markdown("Text\n![[x.png]]\nmore ![[A]] here\n").html
    assert html.replace(MARK, SHOWN_MARK).startswith("<p>Text\n")
    assert html.replace(MARK, SHOWN_MARK).endswith("\nmore §L1§ here</p>\n")


def test_an_embed_line_of_a_name_with_dots_is_a_block_but_an_image_or_pdf_stays_inline() -> None:
    """`![[java simple web.xml]]` may embed the note `java simple web.xml.md` (Obsidian looks for
    NAME.md first): cut out of its paragraph as any note embed; `![[x.png]]` and `![[a.pdf]]`
    show a file, whatever the notes, and stay in theirs."""
    html = render_markdown("Intro.\n![[java simple web.xml]]\n").html.replace(MARK, SHOWN_MARK)
    assert html == "<p>Intro.</p>\n§L0§"  # no <p> round the embed
    html = render_markdown("See\n![[x.png]]\n\n![[a.pdf]]\n").html.replace(MARK, SHOWN_MARK)
    assert html == "<p>See\n§L0§</p>\n<p>§L1§</p>\n"


def test_a_markdown_image_of_a_note_on_a_line_of_its_own_is_a_block() -> None:
    """`![Attack Steps](handshake-attack.md#Attack%20Steps)`, written under a line of words
    (TrshPuppy/obsidian-notes, CWP/PSK-attacks/noAP.md), embeds the note's part as
    `![[handshake-attack#Attack Steps]]` does: cut out of the paragraph, never a <div> in a <p>.
    A path of no extension may be a note's too; an image's path stays in its paragraph."""
    text = (
        "Once its stopped, we can crack the handshake:\n"
        "![Attack Steps](handshake-attack.md#Attack%20Steps)\n\n"
        "![See Buffer Overflow](/cybersecurity/buffer-overflow)\n\n"
        "The output:\n![](../CWP-pics/handshake-attack-1.png)\n"
    )
    html = render_markdown(text).html.replace(MARK, SHOWN_MARK)
    assert html == (
        "<p>Once its stopped, we can crack the handshake:</p>\n§L0§§L1§\n<p>The output:\n§L2§</p>\n"
    )


def test_an_embed_line_with_a_block_id_is_anchored() -> None:
    rendered = render_markdown("- tight ^li\n\n![[Other]]\n^here\n")
    assert rendered.anchors == ("^li", "^here")
    assert '<li id="^li">' in rendered.html and '<p id="^here">' in rendered.html


def test_a_heading_ending_in_a_block_id_is_that_block() -> None:
    """Obsidian writes `^id` at the end of a heading a block link picked (in a list too): the
    heading (its list item, in a list) is the block, its words shown without the id."""
    rendered = render_markdown("## Rules ^r1\n\nText.\n\n- ### Inner ^r2\n  - more\n")
    assert '<h2 id="^r1">Rules</h2>' in rendered.html
    assert '<li id="^r2">' in rendered.html and '<h3 id="inner">Inner</h3>' in rendered.html
    assert {"^r1", "^r2"} <= set(rendered.anchors)
    assert [h.text for h in rendered.headings] == ["Rules", "Inner"]


def test_a_block_id_on_the_line_under_a_table_names_the_table() -> None:
    """GFM reads `^id` right under a table as one more row; it is the table's block id, as
    Obsidian writes it there, and no empty row. In a cell of its own row it is cell text."""
    rendered = render_markdown("| a | b |\n| - | - |\n| 1 | 2 |\n^tbl\n\n| c |\n| - |\n| x ^in |\n")
    assert rendered.anchors == ("^tbl",)
    assert rendered.html.startswith('<table id="^tbl">\n')
    assert rendered.html.count("<tr>") == 4 and "<td></td>" not in rendered.html
    assert "<td>x ^in</td>" in rendered.html


def test_only_a_caret_written_as_one_makes_a_block_id() -> None:
    """An escaped or entity caret is a character of the text, not a block id's mark: the block
    ids pass looks only at inline runs whose source holds a `^`."""
    html = render_markdown("Escaped \\^esc\n\nEntity &#94;ent\n\nWritten ^own\n").html
    assert "<p>Escaped ^esc</p>" in html and "<p>Entity ^ent</p>" in html
    assert '<p id="^own">Written</p>' in html


def test_comment_and_math_blocks_open_only_at_their_marker() -> None:
    text = "% not a comment %%\n\n%%\nhidden\n%%\n\n $ not math $$\n\n$$\nx\n$$\n"
    html = render_markdown(text).html
    assert "<p>% not a comment %%</p>" in html and "hidden" not in html
    assert "<p>$ not math $$</p>" in html and '<div class="math"><math' in html


@pytest.mark.parametrize("item", ["", "1) "])
def test_a_dollar_pair_opened_at_a_lines_end_is_closed_by_a_dollar_line(item: str) -> None:
    # Mathematikezettelkasten: "Thus the map $$", the TeX, "$$", then prose, a later block
    text = f"{item}Thus the map $$\nf : A \\to B\n$$\nis well defined (any $x$ here).\n\n$$\ny^2\n$$\nend.\n"
    html = render_markdown(text).html
    assert html.count('display="block"') == 2 and html.count('display="inline"') == 1
    assert "is well defined (any" in html and "<mi>w</mi>" not in html and "$$" not in html


@pytest.mark.parametrize(
    ("text", "link"),
    [  # Mathematikezettelkasten: Obsidian's autocomplete links a heading holding $\mathbb{F}[\alpha]$
        (
            "[[V#def $ V[f]$, derivation|the derivation]]",
            ("V", "def $ V[f]$, derivation", "the derivation"),
        ),
        ("[[V|a [b] c]]", ("V", "", "a [b] c")),
        ("[[[y]]", ("y", "", "y")),
    ],
)
def test_a_wikilink_runs_from_its_brackets_to_the_first_closing_pair(
    text: str, link: tuple[str, str, str]
) -> None:
    [found] = render_markdown(text).links
    assert (found.target, found.fragment, found.label) == link


@pytest.mark.parametrize(
    "tex",
    [  # what MathJax renders in two real vaults (Mathematikezettelkasten, sonoQuartz)
        "\\operatorname{\\mathcal{Hom}}_{X}(F, G)",
        "f \\in \\operatorname{Möb} \\mathbb{H}^{2}",
        "\\operatorname{Spec \\mathbb{Z}}",
        "\\begin{align} [e, f] & = h \\\\ [f, h] & = 2f \\end{align}",
        "\\begin{eqnarray} a_{n+1} &=& b_n \\\\ c &=& d \\end{eqnarray}",
    ],
)
def test_tex_mathjax_renders_in_real_vaults_converts(tex: str) -> None:
    rendered = render_markdown(f"$${tex}$$\n")
    assert rendered.problems == () and "<math" in rendered.html


def test_an_eqnarrays_three_columns_are_aligns_two() -> None:
    html = render_markdown("$$\\begin{eqnarray} a &=& b \\\\ c &<& d \\end{eqnarray}$$\n").html
    assert html.count("<mtd") == 4 and "<mi>&amp;</mi>" not in html


def test_an_obsidian_task_status_marks_a_done_task_and_a_number_a_reference() -> None:
    html = render_markdown("- [ ] to do\n- [/] half\n- [>] moved\n- [1] Smith et al.\n").html
    assert html == (
        '<ul class="contains-task-list">\n'
        '<li class="task-list-item"><input class="task-list-item-checkbox" disabled="" '
        'type="checkbox" aria-label="to do"> to do</li>\n'
        '<li data-task="/" class="task-list-item"><input class="task-list-item-checkbox" '
        'disabled="" type="checkbox" checked="" aria-label="done"> half</li>\n'
        '<li data-task="&gt;" class="task-list-item"><input class="task-list-item-checkbox" '
        'disabled="" type="checkbox" checked="" aria-label="done"> moved</li>\n'
        "<li>[1] Smith et al.</li>\n</ul>\n"
    )


def test_a_list_of_custom_tasks_alone_is_a_task_list() -> None:
    html = render_markdown("1. [-] dropped\n   - [?] asked\n").html
    assert html.startswith(
        '<ol class="contains-task-list">\n<li data-task="-" class="task-list-item">'
    )
    assert '<ul class="contains-task-list">\n<li data-task="?" class="task-list-item">' in html
    assert "[-]" not in html and "[?]" not in html


def test_an_image_from_the_web_is_sized_as_obsidian_sizes_it() -> None:
    html = render_markdown('![Engelbart|100x145](https://e.org/a.jpg "Doug")\n').html
    assert html == (
        '<p><img src="https://e.org/a.jpg" alt="Engelbart" title="Doug" width="100" '
        'height="145" loading="lazy"></p>\n'
    )


def test_a_video_or_post_page_embedded_is_a_link_to_it_never_a_frame() -> None:
    rendered = render_markdown(
        "![](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\n![the talk](https://vimeo.com/76979871)\n"
    )
    assert rendered.html == (
        '<p><a class="external-embed" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">'
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>\n"
        '<p><a class="external-embed" href="https://vimeo.com/76979871">the talk</a></p>\n'
    )
    assert "<img" not in rendered.html and "<iframe" not in rendered.html


def test_escaped_brackets_around_a_link_are_text_not_display_math() -> None:
    source = "\\[Thanks to [Ian](https://s.org/c?user=X&hl=en) for x=y.\\]\n"
    rendered = render_markdown(source)
    assert rendered.html == (
        '<p>[Thanks to <a href="https://s.org/c?user=X&amp;hl=en">Ian</a> for x=y.]</p>\n'
    )
    assert rendered.problems == ()


def test_inline_dollars_closing_on_a_lazy_line_of_a_list_item_keep_the_item_whole() -> None:
    source = (
        "1) First.\n2) Thus the map $$\n\\varphi : HK \\to H\n$$\n\tis well defined.\n"
        "\t$$\n\tx = y\n\t$$\n\twhere the prose goes on.\n"
    )
    html = render_markdown(source).html
    assert html.count("<li>") == 2 and html.count("<math") == 2
    assert "<pre>" not in html and "$$" not in html
    assert html.endswith("</div>\nwhere the prose goes on.</li>\n</ol>\n")


def test_a_callout_s_title_line_is_never_continued_by_the_line_under_it() -> None:
    html = render_markdown("> [!example] Steps\n> 2. second\n> 3. third\n\n>[!note] T\n>---\n").html
    assert '<p class="callout-title">Steps</p>\n<div class="callout-body">\n<ol start="2">' in html
    assert '<p class="callout-title">T</p>\n<div class="callout-body">\n<hr />' in html
    assert "<h2" not in html and "[!" not in html


def test_a_pasted_raster_image_as_a_data_url_is_shown_and_other_data_urls_stay_text() -> None:
    html = render_markdown(
        "![dot](data:image/png;base64,iVBORw0KGgo=) [x](data:text/html;base64,PHNjcmlwdD4=) "
        "![s](data:image/svg+xml;base64,PHN2Zz4=)\n"
    ).html
    assert '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" loading="lazy">' in html
    assert "[x](data:text/html" in html and "![s](data:image/svg+xml" in html
    assert 'href="data' not in html and 'src="data:image/svg' not in html


def test_a_file_url_is_read_as_the_file_s_name_and_never_kept() -> None:
    rendered = render_markdown(
        "![](file:///C:/Users/me/AppData/Temp/shot%201.png) [b](file:///Users/kai/b.pdf) [e](file:)\n"
    )
    assert [(link.target, link.embed) for link in rendered.links] == [
        ("shot 1.png", True),
        ("b.pdf", False),
    ]
    assert "file:///" not in rendered.html and "[e](file:)" in rendered.html


def test_a_block_id_under_display_math_or_code_names_it() -> None:
    html = render_markdown("$$\nx = 1\n$$\n\n^eq1\n\n```python\nprint(1)\n```\n^code1\n").html
    assert html.startswith('<div class="math" id="^eq1"><math')
    assert '<pre id="^code1" class="highlight"><code class="language-python">' in html
    assert "^eq1</p>" not in html and "^code1" not in html.split('id="^code1"')[1]


def cells(html: str) -> list[str]:
    return re.findall(r"<t[dh]>(.*?)</t[dh]>", html)


def test_a_wikilinks_pipe_in_a_table_cell_does_not_split_the_cell() -> None:
    """`| [[Note|alias]] | x |` is two cells, the first a link shown as "alias" (as Quartz reads
    it); Obsidian's escaped `[[Note\\|alias]]` too. A pipe outside a link still splits."""
    text = "| [[A|a]] | h |\n|---|---|\n| [[Note|alias]] | x |\n| [[Note\\|other]] | y \\| z |\n"
    rendered = render_markdown(text)
    assert [(ref.target, ref.label) for ref in rendered.links] == [
        ("A", "a"),
        ("Note", "alias"),
        ("Note", "other"),
    ]
    links = [f"{link_marker(n)}{label}</a>" for n, label in enumerate(("a", "alias", "other"))]
    assert cells(rendered.html) == [links[0], "h", links[1], "x", links[2], "y | z"]


def test_a_wikilinks_escaped_pipe_outside_a_table_still_gives_its_alias() -> None:
    """`[[docs/Note\\|shown]]` in prose, as Obsidian's Digital Garden plugin writes every link of
    the notes it publishes (and Quartz reads a `\\|` as the alias's bar anywhere): the link is
    to docs/Note, shown as "shown", its heading read without the backslash too."""
    text = "See [[docs/Note\\|shown]], [[Note#Part\\|part]] and ![[pic.png\\|200]].\n"
    rendered = render_markdown(text)
    found = [(ref.target, ref.fragment, ref.label) for ref in rendered.links]
    assert found == [("docs/Note", "", "shown"), ("Note", "Part", "part"), ("pic.png", "", "200")]
    assert "\\" not in rendered.html


def test_a_block_id_written_as_the_digital_garden_plugin_publishes_it_names_its_block() -> None:
    """The plugin publishes `words ^id` as `words` then `{ #id}` on a line of its own (for its
    site's markdown-it-attrs): the id names the paragraph, list item or table it ends, as `^id`
    does, and is neither shown nor a #tag; in code, or amid a line, it stays as written."""
    text = (
        "Some words\n{ #g34tuq}\n\n- item\n\t- sub words\n{ #ab-1}\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n{ #tbl}\n\n```\n{ #code}\n```\n\nx {#amid} here\n"
    )
    html = render_markdown(text).html
    assert '<p id="^g34tuq">Some words</p>' in html
    assert '<li id="^ab-1">sub words</li>' in html and '<table id="^tbl">' in html
    assert "<code>{ #code}\n</code>" in html and "<p>x {#amid} here</p>" in html
    assert "hashtag" not in html and "g34tuq}" not in html


def test_a_wikilinks_pipe_is_kept_in_table_code_and_in_a_quoted_table() -> None:
    text = "> | a | b |\n> | - | - |\n> | ![[p.png|100]] | `[[x|y]]` |\n\nNo [[T|t]] | table\n"
    rendered = render_markdown(text)
    assert [(ref.target, ref.label) for ref in rendered.links] == [("p.png", "100"), ("T", "t")]
    assert cells(rendered.html)[-1] == "<code>[[x|y]]</code>"
    assert "<td>" not in rendered.html.partition("</table>")[2]


def test_a_list_of_aliased_links_is_not_read_again_for_table_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GFM asks at each list item and paragraph line whether a table starts there: the rows
    below a line are read for wikilinks' pipes only where a delimiter row follows it (read at
    every line, a map of content of a thousand aliased links took seconds)."""
    read: list[str] = []

    def counted(rows: str) -> str | None:
        read.append(rows)
        return pipes_hidden(rows)

    monkeypatch.setattr(parser, "pipes_hidden", counted)
    text = "\n".join(f"- [[Note {i}|alias {i}]] | seen" for i in range(50))
    rendered = render_markdown(text + "\n\n| [[A|a]] | h |\n|---|---|\n| x | y |\n")
    assert len(rendered.links) == 51
    assert len(read) == 1 and read[0].startswith("| [[A|a]]")


def stops_by_rule(text: str) -> list[int]:
    """Where plain text stops, by the rule parser._TEXT_STOP is written for, character by
    character: one of our inline rules' first characters; the w of "www."; a # first or after
    a space; a doubled % or =; a ^ before [."""
    stops = []
    for i, c in enumerate(text):
        after = text[i + 1 : i + 4]
        if (
            c in "\n!$&*:<@[\\]_`~"
            or (c == "w" and after == "ww.")
            or (c == "#" and (i == 0 or text[i - 1].isspace()))
            or (c in "%=" and after[:1] == c)
            or (c == "^" and after[:1] == "[")
        ):
            stops.append(i)
    return stops


@settings(max_examples=400)
@given(st.text(alphabet="w.#%=^[]a \t\n\u3000*_`!:$é", max_size=24))
@example("#tag then x#y, www.site and wwww.x")
@example("a %% c %%% ==hi== = ^[note] ^ [")
def test_plain_text_stops_where_the_rule_says(text: str) -> None:
    found, at = [], 0
    while (stop := parser._TEXT_STOP.search(text, at)) is not None:
        found.append(stop.start())
        at = stop.start() + 1
    assert found == stops_by_rule(text)


@pytest.mark.parametrize(
    ("text", "html"),
    [
        # each plugin's note of obsidian-community/obsidian-hub
        (
            "Links: [<button id=HH>Open in Obsidian</button>](obsidian://show-plugin?id=x)\n",
            '<p>Links: <a href="obsidian://show-plugin?id=x">Open in Obsidian</a></p>\n',
        ),
        ("<label>Name</label> and *x*\n", "<p>Name and <em>x</em></p>\n"),
        ("Use a <button> element.\n", "<p>Use a &lt;button&gt; element.</p>\n"),  # prose about one
        ("a </button> b\n", "<p>a &lt;/button&gt; b</p>\n"),
    ],
)
def test_a_control_closed_in_its_line_is_left_out_and_its_words_kept(text: str, html: str) -> None:
    assert render_markdown(text, True, True, "").html == html


def test_a_template_s_placeholders_are_shown_as_written_and_told_once() -> None:
    """Templater's `<% … %>` left in a note (it runs only as a note is made from a template) is
    shown as written, as Obsidian shows it; a link to one (`[[<% tp.file.title %>]]`, or to a core
    template's `[[{{date}}]]`) names no note: its words are shown, no link, no broken link. One
    problem for the note, at the first, counting the others; in code it is code."""
    text = (
        '# Day\n\nMade <% tp.date.now("YYYY-MM-DD") %> by `<% tp.file.title %>`.\n\n'
        '<< [[<% tp.date.now("YYYY-MM-DD", -1) %>|yesterday]] | [[<% tp.file.title %>]]'
        " | [[{{date}}]] >>\n\n<%*\nlet x = 1;\n%>\n\nA < b and c %> d, [[Real]].\n"
    )
    rendered = render_markdown(text)
    assert rendered.html == (
        '<h1 id="day">Day</h1>\n'
        '<p>Made &lt;% tp.date.now("YYYY-MM-DD") %&gt; by <code>&lt;% tp.file.title %&gt;</code>'
        ".</p>\n<p>&lt;&lt; yesterday | &lt;% tp.file.title %&gt; | {{date}} &gt;&gt;</p>\n"
        "<p>&lt;%*\nlet x = 1;\n%&gt;</p>\n"
        f"<p>A &lt; b and c %&gt; d, {link_marker(0)}Real</a>.</p>\n"
    )
    assert [link.target for link in rendered.links] == ["Real"]
    assert rendered.problems == (
        (
            "template-placeholder",
            'a template\'s placeholder <% tp.date.now("YYYY-MM-DD") %> is left in the note'
            " (and 4 more); shown as written",
            3,
        ),
    )
    assert render_markdown("`<% x %>` and 5 <% 6\n").problems == ()
