"""Which cases of a suite to run: shell-style globs on the fields of a case id (`--impl
'rust/*' --alg bcrypt --op hash`), and the older regex over "<impl> <group title>"."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field

from hashbench.engine.suite import Group


def _any(patterns: list[str], value: str) -> bool:
    return not patterns or any(fnmatch.fnmatchcase(value, p) for p in patterns)


def split(values: list[str] | None) -> list[str]:
    """Repeated and comma-separated values alike: ["a,b", "c"] → ["a", "b", "c"]."""
    return [v.strip() for item in values or [] for v in item.split(",") if v.strip()]


@dataclass(frozen=True)
class Selection:
    impl: list[str] = field(default_factory=list)
    alg: list[str] = field(default_factory=list)
    op: list[str] = field(default_factory=list)
    mode: list[str] = field(default_factory=list)
    size: list[str] = field(default_factory=list)
    regex: str | None = None
    # (group, implementation) pairs a resumed run has already measured: left out of the
    # groups' cases (engine/resume.py), never described as part of the selection
    finished: frozenset[tuple[Group, str]] = frozenset()

    def takes_group(self, group: Group) -> bool:
        size = "" if group.input_size is None else str(group.input_size)
        return (
            _any(self.alg, group.alg)
            and _any(self.op, group.op)
            and _any(self.mode, group.mode)
            and (not self.size or (bool(size) and _any(self.size, size)))
        )

    def takes_impl(self, impl_id: str) -> bool:
        return _any(self.impl, impl_id)

    def takes(self, impl_id: str, group: Group) -> bool:
        if not (self.takes_group(group) and self.takes_impl(impl_id)):
            return False
        if (group, impl_id) in self.finished:
            return False
        return self.regex is None or re.search(self.regex, f"{impl_id} {group.title()}") is not None

    def describe(self) -> str:
        parts = [
            f"--{name} {','.join(values)}"
            for name, values in (
                ("impl", self.impl), ("alg", self.alg), ("op", self.op),
                ("mode", self.mode), ("size", self.size),
            )
            if values
        ]  # fmt: skip
        if self.regex:
            parts.append(f"--filter-regex {self.regex!r}")
        return " ".join(parts)
