"""The divergences the project knows, as data (`catalog/known-divergences.toml`), and a
run's findings compared with them: known, new, gone.

Each entry of the file names the check, one subject or several, the behaviour, the
implementations that do it, the input class in words and a sentence of why. Its keys are
every (subject, implementation) pair of the entry, so one entry stands for one behaviour
shared by several libraries (or one library on several inputs).

A known divergence is *gone* only if the run could have seen it: every implementation it
involves ran (`findings.involved`). A run limited to `--runner rust` says nothing about
Go's divergences.

A build variant (rust-native/argon2 of rust/argon2) or a binding of the same C library
(python/pynacl of c/libsodium) inherits what its base is documented to do: the catalog
names the base (`variant_of`, `binding_of`), and each entry's keys include the base's
variants and bindings that offer the subject's algorithm, unless the entry says they
differ (`differs = [...]`) or they document that subject themselves. An interop entry's
subject names the producer, and a variant or binding of the producer inherits it in the
same way ("argon2d from node20/argon2" of "argon2d from node/argon2"). The gate then
holds them to it: a variant that stops doing what its base does is a divergence *gone*.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from hashbench import catalog, paths
from hashbench.catalog import libraries
from hashbench.errors import UsageError
from hashbench.fidelity.findings import CHECKS, FROM, Finding, involved

FILE = "known-divergences.toml"
FIELDS = {"check", "subject", "behaviour", "impls", "input", "why"}
OPTIONAL = {"differs"}  # variants or bindings of `impls` that do not do it
KAT_PREFIXES = {
    "$argon2id$": "argon2id", "$argon2i$": "argon2i", "$argon2d$": "argon2d",
    "$2a$": "bcrypt", "$2b$": "bcrypt", "$2x$": "bcrypt", "$2y$": "bcrypt",
    "$7$": "scrypt", "$scrypt$": "scrypt", "$y$": "yescrypt", "$6$": "sha512crypt",
}  # fmt: skip


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
    differs: tuple[tuple[str, str], ...] = ()  # declared: (variant or binding, why not)
    inherited: tuple[tuple[str, str], ...] = ()  # from the catalog: (subject, impl)

    def keys(self) -> list[tuple[str, str, str, str]]:
        own = [(self.check, s, self.behaviour, i) for s in self.subjects for i in self.impls]
        return own + [(self.check, s, self.behaviour, i) for s, i in self.inherited]

    def heirs(self) -> list[str]:
        """The variants and bindings that inherit the entry as verifiers, each once."""
        return sorted({impl for _, impl in self.inherited} - set(self.impls))

    def heir_producers(self) -> list[str]:
        """The variants and bindings of a producer its subjects name whose strings the
        entry holds too, each once."""
        return sorted({s.split(FROM, 1)[1] for s, _ in self.inherited if s not in self.subjects})


def path() -> Path:
    return paths.catalog_dir() / FILE


def _entry(n: int, raw: dict[str, Any]) -> Entry:
    missing = sorted(FIELDS - set(raw))
    extra = sorted(set(raw) - FIELDS - OPTIONAL)
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
        _differs(n, raw.get("differs", {})),
    )


def _differs(n: int, raw: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, dict) or not all(
        isinstance(why, str) and why.strip() for why in raw.values()
    ):
        raise KnownFileError(f"{FILE} entry {n}: differs must map an implementation to why")
    return tuple(sorted(raw.items()))


def subject_algorithms(check: str, subject: str) -> set[str] | None:
    """The algorithms a subject is about, from its name (a probe may name a family:
    `argon2.leading-zero`); None when the subject does not say."""
    if check == "kat":
        name = next((a for p, a in KAT_PREFIXES.items() if subject.startswith(p)), "")
    elif check == "differential":
        name = subject.split(" ", 1)[0]
    elif check == "interop":
        name = subject.split(FROM, 1)[0]
    elif check in ("length", "cross"):
        name = subject.split(".")[1] if subject.count(".") > 1 else ""
    else:
        name = subject.split(".", 1)[0]
    algorithms = catalog.algorithms()
    if name in algorithms:
        return {name}
    return {a for a, spec in algorithms.items() if spec.family == name} or None


def _can_do(
    check: str, subject: str, child: str, parent: str, offered: dict[str, set[str]]
) -> bool:
    """Whether the child offers what the subject is about (where the subject does not
    say, everything its parent offers)."""
    mine = offered.get(child, set())
    about = subject_algorithms(check, subject)
    return bool(mine & about) if about is not None else mine >= offered.get(parent, set())


def inherit(
    entries: tuple[Entry, ...], bases: dict[str, str], offered: dict[str, set[str]]
) -> tuple[Entry, ...]:
    """Each entry with the (subject, implementation) pairs its implementations' variants
    and bindings (transitively) inherit: where the child offers the subject's algorithm,
    is not declared to differ, and does not document that subject itself."""
    children: dict[str, list[str]] = defaultdict(list)
    for impl, base in sorted(bases.items()):
        children[base].append(impl)
    own = {(e.check, s, i) for e in entries for s in e.subjects for i in e.impls}
    documented = {(e.check, s) for e in entries for s in e.subjects}
    out = []
    for n, entry in enumerate(entries, 1):
        differs = dict(entry.differs)
        inherited: list[tuple[str, str]] = []
        reached: set[str] = set()
        produced = [
            subject
            for subject in _produced_by_heirs(entry, children, differs, offered, reached)
            if (entry.check, subject) not in documented
        ]
        inherited += [
            (subject, impl)
            for subject in produced
            for impl in entry.impls
            if (entry.check, subject, impl) not in own
        ]
        for subject in (*entry.subjects, *produced):
            frontier = list(entry.impls)
            while frontier:
                parent = frontier.pop()
                for child in children.get(parent, []):
                    if child in entry.impls:
                        continue
                    reached.add(child)
                    if child in differs or (entry.check, subject, child) in own:
                        continue
                    if _can_do(entry.check, subject, child, parent, offered):
                        inherited.append((subject, child))
                        frontier.append(child)
        stray = sorted(set(differs) - reached)
        if stray:
            raise KnownFileError(
                f"{FILE} entry {n}: differs names {stray}, which are not variants or "
                f"bindings of {list(entry.impls)} or of a producer its subjects name "
                "(catalog: variant_of, binding_of)"
            )
        out.append(replace(entry, inherited=tuple(inherited)))
    return tuple(out)


def _produced_by_heirs(
    entry: Entry,
    children: dict[str, list[str]],
    differs: dict[str, str],
    offered: dict[str, set[str]],
    reached: set[str],
) -> list[str]:
    """For an interop or cross entry, its subjects again with each variant or binding of
    the producer in the producer's place ("argon2d from node20/argon2" of "argon2d from
    node/argon2"): the same code writes the same string, and its verifiers answer it as
    they answer the base's. Not where the heir is declared to differ or does not offer
    the algorithm. (An heir's subject that an entry names itself is left to that entry:
    `inherit`.)"""
    if entry.check not in ("interop", "cross"):
        return []
    out: list[str] = []
    for subject in entry.subjects:
        if FROM not in subject:
            continue
        head, producer = subject.split(FROM, 1)
        frontier = [producer]
        while frontier:
            parent = frontier.pop()
            for child in children.get(parent, []):
                reached.add(child)
                heir = f"{head}{FROM}{child}"
                if child in differs:
                    continue
                if _can_do(entry.check, subject, child, parent, offered):
                    out.append(heir)
                    frontier.append(child)
    return sorted(set(out) - set(entry.subjects))


@cache
def load(file: Path | None = None) -> tuple[Entry, ...]:
    where = file or path()
    try:
        with open(where, "rb") as f:
            rows = tomllib.load(f).get("divergence", [])
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise KnownFileError(f"cannot read known divergences {where}: {exc}") from exc
    entries = inherit(
        tuple(_entry(n, raw) for n, raw in enumerate(rows, 1)),
        libraries.bases(),
        libraries.offered(),
    )
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
