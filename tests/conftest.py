"""Shared test options and fixtures: `--update-golden`, a small knowledge base in a temp folder, the
example site built once, one Chromium for every browser test, its tabs that fail on a script error,
and a built site served over local http."""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path

# every record digested as its content key is walked whole too, once per key: a key that does not
# stand for its record's content fails the test (read by notebase.digests when imported)
os.environ["NOTEBASE_VERIFY_KEYS"] = "1"

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from notebase.builder.pipeline import build_site
from notebase.builder.state import BuildOptions
from notebase.diagnostics import format_diagnostic

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches the builds the tests start as it reaches a person's: a suite started in the
    background of a shell without job control inherits SIGINT ignored, and so would they."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/expected from the current build (review the diff before committing)",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


NOTES = {
    "papers/muon.md": """---
title: Muon optimizer
url: https://arxiv.org/abs/2502.16982
authors: [Jingyuan Liu, Jianlin Su]
date: 2025-06-03
tags: [optimizers, ml]
category: papers
tldr: Orthogonalised momentum updates.
---
Muon replaces momentum by its nearest semi-orthogonal matrix. Compare [[Shampoo]].

> Muon operates on 2D tensors only.
> — Keller Jordan, Muon blog post
""",
    "papers/shampoo.md": """---
title: Shampoo
arxiv: 1802.09568
date: 2025-05-20
tags: optimizers, second-order
category: papers
---
TL;DR: One preconditioner per tensor dimension.

Later work such as [[Muon]] looks for cheaper ways.
""",
    "links/latents.md": """---
title: Generative modelling in latent space
url: https://sander.ai/2025/04/15/latents.html
date: 2025-04-16
tags: [generative-models, ml]
category: links-and-recs
---
An essay on latents.
""",
    "ideas/landscape.md": """# Optimizer landscape

Muon ([[Muon]]) and [[Shampoo]] share a geometry.
""",
}


def write_kb(root: Path, notes: dict[str, str] = NOTES) -> Path:
    for rel, text in notes.items():
        path = root / "notes" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "notebase.yaml").write_text("title: Test notes\n", encoding="utf-8")
    return root


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    return write_kb(tmp_path / "kb")


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's own notes/ built once into a temp folder (read-only for the tests)."""
    out = tmp_path_factory.mktemp("example") / "site"
    result = build_site(BuildOptions(root=REPO, out=out))
    assert result.written, "\n".join(format_diagnostic(d) for d in result.diagnostics)
    return out


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@contextlib.contextmanager
def checked_page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    """A new tab of this size, which must close without an uncaught script error on it."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.close()
    assert errors == []


def mermaid_blocks(name: str) -> list[str]:
    """The ```mermaid blocks of tests/fixtures/mermaid/NAME.md (Mermaid's docs' examples)."""
    text = (Path(__file__).parent / "fixtures" / "mermaid" / f"{name}.md").read_text("utf-8")
    return re.findall(r"^```mermaid\n(.*?)^```", text, re.M | re.S)
