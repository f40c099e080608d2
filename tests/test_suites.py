"""Suite files: expansion into groups, and errors that name the file, line and what
was expected."""

import textwrap

import pytest
from factories import record

from hashbench.engine import suite as suites
from hashbench.errors import UsageError
from hashbench.model import labels
from hashbench.report import titles


def write(tmp_path, text):
    path = tmp_path / "s.toml"
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_builtin_suites_load():
    for name in ("quick", "seeds", "js"):
        assert suites.load(name).groups


def test_seeds_cover_the_reference_setups():
    titles = {g.base_title() for g in suites.load("seeds").groups}
    for cost in (4, 8, 12, 16):
        assert f"bcrypt cost={cost} hash" in titles
    assert "argon2id m=64 MiB,t=4,p=4 hash" in titles
    assert "argon2id m=64 MiB,t=4,p=4 verify" in titles
    assert "scrypt n=65536,r=8,p=1 verify" in titles
    for alg in ("md5", "sha256", "blake2b-512"):
        for size in ("16 B", "64 B", "256 B", "1 KiB", "8 KiB", "16 KiB"):
            for mode in ("new", "reset", "oneshot"):
                assert f"{alg} {size} {mode}" in titles


SHARED = """
    name = "shared"
    [[bench]]
    name = "seed A"
    op = "hash"
    alg = "bcrypt"
    params = [{ cost = 4 }, { cost = 5 }]
    [[bench]]
    name = "general sweep"
    op = "hash"
    alg = "bcrypt"
    params = { cost = 4 }
    [[bench]]
    op = "digest"
    alg = "sha256"
    input_size = [16, 16]
"""


def test_groups_of_the_same_work_get_distinct_titles_and_unique_ones_stay(tmp_path):
    groups = suites.load(write(tmp_path, SHARED)).groups
    titles = [g.title() for g in groups]
    assert titles == [
        "bcrypt cost=4 hash (seed A)",
        "bcrypt cost=5 hash",  # no other group measures it: as before
        "bcrypt cost=4 hash (general sweep)",
        "sha256 16 B oneshot (#1)",  # no names to tell them apart: their order
        "sha256 16 B oneshot (#2)",
    ]
    assert [g.base_title() for g in groups[:3]] == ["bcrypt cost=4 hash", "bcrypt cost=5 hash"] + [
        "bcrypt cost=4 hash"
    ]
    assert len(set(titles)) == len(titles)
    # a report reads the tag back from the stored title; an untagged (older) one has none
    assert [labels.title_tag(t) for t in titles[:2]] == ["seed A", ""]
    assert labels.title_tag("argon2id m=65536,t=3,p=4 hash") == ""


def test_reports_keep_the_stored_tag_and_derive_the_rest():
    """A record stores its group's title; reports derive it (units for older files) and
    keep its tag, so two groups of the same work head their own sections."""
    a = record("c/openssl", alg="bcrypt", op="hash", params={"cost": 4}, group=1)
    a.group_title = "bcrypt cost=4 hash (seed A)"
    b = record("c/openssl", alg="bcrypt", op="hash", params={"cost": 4}, group=2)
    b.group_title = "bcrypt cost=4 hash"  # a file written before tags
    assert titles.title(a) == "bcrypt cost=4 hash (seed A)"
    assert titles.title(b) == "bcrypt cost=4 hash"


def test_included_groups_are_named_after_their_suite(tmp_path, monkeypatch):
    monkeypatch.setattr(suites.paths, "suites_dir", lambda: tmp_path)
    (tmp_path / "inner.toml").write_text(
        textwrap.dedent("""
        name = "inner"
        [[bench]]
        name = "bcrypt cost 4"
        op = "hash"
        alg = "bcrypt"
        params = { cost = 4 }
        """)
    )
    (tmp_path / "outer.toml").write_text(
        textwrap.dedent("""
        name = "outer"
        include = ["inner"]
        [[bench]]
        name = "bcrypt cost 4"
        op = "hash"
        alg = "bcrypt"
        params = { cost = 4 }
        """)
    )
    assert [g.title() for g in suites.load("outer").groups] == [
        "bcrypt cost=4 hash (inner: bcrypt cost 4)",
        "bcrypt cost=4 hash (bcrypt cost 4)",
    ]
    assert [g.title() for g in suites.load("inner").groups] == ["bcrypt cost=4 hash"]


def test_sweeps_expand(tmp_path):
    s = suites.load(
        write(
            tmp_path,
            """
        [[bench]]
        op = "digest"
        alg = ["md5", "sha256"]
        input_size = [16, 1024]
        mode = ["new", "reset"]
    """,
        )
    )
    assert len(s.groups) == 8


def test_malformed_toml_names_the_line(tmp_path):
    path = write(
        tmp_path,
        """
        [[bench]]
        op = "digest"
        alg = "md5
    """,
    )
    with pytest.raises(UsageError) as err:
        suites.load(path)
    assert "malformed TOML" in str(err.value) and "line 4" in str(err.value)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('op = "digest"\nalg = "md6"\ninput_size = 16', "unknown algorithm 'md6'"),
        ('op = "hash"\nalg = "bcrypt"\nparams = { cost = 40 }', "cost=40 out of range: 4–31"),
        ('op = "digest"\nalg = "sha256"', "digest needs input_size"),
        ('op = "hash"\nalg = "sha256"', "does not apply to digest algorithm 'sha256'"),
        ('op = "smash"\nalg = "bcrypt"', "op 'smash' is not one of"),
        ('op = "hash"\nalg = "bcrypt"\ncolour = "red"', "unknown key 'colour'"),
        ('alg = "bcrypt"', "missing key 'op'"),
    ],
)
def test_semantic_errors_name_file_line_and_expectation(tmp_path, body, expected):
    text = (
        '# a suite\nname = "x"\n\n[[bench]]\nop = "digest"\nalg = "md5"\ninput_size = 16\n\n'
        f"[[bench]]\n{body}\n"
    )
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(UsageError) as err:
        suites.load(str(path))
    assert f"{path}:9: [[bench]] #2" in str(err.value)
    assert expected in str(err.value)


def test_unknown_suite_lists_known(tmp_path):
    with pytest.raises(UsageError, match="unknown suite 'nope'; known: .*quick"):
        suites.load("nope")


def test_empty_suite_is_an_error(tmp_path):
    with pytest.raises(UsageError, match="at least one"):
        suites.load(write(tmp_path, 'name = "empty"\n'))


def test_the_salt_is_the_size_the_parameters_were_validated_with(tmp_path, monkeypatch):
    """The catalog's default salt size, not a fixed 16 bytes, unless the suite sets one."""
    import dataclasses

    from hashbench import catalog

    real = catalog.algorithm("argon2id")
    wide = dataclasses.replace(real, salt={"min": 8, "default": 24})
    monkeypatch.setattr(
        suites.catalog, "algorithm", lambda name: wide if name == "argon2id" else real
    )
    suite = tmp_path / "salt.toml"
    suite.write_text('[[bench]]\nop = "derive"\nalg = "argon2id"\n')
    (group,) = suites.load(str(suite)).groups
    assert group.salt is not None and len(group.salt) == 24
    suite.write_text('[defaults]\nsalt_size = 32\n[[bench]]\nop = "derive"\nalg = "argon2id"\n')
    (group,) = suites.load(str(suite)).groups
    assert group.salt is not None and len(group.salt) == 32
