"""Known libraries (catalog/libraries/*.toml), available here or not, with the reason.

A file may also declare `[[variant]]`s: another runner serving the same implementations,
built differently (rust-native: the rust runner built for this CPU). Each row of the
runner `of` comes back once more under the variant's runner, its name and notes saying how
it was built, so a variant needs no copied rows to drift apart.

A row may name its base: `variant_of` (set on every [[variant]] row; written by hand on
a build of the same code that is a runner of its own, such as rust-parallel) or
`binding_of` (another language's binding of the same C library: PyNaCl of libsodium).
What the base is documented to do (catalog/known-divergences.toml), the row inherits
unless it is said to differ (fidelity/known.py)."""

from __future__ import annotations

import tomllib
from typing import Any

from hashbench import paths
from hashbench.errors import UsageError


def _variant_rows(variant: dict[str, Any], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of runner `of` again under the variant's runner; `only` keeps those the
    variant builds differently (c-native: the one library it compiles from source),
    `without` leaves out those it cannot have (node20: node:crypto's argon2, new in Node
    24.7), `set` replaces fields that differ in that build (its registry, what it needs)."""
    prefix = variant["of"] + "/"
    only = variant.get("only")
    without = set(variant.get("without", []))
    return [
        {
            **row,
            "impl": f"{variant['runner']}/{row['impl'].removeprefix(prefix)}",
            "name": row["name"] + variant["name_suffix"],
            "library": row.get("library", row["name"]),
            "notes": f"{variant['notes']}; as {row['impl']}: {row.get('notes', '')}",
            "variant_of": row["impl"],
            **variant.get("set", {}),
        }
        for row in rows
        if row.get("impl", "").startswith(prefix)
        and (only is None or row["impl"] in only)
        and row["impl"] not in without
    ]


def load() -> list[dict[str, Any]]:
    """Every row, file by file: a file's own rows, then its variants' (a variant may be of
    another file's runner: bun.toml lists node.toml's npm rows again under bun)."""
    files = []
    for path in sorted((paths.catalog_dir() / "libraries").glob("*.toml")):
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: malformed TOML: {exc}") from exc
        own = [{**row, "catalog_file": path.name} for row in data.get("library", [])]
        files.append((path.name, own, data.get("variant", [])))
    every = [row for _, own, _ in files for row in own]
    rows = []
    for name, own, variants in files:
        rows += own
        for variant in variants:
            rows += [{**row, "catalog_file": name} for row in _variant_rows(variant, every)]
    return rows


def bases() -> dict[str, str]:
    """implementation id → its base (`variant_of`, else `binding_of`), for the rows that
    have one."""
    out: dict[str, str] = {}
    for row in load():
        base = row.get("variant_of") or row.get("binding_of")
        if base and row.get("impl"):
            out[row["impl"]] = base
    return out


def offered() -> dict[str, set[str]]:
    """implementation id → the algorithms its catalog row lists."""
    return {row["impl"]: set(row.get("algorithms", [])) for row in load() if row.get("impl")}
