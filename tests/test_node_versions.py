"""Runtime versions side by side (issue 46): one run measures argon2id, bcrypt and
sha256 on Node 20 and on the default Node (26), its rows naming the major, each major a
history series of its own. Node 20 is built on demand by the run itself (a runner of
`on_demand = true`): the one Node major besides the default this test downloads."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import MANIFESTS, hashbench, runner_unavailable

from hashbench.catalog import libraries

LIBRARIES = ("argon2", "bcryptjs", "node-crypto")
SUITE = """
name = "node-versions-smoke"
[defaults]
budget = 0.05
min_samples = 3
impl = "^node(20)?/(argon2|bcryptjs|node-crypto)$"
[[bench]]
op = "hash"
alg = "argon2id"
params = { m = 256, t = 1, p = 1 }
[[bench]]
op = "hash"
alg = "bcrypt"
params = { cost = 4 }
[[bench]]
op = "digest"
alg = "sha256"
input_size = 64
mode = "oneshot"
"""


def _manifest(name: str):
    return next(m for m in MANIFESTS if m.name == name)


def test_the_other_majors_are_variants_with_their_own_runtime_and_rows():
    rows = {r.impl: r for r in libraries.load()}
    for major in (20, 22, 24):
        manifest = _manifest(f"node{major}")
        assert manifest.on_demand and manifest.language == f"JavaScript (Node.js {major})"
        row = rows[f"node{major}/argon2"]
        assert row.variant_of == "node/argon2" and row.name == f"argon2 (Node {major})"
        assert row.language == manifest.language
    assert _manifest("node").language == "JavaScript (Node.js 26)"
    # node:crypto's argon2 is new in Node 24.7: no such row before
    assert "node24/node-crypto-argon2" in rows and "node/node-crypto-argon2" in rows
    assert "node20/node-crypto-argon2" not in rows and "node22/node-crypto-argon2" not in rows


def test_one_run_measures_node_20_beside_node_26_in_separate_series(tmp_path):
    why = runner_unavailable(_manifest("node"))
    if why:
        pytest.skip(why)
    if _manifest("node20").toolchain_problem():
        pytest.skip(f"runner node20: {_manifest('node20').toolchain_problem()}")
    suite = tmp_path / "versions.toml"
    suite.write_text(SUITE)
    out, store = tmp_path / "run.json", tmp_path / "history.sqlite"
    proc = hashbench("run", str(suite), "--out", str(out), "--store", str(store), timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    data = json.loads(out.read_text())
    assert data["runners"]["node20"]["runtime"].startswith("node v20.")
    assert data["runners"]["node"]["runtime"].startswith("node v26.")
    cases = [c for c in data["cases"] if c["status"] == "ok"]
    measured = {(c["impl"], c["alg"]) for c in cases}
    for alg, library in (("argon2id", "argon2"), ("bcrypt", "bcryptjs"), ("sha256", "node-crypto")):
        assert {(f"node/{library}", alg), (f"node20/{library}", alg)} <= measured, measured
    assert all(c["verification"]["ok"] for c in cases)
    # side by side: each group's rows name their major
    assert "(Node 20)" in proc.stdout or "node20/" in proc.stdout
    with sqlite3.connect(store) as db:
        ids = {row[0] for row in db.execute("SELECT DISTINCT case_id FROM cases")}
    assert any(i.startswith("node20/argon2:") for i in ids)
    assert any(i.startswith("node/argon2:") for i in ids)
