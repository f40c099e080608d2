"""measure/tails.py: the Student t null fitted to a comparison's own z scores."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm

from hashbench.measure.tails import (
    NORMAL_DF,
    Tails,
    fit_each_without_itself,
    robust_scale,
    unit_scale,
)


def test_normal_scores_fit_light_tails_and_heavy_ones_heavy():
    rng = np.random.default_rng(3)
    light = fit_each_without_itself(rng.normal(0, 1, 400), unit_scale)
    heavy = fit_each_without_itself(rng.standard_t(1.5, 400), unit_scale)
    assert min(t.df for t in light) >= 20
    assert max(t.df for t in heavy) <= 3
    assert all(t.cases == 399 for t in light)


def test_a_score_does_not_weigh_in_its_own_null():
    z = list(np.random.default_rng(5).normal(0, 1, 40)) + [17.0]
    fits = fit_each_without_itself(z, unit_scale)
    assert fits[-1].df > fits[0].df  # the others' fits count the outlier; its own does not
    assert fits[-1].df >= 12


def test_a_normal_null_gives_a_normal_test():
    normal = Tails(NORMAL_DF, robust_scale(NORMAL_DF), 10)
    assert normal.normal and normal.scale == pytest.approx(1.0, abs=1e-3)
    assert normal.p_value(1.959964) == pytest.approx(0.05, abs=1e-4)
    assert normal.quantile() == pytest.approx(norm.ppf(0.975), abs=1e-3)
    cauchy = Tails(1.0, robust_scale(1.0), 10)
    assert cauchy.p_value(1.96) > 0.2  # a Cauchy's robust sd 1: its scale is 1/1.48
