"""Paths, slugs and URLs: title/tag/path -> slug -> page URL and output path (pure)."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from urllib.parse import unquote

_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)
# Emoji and the pictographs beside them (☀ ★ ❤ ✅ ⭐ 📥 🌱), which Obsidian takes into a tag as
# any character but punctuation and spaces: its blocks of symbols, a tag's own characters.
EMOJI = (
    "\u00a9\u00ae\u2190-\u21ff\u2300-\u23ff\u2460-\u24ff\u25a0-\u27bf\u2b00-\u2bff"
    "\u3030\u303d\u3297\u3299\U0001f000-\U0001faff"
)
# the pictographs among them (☀ ★ ❤ ✅ ⭐ 📥 🌱, not arrows ← → ▶ nor ⌘): a tag holds a letter or
# one of them (`#✅`), where `#1→#3` is a rank, no tag
PICTOGRAPHS = "\u2600-\u27bf\u2b50\u2b55\U0001f000-\U0001faff"
# an emoji, or a sequence of them joined by zero-width joiners (🧑‍💻, ❤️‍🔥), as one
_EMOJI_RUN = re.compile(f"[{EMOJI}](?:\u200d?[{EMOJI}])*")
_DASHES = re.compile(r"-{2,}")
# a slug names one folder or file of the site, or an imported note's file: file systems take 255
# bytes a name, and a longer one (a tweet pasted as a title, a tag of 300 letters) made the build
# or the import fail whole; this leaves room for a "-2" and an extension
MAX_SLUG_BYTES = 180
# the site's or author's name a page title ends in: "Title – Sander Dieleman", "Title | PyTorch",
# "Title » Blog"
SITE_SUFFIX = re.compile(r"\s+[–—|·»-]\s+(?P<name>(?:(?!\s[–—|·»-]\s)[^–—|·»])+)$")


def slugify(text: str) -> str:
    """Lowercase, hyphen-separated, Unicode letters and digits kept; '' when nothing is left; at
    most MAX_SLUG_BYTES of UTF-8 (a longer one cut, and told apart by a hash of it whole)."""
    return capped(hyphenate(text).strip("-"))


def capped(slug: str) -> str:
    """The slug when it fits in MAX_SLUG_BYTES, else its start and a short hash of it whole."""
    data = slug.encode("utf-8")
    if len(data) <= MAX_SLUG_BYTES:
        return slug
    start = data[: MAX_SLUG_BYTES - 9].decode("utf-8", "ignore").rstrip("-")
    return f"{start}-{short_hash(slug)}"


def hyphenate(text: str, unsafe: re.Pattern[str] = _NON_WORD) -> str:
    """Text NFKC-normalised and case-folded, each run of `unsafe` characters (and '_') one '-'."""
    norm = unicodedata.normalize("NFKC", text).casefold().replace("_", "-")
    return _DASHES.sub("-", unsafe.sub("-", norm))


def site_suffix(title: str) -> tuple[str, str]:
    """(the title before its last separator, the name after it), or (title, '') without one."""
    m = SITE_SUFFIX.search(title)
    return (title[: m.start()], m["name"]) if m else (title, "")


def short_hash(text: str) -> str:
    """Eight hex digits that tell texts apart (any text: a file name may hold lone surrogates)."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def slugify_or_hash(text: str, prefix: str = "n") -> str:
    """A slug for text that may have no letters at all (only emoji or punctuation)."""
    return slugify(text) or f"{prefix}-{short_hash(text)}"


def normalize_tag(tag: str) -> str:
    """'Machine Learning' -> 'machine-learning', 'ML/Deep Learning' -> 'ml/deep-learning' (a
    nested tag, as Obsidian's); '' for a tag with no usable characters. A tag of emoji alone
    (`📥`, `🌱`: a vault's inbox, a garden's seedlings) is its emoji, as Obsidian names it."""
    parts = (slugify(part) or emoji_of(part) for part in tag.lstrip("#").split("/"))
    return "/".join(part for part in parts if part)


def emoji_of(text: str) -> str:
    """The emoji of a text, their variation selectors left out (`❤️` and `❤` are one), the
    zero-width joiners of a sequence kept (`🧑‍💻` is one emoji, not `🧑💻`)."""
    plain = unicodedata.normalize("NFKC", text).replace("\ufe0f", "")
    return capped("".join(_EMOJI_RUN.findall(plain)))


def normalize_name(name: str) -> str:
    """A category's name: 'Deep Learning' -> 'deep-learning' (a category does not nest)."""
    return slugify(name.lstrip("#"))


def tag_and_parents(tag: str) -> tuple[str, ...]:
    """'a/b/c' -> ('a/b/c', 'a/b', 'a'): the tags a note tagged `a/b/c` is listed under."""
    parts = tag.split("/")
    return tuple("/".join(parts[:n]) for n in range(len(parts), 0, -1))


def slug_from_path(rel_path: str) -> str:
    """'papers/Muon Optimizer.md' -> 'papers/muon-optimizer'; an index.md names its folder (the
    one in notes/ itself: '', the home page)."""
    stem = rel_path[:-3] if rel_path.endswith(".md") else rel_path
    parts = [slugify_or_hash(p) for p in stem.split("/") if p]
    if parts and parts[-1] == "index":  # (is_folder_page: the same test, its slug taken)
        parts.pop()
    return "/".join(parts)


def is_folder_page(rel_path: str) -> bool:
    """A folder's index.md (`Index.md` too), or Hugo's `_index.md` as a Quartz 3 garden names it:
    the note whose page is its folder's, its name's slug `index` (slug_from_path gives it the
    folder's URL)."""
    return slugify(rel_path.rsplit("/", 1)[-1].removesuffix(".md")) == "index"


def clean_slug(raw: str) -> str:
    """A user-given `slug:` made safe: each segment slugified, so it can never leave the output folder."""
    parts = [slugify(p) for p in raw.replace("\\", "/").split("/")]
    return "/".join(p for p in parts if p)


def page_url(slug: str) -> str:
    """The site-relative URL path of a page: 'papers/muon' -> 'papers/muon/'; '' is the home page."""
    return f"{slug}/" if slug else ""


def output_path(url: str) -> str:
    """Where a URL path is written under site/: 'tags/ml/' -> 'tags/ml/index.html'."""
    if url == "" or url.endswith("/"):
        return f"{url}index.html"
    return url


_FILE_EXT = re.compile(r"\.([A-Za-z][A-Za-z0-9]{1,4})$")
# the files a page shows in place of their embed, by kind and extension (any other is a "file")
FILE_KINDS = {
    "image": frozenset({"png", "jpg", "jpeg", "gif", "webp", "svg", "avif", "bmp", "ico"}),
    "audio": frozenset({"mp3", "wav", "ogg", "oga", "m4a", "flac", "opus", "aac"}),
    "video": frozenset({"mp4", "webm", "ogv", "mov", "m4v", "mkv"}),
    "pdf": frozenset({"pdf"}),
}


def kind_of(path: str) -> str:
    """What a file is by its extension: "image", "audio", "video", "pdf", else "file"."""
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    return next((kind for kind, exts in FILE_KINDS.items() if ext in exts), "file")


DRAWING = ".excalidraw"  # the Excalidraw plugin's drawings: `X.excalidraw.md`, linked as `[[X.excalidraw]]`
EXPORTS = (".svg", ".png")  # the images it exports a drawing as, beside it


def drawing_path(target: str) -> str:
    """The drawing a link names, without its `.excalidraw(.md)`: `pics/X.excalidraw` ->
    `pics/X`; "" when it names no drawing."""
    base = unquote(target).strip().removesuffix(".md")
    return base[: -len(DRAWING)] if base.lower().endswith(DRAWING) else ""


def is_drawing_file(rel: str) -> bool:
    """`X.excalidraw.md`: a drawing's own file, under notes/ but no note."""
    return rel.lower().endswith(f"{DRAWING}.md")


# the key with a value (`parsed`, `raw`): one left empty, as a note made from a drawing's template
# keeps it, is no drawing's (Obsidian's plugins ask whether the value is true, and none is not)
_DRAWING_MARK = re.compile(r"^excalidraw-plugin:[ \t]*[^\s#]", re.M)


def is_drawing_text(text: str) -> bool:
    """A markdown file's text that is a drawing the Excalidraw plugin keeps, whatever the file's
    name (`X.md` as well as `X.excalidraw.md`, as the plugin's naming settings leave it): its
    front matter says `excalidraw-plugin: parsed` (or any value). Such a file is no note but a
    drawing's own file."""
    if not text.startswith("---"):
        return False
    end = text.find("\n---", 3)
    return end > 0 and _DRAWING_MARK.search(text, 0, end) is not None


BASE = ".base"  # Obsidian's bases: `X.base`, embedded as `![[X.base]]` (linking/bases.py)


def is_base_file(rel: str) -> bool:
    return rel.lower().endswith(BASE)


CANVAS = ".canvas"  # Obsidian's canvases (JSON Canvas): `X.canvas`, linked as `[[X.canvas]]`


def is_canvas_file(rel: str) -> bool:
    return rel.lower().endswith(CANVAS)


def is_drawn_file(rel: str) -> bool:
    """A file under notes/ that is a drawing's own (a markdown file that is no note: named
    `X.excalidraw.md`, or told by its text, is_drawing_text) or a canvas: the site holds an SVG
    drawn of it in its place."""
    return rel.lower().endswith(".md") or is_canvas_file(rel)


def drawn_path(rel: str) -> str:
    """Where the SVG drawn of a drawing's own file or a canvas is, beside where it is:
    `X.excalidraw.md` and a drawing kept as `X.md` -> `X.excalidraw.svg` (as the plugin exports
    it), `X.canvas` -> `X.canvas.svg`."""
    if not rel.lower().endswith(".md"):
        return f"{rel}.svg"
    stem = rel[: -len(".md")]
    return f"{stem if is_drawing_file(rel) else stem + DRAWING}.svg"


def is_note_file(rel: str) -> bool:
    """A path under notes/ that is a note's: markdown, but for a drawing's own file."""
    return rel.endswith(".md") and not is_drawing_file(rel)


def drawing_file_names(target: str) -> tuple[str, ...]:
    """Where the exported images of the drawing a link names would be (`X.excalidraw.svg`,
    `X.svg`, …), best first, and last the drawing's own file (`X.excalidraw.md`, drawn from
    its scene); a name without `.excalidraw` (and no extension) names the file `X.md`, a drawing
    only (a note is found before); none when it names no drawing."""
    path = drawing_path(target)
    if not path:  # a drawing kept as `X.md`, linked as [[X]]: among the files, no note
        return (f"{unquote(target).strip()}.md",) if not looks_like_file(target) else ()
    bases = (unquote(target).strip().removesuffix(".md"), path)
    return (*(b + ext for ext in EXPORTS for b in bases), f"{bases[0]}.md")


def looks_like_file(target: str) -> bool:
    """The target names a file by an extension (not a note's .md): a missing one is an attachment."""
    m = _FILE_EXT.search(unquote(target).strip())
    return m is not None and m.group(1).lower() != "md"


def shows_a_file(target: str) -> bool:
    """`![[x.png]]`, `![[talk.mp3]]`, `![[paper.pdf]]`: an embed that shows a file (an image, a
    player, a PDF) by its name alone. Any other name may be a note's, dots and all: Obsidian
    looks for NAME.md first (`![[java simple web.xml]]`, `[[Node.js]]`), so what it is is known
    once the notes are."""
    m = _FILE_EXT.search(unquote(target).strip())
    return m is not None and any(m.group(1).lower() in exts for exts in FILE_KINDS.values())


def name_key(name: str) -> str:
    """A name as links are matched to it: case-folded, its accents composed (a name typed on
    one system, `é` as one character, finds a file named on another, `e` and its accent)."""
    return unicodedata.normalize("NFC", name.casefold())
