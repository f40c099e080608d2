"""Imports point one way (docs/architecture.md): a test over the source's own imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "hashbench"

# The base: facts and helpers every stage may use, importing nothing above them.
BASE = {"model", "catalog", "paths", "errors", "machine", "__init__", "__version__"}
# What each package may import besides the base and itself.
ALLOWED: dict[str, set[str]] = {
    "model": set(),
    "catalog": set(),
    "machine": set(),
    "measure": set(),
    "verify": set(),
    "runner": set(),
    "results": set(),
    "store": {"results"},
    "engine": {"runner", "measure", "verify", "results", "store"},
    "fidelity": {"runner", "measure", "verify", "results", "store"},
    "strength": {"engine", "runner", "measure", "verify", "results", "store"},
    "cards": {"engine", "fidelity", "strength", "runner", "measure", "verify", "results", "store"},
    "site": {"cards", "fidelity", "store", "results"},
    "report": {"measure"},
    "command_support": {"*"},  # what several commands share: anything but a command
    "commands": {"*"},
    "cli": {"commands"},
    "__main__": {"cli"},
}
STRICT_BASE = {"model": set(), "errors": set(), "paths": set()}  # import nothing of ours


def _package(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _modules(path: Path) -> list[tuple[int, str]]:
    """Every hashbench module a source imports, by its full name; `from a.b import c`
    counts as a.b.c (c may be a module or a name in a.b)."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return [(line, name) for line, name in found if name.startswith("hashbench.")]


def _imports(path: Path) -> list[tuple[int, str]]:
    """The packages (or top-level modules) of hashbench a source imports."""
    return [(line, name.split(".")[1]) for line, name in _modules(path)]


SOURCES = sorted(SRC.rglob("*.py"))


def test_every_package_is_placed_in_the_layering():
    packages = {_package(p) for p in SOURCES}
    assert packages <= set(ALLOWED) | BASE, packages - set(ALLOWED) - BASE


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(SRC)) for p in SOURCES])
def test_imports_point_one_way(path: Path):
    own = _package(path)
    for line, target in _imports(path):
        if target == own:
            continue
        where = f"{path.relative_to(SRC)}:{line} imports hashbench.{target}"
        if own in STRICT_BASE:
            pytest.fail(f"{where}: {own} imports nothing of hashbench")
        allowed = ALLOWED.get(own, set())
        if "*" in allowed:
            continue
        assert target in BASE or target in allowed, where


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(SRC)) for p in SOURCES])
def test_nothing_imports_a_command(path: Path):
    """Commands are only commands: what two of them share lives in command_support/ or the
    stage it belongs to, so no module (a command included) imports a command's module.
    cli.py reads the list of them from the package itself."""
    for line, name in _modules(path):
        parts = name.split(".")
        if parts[1] == "commands" and len(parts) > 2 and parts[2] != "modules":
            pytest.fail(f"{path.relative_to(SRC)}:{line} imports the command {name}")
