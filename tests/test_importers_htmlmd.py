"""HTML -> markdown: each construct of the markup, escaping, and URL safety."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from notebase.importers import htmlmd
from notebase.importers.htmlmd import fragment_markdown, fragment_text, plain_text


def md(html: str, base: str = "") -> str:
    return "\n\n".join(fragment_markdown(html, base))


def test_inline_markup() -> None:
    html = "<p>a <em>b</em> <strong>c </strong><code>d`e</code> <del>f</del> <q>g</q></p>"
    assert md(html) == "a *b* **c** ``d`e`` ~~f~~ “g”"


def test_text_is_escaped_so_no_markup_survives() -> None:
    html = (
        "<p>&lt;script&gt;x&lt;/script&gt; *s* [[w]] $5 a_b _c_ &amp;amp;</p><p># h</p><p>1. n</p>"
    )
    assert md(html) == (
        "\\<script>x\\</script> \\*s\\* [[w\\]\\] \\$5 a_b \\_c\\_ \\&amp;\n\n\\# h\n\n1\\. n"
    )


def test_links_keep_only_http_urls_resolved_against_the_base() -> None:
    html = (
        '<p><a href="/p">rel</a> <a href="javascript:alert(1)">js</a> <a href="#x">frag</a> '
        '<a href="https://e.org/a_(b)">paren</a> <a href="https://e.org/"></a></p>'
    )
    assert md(html, "https://site.net/x/") == (
        "[rel](https://site.net/p) js frag [paren](<https://e.org/a_(b)>) <https://e.org/>"
    )


def test_images_embed_with_their_url_or_keep_their_alt_text() -> None:
    html = '<p><img src="a.png" alt="cat *1*"> <img src="data:image/png;base64,xx" alt="dot"></p>'
    assert md(html, "https://s.net/") == "![cat \\*1\\*](https://s.net/a.png) dot"


def test_an_image_s_alt_text_a_note_would_read_as_a_size_is_left_out() -> None:
    """A page's picture described only by a number (`alt="1"`), or words ending `|300`, is shown
    whole on the page; a note reads such words as its width, as Obsidian does."""
    html = '<p><img src="a.png" alt="1"> <img src="b.png" alt="a | 300x200"> <img src="c.png" alt="12 monkeys"></p>'
    assert md(html, "https://s.net/") == (
        "![](https://s.net/a.png) ![a](https://s.net/b.png) ![12 monkeys](https://s.net/c.png)"
    )


def test_lists_nest_and_number_from_start() -> None:
    html = '<ul><li>a<ul><li>b</li></ul></li></ul><ol start="4"><li><p>x</p><p>y</p></li></ol>'
    assert md(html) == "- a\n  - b\n\n4. x\n\n   y"


def test_code_block_keeps_language_and_outfences_backticks() -> None:
    html = '<pre><code class="language-rust">let s = "```";\n  x</code></pre>'
    assert md(html) == '````rust\nlet s = "```";\n  x\n````'
    assert md('<div class="highlight-go"><pre>go x</pre></div>') == "```go\ngo x\n```"


def test_code_language_as_rouge_and_pandoc_mark_it() -> None:
    rouge = (  # Jekyll's: on a div around the div around the <pre>
        '<div class="language-python highlighter-rouge"><div class="highlight">'
        '<pre class="highlight"><code>import pymc</code></pre></div></div>'
    )
    assert md(rouge) == "```python\nimport pymc\n```"
    pandoc = (
        '<pre class="sourceCode r code-with-copy"><code class="sourceCode r">x &lt;- 1</code></pre>'
    )
    assert md(pandoc) == "```r\nx <- 1\n```"
    assert md('<pre class="sourceCode"><code>plain</code></pre>') == "```\nplain\n```"


def test_blockquote_with_cite_footer_and_source_url() -> None:
    html = (
        '<blockquote cite="https://s.org/q"><p>We did it.</p>'
        "<p>— <cite>Ann Lee</cite>, Book</p></blockquote>"
    )
    assert md(html) == "> We did it.\n>\n> — [*Ann Lee*, Book](https://s.org/q)"


def test_inline_cite_in_a_quote_is_not_its_attribution() -> None:
    html = "<blockquote><p>As <cite>Book</cite> says.</p></blockquote>"
    assert md(html) == "> As *Book* says."


def test_table_with_header_and_pipes() -> None:
    html = "<table><tr><th>a|b</th><th>c</th></tr><tr><td>1</td></tr></table>"
    assert md(html) == "| a\\|b | c |\n| --- | --- |\n| 1 |  |"


def test_a_table_laying_out_the_page_is_its_cells_blocks() -> None:
    html = (  # an old Tumblr theme: the blog's name, its post and its links side by side
        "<table><tr><td><table><tr><td><h1>Minecraft News</h1></td><td>"
        "<a href='http://tumblr.com/'>Powered by Tumblr</a></td></tr></table>"
        "<div><h3>Minecraft 1.8</h3><p>+ Added Slime Block<br>+ Added Banners</p></div></td>"
        "<td><h2>Links:</h2><a href='https://minecraft.net/'>Minecraft.net</a></td></tr></table>"
    )
    assert md(html) == (
        "## Minecraft News\n\n[Powered by Tumblr](http://tumblr.com/)\n\n#### Minecraft 1.8\n\n"
        "\\+ Added Slime Block\\\n\\+ Added Banners\n\n### Links:\n\n"
        "[Minecraft.net](https://minecraft.net/)"
    )


def test_footnotes_become_markdown_footnotes() -> None:
    html = (
        '<p>Text<sup><a href="#fn-1">1</a></sup>.</p><hr class="footnotes-sep">'
        '<section class="footnotes"><ol><li id="fn-1"><p>Note. <a href="#fnref-1">↩︎</a></p>'
        "<p>More.</p></li></ol></section>"
    )
    assert md(html) == "Text[^1].\n\n[^1]: Note.\n\n    More."


def test_chrome_and_comments_are_dropped() -> None:
    html = "<nav>menu</nav><script>x()</script><!-- c --><p>kept</p><aside>ad</aside><form>f</form>"
    assert md(html) == "kept"


def test_share_buttons_and_their_label_are_dropped() -> None:
    html = (
        "<p>The post. See <a href='https://ex.org/share/guide'>the guide</a>.</p>"
        '<div class="post-footer"><a href="https://ex.org/p.html">12:55 AM</a>'  # Blogger's
        "<div><a href='https://www.blogger.com/share-post.g?blogID=1&target=email'>Email This</a>"
        "<a href='https://twitter.com/intent/tweet?url=x'>Share to Twitter</a></div></div>"
        "<div class='sd-block'><h3>Share this:</h3><ul>"  # Jetpack's
        "<li><a href='https://ex.org/p?share=facebook&nb=1'>Click to share on Facebook</a></li>"
        "<li><a href='whatsapp://send?text=x'>Click to share on WhatsApp</a></li></ul></div>"
        "<div><p>Share this article</p><a href='https://www.facebook.com/sharer/sharer.php?u=x'>"
        "<img src='https://ex.org/fb.svg'></a></div><p>Next.</p>"
    )
    assert md(html) == (
        "The post. See [the guide](https://ex.org/share/guide).\n\n"
        "[12:55 AM](https://ex.org/p.html)\n\nNext."
    )


def test_a_share_label_in_an_element_of_its_own_before_the_buttons_is_dropped() -> None:
    # GitLab's blog: the label and the icons in two siblings, beside a newsletter box
    html = (
        "<p>The post.</p><div class='share'><p>Share this article</p><div class='icons'>"
        "<a href='https://twitter.com/intent/tweet?url=x'><img src='https://ex.org/t.svg'></a>"
        "<a href='https://www.linkedin.com/shareArticle?url=x'></a></div>"
        "<p>More to explore: the survey's other findings.</p></div>"
    )
    assert md(html) == "The post.\n\nMore to explore: the survey's other findings."
    kept = html.replace("Share this article", "Thanks for reading")  # no label: kept
    assert md(kept).startswith("The post.\n\nThanks for reading\n\nMore")


def test_a_newsletter_s_sign_up_box_is_dropped_with_its_heading() -> None:
    box = (
        "<div class='newsletter'><h2>Sign up for our newsletter</h2><p>All fields required</p>"
        "{form}</div>"
    )
    asks = "<form><label>Email <input type='email' name='e'></label><button>Go</button></form>"
    for form in (asks, "<form id='mktoForm_1'></form>"):  # a script fills the second
        assert md("<p>The post.</p>" + box.format(form=form) + "<p>Next.</p>") == (
            "The post.\n\nNext."
        )
    search = "<p>The post.</p><div><h2>Search</h2><form><input type='search'></form></div>"
    assert md(search) == "The post.\n\n## Search"  # no sign-up: only the form goes


def test_a_sign_up_box_is_looked_for_only_a_few_elements_round_its_form() -> None:
    deep = "<h2>Sign up</h2>" + "<div>" * 12 + "<form></form>" + "</div>" * 12
    assert md(f"<section>{deep}</section><p>Next.</p>") == "## Sign up\n\nNext."
    nested = "<div>" * 3000 + "<form></form>" * 20 + "</div>" * 3000  # each form climbs a few
    assert md(f"<p>Kept.</p>{nested}") == "Kept."


def test_an_image_in_a_table_of_one_column_is_a_figure_not_a_table() -> None:
    # Blogger's caption: <table class="tr-caption-container"> of an image row and a caption row
    html = (
        "<table class='tr-caption-container'><tbody><tr><td><a href='https://ex.org/big.png'>"
        "<img src='https://ex.org/small.png'></a></td></tr>"
        "<tr><td class='tr-caption'>Block diagram</td></tr></tbody></table>"
    )
    assert md(html) == ("[![](https://ex.org/small.png)](https://ex.org/big.png)\n\nBlock diagram")
    words = "<table><tr><td>Name</td></tr><tr><td>Ada</td></tr></table>"
    assert md(words) == "| Name |\n| --- |\n| Ada |"  # a column of words stays a table


def test_jetpack_s_likes_under_a_wordpress_post_are_dropped() -> None:
    html = (
        "<p>The post.</p><div id='jp-post-flair'><div class='sharedaddy sd-block sd-like "
        "jetpack-likes-widget-wrapper'><h3 class='sd-title'>Like this:</h3>"
        "<div class='likes-widget-placeholder'><span class='button'>Like</span>"
        "<span class='loading'>Loading...</span></div></div></div><p>Next.</p>"
    )
    assert md(html) == "The post.\n\nNext."


# Wikipedia's MathML fallback and a saved page's script-hidden blocks carry their own style
def test_what_the_page_hides_by_its_own_style_is_dropped() -> None:
    html = (
        '<p>Shown<span style="display:none">gone</span>.</p>'
        '<div style="color: red; display: none;"><p>Menu</p></div>'
        '<div style="visibility: hidden"><p>Ad</p></div><div style="display:block"><p>Kept</p></div>'
    )
    assert md(html) == "Shown.\n\nKept"


def test_what_the_page_hides_its_contents_and_heading_permalinks_are_dropped() -> None:
    html = (
        '<details class="toc"><summary>Table of Contents</summary><ul><li><a href="#r">R</a>'
        "</li></ul></details>"
        '<h2 id="r">References<a hidden class="anchor" aria-hidden="true" href="#r">#</a></h2>'
        '<h3 id="s">Setup <a class="headerlink" href="#s">\u00b6</a></h3>'
        '<h3 id="t"><a href="#t">Linked title</a></h3>'
        '<p>Kept<span aria-hidden="true"> \u2192</span>, <span hidden>gone</span>'
        ' and <a href="#r">a link in the text</a>.</p>'
        '<div id="TableOfContents"><ul><li>x</li></ul></div>'
    )
    assert md(html, "https://blog.example.org/p/") == (
        "## References\n\n### Setup\n\n### Linked title\n\nKept, and a link in the text."
    )


def test_a_pages_header_and_footer_divs_are_dropped() -> None:
    html = (
        '<div id="header"><a href="/">Papers</a></div><p>Text.</p><div class="site-footer">f</div>'
        '<div role="contentinfo">c</div><div role="banner">b</div><div class="header">kept</div>'
    )
    assert md(html) == "Text.\n\nkept"


def test_breadcrumbs_are_dropped() -> None:
    html = (  # GitLab's blog, Jekyll's schema.org trail
        '<span class="breadcrumb"><span class="breadcrumb__crumb"><a href="https://ex.org/blog/">'
        "Blog</a></span> › <span>3 surprising findings</span></span><p>The post.</p>"
        '<ol itemscope itemtype="https://schema.org/BreadcrumbList"><li>Home</li></ol>'
    )
    assert md(html) == "The post."


def test_related_posts_are_dropped() -> None:
    html = (
        "<p>The post.</p>"
        '<div class="module module--related"><h2>Related Content</h2><article>'
        '<a href="https://iab.example/news/x"><h2>The Age of HTML5 Ads</h2></a></article></div>'
        '<div id="jp-relatedposts" class="jp-relatedposts"><h3><em>Related</em></h3>'
        "<p>Stack Overflow published the results of its survey</p><p>March 17, 2016</p></div>"
        '<section class="related-work"><p>Adam (Kingma, 2014) is cited.</p></section>'
        '<p class="unrelated">Kept.</p>'
    )
    assert md(html) == "The post.\n\nAdam (Kingma, 2014) is cited.\n\nKept."


def test_boxes_of_ads_and_of_other_stories_are_dropped_by_their_class_or_id() -> None:
    html = (
        "<p>The post.</p>"
        '<div class="ad-wrapper"><p>Sponsored Links: Ways Prayer Changes Your Brain</p></div>'
        '<div id="thirdCol_popular"><p>Today on the site: 12 natural ways</p></div>'
        '<div class="trc_rbox_container"><p>by Taboola: you may like</p></div>'
        '<section class="c-newsletter-promo"><p>Keep up with the Daily newsletter.</p></section>'
        '<aside class="c-trending"><h2>Most Read</h2><p>Another story</p></aside>'
        '<p class="js-stream-ad-noview">Forex and CFD trading</p>'
        "<p>Kept.</p>"
    )
    assert md(html) == "The post.\n\nKept."


def test_a_footer_by_its_name_is_dropped_outside_a_post_not_in_one() -> None:
    html = (
        "<p>The post.</p>"
        '<div id="footer_rdr"><p>Health Solutions From Our Sponsors</p></div>'
        '<div class="footer-wrapper"><p>Copyright © 2015 The Site</p></div>'
        '<article><p>A post.</p><div class="footer">Posted in essays</div></article>'
    )
    assert md(html) == "The post.\n\nA post.\n\nPosted in essays"


@pytest.mark.parametrize(
    ("block", "kept"),
    [
        ('<p class="ad ay b cy">A generated class name (Medium)</p>', "A generated class name"),
        ('<p id="e1ad">A generated id.</p>', "A generated id."),
        ('<dt id="Conducting_ad_hoc_analysis">Conducting ad hoc analysis</dt>', "ad hoc"),
        ('<li class="menu-item-ad-ops-summit">Ad Ops Summit</li>', "Ad Ops Summit"),
        ('<div class="post-ad">The words of the post</div>', "The words of the post"),
        ('<div class="promo"><h1>The title</h1><p>Its text.</p></div>', "Its text."),
    ],
)
def test_a_block_whose_class_or_id_only_looks_like_an_ad_s_is_kept(block: str, kept: str) -> None:
    assert kept in md(block)


def test_a_pages_frame_is_found_whatever_the_case_of_its_id() -> None:
    html = (  # Daring Fireball (XHTML Transitional, 2015)
        '<div id="Banner"><a href="/"><img src="/logo.png" alt="Daring Fireball"></a></div>'
        '<div id="Sidebar"><p>By <strong>John Gruber</strong></p><ul><li>Archive</li></ul></div>'
        '<div id="Main"><div class="Comments">c</div><h1>About This Site</h1><p>Text.</p></div>'
        '<div id="Footer">Copyright © 2002–2015</div>'
    )
    assert md(html) == "## About This Site\n\nText."


def test_hard_break_and_headings() -> None:
    assert (
        md("<h1>T <em>x</em></h1><h4>s</h4><p>a<br>- b</p>") == "## T *x*\n\n##### s\n\na\\\n\\- b"
    )


def test_fragment_text() -> None:
    assert fragment_text("A &amp; <b>B</b>\n c") == "A & B c"


def test_nesting_deeper_than_the_converter_follows_is_read_as_text() -> None:
    text = md("<div>" * 3000 + "<b>deep</b> text" + "</div>" * 3000)
    assert text == "deep text"
    assert md("<b>" * 3000 + "x") == "**x**"
    assert md("<i><b>x</b></i> <b><b>y</b></b>") == "***x*** **y**"


HOSTILE = (
    '<p>&lt;img src=x onerror=alert(1)&gt; <a href="javascript:alert(1)">j</a> '
    '<a href=" JAVASCRIPT:alert(1)">k</a> <img src="javascript:alert(1)" alt="i"> '
    "<code>&lt;/code&gt;&lt;script&gt;</code> &lt;!-- c --&gt; [x](javascript:alert(1)) "
    '<a href="https://ok.org/">[y](javascript:alert(2))</a></p>'
    "<pre><code>&lt;script&gt;alert(3)&lt;/script&gt;</code></pre>"
    "<table><tr><td>&lt;b onclick=x&gt;</td></tr></table>"
)


def test_hostile_markup_never_reaches_the_rendered_page_as_html() -> None:
    from notebase.markdown import render_markdown

    html = render_markdown(md(HOSTILE)).html
    assert "<script" not in html and "<img src=x" not in html and "<b onclick" not in html
    assert 'href="javascript' not in html.lower() and 'src="javascript' not in html.lower()
    assert "[x](javascript:alert(1))" in html  # shown as the text it was
    assert 'href="https://ok.org/"' in html


def test_tex_in_the_text_is_kept_as_math() -> None:
    html = (
        "<p>A sequence $\\mathbf{x}$ of length $n$, a target $\\mathbf{y}_t$, \\(a^2\\) and"
        " \\[b_1\\].</p><p>$$ \\mathbf{c}_t = \\sum_{i=1}^n \\alpha_{t,i} $$</p>"
    )
    assert md(html) == (
        "A sequence $\\mathbf{x}$ of length $n$, a target $\\mathbf{y}_t$, $a^2$ and $$b_1$$."
        "\n\n$$\\mathbf{c}_t = \\sum_{i=1}^n \\alpha_{t,i}$$"
    )


def test_dollars_that_are_no_tex_stay_text() -> None:
    assert md("<p>It costs $5 and $10, or $ab$ each.</p>") == (
        "It costs \\$5 and \\$10, or \\$ab\\$ each."
    )
    assert md("<p><code>$x$</code> and $x$2</p>") == "`$x$` and \\$x\\$2"


def test_katex_mathml_is_its_tex() -> None:
    html = (
        '<p><span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>x</mi>'
        '</mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math>'
        '</span><span class="katex-html" aria-hidden="true"><span>x2</span></span></span> and '
        '<math display="block"><semantics><mi>y</mi><annotation encoding="application/x-tex">'
        "\\frac{a}{b}</annotation></semantics></math> and <math><mi>z</mi></math></p>"
    )
    assert md(html) == "$x^2$ and $$\\frac{a}{b}$$ and $z$"


def test_mathml_without_tex_is_read_as_tex_from_its_layout() -> None:
    html = (  # MathJax 3's assistive MathML beside its rendering, which the page hides
        "<p>When <math><mi>a</mi><mo>≠</mo><mn>0</mn></math>, then "
        '<math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo>'
        "<msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt>"
        "</mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math> and "
        "<math><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi>"
        "</munderover><mover><mi>E</mi><mo>→</mo></mover><mfrac linethickness='0'><mi>n</mi>"
        "<mi>k</mi></mfrac><mroot><mi>x</mi><mn>3</mn></mroot><mtext>if {x}</mtext><mi>sin</mi>"
        "</math>.</p>"
    )
    assert md(html) == (
        "When $a ≠ 0$, then $$x = \\frac{− b ± \\sqrt{{b}^{2} − 4 a c}}{2 a}$$ and "
        "${∑}_{k = 1}^{n} \\overset{→}{E} \\binom{n}{k} \\sqrt[3]{x} \\text{if \\{x\\}} "
        "\\mathrm{sin}$."
    )


def test_a_body_whose_sections_are_h1_keeps_their_levels_a_step_down() -> None:
    html = "<h1>Basic</h1><p>a</p><h2>Zero-shot</h2><p>b</p><h3>Tips</h3><h6>Deep</h6>"
    assert md(html) == "## Basic\n\na\n\n### Zero-shot\n\nb\n\n#### Tips\n\n###### Deep"
    assert md("<h2>One</h2><h3>Two</h3>") == "## One\n\n### Two"  # no <h1>: as they are


def test_brackets_in_text_never_open_math_nor_close_a_link() -> None:
    html = '<p>[Thanks to <a href="https://s.org/c?user=X&amp;hl=en">Ian</a> for x=y.]</p>'
    assert md(html) == "[Thanks to [Ian](https://s.org/c?user=X&hl=en) for x=y.\\]"
    assert md("<p>see [1] and [a](b)</p>") == "see [1\\] and [a\\](b)"


def test_a_bracket_in_a_link_s_words_opens_no_link_of_its_own() -> None:
    """A listing's title `[SpringBoot] Logs` as its link's words: the `[` stays in the link (it
    opened a link of its own, leaving `[` before it); an image and code in the words keep theirs."""
    html = '<p><a href="/p/logs/">[SpringBoot] Logs <img src="/c.png"> <code>a[0]</code></a></p>'
    assert md(html, "https://ex.org/") == (
        "[\\[SpringBoot\\] Logs ![](https://ex.org/c.png) `a[0]`](https://ex.org/p/logs/)"
    )


def test_a_link_showing_only_an_icon_is_a_button_not_text() -> None:
    """A theme's row of profile icons in a page's content (00sapo/00sapo.github.io's home page:
    `<a href=…><i class="fab fa-github"></i></a>`); words beside an icon and an empty link stay."""
    html = (
        '<p>Find me: <a href="https://github.com/x"><i class="fab fa-github"></i></a> '
        '<a href="https://ex.org/feed"><i class="icon-rss"></i> </a> '
        '<a href="https://ex.org/docs"><svg><path d="M0"/></svg> Docs</a> '
        '<a href="https://ex.org/b"></a></p>'
    )
    assert md(html) == "Find me: [Docs](https://ex.org/docs) <https://ex.org/b>"


def test_a_link_showing_only_an_inline_svg_icon_is_a_button_not_a_bare_url() -> None:
    """Hugo PaperMod's social icons (`<a href=… title="GitHub"><svg …><path …/></svg></a>`),
    an icon naming itself in its `<title>`, and an icon beside words (Jekyll minima's username)."""
    html = (
        '<div class="social-icons"><a href="https://github.com/jo" title="GitHub">'
        '<svg viewBox="0 0 24 24"><path d="M9 19c-5 1.5-5-2.5-7-3"></path></svg></a> '
        '<a href="https://ex.org/index.xml"><span class="icon"><svg><title>RSS</title>'
        '<circle cx="5" cy="19" r="1"></circle></svg></span></a></div>'
        '<p>Code at <a href="https://github.com/jo"><svg class="svg-icon"><use href="#gh"></use>'
        '</svg> <span class="username">jo</span></a>, notes in <a href="https://ex.org/n">'
        "<i>Field notes</i></a>.</p>"
    )
    assert (
        md(html)
        == "Code at [jo](https://github.com/jo), notes in [*Field notes*](https://ex.org/n)."
    )


def test_line_breaks_in_preformatted_text_are_its_lines() -> None:
    assert md("<pre>first<br>second<br/>third</pre>") == "```\nfirst\nsecond\nthird\n```"


def test_sub_and_superscripts_are_kept_as_the_tags_a_note_shows() -> None:
    html = '<p>E = mc<sup>2</sup>, H<sub>2</sub>O, a <u>rule</u> and a note<sup><a href="#fn1">1</a></sup>.</p>'
    html += '<ol><li id="fn1">N</li></ol>'
    assert (
        md(html) == "E = mc<sup>2</sup>, H<sub>2</sub>O, a <u>rule</u> and a note[^1].\n\n[^1]: N"
    )


def test_a_wrapper_s_text_is_read_only_when_its_name_may_say_it_is_a_widget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every wrapper of a page has a class: its whole text was read for each, a page of nested
    wrappers read again at each depth. Only a name holding a telling word (ad, footer, …) has
    the element's text read, to tell a name saying that text (a section's anchor)."""
    read: list[str] = []

    def counted(node: LexborNode) -> str:
        text = plain_text(node)
        read.append(text)
        return text

    monkeypatch.setattr(htmlmd, "plain_text", counted)
    tree = LexborHTMLParser(
        '<div class="wrap layout-col" id="outer"><div class="ad-slot">Buy</div><p>x</p></div>'
    )
    outer, slot = tree.css_first("#outer"), tree.css_first(".ad-slot")
    assert outer is not None and slot is not None
    assert htmlmd.widget_words(outer) == set() and read == []
    assert htmlmd.widget_words(slot) == {"ad"} and read == ["Buy"]


@pytest.mark.parametrize(
    ("url", "climbs"),
    [
        ("../b/", False),  # /posts/a/ -> /posts/b/
        ("../../img/x.png", False),  # -> /img/x.png: the site's root
        ("../../../x.png", True),  # above it
        ("./../../..", True),
        ("a/../../../../x", True),
        ("/img/x.png", False),  # from the host's root
        ("/../x", True),
        ("//cdn.example.net/../x.js", False),  # another host: nothing climbed
        ("https://example.com/../x", False),
        ("#top", False),
    ],
)
def test_a_relative_url_climbing_above_the_site_root_is_told(url: str, climbs: bool) -> None:
    assert (
        htmlmd.climbs_above(url, "https://example.com/posts/a/", "https://example.com/") is climbs
    )


def test_a_site_in_a_folder_is_climbed_out_of_by_a_path_from_the_page() -> None:
    page, root = "https://example.com/blog/posts/a/index.html", "https://example.com/blog/"
    assert not htmlmd.climbs_above("../../x.png", page, root)  # /blog/x.png
    assert htmlmd.climbs_above("../../../x.png", page, root)  # /x.png: out of /blog/
    assert not htmlmd.climbs_above("/x.png", page, root)  # from the host's root: as a browser


def test_with_the_site_root_links_resolve_and_those_climbing_above_it_are_text() -> None:
    html = (
        '<p><a href="/tags/go/">Go</a>, <a href="../b/">B</a>, <a href="../../../up/">Up</a>'
        ' <img src="pic.png" alt="Pic"> <img src="/../x.png" alt="X"></p>'
    )
    page, root = "https://example.com/posts/a/", "https://example.com/"
    blocks, climbing = htmlmd.fragment_content(html, page, root)
    assert blocks == [
        "[Go](https://example.com/tags/go/), [B](https://example.com/posts/b/), Up"
        " ![Pic](https://example.com/posts/a/pic.png) X"
    ]
    assert climbing == ("../../../up/", "/../x.png")
    assert htmlmd.fragment_content(html, page)[1] == ()  # a base of the page's own: no site
    assert htmlmd.fragment_content(html)[1] == (
        "/tags/go/",
        "../b/",
        "../../../up/",
        "pic.png",
        "/../x.png",
    )


# a built Hexo site's highlighted code (Yu2erer/yu2erer.github.io): the line numbers in a gutter
# cell of a table beside the code's, the language in the figure's class after "highlight"
HEXO_CODE = (
    '<figure class="highlight c"><table><tr><td class="gutter"><pre><span class="line">1</span>'
    '<br><span class="line">2</span><br></pre></td><td class="code"><pre><span class="line">'
    '<span class="type">static</span> <span class="type">int</span> luaB_pcall (lua_State *L) '
    '&#123;</span><br><span class="line">  <span class="keyword">return</span> 0; &#125;</span>'
    "<br></pre></td></tr></table></figure>"
)
# Hugo's, with line numbers (its `lntable`): the language on the code's <code>
HUGO_CODE = (
    '<div class="highlight"><div class="chroma"><table class="lntable"><tr><td class="lntd">'
    '<pre tabindex="0" class="chroma"><code><span class="lnt">1\n</span><span class="lnt">2\n'
    '</span></code></pre></td><td class="lntd"><pre tabindex="0" class="chroma">'
    '<code class="language-go" data-lang="go"><span class="line"><span class="cl">x := 1\n'
    '</span></span><span class="line"><span class="cl">y := 2\n</span></span></code></pre></td>'
    "</tr></table></div></div>"
)


def test_a_highlighter_s_gutter_of_line_numbers_is_left_out_of_its_code() -> None:
    assert md(HEXO_CODE) == "```c\nstatic int luaB_pcall (lua_State *L) {\n  return 0; }\n```"
    assert md(HUGO_CODE) == "```go\nx := 1\ny := 2\n```"
    table = "<table><tr><td><pre>a = 1</pre></td><td><pre>b</pre></td></tr></table>"
    assert md(table) == "```\na = 1\n```\n\n```\nb\n```"  # code side by side: both kept


def test_a_table_of_contents_no_class_marks_is_left_out() -> None:
    """A page MATLAB publishes (0b01/rickyhan.com's _site/matlab/homework202.html) lists its
    sections under <h2>Contents</h2>, marked by no class."""
    html = (
        '<div class="content"><h2>Contents</h2><div><ul><li><a href="#1">Homework 1</a></li>'
        '<li><a href="#2">Part I: the smiley face.</a></li></ul></div><h2 id="1">Homework 1</h2>'
        '<p>Document what you\'re doing.</p><h2 id="2">Part I: the smiley face.</h2><p>Plot.</p>'
        '<h2>Notes</h2><p>See <a href="#1">the first part</a>.</p></div>'
    )
    assert md(html) == (
        "## Homework 1\n\nDocument what you're doing.\n\n## Part I: the smiley face.\n\nPlot."
        "\n\n## Notes\n\nSee the first part."
    )


def test_mathjax_2_s_math_scripts_are_math() -> None:
    """kramdown writes a post's TeX as scripts MathJax 2 typesets (0b01/rickyhan.com's
    _site/jekyll/update/2017/09/14/autoencoders.html): math, not scripts to leave out."""
    html = (
        '<p>The hidden dimension <script type="math/tex">h</script> should be smaller than '
        '<script type="math/tex">x</script>.</p>'
        '<script type="math/tex; mode=display">f :{\\mathcal {X}}\\rightarrow {\\mathcal {H}}'
        "</script><script>alert(1)</script>"
    )
    assert md(html) == (
        "The hidden dimension $h$ should be smaller than $x$.\n\n"
        "$$f :{\\mathcal {X}}\\rightarrow {\\mathcal {H}}$$"
    )
