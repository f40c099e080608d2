"""Real results files of small runs (tests/fixtures/files/, made by its make.sh) and the
hostile copies the value checks and their fuzz pass make of them; the commands that read
them, run in this process (no runner is started: every one of them only reads)."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

from hashbench import cli

FILES = Path(__file__).parent / "fixtures" / "files"
TIMED = FILES / "timed.json"  # c/openssl and rust/sha2, sha256 of 1 KiB, two processes each
COUNTED = FILES / "counted.json"  # the same, `--measure instructions`
FIDELITY = FILES / "fidelity.json"  # `fidelity --runner c`
CALIBRATE = FILES / "calibrate.json"  # `calibrate --alg bcrypt`
REAL = (TIMED, COUNTED, FIDELITY, CALIBRATE)


def read(path: Path) -> Any:
    return json.loads(path.read_text())


def write(path: Path, data: Any) -> Path:
    """As Python's json writes it: NaN and Infinity as the bare words a hand edit leaves."""
    path.write_text(json.dumps(data, indent=1))
    return path


def store_rows(store: Path) -> tuple[int, int]:
    """(runs, cases) a SQLite history store holds; none where there is no store."""
    if not store.exists():
        return (0, 0)
    db = sqlite3.connect(store)
    try:
        runs, cases = (
            db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("runs", "cases")
        )
        return (runs, cases)
    finally:
        db.close()


def hashbench(*args: str | Path) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of a command run here, as the CLI runs it."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main([str(a) for a in args])
        except SystemExit as exc:  # argparse
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()
