"""A case's own noise between runs, from earlier runs of it on the same machine.

With one runner process a side, a comparison cannot see how far a case moves between
processes: within one process every sample shares its compilation, its memory layout
and its CPU. Those moves are no normal noise: a JIT case can run half as fast, or twice,
from one process to the next, and such cases made the false alarms of one-run compares
(docs/benchmarks/gate.md). Earlier runs of the same suite show them:
each move of a case between two consecutive earlier runs, its group's move taken out as
`compare` takes it out (for a run of a few cases, the machine yardstick's; a pair of
runs whose machine move is unknown teaches nothing), is a sample of the noise that case
alone has. Their mean square,
moderated towards its runner's typical one as compare.PRIOR_DF more moves, is the noise
`compare` then holds such a case to, beside the run's own floor. It makes the case's own
move smaller, never the tails the cases are held to lighter: those stay fitted to the two
runs' moves alone (measure/compare.py), so the history only ever takes verdicts away.

Moves count between records of as many processes (`compare.history_key`): a record of
several processes is a median of them, steadier, and would make a one-process case look
steadier than it is. A record of three processes has its own spread between them, but
not how far all three land from one run to the next: on an Intel Xeon VM python/hashlib's
sha256 `new` of 1 KiB ran at 1.16–1.17 µs in every process of one run and 1.58–1.61 µs in
every process of the next, its processes landing in one of two speeds (docs/benchmarks/
compare-findings.md), and a one-run-a-side comparison is held to those moves too.

Such a case's moves are no normal's either: c/argon2 (argon2id, 19 MiB) moved within 2%
between three-process runs on that VM, then by +51%, all three processes of one run on
its slow speed, and a mean square of a few moves held that to ±14%: a regression. A case
whose earlier moves reach SHIFT_SDS of its runner's typical one has shifted whole, and so
has one whose processes of one earlier run lay that far apart (crystal/openssl-digest's md5
of 256 B on an AMD EPYC VM: a process at 650 or 730 ns, all three of one run at 650 and
of the next at 730, called +12%): compare holds its verdict as one process's (`_held`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from hashbench.measure.compare import (
    PRIOR_DF,
    PUSHED_SDS,
    group_moves,
    history_key,
    log_change,
    process_logs,
)
from hashbench.measure.machine_move import machine_move
from hashbench.model import CaseRecord, RunFile

MIN_MOVES = 2  # moves of a case between earlier runs before its own spread counts
SHIFT_SDS = PUSHED_SDS  # an earlier move this many of its runner's typical sds: shifted whole


@dataclass(frozen=True)
class EarlierSpread:
    runner: str
    processes: int  # of its records: its runner's cases of as many are its prior
    mean_square: float  # of the case's relative log moves between consecutive runs
    moves: int
    largest: float  # the largest of those moves, or of a process from its run's median


@dataclass(frozen=True)
class EarlierNoise:
    """What earlier runs tell of each case, by `history_key`."""

    noise: dict[str, float]  # one sd of its log change between two runs
    shifted: frozenset[str]  # the cases that shifted whole between two of them


def _alike_pairs(old: RunFile, new: RunFile) -> list[tuple[CaseRecord, CaseRecord]]:
    """The cases of both runs whose records have as many processes."""
    earlier = {history_key(c): c for c in old.cases if c.valid}
    return [
        (earlier[history_key(c)], c) for c in new.cases if c.valid and history_key(c) in earlier
    ]


def case_spreads(runs: Iterable[RunFile]) -> dict[str, EarlierSpread]:
    """Each case's moves between consecutive runs of `runs` (oldest first), relative to
    its group's move, by `history_key`: the cases with at least MIN_MOVES of them. Two runs
    are held at a time (a seeds run is some 8,000 records)."""
    moves: dict[str, list[float]] = {}
    apart: dict[str, float] = {}  # the farthest one process of a run lay from its median
    runner: dict[str, tuple[str, int]] = {}
    previous: RunFile | None = None
    for run in runs:
        for case in run.cases:
            if case.valid and case.processes > 1:
                logs = process_logs(case)
                far = max(abs(x - float(np.median(logs))) for x in logs)
                apart[history_key(case)] = max(apart.get(history_key(case), 0.0), far)
        pairs = _alike_pairs(previous, run) if previous is not None else []
        previous = run
        if not pairs:
            continue
        d = [log_change(o, n) for o, n in pairs]
        move = machine_move(pairs, d)
        if not move.known:  # a few cases and no yardstick to take the machine's move out
            continue
        centres = group_moves(pairs, d, math.log(move.ratio))
        for (_o, n), di, centre in zip(pairs, d, centres, strict=True):
            moves.setdefault(history_key(n), []).append(di - centre)
            runner[history_key(n)] = (n.runner, n.processes)
    return {
        key: EarlierSpread(
            *runner[key],
            float(np.mean(np.square(v))),
            len(v),
            max(float(np.max(np.abs(v))), apart.get(key, 0.0)),
        )
        for key, v in moves.items()
        if len(v) >= MIN_MOVES
    }


def earlier_noise(runs: Iterable[RunFile]) -> EarlierNoise:
    """Each case's noise between two runs, as its earlier runs of as many processes show
    it (`noise_by_case`), and which of them shifted whole: an earlier move of SHIFT_SDS
    of the typical sd its noise is moderated towards, or more."""
    spreads = case_spreads(runs)
    typical = _typical(spreads)
    noise = {
        key: math.sqrt((PRIOR_DF * typical[key] + s.moves * s.mean_square) / (PRIOR_DF + s.moves))
        for key, s in spreads.items()
    }
    shifted = frozenset(
        key for key, s in spreads.items() if s.largest > SHIFT_SDS * math.sqrt(typical[key])
    )
    return EarlierNoise(noise, shifted)


def noise_by_case(runs: Iterable[RunFile]) -> dict[str, float]:
    """One sd of each case's log change between two runs, as its earlier runs of as many
    processes show it, by `history_key`: its mean square moderated towards the median of
    its runner's cases of as many processes (all cases' where those are fewer than three),
    weighted as PRIOR_DF moves."""
    return earlier_noise(runs).noise


def _typical(spreads: dict[str, EarlierSpread]) -> dict[str, float]:
    """The mean square each case's is moderated towards: the median of its runner's cases
    of as many processes, all cases' where those are fewer than three."""
    if not spreads:
        return {}
    everyone = float(np.median([s.mean_square for s in spreads.values()]))
    by_runner: dict[tuple[str, int], list[float]] = {}
    for s in spreads.values():
        by_runner.setdefault((s.runner, s.processes), []).append(s.mean_square)
    prior = {r: float(np.median(v)) for r, v in by_runner.items() if len(v) >= 3}
    return {key: prior.get((s.runner, s.processes), everyone) for key, s in spreads.items()}
