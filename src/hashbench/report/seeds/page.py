"""docs/seeds.md: every seed's published table beside hashbench's measurement of the same
work, with the differences explained and the seed's conclusions checked."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from hashbench.catalog.seeds import Seed, point_label
from hashbench.model import CaseRecord, RunFile
from hashbench.model.openssl_speed import OpensslSpeed
from hashbench.model.strength import StrengthFile
from hashbench.report import units
from hashbench.report.export.markdown import table
from hashbench.report.seeds import claims, digests, growth, strength
from hashbench.report.seeds.lines import Line, pick
from hashbench.report.seeds.tables import set_table
from hashbench.report.summary import Ratio


@dataclass(frozen=True)
class Source:
    """A results file the page was made from, as the command line named it."""

    path: Path
    run: RunFile


def _wall_s(run: RunFile) -> float | None:
    if not run.finished:
        return None
    start, end = dt.datetime.fromisoformat(run.started), dt.datetime.fromisoformat(run.finished)
    return (end - start).total_seconds()


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:.0f} s"


def _run_command(run: RunFile) -> str:
    """The run's command line, as far as its file tells it (a run of a few runners named
    them with --runner: the file lists the runners it started)."""
    started = sorted(name for name, info in run.runners.items() if info.available)
    runners = " ".join(f"--runner {name}" for name in started) if len(started) <= 3 else ""
    parts = ["hashbench run", run.suite, runners, run.options.filter or ""]
    if run.options.budget is not None:
        parts.append(f"--budget {run.options.budget:g}")
    if run.options.processes is not None:
        parts.append(f"--processes {run.options.processes}")
    if run.options.rounds is not None:
        parts.append(f"--rounds {run.options.rounds}")
    if run.options.passes is not None:
        parts.append(f"--passes {run.options.passes}")
    return " ".join(p for p in parts if p)


def provenance(sources: list[Source], command: str) -> list[str]:
    rows, total = [], 0.0
    for s in sources:
        wall = _wall_s(s.run)
        total += wall or 0.0
        state = "interrupted" if s.run.interrupted else _minutes(wall) if wall else "unfinished"
        rows.append([f"`{s.path.name}`", f"`{_run_command(s.run)}`", s.run.started, state])
    env = sources[0].run.environment
    flags = f" (CPU features: {', '.join(env.cpu_flags)})" if env.cpu_flags else ""
    return [
        f"Made by `{command}` from these runs, one after another on {env.cpu}{flags}, "
        f"{env.cores or '?'} cores, {env.os}:",
        "",
        *table(["results file", "command", "started", "wall time"], rows, left=3),
        "",
        f"Wall time of the runs together: **{_minutes(total)}**{_phases(sources)}.",
        "",
    ]


def _phases(sources: list[Source]) -> str:
    """Where the runs' time went, summed over them (engine/time_spent.py)."""
    spent: dict[str, float] = {}
    for s in sources:
        for phase, seconds in s.run.time_spent.items():
            spent[phase] = spent.get(phase, 0.0) + seconds
    wall = spent.pop("wall", 0.0)
    if not wall:
        return ""
    shown = [f"{k} {_minutes(v)}" for k, v in spent.items() if v >= 1 and k != "sampled"]
    inside = spent.get("sampled", 0.0) / wall
    return f", {inside:.0%} of it inside timed loops; by phase: " + ", ".join(shown)


def _header(seed: Seed, records: list[CaseRecord], cpu: str) -> list[str]:
    d = seed.data
    runtimes = sorted({r.runtime for r in records if r.runtime})
    found = [
        f"machine — the seed: {d.machine}; here: {cpu}",
        f"statistic — the seed: {d.statistic}; here: the median of many timed samples in "
        "fresh runner processes, with its 95% interval (docs/methodology.md)",
        *d.differences,
    ]
    if runtimes:
        found.append("runtimes here: " + "; ".join(runtimes))
    return [
        f"## {d.title}",
        "",
        f"Source: `shared/reference/seed-benchmarks/{d.file}`, {d.table}. Published in: "
        f"{d.origin}. Transcribed in `catalog/seeds/{seed.path.name}`.",
        "",
        "What differs for every row:",
        "",
        *[f"- {text}" for text in found],
        "",
    ]


def _growth(seed: Seed, lines: dict[str, Line]) -> list[str]:
    fitted = [g for g in growth.fits(seed, lines) if g.published or g.measured]
    if not fitted:
        return []
    cost = seed.data.axis == "cost"
    unit = "per 2^cost" if cost else "per byte"

    def per(fit: object) -> float | None:
        return getattr(fit, "per_unit", None)

    lows = {
        side: min((v for g in fitted if (v := per(getattr(g, side)))), default=None)
        for side in ("published", "measured")
    }
    rows = []
    for g in fitted:
        row = [g.base]
        for side in ("published", "measured"):
            fit = getattr(g, side)
            if fit is None:
                row += ["—", "—", "—", "—"]
                continue
            low = lows[side]
            row += [
                units.duration(fit.fixed),
                units.duration(fit.per_unit),
                f"{fit.per_unit / low:.2f}×" if low else "—",
                f"{fit.r_squared:.4f}",
            ]
        rows.append(row)
    headers = ["row", "seed: fixed", f"seed: {unit}", "× lowest", "R²"]
    headers += ["here: fixed", f"here: {unit}", "× lowest", "R²"]
    what = "2^cost (one key-schedule round pair)" if cost else "input byte"
    return [
        "#### Fitted growth",
        "",
        f"time = fixed + per-unit × work, the work of a point being its {what}, fitted to "
        "the seed's figures and to hashbench's medians (least squares on relative error, "
        "R² of log time; measure/fit.py). The per-unit cost relative to the lowest row "
        "compares across machines where absolute times cannot.",
        "",
        *table(headers, rows, left=1),
        "",
    ]


def _ratio_text(r: Ratio | None) -> str:
    if r is None:
        return "—"
    return f"{r.ratio:.2f}× ({r.low:.2f}–{r.high:.2f})"


def _claims(seed: Seed, lines: dict[str, Line]) -> list[str]:
    axis = seed.data.axis
    out = []
    for claim in seed.data.claim:
        verdict = claims.check(seed, claim, lines)
        out += [f"> {claim.text}", ""]
        headers = ["seed", "here, the seed's rows", "here, at equal work"]
        rows = [
            [
                f"{c.published:.2f}×" if c.published else "—",
                _ratio_text(c.setup),
                _ratio_text(c.equal),
            ]
            for c in verdict.checks
        ]
        if axis:
            headers.insert(0, axis)
            rows = [
                [point_label(axis, c.at) if c.at is not None else "—", *row]
                for c, row in zip(verdict.checks, rows, strict=True)
            ]
        out += table(headers, rows, left=1 if axis else 0) + [""]
        unequal = _unequal(verdict)
        if unequal:
            out += [f"- the seed's comparison did unequal work: {u}" for u in unequal] + [""]
        out += [verdict.summary() + (f" {claim.note}" if claim.note else ""), ""]
    if not out:
        return []
    return [
        "#### Its conclusions, checked",
        "",
        "Each ratio is the slower's time over the faster's, as the seed claims them; here "
        "with the interval the two medians' own intervals allow. A verdict comes from the "
        "comparison at equal work where the seed's own rows did different work.",
        "",
        *out,
    ]


def _unequal(verdict: claims.Verdict) -> list[str]:
    return list(dict.fromkeys(c.unequal for c in verdict.checks if c.unequal))


def section(
    seed: Seed,
    records: list[CaseRecord],
    cpu: str,
    speed: OpensslSpeed | None,
    strengths: list[tuple[str, StrengthFile]] | None = None,
) -> list[str]:
    lines = {e.key: pick(e, records) for e in seed.entries}
    measured = [ln.measured for ln in lines.values() if ln.measured is not None]
    out = _header(seed, measured, cpu)
    shown: set[tuple[str, str]] = set()  # a row's note, once for all its points
    for name in seed.sets():
        chosen = [ln for ln in lines.values() if ln.entry.set == name]
        out += set_table(name, chosen, shown)
    out += _growth(seed, lines)
    out += digests.openssl_table(seed, lines, records, speed)
    out += digests.modes_table(seed)
    out += _claims(seed, lines)
    out += strength.section(seed, strengths or [])
    return out


def render(
    seeds: list[Seed],
    sources: list[Source],
    speed: OpensslSpeed | None,
    command: str,
    strengths: list[tuple[str, StrengthFile]] | None = None,
) -> str:
    records = [c for s in sources for c in s.run.cases]
    cpu = sources[0].run.environment.cpu
    out = [
        "# The seed benchmarks, reproduced",
        "",
        "hashbench grew from four public benchmark write-ups (`shared/reference/"
        "seed-benchmarks/`). For each, its published table — transcribed once with its "
        "source in `catalog/seeds/` — beside hashbench's measurement of the same work on "
        "this machine. Absolute times cannot match across machines: compare the ratios "
        "(each row's time over the fastest of its set, `× its fastest`) and the ranks. "
        "Under each table, one line per way a row differs from the seed's; under each "
        "seed, its conclusions checked here.",
        "",
        *provenance(sources, command),
    ]
    for seed in seeds:
        out += section(seed, records, cpu, speed, strengths or [])
    return "\n".join(out).rstrip() + "\n"
