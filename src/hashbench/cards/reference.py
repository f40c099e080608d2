"""The reference case of each algorithm: the parameters a card's speed is shown at.

In order: the parameters a user gives (`pick --params`); the group of the `quick` suite
(the default suite: OWASP's argon2id minimum, bcrypt cost 10, scrypt N=2^14, PBKDF2 100k
iterations, sha256 and blake2b over 1 KiB); else, among the records at hand, the group
that measured the most implementations of the algorithm. A reference is a CaseId whose
implementation is empty: its key without the implementation names the group.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from hashbench import catalog
from hashbench.engine import suite as suites
from hashbench.model import CaseId, CaseRecord

DEFAULT_SUITE = "quick"


def group_key(case: CaseId) -> str:
    """The case id without its implementation: what every implementation of a group shares."""
    return case.key().split(":", 1)[1]


def _from_group(group: suites.Group) -> CaseId:
    return CaseId(
        "", group.alg, group.op, group.mode, group.param_dict, group.length, group.input_size
    )


def _suite_references() -> dict[str, CaseId]:
    out: dict[str, CaseId] = {}
    for group in suites.load(DEFAULT_SUITE).groups:
        if not group.library_defaults:
            out.setdefault(group.alg, _from_group(group))
    return out


def _most_measured(alg: str, records: list[CaseRecord]) -> CaseId | None:
    """A group at library defaults is none: each library there does its own work."""
    counts = Counter(
        group_key(r.case_id) for r in records if r.alg == alg and not r.library_defaults
    )
    if not counts:
        return None
    key, _ = max(counts.items(), key=lambda item: (item[1], item[0]))
    return msgspec.structs.replace(CaseId.parse(f"any/any:{key}"), impl="")


def references(
    algs: list[str], records: list[CaseRecord], params: dict[str, int] | None = None
) -> dict[str, CaseId]:
    """alg → its reference case, for each of `algs` that has one (`params`: the user's,
    for every algorithm given; validated against the catalog)."""
    suite = _suite_references()
    out: dict[str, CaseId] = {}
    for alg in algs:
        base = suite.get(alg) or _most_measured(alg, records)
        if params is not None:
            op = (
                base.op
                if base
                else ("digest" if catalog.algorithm(alg).kind == "digest" else "hash")
            )
            spec = catalog.algorithm(alg)
            length = spec.length["default"] if spec.length and op != "digest" else None
            full = catalog.validate(alg, params, length=length)
            out[alg] = CaseId("", alg, op, "oneshot", full, length, None)
        elif base is not None:
            out[alg] = base
    return out


def fill_command(ref: CaseId, impl: str, derives_only: bool = False) -> str:
    """The ad hoc run that measures `impl` in the reference group (`derives_only`: its
    derived key at the same parameters, all a derive-only library offers)."""
    parts = [f"hashbench run --alg {ref.alg}"]
    if ref.params:
        parts.append("--params " + ",".join(f"{k}={v}" for k, v in ref.params.items()))
    parts.append(f"--op {'derive' if derives_only else ref.op}")
    if ref.input_size is not None:
        parts.append(f"--size {ref.input_size} --mode {ref.mode}")
    parts.append(f"--impl '{impl}'")
    return " ".join(parts)


def title(ref: CaseId) -> str:
    """e.g. `bcrypt cost=10 hash`, `sha256 1024 B oneshot digest`."""
    params = " ".join(f"{k}={v}" for k, v in ref.params.items() if k != "version")
    size = f"{ref.input_size} B {ref.mode}" if ref.input_size is not None else ""
    return " ".join(p for p in (ref.alg, params, size, ref.op) if p)
