"""Selecting cases by the fields of their id (globs), and ad hoc runs with no suite file."""

from __future__ import annotations

import pytest
from conftest import hashbench

from hashbench.engine import suite as suites
from hashbench.engine.selection import Selection, split
from hashbench.errors import UsageError


def group(alg: str, op: str, size: int | None = None, mode: str = "oneshot") -> suites.Group:
    return suites.Group(op=op, alg=alg, input_size=size, mode=mode)


def test_globs_match_each_field_not_a_substring_of_the_title():
    bcrypt = group("bcrypt", "hash")
    sha = group("sha256", "digest", 1024)
    webcrypto = Selection(impl=["node/webcrypto*"])
    assert webcrypto.takes("node/webcrypto", sha)
    assert not webcrypto.takes("node/bcrypt", bcrypt)  # a regex 'webcrypto' search differs
    rust_hash = Selection(impl=["rust/*"], alg=["bcrypt"], op=["hash"])
    assert rust_hash.takes("rust/bcrypt", bcrypt)
    assert not rust_hash.takes("go/x-crypto-bcrypt", bcrypt)
    assert not rust_hash.takes("rust/bcrypt", group("bcrypt", "verify"))
    sizes = Selection(size=["16", "1024"])
    assert sizes.takes_group(sha) and not sizes.takes_group(group("sha256", "digest", 64))
    assert not sizes.takes_group(bcrypt)  # a size selects digests only
    assert Selection(alg=["argon2*"]).takes_group(group("argon2id", "hash"))


def test_the_old_regex_stays_available():
    assert Selection(regex="bcrypt").takes("node/webcrypto", group("bcrypt", "hash"))
    assert not Selection(regex="^go/").takes("rust/sha2", group("sha256", "digest", 16))


def test_values_may_be_repeated_or_comma_separated():
    assert split(["hash,verify", "derive"]) == ["hash", "verify", "derive"]
    assert split(None) == []


def test_an_ad_hoc_suite_is_validated_like_a_suite_file():
    suite = suites.ad_hoc(["argon2id"], {"m": 65536, "t": 4, "p": 4}, [], [], [])
    assert [g.op for g in suite.groups] == ["hash", "verify"]
    assert suite.groups[0].param_dict == {"m": 65536, "t": 4, "p": 4, "version": 19}
    digests = suites.ad_hoc(["sha256"], {}, [], [16, 1024], ["oneshot", "reset"])
    assert sorted((g.input_size, g.mode) for g in digests.groups) == [
        (16, "oneshot"), (16, "reset"), (1024, "oneshot"), (1024, "reset"),
    ]  # fmt: skip
    with pytest.raises(UsageError, match="parameter m=4 out of range"):
        suites.ad_hoc(["argon2id"], {"m": 4}, [], [], [])
    with pytest.raises(UsageError, match="unknown algorithm 'argon3'"):
        suites.ad_hoc(["argon3"], {}, [], [], [])
    with pytest.raises(UsageError, match="--size applies to digests only"):
        suites.ad_hoc(["bcrypt"], {}, [], [16], [])


@pytest.mark.parametrize("text", ["m", "m=", "m=x", "=3", "m=1,t"])
def test_malformed_params_name_the_item(text):
    with pytest.raises(UsageError, match="is not name=integer"):
        suites.parse_params(text)


def test_params_parse():
    assert suites.parse_params("m=65536, t=4,p=4") == {"m": 65536, "t": 4, "p": 4}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--alg", "argon2id", "--params", "m=4,t=1,p=1"], ": argon2id: parameter m=4 out of"),
        (["--alg", "argon2id", "--params", "m"], "is not name=integer"),
        (["quick", "--params", "m=65536"], "--params makes an ad hoc run"),
        (["--alg", "bcrypt", "--size", "16"], "--size applies to digests only"),
        (["--alg", "sha256", "--size", "big"], "an ad hoc run needs byte counts"),
    ],
)
def test_bad_ad_hoc_runs_are_usage_errors_before_any_runner_starts(tmp_path, args, message):
    out = tmp_path / "r.json"
    proc = hashbench("run", *args, "--out", str(out))
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert not out.exists()
