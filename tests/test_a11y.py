"""Accessibility of the built example site: the Nu HTML Checker over every page and stylesheet,
axe-core on each page type in the light and dark schemes, no sideways scrolling at 360 px with
JavaScript on. Screenshots of each page type and the counts go to test-artifacts/a11y/ (not committed).
The checkers are installed by `make node` (tests/node pins their versions)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from tests import test_browser

REPO = Path(__file__).resolve().parents[1]
NODE_MODULES = REPO / ".venv" / "node" / "node_modules"
VNU = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
ARTIFACTS = REPO / "test-artifacts" / "a11y"
BASE_URL = "https://notes.example.org/"  # the example's base_url: 404.html links there absolutely
SEVERE = ("serious", "critical")
PAGE_TYPES = {
    **test_browser.PAGE_TYPES,
    "entry-with-footnotes": "imported/harnessing-the-universal-geometry-of-embeddings/index.html",
}
AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
    targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")),
  }));
}"""

# name -> (the system's scheme, the theme chosen with the toggle: header.js sets <html data-theme>)
SCHEMES = {
    "light": ("light", ""),
    "dark": ("dark", ""),
    "chosen-light": ("dark", "light"),
    "chosen-dark": ("light", "dark"),
}
CHOOSE_THEME = """(theme) => theme ? document.documentElement.setAttribute("data-theme", theme)
  : document.documentElement.removeAttribute("data-theme")"""

pytestmark = pytest.mark.browser


def record(key: str, value: Any) -> None:
    """Add one figure to test-artifacts/a11y/summary.json (quoted when closing an issue)."""
    summary = ARTIFACTS / "summary.json"
    data = json.loads(summary.read_text(encoding="utf-8")) if summary.is_file() else {}
    data[key] = value
    summary.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@pytest.fixture(scope="module", autouse=True)
def artifacts() -> Path:
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    return ARTIFACTS


# --- the Nu HTML Checker ---------------------------------------------------------------------


def run_vnu(folder: Path) -> list[dict[str, Any]]:
    """Every message of vnu.jar over the HTML and CSS files under `folder`."""
    assert shutil.which("java"), "Java is needed for the Nu HTML Checker"
    assert VNU.is_file(), "run `make node` to install the Nu HTML Checker"
    cmd = ["java", "-jar", str(VNU), "--skip-non-html", "--also-check-css", "--format", "json"]
    proc = subprocess.run(
        [*cmd, "--stdout", str(folder)], capture_output=True, text=True, timeout=600, check=False
    )
    assert proc.returncode in (0, 1), proc.stderr
    messages: list[dict[str, Any]] = json.loads(proc.stdout)["messages"]
    return messages


def nu_counts(messages: list[dict[str, Any]]) -> dict[str, int]:
    kinds = Counter("warning" if m.get("subType") == "warning" else m["type"] for m in messages)
    return {kind: kinds[kind] for kind in ("error", "warning", "info", "non-document-error")}


def describe(m: dict[str, Any]) -> str:
    return f"{m.get('url', '?')}:{m.get('lastLine', '?')}: {m['type']}: {m.get('message')}"


def test_nu_checker_reports_a_broken_page_and_stylesheet(tmp_path: Path) -> None:
    (tmp_path / "bad.html").write_text(
        '<!doctype html><html lang="en"><title>x</title><h1>A</h1><h3>B</h3><p><div>x</div>',
        encoding="utf-8",
    )
    (tmp_path / "bad.css").write_text("a { colr: red; }\n", encoding="utf-8")
    (tmp_path / "feed.xml").write_text("<feed/>\n", encoding="utf-8")  # skipped: not HTML
    errors = [m for m in run_vnu(tmp_path) if m["type"] == "error"]
    assert {Path(m["url"]).name for m in errors} == {"bad.html", "bad.css"}
    assert any("skipping 1 heading level" in m["message"] for m in errors)
    assert any("colr" in m["message"] for m in errors)


def test_nu_checker_finds_no_error_in_the_example_site(example_site: Path) -> None:
    pages = sorted(example_site.rglob("*.html"))
    assert len(pages) > 50
    messages = run_vnu(example_site)
    counts = nu_counts(messages)
    record("nu", {"html_files": len(pages), **counts})
    print(f"Nu HTML Checker over {len(pages)} pages and the CSS: {counts}")
    errors = [describe(m) for m in messages if m["type"] != "info"]
    assert errors == [], "\n".join(errors)


# --- axe-core ----------------------------------------------------------------------------------


def site_page_types(site: Path) -> dict[str, str]:
    """The fixed page types plus any other section index (and one page under it) and entry kind,
    so that sections added later are audited without editing this list."""
    found = dict(PAGE_TYPES)
    listed = set(found.values())
    sections = {Path(rel).parts[0] for rel in listed if "/" in rel}
    for index in sorted(site.glob("*/index.html")):
        section = index.parent.name
        if index.relative_to(site).as_posix() not in listed:
            found[section] = f"{section}/index.html"
        under = sorted(index.parent.glob("*/index.html"))
        if under and section not in sections:
            found[f"{section}-page"] = under[0].relative_to(site).as_posix()
    script = (site / "assets" / "entries.js").read_text(encoding="utf-8")
    rows = json.loads(script[script.index("[") : script.rindex("]") + 1])
    for row in rows:
        found.setdefault(row["kind"], row["url"] + "index.html")
    return found


def serve_base_url(site: Path, route: Route) -> None:
    """Requests to the example's base_url are answered from the built site (tests stay offline)."""
    target = site / route.request.url.removeprefix(BASE_URL).split("?")[0].split("#")[0]
    if target.is_dir():
        target = target / "index.html"
    if target.is_file():
        route.fulfill(path=target)
    else:
        route.fulfill(status=404, body="")


@pytest.fixture(scope="module")
def context(browser: Browser, example_site: Path) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.route(BASE_URL + "**", lambda route: serve_base_url(example_site, route))
    yield ctx
    ctx.close()


def run_axe(page: Page, name: str, width: int = 1280) -> dict[str, Any]:
    """axe in the light and dark schemes of the system, and in each theme the toggle can choose
    against the other system scheme (<html data-theme>); a screenshot of each system scheme."""
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = {}
    for scheme, (system, chosen) in SCHEMES.items():
        page.emulate_media(color_scheme=system)  # type: ignore[arg-type]
        page.evaluate(CHOOSE_THEME, chosen)
        result[scheme] = page.evaluate(AXE_RUN)
        if not chosen:
            shot = ARTIFACTS / f"{name}-{scheme}-{width}.png"
            page.screenshot(path=shot, full_page=True)
            result[f"screenshot-{scheme}"] = str(shot)
    page.evaluate(CHOOSE_THEME, "")
    return result


def audit_page(context: BrowserContext, url: str, name: str) -> dict[str, Any]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    result = run_axe(page, name)
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme="light")
    result["width-360"] = page.evaluate("document.scrollingElement.scrollWidth")
    page.screenshot(path=ARTIFACTS / f"{name}-light-360.png", full_page=True)
    result["script-errors"] = errors
    page.close()
    return result


def audit_open_widgets(context: BrowserContext, site: Path) -> dict[str, dict[str, Any]]:
    """The same checks with a link preview open, with a footnote popover, then the menu open at
    360 px, and with the search dialog showing results at 360 and 1280 px."""
    page = context.new_page()
    page.goto((site / PAGE_TYPES["paper"]).as_uri())
    page.locator(".body a.wikilink").first.focus()
    page.locator("#nb-preview").wait_for(state="visible")
    found = {"paper+preview": run_axe(page, "paper+preview")}
    found["paper+preview"]["open"] = page.locator("#nb-preview").is_visible()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto((site / PAGE_TYPES["entry-with-footnotes"]).as_uri())
    page.locator(".footnote-ref a").first.click()
    page.locator(".footnote-popover").wait_for(state="visible")
    found["footnote-popover"] = run_axe(page, "footnote-popover", 360)
    found["footnote-popover"]["open"] = page.locator(".footnote-popover").is_visible()
    page.get_by_role("button", name="Menu").click()
    found["menu"] = run_axe(page, "menu", 360)
    found["menu"]["open"] = page.get_by_role("navigation", name="Site").is_visible()
    page.keyboard.press("Escape")
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 740})
        page.keyboard.press("/")
        page.keyboard.type("muon")
        page.locator("#search-dialog .search-results > li").first.wait_for()
        found[f"search-dialog-{width}"] = run_axe(page, f"search-dialog-{width}", width)
        found[f"search-dialog-{width}"]["open"] = page.locator("#search-dialog").is_visible()
        page.keyboard.press("Escape")
    page.close()
    return found


@pytest.fixture(scope="module")
def audits(context: BrowserContext, example_site: Path) -> dict[str, dict[str, Any]]:
    assert AXE.is_file(), "run `make node` to install axe-core"
    found = {
        name: audit_page(context, (example_site / rel).as_uri(), name)
        for name, rel in sorted(site_page_types(example_site).items())
    }
    found.update(audit_open_widgets(context, example_site))
    by_impact = Counter(
        v["impact"] for result in found.values() for s in SCHEMES for v in result[s]
    )
    record("axe", {"pages": len(found), "schemes": 4, "violations_by_impact": dict(by_impact)})
    record("screenshots", {name: r["screenshot-light"] for name, r in found.items()})
    print(f"axe-core over {len(found)} page types x 4 schemes: {dict(by_impact)}; {ARTIFACTS}")
    return found


def test_axe_finds_no_serious_or_critical_violation(audits: dict[str, dict[str, Any]]) -> None:
    every = [
        f"{name} ({scheme}): {v['impact']} {v['id']}: {v['help']} x{v['nodes']} {v['targets']}"
        for name, result in audits.items()
        for scheme in SCHEMES
        for v in result[scheme]
    ]
    severe = [line for line in every if line.split(": ")[1].split()[0] in SEVERE]
    assert severe == [], "all violations:\n" + "\n".join(every)


def test_every_page_type_is_audited_with_screenshots(audits: dict[str, dict[str, Any]]) -> None:
    widgets = {
        "paper+preview",
        "footnote-popover",
        "menu",
        "search-dialog-360",
        "search-dialog-1280",
    }
    assert set(PAGE_TYPES) | widgets <= set(audits)
    assert all(audits[name]["open"] for name in widgets)
    for name, result in audits.items():
        for scheme in ("light", "dark"):
            assert Path(result[f"screenshot-{scheme}"]).stat().st_size > 1000, name


def test_pages_run_without_script_errors_and_fit_360px(audits: dict[str, dict[str, Any]]) -> None:
    problems = {
        name: (r["width-360"], r["script-errors"])
        for name, r in audits.items()
        if "width-360" in r and (r["width-360"] > 360 or r["script-errors"])
    }
    assert problems == {}


def test_axe_reports_low_contrast(browser: Browser) -> None:
    """The harness really sees violations: a faint paragraph is a serious colour-contrast one."""
    page = browser.new_page()
    page.set_content(
        '<!doctype html><html lang="en"><title>t</title><main><h1>T</h1>'
        '<p style="color:#bbb;background:#fff">faint text</p></main></html>'
    )
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_RUN)
    page.close()
    assert [(v["id"], v["impact"]) for v in violations] == [("color-contrast", "serious")]
