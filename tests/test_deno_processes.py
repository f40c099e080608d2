"""Several Deno runner processes at once, as `--processes N` keeps them: each loads the
@felix libraries through @denosaurs/plug, which copies a library into its cache folder on
every load, truncating the copy in place. With one shared folder a second process
overwrote the library the first had mapped, and the first died of SIGSEGV on its next
call (the seeds suite lost 12 cases so). Each process now has a folder of its own
(runners/deno/run.sh). A real Deno runner and the real libraries."""

from __future__ import annotations

import pytest
from conftest import skip_without_runner

from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import load_all

FELIX = ("deno/felix-bcrypt", "deno/felix-argon2")
PARAMS = {
    "deno/felix-bcrypt": ("bcrypt", {"cost": 4}),
    "deno/felix-argon2": ("argon2id", {"m": 256, "t": 1, "p": 1}),
}


def _hash(client: RunnerClient, impl: str) -> dict:
    alg, params = PARAMS[impl]
    return client.wire_ok("hash", impl=impl, alg=alg, params=params, password="70617373")


def test_a_second_process_leaves_the_first_ones_libraries_alone():
    skip_without_runner("deno")
    manifest = next(m for m in load_all() if m.name == "deno")
    with RunnerClient(manifest) as first:
        ids = {i["id"] for i in first.hello_json["implementations"]}
        present = [impl for impl in FELIX if impl in ids]
        if not present:
            pytest.skip("the @felix libraries are not built (they come from ../shared/mirror)")
        for impl in present:
            assert _hash(first, impl)["encoded"].startswith("$")
        with RunnerClient(manifest) as second:  # loads (copies) the same libraries
            for impl in present:
                assert _hash(second, impl)["encoded"].startswith("$")
                assert _hash(first, impl)["encoded"].startswith("$"), impl
        assert first.alive
