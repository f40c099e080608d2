"""A library that only derives keys is a candidate in `pick` where its runtime's users
would call it (issue 48): node:crypto's argon2 (issue 46) and Go's x/crypto/argon2 have no
hash string, so the hash group finds "no hash" for them; their derived key at the same
parameters stands in, marked, and where it was not measured the command that measures it
asks for `--op derive`. Real runs of the node runner (a few seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import hashbench, skip_without_runner

from hashbench.cards import inputs, rank
from hashbench.cards.choose import choose, resolve_runtime
from hashbench.report import pick_rows

PARAMS = {"m": 256, "t": 1, "p": 1}
IMPLS = "node/argon2,node/node-crypto-argon2"
DERIVES = "node/node-crypto-argon2"


def _run(folder: Path, name: str, ops: str) -> Path:
    out = folder / name
    made = hashbench("run", "--alg", "argon2id", "--params", "m=256,t=1,p=1", "--op", ops,
                     "--impl", IMPLS, "--budget", "0.05", "--no-store",
                     "--out", str(out))  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    skip_without_runner("node")
    folder = tmp_path_factory.mktemp("derive")
    return _run(folder, "hash.json", "hash"), _run(folder, "both.json", "hash,derive")


def _pick(path: Path):
    data = inputs.from_files([path], [])
    return choose(data, "argon2id", resolve_runtime("node"), rank.rule(), PARAMS)


def _candidate(pick, impl):
    return next(c for c in pick.candidates if c.impl == impl)


def _speed_missing(candidate):
    return [m for m in candidate.card.missing if m.piece == "speed"]


def test_a_derive_only_library_is_ranked_by_its_derived_key(runs):
    pick = _pick(runs[1])
    derives = _candidate(pick, DERIVES)
    [figure] = [s for s in derives.card.speed if s.alg == "argon2id"]
    assert (figure.op, figure.status) == ("derive", "ok") and figure.median_ns
    assert "derive" in figure.title and figure.vs_runtime is not None
    assert derives.rank is not None and not derives.ruled_out
    assert not _speed_missing(derives)  # (its fidelity is: no fidelity run here)
    hashes = _candidate(pick, "node/argon2")
    assert [s.op for s in hashes.card.speed if s.alg == "argon2id"] == [""]  # its own hash
    rows = pick_rows.rows(pick)
    [row] = [r for r in rows.ranked if r[1] == DERIVES]
    assert row[4].endswith("(derive)"), row
    assert any(line.startswith("(derive):") for line in rows.legend), rows.legend


def test_without_its_derived_key_the_command_asks_for_derive(runs):
    pick = _pick(runs[0])
    derives = _candidate(pick, DERIVES)
    [figure] = [s for s in derives.card.speed if s.alg == "argon2id"]
    assert figure.reason == "no hash" and figure.median_ns is None
    [missing] = _speed_missing(derives)
    assert "--op derive" in missing.command and "offers no hash" in missing.what
    assert f"--impl '{DERIVES}'" in missing.command
    twin = _candidate(pick, DERIVES + "-async")  # not in the run: its twin tells
    assert ["--op derive" in m.command for m in _speed_missing(twin)] == [True]
    other = _speed_missing(_candidate(pick, "node/node-rs-argon2-sync"))  # hashes: its op
    assert other and all("--op hash" in m.command for m in other)
