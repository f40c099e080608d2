"""Fuzz passes: generated suite files and runner reply lines. Every input ends as a
result or a clear error (UsageError for a suite, RunnerError for a reply), never a
traceback. `make faults` runs 10,000 inputs each (HASHBENCH_FUZZ_EXAMPLES); `make test`
a smaller number."""

from __future__ import annotations

import json
import os
import queue
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hashbench.engine import suite as suites
from hashbench.errors import UsageError
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest
from hashbench.runner.protocol import Reply, RunnerError

pytestmark = pytest.mark.faults

EXAMPLES = int(os.environ.get("HASHBENCH_FUZZ_EXAMPLES", "300"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    database=None,
)

KEYS = ["op", "alg", "params", "length", "input_size", "mode", "impl", "budget", "target_ci",
        "password", "salt_size", "min_samples", "name", "colour"]  # fmt: skip
NAMES = ["hash", "verify", "derive", "digest", "hash_verify", "bcrypt", "argon2id", "sha256",
         "scrypt", "oneshot", "reset", "m", "t", "p", "n", "r", "cost", "../x", ""]  # fmt: skip

scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.sampled_from(NAMES),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(NAMES), inner, max_size=4)
    ),
    max_leaves=8,
)


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return (
            "nan" if v != v else ("inf" if v == float("inf") else "-inf" if v < -1e308 else repr(v))
        )
    if isinstance(v, int | str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    assert isinstance(v, dict)
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"


benches = st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=6), max_size=3)
tops = st.dictionaries(
    st.sampled_from(["name", "description", "include", "extra"]), values, max_size=2
)


@FUZZ
@given(top=tops, benches=benches, raw=st.binary(max_size=40), garble=st.booleans())
def test_a_generated_suite_loads_or_is_refused_clearly(top, benches, raw, garble):
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in top.items()]
    for bench in benches:
        lines.append("[[bench]]")
        lines += [f"{k} = {toml_value(v)}" for k, v in bench.items()]
    data = "\n".join(lines).encode() + b"\n" + (raw if garble else b"")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.toml"
        path.write_bytes(data)
        try:
            suites.load(str(path))
        except UsageError as exc:
            assert str(exc)


def client() -> RunnerClient:
    return RunnerClient(Manifest("fuzz", "x", "", ["true"], ["true"], ["true"], None))


replies = st.one_of(
    st.binary(max_size=120),
    st.builds(lambda v: json.dumps(v).encode(), values),
    st.builds(
        lambda i, extra: json.dumps({"id": i, **extra}).encode(),
        st.one_of(st.integers(), st.text(max_size=3), st.none()),
        st.dictionaries(st.sampled_from(["error", "samples_ns", "iters", "output"]), values),
    ),
)


@FUZZ
@given(line=replies)
def test_a_generated_reply_line_is_a_reply_or_a_runner_fault(line):
    c = client()
    c._lines = queue.Queue()
    c._lines.put(line)
    try:
        reply = c._reply(1, timeout=1)
    except RunnerError as exc:
        assert exc.is_fault and exc.kind in ("garbage", "timeout", "crash")
    else:
        assert isinstance(reply, Reply) and reply.id == 1
