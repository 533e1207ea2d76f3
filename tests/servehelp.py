"""Servers for tests: `notebase serve` in a subprocess (pages, status, server-sent events), a
folder or a request handler served on a thread, and a stand-in for Pagefind's binary."""

from __future__ import annotations

import functools
import http.client
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
FAILING_PAGEFIND = "echo 'Error: the index exploded'\nexit 3\n"  # fails as Pagefind does


PAGEFIND_ENV = "PAGEFIND_BINARY_PATH"  # the binary Pagefind's Python package runs


def fake_pagefind(script: Path, body: str) -> str:
    """Write a shell script standing in for Pagefind: its path, for PAGEFIND_ENV."""
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@contextmanager
def http_server(handler: Callable[..., BaseHTTPRequestHandler]) -> Iterator[str]:
    """The handler served on a free loopback port by a thread: its base URL (ending in /)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


def static_server(folder: Path) -> AbstractContextManager[str]:
    """The files of `folder` served over HTTP (a built site, for pages fetching their index)."""
    return http_server(functools.partial(QuietHandler, directory=str(folder)))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until(check: Callable[[], T | None], timeout: float = 15.0, what: str = "condition") -> T:
    """Poll `check` until it returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class Server:
    def __init__(self, root: Path, env: dict[str, str] | None = None, page: str = "") -> None:
        """`page`: the events are those a tab showing that page is sent (its version as the
        site's), else the site's."""
        self.root = root
        self.page = page
        self.port = free_port()
        cmd = [sys.executable, "-m", "notebase", "--root", str(root), "serve"]
        self.proc = subprocess.Popen(
            [*cmd, "--port", str(self.port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        )
        self.events: list[dict[str, Any]] = []
        wait_until(self.is_up, 30, "the server to answer")
        threading.Thread(target=self.listen, daemon=True).start()
        wait_until(lambda: self.events, 10, "the first event")

    def is_up(self) -> bool:
        assert self.proc.poll() is None, self.proc.communicate()
        try:
            return self.get("/__notebase/status")[0] == 200
        except OSError:
            return False

    def get(self, path: str) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            return response.status, response.read().decode("utf-8", "replace")
        finally:
            conn.close()

    def raw_get(self, target: bytes) -> tuple[int, bytes]:
        """Send a request line as given (http.client refuses some targets) and read the answer."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as sock:
            sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        return int(head.split(b" ", 2)[1]), body

    def status(self) -> dict[str, Any]:
        code, body = self.get("/__notebase/status")
        assert code == 200
        result: dict[str, Any] = json.loads(body)
        return result

    def listen(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.request("GET", "/__notebase/events" + (f"?page={self.page}" if self.page else ""))
        response = conn.getresponse()
        while True:
            line = response.fp.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                self.events.append(json.loads(line[6:]))

    def wait_build(self, after: int, timeout: float = 15.0) -> dict[str, Any]:
        """The newest event of a whole build after build #`after` (a preview of the notes saved
        is no build: the site is settled only after the rebuild that follows it)."""

        def newer() -> dict[str, Any] | None:
            fresh = [e for e in self.events if e["build"] > after and not e["settling"]]
            return fresh[-1] if fresh else None

        return wait_until(newer, timeout, f"a build after #{after}")

    def wait_site(self, after: int, timeout: float = 15.0) -> dict[str, Any]:
        """The first event of a site version after `after` (a preview's, or a build's)."""

        def first() -> dict[str, Any] | None:
            fresh = [e for e in self.events if e["site"] > after]
            return fresh[0] if fresh else None

        return wait_until(first, timeout, f"a site version after {after}")

    def wait_indexed(self, build: int, timeout: float = 30.0) -> dict[str, Any]:
        """The event saying the search index caught up after build #`build` (or failed to)."""

        def indexed() -> dict[str, Any] | None:
            done = [e for e in self.events if e["build"] >= build and not e["indexing"]]
            return done[-1] if done else None

        return wait_until(indexed, timeout, f"the search index after build #{build}")

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            _, err = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return self.proc.returncode, err
