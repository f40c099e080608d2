"""A case's history, split by the major version of the runtime that ran it: `node/argon2`
on Node 20 and the same id on Node 26 (the node runner follows the active LTS) are two
series, never one. The major is the first number of the runner's runtime string ("node
v26.12.1 (V8 …)" → node 26; "zig 0.17.1" → zig 0.17, a 0.x minor being a major of its
own); a change of minor, patch or library version stays within a series, where the
change points name it (store/changes.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from hashbench.store.history import CasePoint

P = TypeVar("P", bound=CasePoint)

_VERSION = re.compile(r"(\d+)(?:\.(\d+))?")


def major(runtime: str) -> str:
    """The runtime's name and major version: "node 26", "rustc 1", "zig 0.17"."""
    found = _VERSION.search(runtime)
    if found is None:
        return runtime.strip()
    name = runtime[: found.start()].strip().removesuffix("v").strip()
    number = found.group(1)
    if number == "0" and found.group(2):
        number = f"0.{found.group(2)}"
    return f"{name} {number}".strip()


def by_major(points: Sequence[P]) -> list[tuple[str, list[P]]]:
    """The points grouped by their runtime's major, each group in the order given, the
    groups in the order of their first point."""
    groups: dict[str, list[P]] = {}
    for point in points:
        groups.setdefault(major(point.runtime), []).append(point)
    return list(groups.items())
