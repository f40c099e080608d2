"""A card's speed: each algorithm at its reference case, as a ratio to the fastest
implementation of the same runtime and to the fastest of all, with intervals.

Two records are compared as `compare.within_run` compares two implementations of one
group: the ratio of medians bounded by both intervals, indistinguishable where the
intervals overlap. Records from two runs of this machine are compared the same way and
marked so (`Ratio.same_run`): their intervals do not hold the machine's drift between runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hashbench.cards.reference import group_key, title
from hashbench.measure.compare import within_run
from hashbench.model import CaseId, CaseRecord
from hashbench.model.card import Ratio, Speed

NO_HASH = "no hash"  # a record's reason where its library derives keys only
TWIN = r"-a?sync$"  # the suffix of a library's other API (suites/quick.toml leaves them out)


class Group:
    """The records of one reference case, by implementation, each with its run; and for a
    password hash's reference, the keys derived at the same parameters (`derived`): the
    figure of a library that only derives (Go's x/crypto/argon2, node:crypto's argon2),
    which is what its runtime's users call."""

    def __init__(self, ref: CaseId, records: list[tuple[CaseRecord, str]]):
        self.ref = ref
        key = group_key(ref)
        self.by_impl = {r.impl: (r, label) for r, label in records if group_key(r.case_id) == key}
        self.derived = (
            {
                r.impl: (r, label)
                for r, label in records
                if r.op == "derive" and r.alg == ref.alg and r.params == ref.params and r.valid
            }
            if ref.op == "hash"
            else {}
        )

    def derives_only(self, impl: str) -> bool:
        """The run found that `impl` offers no hash of the reference's algorithm, or, not
        in the run, that its twin does not: the same library's other API (`-async`,
        `-sync`), which the quick suite leaves out, offers the same ops."""
        found = self.by_impl.get(impl) or self.by_impl.get(re.sub(TWIN, "", impl))
        return found is not None and found[0].reason == NO_HASH

    def fastest(self, keep: Callable[[str], bool]) -> tuple[CaseRecord, str] | None:
        valid = [(r, label) for impl, (r, label) in self.by_impl.items() if r.valid and keep(impl)]
        return min(valid, key=lambda item: (item[0].measured.median, item[0].impl), default=None)


def _ratio(fastest: tuple[CaseRecord, str] | None, own: CaseRecord, label: str) -> Ratio | None:
    if fastest is None:
        return None
    change = within_run(fastest[0], own)
    return Ratio(
        to=fastest[0].impl,
        ratio=change.ratio,
        low=change.low,
        high=change.high,
        indistinguishable=not change.significant,
        same_run=fastest[1] == label,
    )


def figure(impl: str, group: Group, same_runtime: Callable[[str], bool]) -> Speed | None:
    """`impl` in the reference group (or, where it only derives keys, its derived key at
    the same parameters: `Speed.op`), or None when it was not measured there."""
    found = group.by_impl.get(impl)
    stand_in = group.derived.get(impl)
    if stand_in is not None and (found is None or not found[0].valid):
        found = stand_in
    if found is None:
        return None
    record, label = found
    speed = Speed(
        alg=group.ref.alg,
        case=group_key(record.case_id),
        title=title(record.case_id),
        status=record.status,
        reason=record.reason,
        source=label,
        op=record.op if record.op != group.ref.op else "",
    )
    if not record.valid:
        return speed
    stats = record.measured
    speed.median_ns, (speed.low_ns, speed.high_ns) = stats.median, record.shown_ci
    speed.vs_runtime = _ratio(group.fastest(same_runtime), record, label)
    speed.vs_all = _ratio(group.fastest(lambda _: True), record, label)
    return speed
