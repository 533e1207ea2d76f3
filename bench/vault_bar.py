"""The bar a real Obsidian vault or Quartz garden must clear: build it cold, then measure the site.

Usage: .venv/bin/python bench/vault_bar.py VAULT [VAULT…] [--json]

Each vault folder is copied to a temporary root as `notes/` and built with `notebase build` in a
subprocess (timed). Every figure is then worked out from the vault's files, the build's log and the
site's HTML alone, by this file's own small Obsidian resolver, regexes and html.parser: none of
notebase's code is used to judge notebase. tests/test_vault_e2e.py asserts the same figures on a
trimmed real vault, with the functions of this file (their one home).

The figures, and the bar (`BAR`) each must clear:
- traceback: the build printed a Python traceback (bar: no);
- broken links: broken-link warnings, and how many name a note Obsidian would find (bar: none);
- image embeds (`![[x.png]]`, `![](x.png)`) of an image in the vault whose page shows an <img> whose
  file is in the site (bar: 95%); note embeds (`![[Note]]`) whose page shows the note's text (90%);
- pages showing a literal `[!type]` callout marker (0) or publishing `%%` comments (0);
- pages where prose became math (0) and pages showing raw TeX such as \\frac outside code and math (3);
- whether a root index.md is the home page; the cold build's seconds (10 at 700 notes).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bmp", ".avif")
ATTACHMENT_EXTS = (*IMAGE_EXTS, ".pdf", ".mp3", ".mp4", ".webm", ".ogg", ".wav", ".excalidraw")
BAR_SECONDS_PER_700 = 10.0

# --- the vault: its notes and files, and Obsidian's way of finding one by a link ------------------


@dataclass(frozen=True)
class Vault:
    """A vault's files (relative paths, posix), its published notes and their page files."""

    root: Path
    files: tuple[str, ...]  # every file but those in hidden folders
    notes: tuple[str, ...]  # the .md files notebase publishes (no _ or . part, no draft)
    pages: dict[str, str]  # published note -> its page under the site: "ml/svm/index.html"
    lower: dict[bool, dict[str, str]] = field(default_factory=dict)  # notes only? -> by case-folded

    def __post_init__(self) -> None:
        for notes_only in (False, True):
            pool = (f for f in self.files if f.endswith(".md") or not notes_only)
            self.lower[notes_only] = {f.casefold(): f for f in reversed(list(pool))}

    def read(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8", errors="replace")


def load_vault(root: Path) -> Vault:
    files = tuple(
        sorted(
            p.relative_to(root).as_posix()
            for p in root.rglob("*")
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
        )
    )
    notes, pages = [], {}
    for rel in files:
        if not rel.endswith(".md") or any(part.startswith("_") for part in rel.split("/")):
            continue
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        fields = front_matter(text)
        if fields.get("draft", "").strip("'\"").lower() in ("true", "yes"):
            continue
        if fields.get("publish", "").strip("'\"").lower() in ("false", "no"):
            continue
        if any(part in TEMPLATE_FOLDERS for part in rel.split("/")[:-1]):
            continue
        if "excalidraw-plugin" in fields:  # an Excalidraw drawing (`X.md` too): shown as an image
            continue
        notes.append(rel)
        pages[rel] = page_file(
            fields.get("slug", "").strip("'\"") or permalink(fields) or url_of_path(rel)
        )
    return Vault(root, files, tuple(notes), pages)


# Folders left out by default (as notebase.yaml's ignore: says), and the site's own top-level pages,
# which a Quartz or Obsidian Publish `permalink:` may not take.
TEMPLATE_FOLDERS = ("templates", "Templates")
SITE_PAGES = (
    "tags",
    "categories",
    "papers",
    "links",
    "quotes",
    "reading-list",
    "search",
    "sources",
)


def permalink(fields: dict[str, str]) -> str:
    """A note's `permalink:` when it names a page of its own ('' for `/` or a page of the site's)."""
    wanted = fields.get("permalink", "").strip("'\"").strip("/")
    top = slug_part(wanted.split("/", 1)[0]) if wanted else ""
    return wanted if top and top not in (*SITE_PAGES, "pagefind", "assets") else ""


def front_matter(text: str) -> dict[str, str]:
    """The top-level `key: value` lines of a note's front matter (enough for draft and slug)."""
    match = re.match(r"\A\ufeff?---\r?\n(.*?)\r?\n---\s*(\n|\Z)", text, re.S)
    if not match:
        return {}
    lines = (re.match(r"^([A-Za-z_][\w-]*):\s*(.*)$", line) for line in match[1].splitlines())
    return {m[1].lower(): m[2].strip() for m in lines if m}


def body_of(text: str) -> str:
    return re.sub(r"\A\ufeff?---\r?\n.*?\r?\n---\s*(\n|\Z)", "", text, count=1, flags=re.S)


def slug_part(text: str) -> str:
    """A path part as a URL part: case-folded, runs of other than letters and digits one '-'."""
    norm = unicodedata.normalize("NFKC", text).casefold().replace("_", "-")
    slug = re.sub(r"-{2,}", "-", re.sub(r"[^\w]+", "-", norm)).strip("-")
    return slug or "n-" + hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def url_of_path(rel: str) -> str:
    """'ML/Deep Learning/CNN.md' -> 'ml/deep-learning/cnn'; an index.md names its folder."""
    parts = [slug_part(p) for p in rel.removesuffix(".md").split("/") if p]
    if parts and parts[-1] == "index":
        parts.pop()
    return "/".join(parts)


def folder_parts(rel: str) -> tuple[str, ...]:
    """The folders a file is in: 'ML/Deep Learning/x.md' -> ('ML', 'Deep Learning')."""
    return tuple(p for p in rel.split("/")[:-1] if p)


def page_file(slug: str) -> str:
    slug = "/".join(slug_part(p) for p in slug.strip("/").split("/") if p)
    return f"{slug}/index.html" if slug else "index.html"


def resolve(vault: Vault, source: str, target: str, notes_only: bool = False) -> str | None:
    """The vault file a link in `source` leads to, as Obsidian finds it: the path relative to the
    note, then from the vault's root, then the file's name (or a path ending) anywhere; case does
    not matter and `.md` may be left out. None when nothing matches."""
    target = unquote(target.split("#", 1)[0].split("|", 1)[0].split("^", 1)[0]).strip()
    if not target:
        return source
    by_lower = vault.lower[notes_only]
    wanted = [target] if target.casefold().endswith(".md") else [target + ".md", target]
    for name in wanted:
        for path in (posixpath.join(posixpath.dirname(source), name), name.lstrip("/")):
            found = by_lower.get(posixpath.normpath(path).casefold())
            if found is not None:
                return found
    for name in wanted:
        tail = "/" + name.lstrip("./").casefold()
        found = next((f for k, f in by_lower.items() if ("/" + k).endswith(tail)), None)
        if found is not None:
            return found
    return None


# --- what the notes write: embeds, with code and comments left out --------------------------------

CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|`[^`\n]*`", re.S | re.M)
COMMENT = re.compile(r"%%.*?%%", re.S)
WIKI_EMBED = re.compile(r"!\[\[([^\]\n]+?)\]\]")
MD_IMAGE = re.compile(r"!\[[^\]\n]*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+\"[^\"]*\")?\s*\)")


def prose_of(text: str) -> str:
    """A note's body without its code and %% comments (what Obsidian does not show as markdown)."""
    return COMMENT.sub("", CODE.sub("", body_of(text)))


@dataclass(frozen=True)
class Embed:
    source: str  # the note holding it
    target: str  # as written, without |size
    image: bool


def find_embeds(vault: Vault, note: str) -> list[Embed]:
    text = prose_of(vault.read(note))
    found = [Embed(note, m[1].split("|", 1)[0].strip(), False) for m in WIKI_EMBED.finditer(text)]
    found = [replace_kind(e) for e in found]
    for m in MD_IMAGE.finditer(text):
        url = m[1] or m[2]
        if not urlsplit(url).scheme and url.casefold().split("#")[0].endswith(IMAGE_EXTS):
            found.append(Embed(note, url, True))
    return found


def replace_kind(embed: Embed) -> Embed:
    name = embed.target.split("#", 1)[0].casefold()
    return Embed(embed.source, embed.target, name.endswith(IMAGE_EXTS))


def is_note_embed(embed: Embed) -> bool:
    name = embed.target.split("#", 1)[0].casefold()
    return not embed.image and not name.endswith(ATTACHMENT_EXTS)


# --- the site's pages, read with html.parser ------------------------------------------------------

HIDDEN = {"code", "pre", "math", "annotation", "script", "style", "kbd", "samp"}
VOID = {"img", "br", "hr", "meta", "link", "input", "source", "wbr", "area", "col", "embed"}


@dataclass
class MathRun:
    leaves: list[tuple[str, str]] = field(default_factory=list)  # (tag, text) of each leaf
    annotation: str = ""


@dataclass
class PageScan:
    """What a page's <main> shows: its words outside code and math, its images, its math."""

    text: list[str] = field(default_factory=list)  # outside code, pre, math…
    images: list[str] = field(default_factory=list)
    maths: list[MathRun] = field(default_factory=list)
    links: list[str] = field(default_factory=list)  # hrefs in <main>
    outside: list[str] = field(default_factory=list)  # hrefs outside <main>: header, footer
    classes: set[str] = field(default_factory=set)  # of every element in <main>


class PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scan = PageScan()
        self.stack: list[str] = []
        self.in_main = 0
        self.math: MathRun | None = None
        self.leaf = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.in_main += 1
        found = dict(attrs)
        if tag == "a" and found.get("href") is not None:
            href = found["href"] or ""
            (self.scan.links if self.in_main else self.scan.outside).append(href)
        if self.in_main:
            self.scan.classes.update((found.get("class") or "").split())
        if tag in VOID:
            if tag == "img" and self.in_main:
                self.scan.images.append(dict(attrs).get("src") or "")
            return
        self.stack.append(tag)
        if tag == "math" and self.in_main:
            self.math = MathRun()
            self.scan.maths.append(self.math)
        self.leaf = tag

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or tag not in self.stack:
            return
        while self.stack and self.stack.pop() != tag:
            pass
        if tag == "main":
            self.in_main -= 1
        if tag == "math":
            self.math = None
        self.leaf = ""

    def handle_data(self, data: str) -> None:
        if not self.in_main or "script" in self.stack or "style" in self.stack:
            return
        if self.math is not None:
            if "annotation" in self.stack:
                self.math.annotation += data
            elif data.strip():
                self.math.leaves.append((self.leaf, data.strip()))
        if not HIDDEN.intersection(self.stack):
            self.scan.text.append(data)


def read_page(path: Path) -> PageScan | None:
    if not path.is_file():
        return None
    reader = PageReader()
    reader.feed(path.read_text(encoding="utf-8", errors="replace"))
    return reader.scan


def words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.casefold())


# --- the figures ----------------------------------------------------------------------------------

CALLOUT_MARK = re.compile(r"\[![A-Za-z][\w-]*\][+-]?")
RAW_TEX = re.compile(
    r"\\(frac|dfrac|sigma|mathbb|mathbf|mathcal|mathrm|operatorname|alpha|beta|gamma|delta|theta|"
    r"lambda|mu|sum|prod|int|partial|nabla|infty|sqrt|cdot|times|left|right|begin\{|end\{|hat|bar|"
    r"vec|leq|geq|neq|approx|in\b|forall|exists)"
)
COMMON = {
    "the", "and", "that", "with", "for", "this", "are", "not", "you", "from", "have", "but", "was",
    "which", "then", "when", "where", "there", "what", "can", "will", "our", "their", "they",
    "these", "those", "into", "because", "also", "each", "some", "more", "than", "only", "just",
    "is", "of", "to", "in", "it", "we", "be", "as", "on", "or", "an", "by", "at", "if", "so",
}  # fmt: skip


@dataclass(frozen=True)
class Figures:
    notes: int
    pages: int
    site_written: bool
    traceback: bool
    broken_links: int
    broken_links_obsidian_resolves: int  # to any file of the vault
    broken_links_to_notes: int  # of those, to a note
    image_embeds: int  # of an image the vault holds
    image_embeds_shown: int
    note_embeds: int  # of a note the vault holds, with text to show
    note_embeds_shown: int
    callout_marker_pages: int
    comment_pages: int
    prose_math_pages: int
    raw_tex_pages: int
    root_index_is_home: bool | None  # None: the vault has no root index.md
    build_seconds: float
    examples: dict[str, list[str]] = field(default_factory=dict, compare=False)

    def percent(self, shown: int, total: int) -> float:
        return 100.0 * shown / total if total else 100.0

    def failures(self) -> list[str]:
        """What misses the bar, one line each (empty: the bar is cleared)."""
        limit = BAR_SECONDS_PER_700 * max(1.0, self.notes / 700)
        checks = [
            (self.site_written, "no site was written"),
            (not self.traceback, "the build printed a traceback"),
            (self.broken_links_obsidian_resolves == 0, "broken-link warnings Obsidian resolves"),
            (self.percent(self.image_embeds_shown, self.image_embeds) >= 95, "image embeds < 95%"),
            (self.percent(self.note_embeds_shown, self.note_embeds) >= 90, "note embeds < 90%"),
            (self.callout_marker_pages == 0, "pages show a literal [!type]"),
            (self.comment_pages == 0, "pages publish %%"),
            (self.prose_math_pages == 0, "pages turn prose into math"),
            (self.raw_tex_pages <= 3, "more than 3 pages show raw TeX"),
            (self.root_index_is_home is not False, "the root index.md is not the home page"),
            (self.build_seconds < limit, f"the cold build took {limit:.0f} s or more"),
        ]
        return [message for ok, message in checks if not ok]


BROKEN = re.compile(r"^(?P<path>.+?):\d+: warning\[broken-link\]: (?P<what>.+?) matches no ", re.M)


def broken_links(vault: Vault, log: str) -> tuple[int, list[str], list[str]]:
    """Broken-link warnings in the log, those naming a file Obsidian would find, and those naming a
    note it would find. A note that is not published (a draft, or under a `_` folder) is no page
    to link to: a warning for it is right, and not counted."""
    count, resolvable, notes = 0, [], []
    for match in BROKEN.finditer(log):
        count += 1
        source = match["path"].removeprefix("notes/")
        what = match["what"]
        target = what[2:-2] if what.startswith("[[") and what.endswith("]]") else what
        if what.startswith("[[") or not urlsplit(target).scheme:
            found = resolve(vault, source, target)
            if found is not None and found.endswith(".md") and found not in vault.pages:
                continue
            if found is not None:
                resolvable.append(f"{match['path']}: {what} -> {found}")
            if found is not None and found.endswith(".md"):
                notes.append(resolvable[-1])
    return count, resolvable, notes


def image_shown(site: Path, page: str, scan: PageScan) -> int:
    """How many of the page's images are files in the site."""
    shown = 0
    for src in scan.images:
        parts = urlsplit(src)
        if parts.scheme or not parts.path:
            continue
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path)))
        if (site / path).is_file() or (site / path / "index.html").is_file():
            shown += 1
    return shown


def embedded_words(vault: Vault, note: str, target: str) -> list[str]:
    """The first words the embedded note (or its #heading section, or ^block) shows: up to six
    words of its first line of prose."""
    text = prose_of(vault.read(note))
    _, _, part = target.partition("#")
    if part.startswith("^"):
        text = block(text, part)
    elif part:
        text = section(text, part)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)  # display math: no words to find
    for line in text.splitlines():
        plain = plain_line(line)
        found = words(plain)
        if len(found) >= 3:
            return found[:6]
    return []


def block(text: str, block_id: str) -> str:
    """The block a `^id` names: its line, or the lines above an `^id` on a line of its own (up to
    a blank line, in a callout too)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.rstrip().endswith(block_id):
            if line.lstrip("> ").strip() != block_id:
                return line.replace(block_id, "")
            above = []
            for prev in reversed(lines[:i]):
                if not prev.lstrip("> ").strip():
                    break
                above.append(prev)
            return "\n".join(reversed(above))
    return ""


def section(text: str, heading: str) -> str:
    lines = text.splitlines()
    wanted = words(heading)
    for i, line in enumerate(lines):
        match = re.match(r"^(#{1,6})\s+(.*)$", line)
        if match and words(match[2]) == wanted:
            level, body = len(match[1]), []
            for rest in lines[i + 1 :]:
                head = re.match(r"^(#{1,6})\s", rest)
                if head and len(head[1]) <= level:
                    break
                body.append(rest)
            return "\n".join(body)
    return ""


def plain_line(line: str) -> str:
    """A markdown line as the words it shows: links by their text, no markup, math or embeds."""
    line = re.sub(r"!\[\[[^\]]*\]\]|!\[[^\]]*\]\([^)]*\)", " ", line)
    line = re.sub(r"\[\[([^\]|]*\|)?([^\]]*)\]\]", r"\2", line)
    line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
    line = re.sub(r"\$\$.*?\$\$|\$[^$]*\$|<[^>]+>|\[![^\]]*\][+-]?|\^[\w-]+\s*$", " ", line)
    line = re.sub(r"^\s*(#{1,6}\s|>+\s?|[-*+]\s|\d+[.)]\s|\|)", " ", line)
    return line


def contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def prose_math(run: MathRun) -> bool:
    """A formula that is prose: 8+ single-letter identifiers in a row spelling 2+ common words, or
    TeX source (the annotation, \\text{} left out) of 4+ words in a row, 2 of them common."""
    letters, runs = "", []
    for tag, text in [*run.leaves, ("end", "")]:
        if tag == "mi" and len(text) == 1 and text.isalpha():
            letters += text.casefold()
        else:
            runs.append(letters)
            letters = ""
    long_words = {w for w in COMMON if len(w) >= 3}
    if any(len(r) >= 8 and len({w for w in long_words if w in r}) >= 2 for r in runs):
        return True
    source = re.sub(r"\\text\w*\{[^}]*\}|\\[A-Za-z]+", " ", run.annotation)
    tokens = source.split()
    for i in range(len(tokens) - 3):
        four = tokens[i : i + 4]
        if (
            all(t.isalpha() and len(t) >= 2 for t in four)
            and sum(t.lower() in COMMON for t in four) >= 2
        ):
            return True
    return False


def measure(vault: Vault, site: Path, log: str, seconds: float) -> Figures:
    """The bar's figures of a vault built into `site`, its build log and its build time."""
    scans = {note: read_page(site / page) for note, page in vault.pages.items()}
    examples: dict[str, list[str]] = {}
    count, resolvable, to_notes = broken_links(vault, log)
    examples["broken_links_to_notes"] = to_notes
    examples["broken_links_obsidian_resolves"] = resolvable
    images = embeds_figures(vault, site, scans, examples)
    pages = [(vault.pages[n], s) for n, s in scans.items() if s is not None]
    marks = [p for p, s in pages if CALLOUT_MARK.search("".join(s.text))]
    comments = [p for p, s in pages if "%%" in "".join(s.text)]
    maths = [p for p, s in pages if any(prose_math(m) for m in s.maths)]
    tex = [p for p, s in pages if RAW_TEX.search("".join(s.text))]
    examples.update(callout=marks, comments=comments, prose_math=maths, raw_tex=tex)
    return Figures(
        notes=len(vault.notes),
        pages=len(pages),
        site_written=(site / "index.html").is_file(),
        traceback="Traceback (most recent call last)" in log,
        broken_links=count,
        broken_links_obsidian_resolves=len(resolvable),
        broken_links_to_notes=len(to_notes),
        image_embeds=images[0],
        image_embeds_shown=images[1],
        note_embeds=images[2],
        note_embeds_shown=images[3],
        callout_marker_pages=len(marks),
        comment_pages=len(comments),
        prose_math_pages=len(maths),
        raw_tex_pages=len(tex),
        root_index_is_home=root_index_is_home(vault, site),
        build_seconds=round(seconds, 2),
        examples={k: v[:5] for k, v in examples.items()},
    )


def embeds_figures(
    vault: Vault, site: Path, scans: dict[str, PageScan | None], examples: dict[str, list[str]]
) -> tuple[int, int, int, int]:
    """(image embeds, of them shown, note embeds, of them shown), over the notes with a page."""
    images = shown_images = notes = shown_notes = 0
    missed_images, missed_notes = [], []
    for note, scan in scans.items():
        embeds = find_embeds(vault, note)
        wanted = [e for e in embeds if e.image and resolve(vault, note, e.target) is not None]
        on_page = image_shown(site, vault.pages[note], scan) if scan else 0
        images += len(wanted)
        shown_images += min(len(wanted), on_page)
        if len(wanted) > on_page:
            missed_images.append(f"{note}: {len(wanted) - on_page} of {len(wanted)}")
        page_words = words("".join(scan.text)) if scan else []  # math left out on both sides
        for embed in filter(is_note_embed, embeds):
            found = resolve(vault, note, embed.target, notes_only=True)
            shown = embedded_words(vault, found, embed.target) if found else []
            if not shown or found == note or found not in vault.pages:  # a drawing, a draft
                continue
            notes += 1
            if contains(page_words, shown):
                shown_notes += 1
            else:
                missed_notes.append(f"{note}: ![[{embed.target}]]")
    examples.update(images_missing=missed_images, note_embeds_missing=missed_notes)
    return images, shown_images, notes, shown_notes


def root_index_is_home(vault: Vault, site: Path) -> bool | None:
    """Whether the home page shows the root index.md's first words (and /index/ is no page)."""
    if "index.md" not in vault.pages:
        return None
    home = read_page(site / "index.html")
    shown = embedded_words(vault, "index.md", "")
    if home is None or (site / "index" / "index.html").is_file():
        return False
    return contains(words("".join(home.text)), shown) if shown else True


# --- running a build ------------------------------------------------------------------------------


def build_vault(vault_dir: Path, work: Path) -> tuple[Path, str, float]:
    """Copy the vault to work/notes, build it cold in a subprocess; (site, log, seconds)."""
    notes = work / "notes"
    shutil.copytree(vault_dir, notes, ignore=shutil.ignore_patterns(".git"))
    site = work / "site"
    command = [sys.executable, "-m", "notebase", "build", "--root", str(work), "--out", str(site)]
    command += ["--unresolved"]  # every broken link told where it is: each is weighed below
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    return site, done.stdout + done.stderr, seconds


def run_bar(vault_dir: Path) -> Figures:
    with tempfile.TemporaryDirectory(prefix="vault-bar-") as work:
        site, log, seconds = build_vault(vault_dir, Path(work))
        return measure(load_vault(Path(work) / "notes"), site, log, seconds)


def report(name: str, figures: Figures) -> Iterator[str]:
    f = figures
    written = "site written" if f.site_written else "NO SITE WRITTEN (the build failed)"
    yield f"== {name}: {f.notes} notes, {f.pages} of their pages built, {written}"
    yield f"traceback: {'yes' if f.traceback else 'no'}"
    yield (
        f"broken-link warnings: {f.broken_links}; of them Obsidian resolves: "
        f"{f.broken_links_obsidian_resolves} ({f.broken_links_to_notes} to a note)"
    )
    yield (
        f"image embeds (of images in the vault) shown: {f.image_embeds_shown}/{f.image_embeds} "
        f"({f.percent(f.image_embeds_shown, f.image_embeds):.1f}%)"
    )
    yield (
        f"note embeds (of notes in the vault, with words) shown: {f.note_embeds_shown}/"
        f"{f.note_embeds} ({f.percent(f.note_embeds_shown, f.note_embeds):.1f}%)"
    )
    yield f"pages with a literal [!type]: {f.callout_marker_pages}"
    yield f"pages publishing %%: {f.comment_pages}"
    yield f"pages with prose as math: {f.prose_math_pages}; with raw TeX: {f.raw_tex_pages}"
    yield f"root index.md is the home page: {f.root_index_is_home}"
    yield f"cold build: {f.build_seconds:.2f} s"
    failures = f.failures()
    yield "bar: cleared" if not failures else "bar: missed: " + "; ".join(failures)
    for key, shown in f.examples.items():
        for line in shown:
            yield f"  e.g. {key}: {line}"


def main(argv: Iterable[str]) -> int:
    args = list(argv)
    as_json = "--json" in args
    vaults = [Path(a) for a in args if a != "--json"]
    if not vaults:
        print(__doc__.split("\n\n", 2)[1], file=sys.stderr)
        return 2
    missed = False
    for vault in vaults:
        figures = run_bar(vault)
        missed = missed or bool(figures.failures())
        if as_json:
            print(json.dumps({"vault": str(vault), **asdict(figures)}, indent=2))
        else:
            print("\n".join(report(str(vault), figures)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
