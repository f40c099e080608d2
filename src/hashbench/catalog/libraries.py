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

import msgspec

from hashbench import paths
from hashbench.errors import UsageError


class LibraryRow(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A library as the catalog knows it: decoded once, read by attribute everywhere."""

    impl: str  # <runner>/<name>
    name: str  # as people know it
    language: str  # the runtime its users run it in (JavaScript (Node.js 20), …)
    registry: str = ""
    backend: str = ""  # what computes the hash: its own code, a C library, WASM…
    algorithms: list[str] = []
    available: bool = False
    reason: str = ""  # why it is not available here
    notes: str = ""  # what the adapter calls
    adapter: str | None = None  # the adapter's file
    is_async: bool | None = msgspec.field(name="async", default=None)
    needs: str = ""  # what a user installs beside it
    library: str = ""  # as its runner's hello names it, where not `name`
    salts_itself: bool | None = None
    binding_of: str | None = None  # another language's binding of this C library
    variant_of: str | None = None  # the same code built as another runner

    @property
    def runner(self) -> str:
        return self.impl.split("/", 1)[0]

    @property
    def hello_name(self) -> str:
        """The library as its runner's hello names it."""
        return self.library or self.name


class Variant(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """Another runner serving the rows of runner `of`, built differently."""

    runner: str
    of: str
    name_suffix: str
    notes: str
    only: list[str] | None = None  # the rows it builds differently; None: every row
    without: list[str] = []  # the rows it cannot have
    set: dict[str, Any] = {}  # fields that differ in that build


def _decode(row: dict[str, Any], where: str) -> LibraryRow:
    try:
        return msgspec.convert(row, LibraryRow)
    except msgspec.ValidationError as exc:
        raise UsageError(f"{where}: a library row {row.get('impl', '?')!r}: {exc}") from None


def _variant_rows(variant: Variant, rows: list[LibraryRow], where: str) -> list[LibraryRow]:
    """The rows of runner `of` again under the variant's runner; `only` keeps those the
    variant builds differently (c-native: the one library it compiles from source),
    `without` leaves out those it cannot have (node20: node:crypto's argon2, new in Node
    24.7), `set` replaces fields that differ in that build (its registry, what it needs)."""
    prefix = variant.of + "/"
    return [
        _decode(
            {
                **msgspec.to_builtins(row),
                "impl": f"{variant.runner}/{row.impl.removeprefix(prefix)}",
                "name": row.name + variant.name_suffix,
                "library": row.hello_name,
                "notes": f"{variant.notes}; as {row.impl}: {row.notes}",
                "variant_of": row.impl,
                **variant.set,
            },
            where,
        )
        for row in rows
        if row.impl.startswith(prefix)
        and (variant.only is None or row.impl in variant.only)
        and row.impl not in variant.without
    ]


def load() -> list[LibraryRow]:
    """Every row, file by file: a file's own rows, then its variants' (a variant may be of
    another file's runner: bun.toml lists node.toml's npm rows again under bun)."""
    files = []
    for path in sorted((paths.catalog_dir() / "libraries").glob("*.toml")):
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: malformed TOML: {exc}") from exc
        own = [_decode(row, str(path)) for row in data.get("library", [])]
        try:
            variants = [msgspec.convert(v, Variant) for v in data.get("variant", [])]
        except msgspec.ValidationError as exc:
            raise UsageError(f"{path}: a [[variant]]: {exc}") from None
        files.append((path.name, own, variants))
    every = [row for _, own, _ in files for row in own]
    rows = []
    for name, own, variants in files:
        rows += own
        for variant in variants:
            rows += _variant_rows(variant, every, name)
    return rows


def bases() -> dict[str, str]:
    """implementation id → its base (`variant_of`, else `binding_of`), for the rows that
    have one."""
    out: dict[str, str] = {}
    for row in load():
        base = row.variant_of or row.binding_of
        if base:
            out[row.impl] = base
    return out


def offered() -> dict[str, set[str]]:
    """implementation id → the algorithms its catalog row lists."""
    return {row.impl: set(row.algorithms) for row in load()}
