"""Which cases of a suite to run: shell-style globs on the fields of a case id (`--impl
'rust/*' --alg bcrypt --op hash`), and the older regex over "<impl> <group title>"."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field

from hashbench.engine.suite import Group
from hashbench.model import CaseRecord


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
        return self._takes_work(group.alg, group.op, group.mode, group.input_size)

    def takes_record(self, case: CaseRecord) -> bool:
        """Whether a measured case matches the globs (the regex, on a group's title, is
        not asked of records)."""
        return self.takes_impl(case.impl) and self._takes_work(
            case.alg, case.op, case.mode, case.input_size
        )

    def _takes_work(self, alg: str, op: str, mode: str, input_size: int | None) -> bool:
        size = "" if input_size is None else str(input_size)
        return (
            _any(self.alg, alg)
            and _any(self.op, op)
            and _any(self.mode, mode)
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
