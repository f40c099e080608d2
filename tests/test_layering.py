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
    "report": {"measure"},
    "commands": {"*"},
    "cli": {"commands"},
    "__main__": {"cli"},
}
STRICT_BASE = {"model": set(), "errors": set(), "paths": set()}  # import nothing of ours


def _package(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "hashbench":
                names = [f"hashbench.{a.name}" for a in node.names]
            found += [(node.lineno, n) for n in names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return [(line, name.split(".")[1]) for line, name in found if name.startswith("hashbench.")]


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
