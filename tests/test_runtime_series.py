"""A case's history is one series per runtime major (store/runtime_series.py)."""

from __future__ import annotations

from hashbench.store.history import CasePoint
from hashbench.store.runtime_series import by_major, major


def _point(run_id: int, runtime: str) -> CasePoint:
    return CasePoint(run_id, f"2026-12-0{run_id}", "m", "0.45.1", runtime, "ok", 1.0, 0.9, 1.1)


def test_major_is_the_runtime_name_and_its_first_number():
    assert major("node v26.12.1 (V8 14.6.202.34-node.40, OpenSSL 3.5.9)") == "node 26"
    assert major("node v20.20.2 (V8 11.3, OpenSSL 3.0.19)") == "node 20"
    assert major("rustc 1.95.0") == "rustc 1"
    assert major("bun 1.4.5 (JavaScriptCore, revision a7733435c)") == "bun 1"
    assert major("zig 0.17.1 (-O ReleaseFast)") == "zig 0.17"  # a 0.x minor is a major
    assert major("gcc 12.2.0") == "gcc 12"
    assert major("") == ""


def test_two_node_majors_are_two_series_in_run_order():
    points = [
        _point(1, "node v20.20.2 (V8 11.3)"),
        _point(2, "node v20.20.2 (V8 11.3)"),
        _point(3, "node v26.12.1 (V8 14.6)"),
        _point(4, "node v20.20.2 (V8 11.3)"),  # back on 20: that series goes on
        _point(5, "node v26.11.0 (V8 14.6)"),  # a minor change stays in its series
    ]
    parts = by_major(points)
    assert [name for name, _ in parts] == ["node 20", "node 26"]
    assert [[p.run_id for p in part] for _, part in parts] == [[1, 2, 4], [3, 5]]


def test_one_major_is_one_series():
    points = [_point(1, "rustc 1.94.0"), _point(2, "rustc 1.95.0")]
    assert by_major(points) == [("rustc 1", points)]
