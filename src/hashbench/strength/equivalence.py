"""The seed's question both ways: for a bcrypt cost, the scrypt, argon2id and PBKDF2
parameters that cost the defender the same time here (calibrated at bcrypt's measured
median), and those that cost the attacker the same per guess (the model solved for
bcrypt's modelled rate, then measured here)."""

from __future__ import annotations

from hashbench import catalog
from hashbench.model.strength import Equivalence
from hashbench.strength import costing, plans, rows, sources
from hashbench.strength.bench import Bench
from hashbench.strength.calibrate import calibrate

EQUAL_ALGS = ["scrypt", "argon2id", "pbkdf2-sha256", "pbkdf2-sha512"]
UNLIMITED = 4 << 30  # solving for the attacker's cost looks past the memory limit


def _rate(alg: str, stage: plans.Stage, value: int, gpu: sources.Gpu) -> float | None:
    params = catalog.validate(alg, stage.params(value))
    return costing.guesses_per_s(alg, params, gpu, sources.attackers())[0]


def equal_cost_params(
    alg: str, rate: float, gpu_id: str, parallelism: int | None
) -> dict[str, int] | None:
    """The weakest parameters of the calibration's first knob (memory for scrypt and
    argon2id, at the fewest passes) that the model rates at or below `rate` guesses/s."""
    gpu = sources.attackers().gpu(gpu_id)
    stage = plans.stages(alg, plans.Limits(UNLIMITED, parallelism))[0]
    knob = stage.knob

    def slow_enough(value: int) -> bool:
        own = _rate(alg, stage, value, gpu)
        return own is not None and own <= rate

    if not slow_enough(knob.hi):
        return None
    if knob.discrete:
        value = knob.lo
        while not slow_enough(value):
            value = knob.up(value)
        return catalog.validate(alg, stage.params(value))
    lo, hi = knob.lo, knob.hi  # the smallest value that is slow enough, by bisection
    while lo < hi:
        middle = (lo + hi) // 2
        if slow_enough(middle):
            hi = middle
        else:
            lo = middle + 1
    step = knob.grid_at(lo)
    value = knob.clamp(-(-lo // step) * step)  # up to the grid: at least as strong
    return catalog.validate(alg, stage.params(value))


def equivalence(
    bench: Bench,
    cost: int,
    impls: dict[str, list[str]],
    limits: plans.Limits,
    gpu: str,
    samples: int,
) -> Equivalence:
    base = rows.measured(
        bench, "reference", f"bcrypt cost {cost}", "bcrypt", {"cost": cost}, impls["bcrypt"], gpu
    )
    found = Equivalence(bcrypt=base)
    if base.median_ns is None:
        return found
    for alg in EQUAL_ALGS:
        if impls.get(alg):
            cal = calibrate(bench, impls[alg][0], alg, base.median_ns, limits, samples)
            found.equal_time.append(rows.calibrated(cal, gpu, "equal_time"))
    rate = base.attack.rate_per_s if base.attack else None
    for alg in EQUAL_ALGS if rate else []:
        assert rate is not None
        params = equal_cost_params(alg, rate, gpu, limits.parallelism)
        if params is not None and impls.get(alg):
            found.equal_cost.append(
                rows.measured(bench, "equal_cost", "", alg, params, impls[alg], gpu)
            )
    return found
