"""Report output held to golden files (tests/golden/), as criterion and benchstat hold
theirs: the terminal report, its markdown, and compare's rows and verdict lines, drawn
from real runs kept in tests/fixtures/. A change to what a report prints shows here as a
diff to read; `pytest tests/test_golden.py --update-golden` writes the files anew."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from hashbench.report import comparison, terminal
from hashbench.report.export import markdown
from hashbench.results.files import load

FIXTURES = Path(__file__).parent / "fixtures"
GOLDEN = Path(__file__).parent / "golden"


def _terminal(draw: Callable[[Console], None], width: int = 100) -> str:
    out = io.StringIO()
    draw(Console(file=out, width=width, color_system=None))
    return out.getvalue()


def _check(name: str, text: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.write_text(text)
        return
    assert path.exists(), f"no golden file {path}: run with --update-golden"
    assert text == path.read_text(), f"{name} differs from its golden file (--update-golden)"


def _bcrypt() -> comparison.Comparison:
    golden = FIXTURES / "golden"
    old, new = load(golden / "bcrypt-a.json"), load(golden / "bcrypt-b.json")
    return comparison.between_runs(old, new, 0.05, ("bcrypt-a.json", "bcrypt-b.json"))


def _one_reading() -> comparison.Comparison:
    small = FIXTURES / "small-run"
    old, new = load(small / "one-reading-a.json"), load(small / "one-reading-b.json")
    return comparison.between_runs(old, new, 0.05, ("one-reading-a.json", "one-reading-b.json"))


CASES: dict[str, Callable[[], str]] = {
    "show-hashlib.txt": lambda: _terminal(
        lambda console: terminal.render(load(FIXTURES / "golden" / "hashlib.json"), console)
    ),
    "show-bcrypt.md": lambda: markdown.render(load(FIXTURES / "golden" / "bcrypt-a.json")),
    "compare-bcrypt.txt": lambda: _terminal(
        lambda console: comparison.render(_bcrypt(), console, every=True)
    ),
    "compare-one-reading.md": lambda: comparison.markdown(_one_reading(), every=True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_report_output_is_its_golden_file(name: str, request: pytest.FixtureRequest) -> None:
    _check(name, CASES[name](), bool(request.config.getoption("--update-golden")))
