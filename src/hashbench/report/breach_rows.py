"""The breach grid as text cells, for every format alike: times in the unit a person reads
(seconds to years, "> a century" beyond), dollars and energy in short units, one row per
policy and one column per attacker class that has a figure for the algorithm."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hashbench.model.breach import AttackerClass, Cell, Grid
from hashbench.report import units

YEAR_S = 365.25 * 86400
BEYOND = "> a century"
TIME_UNITS = (("years", YEAR_S), ("days", 86400.0), ("h", 3600.0), ("min", 60.0), ("s", 1.0))


def seconds(value: float | None, beyond: bool = False) -> str:
    if value is None:
        return "—"
    if beyond or value > 100 * YEAR_S:
        return BEYOND
    for unit, scale in TIME_UNITS:
        if value >= scale:
            shown = value / scale
            return f"{shown:.3g} {unit}" if unit != "s" else f"{shown:.3g} s"
    return "instantly" if value < 1e-3 else f"{value * 1e3:.3g} ms"


def usd(value: float | None) -> str:
    if value is None:
        return "—"
    if value >= 1e15:
        return f"${value:.1e}"
    for name, scale in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"${value / scale:.3g}{name}"
    return f"${value:.3g}" if value >= 0.01 else f"${value:.1e}"


def energy(joules: float | None) -> str:
    if joules is None:
        return "—"
    wh = joules / 3600
    if wh >= 1e15:
        return f"{wh / 1e3:.1e} kWh"
    for name, scale in (("TWh", 1e12), ("GWh", 1e9), ("MWh", 1e6), ("kWh", 1e3)):
        if wh >= scale:
            return f"{wh / scale:.3g} {name}"
    return f"{wh:.3g} Wh"


def params_text(params: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items() if k != "version")


def title(g: Grid) -> str:
    head = f"{g.alg} {params_text(g.params)}"
    if g.label:
        head += f" — {g.label}"
    if g.median_ns:
        head += f" ({units.duration(g.median_ns)} here" + (f" on {g.impl})" if g.impl else ")")
    return head


def shown(g: Grid) -> list[AttackerClass]:
    """The attacker classes with a figure for this algorithm."""
    return [a for a in g.attackers if a.rate_per_s is not None]


def missing(g: Grid) -> list[str]:
    return [
        f"{a.label}: {'; '.join(a.notes) or 'no figure'}"
        for a in g.attackers
        if a.rate_per_s is None
    ]


def attacker_line(a: AttackerClass) -> str:
    total = a.count * (a.rate_per_s or 0)
    paid = (
        f"rent {usd(a.usd_per_hour)}/h each"
        if a.pays == "rent"
        else f"electricity {usd(a.usd_per_hour)}/h each ({a.power_w:.0f} W)"
        if a.usd_per_hour is not None and a.power_w is not None
        else "power not known: no dollars or energy"
    )
    line = f"{a.label}: {units.rate(total)} guesses/s ({paid})"
    if a.basis:
        line += f"; {a.basis}"
    return line + "".join(f"; {n}" for n in a.notes)


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]


def _cells(g: Grid) -> dict[tuple[str, str], Cell]:
    return {(c.policy, c.attacker): c for c in g.cells}


def _table(g: Grid, shown_cell: Callable[[Cell], str]) -> Table:
    cols = shown(g)
    at = _cells(g)
    rows = [
        [p.label, f"{p.bits:.1f}", *(shown_cell(at[(p.id, a.id)]) for a in cols)]
        for p in g.policies
    ]
    return Table(["policy", "bits", *(a.short for a in cols)], rows)


def _time(c: Cell) -> str:
    expected = seconds(c.seconds_expected, c.beyond_century)
    return expected if c.beyond_century else f"{expected} ({seconds(c.seconds_all)})"


def time_table(g: Grid) -> Table:
    """Expected time, and the time to try every candidate in brackets."""
    return _table(g, _time)


def cost_table(g: Grid) -> Table:
    """Dollars and energy to try every candidate."""
    return _table(g, lambda c: f"{usd(c.usd_all)} · {energy(c.joules_all)}")
