"""Would a prior on how often a whole case shifts in one run make a one-process `compare`
honest, and what would it cost? Writes docs/benchmarks/shifted-whole.md.

In a default run (one runner process a side) a case is judged against the other cases'
moves without its own (measure/tails.py): the one case of its kind that shifted whole in
one run (its samples alike, 25–60% off) is called a change however often the same code
does that here. From back-to-back `run quick` pairs kept by lab/shape_check.py, this
script shows the largest such moves, then judges the pairs again with every z test's
null floored at a t of DF degrees of freedom (shape_check.floor_tails sets
compare.WHOLE_SHIFT_DF; compare's own is 3, chosen from this table) for several DF, each
with the A/A pairs (with the history store, and chained as first pairs) and one case at a
time scaled by 1.10, 1.5 and 2: caught (slower, a gate fails), possibly slower (said, not
failed), or cannot tell.

    .venv/bin/python lab/tails_floor.py --from /work/aa [--shape quick]
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
from pathlib import Path

import run_to_run_prior
import shape_check

from hashbench.model import RunFile
from hashbench.results.files import load, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
FLOORS = (math.inf, 6.0, 4.0, 3.0, 2.0)  # math.inf: the fitted null alone
EFFECTS = (1.10, 1.5, 2.0)
LARGEST = 8


def largest_moves(runs: list[RunFile]) -> list[tuple[float, str, str, str]]:
    """The largest moves of a one-process case between consecutive runs, its group's
    median move taken out: (move, case, its median before, after)."""
    out = [
        (move, f"{n.impl} {n.alg} {n.mode or n.op}", _ns(o.measured.median), _ns(n.measured.median))
        for _run, (o, n), move in run_to_run_prior.centred(runs)
    ]
    return sorted(out, key=lambda m: -abs(m[0]))[:LARGEST]


def _ns(value: float) -> str:
    return f"{value / 1e6:.2f} ms" if value >= 1e6 else f"{value / 1e3:.2f} µs"


def row(folder: Path, store: Path, floor: float) -> str:
    shape_check.floor_tails(floor)
    scaled = {e: shape_check.tally_shape(folder, store, effect=e) for e in EFFECTS}
    history = scaled[EFFECTS[0]]  # its A/A is every effect's: the pairs as measured
    first = shape_check.tally_shape(folder, None, chain=True)
    cells = [
        "none (the fitted null alone)" if math.isinf(floor) else f"t({floor:g})",
        shape_check.share(history.clean, history.pairs),
        shape_check.share(first.clean, first.pairs),
        shape_check.share(history.false + first.false, history.cases + first.cases),
    ]
    for t in scaled.values():
        cells.append(
            f"{t.caught / t.tried:.0%} ({t.maybe / t.tried:.0%}, {t.cannot / t.tried:.0%})"
            if t.tried
            else "—"
        )
    shape_check.floor_tails(None)
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", type=Path, required=True)
    parser.add_argument("--shape", default="quick")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks/shifted-whole.md")
    args = parser.parse_args()
    folder = args.source / args.shape
    runs = sorted((load(p) for p in folder.glob("*-[ab].json")), key=lambda r: r.started)
    if len(runs) < 2:
        raise SystemExit(f"{folder}: no pairs (make them with lab/shape_check.py --keep)")
    store = args.source / "store.db"
    moves = [
        f"| {name} | {before} | {after} | {math.expm1(move):+.0%} |"
        for move, name, before, after in largest_moves(runs)
    ]
    rows = [row(folder, store, floor) for floor in FLOORS]
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    effects = " | ".join(f"+{e - 1:.0%} caught (possibly, cannot tell)" for e in EFFECTS)
    text = "\n".join(
        [
            "# A whole case shifted in one run: what a one-process compare can tell",
            "",
            f"Written by `python lab/tails_floor.py --from {args.source} --shape {args.shape}` "
            f"({when}, {runs[-1].environment.cpu}), from {len(runs)} back-to-back "
            f"`run {args.shape}` runs ({len(runs) // 2} pairs, lab/shape_check.py).",
            "",
            "The largest moves of one-process cases between consecutive runs (the same "
            "code), each group's median move taken out:",
            "",
            "| case | median before | after | move |",
            "|---|---|---|---|",
            *moves,
            "",
            "Every z test's null floored at a t of DF degrees of freedom (compare's: t(3); "
            "none: the fitted null alone, as before the floor; what the fitted null calls and "
            "the floor does not is a possible change, said and not failed). A/A clean: exit 0 "
            "and no case called slower or faster; first pairs: each run with the next, no "
            "history. Caught: one case at a time scaled, judged among all (with the history "
            "store), called slower; possibly: called possibly slower; cannot tell: the rest "
            "but misses.",
            "",
            f"| floor | A/A clean, with history | A/A clean, first pairs | false changes | "
            f"{effects} |",
            "|---|---|---|---|" + "---|" * len(EFFECTS),
            *rows,
            "",
        ]
    )
    write_text_atomic(args.out, text)
    print(text)


if __name__ == "__main__":
    main()
