"""Which implementation measures each algorithm: the fastest available of a short list
(catalog/calibration.toml, where the lists' own measurement is quoted), picked by a quick
measurement here; or the ones named with --impl.

A defender's cost is what the fastest code they could deploy pays; calibrating on a slow
implementation would pick parameters weaker than the same time buys elsewhere.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from hashbench import catalog, paths
from hashbench.errors import UsageError
from hashbench.model.strength import ImplChoice
from hashbench.runner.pool import RunnerPool
from hashbench.strength import plans
from hashbench.strength.bench import QUICK, Bench, MeasureFailed


@cache
def preferences() -> dict[str, dict[str, Any]]:
    with open(paths.catalog_dir() / "calibration.toml", "rb") as f:
        return tomllib.load(f)


def candidates(alg: str, parallel: bool) -> list[str]:
    entry = preferences().get(alg, {})
    listed = list(entry.get("candidates", []))
    if parallel:
        listed += [i for i in entry.get("parallel", []) if i not in listed]
    return listed


def runner_of(impl_id: str) -> str:
    return impl_id.split("/", 1)[0]


def runners_for(algs: list[str], wanted: list[str], parallel: bool) -> set[str]:
    """The runners to start: those of --impl, else of every candidate."""
    if wanted:
        return {runner_of(i) for i in wanted}
    return {runner_of(i) for alg in algs for i in candidates(alg, parallel)}


def check_wanted(pool: RunnerPool, wanted: list[str], algs: list[str]) -> None:
    """--impl names that are not here, or do not hash any chosen algorithm: UsageError."""
    for impl_id in wanted:
        if impl_id in pool.implementations:
            offered = pool.implementations[impl_id].info.algorithms
            if not set(offered) & set(algs):
                raise UsageError(
                    f"--impl {impl_id} implements none of {', '.join(algs)} "
                    f"(it offers {', '.join(offered)})"
                )
            continue
        runner = runner_of(impl_id)
        if runner in pool.unavailable:
            raise UsageError(
                f"--impl {impl_id}: runner {runner} skipped: {pool.unavailable[runner]}"
            )
        known = sorted(
            i.id for i in pool.implementations.values()
            if i.runner == runner and set(i.info.algorithms) & set(algs)
        )  # fmt: skip
        hint = f"; {runner} offers {', '.join(known)}" if known else ""
        raise UsageError(f"unknown implementation {impl_id!r}{hint} (see `hashbench list`)")


def _usable(pool: RunnerPool, impl_id: str, alg: str) -> str | None:
    impl = pool.implementations.get(impl_id)
    if impl is None:
        runner = runner_of(impl_id)
        return pool.unavailable.get(runner, "not offered here")
    if alg not in impl.info.algorithms:
        return f"no {alg}"
    ops = set(impl.info.ops)
    if "bench" not in ops or not ops & {"hash", "derive"}:
        return "no hash or derive bench"
    return None


def probe(alg: str, limits: plans.Limits) -> dict[str, int]:
    """The probe parameters, with p as --parallelism says and memory within the limit."""
    params = dict(preferences().get(alg, {}).get("probe", {}))
    if "p" in params:
        params["p"] = limits.parallelism or 1
    knob = plans.stages(alg, limits)[0].knob
    if knob.param in params:
        params[knob.param] = knob.clamp(max(params[knob.param], knob.lo))
    return params


def choose(bench: Bench, alg: str, limits: plans.Limits, wanted: list[str]) -> ImplChoice:
    """The implementation for `alg`; impl "" (with every reason) when none can be measured."""
    pool = bench.pool
    listed = list(wanted) if wanted else candidates(alg, limits.parallelism not in (None, 1))
    skipped: dict[str, str] = {}
    usable = []
    for impl_id in listed:
        why = _usable(pool, impl_id, alg)
        if why:
            skipped[impl_id] = why
        else:
            usable.append(impl_id)
    how = "--impl" if wanted else "fastest at the probe"
    params = probe(alg, limits)
    medians: dict[str, float] = {}
    if len(usable) == 1 and not wanted:
        how = "the only candidate here"
    for impl_id in usable if len(usable) > 1 else []:
        try:
            medians[impl_id] = bench.measure(impl_id, alg, params, QUICK).measured.median
        except MeasureFailed as exc:
            skipped[impl_id] = f"{exc.record.status}: {exc.record.reason}"
    ranked = sorted(medians, key=medians.__getitem__) if medians else usable[:1]
    if not ranked:
        return ImplChoice(alg=alg, impl="", how=how, probe=params, skipped=skipped)
    return ImplChoice(
        alg=alg, impl=ranked[0], how=how, probe=params, medians_ns=medians, skipped=skipped
    )


def algorithms_of(wanted: list[str], pool: RunnerPool, default: list[str]) -> list[str]:
    """Without --alg: the default algorithms, narrowed to those an --impl implements."""
    if not wanted:
        return default
    offered = {a for i in wanted if i in pool.implementations
               for a in pool.implementations[i].info.algorithms}  # fmt: skip
    return [a for a in default if a in offered]


def known_algorithm(alg: str) -> None:
    spec = catalog.algorithm(alg)  # UsageError names the known ones
    if spec.kind != "password":
        raise UsageError(f"{alg} is a fast hash; these commands take password hashes")
