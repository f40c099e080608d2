"""@ts-rex/bcrypt under the Deno runner (runners/deno/src/adapters/ts-rex-bcrypt.js): its
hash takes no cost (always 12) and no salt, and its verify unwraps the crate's errors
inside the WASM instance, so the adapter refuses what would trap it. Built from the
offline mirror with a wasm32 Rust std (runners/deno/wasm-bindgen.mjs); skipped, with the
build's reason, where it could not be built."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench import paths
from hashbench.runner import skipped
from hashbench.runner.client import RunnerClient

IMPL = "deno/ts-rex-bcrypt"
PASSWORD = b"U*U".hex()
# openwall's crypt_blowfish test vector for "U*U" (wrapper.c, tests[]), cost 5
VECTOR = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"


@pytest.fixture(scope="module")
def deno():
    manifest = next(m for m in MANIFESTS if m.name == "deno")
    why = runner_unavailable(manifest) or skipped.load("deno").get(IMPL)
    if why:
        pytest.skip(f"{IMPL}: {why}")
    client = RunnerClient(manifest)
    client.start()
    yield client
    client.kill()


def verify(deno: RunnerClient, encoded: str, password: str = PASSWORD) -> dict:
    return deno.wire("verify", impl=IMPL, alg="bcrypt", password=password, encoded=encoded)


def test_hash_is_cost_12_only(deno: RunnerClient):
    made = deno.wire_ok("hash", impl=IMPL, alg="bcrypt", password=PASSWORD)["encoded"]
    assert made.startswith("$2b$12$") and len(made) == 60
    assert verify(deno, made)["valid"] is True
    assert verify(deno, made, b"U*V".hex())["valid"] is False
    for cost in (4, 10, 13):
        reply = deno.wire("hash", impl=IMPL, alg="bcrypt", password=PASSWORD, params={"cost": cost})
        assert reply["error"]["kind"] == "unsupported", reply
        assert "cost 12 only" in reply["error"]["message"]
    salted = deno.wire(
        "hash", impl=IMPL, alg="bcrypt", password=PASSWORD, params={"cost": 12}, salt="00" * 16
    )
    assert salted["error"]["kind"] == "unsupported", salted


def test_verify_reads_what_the_crate_reads(deno: RunnerClient):
    """bcrypt 0.15.1's split_hash drops empty '$' fields and parses the cost as a u32:
    those forms reach the library and are answered."""
    assert verify(deno, VECTOR)["valid"] is True
    assert verify(deno, VECTOR.replace("$05$", "$5$"))["valid"] is True
    assert verify(deno, VECTOR.replace("$2a$", "$$2a$$"))["valid"] is True
    assert verify(deno, VECTOR, b"U*V".hex())["valid"] is False


@pytest.mark.parametrize(
    "encoded",
    [
        "garbage",
        VECTOR[:-1],
        VECTOR.replace("$2a$", "$2c$"),
        VECTOR.replace("$05$", "$03$"),
        VECTOR.replace("$05$", "$x5$"),
        VECTOR[:-1] + "f",  # unused low bits set
        VECTOR[:28] + "D" + VECTOR[29:],  # the salt's last character: low bits set
        VECTOR[:-1] + "!",
    ],
)
def test_what_would_trap_the_instance_is_refused(deno: RunnerClient, encoded: str):
    reply = verify(deno, encoded)
    assert reply["error"]["kind"] == "invalid_input", reply
    assert "trapping the WASM instance" in reply["error"]["message"]
    assert verify(deno, VECTOR)["valid"] is True  # the instance still answers


def test_its_fidelity_run(deno: RunnerClient, tmp_path: Path):
    """The full treatment: vectors pass (the non-UTF-8 ones are n/a for a JS-string API),
    every divergence it shows is a known one, and although it hashes at its own defaults
    only, its string (cost 12) goes through the interop matrix and its ease-of-use row
    knows the format."""
    out = tmp_path / "fidelity.json"
    proc = subprocess.run(
        [sys.executable, "-m", "hashbench", "fidelity", "--runner", "deno"]
        + ["--filter-regex", f"^{IMPL}$", "--out", str(out), "--no-store"],
        cwd=paths.root(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = json.loads(out.read_text())
    kat = [v for v in data["kat"] if v["impl"] == IMPL]
    assert {v["status"] for v in kat} <= {"pass", "n/a"}
    assert sum(v["status"] == "pass" for v in kat) >= 5
    assert data["findings"]["new"] == []
    assert data["findings"]["known"], "its known divergences (8-bit, NUL, one-digit cost)"
    (interop,) = [m for m in data["interop"] if m["algorithm"] == "bcrypt"]
    assert interop["producers"][IMPL].startswith("$2b$12$"), "made at its defaults"
    assert interop["cells"][IMPL] == {IMPL: "ok", "reference": "ok"}
    probes = {b["probe"]: b["behaviour"] for b in data["probes"] if b["impl"] == IMPL}
    assert probes["bcrypt.emits"] == "$2b$" and probes["bcrypt.one-digit-cost"] == "accepts"
    (ease,) = [row for row in data["ease"] if row["impl"] == IMPL]
    assert ease["encoded"] == "mcf ($2b$)"
    assert ease["salts_itself"] is True and ease["async"] is False
