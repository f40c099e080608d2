"""The run's time accounting (engine/time_spent.py) and its one-line report."""

from __future__ import annotations

import time

from hashbench.engine.time_spent import PHASES, TimeSpent
from hashbench.report.time_spent import describe


def test_phases_add_up_within_the_wall_time():
    clock = TimeSpent()
    with clock.phase("verify"):
        time.sleep(0.01)
    with clock.phase("verify"):
        pass
    clock.add_samples([1_500_000_000, 500_000_000])
    spent = clock.summary()
    assert list(spent) == [*PHASES, "sampled", "other", "wall"]
    assert spent["sampled"] == 2.0
    assert spent["verify"] > 0
    assert sum(spent[p] for p in PHASES) + spent["other"] >= spent["wall"] - 1e-5


def test_a_phase_that_raises_is_still_counted():
    clock = TimeSpent()
    try:
        with clock.phase("warm-up"):
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert clock.phases["warm-up"] >= 0 and "warm-up" in clock.summary()


def test_describe_names_the_share_and_the_phases_that_took_time():
    line = describe(
        {
            "start": 3.0,
            "verify": 4.0,
            "warm-up": 0.01,
            "sampling": 45.0,
            "sampled": 42.0,
            "other": 1.0,
            "wall": 60.0,
        }
    )
    assert line.startswith("time: 60.0 s, of which 42.0 s (70%) inside timed loops")
    assert "start 3.0 s, verify 4.0 s, sampling 45.0 s, other 1.0 s" in line
    assert "warm-up" not in line  # under 0.05 s
    assert describe({}) == ""
