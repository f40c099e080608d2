"""Library cards and `hashbench pick` from real results: a run of bcrypt at cost 4 over
the Python libraries and libxcrypt, and a fidelity run of three of them, both made here by
the real runners (a few seconds); the cards, the ranking, the reasons, what is not
measured, and each output format are checked against those files."""

from __future__ import annotations

import copy
import html
import html.parser
import json
import os
from pathlib import Path

import msgspec
import pytest
from conftest import hashbench, skip_without_runner
from rich.console import Console

from hashbench.cards import build, inputs, rank, reference
from hashbench.cards.choose import choose, resolve_runtime
from hashbench.errors import UsageError
from hashbench.model.card import Pick, Weights
from hashbench.model.fidelity import FidelityFile
from hashbench.report import pick_terminal
from hashbench.report.export.pick_formats import FORMATS
from hashbench.results.files import load

FIDELITY_IMPLS = "^(python/(bcrypt|libpass)|c/libxcrypt)$"
PARAMS = {"cost": 4}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    skip_without_runner("python")
    skip_without_runner("c")
    folder = tmp_path_factory.mktemp("pick")
    run, fidelity = folder / "run.json", folder / "fidelity.json"
    made = hashbench("run", "--alg", "bcrypt", "--params", "cost=4", "--op", "hash",
                     "--impl", "python/*,c/libxcrypt", "--budget", "0.05", "--no-store",
                     "--out", str(run))  # fmt: skip
    assert made.returncode == 0, made.stderr
    made = hashbench("fidelity", "--runner", "python", "--runner", "c", "--filter-regex",
                     FIDELITY_IMPLS, "--no-store", "--out", str(fidelity))  # fmt: skip
    assert fidelity.exists(), made.stderr
    return run, fidelity


def _fidelity(files: tuple[Path, Path]) -> dict:
    return json.loads(files[1].read_text())


def _pick(files, alg="bcrypt", runtime="python", rule=None, fidelity=None, params=PARAMS):
    data = inputs.from_files([files[0]], [])
    given = fidelity if fidelity is not None else _fidelity(files)
    data.fidelity = [(msgspec.convert(given, FidelityFile), "fidelity")]
    where = resolve_runtime(runtime) if runtime else None
    return choose(data, alg, where, rule or rank.rule(), params)


def _by_impl(pick: Pick) -> dict:
    return {c.impl: c for c in pick.candidates}


# -- cards ----------------------------------------------------------------------------
def test_a_card_s_speed_is_its_ratio_to_the_fastest_with_intervals(files):
    run = load(files[0])
    valid = [c for c in run.cases if c.valid]
    fastest = min(valid, key=lambda c: c.measured.median)
    python = min(
        (c for c in valid if c.impl.startswith("python/")), key=lambda c: c.measured.median
    )
    data = inputs.from_files([files[0]], [files[1]])
    refs = reference.references(["bcrypt"], [r for r, _ in data.records], PARAMS)
    cards = {c.impl: c for c in build.build(data, refs, lambda row: row.impl.startswith("python/"))}
    for case in valid:
        if not case.impl.startswith("python/"):
            continue
        speed = next(s for s in cards[case.impl].speed if s.alg == "bcrypt")
        assert speed.median_ns == case.measured.median
        assert speed.vs_all is not None and speed.vs_all.to == fastest.impl
        assert speed.vs_all.ratio == pytest.approx(case.measured.median / fastest.measured.median)
        assert speed.vs_all.low <= speed.vs_all.ratio <= speed.vs_all.high
        assert speed.vs_runtime is not None and speed.vs_runtime.to == python.impl
        lo, hi = case.measured.median_ci
        overlap = lo <= python.measured.median_ci[1] and python.measured.median_ci[0] <= hi
        assert speed.vs_runtime.indistinguishable == overlap
        assert cards[case.impl].version == case.version


def test_a_card_lists_its_divergences_worst_first_with_the_known_why(files):
    data = inputs.from_files([files[0]], [files[1]])
    cards = {c.impl: c for c in build.build(data, {}, lambda row: row.impl == "python/bcrypt")}
    lines = cards["python/bcrypt"].fidelity
    assert lines is not None and lines
    assert [d.severity for d in lines] == sorted((d.severity for d in lines), reverse=True)
    refusal = next(d for d in lines if d.text.startswith("refuses a password of 73"))
    assert refusal.severity == 3 and refusal.known
    assert "72 bytes" in refusal.why  # the known-divergences file's sentence
    assert cards["python/bcrypt"].ease is not None and cards["python/bcrypt"].ease.observed


def test_what_a_library_shares_with_the_reference_is_on_its_card(files):
    """libxcrypt matches the reference: it reads 72 bytes of a bcrypt password and stops
    at a NUL; its card says so, and pick rules it out for the cut at the NUL."""
    data = inputs.from_files([files[0]], [files[1]])
    card = build.build(data, {}, lambda row: row.impl == "c/libxcrypt")[0]
    inherent = [d for d in card.fidelity or [] if d.inherent]
    texts = {d.text.split(" (")[0] for d in inherent}
    assert "accepts a password truncated at 72 bytes" in texts
    assert "accepts a password cut at its first NUL byte" in texts
    pick = _pick(files, runtime="c")
    out = _by_impl(pick)["c/libxcrypt"]
    assert out.ruled_out and out.reason.startswith("accepts a password cut at its first NUL byte")


def test_what_was_not_measured_names_the_command_that_measures_it(files):
    pick = _pick(files, alg="argon2id", params=None)
    cffi = _by_impl(pick)["python/argon2-cffi"]
    commands = {m.piece: m.command for m in cffi.card.missing}
    assert commands["speed"] == (
        "hashbench run --alg argon2id --params m=19456,t=2,p=1,version=19 --op hash "
        "--impl 'python/argon2-cffi'"
    )  # the quick suite's group: OWASP's minimum
    assert commands["fidelity"] == "hashbench fidelity --runner python"
    assert cffi.score is None and set(cffi.unmeasured) >= {"speed", "fidelity"}
    assert commands["speed"] in cffi.reason
    assert pick.top.startswith("no choice for argon2id in Python yet")


# -- ranking and reasons --------------------------------------------------------------
def test_ranked_by_the_stated_score_then_the_ruled_out(files):
    pick = _pick(files)
    w = pick.rule.weights
    ranked = [c for c in pick.candidates if not c.ruled_out]
    assert [c.rank for c in ranked] == list(range(1, len(ranked) + 1))
    assert pick.candidates[len(ranked) :] == [c for c in pick.candidates if c.ruled_out]
    measured = [c for c in ranked if c.score is not None]
    assert {c.impl for c in measured} == {"python/bcrypt", "python/libpass"}
    for c in measured:
        weights = {"speed": w.speed, "fidelity": w.fidelity, "ease": w.ease}
        total = sum(weights[k] for k in c.parts)
        assert c.score == pytest.approx(sum(weights[k] * v for k, v in c.parts.items()) / total)
        worst = next(d for d in c.card.fidelity if "bcrypt" in d.algorithms)
        assert c.parts["fidelity"] == pytest.approx(1 - worst.severity / 5)
    assert [c.score for c in measured] == sorted((c.score for c in measured), reverse=True)
    assert pick.top.startswith(f"{ranked[0].impl}: the best score")
    assert "ruled out: not available here" in pick.rule.text
    assert _by_impl(pick)["python/passlib"].reason.startswith("not available here: passlib")


def _with_median(files, tmp_path: Path, medians: dict[str, tuple[float, float, float]]) -> Path:
    """The run file with these implementations' medians and intervals set."""
    run = load(files[0])
    for case in run.cases:
        if case.impl in medians and case.stats is not None:
            median, low, high = medians[case.impl]
            f, st = median / case.stats.median, case.stats  # every figure moved alike
            case.samples_ns = [round(x * f) for x in case.samples_ns]
            per_op = [x / (case.iters or 1) for x in case.samples_ns]
            lo, hi = min(per_op), max(per_op)  # of the rounded samples: the tails kept within
            case.stats = msgspec.structs.replace(
                st,
                **{k: min(max(getattr(st, k) * f, lo), hi) for k in ("mean", "p75", "p99", "p995")},
                std=st.std * f,
                mean_ci=(st.mean_ci[0] * f, st.mean_ci[1] * f),
                median=median,
                median_ci=(low, high),
                min=lo,
                max=hi,
                ops_per_s=st.ops_per_s / f,
            )
            case.process_medians_ns = [x * f for x in case.process_medians_ns]
    out = tmp_path / "run.json"
    out.write_bytes(msgspec.json.encode(run))
    return out


def test_neighbours_within_noise_of_each_other_are_a_close_call(files, tmp_path):
    """Ranked by speed alone, two libraries whose intervals overlap are a close call
    ordered by the median; apart, they are not."""
    speed_only = rank.rule(Weights(speed=1.0, fidelity=0.0, ease=0.0))
    for medians, close in (
        ({"python/bcrypt": (1000, 950, 1050), "python/libpass": (1010, 960, 1060)}, True),
        ({"python/bcrypt": (1000, 990, 1010), "python/libpass": (1250, 1200, 1300)}, False),
    ):
        run = _with_median(files, tmp_path, medians)
        pick = _pick((run, files[1]), rule=speed_only)
        second = _by_impl(pick)["python/libpass"]
        assert (second.close_to == "python/bcrypt") is close, second
        assert second.reason.startswith("a close call with python/bcrypt") is close
        assert ("a close call with python/libpass" in pick.top) is close


def test_weights_change_the_order_and_say_so(files):
    """Only speed counts: the faster library first; only fidelity: the one with the
    milder worst divergence first (planted: libpass's all removed)."""
    data = _fidelity(files)
    data["lengths"] = [b for b in data["lengths"] if b["impl"] != "python/libpass"]
    data["probes"] = [b for b in data["probes"] if b["impl"] != "python/libpass"]
    data["interop"] = []
    data["cross"] = []
    fast = rank.rule(Weights(speed=1, fidelity=0, ease=0))
    by_speed = [c.impl for c in _pick(files, rule=fast, fidelity=data).candidates if c.score]
    medians = {c.impl: c.measured.median for c in load(files[0]).cases if c.valid}
    assert by_speed == sorted(by_speed, key=medians.__getitem__)
    clean = rank.rule(Weights(speed=0, fidelity=1, ease=0))
    pick = _pick(files, rule=clean, fidelity=data)
    assert [c.impl for c in pick.candidates][:1] == ["python/libpass"]
    assert _by_impl(pick)["python/libpass"].parts["fidelity"] == 1.0
    assert "(0×speed + 1×fidelity + 0×ease) / 1" in pick.rule.text


def test_a_planted_truncation_rules_the_library_out_with_that_reason(files):
    data = copy.deepcopy(_fidelity(files))
    data["lengths"].append({
        "probe": "len.bcrypt.password.hash.73", "impl": "python/bcrypt", "behaviour": "truncates",
        "detail": "at 72 bytes: the reference verifies its string with those bytes",
        "expected": "matches", "diverges": True,
    })  # fmt: skip
    pick = _pick(files, fidelity=data)
    out = _by_impl(pick)["python/bcrypt"]
    assert out.ruled_out and out.rank is None
    assert out.reason == "silently truncates a password of 73 bytes (hash)"
    assert pick.candidates[0].impl == "python/libpass"
    # a stricter rule rules out refusals too; a laxer one keeps the truncation
    strict = _pick(files, rule=rank.rule(rule_out_at=3), fidelity=data)
    assert all(c.ruled_out for c in strict.candidates)
    assert strict.top == "no choice for bcrypt in Python: every candidate is ruled out"
    lax = _pick(files, rule=rank.rule(rule_out_at=5), fidelity=data)
    assert not _by_impl(lax)["python/bcrypt"].ruled_out


def test_weaker_defaults_rule_out_unless_allowed(files):
    data = copy.deepcopy(_fidelity(files))
    for row in data["defaults"]:
        if row["impl"] == "python/libpass" and row["alg"] == "bcrypt":
            row["params"] = {"cost": 5}
    out = _by_impl(_pick(files, fidelity=data))["python/libpass"]
    assert out.ruled_out and out.reason.startswith("weaker defaults (cost=5): weaker than OWASP")
    allowed = _pick(files, rule=rank.rule(weak_defaults_rule_out=False), fidelity=data)
    assert not _by_impl(allowed)["python/libpass"].ruled_out


def test_an_unknown_runtime_is_refused_with_the_known_ones():
    with pytest.raises(UsageError, match="unknown runtime 'cobol'; known: bun, c, "):
        resolve_runtime("cobol")
    assert resolve_runtime("rust-native") == resolve_runtime("rust") == "Rust"


# -- output formats -------------------------------------------------------------------
def test_each_format_carries_the_ranking(files):
    pick = _pick(files)
    ranked = [c for c in pick.candidates if c.rank]
    md = FORMATS["md"]([pick])
    assert md.index(f"`{ranked[0].impl}`") < md.index(f"`{ranked[1].impl}`")
    assert f"**Top choice:** {pick.top}" in md and pick.rule.text in md
    again = msgspec.json.decode(FORMATS["json"]([pick]), type=list[Pick])
    assert again == [pick]
    page = FORMATS["html"]([pick])
    assert "<script" not in page and "<table>" in page and html.escape(pick.rule.text) in page
    parser = html.parser.HTMLParser()
    parser.feed(page)  # well-formed enough to parse
    console = Console(record=True, width=80)
    pick_terminal.render(pick, console)
    text = console.export_text()
    for c in pick.candidates:  # never a cut id, even at 80 columns
        assert c.impl in text
    assert "top choice:" in text and "ruled out (1)" in text


def test_the_command_reads_files_or_the_store(files, tmp_path):
    args = ["pick", "--runtime", "python", "--alg", "bcrypt", "--params", "cost=4"]
    given = hashbench(*args, "--results", str(files[0]), "--fidelity", str(files[1]),
                      "--format", "json")  # fmt: skip
    assert given.returncode == 0, given.stderr
    from_files = json.loads(given.stdout)
    store = tmp_path / "history.sqlite"
    for path in files:
        kept = hashbench("history", "import", str(path), "--store", str(store))
        assert kept.returncode == 0, kept.stderr
    stored = hashbench(*args, "--store", str(store), "--format", "json")
    assert stored.returncode == 0, stored.stderr
    from_store = json.loads(stored.stdout)
    order = [[c["impl"] for c in p["candidates"]] for p in (from_files[0], from_store[0])]
    assert order[0] == order[1]
    assert from_store[0]["sources"][0].startswith("run ")
    empty = hashbench(*args, "--store", str(tmp_path / "empty.sqlite"))
    assert empty.returncode == 0 and "no choice for bcrypt in Python yet" in empty.stdout


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--params", "cost=4"], "--params needs --alg"),
        (["--alg", "bcrypt", "--weights", "speed=fast"], "--weights: 'speed=fast'"),
        (["--alg", "bcrypt", "--weights", "speed=0,fidelity=0,ease=0"], "at least one weight"),
        (["--alg", "bcrypt", "--format", "pdf"], "unknown format 'pdf'"),
        (["--alg", "nope"], "nope"),
    ],
)
def test_bad_usage_exits_2(extra, message, tmp_path):
    env_store = ["--store", str(tmp_path / "s.sqlite")]
    done = hashbench("pick", *extra, *env_store)
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr


def test_without_an_algorithm_every_password_hash_of_the_runtime(files, tmp_path):
    done = hashbench("pick", "--runtime", "python", "--results", str(files[0]), "--fidelity",
                     str(files[1]), "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    algs = [p["alg"] for p in json.loads(done.stdout)]
    assert algs[0] == "argon2id" and "bcrypt" in algs and "scrypt" in algs
    assert os.environ.get("HASHBENCH_STORE")  # the tests' own store, never the user's


# -- hashbench card -------------------------------------------------------------------
def test_card_shows_each_piece_and_what_fills_the_rest(files):
    done = hashbench("card", "python/bcrypt", "c/libx*", "--results", str(files[0]),
                     "--fidelity", str(files[1]), "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    cards = {c["impl"]: c for c in json.loads(done.stdout)}
    assert list(cards) == ["python/bcrypt", "c/libxcrypt"]  # in the order asked
    card = cards["python/bcrypt"]
    # the run measured cost 4; a card's reference is the quick suite's cost 10
    assert card["speed"] == []
    assert {"piece": "speed", "what": "bcrypt cost=10 hash",
            "command": "hashbench run --alg bcrypt --params cost=10 --op hash "
                       "--impl 'python/bcrypt'"} in card["missing"]  # fmt: skip
    assert card["fidelity"] and card["ease"]["observed"] and card["version"] == "5.0.0"
    assert card["defaults"][0]["alg"] == "bcrypt" and card["defaults"][0]["params"]
    libxcrypt = cards["c/libxcrypt"]["fidelity"]
    assert [d["severity"] for d in libxcrypt][:1] == [5]
    md = hashbench("card", "python/bcrypt", "--results", str(files[0]), "--fidelity",
                   str(files[1]), "--format", "md")  # fmt: skip
    assert md.returncode == 0 and "## `python/bcrypt`" in md.stdout
    assert "**divergences, worst first" in md.stdout
    text = hashbench("card", "python/bcrypt", "--results", str(files[0]), "--fidelity",
                     str(files[1]))  # fmt: skip
    assert text.returncode == 0 and "not measured on this machine" in text.stdout
    nothing = hashbench("card", "cobol/*", "--results", str(files[0]), "--fidelity", str(files[1]))
    assert nothing.returncode == 2 and "no implementation matches cobol/*" in nothing.stderr


def test_a_narrow_terminal_drops_columns_never_an_id(files):
    pick = _pick(files)
    for width in (40, 60, 100, 200):
        console = Console(record=True, width=width)
        pick_terminal.render(pick, console)
        text = console.export_text()
        for c in pick.candidates:
            assert c.impl in text, (width, c.impl)
    rows = [c.impl for c in pick.candidates if not c.ruled_out]
    narrow = Console(record=True, width=60)
    pick_terminal.render(pick, narrow)
    assert "(too narrow for: backend, version" in narrow.export_text()
    wide = Console(record=True, width=250)
    pick_terminal.render(pick, wide)
    assert "too narrow" not in wide.export_text() and rows
    piped = Console(record=True, width=100)  # the median stays before a divergence's words
    pick_terminal.render(pick, piped)
    header = next(line for line in piped.export_text().splitlines() if line.startswith("#"))
    assert "median" in header and "n/a: the runner does not expos" not in piped.export_text()


def test_each_library_from_the_newest_fidelity_run_that_ran_it(files, tmp_path):
    """A newer fidelity run of python/bcrypt alone decides python/bcrypt's card; the
    older one, which also ran libxcrypt, still decides libxcrypt's."""
    newer = copy.deepcopy(_fidelity(files))
    newer["started"] = "2999-01-01T00:00:00+00:00"
    newer["ran"] = ["python/bcrypt"]
    newer["lengths"].append({
        "probe": "len.bcrypt.password.hash.73", "impl": "python/bcrypt", "behaviour": "wraps",
        "detail": "planted", "expected": "matches", "diverges": True,
    })  # fmt: skip
    path = tmp_path / "newer-fidelity.json"
    path.write_text(json.dumps(newer))
    store = tmp_path / "history.sqlite"
    for each in (files[0], files[1], path):
        kept = hashbench("history", "import", str(each), "--store", str(store))
        assert kept.returncode == 0, kept.stderr
    done = hashbench("pick", "--alg", "bcrypt", "--params", "cost=4", "--store", str(store),
                     "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    candidates = {c["impl"]: c for c in json.loads(done.stdout)[0]["candidates"]}
    bcrypt, libxcrypt = candidates["python/bcrypt"], candidates["c/libxcrypt"]
    assert bcrypt["reason"] == "wraps a long password of 73 bytes (hash)"
    assert bcrypt["card"]["fidelity_source"].startswith("fidelity run ")
    assert libxcrypt["reason"].startswith("accepts a password cut at its first NUL byte")
    assert libxcrypt["card"]["fidelity_source"] != bcrypt["card"]["fidelity_source"]


def test_a_string_the_reference_refuses_is_its_producers_divergence(files):
    """Planted: python/bcrypt's string refused by the reference and by c/libxcrypt alike.
    The producer's card carries it; the verifier that agrees with the reference does not
    (before, every verifier was charged with "does not verify python/bcrypt's strings")."""
    data = copy.deepcopy(_fidelity(files))
    matrix = next(m for m in data["interop"] if m["algorithm"] == "bcrypt")
    matrix["cells"]["python/bcrypt"]["reference"] = "rejects"
    matrix["cells"]["python/bcrypt"]["c/libxcrypt"] = "rejects"
    matrix["cells"]["python/libpass"]["c/libxcrypt"] = "error: planted"
    cards = {c.impl: c.card for c in _pick(files, runtime=None, fidelity=data).candidates}
    producer = [d.text for d in cards["python/bcrypt"].fidelity]
    assert "emits bcrypt strings the reference does not verify (rejects)" in producer
    verifier = [d.text for d in cards["c/libxcrypt"].fidelity]
    assert not any("python/bcrypt's" in t for t in verifier)
    assert "does not verify python/libpass's bcrypt strings (error)" in verifier


def test_pick_runs_the_fidelity_checks_its_measured_candidates_lack(files, tmp_path):
    """After `make bench` the store has speeds and no fidelity run: pick measures it
    (fill_fidelity), its report on stderr, and answers; --no-measure names the command."""
    store = tmp_path / "history.sqlite"
    kept = hashbench("history", "import", str(files[0]), "--store", str(store))
    assert kept.returncode == 0, kept.stderr
    args = [
        "pick",
        "--runtime",
        "c",
        "--alg",
        "bcrypt",
        "--params",
        "cost=4",
        "--store",
        str(store),
    ]
    told = hashbench(*args, "--no-measure")
    assert told.returncode == 0, told.stderr
    assert "no choice for bcrypt in C yet" in told.stdout and "measuring" not in told.stderr
    assert "hashbench fidelity --runner c" in told.stdout
    done = hashbench(*args, "--format", "json", timeout=900)
    assert done.returncode == 0, done.stderr
    assert "pick: measuring what the candidates lack first: hashbench fidelity --runner c" in (
        done.stderr
    )
    (pick,) = json.loads(done.stdout)  # stdout holds the answer alone
    libxcrypt = next(c for c in pick["candidates"] if c["impl"] == "c/libxcrypt")
    assert libxcrypt["card"]["fidelity_source"].startswith("fidelity run ")
    # measured now, and ruled out for what the fidelity run found
    assert libxcrypt["reason"].startswith("accepts a password cut at its first NUL byte")
    assert "lack measurements" not in pick["top"]
