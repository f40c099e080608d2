"""Rewrite README.md's excerpt of `make bench` (between its `<!-- excerpt -->` markers)
from a results file of the quick suite, so the README shows what the tool prints today
and says which run it came from.

    .venv/bin/python scripts/readme_excerpt.py results/<date>-quick.json

The excerpt: the report's first lines, the bcrypt cost 10 table's first rows and the top
of its summary, and the sha256 1 KiB one-shot table's first rows, as the terminal
prints them 200 columns wide (every column).
"""

from __future__ import annotations

import io
import re
import sys
import textwrap
from pathlib import Path

from rich.console import Console

from hashbench.model import RunFile
from hashbench.report import terminal
from hashbench.results.files import load, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START, END = "<!-- excerpt:start -->", "<!-- excerpt:end -->"
WIDTH = 200
BCRYPT, SHA256 = "group bcrypt cost=10 hash", "group sha256 1 KiB oneshot"


def report_lines(run: RunFile) -> list[str]:
    out = io.StringIO()
    terminal.render(run, Console(file=out, width=WIDTH, color_system=None, highlight=False))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def table_top(lines: list[str], title: str, rows: int) -> list[str]:
    """The group's heading, its column heading and its first `rows` rows."""
    at = lines.index(title)
    return lines[at : at + 2 + rows]


def summary_top(lines: list[str], title: str, rows: int) -> list[str]:
    """The group's summary heading, its fastest implementation and its next `rows` lines."""
    at = lines.index("summary", lines.index(title))
    return lines[at : at + 2 + rows]


def spread_sentence(run: RunFile) -> str:
    """How far apart the verified bcrypt libraries land, from the run itself."""
    medians = sorted(
        c.stats.median
        for c in run.cases
        if c.status == "ok" and c.stats and c.alg == "bcrypt" and c.params.get("cost") == 10
    )
    within = sum(1 for m in medians if m <= 1.5 * medians[0])
    return (
        f"bcrypt at cost 10, every library verified to have used cost 10: the "
        f"{len(medians)} verified libraries span {medians[-1] / medians[0]:.1f}× from the "
        f"fastest to the slowest, {within} of them within 1.5× of the fastest."
    )


def excerpt(run: RunFile, source: str) -> str:
    lines = report_lines(run)
    body = [
        *lines[:2],
        "  …",
        "",
        *table_top(lines, BCRYPT, 10),
        "…",
        *summary_top(lines, BCRYPT, 3),
        "  …",
        "",
        *table_top(lines, SHA256, 6),
        "…",
    ]
    day = run.started[:10]
    return "\n".join(
        [
            START,
            textwrap.fill(
                f"An excerpt of `make bench` on this project's 2-core CI machine ({day}, "
                f"`{source}`, written by `scripts/readme_excerpt.py`; the full report has "
                "every group, the summaries, sweep tables where a size or cost varies, and "
                "every implementation that was not applicable, with why). " + spread_sentence(run),
                width=88,
                break_on_hyphens=False,
            ),
            "",
            "```",
            *body,
            "```",
            END,
        ]
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[0])
    run = load(path)
    if run.suite != "quick":
        print(f"{path}: a run of suite {run.suite!r}, not quick", file=sys.stderr)
        return 2
    text = README.read_text()
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        print(f"README.md has no {START} … {END} block", file=sys.stderr)
        return 2
    source = f"hashbench show {path.name}"
    write_text_atomic(README, pattern.sub(lambda _: excerpt(run, source), text, count=1))
    print(f"README.md: excerpt from {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
