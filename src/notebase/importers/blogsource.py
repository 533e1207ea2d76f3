"""A blog generator's markdown source (Jekyll's `_posts/`, Hugo's `content/`) -> plain markdown
posts: Hugo's TOML front matter read, Liquid, kramdown and Hugo's shortcodes written as the
markdown (or the HTML) they stand for, files named from the blog's root named from the note's
folder, and the links between posts that the generator resolves made wikilinks (pure)."""

from __future__ import annotations

import datetime as dt
import functools
import html
import posixpath
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from urllib.parse import unquote

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.importers.markup import fits_wikilink, note_link
from notebase.importers.model import BlockKind, ImportedPost
from notebase.importers.render import fenced
from notebase.markdown.parser import unsized_words
from notebase.markdown.text import fence_after
from notebase.slugs import is_folder_page

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd", ".mdx")


def is_bundle_index(name: str, sections: bool = False) -> bool:
    """Whether a markdown file is a page bundle's (`posts/x/index.md`, `Index.mdx`: a post whose
    files are beside it in its own folder, as Hugo, Zola and Gatsby keep them), named as a
    note that is its folder's page is (slugs.is_folder_page); Hugo's `_index.md`, a section's,
    whose folder holds other posts, only with `sections`."""
    stem, dot, suffix = name.replace("\\", "/").rsplit("/", 1)[-1].rpartition(".")
    if not dot or f".{suffix.lower()}" not in MARKDOWN_SUFFIXES:
        return False
    return is_folder_page(f"{stem}.md") and (sections or not stem.startswith("_"))


# Hugo's shortcodes: `{{< name args >}}` (or `{{% … %}}`); a closing one `{{< /name >}}`; an
# argument may hold a brace (`title="\(\mathrm{grad}\)"`)
_SHORTCODE = re.compile(
    r"\{\{[<%]-?\s*(?P<name>/?\w+)(?P<args>(?:[^>%}]|[>%](?!\}\})|\}(?!\}))*?)-?\s*[>%]\}\}"
)
_ARGUMENT = re.compile(
    r"""(?:(?P<key>\w+)\s*=\s*)?(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"']+))"""
)
_TOML_FENCE = "+++"
# where tomllib says an error is, at the end of its message
_TOML_AT = re.compile(r"\s*\(at (?:line (?P<line>\d+), column \d+|end of document)\)$")
# a file named from the blog's root (not a page: it has an extension), or from a folder above the
# post's (`../assets/x.png`), in a link, a `src` or a reference's definition (`[x]: /a.pdf`)
_ROOTED = re.compile(
    r"""(?P<before>\]\(\s*<?|\bsrc\s*=\s*["']|^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?)(?:/|(?:\./)*(?:\.\./)+)(?P<path>[^/\s)>"'#?][^\s)>"'#?]*\.(?!(?:md|markdown|html?)\b)[A-Za-z0-9]{1,5})(?=[\s)>"'#?]|$)"""
)
_HIGHLIGHT = re.compile(r"^\s*\{%-?\s*highlight(?:\s+(?P<lang>[\w+#.-]+))?[^%]*-?%\}\s*$")
_END_HIGHLIGHT = re.compile(r"^\s*\{%-?\s*endhighlight\s*-?%\}\s*$")
_LIQUID_URL = re.compile(
    r"""\{\{-?\s*(?P<q>['"])(?P<path>[^'"]*)(?P=q)\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}"""
)
_SITE_VARIABLE = re.compile(r"\{\{-?\s*site\.(?:baseurl|url)\s*-?\}\}")
# `[[name]](url)`: a link whose words are bracketed
_BRACKETED_WORDS = re.compile(r"\[\[([^\[\]\n]+)\]\]\(")
# a Liquid include (`{% include figure.liquid path="x.jpg" %}`) and `{% raw %}` / `{% endraw %}`,
# round text Liquid leaves as it is
_INCLUDE = re.compile(r"\{%-?\s*include\s+(?P<name>[\w./-]+)(?P<args>(?:[^%]|%(?!\}))*?)-?%\}")
_RAW_TAG = re.compile(r"\{%-?\s*(?:end)?raw\s*-?%\}")
_KRAMDOWN_ATTRIBUTES = re.compile(r"^\s*\{:[^}]*\}\s*$")
_LINK_ATTRIBUTES = re.compile(r"(?<=\))\{:[^}\n]*\}")  # `[x](y){:target="_blank"}`
_TOC_MARKER = re.compile(r"^[ \t]*(?:[*+-]|1\.)[ \t]+TOC[ \t]*\n[ \t]*\{:toc\}[ \t]*$", re.M)

# a link to another post of the blog as its generator's source writes the destination: Jekyll's
# `{% post_url 2019-04-25-recipe %}` and `{% link _posts/x.md %}`, Hexo's `{% post_path x %}` (and
# its `{% post_link x %}`, made a link by hexo.from_hexo), Hugo's `{{< ref "posts/x.md" >}}`,
# `{{< relref "x" >}}`, `{{% ref x %}}` and `{{< ref path="x" >}}` (an anchor after `#` left out)
_SITE_REF = (
    r"\{%-?\s*(?:post_url|post_link|post_path|link)\s+(?P<jekyll>[^\s%#]+)[^%]*?-?%\}"
    r"|\{\{[<%]-?\s*(?:rel)?ref\s+(?:path\s*=\s*)?\"?(?P<hugo>[^\"\s>%#]+)[^}]*?[>%]\}\}"
)
_REF_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\(\s*(?:" + _SITE_REF + r")(?:#[^)\s]*)?\s*\)")
JEKYLL_DATED = re.compile(r"^(\d{4}-\d{2}-\d{2})-")  # a Jekyll post's file name: 2019-04-25-recipe
# a link to a page from the blog's root, as a post writes a link to another (`/articles/x/`,
# `/2019/04/25/recipe.html`): no file's extension but a page's, an anchor left out; not an image
_ROOTED_PAGE_LINK = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]*)\]\(\s*(?P<path>/[^\s)#?.]*(?:\.html?)?/?)(?:#[^)\s]*)?\s*\)"
)
# a link to another post's own file (`../consensus/raft.md#log`, `2023-10-crcn-inria.markdown`),
# relative or from the blog's root: no image
_POST_FILE = re.compile(r"\.(?:md|markdown|mdown|mkd|html?)(?:#[^)\s]*)?\s*>?\s*\)")
_POST_FILE_LINK = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]*)\]\(\s*<?(?P<path>(?![a-zA-Z][\w+.-]*:|#)[^\s()<>#?]+"
    r"\.(?:md|markdown|mdown|mkd|html?))>?(?:#[^)\s]*)?\s*\)"
)
# a reference-style link's definition (`[label]: ../x.md "title"`) and a link using it
_REF_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)(?P<label>[^\]\n]+)\]:[ \t]*<?(?P<path>[^\s<>]+)>?")
_REF_USE = re.compile(r"(?<![!\]\\])\[(?P<text>[^\[\]\n]+)\]\[(?P<label>[^\[\]\n]*)\]")
_UNWORDED = re.compile(r"[^\w-]+")  # what a generator leaves out of an address it makes
_PAGE_SUFFIX = re.compile(r"\.html?/?$")
# the folders of a blog's listings, not of its posts: a link into one leads to no post
LISTINGS = frozenset(("tags", "tag", "categories", "category", "series", "page", "archives"))


def link_site_refs(
    posts: Sequence[ImportedPost], shown: Mapping[str, str]
) -> tuple[list[ImportedPost], list[Diagnostic]]:
    """The posts with each link to another post of their blog that their generator's source
    writes (_REF_LINK) made a wikilink to that post's note (`[[Its title|the link's words]]`),
    when the import holds that post's file; else the link's words stay, with a warning naming
    the post it led to. So is a link from the blog's root to a page whose last part names a post
    the import holds (`/articles/x/` to x.md, Hugo's address of it; `/2019/04/25/recipe.html` to
    2019-04-25-recipe.md, Jekyll's), and a link to a post's own file (`../raft.md`, as notes
    read in an editor or an mdBook link each other; Hugo's link hook reads them so), written
    inline or by reference (with_references): another such link is a page of the blog, kept as
    it is."""
    targets = post_names(posts)
    diags: list[Diagnostic] = []

    def relink(post: ImportedPost, match: re.Match[str]) -> str:
        ref = match.group("jekyll") or match.group("hugo")
        text, title = match.group("text"), ref_title(files, targets, read_from(post), ref)
        if title is not None:
            return note_link(title, text)
        where = FilePos(shown.get(post.origin_file, post.origin_file), post.origin_line)
        message = (
            f"the link to {ref!r} leads to a post this import does not hold: its words are kept"
        )
        diags.append(warning("import-unresolved-ref", message, where, REF_HINT))
        return text or ref  # (Hexo's post_link and an empty link's words: the post they name)

    def relink_page(match: re.Match[str]) -> str:
        title = linked_post(targets, match.group("path"))
        return match.group(0) if title is None else note_link(title, match.group("text"))

    def read_from(post: ImportedPost) -> str:
        """The path of the post's file (its folders: those of its input's name, as shown)."""
        return shown.get(post.origin_file, post.origin_file)

    def title_from(post: ImportedPost, path: str) -> str | None:
        return post_at(files, read_from(post), path) or linked_post(targets, path)

    def relink_file(post: ImportedPost, match: re.Match[str]) -> str:
        title = title_from(post, match.group("path"))
        return match.group(0) if title is None else note_link(title, match.group("text"))

    def relinked(post: ImportedPost, line: str) -> str:
        line = _REF_LINK.sub(functools.partial(relink, post), line)
        if _POST_FILE.search(line):
            line = _POST_FILE_LINK.sub(functools.partial(relink_file, post), line)
        line = relative_pages(files, read_from(post), line)
        return _ROOTED_PAGE_LINK.sub(relink_page, line) if "](/" in line else line

    files = post_files(posts)
    return [
        with_references(
            with_markdown(post, functools.partial(relinked, post)),
            functools.partial(title_from, post),
        )
        if links_a_post(post)
        else post
        for post in posts
    ], diags


# a link to another page by its path from the linking page's, as a Zola or Hugo page bundle
# links its neighbour (`[x](../self-supervised)`): no extension, no image
_RELATIVE_PAGE_LINK = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]*)\]\(\s*(?P<path>\.\.?/[^\s)#?.]*?)/?(?:#[^)\s]*)?\s*\)"
)


def relative_pages(files: Mapping[str, Mapping[str, str]], where: str, line: str) -> str:
    """The line with each link to another post's page by its path from the page of the post at
    `where` (a bundle's, `x/index.md`, is its folder; another post's the folder its file's name
    makes, `posts/x.md` at `posts/x/`) made a wikilink to that post; others as they are."""
    if "](." not in line:
        return line
    folder, _, name = where.rpartition("/")
    stem = name.rpartition(".")[0]
    page = folder if is_bundle_index(name, sections=True) else f"{folder}/{stem}"

    def relink(match: re.Match[str]) -> str:
        title = post_at(files, f"{page}/", match.group("path"))
        return match.group(0) if title is None else note_link(title, match.group("text"))

    return _RELATIVE_PAGE_LINK.sub(relink, line)


def ref_title(
    files: Mapping[str, Mapping[str, str]], targets: Mapping[str, str], where: str, ref: str
) -> str | None:
    """The title of the post a generator's ref names (post_at, post_titled), from a post at
    `where`: by its path from that post's folder, else from the site's root (Hugo's
    `posts/x/_index.md`), else by its name alone."""
    rooted = ref.lstrip("/")
    relative = post_at(files, where, ref) if rooted == ref else None
    return relative or post_at(files, "", rooted) or post_titled(targets, ref)


def links_a_post(post: ImportedPost) -> bool:
    """Whether the post's markdown may hold a link to another post (link_site_refs)."""
    return any(
        _REF_LINK.search(line.text)
        or "](/" in line.text
        or "](." in line.text
        or _POST_FILE.search(line.text)
        or "]:" in line.text
        for b in post.blocks
        for line in b.lines
    )


def post_files(posts: Sequence[ImportedPost]) -> dict[str, dict[str, str]]:
    """The titles of the posts a wikilink can name, by the names of their inputs, grouped by the
    last part of the name (its file's): a link's path is looked for among the names of its file
    alone, not every post's (post_at, once a link: a blog of thousands of posts)."""
    files: dict[str, dict[str, str]] = {}
    for post in posts:
        if fits_wikilink(post.title):
            files.setdefault(post.origin_file.rpartition("/")[2], {})[post.origin_file] = post.title
    return files


def post_at(files: Mapping[str, Mapping[str, str]], origin: str, path: str) -> str | None:
    """The title of the post whose file a relative link from the post read from `origin` leads
    to, by its path from that post's folder (`optimizer/volcano.md` from `databases/README.md`,
    where `executor/volcano.md` is another post): the one input whose name (its file's, with as
    many of its folders as tell it from another's) ends that path; None for none or several."""
    if path.startswith("/"):
        return None
    at = posixpath.normpath(
        posixpath.join(posixpath.dirname(origin), unquote(path.partition("#")[0]))
    )
    for source in source_paths(re.sub(r"^(?:\.\./)+", "", at)):
        named = files.get(source.rpartition("/")[2], {})
        if source in named:
            return named[source]
        found = {title for name, title in named.items() if source.endswith("/" + name)}
        if found:
            return found.pop() if len(found) == 1 else None
    return None


def source_paths(path: str) -> list[str]:
    """The markdown files a link's path may name: itself, or for a page a generator made of
    one (`volcano.html` of volcano.md; `optimizer/index.html` of optimizer/README.md, as mdBook
    names a folder's page, or of its index.md, Hugo's _index.md) those files; for a path with
    no extension (Hugo's `{{< ref "../dp/basic" >}}`), it as a markdown file or a section's."""
    stem, dot, suffix = path.rpartition(".")
    if not dot or "/" in suffix:  # (Hugo's ref without its extension: `../dp/basic`)
        bundles = (f"{path}/{index}.md" for index in ("_index", "index"))
        return [path, *(f"{path}{s}" for s in MARKDOWN_SUFFIXES), *bundles]
    if suffix.lower() not in ("html", "htm"):
        return [path]
    folder, _, name = stem.rpartition("/")
    sources = [f"{stem}{s}" for s in MARKDOWN_SUFFIXES]
    if name.lower() == "index":
        sources += [posixpath.join(folder, n) for n in ("README.md", "_index.md")]
    return sources


def linked_post(targets: Mapping[str, str], path: str) -> str | None:
    """The title of the post a link's destination leads to (post_names): a post's own file
    (`../raft.md`) or its page from the blog's root (`/articles/x/`, not a listing's); None for
    another (a page of the blog's that is no post imported, an address)."""
    bare = _PAGE_SUFFIX.sub("", unquote(path.partition("#")[0]))
    if not bare.startswith("/") and not bare.lower().endswith(MARKDOWN_SUFFIXES):
        return None
    return None if LISTINGS & set(bare.lower().split("/")) else post_titled(targets, bare)


def with_references(post: ImportedPost, title_of: Callable[[str], str | None]) -> ImportedPost:
    """The post with each reference-style link (`[words][label]`, `[label][]`) whose definition
    (`[label]: ../x.md`) leads to another post imported made a wikilink to its note, as an
    inline link to it is (`title_of`: the title of the post a destination leads to, or None);
    the definitions stay, unused, saying nothing."""
    titles = {
        m.group("label").casefold(): title
        for b in post.blocks
        if b.kind is BlockKind.MARKDOWN
        for line in b.lines
        if (m := _REF_DEFINITION.match(line.text)) and (title := title_of(m.group("path")))
    }

    def relink(match: re.Match[str]) -> str:
        words = match.group("text")
        title = titles.get((match.group("label") or words).casefold())
        return match.group(0) if title is None else note_link(title, words)

    return with_markdown(post, lambda line: _REF_USE.sub(relink, line)) if titles else post


def post_titled(targets: Mapping[str, str], ref: str) -> str | None:
    """The title of the post a link leads to (post_names), by its name or its name squashed."""
    name = ref_name(ref)
    return targets.get(name) or targets.get(squashed(name))


def with_markdown(post: ImportedPost, change: Callable[[str], str]) -> ImportedPost:
    """The post with each line of its markdown blocks changed so."""
    blocks = tuple(
        replace(b, lines=tuple(replace(line, text=change(line.text)) for line in b.lines))
        if b.kind is BlockKind.MARKDOWN
        else b
        for b in post.blocks
    )
    return replace(post, blocks=blocks)


REF_HINT = "import that post's file in the same run, or link its note by hand"


def post_names(posts: Sequence[ImportedPost]) -> dict[str, str]:
    """The title of each markdown post by the name a link to it may give (ref_name of its file;
    and without a Jekyll date, `recipe` for 2019-04-25-recipe.md; and its front matter's `slug`,
    which its generator's address of it ends with: Hugo's `/:year/:month/:day/:slug/`), when no
    other post has it and the title can be a wikilink's."""
    found: dict[str, list[str]] = {}
    for post in posts:
        if not post.origin_file.lower().endswith(MARKDOWN_SUFFIXES):
            continue
        name = ref_name(post.origin_file)
        undated = JEKYLL_DATED.sub("", name)
        slug = next((ref_name(str(v)) for k, v in post.kept_fields if k == "slug"), "")
        for key in dict.fromkeys((name, undated, squashed(name), squashed(undated), slug)):
            if key:
                found.setdefault(key, []).append(post.title)
    return {
        key: titles[0]
        for key, titles in found.items()
        if len(set(titles)) == 1 and fits_wikilink(titles[0])
    }


def squashed(name: str) -> str:
    """A post's name as a generator makes its address of it, less what is neither a letter, a
    digit, `-` nor `_` (Hugo's `后缀自动机（SAM）学习笔记` at /post/后缀自动机sam学习笔记/)."""
    return _UNWORDED.sub("", name.replace(" ", "-"))


def ref_name(ref: str) -> str:
    """`_posts/2019-04-25-recipe.markdown`, `/posts/x/`, `posts/x/index.md` -> its post's file
    name without folders or extension (`2019-04-25-recipe`, `x`), case folded."""
    parts = [p for p in ref.strip().strip("/").split("/") if p]
    if not parts:
        return ""
    last = parts[-1]
    stem, dot, ext = last.rpartition(".")
    if dot and f".{ext.lower()}" in MARKDOWN_SUFFIXES:
        last = stem
    if last.lower() in ("index", "_index") and len(parts) > 1:
        last = parts[-2]
    return last.casefold()


def from_jekyll(body: str) -> str:
    """The body of a Jekyll post as plain markdown: `{% highlight py %}` … `{% endhighlight %}` as a
    fenced code block; a link's `{{ '/assets/x.png' | relative_url }}` (or `absolute_url`) as the
    path, `{{ site.baseurl }}` and `{{ site.url }}` before one left out; kramdown's attribute
    lines (`{: class="x"}`, `{:.image-caption}`), a link's (`[x](y){:target="_blank"}`) and its
    `* TOC` / `{:toc}` marker, which say nothing of the text, left out (blank lines, so that
    every line keeps its number; the page has its own contents); a link whose words are in brackets, `[[name]](https://…)`, which a
    vault would read as a wikilink, with those brackets escaped. Code blocks as they are."""
    return outside_code(_TOC_MARKER.sub("\n", body), jekyll_line, jekyll_code, jekyll_code_ends)


def jekyll_line(line: str) -> str:
    if _KRAMDOWN_ATTRIBUTES.match(line):  # (a blank line: the block it followed ends)
        return ""
    line = _SITE_VARIABLE.sub("", _LIQUID_URL.sub(lambda m: m.group("path"), line))
    line = _LINK_ATTRIBUTES.sub("", line)
    if "{%" in line:
        line = _INCLUDE.sub(include_markup, _RAW_TAG.sub("", line))
    return _BRACKETED_WORDS.sub(r"[\\[\1\\]](", line)


def jekyll_code(line: str) -> str | None:
    """The language of the code block a `{% highlight py %}` line opens ('' for none)."""
    found = _HIGHLIGHT.match(line)
    return (found.group("lang") or "") if found else None


def jekyll_code_ends(line: str) -> bool:
    return _END_HIGHLIGHT.match(line) is not None


def is_jekyll_post(shown: str, text: str) -> bool:
    """Whether a markdown file is a Jekyll post, whose markdown kramdown reads: in a `_posts/`
    folder (not Hexo's `source/_posts/`), named by its date as Jekyll asks
    (`_posts/2016-05-31-rl.markdown`), a YAML front matter atop it; not a Hugo post named so
    (`content/posts/2023-02-18-x.md`), whose markdown Goldmark reads."""
    *folders, name = shown.replace("\\", "/").split("/")
    if "_posts" not in folders or folders[: folders.index("_posts")][-1:] == ["source"]:
        return False
    return bool(JEKYLL_DATED.match(name)) and text.lstrip("\ufeff").startswith("---")


# a formula kramdown reads as inline math: `$$…$$` on one line, with words before or after it on
# that line (a list's or a quote's marks before it aside)
_KRAMDOWN_MATH = re.compile(r"\$\$(?P<tex>(?:[^$\n]|\$(?!\$))+?)\$\$")
_BLOCK_MARKS = re.compile(r"[\s>]*(?:(?:[-*+]|\d+[.)])[ \t]+)?")
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)")  # `code`, ``co`de``
_LIST_ITEM = re.compile(r" {0,3}(?:[-*+]|\d+[.)])(?:[ \t]|$)")
_INDENTED = re.compile(r"(?: {4}| {0,3}\t)")  # a line four columns in


def kramdown_math(body: str) -> str:
    """A Jekyll post's body with each `$$…$$` that kramdown shows as inline math, one among words
    on its line (`records that $$\\frac{a}{b}$$ and`, a table's cell), written `$…$` as a note
    writes inline math; one alone on its lines, kramdown's display math, as it is. Code as it is:
    code blocks (fenced or indented) and code spans."""
    lines = body.split("\n")
    code = code_lines(lines)
    return "\n".join(line if at in code else inline_math(line) for at, line in enumerate(lines))


def code_lines(lines: list[str]) -> set[int]:
    """The indexes of the lines of code blocks: fenced ones (their fences too), and indented ones
    (lines four columns in after a blank line, not under a list item, whose text they go on)."""
    found: set[int] = set()
    fence, in_list, code, blank = "", False, False, True
    for at, line in enumerate(lines):
        in_fence, fence = bool(fence), fence_after(line, fence)
        indented = bool(_INDENTED.match(line)) and bool(line.strip())
        code = (indented and not in_list and (blank or code)) or (code and not line.strip())
        if in_fence or fence or code:
            found.add(at)
        elif line.strip() and not indented:
            in_list = bool(_LIST_ITEM.match(line)) or (in_list and not blank)
        blank = not line.strip()
    return found


def inline_math(line: str) -> str:
    """A line with each `$$…$$` among its words (outside its code spans) written `$…$`."""
    if "$$" not in line:
        return line
    masked = CODE_SPAN.sub(lambda m: "\0" * len(m.group(0)), line)  # (no formula in code)
    out, pos = [], 0
    for m in _KRAMDOWN_MATH.finditer(masked):
        alone = _BLOCK_MARKS.fullmatch(masked[: m.start()]) and not masked[m.end() :].strip()
        tex = m.group("tex").strip()
        out += [line[pos : m.start()], m.group(0) if alone or not tex else f"${tex}$"]
        pos = m.end()
    return "".join(out) + line[pos:]


def from_site_root(body: str) -> str:
    """The body with each file its links, images and `src` attributes name from the blog's root
    (`![](/assets/x.png)`, `<img src="/assets/rnn/a.gif">`, as Jekyll and Hugo posts write them)
    or from a folder above the post's (`![](../../assets/x.png)`, as an mdBook's notes name the
    book's pictures) named by the same path below it from the note's folder, where the import
    copies it (copy_linked_files finds it at the blog's root, above the post); code blocks as
    they are."""
    return outside_code(body, lambda line: _ROOTED.sub(r"\g<before>\g<path>", slashed(line)))


# a link's, an image's or an `src`'s path holding a backslash that escapes no punctuation
# (`![](\img\a.png)`, as a blog written on Windows names its files): no address
_BACKSLASHED = re.compile(
    r"""(?P<before>\]\(\s*<?|\bsrc\s*=\s*["'])(?P<path>(?![a-zA-Z][\w+.-]*:)[^\s)>"']*\\(?![!-/:-@\[-`{-~])[^\s)>"']*)"""
)


def slashed(line: str) -> str:
    r"""The line with each path written with backslashes (`\img\a.png`) written with slashes, as
    a browser reads it (`/img/a.png`); a markdown escape (`a\_b.png`) as it is."""
    if "\\" not in line:
        return line

    def slash(match: re.Match[str]) -> str:
        path = re.sub(r"\\(?![!-/:-@\[-`{-~])", "/", match.group("path"))
        return match.group("before") + path

    return _BACKSLASHED.sub(slash, line)


# a markdown image's words (code spans first, as they are)
_IMAGE_WORDS = re.compile(r"(?P<code>(`+)(?!`).*?(?<!`)\2(?!`))|!\[(?P<alt>[^\]\n]*)\]\(")


def unsized_images(body: str) -> str:
    """The body with each image the blog showed whole kept whole in the note: its words that a
    note reads as its size, as Obsidian does (`![300](x.png)`, `![alt|300x200](x.png)`), left
    out (`![1](1.png)` as `![](1.png)`, `![alt|300](x.png)` as `![alt](x.png)`), where the blog's
    generator showed them as the alt text of a picture shown whole: a Hexo blog numbering its
    pictures `![1](1.png)` would show each a pixel wide. Code as it is."""

    def unsized(match: re.Match[str]) -> str:
        alt = match.group("alt")
        return match.group(0) if match.group("code") else f"![{unsized_words(alt)}]("

    return outside_code(
        body, lambda line: _IMAGE_WORDS.sub(unsized, line) if "![" in line else line
    )


def outside_code(
    body: str,
    change: Callable[[str], str],
    code_opens: Callable[[str], str | None] = lambda line: None,
    code_ends: Callable[[str], bool] = lambda line: False,
) -> str:
    """The body with each line outside its code changed so. Its code: fenced blocks, as they are,
    and the generator's own code blocks, which become fenced ones (render.fenced: a backtick run
    in the code does not end them): `code_opens` tells a first line (the block's language, else
    None) and `code_ends` a last."""
    out: list[str] = []
    fence, language = "", ""
    code: list[str] = []  # the lines of a generator's block under way
    for line in body.split("\n"):
        if fence == GENERATOR_CODE:
            if code_ends(line):
                out += fenced(code, language)
                fence, code = "", []
            else:
                code.append(line)
        elif (after := fence_after(line, fence)) != fence:
            fence = after
            out.append(line)
        elif fence:
            out.append(line)
        elif (found := code_opens(line)) is not None:
            fence, language = GENERATOR_CODE, found
        else:
            out.append(change(line))
    if fence == GENERATOR_CODE:
        out += fenced(code, language, closed=False)
    return "\n".join(out)


GENERATOR_CODE = "{%"  # outside_code's mark for a code block of the generator's own


def quote_blocks(
    body: str,
    opens: Callable[[str], tuple[str, str] | None],
    ends: Callable[[str], bool],
) -> str:
    """The body with each block a generator's tags set apart (a Hexo `{% blockquote %}`, NexT's
    `{% note %}`, a Hugo theme's `{{% alert %}}`) written as a markdown quote: `opens` tells a
    first line (the lines the quote starts and ends with: a callout's `> [!note]` or '', its
    source's `> — …` or ''), `ends` a last, and the lines between are quoted; a blank line after
    the quote ends it, so that no paragraph after it runs on in it. Code blocks as they are, in
    the quote too (an end tag shown in its code ends nothing); a block never ended is left as
    written, its tags and all (not the rest of the post quoted)."""
    lines = body.split("\n")
    out: list[str] = []
    fence, last = "", None  # last: the line that ends the quote under way, when one is
    opened = kept = 0  # where the quote under way opened: in `lines`, in `out`
    for at, line in enumerate(lines):
        if last is not None and not fence and ends(line):
            out += [last, ""] if last else [""]
            last = None
            continue
        if last is None and not fence and (found := opens(line)) is not None:
            (first, last), opened, kept = found, at, len(out)
            out.append(first)
            continue
        out.append(line if last is None else f"> {line}" if line.strip() else ">")
        fence = fence_after(line, fence)
    if last is not None:  # never ended
        out[kept:] = lines[opened:]
    return "\n".join(out)


def toml_front_matter(
    text: str, shown: str
) -> tuple[dict[str, object], str, int, tuple[Diagnostic, ...]] | None:
    """Hugo's TOML front matter (between two `+++` lines atop the file): its fields (dates as
    ISO text), the body after it and the line the body starts on, and a warning when it cannot be
    read (its fields then none); None when the file opens with none."""
    lines = text.split("\n")
    if lines[0].strip() != _TOML_FENCE:
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == _TOML_FENCE), None)
    if end is None:
        return None
    body = "\n".join(lines[end + 1 :])
    try:
        fields = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as exc:
        return {}, body, end + 2, (toml_problem(exc, shown, max(end, 2)),)
    return {key: plain_value(value) for key, value in fields.items()}, body, end + 2, ()


# Pelican's (Python-Markdown's `meta`, MultiMarkdown's) metadata: `Key: value` lines atop the
# file, a line indented four spaces or more going on with the value above it, a blank line after
_META_FIELD = re.compile(r"^ {0,3}(?P<key>[A-Za-z0-9_-]+):[ \t]*(?P<value>.*)$")
_META_MORE = re.compile(r"^ {4,}(?P<value>\S.*)$")


def metadata_header(text: str) -> tuple[dict[str, object], str, int] | None:
    """Pelican's metadata atop a markdown post (`Title: x`, `Date: …`, `Tags: a, b` lines up to
    the first blank one, as Python-Markdown's `meta` and MultiMarkdown read them): its fields by
    their keys in lower case (Pelican's `Status: draft` a draft), the body after it and the line
    the body starts on; None when the file opens with no such lines naming a title (prose whose
    first line holds a colon is no header)."""
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    fields: dict[str, str] = {}
    key = ""
    for line in lines[:end]:
        if key and (more := _META_MORE.match(line)):
            fields[key] = f"{fields[key]} {more.group('value').strip()}".strip()
        elif found := _META_FIELD.match(line):
            key = found.group("key").lower()
            fields[key] = found.group("value").strip()
        else:
            return None
    if "title" not in fields:
        return None
    return pelican_fields(fields), "\n".join(lines[end + 1 :]), end + 2


def pelican_fields(fields: dict[str, str]) -> dict[str, object]:
    """Pelican's metadata as a front matter's fields: `Status: draft` as `draft: true` (a note's
    `status` is its reading's), its other statuses left out."""
    out: dict[str, object] = {k: v for k, v in fields.items() if k != "status"}
    if fields.get("status", "").lower() == "draft":
        out["draft"] = True
    return out


def toml_problem(exc: tomllib.TOMLDecodeError, shown: str, last: int) -> Diagnostic:
    """A TOML front matter's error at its line in the file: tomllib counts the lines of the TOML
    alone (`(at line 1, column 9)` is the file's line 2), and an error at the end of the TOML is
    on its last line (the file's line `last`)."""
    said = str(exc)
    at = _TOML_AT.search(said)
    line = int(at.group("line")) + 1 if at and at.group("line") else last
    message = f"invalid TOML front matter: {_TOML_AT.sub('', said)}; the front matter is ignored"
    return warning("toml-syntax", message, FilePos(shown, line), TOML_HINT)


TOML_HINT = "fix the TOML between the two +++ lines"


def plain_value(value: object) -> object:
    """A TOML value as YAML writes it back and the importer reads it: dates and times as ISO text."""
    if isinstance(value, (dt.date, dt.time)):  # (a datetime is a date)
        return value.isoformat()
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_value(v) for k, v in value.items()}
    return value


def from_hugo(body: str, escaped_math: bool = True) -> str:
    """The body of a Hugo post as plain markdown: `{{< highlight go >}}` … `{{< /highlight >}}` as
    a fenced code block, `{{< figure src=… caption=… >}}` as the `<figure>` Hugo writes for it,
    `{{< youtube id >}}` and `{{< tweet user="x" id="1" >}}` as a link to the video or the tweet,
    `{{< toc >}}` left out (the page has its own contents), a theme's box set apart from the text
    (`{{% alert note %}}` … `{{% /alert %}}`: CALLOUT_SHORTCODES) as a callout of its kind, a
    formula written for Hugo's markdown renderer to read first as the TeX MathJax read
    (unescaped_formula), unless not `escaped_math` (kramdown, Jekyll's, reads no escape in
    math: `\\F` there is a line break before an F); other shortcodes, and code blocks, as they
    are."""
    body = quote_blocks(body, hugo_callout_opens, hugo_callout_ends)
    body = outside_code(
        body, lambda line: _SHORTCODE.sub(shortcode_markup, line), hugo_code, hugo_code_ends
    )
    body = outside_code_blocks(body, lambda prose: _BRACKETED_MATH.sub(dollar_math, prose))
    if escaped_math:
        body = outside_code_blocks(body, lambda prose: _MATH.sub(unescaped_formula, prose))
    return outside_code_blocks(body, lambda prose: _MATH_SHORTCODE.sub(shortcode_tex, prose))


# MathJax's and KaTeX's delimiters as a markdown post writes them for its renderer to leave
# them (`\\(x\\)`, `\\[x\\]`: the page shows `\(x\)`), beside a formula in dollars and code
# (kept as they are)
_BRACKETED_MATH = re.compile(
    r"(?P<kept>(?P<ticks>`+)[^`]+?(?P=ticks)|\$\$(?:[^$]|\$(?!\$))+?\$\$|(?<![\\$])\$[^$\n]+?\$)"
    r"|(?<!\\)\\\\\((?P<inline>[^\n]+?)\\\\\)|(?<!\\)\\\\\[(?P<display>.+?)\\\\\]",
    re.S,
)


def dollar_math(match: re.Match[str]) -> str:
    r"""A formula delimited `\\(x\\)` as `$x$`, `\\[x\\]` as `$$x$$`, the renderer's escapes in
    it read as its delimiters' are (`\<`, `\\{`: `<`, `\{`); one in dollars, and code, as it is."""
    if match.group("kept"):
        return match.group(0)
    if (inline := match.group("inline")) is not None:
        tex = _MARKDOWN_ESCAPE.sub(r"\1", inline.strip())
        return f"${tex}$" if tex else match.group(0)
    display = _MARKDOWN_ESCAPE.sub(r"\1", match.group("display"))
    return f"$${display}$$"


# a theme's shortcode of TeX, which Hugo hands to KaTeX as written (Hugo Book's `{{< katex >}}`
# … `{{< /katex >}}`, `{{< katex display=true >}}`)
TEX_SHORTCODES = ("katex", "math", "latex", "tex")  # themes' shortcodes of TeX (Hugo's, Zola's)
_MATH_SHORTCODE = re.compile(
    r"\{\{<\s*(?P<name>" + "|".join(TEX_SHORTCODES) + r")\b(?P<args>[^<>]*?)\s*>\}\}(?P<tex>.*?)"
    r"\{\{<\s*/(?P=name)\s*>\}\}",
    re.S,
)


def shortcode_tex(match: re.Match[str]) -> str:
    """A TeX shortcode as a note's formula: `$$…$$` when it says `display`, else `$…$`."""
    tex, args = match.group("tex"), match.group("args").replace(" ", "")
    if "display" in args and "display=false" not in args:
        return f"$${tex}$$"
    return f"${tex.strip()}$" if tex.strip() else match.group(0)


# a formula (`$$…$$`, over lines too, or `$…$` in a line); and what tells that its TeX was
# written for a markdown renderer that reads it before MathJax does (Hugo's Blackfriday and
# Goldmark, which leave no formula alone): a command's backslash escaped (`\\begin{align}`,
# which TeX reads as a line break before a word; not a line break before a command, `\\\hline`),
# or a bracket escaped (`\[`, no TeX in math), or an underscore or a star escaped outside the
# words of a `\text{…}` (`\mathcal{T}\_{1:m}`, `z^\*`, kept from emphasis; `\text{file\_name}`
# is TeX's)
_MATH = re.compile(r"\$\$(?:[^$]|\$(?!\$))+?\$\$|(?<![\\$])\$(?!\s)[^$\n]+?(?<![\s\\])\$(?!\d)")
_ESCAPED_TEX = re.compile(r"(?<!\\)\\\\[A-Za-z]|(?<!\\)\\[\[\]_*]")
_TEXT_GROUP = re.compile(r"\\(?:text\w*|mbox|mathrm|operatorname)\s*\{[^{}]*\}")
_MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash before ASCII punctuation


def unescaped_formula(match: re.Match[str]) -> str:
    r"""A formula as the TeX MathJax read on the blog's page: when it was written for a markdown
    renderer to read first (_ESCAPED_TEX: `$$\\begin{align} x \\\\ y$$`, `$T\_{1:m}$`), with that
    renderer's backslash escapes read (`$$\begin{align} x \\ y$$`, `w\_i` as `w_i`); else as
    it is."""
    formula = match.group(0)
    escaped = _ESCAPED_TEX.search(_TEXT_GROUP.sub("", formula))
    return _MARKDOWN_ESCAPE.sub(r"\1", formula) if escaped else formula


def outside_code_blocks(body: str, change: Callable[[str], str]) -> str:
    """The body with each run of lines between its fenced code blocks changed so, whole (a
    change reaching over lines: a display formula), the code blocks as they are."""
    out: list[str] = []
    prose: list[str] = []
    fence = ""
    for line in body.split("\n"):
        in_code, fence = bool(fence), fence_after(line, fence)
        if in_code or fence:  # (a fence's own lines too)
            out += [change("\n".join(prose))] if prose else []
            out.append(line)
            prose = []
        else:
            prose.append(line)
    out += [change("\n".join(prose))] if prose else []
    return "\n".join(out)


# the shortcodes of Hugo themes that set a box apart from the text: Wowchemy's and Docsy's
# `alert`, Hugo Blox's `callout`, Learn's `notice`, Book's `hint`, LoveIt's `admonition`
CALLOUT_SHORTCODES = frozenset(("alert", "callout", "notice", "hint", "admonition"))


# a container directive (remark-directive's, as Docusaurus, Astro themes and VitePress write a
# box set apart): `:::tip[Title]`, `::: warning Careful`, `:::note{.x}`, ended by `:::`
_DIRECTIVE_OPENS = re.compile(
    r"^ {0,3}:{3,}[ \t]*(?P<kind>[A-Za-z][\w-]*)(?:\[(?P<label>[^\]\n]*)\])?(?:\{[^}\n]*\})?"
    r"[ \t]*(?P<title>[^:\n]*?)[ \t]*$"
)
_DIRECTIVE_ENDS = re.compile(r"^ {0,3}:{3,}[ \t]*$")


def from_directives(body: str) -> str:
    """The body with each container directive (`:::tip[Title]` … `:::`) a callout of its kind
    (`> [!tip] Title`), as Docusaurus and Astro's themes show one; code as it is."""
    if ":::" not in body:
        return body
    return quote_blocks(body, directive_opens, lambda line: bool(_DIRECTIVE_ENDS.match(line)))


def directive_opens(line: str) -> tuple[str, str] | None:
    found = _DIRECTIVE_OPENS.match(line)
    if found is None:
        return None
    title = (found.group("label") or found.group("title") or "").strip()
    return callout_line(found.group("kind"), title)


def callout_line(kind: str, title: str = "") -> tuple[str, str]:
    """The callout line a box of the text opens with, for quote_blocks (`> [!warning] T`): its
    kind as written when it is a word, else a note."""
    kind = kind.lower() if re.fullmatch(r"[\w-]+", kind) else "note"
    return f"> [!{kind}] {title}".rstrip(), ""


def hugo_callout_opens(line: str) -> tuple[str, str] | None:
    """The callout line a theme's box (`{{% alert warning %}}`, `{{< admonition type=tip
    title="T" >}}`) opens with: `> [!warning]`, `> [!tip] T` (its kind a note unless it says
    one, the meaning notes' callouts read of it); None for another line."""
    match = _SHORTCODE.fullmatch(line.strip())
    if match is None or match.group("name") not in CALLOUT_SHORTCODES:
        return None
    arguments = shortcode_arguments(match.group("args"))
    named = {k: v for k, v in arguments if k}
    plain = [v for k, v in arguments if not k]
    kind = named.get("type") or named.get("color") or (plain[0] if plain else "note")
    return callout_line(kind, named.get("title") or "")


def hugo_callout_ends(line: str) -> bool:
    match = _SHORTCODE.fullmatch(line.strip())
    name = match.group("name") if match is not None else ""
    return name.startswith("/") and name[1:] in CALLOUT_SHORTCODES


def hugo_code(line: str) -> str | None:
    """The language of the code block a `{{< highlight go >}}` line opens ('' for none)."""
    code = whole_shortcode(line)
    if code is None or code[0] != "highlight":
        return None
    return code[1][0] if code[1] else ""


def hugo_code_ends(line: str) -> bool:
    code = whole_shortcode(line)
    return code is not None and code[0] == "/highlight"


def whole_shortcode(line: str) -> tuple[str, list[str]] | None:
    """The name and positional arguments of the shortcode a line holds alone, if it does."""
    match = _SHORTCODE.fullmatch(line.strip())
    if match is None:
        return None
    return match.group("name"), [v for k, v in shortcode_arguments(match.group("args")) if not k]


def shortcode_arguments(text: str) -> list[tuple[str, str]]:
    """`src="/x.png" title='A' 42` -> [("src", "/x.png"), ("title", "A"), ("", "42")]."""
    return [
        (m.group("key") or "", m.group("dq") or m.group("sq") or m.group("bare") or "")
        for m in _ARGUMENT.finditer(text)
    ]


def figure_markup(src: str, caption: str, named: dict[str, str]) -> str:
    """The `<figure>` a generator writes of an image and its caption (its `alt`, else the caption)."""
    alt = html.escape(named.get("alt") or caption, quote=True)
    image = f'<img src="{html.escape(src, quote=True)}" alt="{alt}">'
    shown = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return f"<figure>{image}{shown}</figure>"


IMAGE_ARGUMENTS = ("path", "url", "src", "file", "image")  # a picture's file, as themes name it


def include_markup(match: re.Match[str]) -> str:
    """What a Jekyll theme's include of a picture, a video or a recording stands for (al-folio's
    `{% include figure.liquid path="assets/img/x.jpg" caption="…" %}`, `video.liquid`,
    `audio.liquid`; `{% include image.html url="…" description="…" %}`): the picture's `<figure>`,
    a link to the video or recording; any other include as it is."""
    name, named = match.group("name").lower(), dict(shortcode_arguments(match.group("args")))
    src = next((named[k] for k in IMAGE_ARGUMENTS if named.get(k)), "")
    caption = named.get("caption") or named.get("title") or named.get("description") or ""
    if src and ("figure" in name or "image" in name):
        return figure_markup(src, caption, named)
    if (kind := next((k for k in ("video", "audio") if k in name), "")) and src and ")" not in src:
        return f"[{caption or kind.capitalize()}]({src})"
    return match.group(0)


def shortcode_markup(match: re.Match[str]) -> str:
    """What a figure, youtube, tweet, gist or toc shortcode stands for; any other as it is."""
    name, arguments = match.group("name"), shortcode_arguments(match.group("args"))
    named = {k: v for k, v in arguments if k}
    plain = next((v for k, v in arguments if not k), "")  # its first positional argument
    if name == "figure" and named.get("src"):
        return figure_markup(named["src"], named.get("caption") or named.get("title") or "", named)
    if name == "youtube" and (video := youtube_link(named.get("id") or plain)):
        return video
    if name == "tweet" and (post := named.get("id") or plain).isdigit():
        return tweet_link(named.get("user", ""), post)
    if name == "gist" and (gist := gist_link([v for k, v in arguments if not k])):
        return gist
    return "" if name == "toc" else match.group(0)


def gist_link(words: list[str]) -> str:
    """A link to the gist Hugo's `{{< gist user id [file] >}}` shows; '' when it names none."""
    if len(words) < 2 or not all(re.fullmatch(r"[\w.-]+", w) for w in words[:2]):
        return ""
    user, gist = words[:2]
    return f"[Gist {gist} by {user}](https://gist.github.com/{user}/{gist})"


def youtube_link(video: str) -> str:
    """A link to the YouTube video of this id ('' for no id a video has)."""
    if not re.fullmatch(r"[\w-]+", video):
        return ""
    return f"[YouTube video {video}](https://www.youtube.com/watch?v={video})"


def tweet_link(user: str, post: str) -> str:
    """A link to the tweet a `{{< tweet user="x" id="1" >}}` shows (or Hugo's older `{{< tweet 1
    >}}`, which names no user: an address of Twitter's own that leads to it)."""
    who = user if re.fullmatch(r"\w{1,15}", user) else "i"
    words = f"Tweet by @{user}" if who == user else f"Tweet {post}"
    return f"[{words}](https://twitter.com/{who}/status/{post})"
