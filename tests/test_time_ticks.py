"""A time axis' ticks (report/export/time_ticks.py): where they fall and how they read,
over the spans the reports plot (a digest's nanoseconds to a KDF's seconds)."""

from __future__ import annotations

import math

import pytest

from hashbench.report.export.time_ticks import axis, label, span, ticks


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0 s"), (4e-7, "400 ns"), (2e-6, "2 µs"), (1.5e-3, "1.5 ms"), (12, "12 s"),
     (9.9995e-4, "1 ms"), (2.5e-12, "2.5 ps"), (1234.5, "1.23e+03 s")],
)  # fmt: skip
def test_a_tick_reads_with_its_unit(seconds: float, text: str):
    assert label(seconds) == text


def test_over_decades_ticks_are_1_2_5_of_each_decade():
    low, high = span([1e-6, 3e-4])
    assert [label(v) for v in ticks(low, high)] == [
        "1 µs", "2 µs", "5 µs", "10 µs", "20 µs", "50 µs", "100 µs", "200 µs"
    ]  # fmt: skip
    low, high = span([5e-9, 2.0])  # nine decades: one tick each
    assert [label(v) for v in ticks(low, high)][::4] == ["10 ns", "100 µs", "1 s"]


def test_within_a_decade_ticks_are_evenly_spaced_round_values():
    low, high = span([0.031, 0.05])
    assert [label(v) for v in ticks(low, high)] == ["30 ms", "35 ms", "40 ms", "45 ms", "50 ms"]
    low, high = span([0.05, 0.05])  # one point: a range around it
    assert low < 0.05 < high and [label(v) for v in ticks(low, high)] == [
        "46 ms", "48 ms", "50 ms", "52 ms", "54 ms"
    ]  # fmt: skip


def test_a_linear_axis_starts_at_zero():
    low, high = span([99e-9, 151.5e-9], log=False)
    assert low == 0 and [label(v) for v in ticks(low, high, log=False)] == [
        "0 s", "50 ns", "100 ns", "150 ns"
    ]  # fmt: skip


def test_the_axis_holds_every_tick_in_its_range():
    for values in ([1e-6, 5e-5], [2e-3, 4e-2], [3e-7, 2e-6], [0.031, 0.0312], [7e-8]):
        made = axis(values, "time per op")
        low, high = (10**r for r in made["range"])
        assert low <= min(values) and max(values) <= high
        assert len(made["tickvals"]) >= 3, values
        assert all(low <= v <= high for v in made["tickvals"])
        assert made["ticktext"] == [label(v) for v in made["tickvals"]]
        assert made["title"] == {"text": "time per op"} and made["type"] == "log"
        assert made["ticksuffix"] == "s"  # for hovers: the labels above are shown as given


def test_an_axis_without_a_time_has_no_ticks_of_its_own():
    made = axis([0.0, math.nan], "time per op")
    assert "tickvals" not in made and made["title"] == {"text": "time per op"}
