"""How far the machine moved between two runs, and how well that is known.

A case's change between runs is its library's move and the machine's: a VM whose host
got busier between two runs slows every case alike, by a few percent or, now and then,
by a third. What a comparison takes out of each case, and how uncertain that is:

- **Many cases** (MIN_FOR_NULL or more): the median of their moves. What moved every
  case alike is not one library's doing; how far the cases scatter around it is the
  comparison's empirical noise (measure/compare.py), so no uncertainty is added here.
- **A few cases**: the machine's yardstick (engine/yardstick.py), read before every
  interleaved round of each group, so its readings span the seconds the cases sampled
  in and have a spread of their own: its move is the move of the readings' faster
  half, with a standard error from that spread. A case does not share the machine's
  move exactly (another workload, another part of the CPU): the residue grows with the
  move, TRANSFER of it as one sd. A machine that moved by a third cannot have a 5%
  change told from it; one that held still can. Nor can a run whose every case moved
  the same way beyond the yardstick (`_unseen`): what they share joins the uncertainty.
- **A few cases and no yardstick readings to go by** (fewer than MIN_READINGS a side,
  as in files of runs that read it once a process): the machine's move is unknown, and
  so is every case's change: a comparison says so and calls nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from hashbench.model import CaseRecord

MIN_FOR_NULL = 8  # cases needed to estimate the machine's move and the noise from them
MIN_READINGS = 5  # yardstick readings a side before their spread tells their move's
TRANSFER = 0.25  # one sd of a case's residue of the machine's move, as a share of it
FAST_HALF_SE = 1.36  # sd of a sample's lower quartile per (sd / sqrt(n)), for a normal
QUARTILE_Z = 0.6745  # a normal's quartile, in sds


@dataclass(frozen=True)
class MachineMove:
    ratio: float  # what was taken out of every case
    source: str  # "all cases' median", "the yardstick" or "none"
    yardstick: float | None  # the yardstick's own move, new / old, when both runs have it
    cases: float  # the median of every case's raw move
    # one sd (log) of the move taken out, as it applies to one case: 0 where the cases
    # measured it themselves, inf where it is unknown
    uncertainty: float = 0.0
    readings: tuple[int, int] = (0, 0)  # yardstick readings of the old and the new run

    @property
    def known(self) -> bool:
        return math.isfinite(self.uncertainty)


@dataclass(frozen=True)
class YardstickMove:
    log: float  # log of new / old, of the readings' faster halves
    se: float  # one sd of `log`, from the readings' spread (inf: too few to tell)
    readings: tuple[int, int]


def readings(records: Sequence[CaseRecord]) -> list[float]:
    """A run's yardstick readings (ns per op): every case of a group keeps the same ones,
    so each group's are counted once, from the case that has the most."""
    by_group: dict[int, list[float]] = {}
    for record in records:
        if len(record.yardstick_ns) > len(by_group.get(record.group, [])):
            by_group[record.group] = list(record.yardstick_ns)
    return [v for values in by_group.values() for v in values if v > 0]


def _fast_half(logs: np.ndarray) -> tuple[float, float]:
    """(location, its standard error) of log readings: the median of the faster half
    (slowed readings never come out faster), its spread from that half's own width."""
    ordered = np.sort(logs)
    half = ordered[: max(1, (len(ordered) + 1) // 2)]
    centre = float(np.median(half))
    if len(ordered) < MIN_READINGS:
        return centre, math.inf
    sd = (float(np.median(ordered)) - float(np.quantile(ordered, 0.25))) / QUARTILE_Z
    return centre, FAST_HALF_SE * sd / math.sqrt(len(ordered))


def yardstick_move(old: Sequence[CaseRecord], new: Sequence[CaseRecord]) -> YardstickMove | None:
    """The yardstick's move between two runs' records, or None unless both have readings."""
    a, b = readings(old), readings(new)
    if not a or not b:
        return None
    (lo_a, se_a), (lo_b, se_b) = _fast_half(np.log(a)), _fast_half(np.log(b))
    return YardstickMove(lo_b - lo_a, math.hypot(se_a, se_b), (len(a), len(b)))


def machine_move(pairs: Sequence[tuple[CaseRecord, CaseRecord]], d: list[float]) -> MachineMove:
    """`d`: each pair's log change (measure/compare.py `log_change`)."""
    stick = yardstick_move([o for o, _n in pairs], [n for _o, n in pairs])
    yardstick = math.exp(stick.log) if stick is not None else None
    counted = stick.readings if stick is not None else (0, 0)
    cases = math.exp(float(np.median(d))) if d else 1.0
    if len(d) >= MIN_FOR_NULL:
        return MachineMove(cases, "all cases' median", yardstick, cases, 0.0, counted)
    if stick is not None and math.isfinite(stick.se):
        uncertainty = math.hypot(stick.se, TRANSFER * stick.log, _unseen(d, stick.log))
        return MachineMove(
            math.exp(stick.log), "the yardstick", yardstick, cases, uncertainty, counted
        )
    return MachineMove(1.0, "none", yardstick, cases, math.inf, counted)


def _unseen(d: Sequence[float], stick: float) -> float:
    """What every case moved beyond the yardstick alike, as one sd of the machine's move:
    the move nearest the yardstick's where all of two or more cases moved the same way
    from it, else 0. The yardstick is a digest; a machine slower at other work (memory
    bandwidth taken by a neighbour: three argon2id libraries 12–50% slower while the
    yardstick held; three bcrypt libraries 15% slower alike, on an Intel Xeon VM,
    docs/benchmarks/compare-findings.md) moves every case of the run with it, which no
    one library's change does."""
    beyond = [di - stick for di in d]
    if len(beyond) < 2 or not (all(b > 0 for b in beyond) or all(b < 0 for b in beyond)):
        return 0.0
    return min(abs(b) for b in beyond)
