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


def test_a_faster_build_of_the_same_version_is_chosen(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow, fast = tmp_path / "slow", tmp_path / "fast"
    slow.mkdir(), fast.mkdir()
    default = fake_python(slow / "python3", "3.11", 0.010)
    fake_python(fast / "python3.11", "3.11", 0.007)
    monkeypatch.setenv("PATH", f"{slow}:{fast}")
    assert tool.fastest(str(default)) == str(fast / "python3.11")


def test_python3_is_kept_when_no_build_is_clearly_faster(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow, fast = tmp_path / "slow", tmp_path / "fast"
    slow.mkdir(), fast.mkdir()
    default = fake_python(slow / "python3", "3.11", 0.010)
    fake_python(fast / "python3.11", "3.11", 0.0099)  # within the margin
    monkeypatch.setenv("PATH", f"{slow}:{fast}")
    assert tool.fastest(str(default)) == str(default)


def test_a_build_of_another_version_is_never_chosen(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow, other = tmp_path / "slow", tmp_path / "other"
    slow.mkdir(), other.mkdir()
    default = fake_python(slow / "python3", "3.11", 0.010)
    fake_python(other / "python3", "3.13", 0.001)
    monkeypatch.setenv("PATH", f"{slow}:{other}")
    assert tool.fastest(str(default)) == str(default)


def test_the_real_python_is_timed_and_kept_when_alone(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no other build on PATH
    assert tool.fastest(sys.executable) == sys.executable
    assert 0 < tool.seconds(sys.executable) < 10
