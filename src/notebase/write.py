"""Pages and assets -> site/: built beside the output, swapped in whole, so no half-written site."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from notebase.diagnostics import Diagnostic, SourcePos, error

MARKER_FILE = ".notebase-site"


def check_output_dir(out: Path, root: Path, force: bool = False) -> Diagnostic | None:
    """Refuse an output folder that would destroy notes, the project, the home folder or /."""
    out, root = out.resolve(), root.resolve()
    forbidden = {Path("/"), Path.home().resolve(), root, (root / "notes").resolve()}
    if out in forbidden or out in root.parents or (root / "notes").resolve().is_relative_to(out):
        hint = "choose a folder of its own, such as site/"
        return error(
            "unsafe-out", f"refusing to write the site into {out}", SourcePos(str(out)), hint
        )
    if out.exists() and not out.is_dir():
        return error("unsafe-out", f"{out} exists and is not a folder", SourcePos(str(out)))
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER_FILE).exists() and not force:
        hint = "notebase only replaces folders it created; pass --force to replace it anyway"
        return error(
            "unsafe-out",
            f"{out} is not empty and was not made by notebase",
            SourcePos(str(out)),
            hint,
        )
    return None


def write_site(out: Path, files: Mapping[str, bytes]) -> None:
    """Write every file into a temporary folder beside `out`, then swap it in with renames."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".site-tmp-", dir=out.parent))
    try:
        for rel, data in sorted(files.items()):
            target = safe_join(tmp, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        (tmp / MARKER_FILE).write_text("built by notebase\n")
        swap_in(tmp, out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def safe_join(base: Path, rel: str) -> Path:
    """base/rel, refusing any path that would leave base (a programmer error: slugs are clean)."""
    target = (base / rel).resolve()
    if not target.is_relative_to(base.resolve()) or "\x00" in rel:
        raise ValueError(f"output path escapes the site folder: {rel!r}")
    return target


def swap_in(tmp: Path, out: Path) -> None:
    old = out.with_name(out.name + ".old-" + str(os.getpid()))
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)
