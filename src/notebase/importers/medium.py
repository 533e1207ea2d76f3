"""Medium's export (Settings → Download your information: a zip whose `posts/` holds one HTML file
per post, `draft_…` for a draft) -> one post per file, read from the microformats Medium writes:
`h1.p-name`, `section.e-content`, `time.dt-published`, `a.p-author`, `a.p-canonical` (pure).

Medium's file repeats the title (and the subtitle) atop the body, and its subtitle again in a
`p-summary` its own style hides: the subtitle is the note's tl;dr, none of them its text."""

from __future__ import annotations

from dataclasses import replace
from html import escape

from notebase.diagnostics import FilePos, info, warning
from notebase.importers.htmlmd import (
    LexborHTMLParser,
    LexborNode,
    above_site_warning,
    attr,
    first_attr,
    first_text,
    fragment_content,
    iframe_links,
    plain_text,
    replaced,
)
from notebase.importers.model import ArchiveFormat, ImportedPost, ParsedArchive
from notebase.importers.structured import (
    escape_text,
    make_post,
    parse_date,
    safe_url,
    without_lead_title,
)

DRAFT_PREFIX = "draft"  # `draft_Title-1a2b3c.html`; a published post's file starts with its date
MEDIUM = "https://medium.com/"  # what a draft's links (`/media/…`, `/@name`) are named from
# the body's own title and subtitle, as Medium's editor marks them
_REPEATED = "h1.graf--title, h2.graf--title, h3.graf--title, h4.graf--title, .graf--subtitle"


def is_medium(text: str) -> bool:
    """Whether an HTML file is a post of Medium's export (cheap: two of its marks)."""
    return 'data-field="body"' in text and ('class="p-canonical"' in text or "h-entry" in text)


def line_of(text: str, mark: str) -> int:
    found = text.find(mark)
    return text.count("\n", 0, found) + 1 if found >= 0 else 1


def is_response(tree: LexborHTMLParser, body: LexborNode) -> bool:
    """Whether the file is a response to another post (Medium exports a reader's responses as
    posts): no title of its own (Medium's is the text's first words) over one paragraph, no image."""
    title = first_text(tree, "h1.p-name").rstrip("…. ").casefold()
    paras = body.css("p")
    text = plain_text(paras[0]).casefold() if paras else ""
    return (
        len(paras) == 1 and body.css_first("img") is None and bool(title) and text.startswith(title)
    )


def edge_trimmed(code: str) -> str:
    """Code without the blank lines round it, nor the spaces ending its lines."""
    lines = [line.rstrip() for line in code.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines).rstrip("\n")


def code_blocks(body: LexborNode) -> None:
    """Medium's code blocks as one `<pre><code>` each, in its language: Medium writes a block's
    lines apart by `<br>`, its language as `data-code-block-lang`, and a block holding a blank
    line as several `pre.graf--pre` one after the other (`graf-after--pre`)."""
    for br in body.css("pre.graf--pre br"):
        br.replace_with("\n")
    runs: list[list[LexborNode]] = []
    for pre in body.css("pre.graf--pre"):
        before = pre.prev
        while before is not None and before.tag == "-text" and not (before.text() or "").strip():
            before = before.prev
        joins = runs and before is not None and before.mem_id == runs[-1][-1].mem_id
        if joins and "graf-after--pre" in str(pre.attributes.get("class") or ""):
            runs[-1].append(pre)
        else:
            runs.append([pre])
    for run in runs:
        lang = str(run[0].attributes.get("data-code-block-lang") or "")
        text = "\n\n".join(edge_trimmed(p.text(deep=True)) for p in run)
        cls = f' class="language-{escape(lang)}"' if lang.replace("-", "").isalnum() else ""
        html = f"<pre><code{cls}>{escape(text, quote=False)}</code></pre>"
        made = LexborHTMLParser(html).css_first("pre")
        if made is not None:
            run[0].insert_before(made)
            for pre in run:
                pre.decompose()


def embeds(body: LexborNode) -> None:
    """Medium's link cards (`graf--mixtapeEmbed`: a title, a description and a link laid over
    an image) as a link and its description, and its embeds (an iframe of `medium.com/media/…`:
    a gist, a tweet, a video) as a link to them, which no page of notes could show."""
    for card in body.css(".graf--mixtapeEmbed"):
        a = card.css_first("a.markup--mixtapeEmbed-anchor") or card.css_first("a[href]")
        href = attr(a, "href") if a is not None else ""
        title, about = first_text(card, "strong"), first_text(card, "em")
        if href:
            said = f" — {escape(about, quote=False)}" if about else ""
            link = f'<a href="{escape(href)}">{escape(title or href, quote=False)}</a>'
            replaced(card, f"<p>{link}{said}</p>")
    iframe_links(body)


def medium_post(
    tree: LexborHTMLParser, body: LexborNode, origin: str, draft: bool, site_root: str = ""
) -> tuple[ImportedPost, tuple[str, ...]]:
    """The post of a Medium file, its relative links resolved against its canonical address,
    else the site `--site` names (`site_root`), else named from Medium's site, as it shows them;
    and those climbing above `--site`'s root, kept as their text."""
    title = first_text(tree, "h1.p-name") or first_text(tree, "title")
    canonical = safe_url(first_attr(tree, "a.p-canonical", "href"))
    canonical = canonical if canonical.startswith(("http://", "https://")) else ""
    lead = first_text(body, ".graf--subtitle")
    for node in body.css(_REPEATED):
        node.decompose()
    code_blocks(body)
    embeds(body)
    given = "" if canonical else site_root  # the address the file states wins
    chunks, climbing = fragment_content(body.html or "", canonical or given or MEDIUM, given)
    author = first_text(tree, "footer .p-author, .p-author")
    post = make_post(
        title,
        origin,
        without_lead_title(chunks, title),
        url=canonical,
        tags=[plain_text(a) for a in tree.css(".p-tags a")],
        date=parse_date(first_attr(tree, "time.dt-published", "datetime")),
        authors=(author,) if author else (),
        draft=draft,
        page=canonical,
    )
    if lead:
        post = replace(post, tldr=escape_text(lead))
    return post, climbing


def read_medium(text: str, name: str, shown: str, site_root: str = "") -> ParsedArchive:
    """One post of Medium's export (a draft when its file's name says so); on the site at
    `site_root` (`--site`'s) when it states no address of its own (a draft's file)."""
    tree = LexborHTMLParser(text)
    body = tree.css_first('section[data-field="body"]')
    line = line_of(text, 'class="p-name"')
    pos = FilePos(shown, line)
    if body is None or not (first_text(tree, "h1.p-name") or first_text(tree, "title")):
        hint = 'a Medium post\'s file has an `<h1 class="p-name">` and a body section'
        diag = warning(
            "import-no-posts", "Medium file has no title or body: nothing imported", pos, hint
        )
        return ParsedArchive(name, ArchiveFormat.HTML, (), (diag,))
    draft = name.rpartition("/")[2].startswith(DRAFT_PREFIX)
    response = not draft and is_response(tree, body)
    post, climbing = medium_post(tree, body, f"{name}:{line}", draft or response, site_root)
    diags = [above_site_warning(climbing, site_root, pos)] if climbing else []
    if response:
        msg = "a response to another post (titled by its own words, one paragraph): imported as a draft"
        hint = "publish the note (remove `draft: true`) if it is a post of its own"
        diags.append(info("import-not-a-post", msg, pos, hint))
    return ParsedArchive(name, ArchiveFormat.HTML, (post,), tuple(diags))
