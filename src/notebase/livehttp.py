"""The dev server's HTTP side (stdlib): site files with the live script, build events, no escapes."""

from __future__ import annotations

import json
import mimetypes
import threading
from collections.abc import Collection
from dataclasses import dataclass, replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from notebase.diagnostics import Diagnostic, format_diagnostic

PREFIX = "/__notebase/"
KEEPALIVE_SECONDS = 10.0
NOT_BUILT = (
    b"<!doctype html><html><head><meta charset='utf-8'><title>notebase</title></head>"
    b"<body><p>No page here.</p></body></html>"
)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What browsers are told: build number, site version (bumped when files change), what failed
    ("build", "search index"; "" when nothing did) and why, and whether the search index is still
    being brought up to date with the pages."""

    build: int
    site: int
    failed: str
    diagnostics: tuple[str, ...]
    indexing: bool = False
    settling: bool = False  # the pages of the notes saved are shown; the rest of the site follows


class LiveSite:
    """State shared by the builder and the request threads; `swap_lock` guards the site swap."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.swap_lock = threading.Lock()
        self.changed = threading.Condition()
        self.snapshot = Snapshot(0, 0, "", ())
        self.stopping = False
        self.versions: dict[str, int] = {}  # site path -> the site version it last changed in
        self.floor = 0  # the last version that changed what every page shows (styles, scripts)

    def publish(
        self,
        ok: bool,
        diags: tuple[Diagnostic, ...],
        changed: Collection[str],
        indexing: bool = False,
    ) -> None:
        """A build's outcome; `changed`: the site paths it wrote or removed."""
        with self.changed:
            old = self.snapshot
            lines = tuple(format_diagnostic(d) for d in diags if d.is_error or not ok)
            site = old.site + 1 if changed else old.site
            self.versions.update(dict.fromkeys(changed, site))
            if any(shown_by_every_page(rel) for rel in changed):
                self.floor = site
            failed = "" if ok else "build"
            self.snapshot = Snapshot(old.build + 1, site, failed, lines, indexing)
            self.changed.notify_all()

    def preview(self, changed: Collection[str]) -> None:
        """The pages of the notes saved were written ahead of their build (`changed`), which is
        still to come: a new site version, no new build."""
        with self.changed:
            old = self.snapshot
            site = old.site + 1
            self.versions.update(dict.fromkeys(changed, site))
            self.snapshot = replace(old, site=site, indexing=True, settling=True)
            self.changed.notify_all()

    def page_version(self, page: Path | None) -> int:
        """The site version a page (a file of the site) last changed in; for no page, the site's."""
        with self.changed:
            if page is None or not page.is_relative_to(self.folder):
                return self.snapshot.site
            rel = page.relative_to(self.folder).as_posix()
            return max(self.floor, self.versions.get(rel, 0))

    def publish_index(self, problem: Diagnostic | None) -> None:
        """The search index caught up with the pages, or failed to (an error like a build's)."""
        with self.changed:
            old = self.snapshot
            if problem is None:
                self.snapshot = replace(old, indexing=False)
            else:
                lines = (*old.diagnostics, format_diagnostic(problem))
                failed = old.failed or "search index"
                self.snapshot = replace(old, failed=failed, diagnostics=lines, indexing=False)
            self.changed.notify_all()

    def wait_newer(self, seen: Snapshot | None, timeout: float) -> Snapshot | None:
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot is not seen or self.stopping, timeout)
            return self.snapshot if self.snapshot is not seen else None

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()


def resolve_request(folder: Path, target: str) -> Path | None:
    """The file a request path names inside `folder`; None for anything that could leave it."""
    path = unquote(urlsplit(target).path)
    if not path.startswith("/") or path.startswith("//") or "\\" in path or "\x00" in path:
        return None
    parts = [p for p in path.split("/") if p]
    if any(p in (".", "..") or ":" in p for p in parts):
        return None
    candidate = folder.joinpath(*parts)
    if candidate.is_dir():
        candidate = candidate / "index.html"
    real = candidate.resolve()
    if not real.is_relative_to(folder) or not real.is_file():
        return None
    return real


def shown_by_every_page(rel: str) -> bool:
    """A changed file a page shows without naming it in its HTML: a style, a script, an image…
    (not a page, a feed, the search index, or the entry list the scripts read at need)."""
    own = rel.endswith((".html", ".xml", ".bib")) or rel.startswith("pagefind/")
    return not own and rel != "assets/entries.js"


def inject_script(html: bytes, site: int) -> bytes:
    tag = f'<script src="{PREFIX}live.js" data-site="{site}"></script>'.encode()
    at = html.rfind(b"</body>")
    return html[:at] + tag + html[at:] if at >= 0 else html + tag


def live_script() -> bytes:
    return (resources.files("notebase") / "live.js").read_bytes()


def snapshot_json(snap: Snapshot, site: int | None = None) -> str:
    """The snapshot as a page is told it: `site` is that page's version (the site's when None)."""
    data = {
        "build": snap.build,
        "site": snap.site if site is None else site,
        "ok": not snap.failed,
        "failed": snap.failed,
        "diagnostics": snap.diagnostics,
        "indexing": snap.indexing,
        "settling": snap.settling,
    }
    return json.dumps(data, ensure_ascii=False)


class LiveHandler(BaseHTTPRequestHandler):
    live: LiveSite  # set on the subclass made by make_server
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        route = urlsplit(self.path).path
        if route == PREFIX + "events":
            self.stream_events()
        elif route == PREFIX + "status":
            self.send_body(
                HTTPStatus.OK, "application/json", snapshot_json(self.live.snapshot).encode()
            )
        elif route == PREFIX + "live.js":
            self.send_body(HTTPStatus.OK, "text/javascript", live_script())
        else:
            self.send_site_file()

    def send_site_file(self) -> None:
        with self.live.swap_lock:  # a page is read whole from one site, never mid-swap
            found = resolve_request(self.live.folder, self.path)
            path = found or resolve_request(self.live.folder, "/404.html")
            data = path.read_bytes() if path is not None else NOT_BUILT
            version = self.live.page_version(found)  # with the bytes: a reload never misses them
        route = urlsplit(self.path).path
        if found is not None and found.name == "index.html" and not route.endswith(("/", ".html")):
            self.redirect(route + "/")  # a folder: relative links need the trailing slash
            return
        kind = (
            mimetypes.guess_type(path.name if path else "x.html")[0] or "application/octet-stream"
        )
        if kind == "text/html":
            data = inject_script(data, version)
        status = HTTPStatus.OK if found is not None else HTTPStatus.NOT_FOUND
        self.send_body(status, kind, data)

    def redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send_body(self, status: HTTPStatus, kind: str, data: bytes) -> None:
        self.send_response(status)
        charset = "; charset=utf-8" if kind.startswith("text/") or kind.endswith("json") else ""
        self.send_header("Content-Type", kind + charset)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def stream_events(self) -> None:
        """Server-sent events: the current state at once, then one event per change of it."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        seen = None
        page = parse_qs(urlsplit(self.path).query).get("page", [""])[0]
        found = resolve_request(self.live.folder, page) if page else None
        try:
            while not self.live.stopping:
                snap = self.live.wait_newer(seen, KEEPALIVE_SECONDS)
                site = self.live.page_version(found) if page else None
                chunk = f"data: {snapshot_json(snap, site)}\n\n" if snap else ": keep-alive\n\n"
                seen = snap or seen
                self.wfile.write(chunk.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return

    def log_message(self, format: str, *args: object) -> None:
        return  # quiet: the terminal shows builds and diagnostics


def make_server(host: str, port: int, live: LiveSite) -> ThreadingHTTPServer:
    handler = type("BoundLiveHandler", (LiveHandler,), {"live": live})
    server = ThreadingHTTPServer((host, port), handler)  # the CLI checks the port's range
    server.daemon_threads = True
    return server
