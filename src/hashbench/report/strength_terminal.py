"""The terminal report of a strength file: calibrate's chosen parameters and fits, the
strength tables (defender's time and memory here, the attacker's guesses, dollars and
joules), the seed's equal-strength question, and capacity."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

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


COLUMN_GAP = 2  # a borderless table without edge padding: one space either side of a rule


Cell = str | tuple[str, str]  # rich markup; (label, whole): the whole part never wraps


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@dataclass
class Col:
    """A column of a fitted table. `whole` cells (parameters, times, ids, amounts) are
    never cut or wrapped; the others (labels) wrap at spaces, except the second part of a
    (label, whole) cell, which goes on a line of its own whole when the two do not fit
    side by side. `drop` > 0: dropped in that order, lowest first, when the console is too
    narrow; 0: never dropped."""

    name: str
    cells: Sequence[Cell]
    right: bool = False
    whole: bool = True
    drop: int = 0

    def most(self) -> int:
        return max(map(cell_len, [self.name, *(_plain(_joined(c)) for c in self.cells)]))

    def least(self) -> int:
        """Its longest header word, and its widest whole part or longest word."""
        words = self.name.split()
        for cell in self.cells:
            label, whole = cell if isinstance(cell, tuple) else (cell, "")
            words += [_plain(label)] if self.whole else _plain(label).split()
            words += [_plain(whole)] if whole else []
        return max(map(cell_len, words), default=1)

    def shown(self, cell: Cell, width: int) -> str:
        if not isinstance(cell, tuple):
            return cell
        joined = _joined(cell)
        return joined if cell_len(_plain(joined)) <= width else "\n".join(cell)


def _joined(cell: Cell) -> str:
    return " ".join(cell) if isinstance(cell, tuple) else cell


def _width(widths: list[int]) -> int:
    return sum(widths) + COLUMN_GAP * (len(widths) - 1)


def _widths(cols: list[Col], width: int) -> list[int]:
    """Each column's least width, then what the console has left shared out among the
    columns that would use more, a character at a time."""
    widths = [c.least() for c in cols]
    wants = [c.most() for c in cols]
    spare = width - _width(widths)
    while spare > 0 and any(w < m for w, m in zip(widths, wants, strict=True)):
        for i, (w, m) in enumerate(zip(widths, wants, strict=True)):
            if spare and w < m:
                widths[i] += 1
                spare -= 1
    return widths


def print_fitted(cols: list[Col], console: Console, title: str = "") -> None:
    """The columns as a table within the console's width: least needed columns dropped,
    labels and headers wrapped, parameters, times and ids whole; where not even the
    columns that stay fit, one block per row (its first cell, then `header: value`)."""
    if title:
        console.print(title)
    shown = list(cols)
    for col in sorted((c for c in cols if c.drop), key=lambda c: c.drop):
        if _width([c.least() for c in shown]) <= console.width:
            break
        shown.remove(col)
    if _width([c.least() for c in shown]) > console.width:
        for i, first in enumerate(cols[0].cells):
            console.print(_joined(first), overflow="fold")
            for col in cols[1:]:
                console.print(f"  {col.name}: {_joined(col.cells[i])}", overflow="fold")
        return
    table = Table(header_style="bold", box=None, pad_edge=False)
    widths = _widths(shown, console.width)
    for col, width in zip(shown, widths, strict=True):
        table.add_column(col.name, justify="right" if col.right else "left", width=width,
                         overflow="fold")  # fmt: skip
    for i in range(len(cols[0].cells)):
        table.add_row(*(c.shown(c.cells[i], w) for c, w in zip(shown, widths, strict=True)))
    console.print(table)


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


def _params(alg: str, values: dict[str, int] | None) -> str:
    """`params`, as the markup of a cell: a file's names are text, never markup."""
    return escape(params(alg, values))


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
    head = f"[bold]hashbench {file.command}[/]" + (f" {escape(what)}" if what else "")
    console.print(f"{head} · " + escape(f"{env.cpu} · {env.cores or '?'} cores · {env.os}"))
    for key, value in file.options.items():
        console.print(escape(f"  {key}: {value}"), style="dim")


def _choices(choices: list[ImplChoice], console: Console) -> None:
    for c in choices:
        if not c.impl:
            why = "; ".join(f"{i}: {r}" for i, r in c.skipped.items()) or "no candidate here"
            said = f"  {escape(c.alg)}: [red]no implementation could be measured[/]"
            console.print(f"{said} ({escape(why)})")
            continue
        ranked = sorted(c.medians_ns.items(), key=lambda kv: kv[1])
        measured = ", ".join(f"{i} {units.duration(m)}" for i, m in ranked)
        at = f" at {params(c.alg, c.probe)}" if measured else ""
        how = f"({c.how}{at}{': ' + measured if measured else ''})"
        console.print(
            f"  {escape(c.alg)}: [bold]{escape(c.impl)}[/] {escape(how)}",
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
    colour = {"ok": "", "too_fast": "red", "too_slow": "yellow", "failed": "red"}
    medians = []
    for cal in cals:
        median = units.duration(cal.median_ns)
        if cal.median_ci and cal.median_ns:
            median += f" ±{(cal.median_ci[1] - cal.median_ci[0]) / 2 / cal.median_ns:.1%}"
        medians.append(f"[{colour[cal.outcome]}]{median}[/]" if colour[cal.outcome] else median)
    fits = [f"{cal.fits[-1].r_squared:.4f}" if cal.fits else "—" for cal in cals]
    print_fitted(
        [
            Col("algorithm", [escape(cal.alg) for cal in cals]),
            Col("implementation", [escape(cal.impl or "—") for cal in cals]),
            Col("parameters", [_params(cal.alg, cal.params) for cal in cals]),
            Col("median ±CI", medians, right=True),
            Col("memory", [units.size(c.memory_bytes) if c.memory_bytes else "—" for c in cals],
                right=True, drop=2),
            Col("peak RSS", [units.size(c.peak_rss_bytes) for c in cals], right=True, drop=1),
            Col("R²", fits, right=True, drop=3),
        ],
        console,
    )  # fmt: skip


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
                escape(
                    f"  {cal.alg} {fit.param} ({held}): {fit_text(fit)}, "
                    f"R² {fit.r_squared:.4f} — {points}"
                )
            )


def render_calibrate(file: StrengthFile, console: Console) -> None:
    targets = sorted({c.target_ns for c in file.calibrations})
    _header(file, console, "· target " + ", ".join(units.duration(t) for t in targets))
    _choices(file.choices, console)
    console.print()
    _calibrations(file.calibrations, console)
    _fits(file.calibrations, console)
    _unreachable(file, console)
    _warnings(file, console)


def _unreachable(file: StrengthFile, console: Console) -> None:
    for cal in file.calibrations:
        if cal.outcome != "ok":
            console.print(f"[yellow]{escape(unreachable(cal))}[/]")
        elif cal.within_noise:
            console.print(f"[yellow]{escape(cal.alg)}: {escape(cal.within_noise)}[/]")


def _warnings(file: StrengthFile, console: Console) -> None:
    for warning in file.warnings:
        console.print(f"[yellow]warning:[/] {escape(warning)}")


def _name(row: ParamSet) -> Cell:
    """The row's label, or its algorithm and parameters (the parameters never wrapped)."""
    flag = " [red]⚑[/]" if row.flag else ""
    if row.label:
        return escape(row.label) + flag
    return (escape(row.alg), _params(row.alg, row.params) + flag)


def _attack_table(rows: list[ParamSet], console: Console, title: str, gpu: str) -> None:
    """Two tables over the same rows: the defender's side here, then the attacker's."""
    names = [_name(row) for row in rows]
    attacks = [row.attack for row in rows]
    searches = [a.search_usd if a else {} for a in attacks]
    labelled = (
        [
            Col(
                "parameters",
                [(escape(r.alg), _params(r.alg, r.params)) if r.label else "" for r in rows],
                whole=False,
            )
        ]
        if any(r.label for r in rows)
        else []
    )
    print_fitted(
        [
            Col("parameter set", names, whole=False),
            *labelled,
            Col("implementation", [escape(r.impl) for r in rows]),
            Col("time here", [units.duration(r.median_ns) if r.median_ns
                              else f"[dim]{escape(r.note or '—')}[/]" for r in rows], right=True),
            Col("memory", [units.size(r.memory_bytes) if r.memory_bytes else "—" for r in rows],
                right=True, drop=2),
            Col("peak RSS", [units.size(r.peak_rss_bytes) for r in rows], right=True, drop=1),
        ],
        console,
        title,
    )  # fmt: skip
    print_fitted(
        [
            Col(f"attacker: one {escape(gpu)}", names, whole=False),
            Col("guesses/s", [guesses(a) for a in attacks], right=True),
            Col("$/guess", [usd(a.usd_per_guess if a else None) for a in attacks], right=True),
            Col("J/guess", [joules(a.joules_per_guess if a else None) for a in attacks],
                right=True, drop=1),
            *(Col(s, [usd(found.get(s)) for found in searches], right=True, drop=n)
              for n, s in enumerate(SEARCHES, 2) if s != SEARCHES[-1]),
            Col(SEARCHES[-1], [usd(found.get(SEARCHES[-1])) for found in searches], right=True),
        ],
        console,
    )  # fmt: skip


def _equivalence(eq: Equivalence, console: Console, gpu: str) -> None:
    base = eq.bcrypt
    rate = base.attack.rate_per_s if base.attack else None
    console.print(
        f"\n[bold]bcrypt cost {base.params.get('cost')}[/]: {units.duration(base.median_ns)} "
        f"here, {guesses(base.attack)} guesses/s per {escape(gpu)}"
    )
    kinds = [("defender time", row) for row in eq.equal_time]
    kinds += [("attacker cost", row) for row in eq.equal_cost]
    rows = [row for _, row in kinds]
    ratios = []
    for row in rows:
        own = row.attack.rate_per_s if row.attack else None
        ratios.append(f"{rate / own:.2f}×" if rate and own else "—")
    print_fitted(
        [
            Col("equal", [kind for kind, _ in kinds], whole=False),
            Col("algorithm", [escape(row.alg) for row in rows]),
            Col("parameters", [_params(r.alg, r.params) + (" [red]⚑[/]" if r.flag else "")
                               for r in rows]),
            Col("time here", [units.duration(r.median_ns) if r.median_ns
                              else f"[dim]{escape(r.note)}[/]" for r in rows], right=True),
            Col("memory", [units.size(r.memory_bytes) if r.memory_bytes else "—" for r in rows],
                right=True, drop=2),
            Col("guesses/s", [guesses(r.attack) for r in rows], right=True, drop=1),
            Col("attacker cost vs bcrypt", ratios, right=True),
        ],
        console,
    )  # fmt: skip


def _notes(rows: list[ParamSet], console: Console) -> None:
    seen: set[str] = set()
    for row in rows:
        what = row.label or f"{row.alg} {params(row.alg, row.params)}"
        if row.flag and what not in seen:
            seen.add(what)
            console.print(f"  [red]⚑[/] {escape(f'{what}: {row.flag}')}")
    notes = {n for row in rows if row.attack for n in row.attack.notes}
    for note in sorted(notes):
        console.print(escape(f"  note: {note}"), style="dim")


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
    _unreachable(file, console)
    console.print(
        "\nattack costs: cheapest rental listed, every candidate tried (half on average); "
        "model and sources in docs/strength.md",
        style="dim",
    )
    _warnings(file, console)


def _capacity(cap: Capacity, console: Console) -> None:
    console.print(
        f"\n[bold]{escape(cap.alg)} {_params(cap.alg, cap.params)}[/] with {escape(cap.impl)}: "
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
    console.print(f"  {escape(cap.limit)}")


def render_capacity(file: StrengthFile, console: Console) -> None:
    _header(file, console, "")
    _choices(file.choices, console)
    for cap in file.capacity:
        _capacity(cap, console)
    _warnings(file, console)


def render(file: StrengthFile, console: Console) -> None:
    {"calibrate": render_calibrate, "strength": render_strength, "capacity": render_capacity}[
        file.command
    ](file, console)
