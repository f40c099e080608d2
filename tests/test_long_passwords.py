"""The long-password probe: its record's shape and arithmetic, its time cap (a length
predicted past the cap is not tried; a request past it is over the cap), what the real
libraries of the C runner do with long passwords, and the divergence class it becomes on a
card and in pick's reasons."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import MANIFESTS, runner_unavailable

from hashbench.cards import divergences, rank
from hashbench.errors import UsageError
from hashbench.fidelity import long_passwords as lp
from hashbench.fidelity import severity
from hashbench.fidelity.session import Session
from hashbench.model.card import Card, Divergence
from hashbench.model.fidelity import FidelityFile, LengthPoint, LongPassword
from hashbench.model.run_file import Environment
from hashbench.results.files import load_any, write_atomic
from hashbench.runner.pool import RunnerPool

MS = 1e6
SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def _points(*ms: float | None, status: str = "ok") -> list[LengthPoint]:
    return [
        LengthPoint(length=n, status=status if t is not None else "skipped", median_ns=t and t * MS)  # type: ignore[arg-type]
        for n, t in zip(lp.LENGTHS, ms, strict=False)
    ]


def test_the_amplification_is_the_longest_taken_over_64_bytes():
    row = lp.summary("x/y", "pbkdf2-sha256", "derive", _points(0.5, 0.6, 80.0, 1300.0))
    assert row.longest_accepted == 1 << 20 and row.amplification == pytest.approx(2600)
    assert not row.at_least and row.params == {"iterations": 1000}
    refused = _points(0.5, 0.5)
    refused[1] = LengthPoint(length=1024, status="refuses", detail="invalid_input: too long")
    row = lp.summary("x/y", "bcrypt", "hash", refused)
    assert row.longest_accepted == 64 and row.amplification == 1.0
    capped = _points(1.0, 20.0, 1300.0) + [
        LengthPoint(length=1 << 20, status="skipped", detail="not tried")
    ]
    row = lp.summary("x/y", "sha512crypt", "hash", capped)
    assert row.longest_accepted == 65536 and row.amplification == 1300 and row.at_least


def test_a_length_predicted_past_the_cap_is_not_tried(monkeypatch):
    """1 ms per KiB: 64 KiB takes 64 ms, so 1 MiB is predicted at about 1 s, past a cap of
    0.5 s, and is not sent; a request that goes past the cap stops the ladder too."""
    sent: list[int] = []

    def fake_point(s, impl, alg, op, length, predicted):
        sent.append(length)
        return LengthPoint(length=length, status="ok", median_ns=length / 1024 * MS, samples=1)

    monkeypatch.setattr(lp, "_point", fake_point)
    monkeypatch.setattr(lp, "CAP_S", 0.5)
    points = lp._ladder(None, "x/y", "pbkdf2-sha256", "derive", lp.LENGTHS)  # type: ignore[arg-type]
    assert sent == [64, 1024, 65536]
    assert points[-1].status == "skipped" and "over the cap" in points[-1].detail
    assert lp.summary("x/y", "pbkdf2-sha256", "derive", points).at_least
    sent.clear()  # verify goes from 64 B to 1 MiB: predicted by the hash's time there
    points = lp._ladder(None, "x/y", "argon2id", "verify", (64, 1 << 20), {1 << 20: 0.01})  # type: ignore[arg-type]
    assert sent == [64, 1 << 20] and [p.status for p in points] == ["ok", "ok"]

    def over_cap(s, impl, alg, op, length, predicted):
        sent.append(length)
        status = "over_cap" if length > 64 else "ok"
        return LengthPoint(length=length, status=status, median_ns=MS if length == 64 else None)

    sent.clear()
    monkeypatch.setattr(lp, "_point", over_cap)
    points = lp._ladder(None, "x/y", "bcrypt", "hash", lp.LENGTHS)  # type: ignore[arg-type]
    assert sent == [64, 1024]
    assert [p.status for p in points] == ["ok", "over_cap", "skipped", "skipped"]


def _fidelity(*rows: LongPassword) -> FidelityFile:
    """A fidelity file holding these long-password rows alone."""
    return FidelityFile(
        started="2026-12-01T00:00:00+00:00",
        environment=Environment(cpu="x", cores=2, os="Linux", load_start=[]),
        ran=sorted({r.impl for r in rows}),
        long_passwords=list(rows),
    )


def test_records_survive_the_results_file_and_their_values_are_checked(tmp_path):
    row = lp.summary("x/y", "pbkdf2-sha256", "derive", _points(0.5, 0.6, 80.0, 1300.0))
    path = tmp_path / "f.json"
    write_atomic(path, _fidelity(row))
    loaded = load_any(path)
    assert isinstance(loaded, FidelityFile) and loaded.long_passwords == [row]
    for change, said in (
        (lambda r: setattr(r.points[2], "median_ns", -5.0), "points[2].median_ns = -5: a time"),
        (lambda r: setattr(r.points[3], "median_ns", None), "points[3].median_ns = None"),
        (lambda r: setattr(r, "longest_accepted", 64), "longest_accepted = 64: the longest"),
        (lambda r: setattr(r.points[1], "length", 64), "points[1].length = 64: a length"),
        (lambda r: setattr(r, "params", {"iterations": 0}), "params.iterations = 0"),
    ):
        bad = lp.summary("x/y", "pbkdf2-sha256", "derive", _points(0.5, 0.6, 80.0, 1300.0))
        change(bad)
        write_atomic(path, _fidelity(bad))
        with pytest.raises(UsageError, match=r"\$\.long_passwords\[0\]\.") as refused:
            load_any(path)
        assert said in str(refused.value)


# -- the cards and pick ---------------------------------------------------------------


def test_over_ten_times_is_a_divergence_of_its_own_class_with_the_cap():
    costly = lp.summary("a/naive", "pbkdf2-sha256", "derive", _points(0.5, 0.9, 80.0, 1300.0))
    flat = lp.summary("b/right", "pbkdf2-sha256", "derive", _points(0.5, 0.5, 0.6, 4.0))
    found = divergences.by_impl(_fidelity(costly, flat), ())
    (line,) = found["a/naive"]
    assert line.check == divergences.LONG and line.algorithms == ["pbkdf2-sha256"]
    assert line.level == severity.COSTLY_LONG_LEVEL and line.severity == severity.COSTLY_LONG
    assert line.text == "a 1 MiB password costs 2,600× a 64-byte one: cap passwords at 1 KiB"
    assert "1048576 B 1.3e+03 ms" in line.why
    assert found["b/right"] == []  # 8×: under 10×
    assert divergences.cap_to_apply(costly) == 1024


def _card(impl: str, lines: list[Divergence]) -> Card:
    return Card(impl=impl, name=impl, runner="x", runtime="X", available=True,
                algorithms=["pbkdf2-sha256"], fidelity=lines)  # fmt: skip


def test_pick_gives_the_long_password_as_a_reason():
    costly = lp.summary("a/naive", "pbkdf2-sha256", "derive", _points(0.5, 0.9, 80.0, 1300.0))
    (line,) = divergences.by_impl(_fidelity(costly), ())["a/naive"]
    worse = Divergence(severity=4, level="x", text="silently truncates a password",
                       algorithms=["pbkdf2-sha256"], check="length", subject="s",
                       behaviour="truncates")  # fmt: skip
    alone, both = _card("a/naive", [line]), _card("c/both", [worse, line])
    ranked = rank.rank([alone, both], "pbkdf2-sha256", rank.rule(rule_out_at=5))
    reasons = {c.impl: c.reason for c in ranked}
    assert "worst divergence: a 1 MiB password costs 2,600×" in reasons["a/naive"]
    assert "silently truncates a password; a 1 MiB password costs 2,600×" in reasons["c/both"]
    assert not any(c.ruled_out for c in ranked)  # the application can cap the length


def test_the_doc_section_lists_the_costly_worst_first_and_those_that_refuse_or_truncate():
    spec = importlib.util.spec_from_file_location("fidelity_doc", SCRIPTS / "fidelity_doc.py")
    assert spec and spec.loader
    doc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc)
    costly = lp.summary("a/naive", "pbkdf2-sha256", "derive", _points(0.5, 0.9, 80.0, 1300.0))
    capped = lp.summary("d/capped", "pbkdf2-sha256", "derive", _points(0.5, 9.0, 900.0, None))
    refused = _points(1.0, 1.0)
    refused[1] = LengthPoint(length=1024, status="refuses", detail="invalid_input: too long")
    refuses = lp.summary("c/strict", "bcrypt", "hash", refused)
    truncates = lp.summary("b/cuts", "bcrypt", "hash", _points(1.0, 1.0, 1.0, 1.0))
    text = doc.long_section(_fidelity(costly, capped, refuses, truncates))
    rows = [line for line in text.splitlines() if line.startswith("| ") and "/" in line]
    assert [r.split(" | ")[0] for r in rows] == ["| a/naive", "| d/capped"]  # worst first
    assert "| 1 MiB | 2,600× | 1 KiB |" in rows[0]
    assert "| 64 KiB | ≥1,800× | 64 B |" in rows[1] and "| skipped |" in rows[1]
    assert "- **bcrypt** from 1 KiB: c/strict (refuses)" in text
    assert "reads 72): b/cuts." in text
    at_once = [LengthPoint(length=64, status="refuses", detail="unsupported: its parameters")]
    params = lp.summary("e/params", "scrypt", "hash", at_once)
    text = doc.long_section(_fidelity(costly, params))
    assert "scrypt** from" not in text and "length limit): e/params scrypt hash." in text


# -- real libraries -------------------------------------------------------------------


@pytest.fixture(scope="module")
def c_session():
    wanted = [m for m in MANIFESTS if m.name == "c" and not runner_unavailable(m)]
    if not wanted:
        pytest.skip("needs the c runner")
    with RunnerPool(wanted) as pool:
        pool.start()
        yield Session(pool, "^c/(libxcrypt|openssl)$")


def test_libxcrypt_refuses_from_512_bytes_and_openssl_hashes_a_long_key_once(c_session):
    bcrypt = lp.probe(c_session, "c/libxcrypt", "bcrypt")
    assert [r.op for r in bcrypt] == ["hash", "verify"]
    hashed = bcrypt[0]
    assert [p.length for p in hashed.points] == list(lp.LENGTHS)
    assert hashed.points[0].status == "ok" and hashed.points[1].status == "refuses"
    assert hashed.longest_accepted == 64 and hashed.amplification == 1.0
    assert [p.length for p in bcrypt[1].points] == [64]
    (derived,) = lp.probe(c_session, "c/openssl", "pbkdf2-sha256")
    assert derived.op == "derive" and [p.status for p in derived.points] == ["ok"] * 4
    assert derived.longest_accepted == 1 << 20 and derived.amplification is not None


def test_a_request_past_the_cap_is_recorded_so(c_session, monkeypatch):
    # PBKDF2 of 20 million iterations takes seconds on any CPU here: far past a 0.2 s cap
    monkeypatch.setattr(lp, "PARAMS", {**lp.PARAMS, "pbkdf2-sha256": {"iterations": 20_000_000}})
    monkeypatch.setattr(lp, "CAP_S", 0.2)
    (row,) = lp.probe(c_session, "c/openssl", "pbkdf2-sha256")
    assert [p.status for p in row.points] == ["over_cap", "skipped", "skipped", "skipped"]
    assert row.amplification is None and row.longest_accepted is None
