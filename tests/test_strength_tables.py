"""`hashbench strength` end to end with the C runner at tiny defender times: calibrated rows
carry the model's attacker cost, references and library defaults (from a fidelity file)
are measured and flagged against OWASP's minimum, and the equal-strength question is
answered both ways. Values and structure only, never timings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner

from hashbench.model.strength import StrengthFile
from hashbench.results.files import load_any
from hashbench.strength import costing

pytestmark = pytest.mark.timeout(900)
C_IMPLS = ["--impl", "c/libxcrypt", "--impl", "c/openssl", "--impl", "c/libsodium"]


@pytest.fixture(autouse=True)
def _c_runner() -> None:
    skip_without_runner("c")


def _strength(tmp_path: Path, *args: str) -> tuple[int, str, StrengthFile]:
    out = tmp_path / "strength.json"
    done = hashbench("strength", *args, "--out", str(out), timeout=900)
    assert out.exists(), done.stdout + done.stderr
    loaded = load_any(out)
    assert isinstance(loaded, StrengthFile) and loaded.command == "strength"
    return done.returncode, done.stdout + done.stderr, loaded


def test_tables_references_defaults_and_both_equivalences(tmp_path: Path):
    fidelity = tmp_path / "fidelity.json"
    fidelity.write_text(
        json.dumps(
            {
                "schema": "hashbench-fidelity",
                "version": 1,
                "started": "2026-12-01T00:00:00+00:00",
                "environment": {"cpu": "x", "cores": 2, "os": "Linux", "load_start": [0.1]},
                "defaults": [
                    {"impl": "c/libxcrypt", "alg": "bcrypt", "params": {"cost": 5}},
                    {"impl": "x/unparsed", "alg": "bcrypt", "params": None},
                ],
            }
        )
    )
    code, text, file = _strength(
        tmp_path, "--times", "6ms", "--alg", "bcrypt,pbkdf2-sha256", *C_IMPLS,
        "--bcrypt-cost", "4", "--fidelity", str(fidelity), "--samples", "3",
    )  # fmt: skip
    assert code == 0, text
    calibrated = [r for r in file.rows if r.kind == "calibrated"]
    assert {r.alg for r in calibrated} == {"bcrypt", "pbkdf2-sha256"}
    said = {c.alg for c in file.calibrations if c.within_noise}  # over only within noise
    for row in calibrated:
        assert row.median_ns is not None and (row.median_ns <= 6e6 or row.alg in said)
        assert row.attack is not None and row.attack.gpu == "rtx4090"
        assert row.attack == costing.estimate(row.alg, row.params)
        assert list(row.attack.search_usd) == ["2^20", "2^30", "2^40", "2^50"]
    labels = {r.label: r for r in file.rows if r.kind in ("reference", "default")}
    owasp = labels["OWASP bcrypt (cost 10)"]
    assert owasp.median_ns is not None and owasp.flag == "" and owasp.impl == "c/libxcrypt"
    assert "OWASP PBKDF2-HMAC-SHA1 (legacy)" in labels  # beside PBKDF2-HMAC-SHA256
    found = labels["default of c/libxcrypt"]
    assert found.kind == "default" and found.params == {"cost": 5}
    assert found.flag.startswith("weaker than OWASP's minimum")
    assert labels["PHP 8.4 password_hash bcrypt default"].params == {"cost": 12}
    (eq,) = file.equivalences
    base = eq.bcrypt
    assert base.params == {"cost": 4} and base.attack and base.attack.rate_per_s == 368_000
    assert {r.alg for r in eq.equal_time} == {"scrypt", "argon2id", "pbkdf2-sha256",
                                              "pbkdf2-sha512"}  # fmt: skip
    for row in eq.equal_time:  # calibrated at bcrypt's median here
        assert row.target_ns == base.median_ns
        assert row.median_ns is not None and base.median_ns is not None
        # at or under bcrypt's median when calibrated; measured again at the chosen
        # parameters it may come out over by noise (1.21 ms over 1.17 ms once in a clean
        # clone's CI): a timing, not asserted here
    cost = {r.alg: r for r in eq.equal_cost}
    # 8,865,700 H/s at 1,000 iterations against 368,000: 24,092 → 24,100 (at least as strong)
    assert cost["pbkdf2-sha256"].params == {"iterations": 24_100}
    # 368,000 against scrypt's 7,126 at N·r·p = 131,072: N·8 ≥ 2,538, so N = 2^9
    assert cost["scrypt"].params == {"n": 512, "r": 8, "p": 1}
    for row in eq.equal_cost:
        assert row.attack and row.attack.rate_per_s and row.attack.rate_per_s <= 368_000
        assert row.median_ns is not None  # measured here too
    assert "weaker than OWASP's minimum" in text and "bcrypt cost 4" in text
    shown = hashbench("show", str(tmp_path / "strength.json"))
    assert shown.returncode == 0 and "published parameters" in shown.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--times", "fast"], "not a number"),
        (["--times", "2min"], "up to 60s"),
        (["--gpu", "abacus"], "unknown GPU"),
        (["--bcrypt-cost", "ten"], "integers"),
        (["--bcrypt-cost", "3"], "from 4 to 20"),
        (["--fidelity", "/no/such/file.json"], "no such file"),
        (["--alg", "whirlpool"], "unknown algorithm"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, args: list[str], needle: str):
    out = tmp_path / "s.json"
    done = hashbench("strength", *args, "--out", str(out))
    assert done.returncode == 2, done.stdout + done.stderr
    assert needle in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.iterdir())
