"""The terminal report of a strength file: calibrate's chosen parameters and fits, the
strength tables (defender's time and memory here, the attacker's guesses, dollars and
joules), the seed's equal-strength question, and capacity."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from hashbench import catalog
from hashbench.model import labels
from hashbench.model.strength import (
    Attack,
    Calibration,
    Capacity,
    Equivalence,
    Fit,
    ImplChoice,
    ParamSet,
    StrengthFile,
)
from hashbench.report import units

SEARCHES = ("2^20", "2^30", "2^40", "2^50")


def params(alg: str, values: dict[str, int] | None) -> str:
    """m=64 MiB,t=3,p=1 · n=2^17,r=8,p=1 · cost=12 · iterations=600000."""
    if not values:
        return "—"
    shown = []
    for key, value in values.items():
        if key == "n" and value > 0 and value & (value - 1) == 0:
            shown.append(f"n=2^{value.bit_length() - 1}")
        else:
            shown.append(labels.params_label(((key, value),), catalog.units(alg)))
    return ",".join(s for s in shown if s)


def usd(value: float | None) -> str:
    """Dollars in at most 7 characters: $2.8e-9, $0.87, $914, $2.04k, $3.12M, $4.8e+15."""
    if value is None:
        return "—"
    if value < 0.01:
        mantissa, exponent = f"{value:.1e}".split("e")
        return f"${mantissa}e{int(exponent)}"
    if value < 1:
        return f"${value:.2f}"
    for unit, scale in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("k", 1e3), ("", 1.0)):
        if value >= scale:
            shown = value / scale
            return f"${shown:.3g}{unit}" if shown < 1000 else f"${value:.1e}"
    return f"${value:.3g}"


def joules(value: float | None) -> str:
    if value is None:
        return "—"
    for unit, scale in (("J", 1.0), ("mJ", 1e-3), ("µJ", 1e-6), ("nJ", 1e-9)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value:.1e} J"


def guesses(attack: Attack | None) -> str:
    if attack is None or attack.rate_per_s is None:
        return "no GPU attack" if attack and attack.notes else "—"
    return units.rate(attack.rate_per_s)


def _header(file: StrengthFile, console: Console, what: str) -> None:
    env = file.environment
    head = f"[bold]hashbench {file.command}[/]" + (f" {what}" if what else "")
    console.print(f"{head} · {env.cpu} · {env.cores or '?'} cores · {env.os}")
    for key, value in file.options.items():
        console.print(f"  {key}: {value}", style="dim")


def _choices(choices: list[ImplChoice], console: Console) -> None:
    for c in choices:
        if not c.impl:
            why = "; ".join(f"{i}: {r}" for i, r in c.skipped.items()) or "no candidate here"
            console.print(f"  {c.alg}: [red]no implementation could be measured[/] ({why})")
            continue
        ranked = sorted(c.medians_ns.items(), key=lambda kv: kv[1])
        measured = ", ".join(f"{i} {units.duration(m)}" for i, m in ranked)
        at = f" at {params(c.alg, c.probe)}" if measured else ""
        console.print(
            f"  {c.alg}: [bold]{c.impl}[/] ({c.how}{at}{': ' + measured if measured else ''})",
            style="dim" if not measured else None,
        )


def fit_text(fit: Fit) -> str:
    sign = "−" if fit.fixed_ns < 0 else "+"
    work = fit.work
    return f"{units.duration(fit.per_unit_ns)} × {work} {sign} {units.duration(abs(fit.fixed_ns))}"


def unreachable(cal: Calibration) -> str:
    """Why a target is out of reach, naming the nearest achievable time and parameters."""
    target = units.duration(cal.target_ns)
    nearest = f"{params(cal.alg, cal.params)} at {units.duration(cal.median_ns)} ({cal.impl})"
    if cal.outcome == "too_fast":
        return (
            f"{cal.alg}: {target} is below the fastest {cal.alg} allowed: the smallest "
            f"parameters here are {nearest}"
        )
    if cal.outcome == "too_slow":
        cure = (
            "raise --memory-limit (or leave p free: no --parallelism)"
            if cal.stopped_by == "memory limit"
            else "the algorithm allows no more"
        )
        return (
            f"{cal.alg}: {target} is out of reach within the {cal.stopped_by}: the strongest "
            f"is {nearest}; {cure}"
        )
    return (
        f"{cal.alg}: could not be measured with {cal.impl or 'any implementation'}: {cal.message}"
    )


def _calibrations(cals: list[Calibration], console: Console) -> None:
    """One row per calibration; a row out of reach shows its median in colour (the reason
    is printed below the table)."""
    table = Table(header_style="bold", box=None, pad_edge=False)
    for col in ("algorithm", "implementation", "parameters", "median ±CI", "memory",
                "peak RSS", "R²"):  # fmt: skip
        right = col in ("median ±CI", "memory", "peak RSS", "R²")
        table.add_column(col, justify="right" if right else "left", no_wrap=True)
    colour = {"ok": "", "too_fast": "red", "too_slow": "yellow", "failed": "red"}
    for cal in cals:
        fit = cal.fits[-1] if cal.fits else None
        median = units.duration(cal.median_ns)
        if cal.median_ci and cal.median_ns:
            median += f" ±{(cal.median_ci[1] - cal.median_ci[0]) / 2 / cal.median_ns:.1%}"
        if colour[cal.outcome]:
            median = f"[{colour[cal.outcome]}]{median}[/]"
        table.add_row(
            cal.alg,
            cal.impl or "—",
            params(cal.alg, cal.params),
            median,
            units.size(cal.memory_bytes) if cal.memory_bytes else "—",
            units.size(cal.peak_rss_bytes),
            f"{fit.r_squared:.4f}" if fit else "—",
        )
    console.print(table)


def _fits(cals: list[Calibration], console: Console) -> None:
    console.print("\n[bold]fits[/] (time = fixed + per unit × work, over the points nearest "
                  "the target; memory points past the last-level cache when two are)")  # fmt: skip
    for cal in cals:
        for fit in cal.fits:
            held = params(cal.alg, fit.fixed)
            points = ", ".join(
                f"{params(cal.alg, {fit.param: p.value})} {units.duration(p.median_ns)}"
                for p in fit.points
            )
            console.print(
                f"  {cal.alg} {fit.param} ({held}): {fit_text(fit)}, R² {fit.r_squared:.4f} "
                f"— {points}"
            )


def render_calibrate(file: StrengthFile, console: Console) -> None:
    targets = sorted({c.target_ns for c in file.calibrations})
    _header(file, console, "· target " + ", ".join(units.duration(t) for t in targets))
    _choices(file.choices, console)
    console.print()
    _calibrations(file.calibrations, console)
    _fits(file.calibrations, console)
    for cal in file.calibrations:
        if cal.outcome != "ok":
            console.print(f"[yellow]{unreachable(cal)}[/]")
    for warning in file.warnings:
        console.print(f"[yellow]warning:[/] {warning}")


def _name(row: ParamSet) -> str:
    name = row.label or f"{row.alg} {params(row.alg, row.params)}"
    return name + (" [red]⚑[/]" if row.flag else "")


def _attack_table(rows: list[ParamSet], console: Console, title: str, gpu: str) -> None:
    """Two tables over the same rows: the defender's side here, then the attacker's."""
    here = Table(title=title, title_justify="left", header_style="bold", box=None, pad_edge=False)
    here.add_column("parameter set", no_wrap=True, max_width=34)
    here.add_column("parameters", no_wrap=True)
    for col in ("time here", "memory", "peak RSS"):
        here.add_column(col, justify="right", no_wrap=True)
    there = Table(header_style="bold", box=None, pad_edge=False)
    there.add_column(f"attacker: one {gpu}", no_wrap=True, max_width=34)
    for col in ("guesses/s", "$/guess", "J/guess", *SEARCHES):
        there.add_column(col, justify="right", no_wrap=True)
    for row in rows:
        attack = row.attack
        search = attack.search_usd if attack else {}
        here.add_row(
            _name(row),
            f"{row.alg} {params(row.alg, row.params)}" if row.label else row.impl,
            units.duration(row.median_ns) if row.median_ns else f"[dim]{row.note or '—'}[/]",
            units.size(row.memory_bytes) if row.memory_bytes else "—",
            units.size(row.peak_rss_bytes),
        )
        there.add_row(
            _name(row),
            guesses(attack),
            usd(attack.usd_per_guess if attack else None),
            joules(attack.joules_per_guess if attack else None),
            *(usd(search.get(s)) for s in SEARCHES),
        )
    console.print(here)
    console.print(there)


def _equivalence(eq: Equivalence, console: Console, gpu: str) -> None:
    base = eq.bcrypt
    rate = base.attack.rate_per_s if base.attack else None
    console.print(
        f"\n[bold]bcrypt cost {base.params.get('cost')}[/]: {units.duration(base.median_ns)} "
        f"here, {guesses(base.attack)} guesses/s per {gpu}"
    )
    table = Table(header_style="bold", box=None)
    for col in ("equal", "algorithm", "parameters", "time here", "memory",
                "guesses/s", "attacker cost vs bcrypt"):  # fmt: skip
        table.add_column(col, no_wrap=True)
    for kind, rows in (("defender time", eq.equal_time), ("attacker cost", eq.equal_cost)):
        for row in rows:
            own = row.attack.rate_per_s if row.attack else None
            ratio = f"{rate / own:.2f}×" if rate and own else "—"
            table.add_row(
                kind,
                row.alg,
                params(row.alg, row.params) + (" [red]⚑[/]" if row.flag else ""),
                units.duration(row.median_ns) if row.median_ns else f"[dim]{row.note}[/]",
                units.size(row.memory_bytes) if row.memory_bytes else "—",
                guesses(row.attack),
                ratio,
            )
    console.print(table)


def _notes(rows: list[ParamSet], console: Console) -> None:
    seen: set[str] = set()
    for row in rows:
        what = row.label or f"{row.alg} {params(row.alg, row.params)}"
        if row.flag and what not in seen:
            seen.add(what)
            console.print(f"  [red]⚑[/] {what}: {row.flag}")
    notes = {n for row in rows if row.attack for n in row.attack.notes}
    for note in sorted(notes):
        console.print(f"  note: {note}", style="dim")


def render_strength(file: StrengthFile, console: Console) -> None:
    targets = sorted({r.target_ns for r in file.rows if r.kind == "calibrated" and r.target_ns})
    _header(file, console, "· defender time " + ", ".join(units.duration(t) for t in targets))
    _choices(file.choices, console)
    gpu = file.gpu
    for target in targets:
        rows = [r for r in file.rows if r.kind == "calibrated" and r.target_ns == target]
        _attack_table(rows, console, f"\nat {units.duration(target)} per hash here", gpu)
    for kind, title in (("reference", "published parameters"), ("default", "defaults")):
        chosen = [r for r in file.rows if r.kind == kind]
        if chosen:
            _attack_table(chosen, console, f"\n{title}", gpu)
    _notes(file.rows, console)
    for eq in file.equivalences:
        _equivalence(eq, console, gpu)
    if file.equivalences:
        _notes([r for eq in file.equivalences for r in (*eq.equal_time, *eq.equal_cost)], console)
    for cal in file.calibrations:
        if cal.outcome != "ok":
            console.print(f"[yellow]{unreachable(cal)}[/]")
    console.print(
        "\nattack costs: cheapest rental listed, every candidate tried (half on average); "
        "model and sources in docs/strength.md",
        style="dim",
    )
    for warning in file.warnings:
        console.print(f"[yellow]warning:[/] {warning}")


def _capacity(cap: Capacity, console: Console) -> None:
    console.print(
        f"\n[bold]{cap.alg} {params(cap.alg, cap.params)}[/] with {cap.impl}: "
        f"{units.size(cap.memory_per_login_bytes)} per login, runner at rest "
        f"{units.size(cap.baseline_rss_bytes)}"
    )
    table = Table(header_style="bold", box=None)
    for col in ("concurrent", "logins/s", "p50", "p99", "samples", "peak RSS/process",
                f"memory needed (of {units.size(cap.memory_budget_bytes)})"):  # fmt: skip
        table.add_column(col, justify="right")
    for level in cap.levels:
        need = units.size(level.memory_needed_bytes)
        table.add_row(
            str(level.concurrency),
            f"{level.logins_per_s:.1f}",
            units.duration(level.p50_ns),
            units.duration(level.p99_ns),
            str(level.samples),
            units.size(level.peak_rss_bytes),
            need if level.fits_memory else f"[red]{need}, over[/]",
        )
    console.print(table)
    console.print(f"  {cap.limit}")


def render_capacity(file: StrengthFile, console: Console) -> None:
    _header(file, console, "")
    _choices(file.choices, console)
    for cap in file.capacity:
        _capacity(cap, console)
    for warning in file.warnings:
        console.print(f"[yellow]warning:[/] {warning}")


def render(file: StrengthFile, console: Console) -> None:
    {"calibrate": render_calibrate, "strength": render_strength, "capacity": render_capacity}[
        file.command
    ](file, console)
