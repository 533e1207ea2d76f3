"""The built wheel ships the theme and works from a fresh virtual environment, outside the repository."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).parents[1]


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.mark.slow
def test_wheel_installs_and_builds_a_site(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    run(sys.executable, "-m", "build", "--wheel", "--outdir", dist, REPO, cwd=tmp_path)
    (wheel,) = dist.glob("notebase-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in [
        "notebase/__init__.py",
        "notebase/cli.py",
        "notebase/templates/base.html",
        "notebase/templates/entry.html",
        "notebase/templates/partials/card.html",
        "notebase/templates/assets/style.css",
    ]:
        assert name in names, name

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path)

    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    (kb / "notes" / "hello-world.md").write_text(
        "---\ntitle: Hello from a wheel\ntags: [packaging]\n---\nIt works.\n", encoding="utf-8"
    )
    assert not kb.resolve().is_relative_to(REPO.resolve())
    run(venv / "bin" / "notebase", "build", cwd=kb)

    home = (kb / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="hello-world/index.html">Hello from a wheel</a>' in home
    assert (kb / "site" / "hello-world" / "index.html").is_file()
    assert (kb / "site" / "tags" / "packaging" / "index.html").is_file()
    assert (kb / "site" / "assets" / "style.css").read_bytes() == (
        REPO / "templates" / "assets" / "style.css"
    ).read_bytes()
