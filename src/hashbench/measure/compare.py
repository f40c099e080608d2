"""Comparing two runs of the same cases, so that the same code twice comes out clean on a
noisy machine and a real change of a few percent in one library still shows.

Everything is on the log scale: a case's change is d = log(new / old) of its `location`:
the median of its processes' faster halves (`fast_half`).

- **The machine's move** is taken out before a case is judged (measure/machine_move.py).
  Over many cases (at least MIN_FOR_NULL) it is the median of all the cases' d: whatever
  moved every case alike (the VM's host busier, a slower CPU) is not any one library's
  doing. With fewer cases it is the move of the machine's yardstick, read before every
  round, and its uncertainty joins every case's noise; where the yardstick's readings
  are too few, the move is unknown and no case's change is bounded (`why`). A case's
  verdict is relative: it moved against the rest, or against the machine.
- **Its noise**, with MIN_REPLICATES runner processes or more a side (a side of several
  runs, or runs of several processes): the case's own spread between processes, the
  unit of replication, robust (1.4826 · MAD of each process value from its side's
  median, pooled over the two sides), moderated towards the typical spread of its
  runner's cases of its kind, memory-hard or not, as if that were PRIOR_DF more
  processes (an empirical-Bayes variance, as limma's): three
  processes a side alone would make some cases look far steadier than they are. The
  test is Student's t with PRIOR_DF + n_old + n_new − 2 degrees of freedom (what it
  catches and how often it cries wolf: docs/benchmarks/gate.md). With one run a side,
  the processes of a side share one visit of their group and see nothing of what moved
  that visit's cases apart (19 of 23 PBKDF2 libraries 6–46% slower in one quick run at
  three processes, one library not): the noise is no smaller than the run's empirical
  noise below, as a one-process case's is.
- **With fewer processes** a case's own spread cannot be had: its noise is the larger of
  the two medians' 95% intervals and the run's empirical noise: how far the cases of its
  runner, and those of its algorithm, spread around the machine's move (1.4826 · MAD, a
  robust sd; the larger of the two; all cases' where neither has enough), so that no
  case is judged against a noise smaller than what the same code twice showed in this
  very comparison; and, where earlier runs of the case are known (the history store:
  measure/earlier_noise.py), no smaller than the moves they showed: a case whose process
  lands in one of two speeds is no regression for landing in the other. The test is a
  z test.
  With fewer than MIN_FOR_NULL cases and no earlier runs of the case, nothing tells how
  far it moves from one process to the next: its change is not bounded (`why`), and the
  verdict (measure/verdict.py) is "cannot tell". A small run measures each case in three
  processes by default (engine/plan.py), so this is for runs made with one.
- **On the edge of two speeds**: a process whose samples run at two speeds, a quarter
  or so on the faster, has its faster half on the edge between them, and the same code
  moves by the whole gap when a few samples change sides. Every case's noise is no
  smaller than that edge (measure/speed_edge.py).
- **How far the same code moves** is not taken from a normal (or the replicated
  test's t) alone: digests measured whole inside a lost-CPU stretch move 60–130% where
  the rest move a few percent. Each case's z score is held to a Student t fitted to the
  z scores of the other cases of its kind (`tail_kind`: digests or password hashes, one
  process or replicated, a JIT runtime or not; measure/tails.py), never lighter-tailed than
  its own test's; on a machine that behaves that is the test's own, and the report says
  how heavy the tails came out and the smallest change the comparison could call. The
  z scores the tails are fitted to are the two runs' own, the history store's noise
  left out: a case's history only ever makes its own move smaller. Fitted with it in,
  the jumps the history knew shrank, the tails came out light, and a jump it had not
  seen was called a regression (docs/benchmarks/gate-jit.md).
- **One process a side** cannot tell a case that shifted whole in one run (its samples
  alike, 20–36% off) from a change, and a fit to the other cases' tails does not see one
  such case among 190: a z test's verdict is held to a null no lighter than a t of
  WHOLE_SHIFT_DF degrees of freedom (`_held`), and its interval with it. What the fitted
  null alone would call is a possible change (`Change.possible`): said, with what would
  tell, never failed.
- **Significance**: the false discovery rate is held at ALPHA across the cases judged
  (Benjamini–Hochberg): a comparison of 150 cases does not cry wolf seven times at
  p < 0.05. The cases judged are all of them, or those a user asked about (`compare
  --impl rust/argon2`), or each library's apart (`families`); the others still measure
  the machine's move, the noise floors and the tails. One library's slowdown among 144
  cases must reach p < ALPHA/144; judged with its library's own cases alone, p < ALPHA
  over their count (how much more that catches: docs/benchmarks/gate-jit.md).
- **Everything moved?** The run-level verdict compares the median move with the
  machine's: the move of the faster half of each run's yardstick readings (a reading
  the VM's lost CPU slowed is never among the fastest). A move of every case that the
  machine does not explain (a new compiler, a changed flag) is reported as the run's,
  raw, and is a regression when it exceeds the threshold beyond its own interval (from
  the spread of the groups' median moves, the yardstick's own error, and the share of
  the machine's move a case need not share). Without a yardstick in both runs, or with
  fewer than MIN_GROUPS groups, it is not judged apart from the cases, and the report
  says so.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from statistics import NormalDist
from typing import NamedTuple

import numpy as np

from hashbench.catalog import run_to_run
from hashbench.measure import next_run
from hashbench.measure.machine_move import (
    MIN_FOR_NULL,
    TRANSFER,
    MachineMove,
    machine_move,
    yardstick_move,
)
from hashbench.measure.speed_edge import edge_sd
from hashbench.measure.student import student_t
from hashbench.measure.tails import (
    MAD_SD,
    NORMAL_DF,
    Tails,
    fit_each_without_itself,
    robust_scale,
    unit_scale,
)
from hashbench.model import CaseRecord, Stats

UNKNOWN_PROCESS_NOISE = (
    "one runner process a side and no earlier runs of the case: how far it moves from one "
    "process to the next is unknown"
)
UNKNOWN_MACHINE = (
    "too few cases to measure the machine's move by, and too few yardstick readings in "
    "one of the runs"
)
ALPHA = 0.05  # false discovery rate across the cases of a comparison
Z95 = 1.959963984540054
MIN_FOR_GROUP = 5  # cases of one group needed to take out that group's own move
MIN_GROUPS = 3  # groups before the move of every case together is judged on its own
MIN_REPLICATES = 3  # runner processes a side for a case's own spread (robust, so three)
PUSHED_SDS = 4.0  # a side's median this far above its fastest process: pushed (`_pushed`)
PRIOR_DF = 8  # the weight of a runner's typical spread in a case's own, in processes
MEMORY_HARD = ("argon2", "scrypt", "yescrypt")  # their own typical spread (`_replicated_noise`)
# a one-process case's null for the verdict a gate acts on is no lighter-tailed than a t of
# this many degrees of freedom (`_held`); compare's fitted one says what is possible
WHOLE_SHIFT_DF = 3.0


@dataclass(frozen=True)
class Change:
    ratio: float  # new median / old median, raw (> 1: slower)
    relative: float  # the same after the machine's move is taken out
    low: float  # 95% interval of `relative`
    high: float
    noise: float  # the noise it was judged against: one sd, as a fraction
    p_value: float | None
    significant: bool = False  # after the false discovery rate control
    why: str | None = None  # why the change cannot be bounded at all (its noise unknown)
    # significant against the comparison's fitted null, not against the one a one-process
    # case is held to (`_held`): a possible change, which more processes would tell
    possible: bool = False
    # with one run a side, its processes of one run lay on more than one speed
    # (`Replicated.apart`): held as one process's
    apart: bool = False
    # its processes' faster halves sat on the edge between two speeds, and that set its
    # noise (measure/speed_edge.py)
    edge: bool = False

    @property
    def percent(self) -> float:
        return (self.relative - 1) * 100


@dataclass(frozen=True)
class RunMove:
    """The move of every case together that the machine does not explain."""

    ratio: float  # median raw move over the yardstick's move
    low: float
    high: float
    judged: bool  # False where it cannot be told apart from the machine's or the cases'


def _log_se(stats: Stats) -> float:
    """One sd of log(median), from its interval: a 95% one, but for fewer than six
    samples, where it is their whole range, which holds the median with probability
    1 − 2^(1−n) only (75% for three)."""
    lo, hi = stats.median_ci
    if lo <= 0 or hi <= 0:
        return 0.0
    z = Z95
    if 1 < stats.n < 6:
        z = NormalDist().inv_cdf(1 - 2.0**-stats.n)  # (1 + coverage) / 2
    return (math.log(hi) - math.log(lo)) / (2 * z)


def fast_half(samples: Sequence[float]) -> float:
    """The median of the faster half of a process's samples (its first quartile, near
    enough; the fastest of two). A shared VM loses its CPU to other guests for seconds at
    a time: samples taken then are slower, never faster, and came to a quarter of all
    samples in the gate runs (up to 2.2x; docs/benchmarks/gate.md). The
    faster half is untouched while fewer than half of a process's samples were slowed,
    where the median is not."""
    ordered = sorted(samples)
    return float(np.median(ordered[: max(1, (len(ordered) + 1) // 2)]))


def process_logs(case: CaseRecord) -> list[float]:
    """log of each runner process's faster-half median (ns per op): the case's
    replicates."""
    iters = case.iters or 1
    return [math.log(fast_half(v) / iters) for v in case.process_samples()]


def location(case: CaseRecord) -> float:
    """log ns per op that a comparison judges: the median of the case's process values
    (fast_half), so neither slowed samples nor one slowed process move it."""
    return float(np.median(process_logs(case)))


def log_change(old: CaseRecord, new: CaseRecord) -> float:
    return location(new) - location(old)


def _interval_noise(old: CaseRecord, new: CaseRecord) -> float:
    """One sd of a case's log change from its two medians' intervals: all a case with
    fewer than MIN_REPLICATES processes a side has of its own."""
    return math.hypot(_log_se(old.measured), _log_se(new.measured))


def _pooled_spread(a: list[float], b: list[float]) -> float:
    """Robust variance of process values about their side's median, the two sides
    pooled; the median itself left out (0 by construction for an odd count)."""
    deviations = [x - float(np.median(v)) for v in (a, b) for x in v]
    spread = [abs(x) for x in deviations if x != 0.0]
    return (MAD_SD * float(np.median(spread))) ** 2 if spread else 0.0


def _spread_kind(case: CaseRecord) -> tuple[str, bool]:
    """Which cases' typical spread a replicated case is moderated towards: its runner's,
    memory-hard or not (`_replicated_noise`)."""
    return case.runner, case.alg.startswith(MEMORY_HARD)


class Replicated(NamedTuple):
    """A replicated case's noise: one sd of its log change, and its t test's degrees of
    freedom; `apart`: with one run a side, a process of one side lay PUSHED_SDS of its
    kind's typical spread or more from its side's median (`_apart`)."""

    se: float
    df: float
    apart: bool = False


def _replicated_noise(
    pairs: Sequence[tuple[CaseRecord, CaseRecord]],
    jit: frozenset[str] = frozenset(),
    one_run_a_side: bool = False,
) -> list[Replicated | None]:
    """The noise (`Replicated`) of each case with MIN_REPLICATES processes or more a
    side, else None: its own pooled spread moderated
    towards the median of its runner's cases' of its kind, memory-hard or not (of its
    runner's, or all cases', where those are fewer than three), weighted as PRIOR_DF
    processes. The location being a median, its variance is π/2 that of a mean.

    Memory-hard functions vary from process to process more than their runner's digests
    and PBKDF2, which set its median: on the gate runs most of the libraries falsely
    called slower were argon2id or scrypt cases, in every runtime; moderated towards
    their own kind, fewer were (docs/benchmarks/gate-jit.md).

    A comparison of fewer than MIN_FOR_NULL cases has too few to tell its runners'
    typical spread, and one of a single run a side sees no spread between runs: there
    it is at least the prior of its kind of case, how far one process's median moves
    from run to run here (catalog/run-to-run.toml), which also holds what changes
    between two runs that no process of one run sees (another load on the machine,
    memory contended: two of three argon2id processes 10% slower; a JIT's other
    compilation: node/hash-wasm's three processes within 1.3% in each of two seeds runs,
    its faster half 8.7% apart, tests/fixtures/seeds-group). Several runs a side hold
    that spread in their processes already."""
    logs = [(process_logs(old), process_logs(new)) for old, new in pairs]
    own: list[float | None] = [
        _pooled_spread(a, b) if min(len(a), len(b)) >= MIN_REPLICATES else None for a, b in logs
    ]
    by_kind: dict[Hashable, list[float]] = {}
    for (_old, new), var in zip(pairs, own, strict=True):
        if var is not None:
            by_kind.setdefault(new.runner, []).append(var)
            by_kind.setdefault(_spread_kind(new), []).append(var)
    known = [v for v in own if v is not None]
    if not known:
        return [None] * len(pairs)
    everyone = float(np.median(known))
    prior = {kind: float(np.median(v)) for kind, v in by_kind.items() if len(v) >= 3}
    out: list[Replicated | None] = []
    for (_old, new), (a, b), var in zip(pairs, logs, own, strict=True):
        if var is None:
            out.append(None)
            continue
        df = len(a) + len(b) - 2
        typical = prior.get(_spread_kind(new), prior.get(new.runner, everyone))
        if len(pairs) < MIN_FOR_NULL or one_run_a_side:
            kind = next_run.kind(new.alg, new.op)
            typical = max(typical, run_to_run.prior()[(new.runner in jit, kind)].typical ** 2)
        moderated = (PRIOR_DF * typical + df * var) / (PRIOR_DF + df)
        se = math.sqrt(moderated * math.pi / 2 * (1 / len(a) + 1 / len(b)))
        gap = max(_pushed(a), _pushed(b))
        pushed = gap > PUSHED_SDS * math.sqrt(moderated)
        apart = one_run_a_side and max(_apart(a), _apart(b)) > PUSHED_SDS * math.sqrt(typical)
        out.append(Replicated(max(se, gap / Z95) if pushed else se, PRIOR_DF + df, apart))
    return out


def _apart(side: list[float]) -> float:
    """How far a side's farthest process lies from its median (log). A case whose
    processes of one run lie that far apart runs at more than one speed, and one run a
    side cannot tell where all of them land next: crystal/openssl-digest's sha256 `new`
    of 1 KiB at 1036, 913 and 907 ns in one run, 1066, 1080 and 1065 in the next, was
    called +17% slower (tests/test_processes_apart.py)."""
    centre = float(np.median(side))
    return max(abs(x - centre) for x in side)


def _pushed(side: list[float]) -> float:
    """How far a side's location (the median of its process values, log) lies above its
    fastest process. A process is slowed whole, never sped up: most of a side's processes
    slowed (node's hash-wasm argon2id at 64 MiB, p=4: two of three 1.7× slower, one op
    each) make its median a slowed one, and the robust spread of three values, blind to
    the one apart, called the same code twice −38% faster. Where the gap is more than
    PUSHED_SDS of the case's moderated spread (a normal's processes, however many, rarely
    reach 3), it bounds the location's error at 95%; with one of three slowed the median
    is a fast one and the gap small (tests/test_compare.py)."""
    return float(np.median(side)) - min(side)


def history_key(case: CaseRecord) -> str:
    """The key of a case's earlier noise (measure/earlier_noise.py): its id and how many
    runner processes its record has, since a median of three moves less than one process,
    and a case is held to the moves of records like its own."""
    return case.id if case.processes <= 1 else f"{case.id} ×{case.processes}"


def _robust_sd(values: Sequence[float], centre: float) -> float:
    return MAD_SD * float(np.median(np.abs(np.asarray(values) - centre)))


def compare_pairs(
    pairs: Sequence[tuple[CaseRecord, CaseRecord]],
    earlier: Mapping[str, float] | None = None,
    jit: frozenset[str] = frozenset(),
    families: Sequence[Hashable | None] | None = None,
    one_run_a_side: bool = False,
    shifted: frozenset[str] = frozenset(),
) -> tuple[list[Change], MachineMove, RunMove, list[Tails]]:
    """Each pair's change (old, new: valid records of the same case), the machine's move
    taken out of them, the move of all cases together, and the nulls fitted to the
    changes' tails (measure/tails.py). `earlier`: one sd of a case's
    log change as earlier runs of it showed it (measure/earlier_noise.py), by
    `history_key`: a case with fewer than MIN_REPLICATES processes a side is held to that
    noise too, and so is a replicated one with one run a side (its processes may land in
    one of two speeds together: python/hashlib's sha256 `new` at 1.16–1.17 µs in all
    three processes of one run, 1.58–1.61 µs in the next, tests/test_earlier_noise.py).
    `jit`: the runners whose runtimes compile as they run (their cases' tails are fitted
    apart: `tail_kind`). `families`: the family each pair is judged in (default: all
    pairs one): the false discovery rate is held within each family alone (the cases a
    user asked about, or each library's: as many `compare --impl` as libraries), and a
    pair of family None is never significant. `one_run_a_side`: each side is one run (not
    several merged), so its processes hold no spread between runs (`_replicated_noise`)
    nor between the cases of one visit (`_empirical_noise`); `shifted`: the cases (by
    `history_key`) whose earlier runs show them shifting whole (measure/earlier_noise.py),
    whose verdicts a replicated test with one run a side holds as one process's (`_held`)."""
    d = [log_change(old, new) for old, new in pairs]
    move = machine_move(pairs, d)
    centres = group_moves(pairs, d, math.log(move.ratio))
    residuals = [di - c for di, c in zip(d, centres, strict=True)]
    replicated = _replicated_noise(pairs, jit, one_run_a_side)
    floors = _empirical_noise(pairs, residuals)
    judged: list[Judged] = []
    whys: list[str | None] = []
    whole: list[bool] = []  # may have shifted whole in one run: held as one process is
    apart: list[bool] = []
    edges: list[bool] = []  # the edge between two speeds set the noise
    for (old, new), di, centre, floor, own in zip(
        pairs, d, centres, floors, replicated, strict=True
    ):
        why = None
        history = (earlier or {}).get(history_key(new))
        if own is not None:
            noise, df = own.se, own.df
            if one_run_a_side:
                noise = max(noise, floor)
            run_noise = noise
            if one_run_a_side:
                noise = max(noise, history or 0.0)
        else:
            run_noise, df = max(_interval_noise(old, new), floor), None
            noise = max(run_noise, history or 0.0)
            if len(d) < MIN_FOR_NULL and history is None:
                noise, why = math.inf, UNKNOWN_PROCESS_NOISE
        edge = math.hypot(edge_sd(old), edge_sd(new))  # measure/speed_edge.py
        edges.append(edge > noise)
        noise, run_noise = max(noise, edge), max(run_noise, edge)
        if not move.known:
            noise, why = math.inf, why or UNKNOWN_MACHINE
        elif move.uncertainty > 0:
            noise = math.hypot(noise, move.uncertainty)
        kind = tail_kind(new, own is not None, new.runner in jit if jit else None)
        judged.append(Judged(di - centre, noise, df, kind, run_noise))
        whys.append(why)
        apart.append(own is not None and own.apart)
        whole.append(one_run_a_side and (history_key(new) in shifted or apart[-1]))
    members: dict[Hashable, list[int]] = {}
    for i, key in enumerate(families if families is not None else [0] * len(d)):
        if key is not None:
            members.setdefault(key, []).append(i)
    fitted, own_nulls = _fitted_tails(judged, max([1, *map(len, members.values())]))
    changes, held_p, fitted_p = [], [], []
    for di, j, fitted_null, why, shift, split, on_edge in zip(
        d, judged, own_nulls, whys, whole, apart, edges, strict=True
    ):
        null = _null(fitted_null, j.df)
        held = _held(null, None if shift else j.df)
        quantile = held.quantile()
        held_p.append(_p_value(held, j))
        fitted_p.append(_p_value(null, j))
        changes.append(
            Change(
                ratio=math.exp(di),
                relative=math.exp(j.move),
                low=math.exp(j.move - quantile * j.noise),
                high=math.exp(j.move + quantile * j.noise),
                noise=math.expm1(j.noise),
                p_value=held_p[-1],
                why=why,
                apart=split,
                edge=on_edge and why is None,
            )
        )
    significant = _discoveries(members, held_p)
    possible = _discoveries(members, fitted_p) - significant
    changes = [
        replace(c, significant=i in significant, possible=i in possible)
        for i, c in enumerate(changes)
    ]
    return changes, move, _run_move(pairs, d, move), fitted


def _p_value(null: Tails, judged: Judged) -> float:
    if judged.noise > 0:
        return null.p_value(judged.move / judged.noise)
    return float(judged.move == 0)


def _discoveries(members: Mapping[Hashable, list[int]], p_values: Sequence[float]) -> set[int]:
    """The pairs whose p-value passes the false discovery rate control within its family."""
    found: set[int] = set()
    for family in members.values():
        kept = benjamini_hochberg([p_values[i] for i in family], ALPHA)
        found |= {i for i, k in zip(family, kept, strict=True) if k}
    return found


def tail_kind(case: CaseRecord, replicated: bool, jit: bool | None = None) -> str:
    """Which cases share a fitted null: digests (measured in a tenth of a second, so a
    lost-CPU stretch takes a whole process) apart from password hashes, a replicated
    test's t scores apart from one process's z scores, and the cases of runtimes that
    compile as they run (`jit`) apart from the rest: a JIT's choices differ from process
    to process, and their moves, pooled with the others', thickened every case's tails
    (the other runtimes' one-process moves fit a normal, the JIT runtimes' a t of few
    degrees of freedom: docs/benchmarks/gate-jit.md). `jit`
    None: no runner of the comparison is known to compile as it runs (runs made before
    runners said)."""
    what = "digest" if case.op == "digest" else "password-hash"
    runtimes = {None: "", True: " of JIT runtimes", False: " of other runtimes"}[jit]
    sides = "3+ processes" if replicated else "fewer than 3 processes"
    return f"{what} cases{runtimes} with {sides} a side"


class Judged(NamedTuple):
    """A case's move after the machine's, and what it is judged against."""

    move: float  # log
    noise: float  # one sd of the move, log
    df: float | None  # its replicated t test's degrees of freedom; None: a z test
    kind: str  # tail_kind: which cases' tails it is held to
    run_noise: float  # `noise` as the two runs alone show it, the history store's left out


def _fitted_tails(judged: list[Judged], compared: int) -> tuple[list[Tails], list[Tails | None]]:
    """The nulls fitted to each kind's z scores (measure/tails.py), where a kind has
    MIN_FOR_NULL cases: each case's, fitted to the others of its kind (None: not fitted),
    and for each kind the one its median case was held to, with the smallest change it
    lets this comparison call (a move whose p-value the false discovery rate control
    would pass were it the only one)."""
    by_kind: dict[str, list[int]] = {}
    for i, j in enumerate(judged):
        if j.noise > 0:
            by_kind.setdefault(j.kind, []).append(i)
    kinds: list[Tails] = []
    each: list[Tails | None] = [None] * len(judged)
    for kind, members in by_kind.items():
        if len(members) < MIN_FOR_NULL:
            continue
        replicated = judged[members[0]].df is not None
        scale_of = unit_scale if replicated else robust_scale
        fits = fit_each_without_itself(
            [judged[i].move / judged[i].run_noise for i in members], scale_of
        )
        for i, tails in zip(members, fits, strict=True):
            each[i] = tails
        own_df = max(judged[i].df or 0.0 for i in members) or None
        null = _held(_null(sorted(fits, key=lambda t: t.df)[len(fits) // 2], own_df), own_df)
        critical = null.scale * float(student_t().isf(ALPHA / 2 / compared, null.df))
        typical = float(np.median([judged[i].noise for i in members]))
        kinds.append(
            replace(null, cases=len(members), kind=kind, smallest=math.expm1(critical * typical))
        )
    return kinds, each


def _null(fitted: Tails | None, df: float | None) -> Tails:
    """A case's null: the fitted one, but never lighter-tailed than its own test's (a z
    test's normal, a replicated test's t with `df` degrees of freedom)."""
    own = Tails(df if df is not None else NORMAL_DF, 1.0, 0)
    if fitted is None or fitted.df >= own.df:
        return own
    return fitted


def _held(null: Tails, df: float | None) -> Tails:
    """The null a case's verdict is held to: for a replicated test its own (`_null`); for a
    z test (fewer than MIN_REPLICATES processes a side), and for a replicated case with
    one run a side whose earlier runs shifted whole (`df` None: compare_pairs), no
    lighter-tailed than a t of WHOLE_SHIFT_DF degrees of freedom. One process a side
    cannot tell a case that shifted whole in one run from a change, and on this
    project's VMs one or two of a quick run's 190 cases do, by 20–36%, even where four
    earlier runs held it within ±5%: a tail no fit to the other cases sees. Held at
    t(3), back-to-back quick runs came out clean in 3 of 3 pairs with history and 5 of 5
    first pairs (1 and 3 against the fitted null); what the fitted null calls and this
    does not is a possible change (docs/benchmarks/shifted-whole.md)."""
    if df is not None or null.df <= WHOLE_SHIFT_DF:
        return null
    return replace(null, df=WHOLE_SHIFT_DF, scale=robust_scale(WHOLE_SHIFT_DF), held=True)


def group_moves(
    pairs: Sequence[tuple[CaseRecord, CaseRecord]], d: list[float], overall: float
) -> list[float]:
    """The machine's move for each case: its group's median move where the group has
    MIN_FOR_GROUP cases or more (a group's cases are sampled in the same rounds, so a
    machine slower during that minute moves them alike: measured on this VM, taking it
    out halved the spread of an A/A pair's moves, ±6.4% → ±3.9%), else the overall one.
    Below MIN_FOR_NULL cases in all, the overall one throughout."""
    if len(d) < MIN_FOR_NULL:
        return [overall] * len(d)
    return moves_by_group([new.group for _old, new in pairs], d, overall)


def moves_by_group(groups: Sequence[int], d: Sequence[float], overall: float) -> list[float]:
    """Each case's group's median of `d` where the group has MIN_FOR_GROUP cases or more,
    else `overall`."""
    by_group: dict[int, list[float]] = {}
    for group, di in zip(groups, d, strict=True):
        by_group.setdefault(group, []).append(di)
    median = {g: float(np.median(v)) for g, v in by_group.items() if len(v) >= MIN_FOR_GROUP}
    return [median.get(group, overall) for group in groups]


def _empirical_noise(
    pairs: Sequence[tuple[CaseRecord, CaseRecord]], residuals: list[float]
) -> list[float]:
    """Each case's floor: the robust spread, around the machine's move, of the moves of
    the cases that share its runner and of those that share its algorithm (each kind
    counted where it has at least MIN_FOR_NULL cases), the larger of the two: a JIT
    runtime's noise stays its own, and so does a digest's of 1 KiB; with neither, that of
    all cases; with fewer than MIN_FOR_NULL cases in all, none."""
    if len(residuals) < MIN_FOR_NULL:
        return [0.0] * len(residuals)
    overall = _robust_sd(residuals, 0.0)
    kinds: dict[tuple[str, str], list[float]] = {}
    for (_old, new), di in zip(pairs, residuals, strict=True):
        kinds.setdefault(("runner", new.runner), []).append(di)
        kinds.setdefault(("alg", new.alg), []).append(di)
    spread = {
        kind: _robust_sd(values, 0.0)
        for kind, values in kinds.items()
        if len(values) >= MIN_FOR_NULL
    }
    floors = []
    for _old, new in pairs:
        known = [spread[k] for k in (("runner", new.runner), ("alg", new.alg)) if k in spread]
        floors.append(max(known) if known else overall)
    return floors


def _run_move(
    pairs: Sequence[tuple[CaseRecord, CaseRecord]], d: list[float], move: MachineMove
) -> RunMove:
    """Every case's median move over the machine's (the yardstick's), with an interval
    from the spread of the groups' median moves (the standard error of a median of them),
    the yardstick's own standard error, and the residue of the machine's move that a case
    need not share (machine_move.TRANSFER). Judged only with MIN_GROUPS groups or more:
    with fewer, the run's move is its few groups' and their cases' verdicts say it."""
    stick = yardstick_move([o for o, _n in pairs], [n for _o, n in pairs])
    if stick is None or not math.isfinite(stick.se) or not d:
        return RunMove(move.cases, move.cases, move.cases, judged=False)
    per_group: dict[int, list[float]] = {}
    for (_old, new), di in zip(pairs, d, strict=True):
        per_group.setdefault(new.group, []).append(di)
    values = [float(np.median(v)) for v in per_group.values()]
    centre = math.log(move.cases) - stick.log
    if len(values) < MIN_GROUPS:
        return RunMove(math.exp(centre), math.exp(centre), math.exp(centre), judged=False)
    spread = _robust_sd(values, float(np.median(values))) * math.sqrt(math.pi / 2 / len(values))
    se = math.sqrt(spread**2 + stick.se**2 + (TRANSFER * stick.log) ** 2)
    return RunMove(math.exp(centre), math.exp(centre - Z95 * se), math.exp(centre + Z95 * se), True)


def benjamini_hochberg(p_values: list[float], q: float) -> list[bool]:
    """Which hypotheses are rejected with the false discovery rate held at q."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    largest = -1
    for rank, i in enumerate(order, start=1):
        if p_values[i] <= q * rank / m:
            largest = rank
    rejected = set(order[:largest]) if largest > 0 else set()
    return [i in rejected for i in range(m)]


# -- within one run ----------------------------------------------------------------------
def intervals_overlap(a: Stats, b: Stats) -> bool:
    return a.median_ci[0] <= b.median_ci[1] and b.median_ci[0] <= a.median_ci[1]


def ratio_interval(old: Stats, new: Stats) -> tuple[float, float, float]:
    """(ratio, low, high) of new/old medians, bounded by both medians' intervals."""
    ratio = new.median / old.median if old.median else math.inf
    low = new.median_ci[0] / old.median_ci[1] if old.median_ci[1] else math.inf
    high = new.median_ci[1] / old.median_ci[0] if old.median_ci[0] else math.inf
    return ratio, low, high


def within_run(reference: CaseRecord, case: CaseRecord) -> Change:
    """Two implementations of one group in one run: the ratio of their medians, bounded
    by both intervals; a difference only where the intervals are apart."""
    ratio, low, high = ratio_interval(reference.measured, case.measured)
    apart = not intervals_overlap(reference.measured, case.measured)
    noise = math.hypot(_log_se(reference.measured), _log_se(case.measured))
    return Change(ratio, ratio, low, high, math.expm1(noise), None, significant=apart)


def geometric_mean(ratios: list[float]) -> float:
    finite = [r for r in ratios if r > 0 and math.isfinite(r)]
    return float(math.exp(sum(math.log(r) for r in finite) / len(finite))) if finite else math.nan
