"""The four seed benchmarks' published tables (catalog/seeds/*.toml, format in its
README): each row as printed, with the hashbench case that measures the same work.

Rows with `points` expand into one entry per point of the seed's axis (a bcrypt cost, a
digest input size), each its own comparison set. Loading checks everything a report
relies on — every published figure parses, lists have one value per point, claims name
rows that exist — and names the file and the row when something does not fit.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from hashbench import paths
from hashbench.errors import UsageError
from hashbench.model import CaseRecord, labels

OPS = ("digest", "derive", "hash", "verify", "hash_verify")
UNITS_NS = {"ns": 1.0, "µs": 1e3, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ns|µs|μs|us|ms|s)\s*$")


class Case(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Which records measure a row: every field given must match; params is a subset."""

    impl: str
    alg: str
    op: str
    mode: str | None = None
    params: dict[str, int] = {}
    length: int | None = None
    size: int | None = None
    defaults: bool = False  # a library-defaults record (params = "defaults")

    def matches(self, record: CaseRecord) -> bool:
        return (
            record.impl == self.impl
            and record.alg == self.alg
            and record.op == self.op
            and (self.mode is None or record.mode == self.mode)
            and all(record.params.get(k) == v for k, v in self.params.items())
            and (self.length is None or record.length == self.length)
            and (self.size is None or record.input_size == self.size)
            and record.library_defaults == self.defaults
        )


class Row(msgspec.Struct, forbid_unknown_fields=True):
    key: str
    label: str
    set: str = ""
    points: list[int] = []
    time: list[str] = []
    interval: list[list[str]] = []
    bytes_per_op: list[str] = []
    version: str = ""
    backend: str = ""
    case: Case | None = None
    missing: str = ""
    differences: list[str] = []


class Claim(msgspec.Struct, forbid_unknown_fields=True):
    text: str
    faster: str
    slower: str
    equal_faster: str = ""
    equal_slower: str = ""
    note: str = ""  # what explains the outcome here, where the numbers alone do not


class OpensslRow(msgspec.Struct, forbid_unknown_fields=True):
    """`openssl speed` as the seed printed it: blocks of each size hashed in `seconds`."""

    name: str  # as openssl names it
    alg: str  # as hashbench does
    points: list[int]
    beside: str  # the row key shown next to it
    ops: list[int] = []
    seconds: list[float] = []


class ModeMap(msgspec.Struct, forbid_unknown_fields=True):
    """Which of the seed's modes each of hashbench's digest modes is, for one adapter."""

    impl: str
    how: str
    source: str
    new: str = ""
    reset: str = ""
    oneshot: str = ""


class EqualStrength(msgspec.Struct, forbid_unknown_fields=True):
    """A question the seed left open — which parameters of other hashes match its bcrypt —
    answered from `hashbench strength` files: for each bcrypt cost, the equal-defender-time
    and equal-attacker-cost rows of `algorithms` measured with `impls`, against bcrypt
    measured with `bcrypt`."""

    question: str  # quoted from the seed
    bcrypt: str  # the bcrypt implementation whose cost is matched
    impls: list[str]
    algorithms: list[str] = msgspec.field(default_factory=lambda: ["argon2id", "scrypt"])
    costs: list[int] = msgspec.field(default_factory=lambda: [10, 12])


class SeedFile(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    title: str
    file: str
    origin: str
    table: str
    machine: str
    statistic: str
    axis: Literal["", "cost", "size"] = ""
    differences: list[str] = []
    row: list[Row] = []
    claim: list[Claim] = []
    openssl: list[OpensslRow] = []
    mode: list[ModeMap] = []
    equal_strength: EqualStrength | None = None


@dataclass(frozen=True)
class Entry:
    """One published (or hashbench-only) row at one point: what the report lines up."""

    key: str  # unique: the row's key, and its point for rows with points
    base: str  # the row's key
    label: str
    set: str
    at: int | None  # the axis value, for rows with points
    time_text: str
    time_ns: float | None
    interval_ns: tuple[float, float] | None
    bytes_text: str
    case: Case | None
    missing: str
    version: str
    backend: str
    differences: tuple[str, ...]

    @property
    def published(self) -> bool:
        return self.time_ns is not None


@dataclass(frozen=True)
class Seed:
    data: SeedFile
    entries: tuple[Entry, ...]
    path: Path

    def entry(self, key: str) -> Entry:
        return next(e for e in self.entries if e.key == key)

    def series(self, base: str) -> list[Entry]:
        """A row's entries, one per point (a row without points: itself)."""
        return [e for e in self.entries if e.base == base]

    def sets(self) -> list[str]:
        return list(dict.fromkeys(e.set for e in self.entries))


def duration_ns(text: str) -> float:
    """'1.728 ms', '926.6 μs', '599.94ns', '7.886 s' → ns; ValueError names the text."""
    found = DURATION.match(text)
    if not found:
        raise ValueError(f"{text!r} is not a duration (a number and ns, µs, ms or s)")
    return float(found.group(1)) * UNITS_NS[found.group(2)]


def point_label(axis: str, point: int) -> str:
    return labels.size_label(point) if axis == "size" else f"{axis} {point}"


def _label(label: str, point: int | None) -> str:
    """A row's label at a point: `{}` in it stands for the point, else it ends the label."""
    if point is None:
        return label
    return label.replace("{}", str(point)) if "{}" in label else f"{label} {point}"


def _expand(data: SeedFile, row: Row) -> list[Entry]:
    points: list[int | None] = list(row.points) or [None]
    n = len(points)
    for name, values in (("time", row.time), ("interval", row.interval)):
        if values and len(values) != n:
            raise ValueError(f"{name} has {len(values)} values for {n} point(s)")
    if row.bytes_per_op and len(row.bytes_per_op) != n:
        raise ValueError(f"bytes_per_op has {len(row.bytes_per_op)} values for {n} point(s)")
    if row.points and not data.axis:
        raise ValueError("points need the seed's axis (cost or size)")
    if not row.points and not row.set:
        raise ValueError("a row without points needs a set")
    if row.case is None and not row.missing:
        raise ValueError("give its hashbench case, or why there is none (missing)")
    if row.case is not None and row.case.op not in OPS:
        raise ValueError(f"case op {row.case.op!r} is not one of {', '.join(OPS)}")
    if not row.time and row.case is None:
        raise ValueError("a row hashbench measures alone needs a case")
    entries = []
    for i, point in enumerate(points):
        interval = None
        if row.interval:
            low, high = row.interval[i]
            interval = (duration_ns(low), duration_ns(high))
        case = row.case
        if case is not None and point is not None:
            if data.axis == "size":
                case = msgspec.structs.replace(case, size=point)
            else:
                case = msgspec.structs.replace(case, params={**case.params, data.axis: point})
        entries.append(
            Entry(
                key=row.key if point is None else f"{row.key} {point}",
                base=row.key,
                label=_label(row.label, point),
                set=row.set if point is None else point_label(data.axis, point),
                at=point,
                time_text=row.time[i] if row.time else "",
                time_ns=duration_ns(row.time[i]) if row.time else None,
                interval_ns=interval,
                bytes_text=row.bytes_per_op[i] if row.bytes_per_op else "",
                case=case,
                missing=row.missing,
                version=row.version,
                backend=row.backend,
                differences=tuple(row.differences),
            )
        )
    return entries


def _check_names(data: SeedFile, entries: list[Entry]) -> None:
    keys = [e.key for e in entries]
    doubled = sorted({k for k in keys if keys.count(k) > 1})
    if doubled:
        raise ValueError(f"row keys used twice: {', '.join(doubled)}")
    known = set(keys) | {e.base for e in entries}
    for claim in data.claim:
        for key in (claim.faster, claim.slower, claim.equal_faster, claim.equal_slower):
            if key and key not in known:
                raise ValueError(f"claim {claim.text[:40]!r}… names no row {key!r}")
    for row in data.openssl:
        if row.beside not in known:
            raise ValueError(f"openssl {row.name}: beside names no row {row.beside!r}")
        for name, values in (("ops", row.ops), ("seconds", row.seconds)):
            if values and len(values) != len(row.points):
                raise ValueError(f"openssl {row.name}: {name} has one value per point")


def load_file(path: Path) -> Seed:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        data = msgspec.convert(raw, SeedFile)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: cannot read: {exc}") from None
    except msgspec.ValidationError as exc:
        raise UsageError(f"{path}: {exc}") from None
    entries: list[Entry] = []
    for row in data.row:
        try:
            entries += _expand(data, row)
        except ValueError as exc:
            raise UsageError(f"{path}: row {row.key!r}: {exc}") from None
    try:
        _check_names(data, entries)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    return Seed(data, tuple(entries), path)


ORDER = ("haskell", "rust", "crystal", "deno")  # as the reference folder numbers them


def load(directory: Path | None = None) -> list[Seed]:
    folder = directory or paths.catalog_dir() / "seeds"
    seeds = [load_file(p) for p in sorted(folder.glob("*.toml"))]
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(seeds, key=lambda s: (rank.get(s.data.id, len(ORDER)), s.data.id))
