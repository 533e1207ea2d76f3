"""tools/fastest_python.py: the build of python3's version that `make` makes the .venv with."""

from __future__ import annotations

import importlib.util
import stat
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fastest_python.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fastest_python", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_python(path: Path, version: str, workload_seconds: float) -> Path:
    """A program that answers the tool's probe as a Python `version` at `path`, and its
    workload with `workload_seconds`."""
    major, minor = version.split(".")
    path.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        f'  *ensurepip*) echo "{major} {minor}"; echo "{path}";;\n'
        f"  *) echo {workload_seconds};;\n"
        "esac\n"
    )
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def tool() -> ModuleType:
    return load_tool()


@pytest.mark.parametrize(
    ("other_version", "other_seconds", "chosen"),
    [
        ("3.11", 0.007, "other"),  # a build of the same version, clearly faster
        ("3.11", 0.0099, "default"),  # faster within the margin: python3 kept
        ("3.13", 0.001, "default"),  # another version, however fast
    ],
)
def test_the_build_chosen(
    tool: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    other_version: str,
    other_seconds: float,
    chosen: str,
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    default = fake_python(first / "python3", "3.11", 0.010)
    name = f"python{other_version}" if other_version == "3.11" else "python3"  # (python3.X: 3.11)
    other = fake_python(second / name, other_version, other_seconds)
    monkeypatch.setenv("PATH", f"{first}:{second}")
    assert tool.fastest(str(default)) == str(other if chosen == "other" else default)


def test_the_real_python_is_timed_and_kept_when_alone(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no other build on PATH
    assert tool.fastest(sys.executable) == sys.executable
    assert 0 < tool.seconds(sys.executable) < 10
