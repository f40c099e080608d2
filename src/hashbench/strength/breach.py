"""`hashbench breach`'s conclusions: the parameter sets to price (given on the command line
or read from a `calibrate` or `strength` results file), each priced for every policy and
attacker class (strength/grid.py), with the model's assumptions stated."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from hashbench import __version__
from hashbench.model.breach import BreachFile, Grid, Policy
from hashbench.model.strength import ParamSet, StrengthFile
from hashbench.strength import attacker_classes, grid, policies, sources


@dataclass(frozen=True)
class Priced:
    """A parameter set to price, and what the defender pays for it here (if known)."""

    alg: str
    params: dict[str, int]
    label: str = ""
    median_ns: float | None = None
    impl: str = ""


def _params_text(params: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items() if k != "version")


def _from_row(row: ParamSet, label: str) -> Priced:
    return Priced(row.alg, dict(row.params), label, row.median_ns, row.impl)


def from_file(file: StrengthFile) -> list[Priced]:
    """A calibrate file's chosen parameters; a strength file's calibrated rows and its
    equal-strength tables (bcrypt and the parameters of equal defender time)."""
    out: list[Priced] = []
    for cal in file.calibrations if file.command == "calibrate" else []:
        if cal.outcome == "ok" and cal.params:
            label = f"calibrated to {cal.target_ns / 1e6:g} ms"
            out.append(Priced(cal.alg, dict(cal.params), label, cal.median_ns, cal.impl))
    for row in file.rows:
        if row.kind == "calibrated" and row.params and row.target_ns:
            out.append(_from_row(row, f"calibrated to {row.target_ns / 1e6:g} ms"))
    for eq in file.equivalences:
        out.extend(equal_time(eq.bcrypt, eq.equal_time))
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for p in out:
        key = (p.alg, _params_text(p.params), p.label)
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def equal_time(base: ParamSet, rows: list[ParamSet]) -> list[Priced]:
    """bcrypt at one cost and the parameters of the same defender time here."""
    cost = base.params.get("cost")
    out = [_from_row(base, f"bcrypt cost {cost}")]
    out += [_from_row(r, f"equal defender time to bcrypt cost {cost}") for r in rows if r.params]
    return out


def assumptions() -> list[str]:
    c = sources.attackers().constants
    return [
        f"argon2: full speed up to {c.argon2_full_speed_kib_per_lane / 1024:.0f} MiB per lane, "
        f"the rate falling in proportion beyond ({c.argon2_full_speed_source})",
        f"owned hardware pays electricity only, at ${c.electricity_usd_per_kwh:.2f}/kWh "
        f"({c.electricity_source}); rented GPUs the cheapest listed price per hour",
        "a rig of N GPUs guesses N times as fast as one (the model; a published rig is "
        "shown beside it where one exists)",
    ]


def price(p: Priced, policies: list[Policy], counts: attacker_classes.Counts) -> Grid:
    classes = attacker_classes.classes(p.alg, p.params, counts)
    return grid.grid(p.alg, p.params, classes, policies, label=p.label, median_ns=p.median_ns,
                     impl=p.impl)  # fmt: skip


def breach(
    sets: list[Priced], policies: list[Policy], counts: attacker_classes.Counts, source: str
) -> BreachFile:
    return BreachFile(
        hashbench_version=__version__,
        made=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        source=source,
        assumptions=assumptions(),
        grids=[price(p, policies, counts) for p in sets],
    )


SITE_CHARSET = "lower+upper+digits"  # the site's rows: one set at every length, passphrases


def equal_strength(file: StrengthFile) -> list[list[Grid]]:
    """Each equal-strength table of a strength file, priced: bcrypt at one cost and the
    parameters of the same defender time (the site's strength page)."""
    rows = policies.standard([SITE_CHARSET])
    counts = attacker_classes.Counts()
    return [[price(p, rows, counts) for p in equal_time(eq.bcrypt, eq.equal_time)]
            for eq in file.equivalences]  # fmt: skip
