"""@ts-rex/bcrypt under the Deno runner (runners/deno/src/adapters/ts-rex-bcrypt.js): its
hash takes no cost (always 12) and no salt, and its verify unwraps the crate's errors
inside the WASM instance, so the adapter refuses what would trap it. Built from the
offline mirror with a wasm32 Rust std (runners/deno/wasm-bindgen.mjs); skipped, with the
build's reason, where it could not be built."""

from __future__ import annotations

import pytest
from conftest import MANIFESTS, runner_unavailable

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
    return deno.call_raw("verify", impl=IMPL, alg="bcrypt", password=password, encoded=encoded)


def test_hash_is_cost_12_only(deno: RunnerClient):
    made = deno.call("hash", impl=IMPL, alg="bcrypt", password=PASSWORD)["encoded"]
    assert made.startswith("$2b$12$") and len(made) == 60
    assert verify(deno, made)["valid"] is True
    assert verify(deno, made, b"U*V".hex())["valid"] is False
    for cost in (4, 10, 13):
        reply = deno.call_raw(
            "hash", impl=IMPL, alg="bcrypt", password=PASSWORD, params={"cost": cost}
        )
        assert reply["error"]["kind"] == "unsupported", reply
        assert "cost 12 only" in reply["error"]["message"]
    salted = deno.call_raw(
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
