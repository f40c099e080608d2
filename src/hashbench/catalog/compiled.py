"""The catalog compiled to one JSON file (build/catalog.json) that every runner reads at
start-up: algorithms with their parameter ranges and defaults, and the implementations
each runner serves. The TOML files stay the one place a person edits; runners keep only
the code that calls their libraries.

Format (version 1):
  {"catalog": 1,
   "algorithms": {"argon2id": {"kind": "password", "family": "argon2",
                               "length": {"default", "min", "max"} | null,
                               "salt": {"default", "min", "max"?} | null,
                               "output_bytes": int | null,
                               "params": {"m": {"unit", "default", "min", "max"?,
                                                "power_of_two"?, "choices"?,
                                                "min_per"?: {"param", "factor"}}}}},
   "runners": {"rust": {"rust/argon2": {"library": "argon2", "backend": "rust",
                                        "algorithms": ["argon2id", ...]}}}}
Only available rows are listed under "runners"; `params` keeps the catalog's key order.
"""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hashbench import paths
from hashbench.catalog import libraries

FORMAT = 1


def path() -> Path:
    return paths.root() / "build" / "catalog.json"


def sources() -> list[Path]:
    """What the compiled file is made from: the TOML files, and the code that reads them
    (a change to how rows are expanded, e.g. [[variant]], must recompile it too)."""
    lib_dir = paths.catalog_dir() / "libraries"
    code = [Path(__file__), Path(libraries.__file__)]
    return [paths.catalog_dir() / "algorithms.toml", *sorted(lib_dir.glob("*.toml")), *code]


def build() -> dict[str, Any]:
    with open(paths.catalog_dir() / "algorithms.toml", "rb") as f:
        algs = tomllib.load(f)
    algorithms = {
        name: {
            "kind": spec["kind"],
            "family": spec.get("family", name),
            "length": spec.get("length"),
            "salt": spec.get("salt"),
            "output_bytes": spec.get("output_bytes"),
            "params": spec.get("params", {}),
        }
        for name, spec in algs.items()
    }
    runners: dict[str, dict[str, Any]] = {}
    for row in libraries.load():
        if not row.available or "/" not in row.impl:
            continue
        runners.setdefault(row.runner, {})[row.impl] = {
            "library": row.hello_name,
            "backend": row.backend,
            "algorithms": list(row.algorithms),
        }
    return {"catalog": FORMAT, "algorithms": algorithms, "runners": runners}


def is_stale() -> bool:
    target = path()
    if not target.exists():
        return True
    built = target.stat().st_mtime
    return any(src.stat().st_mtime > built for src in sources())


def ensure() -> Path:
    """Write build/catalog.json when it is missing or older than its TOML sources."""
    target = path()
    if is_stale():
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".catalog.", suffix=".json", dir=target.parent)
        with os.fdopen(fd, "w") as f:
            json.dump(build(), f, indent=1)
            f.write("\n")
        os.replace(tmp, target)
    return target
