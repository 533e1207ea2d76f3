"""The import graph of src/notebase: no cycles, and the stages never reach for the build machinery.

Imports are read with ast (function-local and TYPE_CHECKING imports count: they are edges too).
`from notebase.markdown import x` is an edge to the package notebase.markdown; an import of a name
inside a module (`from notebase.markdown.parser import x`) is an edge to that module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import notebase

PACKAGE = Path(notebase.__file__).parent

# what runs a build, keeps its state and puts the site on disk or on the wire
MACHINERY = frozenset({"builder", "cli", "files", "livehttp", "serve"})
# the pipeline's stages, by step (a package covers its modules), and the records and helpers they
# share
STAGES = frozenset(
    {
        "reading",
        "linking",
        "planning",
        "markdown",
        "importers",
        "config",
        "diagnostics",
        "digests",
        "fuzzy",
        "model",
        "records",
        "slugs",
        "urls",
    }
)
# commands beside the build: they may use the machinery (arxiv keeps its answers in the cache)
COMMANDS = frozenset({"", "__main__", "arxiv", "new"})


def module_names(package: Path) -> dict[str, Path]:
    """Every module under the package by its name relative to it ("markdown.parser"; "" for the
    package itself)."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path) -> Iterable[str]:
    """The absolute module names `name` (at `path`) imports, wherever in the file."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = shown(name).split(".")[: None if is_package else -1]
            base = base[: len(base) - node.level + 1]
            yield ".".join([*base, node.module] if node.module else base)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """Each module -> the modules of the package it imports (a name in a module: that module)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target in imported(name, path):
            if target != "notebase" and not target.startswith("notebase."):
                continue
            own = target.removeprefix("notebase").removeprefix(".")
            while own and own not in modules:
                own = own.rpartition(".")[0]
            if own != name:
                graph[name].add(own)
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import cycle as the modules along it (the first again at the end), or None."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path, on_path = [start], {start}
        stack = [(start, iter(sorted(graph[start])))]
        while stack:
            node, targets = stack[-1]
            target = next(targets, None)
            if target is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif target in on_path:
                return [*path[path.index(target) :], target]
            elif target not in done:
                stack.append((target, iter(sorted(graph[target]))))
                path.append(target)
                on_path.add(target)
    return None


def group(module: str) -> str:
    """Which of MACHINERY, STAGES, COMMANDS a module is in (by itself or its package)."""
    top = module.split(".", 1)[0]
    found = [
        label
        for label, names in (("machinery", MACHINERY), ("stage", STAGES), ("command", COMMANDS))
        if module in names or top in names
    ]
    return found[0] if len(found) == 1 else f"unclassified ({len(found)} groups)"


def shown(module: str) -> str:
    return f"notebase.{module}" if module else "notebase"


GRAPH = import_graph(module_names(PACKAGE))


def test_the_graph_is_read() -> None:
    assert {"planning.cards", "planning.sourcepages"} <= GRAPH["planning.pages"]
    assert GRAPH["cli"] >= {"builder.pipeline", "serve"}
    assert "markdown" in GRAPH["reading.parse"]  # a package import is an edge to the package
    assert "markdown.highlight" in GRAPH["builder.inputs"]


def test_there_is_no_import_cycle() -> None:
    cycle = find_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(map(shown, cycle or []))


def test_every_module_is_a_stage_machinery_or_a_command() -> None:
    groups = {"machinery", "stage", "command"}
    unclassified = [shown(m) for m in sorted(GRAPH) if group(m) not in groups]
    assert not unclassified, f"add these to a set in tests/test_layers.py: {unclassified}"


def test_no_stage_imports_the_build_machinery() -> None:
    bad = [
        f"{shown(m)} imports {shown(t)}"
        for m in sorted(GRAPH)
        if group(m) == "stage"
        for t in sorted(GRAPH[m])
        if group(t) == "machinery"
    ]
    assert not bad, "a stage imports the build machinery: " + "; ".join(bad)


def test_find_cycle_names_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_function_is_longer_than_sixty_lines() -> None:
    long = [
        f"{shown(module)}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for module, path in module_names(PACKAGE).items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > 60
    ]
    assert not long, "split these: " + "; ".join(long)
