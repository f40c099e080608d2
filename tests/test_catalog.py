"""Parameter validation: refused before anything runs, with a message naming the
parameter, the value and the valid range."""

import re

import pytest

from hashbench import catalog
from hashbench.catalog import libraries
from hashbench.errors import UsageError
from hashbench.runner import skipped
from hashbench.runner.manifest import load_all


@pytest.mark.parametrize(
    ("alg", "params", "message"),
    [
        ("bcrypt", {"cost": 3}, "bcrypt: parameter cost=3 out of range: 4–31"),
        ("bcrypt", {"cost": 32}, "bcrypt: parameter cost=32 out of range: 4–31"),
        (
            "argon2id",
            {"m": 16, "p": 4},
            "argon2id: parameter m=16 out of range: must be >= 8·p = 32 (p=4)",
        ),
        ("argon2i", {"t": 0}, "argon2i: parameter t=0 out of range: 1–1000"),
        ("argon2d", {"version": 18}, "argon2d: parameter version=18 out of range: one of 16, 19"),
        (
            "scrypt",
            {"n": 1000},
            "scrypt: parameter n=1000 out of range: 2–1073741824, a power of two",
        ),
        ("scrypt", {"n": 1}, "scrypt: parameter n=1 out of range"),
        ("pbkdf2-sha256", {"iterations": 0}, "pbkdf2-sha256: parameter iterations=0 out of range"),
        ("bcrypt", {"cost": "10"}, "bcrypt: parameter cost='10' must be an integer"),
        ("bcrypt", {"rounds": 10}, "bcrypt: unknown parameter(s) rounds; allowed: cost"),
    ],
)
def test_out_of_range_is_refused_with_the_range(alg, params, message):
    with pytest.raises(UsageError) as err:
        catalog.validate(alg, params)
    assert message in str(err.value)


def test_defaults_are_filled_in_and_valid_values_pass():
    assert catalog.validate("argon2id", {"m": 65536, "t": 4, "p": 4}) == {
        "m": 65536,
        "t": 4,
        "p": 4,
        "version": 19,
    }
    assert catalog.validate("bcrypt", {}) == {"cost": 10}
    assert catalog.validate("scrypt", {"n": 2}) == {"n": 2, "r": 8, "p": 1}


def test_salt_and_length_ranges():
    with pytest.raises(UsageError, match="salt of 4 bytes out of range: 8–"):
        catalog.validate("argon2id", {}, salt_len=4)
    with pytest.raises(UsageError, match="output length 2 out of range: 4–1024"):
        catalog.validate("argon2id", {}, length=2)


def test_unknown_algorithm_lists_the_known_ones():
    with pytest.raises(UsageError) as err:
        catalog.algorithm("argon3")
    assert "unknown algorithm 'argon3'" in str(err.value)
    assert "argon2id" in str(err.value) and "blake3" in str(err.value)


def test_memory_need():
    assert catalog.memory_bytes("argon2id", {"m": 65536, "t": 1, "p": 1}) == 64 * 2**20
    assert catalog.memory_bytes("scrypt", {"n": 65536, "r": 8, "p": 1}) == 128 * 8 * 65536 + 1024
    assert catalog.memory_bytes("sha256", {}) == 0


def test_a_library_the_build_left_out_is_kept_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.setattr(skipped.paths, "root", lambda: tmp_path)
    output = "building …\nskip haskell/bcrypt: no source: set HASHBENCH_HACKAGE_MIRROR\nok\n"
    assert skipped.record("haskell", output) == {
        "haskell/bcrypt": "no source: set HASHBENCH_HACKAGE_MIRROR"
    }
    assert skipped.load("haskell") == {"haskell/bcrypt": "no source: set HASHBENCH_HACKAGE_MIRROR"}
    assert skipped.record("haskell", "ok\n") == {} and skipped.load("haskell") == {}
    assert not skipped.path("haskell").exists()  # a later full build forgets the gap


def test_cheaper_parameters_cut_the_work_parameter_within_its_range():
    assert catalog.cheaper("bcrypt", {"cost": 10}, 16) == {"cost": 6}
    assert catalog.cheaper("bcrypt", {"cost": 5}, 16) == {"cost": 4}  # the catalog's minimum
    assert catalog.cheaper("bcrypt", {"cost": 4}, 16) is None  # nothing left to cut
    assert catalog.cheaper("pbkdf2-sha256", {"iterations": 100_000}, 16) == {"iterations": 6250}
    assert catalog.cheaper("scrypt", {"n": 16384, "r": 8, "p": 1}, 16) == {
        "n": 1024,
        "r": 8,
        "p": 1,
    }
    argon2 = {"m": 19456, "t": 2, "p": 1, "version": 19}
    assert catalog.cheaper("argon2id", argon2, 16) == {**argon2, "m": 1216}
    assert catalog.cheaper("argon2id", {**argon2, "m": 64, "p": 4}, 16) == {
        **argon2,
        "m": 32,
        "p": 4,
    }
    assert catalog.cheaper("sha256", {}, 16) is None


def test_every_catalog_id_is_runner_slash_lowercase_name():
    """An id is what a user types into `--impl` and what `list` shows, available or not:
    `<runner>/<name>`, the name lowercase of [a-z0-9._-] (a scoped package `@ts-rex/bcrypt`
    is `ts-rex-bcrypt`), the runner one of runners/, and no id twice."""
    runners = {m.name for m in load_all()}
    rows = libraries.load()
    ids = [row.impl for row in rows]
    bad = [
        (row.name, impl)
        for row, impl in zip(rows, ids, strict=True)
        if not re.fullmatch(r"[a-z0-9-]+/[a-z0-9._-]+", impl) or impl.split("/")[0] not in runners
    ]
    assert bad == []
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
    assert "deno/ts-rex-argon2" in ids  # beside deno/ts-rex-bcrypt, unavailable or not


def test_a_catalog_row_with_a_field_no_row_has_is_refused_naming_it(tmp_path, monkeypatch):
    """Rows are typed (catalog/libraries.py LibraryRow): a misspelt field is an error that
    names the file, the row and the field, not a row silently missing what it meant."""
    (tmp_path / "catalog" / "libraries").mkdir(parents=True)
    (tmp_path / "catalog" / "libraries" / "x.toml").write_text(
        '[[library]]\nimpl = "x/a"\nname = "a"\nlanguage = "X"\nalgorithms = ["sha256"]\n'
        "available = true\nsalt_itself = true\n"
    )
    monkeypatch.setenv("HASHBENCH_ROOT", str(tmp_path))
    with pytest.raises(UsageError) as refused:
        libraries.load()
    assert "x.toml" in str(refused.value) and "'x/a'" in str(refused.value)
    assert "salt_itself" in str(refused.value)
