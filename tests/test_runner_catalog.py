"""Every runner takes its parameter ranges from the compiled catalog it is given
(docs/protocol.md, "The catalog a runner reads"), not from a table of its own: a copy of
build/catalog.json with one minimum raised makes it refuse a value the real catalog
accepts. A catalog that is missing, not JSON or not of the compiled format ends the runner
at start-up, with a message on stderr naming the file."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import MANIFESTS, SMOKE_PARAMS, runner_unavailable

from hashbench import paths
from hashbench.catalog import compiled
from hashbench.runner import skipped
from hashbench.runner.manifest import Manifest


@pytest.fixture(params=MANIFESTS, ids=[m.name for m in MANIFESTS])
def manifest(request: pytest.FixtureRequest) -> Manifest:
    why = runner_unavailable(request.param)
    if why:
        pytest.skip(why)
    return request.param


def _session(
    manifest: Manifest, catalog: Path, requests: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], subprocess.CompletedProcess[str]]:
    """Runs the runner on `catalog` through `requests` and a quit: its lines (the hello
    first), and the finished process."""
    launch = list(manifest.launch)
    if (paths.root() / launch[0]).exists():
        launch[0] = str(paths.root() / launch[0])
    lines = [json.dumps({"id": i, **r}) for i, r in enumerate(requests, 1)]
    done = subprocess.run(
        launch,
        cwd=paths.root(),
        input="\n".join([*lines, '{"id": 0, "cmd": "quit"}', ""]),
        capture_output=True,
        text=True,
        timeout=manifest.timeout_s,
        env={**os.environ, "HASHBENCH_ROOT": str(paths.root()), "HASHBENCH_CATALOG": str(catalog)},
    )
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()], done


def _candidates(manifest: Manifest, catalog: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """For each implementation of the runner, a cheap derive and hash of its first
    password algorithm, with the parameter whose minimum is to be raised."""
    left_out = skipped.load(manifest.name)
    out = []
    for impl, row in catalog["runners"].get(manifest.name, {}).items():
        alg = next((a for a in row["algorithms"] if a in SMOKE_PARAMS), None)
        if impl in left_out or alg is None:
            continue
        params = SMOKE_PARAMS[alg]
        rules = catalog["algorithms"][alg]["params"]
        key = next(k for k in params if "min" in rules[k])
        base = {"impl": impl, "alg": alg, "password": "70617373", "params": params}
        out.append(({**base, "cmd": "derive", "salt": "00" * 16}, key))
        out.append(({**base, "cmd": "hash"}, key))
    return out


def test_a_tightened_catalog_range_is_refused(manifest: Manifest, tmp_path: Path):
    """A request the real catalog accepts (and the library answers) is refused with
    invalid_params once the copy given to the runner raises that parameter's minimum
    above its value."""
    real = compiled.ensure()
    catalog = json.loads(real.read_text())
    candidates = _candidates(manifest, catalog)
    if not candidates:
        pytest.skip(f"{manifest.name} serves no password algorithm")
    replies, done = _session(manifest, real, [request for request, _ in candidates])
    assert replies and replies[0].get("hello") == 1, done.stderr[-2000:]
    by_id = {r.get("id"): r for r in replies[1:]}
    chosen = next(
        (c for i, c in enumerate(candidates, 1) if "error" not in by_id.get(i, {"error": 0})),
        None,
    )
    assert chosen, f"no cheap request succeeded: {replies[1:]}"
    request, key = chosen
    value = request["params"][key]
    catalog["algorithms"][request["alg"]]["params"][key]["min"] = value + 1
    tightened = tmp_path / "catalog.json"
    tightened.write_text(json.dumps(catalog))

    replies, done = _session(manifest, tightened, [request])
    assert replies and replies[0].get("hello") == 1, done.stderr[-2000:]
    error = replies[1].get("error", {})
    where = f"{manifest.name}: {request} with {key} >= {value + 1}: {replies[1]}"
    assert error.get("kind") == "invalid_params", where
    assert f"{key}=" in error.get("message", ""), where


@pytest.mark.parametrize("content", [None, '{"catalog": 1, "algorithms": {', '{"catalog": 1}'])
def test_a_missing_or_broken_catalog_ends_the_runner_at_start(
    manifest: Manifest, tmp_path: Path, content: str | None
):
    """No hello, a failure exit status, and stderr naming the file."""
    catalog = tmp_path / "catalog.json"
    if content is not None:
        catalog.write_text(content)
    replies, done = _session(manifest, catalog, [])
    assert replies == []
    assert done.returncode != 0
    assert str(catalog) in done.stderr, done.stderr[-2000:]
