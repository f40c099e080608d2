"""The strength report in a narrow terminal: parameters and times are the answer, so they
are never cut; a table drops its least needed columns, wraps its labels and headers, or
lists each row when not even that fits. A hand-built strength file, no runner."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from hashbench.model.run_file import Environment
from hashbench.model.strength import (
    Attack,
    Calibration,
    Equivalence,
    ImplChoice,
    ParamSet,
    StrengthFile,
)
from hashbench.report import strength_terminal, units
from hashbench.report.strength_terminal import params

MS = 1e6


def _attack(rate: float) -> Attack:
    return Attack(
        gpu="rtx4090",
        rate_per_s=rate,
        usd_per_guess=2.8e-9,
        joules_per_guess=1.2e-3,
        search_usd={"2^20": 0.0029, "2^30": 3.01, "2^40": 3080.0, "2^50": 3.16e6},
    )


def _row(kind: str, alg: str, values: dict[str, int], median_ms: float, **more) -> ParamSet:
    return ParamSet(
        kind=kind,  # type: ignore[arg-type]
        label=more.pop("label", ""),
        alg=alg,
        params=values,
        impl=more.pop("impl", "c/openssl"),
        target_ns=more.pop("target_ns", 250 * MS),
        median_ns=median_ms * MS,
        memory_bytes=more.pop("memory_bytes", 0),
        peak_rss_bytes=9_437_184,
        attack=_attack(more.pop("rate", 8_865.7)),
        **more,
    )


BCRYPT = _row("equal_time", "bcrypt", {"cost": 12}, 236.4, impl="c/libxcrypt", rate=184.0)
EQUAL_TIME = [
    _row("equal_time", "pbkdf2-sha256", {"iterations": 1_700_000}, 231.7),
    _row("equal_time", "argon2id", {"m": 262_144, "t": 3, "p": 1}, 233.9,
         impl="c/libsodium", memory_bytes=268_435_456, rate=9.1),
    _row("equal_time", "scrypt", {"n": 2**17, "r": 8, "p": 1}, 229.0,
         memory_bytes=134_217_728, rate=31.0),
]  # fmt: skip
EQUAL_COST = [
    _row("equal_cost", "pbkdf2-sha256", {"iterations": 17_000_000}, 2317.0,
         flag="weaker than OWASP's minimum (600000 iterations)"),
    _row("equal_cost", "pbkdf2-sha512", {"iterations": 5_800_000}, 2404.5),
]  # fmt: skip
CALIBRATED = [
    _row("calibrated", "pbkdf2-sha256", {"iterations": 1_700_000}, 231.7),
    _row("calibrated", "argon2id", {"m": 262_144, "t": 3, "p": 1}, 233.9, impl="c/libsodium"),
    _row("reference", "bcrypt", {"cost": 10}, 59.1, label="OWASP bcrypt (cost 10)",
         impl="c/libxcrypt"),
]  # fmt: skip
FILE = StrengthFile(
    command="strength",
    started="2026-11-27T10:00:00Z",
    environment=Environment(cpu="Example CPU @ 2.1GHz", cores=2, os="Linux", load_start=[0.1]),
    gpu="rtx4090",
    choices=[ImplChoice(alg="argon2id", impl="c/libsodium", how="--impl")],
    calibrations=[
        Calibration(
            alg="pbkdf2-sha256",
            impl="c/openssl",
            op="derive",
            target_ns=250 * MS,
            outcome="ok",
            params={"iterations": 1_700_000},
            median_ns=231.7 * MS,
            median_ci=(229.0 * MS, 234.1 * MS),
            memory_bytes=0,
        ),
    ],  # fmt: skip
    rows=CALIBRATED,
    equivalences=[Equivalence(bcrypt=BCRYPT, equal_time=EQUAL_TIME, equal_cost=EQUAL_COST)],
)


def _text(width: int) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    strength_terminal.render(FILE, console)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _whole(answer: str, text: str) -> bool:
    """On one line, not cut or wrapped."""
    return any(answer in line for line in text.splitlines())


@pytest.mark.parametrize("width", [40, 60, 80, 100, 160])
def test_parameters_and_times_are_never_cut(width):
    text = _text(width)
    for row in [*EQUAL_TIME, *EQUAL_COST, *CALIBRATED]:
        assert _whole(params(row.alg, row.params), text), (row.params, text)
        assert _whole(units.duration(row.median_ns), text), (row.median_ns, text)
    for answer in ("iterations=17000000", "n=2^17,r=8,p=1", "m=256 MiB,t=3,p=1", "2.32 s"):
        assert _whole(answer, text), text
    for impl in ("c/libsodium", "c/openssl"):
        assert impl in text.split(), text
    assert "…" not in text, text


def test_the_equal_strength_table_at_100_columns_keeps_every_column():
    text = _text(100)
    head = next(line for line in text.splitlines() if line.startswith("equal "))
    for name in ("algorithm", "parameters", "time here", "memory", "guesses/s"):
        assert name in head, text
    lines = [line.split() for line in text.splitlines()]
    assert ["defender", "time", "argon2id", "m=256", "MiB,t=3,p=1", "233.9", "ms", "256.0",
            "MiB", "9.1", "20.22×"] in lines, text  # fmt: skip


def test_a_table_names_each_row_s_implementation_under_its_own_header():
    """The column once headed "parameters" held implementation ids where a row had no
    label (issue 48); now "implementation" holds them, and "parameters" appears only
    beside labelled rows, holding parameters."""
    text = _text(160)
    lines = text.splitlines()
    calibrated = next(i for i, line in enumerate(lines) if line.startswith("at 250"))
    head = lines[calibrated + 1].split()
    assert "implementation" in head and "parameters" not in head, text
    row = next(line for line in lines[calibrated:] if "argon2id" in line).split()
    assert row[row.index("m=256") + 2] == "c/libsodium", text
    published = next(i for i, line in enumerate(lines) if line.startswith("published"))
    head = lines[published + 1]
    assert "parameters" in head and "implementation" in head, text
    assert "cost=10" in lines[published + 2] and "c/libxcrypt" in lines[published + 2], text
