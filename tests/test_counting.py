"""Counted runs on the real C and Rust runners under the real Valgrind: two counts agree,
more ops and more work count more, a JIT runner is refused with its reason. Values and
behaviour only, never a timing."""

from __future__ import annotations

import io
import shutil

import pytest
from conftest import FAST, FAST_SKIP, hashbench, skip_without_runner
from rich.console import Console

from hashbench.commands.run import ConsoleShow, exit_code
from hashbench.engine import run_life
from hashbench.engine import suite as suites
from hashbench.engine.count.counted_run import CountedRun
from hashbench.engine.count.counter import Counter
from hashbench.engine.count.per_op import TOLERANCE, per_op
from hashbench.engine.run_settings import RunSettings
from hashbench.engine.schedule import Options
from hashbench.engine.selection import Selection
from hashbench.model.counts import ir_spread
from hashbench.report import terminal
from hashbench.results.files import load
from hashbench.runner.manifest import load_all
from hashbench.runner.protocol import Request

MANIFESTS = {m.name: m for m in load_all()}
pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")


def _built(name: str) -> pytest.MarkDecorator:
    if FAST:
        return pytest.mark.skip(reason=FAST_SKIP)
    m = MANIFESTS.get(name)
    return pytest.mark.skipif(m is None or not m.is_built(), reason=f"runner {name} not built")


def _digest(impl: str) -> Request:
    return Request(
        cmd="bench", impl=impl, op="digest", alg="sha256", input_size=1024, mode="oneshot"
    )


def _pbkdf2(impl: str, iterations: int) -> Request:
    return Request(
        cmd="bench",
        impl=impl,
        op="derive",
        alg="pbkdf2-sha256",
        params={"iterations": iterations},
        password=b"password".hex(),
        salt=b"saltsalt".hex(),
        length=32,
    )


def _pairs(runner: str, request: Request, low: int, high: int, pairs: int = 2):
    counter = Counter(cache_sim=False)
    processes = []
    for _ in range(pairs):
        for ops in (low, high):
            counted, reply = counter.count(MANIFESTS[runner], request, ops)
            assert reply.iters == ops
            processes.append(counted)
    return processes


@pytest.mark.parametrize(
    "runner,impl",
    [
        pytest.param("c", "c/openssl", marks=_built("c")),
        pytest.param("rust", "rust/sha2", marks=_built("rust")),
    ],
)
def test_two_counts_agree_and_more_ops_count_more(runner, impl):
    processes = _pairs(runner, _digest(impl), 1, 2049)  # as op_counts picks for it
    low, high = processes[0].totals["Ir"], processes[1].totals["Ir"]
    assert high > low + 2048 * 10_000  # sha256 of 1 KiB is tens of thousands of instructions
    spread = ir_spread(processes)
    assert spread is not None and spread <= TOLERANCE
    counts = per_op(list(zip(processes[::2], processes[1::2], strict=True)))
    assert 10_000 < counts.ir < 200_000
    assert counts.cycles is None  # no cache simulation asked


@pytest.mark.parametrize(
    "runner,impl",
    [
        pytest.param("c", "c/openssl", marks=_built("c")),
        pytest.param("rust", "rust/pbkdf2", marks=_built("rust")),
    ],
)
def test_ten_percent_more_iterations_count_ten_percent_more(runner, impl):
    def per_op_ir(iterations: int) -> float:
        processes = _pairs(runner, _pbkdf2(impl, iterations), 1, 3, pairs=1)
        return per_op([(processes[0], processes[1])]).ir

    ratio = per_op_ir(1100) / per_op_ir(1000)
    # the iterations are nearly all of the op: 10% more of them is 10% more work, within
    # the op's fixed part (key set-up, the output)
    assert 1.09 < ratio < 1.101


@_built("c")
def test_cycles_come_with_the_cache_simulation():
    counter = Counter(cache_sim=True)
    request = _pbkdf2("c/openssl", 1000)
    low, _ = counter.count(MANIFESTS["c"], request, 1)
    high, _ = counter.count(MANIFESTS["c"], request, 3)
    counts = per_op([(low, high)])
    assert counts.dr is not None and counts.dr > 0
    assert counts.cycles is not None and counts.cycles >= counts.ir  # misses only add


def _count(tmp_path, measure: str, **selection: list[str]):
    out = tmp_path / "counted.json"
    console = Console(file=io.StringIO(), width=200)
    options = Options(selection=Selection(**selection))
    settings = RunSettings(suite=suites.load("quick"), options=options, measure=measure,
                           out=out, jobs=1)  # fmt: skip
    settings.check()
    finished = run_life.run(settings, CountedRun(settings), ConsoleShow(console))
    terminal.render(finished.run, console)
    code = exit_code(finished.run)
    return code, load(out), console.file.getvalue()  # type: ignore[attr-defined]


@_built("c")
def test_a_counted_run_writes_its_measure_and_the_cpu_valgrind_showed(tmp_path):
    code, run, text = _count(
        tmp_path, "instructions", impl=["c/openssl"], alg=["sha256"], mode=["oneshot"]
    )
    assert code == 0 and run.measure == "instructions"
    assert run.counting is not None and run.counting.valgrind.startswith("valgrind-")
    assert "avx512f" not in run.counting.cpu_valgrind  # Valgrind 3.19 executes no AVX-512
    (case,) = [c for c in run.cases if c.counted_ok]
    assert case.counts is not None and case.stats is None
    assert len(case.counted) == 4 and [p.ops for p in case.counted][:2] == [1, 1 + case.iters]
    assert "instr/op" in text and "Valgrind's CPU" in text


@_built("node")
@pytest.mark.skipif(shutil.which("node") is None, reason="node runner not available")
def test_a_jit_runner_is_refused_with_its_reason(tmp_path):
    code, run, text = _count(tmp_path, "instructions", impl=["node/node-crypto"], alg=["sha256"])
    (case, *_) = [c for c in run.cases if c.impl == "node/node-crypto"]
    assert code == 0
    assert case.status == "not_applicable" and "JIT" in case.reason
    assert run.counting is not None and "node" in run.counting.refused
    assert "not counted" in text


def _nothing_to_count(tmp_path, *args: str) -> str:
    run = hashbench("run", "--measure", "instructions", *args, "--no-store",
                    "--out", str(tmp_path / "none.json"))  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert "nothing to run in suite adhoc (instructions): " in run.stderr
    return run.stderr


def test_nothing_to_count_names_the_op_a_library_offers_instead(tmp_path):
    """As much as a timed run says (test_plan.py): the selection and the op to ask for."""
    skip_without_runner("c")
    text = _nothing_to_count(
        tmp_path, "--alg", "pbkdf2-sha256", "--impl", "c/openssl", "--op", "hash"
    )
    assert "--impl c/openssl --alg pbkdf2-sha256" in text
    assert "c/openssl offers pbkdf2-sha256 as derive only (add --op derive)" in text


def test_nothing_to_count_names_the_filter_that_matched_nothing(tmp_path):
    text = _nothing_to_count(tmp_path, "--alg", "argon2id", "--filter-regex", "matches-no-case")
    assert "selection --alg argon2id --filter-regex 'matches-no-case'" in text
    assert "no runner started" in text


def test_nothing_to_count_names_a_refused_runner_and_why(tmp_path):
    """Asked for the wrong op of a runner that is refused anyway: both are said at once,
    so the user does not add --op only to be refused next."""
    skip_without_runner("node")
    text = _nothing_to_count(
        tmp_path, "--alg", "pbkdf2-sha256", "--impl", "node/node-crypto", "--op", "hash"
    )
    assert "node/node-crypto offers pbkdf2-sha256 as derive only (add --op derive)" in text
    assert "runner node is not counted (node/node-crypto): V8's JIT" in text
    assert "time it without --measure" in text


def test_an_event_no_op_causes_counts_zero_not_below():
    """Two processes' last-level misses differ by a few either way when the op causes none
    (measured: −0.6 and −4 per op in docs/benchmarks/instructions.md before this)."""
    from hashbench.model.counts import CountedProcess

    low = CountedProcess(ops=1, totals={"Ir": 1_000, "DLmr": 120})
    high = CountedProcess(ops=3, totals={"Ir": 1_200, "DLmr": 116})
    counts = per_op([(low, high)])
    assert counts.ir == 100 and counts.dlmr == 0
