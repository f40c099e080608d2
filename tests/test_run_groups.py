"""Every runner's password hashes through the orchestrator's own loop: hash, verify and
hash-then-verify groups at cheap parameters are verified and measured, never failed.

The conformance test speaks to a runner directly; this one sends exactly the requests
`hashbench run` sends (the wrong-password check, the bench calls, the final check), so a
field a runner misreads there fails here and not first in a long suite.
"""

from __future__ import annotations

import json

import pytest
from conftest import MANIFESTS, SMOKE_PARAMS, runner_unavailable

from hashbench.engine import suite as suites
from hashbench.engine.schedule import GroupRunner, Options
from hashbench.runner.pool import RunnerPool

OPS = ("hash", "verify", "hash_verify")


def smoke_suite(tmp_path, algorithms: set[str]) -> suites.Suite:
    """hash, verify and hash_verify of each algorithm at SMOKE_PARAMS, through the suite
    loader (catalog defaults filled in, as `hashbench run` has them)."""
    path = tmp_path / "smoke.toml"
    lines = ['name = "smoke"', "[defaults]", "budget = 0.02", "min_samples = 3"]
    for alg, params in SMOKE_PARAMS.items():
        if alg in algorithms:
            table = ", ".join(f"{k} = {v}" for k, v in params.items())
            lines += ["[[bench]]", f"op = {json.dumps(list(OPS))}", f'alg = "{alg}"']
            lines.append(f"params = {{ {table} }}")
    path.write_text("\n".join(lines) + "\n")
    return suites.load(str(path))


@pytest.mark.parametrize("manifest", MANIFESTS, ids=[m.name for m in MANIFESTS])
def test_password_groups_verify_and_measure(manifest, tmp_path):
    why = runner_unavailable(manifest)
    if why:
        pytest.skip(why)
    records: list[dict] = []
    with RunnerPool([manifest]) as pool:
        pool.start()
        assert manifest.name in pool.clients, pool.unavailable
        offered = {a for i in pool.implementations.values() for a in i.info.algorithms}
        hashing = [
            i.id
            for i in pool.implementations.values()
            if "hash" in i.info.ops and set(i.info.algorithms) & set(SMOKE_PARAMS)
        ]
        if not hashing:  # elixir without ../shared/mirror/hex: Erlang's PBKDF2 derives only
            pytest.skip(
                f"runner {manifest.name}: no implementation built here hashes a password "
                f"(`hashbench build {manifest.name}` says which are skipped and why)"
            )
        runner = GroupRunner(pool, Options(warmup_s=0.01), records.append)
        groups = smoke_suite(tmp_path, offered).groups
        for number, group in enumerate(groups):
            runner.run_group(number, group)
    assert groups, f"runner {manifest.name} offers none of {sorted(SMOKE_PARAMS)}"
    bad = [
        f"{r.impl} {r.group_title}: {r.status}: {r.reason}"
        for r in records
        if r.status in ("failed", "unverified")
    ]
    assert not bad, "\n".join(bad)
    measured = [r for r in records if r.status == "ok"]
    assert measured, f"no verified case for runner {manifest.name}"
    for r in measured:
        # n depends on the machine's speed (a slow op under load may get one sample before
        # three budgets are spent): that it was measured and verified is what counts here.
        assert r.verification.ok and r.stats.n >= 1 and r.stats.median > 0
    with_strings = any("verify" in i.info.ops for i in pool.implementations.values())
    if with_strings:  # Go's x/crypto argon2 is raw only, but its bcrypt has strings
        assert {r.op for r in measured} == set(OPS), sorted({r.op for r in measured})
