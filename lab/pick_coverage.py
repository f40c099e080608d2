"""Does `hashbench pick` answer for every runtime and password hash? Writes
docs/benchmarks/pick-coverage.md.

For every runtime (language) and every password hash of the catalog with two available
libraries or more in it, the pick from one run's results and one fidelity run's: how many
candidates, ranked, ruled out and unmeasured, the top choice and its reason, or why there
is none. The answer must be a top choice or a stated reason; exit 1 otherwise.

    .venv/bin/python -m hashbench run quick --no-store --out Q.json
    .venv/bin/python -m hashbench fidelity --no-store --out F.json
    .venv/bin/python lab/pick_coverage.py Q.json F.json [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import Counter
from pathlib import Path

from hashbench import catalog, machine
from hashbench.cards import inputs, rank
from hashbench.cards.choose import choose
from hashbench.model.card import Pick
from hashbench.results.files import write_text_atomic
from hashbench.runner.manifest import load_all

ROOT = Path(__file__).resolve().parent.parent


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(runtime: str, alg: str, pick: Pick) -> tuple[str, bool]:
    available = [c for c in pick.candidates if c.card.available]
    ranked = [c for c in pick.candidates if not c.ruled_out]
    scored = [c for c in ranked if c.score is not None]
    out = [c for c in pick.candidates if c.ruled_out]
    first = ranked[0] if ranked else None
    answered = bool(pick.top) and (first is not None or "ruled out" in pick.top)
    top = f"**{first.impl}** — {first.reason}" if first else pick.top
    reasons = Counter(c.reason.split(":", 1)[0].split(" (", 1)[0] for c in out)
    why_out = "; ".join(f"{n}× {r}" for r, n in reasons.most_common(3))
    return (
        f"| {runtime} | {alg} | {len(available)} | {len(scored)} | {len(ranked) - len(scored)} "
        f"| {len(out)} | {_cell(top)} | {_cell(why_out) or '—'} |",
        answered,
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("results", type=Path)
    p.add_argument("fidelity", type=Path)
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmarks" / "pick-coverage.md")
    args = p.parse_args()
    data = inputs.from_files([args.results], [args.fidelity])
    runtimes = sorted({m.language for m in load_all()})
    hashes = sorted(a for a, spec in catalog.algorithms().items() if spec.kind == "password")
    rows, unanswered = [], []
    for runtime in runtimes:
        for alg in hashes:
            pick = choose(data, alg, runtime, rank.rule())
            if sum(c.card.available for c in pick.candidates) < 2:
                continue
            line, answered = _row(runtime, alg, pick)
            rows.append(line)
            if not answered:
                unanswered.append(f"{runtime} {alg}")
    lines = [
        "# `hashbench pick` for every runtime and password hash",
        "",
        f"Written by `.venv/bin/python lab/pick_coverage.py {args.results.name} "
        f"{args.fidelity.name}` on {dt.date.today().isoformat()} ({machine.cpu_model()}) "
        "from one run and one fidelity run made here (`hashbench run quick --no-store --out "
        "FILE`, `hashbench fidelity --no-store --out FILE`): "
        f"{', '.join(data.sources())}. The default rule (docs/pick.md): "
        f"{rank.rule().text}",
        "",
        f"{len(rows)} runtime × password-hash pairs with two available libraries or more; "
        f"**{len(rows) - len(unanswered)} answered** (a top choice, or why there is none). "
        "Columns: available libraries; ranked with a score; ranked without one (speed not "
        "measured at the reference case: ranked after, with the command that measures it); "
        "ruled out; the top choice and its reason; the commonest reasons for ruling out.",
        "",
        "| runtime | algorithm | available | scored | unscored | ruled out | top choice "
        "| ruled out for |",
        "|---|---|---:|---:|---:|---:|---|---|",
        *rows,
        "",
    ]
    if unanswered:
        lines.append(f"Not answered: {', '.join(unanswered)}")
    write_text_atomic(args.out, "\n".join(lines) + "\n")
    print(f"written: {args.out} ({len(rows)} pairs, {len(unanswered)} unanswered)")
    return 1 if unanswered else 0


if __name__ == "__main__":
    sys.exit(main())
