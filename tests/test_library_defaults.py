"""A library-defaults group (`--params defaults`, a suite's `params = "defaults"`): each
implementation is verified and measured at the parameters its own library picks, read
back from its string; one without the no-argument call is listed as not applicable with
why. Values and behaviour only, never timings."""

from __future__ import annotations

from pathlib import Path

from conftest import hashbench, skip_without_runner

from hashbench.results.files import load


def test_each_library_at_its_own_defaults(tmp_path: Path):
    skip_without_runner("c")
    skip_without_runner("python")
    out = tmp_path / "run.json"
    done = hashbench(
        "run", "--alg", "argon2id", "--params", "defaults", "--op", "hash",
        "--impl", "python/argon2-cffi", "--impl", "python/pynacl", "--impl", "c/argon2",
        "--runner", "c", "--runner", "python", "--budget", "0.05", "--no-store",
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    cases = {c.impl: c for c in load(out).cases}
    assert all(c.library_defaults for c in cases.values())
    # argon2-cffi's defaults are RFC 9106's second choice; PyNaCl's are libsodium's
    # OPSLIMIT/MEMLIMIT_INTERACTIVE (m=64 MiB, t=2): what the fidelity run reads back too
    cffi, nacl = cases["python/argon2-cffi"], cases["python/pynacl"]
    assert cffi.valid and cffi.params == {"m": 65536, "t": 3, "p": 4, "version": 19}
    assert nacl.valid and nacl.params == {"m": 65536, "t": 2, "p": 1, "version": 19}
    assert cffi.verification.ok and nacl.verification.ok
    assert cffi.group_title == "argon2id library defaults hash"
    assert cffi.id != nacl.id and "m=65536,t=3,p=4" in cffi.id
    no_call = cases["c/argon2"]
    assert no_call.status == "not_applicable" and "no-argument call" in no_call.reason
    shown = hashbench("show", str(out))
    assert "parameters" in shown.stdout and "m=64 MiB,t=3,p=4" in shown.stdout
    md = hashbench("show", str(out), "--format", "md").stdout
    assert "| `python/argon2-cffi` | m=64 MiB,t=3,p=4 |" in md
