"""The machine's move between two runs of a few cases: from the yardstick's readings with
their own spread, unknown without them, and never judged past what it can tell
(measure/machine_move.py, measure/verdict.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from factories import record

from hashbench.measure.compare import UNKNOWN_MACHINE, compare_pairs
from hashbench.measure.machine_move import TRANSFER, machine_move, readings, yardstick_move
from hashbench.measure.stats import summarize
from hashbench.measure.verdict import CountChange, outcome, verdict


def _case(impl: str, centre: float, seed: int, stick: list[float], processes: int = 3):
    rng = np.random.default_rng(seed)
    samples, owners = [], []
    for p in range(processes):
        own = centre * float(np.exp(rng.normal(0, 0.005)))
        samples += [int(v) for v in rng.normal(own, own * 0.01, 20)]
        owners += [p] * 20
    case = record(impl, samples_ns=samples, sample_processes=owners, processes=processes)
    case.stats = summarize(np.asarray(samples, dtype=float))
    case.yardstick_ns = list(stick)
    return case


def _readings(level: float, seed: int, n: int = 10) -> list[float]:
    rng = np.random.default_rng(100 + seed)
    return [float(v) for v in level * np.exp(rng.normal(0, 0.01, n))]


def _pairs(old_stick: list[float], new_stick: list[float], moves: tuple[float, ...]):
    return [
        (_case(f"x/{i}", 1000.0, i, old_stick), _case(f"x/{i}", 1000.0 * m, 10 + i, new_stick))
        for i, m in enumerate(moves)
    ]


def test_a_group_s_readings_count_once_however_many_cases_keep_them():
    stick = _readings(1000, 1)
    cases = [_case(f"x/{i}", 1000, i, stick) for i in range(3)]
    assert readings(cases) == stick


def test_the_yardstick_s_move_comes_with_its_standard_error():
    move = yardstick_move(
        [_case("x/a", 1000, 1, _readings(1000, 1))], [_case("x/a", 1000, 2, _readings(1200, 2))]
    )
    assert move is not None and math.exp(move.log) == pytest.approx(1.2, rel=0.02)
    assert 0 < move.se < 0.02 and move.readings == (10, 10)
    few = yardstick_move([_case("x/a", 1000, 1, [1000.0])], [_case("x/a", 1000, 2, [1200.0])])
    assert few is not None and few.se == math.inf


def test_a_small_run_takes_the_yardstick_s_move_out_with_its_uncertainty():
    """Two cases, the machine 30% slower and both cases with it: neither is slower; the
    move taken out is the yardstick's, its residue a quarter of it as one sd, so a 5%
    change cannot be told from it."""
    pairs = _pairs(_readings(1000, 1), _readings(1300, 2), (1.3, 1.3))
    d = [math.log(n.measured.median / o.measured.median) for o, n in pairs]
    move = machine_move(pairs, d)
    assert move.source == "the yardstick" and move.ratio == pytest.approx(1.3, rel=0.02)
    assert move.uncertainty == pytest.approx(TRANSFER * math.log(1.3), rel=0.1)
    changes, *_ = compare_pairs(pairs)
    assert [verdict(c, 0.05) for c in changes] == ["cannot tell", "cannot tell"]


def test_a_still_machine_lets_a_small_run_catch_a_real_change():
    pairs = _pairs(_readings(1000, 1), _readings(1000, 2), (1.0, 1.2))
    changes, move, *_ = compare_pairs(pairs)
    assert move.source == "the yardstick" and move.uncertainty < 0.01
    same, slower = (verdict(c, 0.05) for c in changes)
    assert same in ("~", "cannot tell") and slower == "slower"


def test_every_case_moved_alike_past_a_still_yardstick_is_the_machine_s_doing():
    """Three libraries of one group 15% slower alike while the yardstick held (a machine
    slower at bcrypt than at a digest, as on an Intel Xeon VM): what they share joins
    the machine's uncertainty and none is called. One of three slower is still caught:
    the others did not move with it."""
    alike = _pairs(_readings(1000, 1), _readings(1000, 2), (1.15, 1.16, 1.15))
    changes, move, *_ = compare_pairs(alike)
    assert move.source == "the yardstick" and move.uncertainty > 0.1
    assert [verdict(c, 0.05) for c in changes] == ["cannot tell"] * 3
    one = _pairs(_readings(1000, 1), _readings(1000, 2), (1.0, 1.15, 1.0))
    changes, move, *_ = compare_pairs(one)
    assert move.uncertainty < 0.01 and verdict(changes[1], 0.05) == "slower"


def test_without_readings_a_small_run_s_changes_are_unbounded():
    """One reading a side (files of runs that read the yardstick once a process): the
    machine's move is unknown, so a 20% slowdown is not called, and the reason is said."""
    pairs = _pairs([1000.0], [1400.0], (1.0, 1.2))
    changes, move, *_ = compare_pairs(pairs)
    assert not move.known and move.source == "none"
    assert all(c.why == UNKNOWN_MACHINE and verdict(c, 0.05) == "cannot tell" for c in changes)
    assert outcome([verdict(c, 0.05) for c in changes]).exit_code == 0


def test_one_process_a_side_and_no_history_cannot_tell():
    pairs = [
        (_case("x/a", 1000, 1, _readings(1000, 1), processes=1),
         _case("x/a", 1500, 2, _readings(1000, 2), processes=1))
    ]  # fmt: skip
    changes, *_ = compare_pairs(pairs)
    assert verdict(changes[0], 0.05) == "cannot tell" and "one runner process" in (
        changes[0].why or ""
    )
    held, *_ = compare_pairs(pairs, earlier={pairs[0][1].id: 0.02})
    assert verdict(held[0], 0.05) == "slower"


def test_a_verdict_is_the_same_only_when_its_interval_is_within_the_threshold():
    assert verdict(CountChange(1.001), 0.005) == "~"
    assert verdict(CountChange(1.01), 0.005) == "slower"
    assert verdict(CountChange(0.98), 0.005) == "faster"
    # counts that disagreed by 2% cannot tell a 0.3% change from a 0.5% one
    assert verdict(CountChange(1.003, spread=0.02), 0.005) == "cannot tell"


def test_an_outcome_fails_a_gate_only_on_a_regression():
    assert outcome(["~", "cannot tell"]).exit_code == 0
    assert outcome(["slower", "~"]).exit_code == 1
    assert outcome(["~"], run_regression=True).exit_code == 1
    assert outcome(["slower"], gate=False).exit_code == 0
