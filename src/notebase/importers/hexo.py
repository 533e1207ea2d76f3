"""A Hexo blog's markdown source (`source/_posts/`) -> plain markdown: the tag plugins Hexo (and
Octopress, whose tags Hexo took up) gives a post written as the markdown they stand for, and the
files of a post's asset folder named from the note's folder (pure)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection
from urllib.parse import unquote

from notebase.importers.blogsource import (
    callout_line,
    outside_code,
    quote_blocks,
    shortcode_arguments,
    youtube_link,
)

# a tag, `{% name args %}` (Nunjucks' `{%-` and `-%}` trim marks read as none)
_TAG = re.compile(r"\{%-?\s*(?P<name>\w+)(?P<args>(?:[^%]|%(?!\}))*?)\s*-?%\}")
_CODE_OPEN = re.compile(r"^\s*\{%-?\s*(?:codeblock|code)\b(?P<args>(?:[^%]|%(?!\}))*?)-?%\}\s*$")
_CODE_END = re.compile(r"^\s*\{%-?\s*end(?:codeblock|code)\s*-?%\}\s*$")
# a code block's last line of code with its end tag after it (`}{% endcodeblock %}`), as Hexo
# reads it too
_CODE_END_AFTER = re.compile(r"^(.*\S)[ \t]*(\{%-?\s*end(?:codeblock|code)\s*-?%\})[ \t]*$", re.M)
_QUOTE_OPEN = re.compile(
    r"^\s*\{%-?\s*(?P<name>blockquote|quote|pullquote|note)\b(?P<args>(?:[^%]|%(?!\}))*?)-?%\}\s*$"
)
_QUOTE_END = re.compile(r"^\s*\{%-?\s*end(?:blockquote|quote|pullquote|note)\s*-?%\}\s*$")
_ADDRESS = re.compile(r"(?:https?:)?//\S+", re.I)
# an image's file among a tag's words (`x.png`, `/images/x.png`, an address), after its classes
_IMAGE_PATH = re.compile(r"(?<!\S)(?:(?:https?:)?//\S+|\S*\.[A-Za-z0-9]{1,5})(?!\S)")
_SIZE = re.compile(r"\d+(?:px|%)?(?=\s|$)")  # an image's width or height
_QUOTED = re.compile(r'"([^"]*)"|\'([^\']*)\'')  # an image's `"title" "alt"`
# NexT's and Butterfly's note classes -> the callout of that meaning
NOTE_CALLOUTS = {"info": "info", "success": "success", "warning": "warning", "danger": "danger"}
# `![x](1.png)`, `<img src="1.png">`: a relative path a post names a file by (no scheme, anchor
# or path from the root)
_RELATIVE = re.compile(
    r"""(?P<before>\]\(\s*<?|\bsrc\s*=\s*["'])(?P<path>(?![a-zA-Z][\w+.-]*:|[#/])[^\s)>"'#?]+)"""
)


def from_hexo(body: str, folder: str = "", assets: Collection[str] = ()) -> str:
    """The body of a Hexo post as plain markdown: `{% codeblock lang:js %}` … `{% endcodeblock %}`
    as a fenced code block; `{% blockquote author source %}` … `{% endblockquote %}` as a quote
    with its source on a last `— ` line (NexT's `{% note info %}` … `{% endnote %}` a callout); `{% post_link slug [title] %}` as a link to that post (resolved as a Jekyll
    post_url is: blogsource.link_site_refs); the asset tags (`{% asset_img x.png title %}`,
    `asset_link`, `asset_path`) as the file in the post's asset folder, `folder` (its file's name
    without extension, beside it), and a relative path naming a file of that folder (`assets`,
    by its path in it) named from the post's, as Hexo publishes them beside the post's page;
    `{% img %}`, `{% link %}`, `{% youtube %}`, `{% vimeo %}`, `{% iframe %}` as the image or the
    link they show. Other tags, and code blocks, as they are."""
    body = quote_blocks(_CODE_END_AFTER.sub("\\1\n\\2", body), quote_opens, quote_ends)
    return outside_code(
        body, lambda line: hexo_line(line, folder, assets), hexo_code, hexo_code_ends
    )


def hexo_line(line: str, folder: str, assets: Collection[str]) -> str:
    if assets:
        line = _RELATIVE.sub(lambda m: in_asset_folder(m, folder, assets), line)
    return _TAG.sub(lambda m: tag_markup(m, folder), line) if "{%" in line else line


def in_asset_folder(match: re.Match[str], folder: str, assets: Collection[str]) -> str:
    """A relative path named from the post's folder when it names a file of its asset folder."""
    path = match.group("path")
    if posixpath.normpath(unquote(path)) not in assets:
        return match.group(0)
    return f"{match.group('before')}{folder.replace(' ', '%20')}/{path.removeprefix('./')}"


def hexo_code(line: str) -> str | None:
    """The language of the code block a `{% codeblock [title] [lang:x] [url] %}` line opens ('' for
    none)."""
    found = _CODE_OPEN.match(line)
    if found is None:
        return None
    language = next((w[5:] for w in found.group("args").split() if w.startswith("lang:")), "")
    return language if re.fullmatch(r"[\w+#.-]*", language) else ""


def hexo_code_ends(line: str) -> bool:
    return _CODE_END.match(line) is not None


def tag_markup(match: re.Match[str], folder: str) -> str:
    """What an inline tag stands for (from_hexo); any other tag as it is."""
    name, words = match.group("name"), [v for _, v in shortcode_arguments(match.group("args"))]
    title = " ".join(w for w in words[1:] if w not in ("true", "false"))  # (after a post or file)
    if name == "post_link" and words:
        return f"[{title}]({{% post_link {words[0]} %}})"
    if name in ("asset_img", "img"):
        image = image_markup(match.group("args"), folder if name == "asset_img" else "")
        return match.group(0) if image is None else image
    if name in ("asset_path", "asset_link") and words and folder:
        path = asset_path(folder, words[0])
        return path if name == "asset_path" else f"[{title or words[0]}]({path})"
    if name == "link" and (
        at := next((i for i, w in enumerate(words) if _ADDRESS.fullmatch(w)), 0)
    ):
        return f"[{' '.join(words[:at])}]({words[at]})"
    if name in ("iframe", "youtube", "vimeo") and words:
        return video_link(name, words[0])
    return match.group(0)


def image_markup(args: str, folder: str) -> str | None:
    """`{% asset_img [class] x.png [width] [height] [title [alt]] %}` (`{% img … /x.png … %}`):
    the image, named from the post's folder (in its asset `folder`), its alt text the alt given
    (`"title" "alt"`), else the title; None when it names no file."""
    found = _IMAGE_PATH.search(args)
    if found is None or (folder and _ADDRESS.fullmatch(found.group(0))):
        return None
    rest = args[found.end() :].strip()
    while (size := _SIZE.match(rest)) is not None:
        rest = rest[size.end() :].strip()
    if len(rest) > 1 and rest[0] == rest[-1] == "'":  # `'"title" "alt"'`, as Hexo's docs write it
        rest = rest[1:-1]
    parts = [a or b for a, b in _QUOTED.findall(rest)] or [rest]
    alt = parts[-1].replace("[", "").replace("]", "")
    path = asset_path(folder, found.group(0)) if folder else found.group(0)
    return f"![{alt}]({path})"


def asset_path(folder: str, name: str) -> str:
    """A file of the post's asset folder named from the post's folder (in `<…>` when it holds a
    space, as a markdown link must)."""
    path = f"{folder}/{name}"
    return f"<{path}>" if " " in path else path


def video_link(name: str, target: str) -> str:
    """A link to what a `{% youtube id %}`, `{% vimeo id %}` or `{% iframe url %}` shows."""
    if name == "youtube" and (video := youtube_link(target)):
        return video
    if name == "vimeo" and target.isdigit():
        return f"[Vimeo video {target}](https://vimeo.com/{target})"
    return f"<{target}>" if name == "iframe" and _ADDRESS.fullmatch(target) else target


def quote_opens(line: str) -> tuple[str, str] | None:
    """The first and last lines of the quote a `{% blockquote author source %}` (`quote`,
    `pullquote`, NexT's `{% note info %}`) line opens (blogsource.quote_blocks): a note's callout
    line, a quote's source line."""
    opened = _QUOTE_OPEN.match(line)
    if opened is None:
        return None
    name, args = opened.group("name"), opened.group("args")
    if name == "note":
        kind = next((NOTE_CALLOUTS[w] for w in args.split() if w in NOTE_CALLOUTS), "note")
        return callout_line(kind)
    source = quote_source(args)
    return "", f">\n> — {source}" if source else ""  # (its own paragraph, as htmlmd writes one)


def quote_ends(line: str) -> bool:
    return _QUOTE_END.match(line) is not None


def quote_source(args: str) -> str:
    """A blockquote's source (`author[, title] [address] [link words]`): `author, title` linked to
    its address (the words after the address naming the link), as Hexo's footer shows it; ''
    for none."""
    if not (words := args.split()):
        return ""
    at = next((i for i, w in enumerate(words) if _ADDRESS.fullmatch(w.strip("\"'"))), -1)
    who = " ".join(words if at < 0 else words[:at]).strip()
    if at < 0:
        return who
    address = words[at].strip("\"'")
    shown = " ".join(words[at + 1 :]).strip() or address.split("//", 1)[-1]
    cited = f"[{shown}]({address})"
    return f"{who}, {cited}" if who else cited
