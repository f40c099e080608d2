"""The divergences the project knows, as data (`catalog/known-divergences.toml`), and a
run's findings compared with them: known, new, gone.

Each entry of the file names the check, one subject or several, the behaviour, the
implementations that do it, the input class in words and a sentence of why. Its keys are
every (subject, implementation) pair of the entry, so one entry stands for one behaviour
shared by several libraries (or one library on several inputs).

A known divergence is *gone* only if the run could have seen it: every implementation it
involves ran (`findings.involved`). A run limited to `--runner rust` says nothing about
Go's divergences.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hashbench import paths
from hashbench.errors import UsageError
from hashbench.fidelity.findings import CHECKS, Finding, involved

FILE = "known-divergences.toml"
FIELDS = {"check", "subject", "behaviour", "impls", "input", "why"}


class KnownFileError(UsageError):
    """The known-divergences file is missing or malformed (named with the entry and the
    field): bad configuration, exit 2 like any usage error."""


@dataclass(frozen=True)
class Entry:
    check: str
    subjects: tuple[str, ...]
    behaviour: str
    impls: tuple[str, ...]
    input: str
    why: str

    def keys(self) -> list[tuple[str, str, str, str]]:
        return [(self.check, s, self.behaviour, i) for s in self.subjects for i in self.impls]


def path() -> Path:
    return paths.catalog_dir() / FILE


def _entry(n: int, raw: dict[str, Any]) -> Entry:
    missing = sorted(FIELDS - set(raw))
    extra = sorted(set(raw) - FIELDS)
    if missing or extra:
        raise KnownFileError(f"{FILE} entry {n}: missing {missing}, unknown {extra}")
    if raw["check"] not in CHECKS:
        raise KnownFileError(f"{FILE} entry {n}: check {raw['check']!r} is not one of {CHECKS}")
    subjects = raw["subject"] if isinstance(raw["subject"], list) else [raw["subject"]]
    if not subjects or not raw["impls"]:
        raise KnownFileError(f"{FILE} entry {n}: no subject or no implementation")
    return Entry(
        raw["check"],
        tuple(subjects),
        raw["behaviour"],
        tuple(raw["impls"]),
        raw["input"],
        raw["why"],
    )


@cache
def load(file: Path | None = None) -> tuple[Entry, ...]:
    where = file or path()
    try:
        with open(where, "rb") as f:
            rows = tomllib.load(f).get("divergence", [])
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise KnownFileError(f"cannot read known divergences {where}: {exc}") from exc
    entries = tuple(_entry(n, raw) for n, raw in enumerate(rows, 1))
    seen: dict[tuple[str, str, str, str], int] = {}
    for n, entry in enumerate(entries, 1):
        for key in entry.keys():
            if key in seen:
                raise KnownFileError(f"{FILE} entries {seen[key]} and {n} both list {key}")
            seen[key] = n
    return entries


@dataclass(frozen=True)
class Comparison:
    known: list[Finding]
    new: list[Finding]
    gone: list[tuple[tuple[str, str, str, str], Entry]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "known": [f.to_dict() for f in self.known],
            "new": [f.to_dict() for f in self.new],
            "gone": [
                {
                    **dict(zip(("check", "subject", "behaviour", "impl"), key, strict=True)),
                    "why": entry.why,
                }
                for key, entry in self.gone
            ],
        }


def compare(found: list[Finding], entries: tuple[Entry, ...], ran: set[str]) -> Comparison:
    by_key = {key: entry for entry in entries for key in entry.keys()}
    found_keys = {f.key for f in found}
    gone = [
        (key, entry)
        for key, entry in by_key.items()
        if key not in found_keys and involved(key[0], key[1], key[3]) <= ran
    ]
    return Comparison(
        known=[f for f in found if f.key in by_key],
        new=[f for f in found if f.key not in by_key],
        gone=sorted(gone, key=lambda item: item[0]),
    )


def why(entries: tuple[Entry, ...]) -> dict[tuple[str, str, str, str], str]:
    """key -> the entry's sentence, for the report's one-line divergences."""
    return {key: entry.why for entry in entries for key in entry.keys()}


def kat(entries: tuple[Entry, ...]) -> dict[tuple[str, str, str], str]:
    """(impl, op, expected) -> why for the vectors a library is known to get wrong, in the
    shape of `kat.Outcome.key` (the conformance test's view of the same rows)."""
    return {
        (impl, behaviour.removeprefix("wrong "), subject): entry.why
        for entry in entries
        if entry.check == "kat"
        for (_, subject, behaviour, impl) in entry.keys()
    }
