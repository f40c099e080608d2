"""Every malformed suite is refused before anything runs, naming the file, the key and
what was expected (issue 17's list, each reproduced here)."""

from __future__ import annotations

import pytest
from conftest import hashbench

from hashbench.engine import suite as suites
from hashbench.errors import UsageError

BENCH = '[[bench]]\nop = "hash"\nalg = "bcrypt"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BENCH + "impl = 5\n", "impl = 5: expected a regular expression"),
        (BENCH + 'impl = "("\n', "expected a valid regular expression"),
        ('[[bench]]\nop = "hash"\nalg = 5\n', "alg = 5: expected an algorithm name"),
        (BENCH + 'length = "x"\n', "length = 'x': expected an integer"),
        (BENCH + "salt_size = -1\n", "salt_size = -1: expected an integer from 0"),
        (BENCH + 'salt_size = "16"\n', "salt_size = '16': expected an integer"),
        (BENCH + "min_samples = -3\n", "min_samples = -3: expected an integer from 1"),
        (BENCH + 'min_samples = "x"\n', "min_samples = 'x'"),
        (BENCH + "processes = 0\n", "processes = 0: expected an integer from 1 to 50"),
        (BENCH + "rounds = 0\n", "rounds = 0: expected an integer from 1 to 100"),
        (BENCH + 'params = "cheap"\n', "params = 'cheap': expected a table of parameters or"),
        (
            '[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = 16\nparams = "defaults"\n',
            'params = "defaults" applies to hash, verify, hash_verify, not digest',
        ),
        (BENCH + "processes = 2.5\n", "processes = 2.5: expected an integer"),
        (BENCH + "target_ci = -0.1\n", "target_ci = -0.1: expected a number >= 0"),
        (BENCH + 'target_ci = "x"\n', "target_ci = 'x'"),
        (BENCH + "budget = nan\n", "budget = nan: expected a number > 0"),
        (BENCH + "budget = inf\n", "budget = inf"),
        ('[[bench]]\nop = "digest"\nalg = "sha256"\ninput_size = true\n', "input_size = True"),
        ("name = 42\n" + BENCH, "name = 42: expected a name"),
        ('name = "../../X"\n' + BENCH, "name = '../../X': expected a name"),
        ("colour = 1\n" + BENCH, "unknown key 'colour'"),
        ("[defaults]\nbudget = -1\n" + BENCH, "[defaults] budget = -1"),
        ("[defaults]\nop = 1\n" + BENCH, "[defaults] unknown key 'op'"),
        ("bench = 3\n", "bench = 3: expected one or more [[bench]] tables"),
    ],
)
def test_a_bad_value_names_the_file_the_key_and_the_expectation(tmp_path, text, message):
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(UsageError) as err:
        suites.load(str(path))
    assert str(path) in str(err.value) and message in str(err.value)


def test_a_suite_that_includes_itself_or_a_cycle_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(suites.paths, "suites_dir", lambda: tmp_path)
    (tmp_path / "a.toml").write_text('include = "a"\n' + BENCH)
    with pytest.raises(UsageError, match="include each other in a cycle: a → a"):
        suites.load("a")
    (tmp_path / "b.toml").write_text('include = "c"\n' + BENCH)
    (tmp_path / "c.toml").write_text('include = "b"\n' + BENCH)
    with pytest.raises(UsageError, match="cycle: b → c → b"):
        suites.load("b")


def test_not_utf8_and_a_directory_are_refused(tmp_path):
    raw = tmp_path / "raw.toml"
    raw.write_bytes(b'[[bench]]\nop = "hash"\nalg = "bcrypt"\nname = "\xff\xfe"\n')
    with pytest.raises(UsageError, match="not UTF-8 text"):
        suites.load(str(raw))
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(UsageError, match="is a directory"):
        suites.load(str(folder))


def test_target_ci_zero_is_kept_not_replaced_by_the_default(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(BENCH + "target_ci = 0\n")
    (group,) = suites.load(str(path)).groups
    assert group.target_ci == 0.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "nan"], "--budget must be a positive number"),
        (["--budget", "inf"], "--budget must be a positive number"),
        (["--target-ci", "nan"], "--target-ci must be a number from 0"),
        (["--target-ci", "-1"], "--target-ci must be a number from 0"),
        (["--rounds", "0"], "--rounds must be from 1 to 100"),
    ],
)
def test_bad_numbers_on_the_command_line_exit_2(args, message):
    proc = hashbench("run", "quick", *args, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr
