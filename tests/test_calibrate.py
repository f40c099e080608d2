"""`hashbench calibrate` end to end with the C runner at tiny targets: the parameters it
chooses, their median under the target by its own measurement, the verified records behind
them, the exit codes of unreachable targets and of bad input (with nothing written).
Assertions are on values and behaviour, never on timings."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner

from hashbench.model.strength import StrengthFile
from hashbench.results.files import load_any

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(autouse=True)
def _c_runner() -> None:
    skip_without_runner("c")


def _calibrate(tmp_path: Path, *args: str) -> tuple[int, str, StrengthFile | None]:
    out = tmp_path / "cal.json"
    done = hashbench("calibrate", *args, "--out", str(out), timeout=600)
    text = done.stdout + done.stderr
    loaded = load_any(out) if out.exists() else None
    assert loaded is None or isinstance(loaded, StrengthFile)
    return done.returncode, text, loaded


def _only(file: StrengthFile | None):
    assert file is not None and file.command == "calibrate"
    assert len(file.calibrations) == 1
    return file.calibrations[0]


def _confirmed(file: StrengthFile, case: str):
    """The verified record a calibration rests on."""
    records = [r for r in file.records if r.id == case and r.valid]
    assert records, f"no verified record {case}"
    assert all(r.verification and r.verification.ok for r in records)
    return records


def test_bcrypt_at_a_tiny_target(tmp_path: Path):
    code, text, file = _calibrate(
        tmp_path, "--target", "8ms", "--alg", "bcrypt", "--impl", "c/libxcrypt"
    )
    assert code == 0, text
    cal = _only(file)
    assert file is not None
    assert (cal.alg, cal.impl, cal.op, cal.outcome) == ("bcrypt", "c/libxcrypt", "hash", "ok")
    assert cal.params is not None and 4 <= cal.params["cost"] <= 31
    assert cal.median_ns is not None and cal.median_ns <= cal.target_ns == 8e6
    assert cal.samples >= 5 and cal.stopped_by == "target"
    assert any(r.measured.median == cal.median_ns for r in _confirmed(file, cal.case))
    fit = cal.fits[0]
    assert fit.param == "cost" and fit.work == "2^cost" and 0 <= fit.r_squared <= 1
    assert len(fit.points) >= 2 and fit.per_unit_ns > 0
    assert file.choices[0].how == "--impl" and file.choices[0].impl == "c/libxcrypt"
    assert "bcrypt" in text and f"cost={cal.params['cost']}" in text and "R²" in text
    shown = hashbench("show", str(tmp_path / "cal.json"))
    assert shown.returncode == 0 and f"cost={cal.params['cost']}" in shown.stdout
    md = hashbench("show", str(tmp_path / "cal.json"), "--format", "md")
    row = f"| bcrypt | `c/libxcrypt` | cost={cal.params['cost']} |"
    assert md.returncode == 0 and row in md.stdout and "- bcrypt cost: " in md.stdout
    refused = hashbench("show", str(tmp_path / "cal.json"), "--format", "csv")
    assert refused.returncode == 2 and "exports as json or md" in refused.stderr


def test_pbkdf2_iterations_are_readable_and_under_target(tmp_path: Path):
    code, text, file = _calibrate(
        tmp_path, "--target", "4ms", "--alg", "pbkdf2-sha256", "--impl", "c/openssl"
    )
    assert code == 0, text
    cal = _only(file)
    assert cal.op == "derive" and cal.params is not None
    iterations = cal.params["iterations"]
    assert iterations >= 1000 and int(str(iterations)[3:] or "0") == 0  # 3 significant digits
    # over the target only within its noise, and then it says so (a timing otherwise)
    assert cal.median_ns is not None and (cal.median_ns <= cal.target_ns or cal.within_noise)


def test_argon2_grows_passes_once_memory_is_at_the_limit(tmp_path: Path):
    code, text, file = _calibrate(
        tmp_path, "--target", "25ms", "--alg", "argon2id", "--impl", "c/libsodium",
        "--memory-limit", "2MiB",
    )  # fmt: skip
    assert code == 0, text
    cal = _only(file)
    assert cal.params is not None
    assert cal.params["m"] == 2048 and cal.params["p"] == 1 and cal.params["t"] > 1
    assert cal.memory_bytes == 2 << 20
    # over the target only within its noise, and then it says so (a timing otherwise)
    assert cal.median_ns is not None and (cal.median_ns <= cal.target_ns or cal.within_noise)
    assert [f.param for f in cal.fits] == ["m", "t"]
    assert cal.peak_rss_bytes is not None and cal.peak_rss_bytes >= cal.memory_bytes


def test_a_target_below_the_smallest_parameters_exits_2(tmp_path: Path):
    code, text, file = _calibrate(
        tmp_path, "--target", "1us", "--alg", "bcrypt", "--impl", "c/libxcrypt"
    )
    assert code == 2
    cal = _only(file)
    assert cal.outcome == "too_fast" and cal.params == {"cost": 4}
    assert cal.median_ns is not None and cal.median_ns > cal.target_ns
    assert "below the fastest bcrypt" in text and "cost=4" in text


def test_a_target_beyond_the_memory_limit_exits_2(tmp_path: Path):
    code, text, file = _calibrate(
        tmp_path, "--target", "2s", "--alg", "yescrypt", "--memory-limit", "2MiB"
    )
    assert code == 2
    cal = _only(file)
    assert cal.outcome == "too_slow" and cal.stopped_by == "memory limit"
    assert cal.params == {"cost": 2}  # 2 MiB, libxcrypt's count 2
    # over the target only within its noise, and then it says so (a timing otherwise)
    assert cal.median_ns is not None and (cal.median_ns <= cal.target_ns or cal.within_noise)
    assert "out of reach within the memory limit" in text and "--memory-limit" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--target", "250"], "needs a unit"),
        (["--target", "fast"], "not a number"),
        (["--target", "5 fortnights"], "unknown unit"),
        (["--target", "2min"], "above"),
        (["--target", "10ms", "--memory-limit", "64"], "needs a unit"),
        (["--target", "10ms", "--alg", "nosuch"], "unknown algorithm"),
        (["--target", "10ms", "--alg", "sha256"], "fast hash"),
        (["--target", "10ms", "--impl", "c/nosuch"], "unknown implementation"),
        (["--target", "10ms", "--impl", "libxcrypt"], "runner/name"),
        (["--target", "10ms", "--alg", "bcrypt", "--impl", "c/openssl"], "implements none"),
        (["--target", "10ms", "--parallelism", "0"], "--parallelism"),
        (["--target", "10ms", "--alg", "yescrypt", "--memory-limit", "512KiB"], "below the"),
        (["--target", "10ms", "--samples", "1"], "--samples"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, args: list[str], needle: str):
    code, text, file = _calibrate(tmp_path, *args)
    assert code == 2, text
    assert needle in text and "Traceback" not in text
    assert file is None and not list(tmp_path.iterdir())


def test_a_choice_whose_interval_reaches_past_the_target_is_within_noise():
    """`_unsettled`: a confirmed bcrypt cost whose interval crosses the target, or lets
    the next cost (twice the work) fit it too, does not settle the choice; a narrow one
    well inside does."""
    from factories import record

    from hashbench.strength import plans
    from hashbench.strength.calibrate import _unsettled

    stage = plans.stages("bcrypt", plans.Limits(memory_bytes=2**30))[0]
    narrow = record("c/libxcrypt", alg="bcrypt", op="hash", params={"cost": 10},
                    median=60e6, ci=(59e6, 61e6))  # fmt: skip
    assert _unsettled(stage, narrow, 100e6) == ""
    wide = record("c/libxcrypt", alg="bcrypt", op="hash", params={"cost": 10},
                  median=90e6, ci=(45e6, 140e6))  # fmt: skip
    assert "reaches past the target" in _unsettled(stage, wide, 100e6)
    low = record("c/libxcrypt", alg="bcrypt", op="hash", params={"cost": 10},
                 median=60e6, ci=(40e6, 80e6))  # fmt: skip
    assert "cost=11" in _unsettled(stage, low, 100e6)
