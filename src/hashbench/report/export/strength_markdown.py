"""Markdown of a strength file (calibrate, strength, capacity): the terminal report's
tables, for a design document or a pull-request comment."""

from __future__ import annotations

from hashbench.model.strength import Calibration, Capacity, Equivalence, ParamSet, StrengthFile
from hashbench.report import units
from hashbench.report.export.markdown import table
from hashbench.report.strength_terminal import (
    SEARCHES,
    fit_text,
    guesses,
    joules,
    params,
    unreachable,
    usd,
)


def _head(file: StrengthFile) -> list[str]:
    env = file.environment
    lines = [f"## hashbench {file.command}", "", f"{env.cpu}, {env.cores or '?'} cores, {env.os}"]
    lines += [""] + [f"- {key}: {value}" for key, value in file.options.items()] + [""]
    return lines


def _median(cal: Calibration) -> str:
    shown = units.duration(cal.median_ns)
    if cal.median_ci and cal.median_ns:
        shown += f" ±{(cal.median_ci[1] - cal.median_ci[0]) / 2 / cal.median_ns:.1%}"
    return shown


def _calibrations(cals: list[Calibration]) -> list[str]:
    rows = [
        [
            cal.alg,
            f"`{cal.impl}`" if cal.impl else "—",
            params(cal.alg, cal.params),
            _median(cal),
            units.size(cal.memory_bytes) if cal.memory_bytes else "—",
            units.size(cal.peak_rss_bytes),
            f"{cal.fits[-1].r_squared:.4f}" if cal.fits else "—",
        ]
        for cal in cals
    ]
    headers = ["algorithm", "implementation", "parameters", "median ±CI", "memory", "peak RSS"]
    lines = table([*headers, "R²"], rows, left=3) + [""]
    for cal in cals:
        for fit in cal.fits:
            lines.append(f"- {cal.alg} {fit.param}: {fit_text(fit)}, R² {fit.r_squared:.4f}")
        if cal.outcome != "ok":
            lines.append(f"- {unreachable(cal)}")
        elif cal.within_noise:
            lines.append(f"- {cal.alg}: {cal.within_noise}")
    return lines + [""]


def _name(row: ParamSet) -> str:
    return (row.label or f"{row.alg} {params(row.alg, row.params)}") + (" ⚑" if row.flag else "")


def _rows(rows: list[ParamSet]) -> list[str]:
    headers = ["parameter set", "parameters", "time here", "memory", "guesses/s", "$/guess"]
    headers += ["J/guess", *SEARCHES]
    body = []
    for row in rows:
        attack = row.attack
        search = attack.search_usd if attack else {}
        body.append(
            [
                _name(row),
                f"{row.alg} {params(row.alg, row.params)}" if row.label else f"`{row.impl}`",
                units.duration(row.median_ns) if row.median_ns else row.note or "—",
                units.size(row.memory_bytes) if row.memory_bytes else "—",
                guesses(attack),
                usd(attack.usd_per_guess if attack else None),
                joules(attack.joules_per_guess if attack else None),
                *(usd(search.get(s)) for s in SEARCHES),
            ]
        )
    flags = [f"- ⚑ {_name(r)[:-2]}: {r.flag}" for r in rows if r.flag]
    return table(headers, body) + [""] + list(dict.fromkeys(flags)) + [""]


def _equivalence(eq: Equivalence) -> list[str]:
    base = eq.bcrypt
    rate = base.attack.rate_per_s if base.attack else None
    lines = [
        f"### bcrypt cost {base.params.get('cost')}: {units.duration(base.median_ns)} here, "
        f"{guesses(base.attack)} guesses/s",
        "",
    ]
    body = []
    for kind, rows in (("defender time", eq.equal_time), ("attacker cost", eq.equal_cost)):
        for row in rows:
            own = row.attack.rate_per_s if row.attack else None
            body.append(
                [
                    kind,
                    row.alg,
                    params(row.alg, row.params) + (" ⚑" if row.flag else ""),
                    units.duration(row.median_ns) if row.median_ns else row.note or "—",
                    units.size(row.memory_bytes) if row.memory_bytes else "—",
                    guesses(row.attack),
                    f"{rate / own:.2f}×" if rate and own else "—",
                ]
            )
    headers = ["equal", "algorithm", "parameters", "time here", "memory", "guesses/s"]
    return lines + table([*headers, "attacker cost vs bcrypt"], body, left=3) + [""]


def _capacity(cap: Capacity) -> list[str]:
    lines = [
        f"### {cap.alg} {params(cap.alg, cap.params)} with `{cap.impl}`",
        "",
        f"{units.size(cap.memory_per_login_bytes)} per login; runner at rest "
        f"{units.size(cap.baseline_rss_bytes)}. {cap.limit}",
        "",
    ]
    body = [
        [
            str(level.concurrency),
            f"{level.logins_per_s:.1f}",
            units.duration(level.p50_ns),
            units.duration(level.p99_ns),
            units.size(level.peak_rss_bytes),
            units.size(level.memory_needed_bytes) + ("" if level.fits_memory else " (over)"),
        ]
        for level in cap.levels
    ]
    headers = ["concurrent", "logins/s", "p50", "p99", "peak RSS/process"]
    budget = units.size(cap.memory_budget_bytes)
    return lines + table([*headers, f"memory needed (of {budget})"], body, left=1) + [""]


def render(file: StrengthFile) -> str:
    lines = _head(file)
    if file.calibrations and file.command == "calibrate":
        lines += _calibrations(file.calibrations)
    targets = sorted({r.target_ns for r in file.rows if r.kind == "calibrated" and r.target_ns})
    for target in targets:
        lines += [f"### At {units.duration(target)} per hash here", ""]
        lines += _rows([r for r in file.rows if r.kind == "calibrated" and r.target_ns == target])
    for kind, heading in (("reference", "Published parameters"), ("default", "Library defaults")):
        chosen = [r for r in file.rows if r.kind == kind]
        if chosen:
            lines += [f"### {heading}", ""] + _rows(chosen)
    for eq in file.equivalences:
        lines += _equivalence(eq)
    for cap in file.capacity:
        lines += _capacity(cap)
    for warning in file.warnings:
        lines.append(f"> warning: {warning}")
    return "\n".join(lines).rstrip() + "\n"
