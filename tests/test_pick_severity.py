"""The severity of fidelity findings (fidelity/severity.py): each kind of finding the
fidelity run produces gets the level docs/pick.md gives it, and every divergence the
project knows is graded."""

from __future__ import annotations

import pytest
from factories import record

from hashbench.cards import reference
from hashbench.fidelity import known, severity
from hashbench.fidelity.findings import CHECKS

GRADES = [
    # the worst: a wrong or cut password gets in
    ("interop", "bcrypt from go/x", "accepts a wrong password", "", 5),
    ("cross", "cross.bcrypt.password.72 from go/x", "accepts a wrong password", "", 5),
    ("probe", "bcrypt.truncated", "accepts", "", 5),
    ("probe", "argon2.truncated", "accepts", "", 5),
    ("length", "len.scrypt.7.password.verify.nul", "truncates", "", 5),
    ("kat", "$2a$05$x", "wrong verify", "v (s): a wrong password gave Reply(valid=True)", 5),
    # a long or unusual password changed without a word
    ("length", "len.bcrypt.2a.password.verify.255", "wraps", "", 4),
    ("length", "len.bcrypt.password.hash.73", "truncates", "", 4),
    ("length", "len.scrypt.password.derive.8bit", "replaces", "", 4),
    # an input others accept, refused
    ("length", "len.bcrypt.password.hash.73", "refuses", "", 3),
    ("length", "len.argon2id.salt.hash.255", "crashes", "", 3),
    ("length", "len.argon2id.salt.hash.255", "hangs", "", 3),
    ("interop", "bcrypt from php/crypt", "rejects", "", 3),
    ("interop", "scrypt from c/libsodium", "error", "", 3),
    ("probe", "bcrypt.prefix-2y", "rejects", "", 3),
    ("probe", "argon2.param-order", "rejects", "", 3),
    ("probe", "bcrypt.cost-32", "hangs", "", 3),
    ("differential", "argon2d pw=0B", "error library_error", "", 3),
    # read differently
    ("length", "len.bcrypt.2x.password.verify.8bit", "differs", "", 2),
    ("length", "len.argon2id.salt.verify.8bit", "reencodes", "", 2),
    ("probe", "bcrypt.2a-8bit-safety", "rejects", "treats $2a$ as $2b$ (verify says false)", 2),
    ("probe", "argon2.no-version", "rejects", "", 2),
    ("probe", "bcrypt.prefix-2x", "accepts", "", 2),
    ("probe", "bcrypt.cost-3", "changes", "", 2),
    ("differential", "scrypt pw=255B", "differs", "", 2),
    ("kat", "$argon2i$m=65536", "wrong verify", "argon2i[…] (test.c): got False", 2),
    # cosmetic
    ("probe", "bcrypt.emits", "$2a$", "", 1),
    ("probe", "bcrypt.padding-bits", "accepts", "", 1),
    ("probe", "bcrypt.cost-3", "accepts", "", 1),
    ("length", "len.bcrypt.password.hash.512", "accepts", "", 1),
]


@pytest.mark.parametrize(("check", "subject", "behaviour", "detail", "level"), GRADES)
def test_each_kind_of_finding_has_its_level(check, subject, behaviour, detail, level):
    grade = severity.grade(check, subject, behaviour, detail)
    assert grade.level == level, grade
    assert grade.phrase


def test_the_levels_are_the_issue_s_order_worst_first():
    assert [severity.LEVELS[n] for n in sorted(severity.LEVELS, reverse=True)] == [
        "accepts a wrong or truncated password",
        "silently truncates or wraps a password",
        "refuses an input others accept",
        "reads a prefix or an input differently",
        "cosmetic",
    ]


def test_every_known_divergence_is_graded():
    """Every (check, behaviour) of catalog/known-divergences.toml maps to a level, and
    the checks graded are every check a fidelity run has."""
    entries = known.load()
    assert {e.check for e in entries} <= set(CHECKS)
    for entry in entries:
        for subject in entry.subjects:
            grade = severity.grade(entry.check, subject, entry.behaviour)
            assert grade.level in severity.LEVELS, (entry, grade)


def test_a_length_group_names_its_lengths_and_where():
    grade = severity.grade_length(
        ["len.bcrypt.2a.password.verify", "len.bcrypt.password.hash"],
        "refuses",
        ["73", "255", "65537"],
    )
    assert grade.level == severity.REFUSES
    assert grade.phrase == "refuses a password of 73 to 65537 bytes (3 lengths) ($2a$ verify; hash)"


def test_an_empty_password_is_named_apart_from_a_range_of_long_ones():
    """hash-wasm refuses 0 bytes and 73 and more, and takes 1 to 72: "of 0 to 65537 bytes"
    read as if it took nothing."""
    grade = severity.grade_length(["len.bcrypt.password.hash"], "refuses", ["0", "73", "65537"])
    assert (
        grade.phrase == "refuses a password of 0 bytes or of 73 to 65537 bytes (2 lengths) (hash)"
    )


def test_what_matches_the_reference_can_be_a_hazard_too():
    """bcrypt reads 72 bytes and crypt(3) stops at a NUL: a library that does the same
    matches the reference and still cuts a user's password."""
    over_72 = severity.inherent("len.bcrypt.password.hash.73", "matches")
    assert over_72 is not None
    assert over_72[0] == severity.Grade(4, "accepts a password truncated at 72 bytes")
    assert "72 bytes" in over_72[1]
    nul = severity.inherent("len.bcrypt.2b.password.verify.nul", "matches")
    assert nul is not None and nul[0].level == severity.ACCEPTS_WRONG
    assert severity.where(["len.bcrypt.password.hash", "len.bcrypt.2b.password.verify"]) == (
        "hash; $2b$ verify"
    )
    # a refusal where the reference refuses too (libxcrypt from 512 bytes) is none
    refused = "refuses as the reference does (invalid_input)"
    assert severity.inherent("len.bcrypt.password.hash.512", "matches", refused) is None
    assert severity.inherent("len.bcrypt.password.hash.72", "matches") is None
    assert severity.inherent("len.bcrypt.password.hash.73", "refuses") is None
    assert severity.inherent("len.argon2id.password.hash.73", "matches") is None


def test_an_algorithm_outside_quick_takes_its_most_measured_group_not_library_defaults():
    """argon2i is not in quick: its reference is the group most libraries were measured in
    (it raised 'not a case id' before), and a group at library defaults is never one."""

    def argon2i(impl: str, params: dict, defaults: bool = False):
        return record(impl, median=1e6, alg="argon2i", op="hash", params=params,
                      library_defaults=defaults)  # fmt: skip

    at_defaults = [argon2i(f"x/{i}", {}, defaults=True) for i in range(3)]
    measured = [argon2i(f"x/{i}", {"m": 4096, "t": 3, "p": 1}) for i in range(2)]
    refs = reference.references(["argon2i"], at_defaults + measured)
    assert refs["argon2i"].impl == "" and refs["argon2i"].params == {"m": 4096, "t": 3, "p": 1}
    assert reference.references(["argon2i"], at_defaults) == {}


def test_an_input_with_a_terse_key_is_named_in_words():
    """argon2's associated data is probed as `ad`: "refuses a ad of 33…" read as a typo."""
    grade = severity.grade_length(["len.argon2id.ad.hash"], "refuses", ["33"])
    assert grade.phrase == "refuses an AD (associated data) of 33 bytes (hash)"
