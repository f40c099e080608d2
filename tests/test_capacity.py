"""`hashbench capacity` with the C runner: one verified record per process and level, the
memory arithmetic (what fits in a budget, what each level needs), and bad input. Values
and structure only, never timings."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner

from hashbench.model.strength import Capacity, CapacityLevel, StrengthFile
from hashbench.results.files import load_any

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(autouse=True)
def _c_runner() -> None:
    skip_without_runner("c")


def _capacity(tmp_path: Path, *args: str) -> tuple[int, str, StrengthFile | None]:
    out = tmp_path / "cap.json"
    done = hashbench("capacity", *args, "--out", str(out), timeout=600)
    loaded = load_any(out) if out.exists() else None
    assert loaded is None or isinstance(loaded, StrengthFile)
    return done.returncode, done.stdout + done.stderr, loaded


def test_levels_records_and_memory_arithmetic(tmp_path: Path):
    code, text, file = _capacity(
        tmp_path, "--alg", "bcrypt", "--params", "cost=5", "--impl", "c/libxcrypt",
        "--max-concurrency", "3", "--duration", "0.3s", "--memory", "64MiB",
    )  # fmt: skip
    assert code == 0, text
    assert file is not None and file.command == "capacity" and len(file.capacity) == 1
    cap = file.capacity[0]
    assert (cap.alg, cap.impl, cap.params) == ("bcrypt", "c/libxcrypt", {"cost": 5})
    assert [lv.concurrency for lv in cap.levels] == [1, 2, 3]
    # one verified record per process per level: 1 + 2 + 3
    verified = [r for r in file.records if r.impl == "c/libxcrypt" and r.params == {"cost": 5}]
    assert len(verified) == 6 and all(r.valid and r.verification.ok for r in verified)
    for level in cap.levels:
        assert level.logins_per_s > 0 and level.p50_ns <= level.p99_ns
        assert level.samples >= 3 * level.concurrency
        assert level.peak_rss_bytes is not None and level.peak_rss_bytes > 0
        need = (cap.baseline_rss_bytes or 0) + level.concurrency * cap.memory_per_login_bytes
        assert level.memory_needed_bytes == need
        assert level.fits_memory == (need <= 64 << 20)
    rest = cap.baseline_rss_bytes or 0
    assert cap.fit_concurrent == ((64 << 20) - rest) // cap.memory_per_login_bytes
    assert "CPU" in cap.limit and "logins/s" in text and "p99" in text


def test_memory_hard_parameters_run_out_of_memory_first(tmp_path: Path):
    code, text, file = _capacity(
        tmp_path, "--alg", "argon2id", "--params", "m=32768,t=1,p=1", "--impl", "c/libsodium",
        "--max-concurrency", "2", "--duration", "0.3s", "--memory", "64MiB",
    )  # fmt: skip
    assert code == 0, text
    assert file is not None
    cap = file.capacity[0]
    assert cap.memory_per_login_bytes >= 32 << 20  # the hash's own memory at least
    assert cap.fit_concurrent == 1  # 64 MiB less the resting runner holds one 32 MiB login
    assert [lv.fits_memory for lv in cap.levels] == [True, False]
    assert "1 login fits in 64 MiB" in cap.limit
    shown = hashbench("show", str(tmp_path / "cap.json"))
    assert shown.returncode == 0 and "over" in shown.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--memory", "4"], "needs a unit"),
        (["--alg", "bcrypt", "--reference", "OWASP"], "not both"),
        (["--reference", "no such set"], "matches no parameter set"),
        (["--params", "cost=5"], "--params needs --alg"),
        (["--alg", "bcrypt", "--params", "cost=99"], "out of range"),
        (["--alg", "bcrypt", "--params", "cost"], "name=integer"),
        (["--max-concurrency", "0"], "--max-concurrency"),
        (["--duration", "10ms"], "--duration"),
        (["--alg", "md5"], "fast hash"),
        (["--alg", "bcrypt", "--impl", "c/openssl"], "implements none"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, args: list[str], needle: str):
    code, text, file = _capacity(tmp_path, *args)
    assert code == 2, text
    assert needle in text and "Traceback" not in text
    assert file is None and not list(tmp_path.iterdir())


def _measured(rates: list[float]) -> Capacity:
    levels = [
        CapacityLevel(concurrency=c, logins_per_s=r, p50_ns=1e7, p99_ns=2e7, samples=10,
                      peak_rss_bytes=None, memory_needed_bytes=c * 2**20, fits_memory=True)
        for c, r in enumerate(rates, start=1)
    ]  # fmt: skip
    return Capacity(alg="bcrypt", impl="c/libxcrypt", params={"cost": 8}, cores=2,
                    memory_budget_bytes=2**30, memory_per_login_bytes=2**20,
                    baseline_rss_bytes=None, fit_concurrent=1024, levels=levels)  # fmt: skip


def test_a_plateau_is_claimed_only_past_it():
    """Logins/s that grew up to the most concurrent measured have not stopped growing
    there; measured one further and level, they have."""
    from hashbench.strength.capacity import _limit

    assert "still grew at 2 concurrent, the most measured" in _limit(_measured([10.0, 19.0]))
    assert "stops growing at 2 concurrent" in _limit(_measured([10.0, 19.0, 19.5]))
