"""The C runner built for this CPU (runners/c-native): phc-winner-argon2 compiled here with
-march=native (opt.c) beside Debian's portable libargon2 (c/argon2). Same answers, its own
ids, and a catalog row that says how it was built."""

from __future__ import annotations

from conftest import skip_without_runner

from hashbench.catalog import libraries
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import load_all

PARAMS = [
    ("argon2id", {"m": 19456, "t": 2, "p": 1, "version": 19}),
    ("argon2i", {"m": 4096, "t": 3, "p": 2, "version": 19}),
    ("argon2d", {"m": 1024, "t": 1, "p": 4, "version": 16}),
]


def _client(name: str) -> RunnerClient:
    manifest = next(m for m in load_all() if m.name == name)
    client = RunnerClient(manifest)
    client.start()
    return client


def test_the_native_build_serves_its_own_argon2_only():
    skip_without_runner("c-native")
    client = _client("c-native")
    try:
        hello = client.hello
        assert hello is not None
        assert hello.runner == "c-native" and "-march=native" in hello.runtime
        [impl] = hello.implementations  # Debian's other libraries: the same code in c/
        assert impl.id == "c-native/argon2" and impl.version == "f57e61e"
    finally:
        client.kill()


def test_both_builds_derive_the_same_bytes():
    skip_without_runner("c")
    skip_without_runner("c-native")
    portable, native = _client("c"), _client("c-native")
    try:
        for alg, params in PARAMS:
            ask = dict(alg=alg, params=params, password=b"password".hex(), length=32)
            ask["salt"] = b"somesalt-16bytes".hex()
            a = portable.wire_ok("derive", impl="c/argon2", **ask)["output"]
            b = native.wire_ok("derive", impl="c-native/argon2", **ask)["output"]
            assert a == b, (alg, params)
        made = native.wire_ok(
            "hash", impl="c-native/argon2", alg="argon2id", params=PARAMS[0][1], password="70"
        )["encoded"]
        ok = portable.wire_ok(
            "verify", impl="c/argon2", alg="argon2id", password="70", encoded=made
        )
        assert made.startswith("$argon2id$v=19$m=19456,t=2,p=1$") and ok["valid"] is True
    finally:
        portable.kill()
        native.kill()


def test_the_catalog_row_says_how_it_was_built():
    rows = {r.impl: r for r in libraries.load()}
    row, base = rows["c-native/argon2"], rows["c/argon2"]
    assert row.variant_of == "c/argon2" and row.algorithms == base.algorithms
    assert "f57e61e" in row.registry and "Debian" in base.registry
    assert "-march=native" in row.name + row.notes
    assert not [i for i in rows if i.startswith("c-native/") and i != "c-native/argon2"]
