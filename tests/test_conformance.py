"""Runner protocol v1 conformance (docs/protocol.md): every runner must pass these."""

from __future__ import annotations

import json
import random

from conftest import OUT_OF_RANGE, SMOKE_PARAMS

from hashbench import catalog
from hashbench.catalog import compiled
from hashbench.fidelity import kat, known, vectors
from hashbench.runner import skipped
from hashbench.runner.client import RunnerClient
from hashbench.runner.protocol import REPLY_KINDS

OPS = {"derive", "hash", "verify", "digest", "bench"}
ERROR_KINDS = set(REPLY_KINDS)


def impls(client: RunnerClient, op: str | None = None):
    for impl in client.hello_json["implementations"]:
        if op is None or op in impl["ops"]:
            yield impl


def encoding(impl: dict, alg: str) -> str | None:
    """What the hello says `hash` emits for this algorithm (one value, or one per algorithm)."""
    declared = impl.get("encoding")
    return declared.get(alg) if isinstance(declared, dict) else declared


def hash_params(runner: RunnerClient, impl: dict, alg: str) -> dict | None:
    """SMOKE_PARAMS[alg], or None for an implementation whose hash refuses them as
    unsupported but has a call without options (@ts-rex/bcrypt hashes at cost 12 only):
    its tests then send no params and get the library's own defaults."""
    params = SMOKE_PARAMS[alg]
    if not impl.get("defaults") or "hash" not in impl["ops"]:
        return params
    reply = runner.wire("hash", impl=impl["id"], alg=alg, password="70", params=params)
    return None if reply.get("error", {}).get("kind") == "unsupported" else params


def with_params(params: dict | None) -> dict:
    """The request field for params: none at all for the library's defaults."""
    return {} if params is None else {"params": params}


def assert_error(reply: dict, kinds: set[str] = ERROR_KINDS) -> None:
    assert "error" in reply, f"expected an error reply, got {reply}"
    assert reply["error"]["kind"] in kinds, reply
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]


def test_hello(runner: RunnerClient):
    hello = runner.hello_json
    assert hello["runner"] == runner.manifest.name
    assert isinstance(hello["runtime"], str) and hello["runtime"]
    assert hello["timer"]["resolution_ns"] > 0
    ids = [i["id"] for i in hello["implementations"]]
    assert ids and len(ids) == len(set(ids))
    algorithms = catalog.algorithms()
    for impl in hello["implementations"]:
        assert impl["id"].startswith(runner.manifest.name + "/")
        assert impl["library"] and impl["version"] and impl["backend"]
        assert set(impl["algorithms"]) <= set(algorithms), impl["algorithms"]
        assert set(impl["ops"]) <= OPS
        assert set(impl.get("modes", [])) <= {"oneshot", "new", "reset"}


def test_vectors(runner: RunnerClient):
    """Every applicable vector passes, except the known divergences of
    catalog/known-divergences.toml, which must still fail (else the row is stale)."""
    outcomes = []
    assert runner.hello is not None
    for impl in runner.hello.implementations:
        for alg in impl.algorithms:
            for vec in vectors.load(alg):
                outcomes.extend(kat.check_vector(runner, impl, vec))
    wrong = known.kat(known.load())
    failures = [
        f"{o.impl} {o.op} {o.vector} ({o.source}): {o.detail}"
        for o in outcomes
        if o.status == "fail" and o.key not in wrong
    ]
    assert not failures, "\n".join(failures)
    stale = [
        f"{o.impl} {o.op} {o.expected}: {wrong[o.key]}"
        for o in outcomes
        if o.status == "pass" and o.key in wrong
    ]
    assert not stale, "known divergences that now pass:\n" + "\n".join(stale)
    assert any(o.status == "pass" for o in outcomes), "no vector applied to this runner"


def test_hash_round_trip(runner: RunnerClient):
    """hash at cheap parameters, then verify: right password true, wrong one false.
    `ops` is per implementation, not per algorithm, so an algorithm the library has no
    string for may be `unsupported`; every implementation with `hash` must round-trip one
    (at its own defaults if it takes no parameters, see hash_params)."""
    pw = b"correct horse battery staple".hex()
    for impl in impls(runner, "hash"):
        done = 0
        for alg in impl["algorithms"]:
            if alg not in SMOKE_PARAMS:
                continue
            params = with_params(hash_params(runner, impl, alg))
            reply = runner.wire("hash", impl=impl["id"], alg=alg, password=pw, **params)
            if reply.get("error", {}).get("kind") == "unsupported":
                continue
            enc = reply.get("encoded")
            assert isinstance(enc, str) and enc, (impl["id"], alg, reply)
            if encoding(impl, alg) in ("phc", "mcf"):
                assert enc.startswith("$"), (impl["id"], alg, enc)
            if "verify" in impl["ops"]:
                # params travel with verify for formats that hold none (docs/protocol.md)
                same = {"alg": alg, "encoded": enc, **params}
                ok = runner.wire_ok("verify", impl=impl["id"], password=pw, **same)
                assert ok["valid"] is True, (impl["id"], enc)
                bad = runner.wire_ok("verify", impl=impl["id"], password=b"wrong".hex(), **same)
                assert bad["valid"] is False, (impl["id"], enc)
            done += 1
        assert done, f"{impl['id']} offers hash but round-tripped no algorithm"


def test_errors_are_replies(runner: RunnerClient):
    impl = next(impls(runner))
    assert_error(runner.wire("frobnicate"), {"unsupported", "protocol"})
    assert_error(runner.wire("digest", impl="nope/none", alg="sha256", input=""), {"unsupported"})
    assert_error(runner.wire("digest", impl=impl["id"], alg="md4", input=""), {"unsupported"})
    assert_error(
        runner.wire("hash", impl=impl["id"], alg="nonexistent", password=""), {"unsupported"}
    )
    for impl in impls(runner):
        for alg in impl["algorithms"]:
            if alg not in OUT_OF_RANGE:
                continue
            op = "hash" if "hash" in impl["ops"] else "derive"
            if op not in impl["ops"]:
                continue
            reply = runner.wire(
                op,
                impl=impl["id"],
                alg=alg,
                password="70",
                salt="00" * 16,
                params=OUT_OF_RANGE[alg],
                length=32,
            )
            assert_error(reply, {"invalid_params", "library_error", "unsupported"})
    runner.send_raw(b'{"id": 5, "cmd": ')
    reply = runner.read_reply()
    assert_error(reply, {"protocol"})
    assert reply.get("id") is None
    assert len(runner.wire_ok("bench", op="noop", iters=10, samples=1)["samples_ns"]) == 1


def _garbage(rng: random.Random) -> bytes:
    choice = rng.randrange(4)
    if choice == 0:
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))
    elif choice == 1:
        raw = rng.choice(
            [
                b"[1,2,3]",
                b'"str"',
                b"42",
                b"null",
                b"{",
                b"}",
                b'{"id":}',
                b'{"cmd": 7}',
                b'{"id": "x", "cmd": ["a"]}',
                b'{"id": 1}',
            ]
        )
    elif choice == 2:
        raw = json.dumps({"id": rng.randrange(1000), "cmd": "bench", "iters": "many"}).encode()
    else:
        raw = bytes(rng.randrange(32, 127) for _ in range(rng.randrange(1, 200)))
    raw = raw.replace(b"\n", b"#").replace(b"\r", b"#")
    return raw if raw.strip() else b"#"


def test_survives_garbage(runner: RunnerClient):
    rng = random.Random(20261122)
    lines = [_garbage(rng) for _ in range(1000)]
    for line in lines:
        runner.send_raw(line)
    replies = [runner.read_reply(timeout=30) for _ in lines]
    for line, reply in zip(lines, replies, strict=True):
        assert "error" in reply, (line, reply)
    assert len(runner.wire_ok("bench", op="noop", iters=10, samples=1)["samples_ns"]) == 1


def test_bench_replies(runner: RunnerClient):
    noop = runner.wire_ok("bench", op="noop", iters=1000, samples=5)
    assert len(noop["samples_ns"]) == 5 and noop["iters"] == 1000
    assert all(isinstance(s, int) and s >= 0 for s in noop["samples_ns"])
    for impl in impls(runner, "bench"):
        digests = [a for a in impl["algorithms"] if catalog.algorithm(a).kind == "digest"]
        for alg in digests[:1]:
            for mode in impl.get("modes", []):
                r = runner.wire_ok(
                    "bench",
                    impl=impl["id"],
                    op="digest",
                    alg=alg,
                    input_size=1024,
                    mode=mode,
                    iters=10,
                    samples=3,
                )
                assert len(r["samples_ns"]) == 3 and all(s > 0 for s in r["samples_ns"])
        password = [a for a in impl["algorithms"] if a in SMOKE_PARAMS]
        for alg in password[:1]:
            op = next(o for o in ("hash", "derive") if o in impl["ops"])
            salt = {"salt": "00" * 16} if op == "derive" else {}  # hash: the library's own
            params = SMOKE_PARAMS[alg] if op == "derive" else hash_params(runner, impl, alg)
            r = runner.wire_ok(
                "bench",
                impl=impl["id"],
                op=op,
                alg=alg,
                **with_params(params),
                password="70617373",
                length=32,
                mode="oneshot",
                iters=1,
                samples=2,
                **salt,
            )
            assert len(r["samples_ns"]) == 2 and all(s > 0 for s in r["samples_ns"])
            assert ("output" if op == "derive" else "encoded") in r, r
    bad = runner.wire(
        "bench",
        impl=next(impls(runner))["id"],
        op="digest",
        alg="md4",
        input_size=16,
        mode="oneshot",
        iters=1,
        samples=1,
    )
    assert_error(bad)


def _one_bench_case(runner: RunnerClient, impl: dict) -> dict | None:
    """A small bench request for this implementation: a digest, else a derive or hash."""
    digests = [a for a in impl["algorithms"] if catalog.algorithm(a).kind == "digest"]
    if digests and impl.get("modes"):
        return {"op": "digest", "alg": digests[0], "input_size": 64, "mode": impl["modes"][0]}
    password = [a for a in impl["algorithms"] if a in SMOKE_PARAMS]
    if not password:
        return None
    op = "derive" if "derive" in impl["ops"] else "hash"
    salt = {"salt": "00" * 16} if op == "derive" else {}
    alg = password[0]
    params = SMOKE_PARAMS[alg] if op == "derive" else hash_params(runner, impl, alg)
    return {
        "op": op,
        "alg": alg,
        **with_params(params),
        "password": "70617373",
        "length": 32,
        "mode": "oneshot",
        **salt,
    }


def test_bench_warm_and_alloc_flags(runner: RunnerClient):
    """`warm: false` skips the untimed run, `alloc: false` the allocation pass (and its
    field); the timed op's result is the same either way, and a case never seen before
    may start with warm: false."""
    for impl in impls(runner, "bench"):
        case = _one_bench_case(runner, impl)
        if case is None:
            continue
        cold = runner.wire_ok(
            "bench", impl=impl["id"], **case, iters=2, samples=2, warm=False, alloc=False
        )
        default = runner.wire_ok("bench", impl=impl["id"], **case, iters=2, samples=2)
        lean = runner.wire_ok(
            "bench", impl=impl["id"], **case, iters=2, samples=2, warm=False, alloc=False
        )
        for reply in (cold, lean):
            assert "alloc_bytes_per_op" not in reply, (impl["id"], reply)
            assert all(isinstance(s, int) and s > 0 for s in reply["samples_ns"])
        assert len(cold["samples_ns"]) == len(lean["samples_ns"]) == 2
        if impl.get("alloc"):
            assert "alloc_bytes_per_op" in default, (impl["id"], default)
        field = "encoded" if case["op"] == "hash" else "output"
        if field == "output":
            assert cold["output"] == default["output"] == lean["output"], impl["id"]
        else:
            assert all(isinstance(r[field], str) and r[field] for r in (cold, default, lean))
    first = next(impls(runner, "bench"))
    bad = runner.wire("bench", impl=first["id"], op="noop", iters=1, samples=1, warm="no")
    assert_error(bad, {"protocol"})


def _compiled_catalog() -> dict:
    return json.loads(compiled.ensure().read_text())


def test_hello_matches_the_compiled_catalog(runner: RunnerClient):
    """The runner serves exactly the catalog's available rows for it, under the catalog's
    names, backends and algorithms (docs/protocol.md, "The catalog a runner reads")."""
    served = _compiled_catalog()["runners"].get(runner.manifest.name, {})
    left_out = skipped.load(runner.manifest.name)  # the build said why (a missing mirror)
    served = {i: row for i, row in served.items() if i not in left_out}
    hello = {i["id"]: i for i in runner.hello_json["implementations"]}
    assert sorted(hello) == sorted(served)
    for impl_id, row in served.items():
        got = hello[impl_id]
        assert got["library"] == row["library"], impl_id
        assert got["backend"] == row["backend"], impl_id
        assert sorted(got["algorithms"]) == sorted(row["algorithms"]), impl_id


def _bounds(spec: dict) -> list[int]:
    """Values just outside a parameter's range: below min, above max, off its choices,
    and not a power of two where one is required."""
    out = []
    if "choices" in spec:
        out.append(max(spec["choices"]) + 1)
        out.append(min(spec["choices"]) - 1)
    if "min" in spec:
        out.append(spec["min"] - 1)
    if "max" in spec:
        out.append(spec["max"] + 1)
    if spec.get("power_of_two"):
        out.append(spec["default"] + 1)
    return out


def test_every_bounded_parameter_is_refused_outside_its_range(runner: RunnerClient):
    """Below the minimum and above the maximum of every bounded parameter, output length
    and salt length, for every implementation: an invalid_params reply, before any
    library call (so a value above the maximum never allocates or runs)."""
    algorithms = _compiled_catalog()["algorithms"]
    tried = 0
    for impl in impls(runner):
        op = next((o for o in ("derive", "hash") if o in impl["ops"]), None)
        if op is None:
            continue
        for alg in impl["algorithms"]:
            spec = algorithms[alg]
            if spec["kind"] != "password":
                continue
            base = {"impl": impl["id"], "alg": alg, "password": "70"}
            if op == "derive":
                base["salt"] = "00" * max(16, (spec.get("salt") or {}).get("min", 0))
            cases = [
                ({**base, "params": {key: value}}, f"{key}={value}")
                for key, pspec in spec["params"].items()
                for value in _bounds(pspec)
            ]
            if op == "derive" and spec.get("length"):
                for value in (spec["length"]["min"] - 1, spec["length"]["max"] + 1):
                    cases.append(({**base, "length": value}, f"length={value}"))
            for request, label in cases:
                reply = runner.wire(op, timeout=10, **request)
                where = f"{impl['id']} {op} {alg} {label}: {reply}"
                assert reply.get("error", {}).get("kind") == "invalid_params", where
                tried += 1
    if any({"derive", "hash"} & set(i["ops"]) for i in impls(runner)):
        assert tried, "no bounded parameter was tried"


def test_a_line_over_the_limit_is_refused_and_reading_goes_on(runner: RunnerClient):
    """A 100 MB request line (over the 16 MiB limit) gets a protocol error with id null,
    and the runner answers the next request."""
    assert runner._proc is not None and runner._proc.stdin is not None
    chunk = b"a" * (1 << 20)
    runner._proc.stdin.write(b'{"id": 1, "cmd": "digest", "input": "')
    for _ in range(100):
        runner._proc.stdin.write(chunk)
    runner._proc.stdin.write(b'"}\n')
    runner._proc.stdin.flush()
    reply = runner.read_reply(timeout=30)
    assert_error(reply, {"protocol"})
    assert reply.get("id") is None
    assert len(runner.wire_ok("bench", op="noop", iters=10, samples=1)["samples_ns"]) == 1


# Last: it ends the module's runner process.
def test_quit(runner: RunnerClient):
    reply = runner.wire_ok("quit")
    assert reply.get("ok") is True
    assert runner._proc is not None
    assert runner._proc.wait(timeout=10) == 0
