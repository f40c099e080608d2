"""The Haskell seed's open question (`[equal_strength]` in catalog/seeds/haskell.toml),
answered in docs/seeds.md from `hashbench strength` files: for each bcrypt cost of the
seed's bcrypt binding, the argon2id and scrypt rows of its libsodium bindings, with their
time here and what each costs the attacker. A hand-built strength file, no runner."""

from __future__ import annotations

from hashbench.catalog import seeds
from hashbench.model.run_file import Environment
from hashbench.model.strength import Attack, Equivalence, ParamSet, StrengthFile
from hashbench.report.seeds import strength

MS = 1e6
HASKELL = next(s for s in seeds.load() if s.data.id == "haskell")


def _row(kind: str, alg: str, impl: str, values: dict[str, int], ms: float, rate: float):
    return ParamSet(
        kind=kind,  # type: ignore[arg-type]
        label="",
        alg=alg,
        params=values,
        impl=impl,
        median_ns=ms * MS,
        memory_bytes=values.get("m", 0) * 1024,
        attack=Attack(gpu="rtx4090", rate_per_s=rate, usd_per_guess=rate and 1 / rate),
    )


def _file(cost: int, bcrypt_impl: str = "haskell/bcrypt") -> StrengthFile:
    base = _row("equal_time", "bcrypt", bcrypt_impl, {"cost": cost}, 290.0, 180.0)
    return StrengthFile(
        command="strength",
        started="2026-12-01T21:00:00Z",
        environment=Environment(cpu="Example CPU", cores=2, os="Linux", load_start=[0.1]),
        gpu="rtx4090",
        equivalences=[
            Equivalence(
                bcrypt=base,
                equal_time=[
                    _row("equal_time", "argon2id", "haskell/libsodium",
                         {"m": 131072, "t": 3, "p": 1}, 288.0, 9.0),
                    _row("equal_time", "scrypt", "haskell/libsodium",
                         {"n": 2**17, "r": 8, "p": 1}, 281.0, 30.0),
                    _row("equal_time", "pbkdf2-sha256", "haskell/cryptonite-pbkdf2",
                         {"iterations": 2_000_000}, 291.0, 2000.0),
                ],
                equal_cost=[
                    _row("equal_cost", "argon2id", "haskell/libsodium",
                         {"m": 16384, "t": 1, "p": 1}, 20.0, 179.0),
                ],
            )
        ],
    )  # fmt: skip


def test_the_haskell_seed_asks_its_question_of_its_bindings():
    want = HASKELL.data.equal_strength
    assert want is not None
    assert "similar strength" in want.question
    assert want.bcrypt == "haskell/bcrypt"
    assert {"haskell/libsodium", "haskell/saltine", "haskell/crypto-sodium"} <= set(want.impls)
    assert want.costs == [10, 12] and want.algorithms == ["argon2id", "scrypt"]


def test_each_cost_shows_the_bindings_rows_against_bcrypt():
    text = "\n".join(strength.section(HASKELL, [("b.json", _file(12)), ("a.json", _file(10))]))
    assert text.index("bcrypt cost 10, from `a.json`") < text.index("bcrypt cost 12, from `b.json`")
    lines = [line for line in text.splitlines() if line.startswith("|")]
    argon2 = [line for line in lines if "m=128 MiB,t=3,p=1" in line]
    assert len(argon2) == 2 and all("`haskell/libsodium`" in line for line in argon2)
    assert all("defender time" in line and "20.00×" in line for line in argon2)  # 180 / 9
    assert any("n=2^17,r=8,p=1" in line and "6.00×" in line for line in lines)  # 180 / 30
    assert any("attacker cost" in line and "m=16 MiB,t=1,p=1" in line for line in lines)
    assert not any("pbkdf2" in line for line in lines)  # the seed asks of argon2 and scrypt
    assert any("`haskell/bcrypt`" in line and "cost=12" in line for line in lines)


def test_without_a_strength_file_the_question_says_how_to_answer_it():
    text = "\n".join(strength.section(HASKELL, [("c.json", _file(12, "c/libxcrypt"))]))
    assert "Not answered here" in text
    assert "hashbench strength --alg bcrypt --impl haskell/bcrypt," in text
    assert "|" not in text


def test_seeds_without_the_question_get_no_section():
    rust = next(s for s in seeds.load() if s.data.id == "rust")
    assert strength.section(rust, [("b.json", _file(12))]) == []
