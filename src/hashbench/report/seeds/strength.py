"""A seed's open question of equal strength (its `[equal_strength]`), answered from
`hashbench strength` files: for each bcrypt cost, which parameters of the other hashes,
measured with the seed's own libraries, cost the defender the same time here, and which
cost the attacker the same per guess — with what each costs that attacker."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.catalog.seeds import EqualStrength, Seed
from hashbench.model.strength import Equivalence, ParamSet, StrengthFile
from hashbench.report import units
from hashbench.report.export.markdown import table
from hashbench.report.strength_terminal import guesses, params, usd

KINDS = (("equal_time", "defender time"), ("equal_cost", "attacker cost"))


@dataclass(frozen=True)
class Answer:
    """One bcrypt cost matched in one strength file."""

    file: str
    gpu: str
    equivalence: Equivalence


def answers(want: EqualStrength, files: list[tuple[str, StrengthFile]]) -> list[Answer]:
    """The files' equivalences for the seed's bcrypt implementation and costs, in the
    seed's order of costs, then the files' order."""
    found = [
        Answer(name, f.gpu, eq)
        for cost in want.costs
        for name, f in files
        for eq in f.equivalences
        if eq.bcrypt.impl == want.bcrypt and eq.bcrypt.params.get("cost") == cost
    ]
    return found


def _rows(want: EqualStrength, answer: Answer) -> list[tuple[str, ParamSet]]:
    eq = answer.equivalence
    chosen = []
    for field, kind in KINDS:
        for row in getattr(eq, field):
            if row.alg in want.algorithms and row.impl in want.impls:
                chosen.append((kind, row))
    return chosen


def _ratio(base: ParamSet, row: ParamSet) -> str:
    rate = base.attack.rate_per_s if base.attack else None
    own = row.attack.rate_per_s if row.attack else None
    return f"{rate / own:.2f}×" if rate and own else "—"


def _table(want: EqualStrength, answer: Answer) -> list[str]:
    base = answer.equivalence.bcrypt
    headers = ["equal", "algorithm", "implementation", "parameters", "time here", "memory"]
    headers += [f"guesses/s (one {answer.gpu})", "$/guess", "attacker's cost × bcrypt's"]
    rows = [
        [
            "—",
            "bcrypt",
            f"`{base.impl}`",
            params("bcrypt", base.params),
            units.duration(base.median_ns) if base.median_ns else "—",
            units.size(base.memory_bytes) if base.memory_bytes else "—",
            guesses(base.attack),
            usd(base.attack.usd_per_guess if base.attack else None),
            "1.00×",
        ]
    ]
    for kind, row in _rows(want, answer):
        rows.append(
            [
                kind,
                row.alg,
                f"`{row.impl}`",
                params(row.alg, row.params) + (" ⚑" if row.flag else ""),
                units.duration(row.median_ns) if row.median_ns else row.note or "—",
                units.size(row.memory_bytes) if row.memory_bytes else "—",
                guesses(row.attack),
                usd(row.attack.usd_per_guess if row.attack else None),
                _ratio(base, row),
            ]
        )
    return table(headers, rows, left=4)


def _flags(want: EqualStrength, shown: list[Answer]) -> list[str]:
    lines = []
    for answer in shown:
        for _, row in _rows(want, answer):
            text = f"- ⚑ {row.alg} {params(row.alg, row.params)}: {row.flag}"
            if row.flag and text not in lines:
                lines.append(text)
    return lines + [""] if lines else []


def section(seed: Seed, files: list[tuple[str, StrengthFile]]) -> list[str]:
    want = seed.data.equal_strength
    if want is None:
        return []
    libraries = ", ".join(f"`{i}`" for i in want.impls)
    out = [
        "#### Its open question: equal strength",
        "",
        f"> {want.question}",
        "",
        f"For bcrypt ({'`' + want.bcrypt + '`'}) at cost {' and '.join(map(str, want.costs))}: "
        f"the {' and '.join(want.algorithms)} parameters of {libraries} that cost the "
        "defender the same time here (calibrated to bcrypt's median), and those that cost "
        "the attacker the same per guess (the attacker model solved for bcrypt's rate, then "
        "measured here); docs/strength.md gives the model.",
        "",
    ]
    shown = answers(want, files)
    if not shown:
        return out + [
            "Not answered here: no `hashbench strength` file for these implementations was "
            "given (`--strength`). Made by: `hashbench strength --alg bcrypt --impl "
            f"{want.bcrypt},{','.join(want.impls)} --bcrypt-cost "
            f"{','.join(map(str, want.costs))}`.",
            "",
        ]
    for answer in shown:
        cost = answer.equivalence.bcrypt.params.get("cost")
        out += [f"bcrypt cost {cost}, from `{answer.file}`:", "", *_table(want, answer), ""]
    return out + _flags(want, shown)
