"""Group summaries: ratios of the printed medians with their interval, and the fastest
case of each backend class."""

from __future__ import annotations

from factories import record

from hashbench.report import summary


def case(impl, backend, per_round, status="ok"):
    """Two samples of one op per round, at the given per-op times (ns)."""
    samples = [t for t in per_round for _ in range(2)]
    return record(
        impl,
        median=sorted(samples)[len(samples) // 2],
        status=status,
        backend=backend,
        samples_ns=samples,
        sample_rounds=[r for r in range(len(per_round)) for _ in range(2)],
    )


def test_a_ratio_is_the_ratio_of_the_printed_medians_with_their_interval():
    fast = record("a", median=100.0, ci=(98.0, 102.0))
    slow = record("b", median=129.0, ci=(127.0, 131.0))
    r = summary.ratio(fast, slow)
    assert r.ratio == 1.29 and not r.indistinguishable
    assert r.low == 127.0 / 102.0 and r.high == 131.0 / 98.0


def test_overlapping_intervals_are_indistinguishable():
    fast = record("a", median=100.0, ci=(95.0, 104.0))
    slow = record("b", median=102.0, ci=(99.0, 105.0))
    fastest, ratios = summary.group_summary([slow, fast])
    assert fastest is fast
    assert [(r.impl, r.indistinguishable) for r in ratios] == [("b", True)]


def test_fastest_of_each_backend_class():
    cases = [
        case("x/rust", "rust", [10, 10, 10]),
        case("x/c", "c", [12, 12, 12]),
        case("x/wasm", "wasm", [40, 40, 40]),
        case("x/wasm2", "wasm", [50, 50, 50]),
        case("x/js", "pure", [80, 80, 80]),
        case("x/broken", "pure", [1, 1, 1], status="unverified"),
    ]
    got = [(cls, c.impl, r) for cls, c, r in summary.by_backend(cases)]
    assert got == [("native", "x/rust", 1.0), ("WASM", "x/wasm", 4.0), ("pure", "x/js", 8.0)]


def test_one_backend_class_has_no_backend_summary():
    cases = [case("x/rust", "rust", [10, 10, 10]), case("x/c", "asm", [20, 20, 20])]
    assert summary.by_backend(cases) == []
