"""A strength file's values (`calibrate`, `strength`, `capacity`): targets, medians and
their fits, the attacker's rates and costs, logins per second, and every record."""

from __future__ import annotations

from hashbench.model.strength import Attack, Calibration, Capacity, Fit, ParamSet, StrengthFile
from hashbench.results.values import bounds as b
from hashbench.results.values import record
from hashbench.results.values.bounds import BadValue
from hashbench.results.values.run_file import header, resumptions

MAX_USD = 1e30  # more dollars than the world's: still a figure a table can show


def _calibration(c: Calibration, at: str) -> None:
    b.time_ns(f"{at}.target_ns", c.target_ns)
    if c.params is not None:
        b.params(f"{at}.params", c.params)
    if c.median_ns is not None:
        b.time_ns(f"{at}.median_ns", c.median_ns)
        if c.median_ci is not None:
            b.interval(f"{at}.median_ci", c.median_ci, c.median_ns)
    b.count(f"{at}.samples", c.samples)
    b.byte_count(f"{at}.memory_bytes", c.memory_bytes)
    if c.peak_rss_bytes is not None:
        b.byte_count(f"{at}.peak_rss_bytes", c.peak_rss_bytes)
    for i, fit in enumerate(c.fits):
        _fit(fit, f"{at}.fits[{i}]")


def _fit(f: Fit, at: str) -> None:
    b.params(f"{at}.fixed", f.fixed)
    for name in ("fixed_ns", "per_unit_ns"):
        figure = getattr(f, name)
        b.finite(f"{at}.{name}", figure)
        if abs(figure) >= b.DAY_NS:
            raise BadValue(f"{at}.{name}", figure, "a time must be below a day (8.64e13 ns)")
    b.finite(f"{at}.r_squared", f.r_squared)
    if not b.at_most(f.r_squared, 1.0):
        raise BadValue(f"{at}.r_squared", f.r_squared, "an r² is at most 1")
    for i, p in enumerate(f.points):
        b.param(f"{at}.points[{i}].value", p.value)
        b.positive(f"{at}.points[{i}].work", p.work, float(b.MAX_COUNT))
        b.time_ns(f"{at}.points[{i}].median_ns", p.median_ns)


def _attack(a: Attack, at: str) -> None:
    if a.rate_per_s is not None:
        b.positive(f"{at}.rate_per_s", a.rate_per_s, 1e30)
    for name in ("usd_per_guess", "joules_per_guess"):
        figure = getattr(a, name)
        if figure is not None:
            b.not_negative(f"{at}.{name}", figure, MAX_USD)
    for name, usd in a.search_usd.items():
        b.not_negative(f"{at}.search_usd.{name}", usd, MAX_USD)


def _row(row: ParamSet, at: str) -> None:
    b.params(f"{at}.params", row.params)
    for name in ("target_ns", "median_ns"):
        figure = getattr(row, name)
        if figure is not None:
            b.time_ns(f"{at}.{name}", figure)
    b.byte_count(f"{at}.memory_bytes", row.memory_bytes)
    if row.peak_rss_bytes is not None:
        b.byte_count(f"{at}.peak_rss_bytes", row.peak_rss_bytes)
    if row.attack is not None:
        _attack(row.attack, f"{at}.attack")


def _capacity(c: Capacity, at: str) -> None:
    b.params(f"{at}.params", c.params)
    b.count(f"{at}.cores", c.cores, 1, 2**20, "a number of cores")
    for name in ("memory_budget_bytes", "memory_per_login_bytes", "baseline_rss_bytes"):
        figure = getattr(c, name)
        if figure is not None:
            b.byte_count(f"{at}.{name}", figure)
    b.count(f"{at}.fit_concurrent", c.fit_concurrent)
    for i, level in enumerate(c.levels):
        here = f"{at}.levels[{i}]"
        b.count(f"{here}.concurrency", level.concurrency, 1)
        b.not_negative(f"{here}.logins_per_s", level.logins_per_s)
        b.time_ns(f"{here}.p50_ns", level.p50_ns)
        b.time_ns(f"{here}.p99_ns", level.p99_ns)
        if not b.at_most(level.p50_ns, level.p99_ns):
            raise BadValue(f"{here}.p50_ns", level.p50_ns, f"above p99 ({b.shown(level.p99_ns)})")
        b.count(f"{here}.samples", level.samples)
        b.byte_count(f"{here}.memory_needed_bytes", level.memory_needed_bytes)
        if level.peak_rss_bytes is not None:
            b.byte_count(f"{here}.peak_rss_bytes", level.peak_rss_bytes)


def check(data: StrengthFile) -> None:
    """Raises BadValue at the first figure out of bounds."""
    header(data.started, data.finished, data.environment)
    for i, choice in enumerate(data.choices):
        b.params(f"$.choices[{i}].probe", choice.probe)
        for impl, median in choice.medians_ns.items():
            b.time_ns(f"$.choices[{i}].medians_ns.{impl}", median)
    for i, cal in enumerate(data.calibrations):
        _calibration(cal, f"$.calibrations[{i}]")
    for i, row in enumerate(data.rows):
        _row(row, f"$.rows[{i}]")
    for i, eq in enumerate(data.equivalences):
        _row(eq.bcrypt, f"$.equivalences[{i}].bcrypt")
        for kind in ("equal_time", "equal_cost"):
            for j, row in enumerate(getattr(eq, kind)):
                _row(row, f"$.equivalences[{i}].{kind}[{j}]")
    for i, cap in enumerate(data.capacity):
        _capacity(cap, f"$.capacity[{i}]")
    for i, case in enumerate(data.records):
        record.check(case, f"$.records[{i}]")
    resumptions(data.resumptions)
