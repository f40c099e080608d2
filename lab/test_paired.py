"""A ratio from samples taken side by side (lab/paired.py): drift that moves both
cases of a round alike cancels; the interval comes from the processes."""

from __future__ import annotations

import numpy as np
import pytest
from paired import paired_ratio  # lab/, beside this one

from hashbench.measure.stats import summarize
from hashbench.model import CaseRecord


def _case(impl: str, per_round: dict[tuple[int, int], list[int]]) -> CaseRecord:
    samples, processes, rounds = [], [], []
    for (process, round_no), values in per_round.items():
        samples += values
        processes += [process] * len(values)
        rounds += [round_no] * len(values)
    return CaseRecord(
        group=0, group_title="t", impl=impl, runner=impl.split("/", 1)[0], alg="sha256",
        op="digest", params={}, mode="oneshot", status="ok", reason="", iters=1,
        samples_ns=samples, sample_processes=processes, sample_rounds=rounds, processes=2,
        stats=summarize(np.asarray(samples, dtype=float)),
    )  # fmt: skip


def test_drift_between_rounds_cancels_in_the_ratio() -> None:
    # the machine slows by 10% then 20% in later rounds; the case is always 1.5x the ref
    drift = {(0, 1): 1.0, (0, 2): 1.1, (1, 3): 1.2, (1, 4): 1.0}
    ref = _case("x/ref", {k: [round(1000 * d)] * 3 for k, d in drift.items()})
    case = _case("x/slow", {k: [round(1500 * d)] * 3 for k, d in drift.items()})
    ratio = paired_ratio(case, ref)
    assert ratio is not None and ratio.processes == 2 and ratio.pairs == 4
    assert ratio.ratio == pytest.approx(1.5, rel=1e-3)
    assert ratio.low == pytest.approx(1.5, rel=1e-3) and ratio.high == pytest.approx(1.5, rel=1e-3)


def test_round_zero_is_left_out_and_no_common_round_is_none() -> None:
    ref = _case("x/ref", {(0, 0): [1000] * 3})
    case = _case("x/a", {(0, 0): [2000] * 3})
    assert paired_ratio(case, ref) is None


def test_processes_that_disagree_widen_the_interval() -> None:
    ref = _case("x/ref", {(0, 1): [1000] * 5, (1, 2): [1000] * 5})
    case = _case("x/a", {(0, 1): [1400] * 5, (1, 2): [1600] * 5})
    ratio = paired_ratio(case, ref)
    assert ratio is not None and ratio.low < 1.4 and ratio.high > 1.6
