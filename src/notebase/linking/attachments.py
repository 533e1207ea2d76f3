"""Files under notes/ that are no notes: found as Obsidian finds them, read once, shown as HTML."""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote, unquote

from notebase.diagnostics import Diagnostic, FilePos, warning
from notebase.digests import digest_bytes
from notebase.linking.canvases import CanvasError, canvas_files, canvas_svg
from notebase.linking.drawings import DrawingError, drawing_svg, embedded_files
from notebase.linking.imagesize import image_size
from notebase.markdown.parser import split_size
from notebase.model import Attachment, LinkRef
from notebase.slugs import (
    drawn_path,
    is_base_file,
    is_canvas_file,
    is_drawn_file,
    kind_of,
    name_key,
)

FILES_DIR = "files"  # the site's folder of attachments: notes/img/x.png -> files/img/x.png
# `![[x.png|300]]`, `![[x.png|300x200]]`, `![alt|300](x.png)`: a size after the last |


@dataclass(frozen=True, slots=True)
class FileTable:
    """The files under notes/ that are no notes, by path and by file name (case-folded)."""

    paths: tuple[str, ...]
    by_path: dict[str, str]
    by_name: dict[str, tuple[str, ...]]  # shortest path first


NO_FILES = FileTable((), {}, {})


def file_table(paths: Iterable[str]) -> FileTable:
    ordered = tuple(sorted(paths))
    by_path: dict[str, str] = {}
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in ordered:
        by_path.setdefault(name_key(path), path)
        by_name[name_key(path.rsplit("/", 1)[-1])].append(path)
    names = {
        k: tuple(sorted(v, key=lambda p: (p.count("/"), len(p), p))) for k, v in by_name.items()
    }
    return FileTable(ordered, by_path, names)


def find_file(target: str, note_path: str, table: FileTable) -> str:
    """The file a link names, as Obsidian finds it: relative to the note, then from the root of
    notes/, then by its name (and the folders it gives) anywhere, the shortest path first; else
    from a folder above notes/ (`content/pics/x.png`, written in a vault opened above Quartz's
    `content/`: `pics/x.png`); "" when none matches."""
    target = unquote(target).strip().replace("\\", "/")
    if not target or not table.paths:
        return ""
    for joined in (posixpath.join(posixpath.dirname(note_path), target), target.lstrip("/")):
        path = posixpath.normpath(joined)
        if not path.startswith("..") and (hit := table.by_path.get(name_key(path))):
            return hit
    tail = "/" + name_key(posixpath.normpath(target).lstrip("./"))
    for path in table.by_name.get(tail.rsplit("/", 1)[-1], ()):
        if f"/{name_key(path)}".endswith(tail):
            return path
    parts = tail.split("/")  # "", the folders above, …, the name
    below = ("/".join(parts[i:]) for i in range(2, len(parts)))
    return next((hit for path in below if (hit := table.by_path.get(path))), "")


def site_image(link: LinkRef) -> bool:
    """`![alt](/logo.png)`: an image by its path from the root of the vault (Obsidian, GitHub),
    else of the site (a file of static/)."""
    return link.embed and not link.is_wiki and link.target.startswith("/")


@dataclass(frozen=True, slots=True)
class Copy:
    """A file under notes/ the site holds a copy of: the digest of its bytes, and where it is;
    or what the site holds in its place, made from it (`made`: a drawing's or a canvas's SVG)."""

    digest: str
    source: Path
    made: bytes | None = None

    def site_bytes(self) -> bytes:
        """What the site holds (OSError when the file cannot be read)."""
        return self.made if self.made is not None else self.source.read_bytes()


Reader = Callable[[Path, str], tuple[Attachment, Copy]]  # raises OSError when unreadable


def read_attachments(
    notes_dir: Path, paths: Iterable[str], shown: str, read: Reader | None = None
) -> tuple[dict[str, Attachment], dict[str, Copy], list[Diagnostic]]:
    """Each linked file read (by `read`, read_attachment unless given): its record, its copy by
    the path the site holds it at, and a warning for each that cannot be read."""
    found: dict[str, Attachment] = {}
    copies: dict[str, Copy] = {}
    diags: list[Diagnostic] = []
    for path in sorted(set(paths)):
        if any(part in ("", ".", "..") for part in path.split("/")):
            continue  # never from the scan of notes/; never a way out of the site
        try:
            found[path], copy = (read or read_attachment)(notes_dir, path)
        except OSError as exc:
            diags.append(unreadable(f"{shown}/{path}", exc))
            continue
        except DrawingError as exc:
            diags.append(undrawable(f"{shown}/{path}", exc))
            continue
        copies[found[path].url] = copy
    return found, copies, diags


def read_attachment(
    notes_dir: Path, path: str, shown: Mapping[str, str] | None = None
) -> tuple[Attachment, Copy]:
    """One file's record (an image's size from its header) and copy; OSError when unreadable. A
    drawing's own file or a canvas is its SVG, with the files it shows (`shown`: their paths by
    their ids, drawing_images), DrawingError (a CanvasError) when it holds no drawing (canvas)."""
    data = (notes_dir / path).read_bytes()
    if is_drawn_file(path):
        images = {key: image_bytes(notes_dir / rel) for key, rel in (shown or {}).items()}
        draw = canvas_svg if is_canvas_file(path) else drawing_svg
        svg, width, height = draw(drawn_text(data), images)
        attachment = Attachment(path, f"{FILES_DIR}/{drawn_path(path)}", "image", width, height)
        return attachment, Copy(digest_bytes(svg), notes_dir / path, svg)
    if is_base_file(path):
        base = Attachment(path, f"{FILES_DIR}/{path}", "base", text=data.decode("utf-8", "replace"))
        return base, Copy(digest_bytes(data), notes_dir / path)
    kind = kind_of(path)
    width, height = image_size(data) if kind == "image" else (0, 0)
    attachment = Attachment(path, f"{FILES_DIR}/{path}", kind, width, height)
    return attachment, Copy(digest_bytes(data), notes_dir / path)


def drawn_text(data: bytes) -> str:
    """A drawing's (a canvas's) file as text, its lines ended by `\n` as a note's are: a vault
    kept on Windows ends them `\r\n`, where no scene block was found."""
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


MAX_DRAWN_IMAGE = 10_000_000  # bytes of an image a drawing's (canvas's) SVG holds; more: a box


def image_bytes(path: Path) -> bytes:
    """An image a drawing or a canvas shows, to be held in its SVG: b"" (a box in its place) when
    it cannot be read or is too big to hold."""
    try:
        return path.read_bytes() if path.stat().st_size <= MAX_DRAWN_IMAGE else b""
    except OSError:
        return b""


def drawing_images(notes_dir: Path, path: str, files: FileTable) -> dict[str, str]:
    """The files under notes/ a drawing shows (its embedded_files) or a canvas (the images of
    its file nodes: canvas_files), found as Obsidian finds a link's, by their ids; none when it
    cannot be read (read_attachment says so)."""
    try:
        text = drawn_text((notes_dir / path).read_bytes())
    except OSError:
        return {}
    names = (canvas_files if is_canvas_file(path) else embedded_files)(text)
    found = ((key, find_file(name, path, files)) for key, name in names.items())
    return {key: rel for key, rel in found if rel}


def undrawable(shown: str, exc: DrawingError) -> Diagnostic:
    """A drawing's own file, or a canvas, that holds none to draw."""
    if isinstance(exc, CanvasError):
        hint = "open it in Obsidian and move a card, so that Obsidian writes it again"
        message = f"cannot draw the canvas: {exc}"
        return warning("canvas-unreadable", message, FilePos(shown, exc.line), hint)
    hint = "open it in Obsidian's Excalidraw view and save it again, or export it as SVG"
    message = f"cannot draw the Excalidraw drawing: {exc}"
    return warning("drawing-unreadable", message, FilePos(shown), hint)


def unreadable(shown: str, exc: OSError) -> Diagnostic:
    return warning("read-failed", f"cannot read file: {exc.strerror}", FilePos(shown))


def attachment_embed(file: Attachment, label: str, href: str) -> str:
    """The HTML that shows a file in place: an image (a drawn one, linked to itself), a player,
    or a link to it."""
    alt, width, height = split_size(label)
    name = file.rel_path.rsplit("/", 1)[-1]
    if file.kind == "image":
        alt = escape(alt or name.rsplit(".", 1)[0])
        size = image_dimensions(file, width, height)
        img = f'<img src="{href}" alt="{alt}"{size} loading="lazy">'
        # a drawing or a canvas, drawn to fit the column, opens whole to be read and zoomed
        return f'<a class="drawn" href="{href}">{img}</a>' if is_drawn_file(file.rel_path) else img
    link = f'<a class="attachment" href="{href}">{escape(alt or name)}</a>'
    if file.kind in ("audio", "video"):
        size = f' width="{width}"' if width and file.kind == "video" else ""
        return f'<{file.kind} controls preload="metadata" src="{href}"{size}>{link}</{file.kind}>'
    return link


def image_dimensions(file: Attachment, width: int, height: int) -> str:
    """width/height attributes: those asked for (a width alone keeps the image's proportions),
    else the image's own."""
    if width and not height and file.width and file.height:
        height = round(width * file.height / file.width)
    if not width:
        width, height = file.width, file.height
    return (f' width="{width}"' if width else "") + (f' height="{height}"' if height else "")


def file_href(file: Attachment) -> str:
    return quote(file.url, safe="/")
