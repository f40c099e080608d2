"""A run file's values: its machine, its runners, where its time went, and every case."""

from __future__ import annotations

from hashbench.model import Environment, Resumption, RunFile
from hashbench.results.values import bounds as b
from hashbench.results.values import record

MAX_CORES = 2**20
MAX_LOAD = 1e6


def environment(env: Environment, at: str) -> None:
    if env.cores is not None:
        b.count(f"{at}.cores", env.cores, 1, MAX_CORES, "a number of cores")
    if env.mem_total_bytes is not None:
        b.byte_count(f"{at}.mem_total_bytes", env.mem_total_bytes)
    for name in ("load_start", "load_end"):
        for i, load in enumerate(getattr(env, name) or []):
            b.not_negative(f"{at}.{name}[{i}]", load, MAX_LOAD)


def time_spent(spent: dict[str, float], at: str) -> None:
    for phase, s in spent.items():
        b.seconds(f"{at}.{phase}", s)


def header(started: str, finished: str | None, env: Environment) -> None:
    """What every kind of file begins with: when it ran, and on what machine."""
    b.moment("$.started", started)
    b.moment("$.finished", finished)
    environment(env, "$.environment")


def resumptions(parts: list[Resumption]) -> None:
    for i, part in enumerate(parts):
        b.moment(f"$.resumptions[{i}].ended", part.ended)
        b.moment(f"$.resumptions[{i}].resumed", part.resumed)
        b.count(f"$.resumptions[{i}].kept", part.kept)
        time_spent(part.time_spent, f"$.resumptions[{i}].time_spent")


def check(run: RunFile) -> None:
    """Raises BadValue at the first figure out of bounds."""
    header(run.started, run.finished, run.environment)
    o = run.options
    for name in ("budget", "target_ci"):
        figure = getattr(o, name)
        if figure is not None:
            b.not_negative(f"$.options.{name}", figure)
    for name in ("processes", "rounds", "passes"):
        figure = getattr(o, name)
        if figure is not None:
            b.count(f"$.options.{name}", figure, 1)
    for name, info in run.runners.items():
        for field in ("timer_resolution_ns", "loop_overhead_ns"):
            figure = getattr(info, field)
            if figure is not None:
                b.not_negative(f"$.runners.{name}.{field}", figure, b.DAY_NS)
    time_spent(run.time_spent, "$.time_spent")
    resumptions(run.resumptions)
    if run.counting is not None:
        b.not_negative("$.counting.tolerance", run.counting.tolerance, 1.0)
        for name, weight in run.counting.cycle_weights.items():
            b.not_negative(f"$.counting.cycle_weights.{name}", weight, 1e6)
    for i, case in enumerate(run.cases):
        record.check(case, f"$.cases[{i}]")
