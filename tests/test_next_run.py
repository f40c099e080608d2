"""The ± beside a median: where the next run's median should fall (measure/next_run.py),
from the case's own processes or from its kind's spread between runs."""

from __future__ import annotations

import math

import pytest
from factories import stats_with_median

from hashbench.catalog import run_to_run
from hashbench.measure import next_run


def test_a_one_process_interval_is_widened_to_its_kind_s_spread_between_runs():
    own = stats_with_median(1000.0, ci=(995.0, 1005.0))  # ±0.5%: one process's
    low, high = next_run.interval(own, processes=1, run_sd=0.02)
    assert low == pytest.approx(1000 * math.exp(-1.96 * 0.02), rel=1e-3)
    assert high == pytest.approx(1000 * math.exp(1.96 * 0.02), rel=1e-3)


def test_an_interval_wider_than_the_spread_between_runs_is_kept():
    wide = stats_with_median(1000.0, ci=(800.0, 1100.0))
    low, high = next_run.interval(wide, processes=1, run_sd=0.02)
    assert low == pytest.approx(800.0) and high == pytest.approx(1100.0)


def test_three_processes_have_the_spread_in_their_own_interval():
    own = stats_with_median(1000.0, ci=(990.0, 1010.0))
    assert next_run.interval(own, processes=3, run_sd=0.05) == (990.0, 1010.0)


def test_each_kind_of_case_has_a_prior_for_both_kinds_of_runtime():
    prior = run_to_run.prior()
    assert set(prior) == {(jit, k) for jit in (True, False) for k in run_to_run.KINDS}
    assert next_run.kind("sha256", "digest") == "digest"
    assert next_run.kind("argon2id", "hash") == "memory-hard"
    assert next_run.kind("scrypt", "derive") == "memory-hard"
    assert next_run.kind("bcrypt", "hash") == "password"
