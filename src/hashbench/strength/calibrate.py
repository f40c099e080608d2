"""The strongest parameters whose median time here stays at or under a target.

For each knob of the plan (strength/plans.py): climb a ladder of cheap points (each about
4× the work of the last) until one takes a quarter of the target; fit time = fixed +
per_unit × work on the points nearest the target (measure/fit.py); predict the largest
value within the target; then confirm by measuring there in a fresh runner process,
stepping down when the median is over the target and up while it has room. The answer is
always a confirmed measurement, never a prediction.

A confirmed median whose interval reaches past the target, or past the time the next
step up should take, does not settle the choice: the point is measured again in further
processes (REMEASURES at most), and where its interval is still that wide the
calibration says the choice is within noise, and why.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from hashbench import catalog, machine
from hashbench.measure.fit import Affine, affine, local_line
from hashbench.model import CaseRecord
from hashbench.model.strength import Calibration, Fit, FitPoint
from hashbench.strength import plans
from hashbench.strength.bench import QUICK, Bench, MeasureFailed, confirm_effort, op_for

MAX_CONFIRMS = 6
REMEASURES = 2  # further processes for a confirmed point whose interval does not settle it
CLOSE_ENOUGH = 0.9  # a continuous knob within 10% under the target is not pushed further
FIT_SPAN = 16  # fit the points within 16× the work of the largest (a ladder's last three)
CACHE_FACTOR = 2  # memory points count as "past the cache" from twice the last-level cache


@dataclass
class StageResult:
    outcome: str  # "found", "capped" (at the knob's hi, still under target), "too_fast"
    value: int
    record: CaseRecord
    fit: Fit | None


def _median(record: CaseRecord) -> float:
    return record.measured.median


def _ladder(
    bench: Bench, impl: str, alg: str, stage: plans.Stage, target_ns: float
) -> tuple[plans.Stage, list[tuple[int, CaseRecord]]]:
    """Cheap points, growing until one takes a quarter of the target (or passes it). When
    the start is over the target, the ladder steps down; a value the implementation does
    not take (libsodium's scrypt strings want N·p ≥ 1024) becomes the floor: the stage
    comes back with its knob starting at the smallest value measured."""
    knob = stage.knob
    value = knob.start()
    points = [(value, bench.measure(impl, alg, stage.params(value), QUICK))]
    while _median(points[0][1]) > target_ns and points[0][0] > knob.lo:  # start too big
        lower = min(knob.nice(points[0][0] / plans.LADDER_FACTOR), knob.down(points[0][0]))
        if knob.kind == "exponent":
            lower = points[0][0] - 2
        lower = knob.clamp(lower)
        try:
            points.insert(0, (lower, bench.measure(impl, alg, stage.params(lower), QUICK)))
        except MeasureFailed as exc:
            if exc.record.status != "not_applicable":
                raise
            knob = dataclasses.replace(knob, lo=points[0][0])
            stage = dataclasses.replace(stage, knob=knob)
    return stage, _climb(bench, impl, alg, stage, target_ns, points)


def _climb(
    bench: Bench,
    impl: str,
    alg: str,
    stage: plans.Stage,
    target_ns: float,
    points: list[tuple[int, CaseRecord]],
) -> list[tuple[int, CaseRecord]]:
    knob = stage.knob
    while True:
        value, record = points[-1]
        if value >= knob.hi or _median(record) > target_ns:
            return points
        if _median(record) * plans.LADDER_FACTOR >= target_ns and not _wants_more(stage, points):
            return points
        following = knob.ladder_next(value)
        if following <= value:
            return points
        points.append((following, bench.measure(impl, alg, stage.params(following), QUICK)))


def _past_cache(stage: plans.Stage, points: list[tuple[int, CaseRecord]]) -> list[int]:
    cache = machine.last_level_cache_bytes()
    if not cache:
        return []
    return [v for v, _ in points if stage.memory(v) >= CACHE_FACTOR * cache]


def _wants_more(stage: plans.Stage, points: list[tuple[int, CaseRecord]]) -> bool:
    """A memory knob grown in fine steps (argon2 m) climbs on until two points are past
    the last-level cache: in-cache points would predict too fast a hash."""
    memory_knob = stage.memory(stage.knob.hi) > stage.memory(stage.knob.lo)
    return memory_knob and not stage.knob.discrete and len(_past_cache(stage, points)) < 2


def _near(stage: plans.Stage, points: list[tuple[int, CaseRecord]]) -> list[tuple[int, CaseRecord]]:
    """The points the fit uses: past the cache when two are, else the ladder's last three."""
    past = set(_past_cache(stage, points))
    if len(past) >= 2:
        return [(v, r) for v, r in points if v in past][-3:]
    largest = max(stage.knob.work(v) for v, _ in points)
    return [(v, r) for v, r in points if stage.knob.work(v) * FIT_SPAN >= largest]


def _fit(knob: plans.Knob, near: list[tuple[int, CaseRecord]]) -> Affine | None:
    work = [knob.work(v) for v, _ in near]
    times = [_median(r) for _, r in near]
    return local_line(work, times) or affine(work, times)


def _predict(knob: plans.Knob, fit: Affine | None, points: list[tuple[int, CaseRecord]],
             target_ns: float) -> int:  # fmt: skip
    if fit is not None:
        work = (target_ns - fit.fixed) / fit.per_unit
    else:  # no line explains the points: scale the largest in proportion
        value, record = points[-1]
        work = knob.work(value) * target_ns / _median(record)
    return knob.clamp(knob.largest_within(work)) if work > 0 else knob.lo


def _fit_record(stage: plans.Stage, fit: Affine | None,
                near: list[tuple[int, CaseRecord]]) -> Fit | None:  # fmt: skip
    if fit is None:
        return None
    knob = stage.knob
    return Fit(
        param=knob.param,
        work=f"2^{knob.param}" if knob.kind == "exponent" else knob.param,
        fixed=dict(stage.fixed),
        fixed_ns=fit.fixed,
        per_unit_ns=fit.per_unit,
        r_squared=fit.r_squared,
        points=[FitPoint(v, knob.work(v), _median(r)) for v, r in near],
    )


def search(
    bench: Bench, impl: str, alg: str, stage: plans.Stage, target_ns: float, samples: int = 5
) -> StageResult:
    stage, points = _ladder(bench, impl, alg, stage, target_ns)
    knob = stage.knob
    near = _near(stage, points)
    line = _fit(knob, near)
    fit = _fit_record(stage, line, near)
    value = _predict(knob, line, points, target_ns)
    best: tuple[int, CaseRecord] | None = None
    lowest: tuple[int, CaseRecord] | None = None
    tried: set[int] = set()
    raised = False
    last_value, last_record = points[-1]
    for _ in range(MAX_CONFIRMS):
        expected = _expected(knob, line, last_value, _median(last_record), value)
        effort = confirm_effort(min(target_ns, max(expected, 0.0) * 1.2), samples)
        record = bench.measure(impl, alg, stage.params(value), effort, fresh=True)
        tried.add(value)
        median = _median(record)
        if lowest is None or value < lowest[0]:
            lowest = (value, record)
        if median <= target_ns:
            if best is None or value > best[0]:
                best = (value, record)
            if value >= knob.hi:
                break
            following = knob.up(value)
            if knob.discrete:
                if _expected(knob, line, value, median, following) > target_ns * 1.02:
                    break
            else:  # one step up when the prediction left room; never a second
                if raised or median >= CLOSE_ENOUGH * target_ns:
                    break
                following = knob.clamp(knob.nice(value * target_ns / median * 0.98))
                raised = True
            if following <= value or following in tried:
                break
            value = following
        else:
            if value <= knob.lo:
                break
            following = knob.down(value)
            if not knob.discrete:
                following = min(following, knob.nice(value * target_ns / median * 0.98))
            following = knob.clamp(following)
            if best is not None and following <= best[0]:
                break
            value = following
    if best is None:
        assert lowest is not None
        return StageResult("too_fast", lowest[0], lowest[1], fit)
    value, record = best
    if value >= knob.hi:
        beyond = knob.hi + 1 if knob.kind == "exponent" else knob.hi + knob.grid_at(knob.hi)
        if knob.kind == "power_of_two":
            beyond = knob.hi * 2
        if _expected(knob, line, value, _median(record), beyond) <= target_ns:
            return StageResult("capped", value, record, fit)
    return StageResult("found", value, record, fit)


def _expected(
    knob: plans.Knob, line: Affine | None, value: int, median: float, other: int
) -> float:
    """The time `other` should take, from the fit or in proportion to a measured point."""
    if line is not None:
        return line.at(knob.work(other))
    return median * knob.work(other) / knob.work(value)


def _stopped_by(alg: str, stage: plans.Stage, outcome: str) -> str:
    if outcome == "found":
        return "target"
    if outcome == "too_fast":
        return "smallest parameters"
    knob = stage.knob
    spec = catalog.algorithm(alg)
    top = spec.range(knob.param)[1] if knob.param in spec.params else knob.hi
    return "memory limit" if knob.hi < top else "parameter range"


def calibrate(
    bench: Bench,
    impl: str,
    alg: str,
    target_ns: float,
    limits: plans.Limits,
    samples: int = 5,
) -> Calibration:
    """Calibrate one algorithm on one implementation; failures become a 'failed' row."""
    plan = plans.stages(alg, limits)
    op = op_for(bench.implementation(impl))
    fits: list[Fit] = []
    result: StageResult | None = None
    stage = plan[0]
    try:
        for stage in plan:
            found = search(bench, impl, alg, stage, target_ns, samples)
            if found.fit:
                fits.append(found.fit)
            if found.outcome == "too_fast" and result is not None:
                # the previous stage's cap is the answer: its next step is over the target
                result = StageResult("found", result.value, result.record, result.fit)
                break
            result = found
            if found.outcome != "capped":
                break
    except MeasureFailed as exc:
        return Calibration(
            alg=alg, impl=impl, op=op, target_ns=target_ns, outcome="failed", fits=fits,
            message=f"{exc.record.status}: {exc.record.reason}", case=exc.record.id,
        )  # fmt: skip
    assert result is not None
    record, noise = result.record, ""
    if result.outcome == "found":
        record, noise = _settled(bench, impl, alg, stage, record, target_ns, samples)
    stats = record.measured
    params = dict(record.params)
    outcome = {"found": "ok", "capped": "too_slow", "too_fast": "too_fast"}[result.outcome]
    return Calibration(
        alg=alg,
        impl=impl,
        op=op,
        target_ns=target_ns,
        outcome=outcome,  # type: ignore[arg-type]
        params=params,
        median_ns=stats.median,
        median_ci=stats.median_ci,
        samples=stats.n,
        memory_bytes=plans.memory_bytes(alg, params),
        peak_rss_bytes=record.peak_rss_bytes,
        stopped_by="target" if outcome == "ok" else _stopped_by(alg, stage, result.outcome),
        fits=fits,
        case=record.id,
        within_noise=noise,
    )


def _ms(ns: float) -> str:
    return f"{ns / 1e6:.1f} ms"


def _unsettled(stage: plans.Stage, record: CaseRecord, target_ns: float) -> str:
    """Why the chosen point's interval does not settle the choice, or ""."""
    low, high = record.measured.median_ci
    median = _median(record)
    knob = stage.knob
    value = record.params.get(knob.param)
    if high > target_ns:
        return f"its interval ({_ms(low)}–{_ms(high)}) reaches past the target {_ms(target_ns)}"
    if value is None or value >= knob.hi:
        return ""
    following = knob.up(value)
    next_ns = median * knob.work(following) / knob.work(value)
    if low * knob.work(following) / knob.work(value) <= target_ns < next_ns:
        return (
            f"its interval ({_ms(low)}–{_ms(high)}) lets the next "
            f"step, {knob.param}={following}, fit the target too"
        )
    return ""


def _settled(
    bench: Bench,
    impl: str,
    alg: str,
    stage: plans.Stage,
    record: CaseRecord,
    target_ns: float,
    samples: int,
) -> tuple[CaseRecord, str]:
    """The chosen point measured again until its interval settles the choice, at most
    REMEASURES times; with why it is within noise where it still does not."""
    why = _unsettled(stage, record, target_ns)
    for _ in range(REMEASURES):
        if not why:
            return record, ""
        effort = confirm_effort(min(target_ns, _median(record) * 1.2), samples)
        record = bench.again(impl, alg, dict(record.params), effort)
        why = _unsettled(stage, record, target_ns)
    return record, f"the choice is within noise: {why}" if why else ""
