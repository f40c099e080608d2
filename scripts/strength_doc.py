"""Regenerate the measured part of docs/strength.md: run `calibrate`, `strength` and
`capacity` as a user would, then write what `hashbench show` prints for each result (with
the command, its wall time and the date) between the markers in the document.

Run it on a quiet machine (it measures for several minutes):
    .venv/bin/python scripts/strength_doc.py [--keep DIR]
or write the section again from results kept earlier, without measuring:
    .venv/bin/python scripts/strength_doc.py --from DIR
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hashbench.model.strength import StrengthFile
from hashbench.report.export import strength_markdown
from hashbench.results.files import load_any, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "strength.md"
BEGIN, END = "<!-- measured:begin -->", "<!-- measured:end -->"
TIMES = "wall-times.json"
RUNS = [
    ("calibrate", ["calibrate", "--target", "250ms"]),
    ("strength", ["strength", "--fidelity", "live"]),
    ("capacity", ["capacity", "--duration", "2s"]),
]


def _shown(path: Path) -> str:
    """The file's Markdown export, its headings one level down (under the doc's ##)."""
    loaded = load_any(path)
    assert isinstance(loaded, StrengthFile)
    lines = strength_markdown.render(loaded).splitlines()
    return "\n".join("#" + line if line.startswith("##") else line for line in lines)


def _section(results: list[tuple[list[str], float, str]], day: str) -> str:
    parts = [
        BEGIN,
        f"Measured on {day} by `.venv/bin/python scripts/strength_doc.py` (this section is "
        "generated: run the script again to refresh it).",
    ]
    for args, seconds, text in results:
        parts += ["", f"`hashbench {shlex.join(args)}` took {seconds:.0f} s of wall time.", ""]
        parts.append(text)
    parts.append(END)
    return "\n".join(parts)


def _measure(folder: Path) -> int:
    times = {}
    for name, command in RUNS:
        out = folder / f"{name}.json"
        start = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "hashbench", *command, "--out", str(out)], cwd=ROOT
        )
        times[name] = time.monotonic() - start
        if not out.exists() or done.returncode == 1:
            print(f"{shlex.join(command)} failed (exit {done.returncode}); the doc is unchanged")
            return 1
    (folder / TIMES).write_text(json.dumps({"date": dt.date.today().isoformat(), **times}))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keep", type=Path, help="keep the results files in this folder")
    ap.add_argument("--from", dest="source", type=Path, help="results kept by --keep")
    args = ap.parse_args()
    folder = args.source or args.keep or Path(tempfile.mkdtemp(prefix="hb-strength-"))
    if args.source is None:
        folder.mkdir(parents=True, exist_ok=True)
        if _measure(folder):
            return 1
    times = json.loads((folder / TIMES).read_text())
    results = [(command, times[name], _shown(folder / f"{name}.json")) for name, command in RUNS]
    doc = DOC.read_text()
    if BEGIN not in doc or END not in doc:
        print(f"{DOC}: the markers {BEGIN} and {END} are missing")
        return 1
    head, rest = doc.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    write_text_atomic(DOC, head + _section(results, times["date"]) + tail)
    print(f"{DOC.relative_to(ROOT)} updated; results in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
