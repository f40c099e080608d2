"""Sweep tables: found where exactly one dimension varies over at least three values."""

from __future__ import annotations

import io

import pytest
from factories import record
from rich.console import Console

from hashbench.measure.fit import affine
from hashbench.report import sweep


def case(impl, op, alg, median, params=None, size=None, mode="oneshot", status="ok"):
    return record(
        impl,
        median=median,
        status=status,
        op=op,
        alg=alg,
        mode=mode,
        params=params or {},
        input_size=size,
        mb_per_s=size / median * 1e3 if size else None,
    )


def test_digest_sizes_and_a_cost_parameter_make_sweeps():
    cases = [case(i, "digest", "sha256", 10.0 * s, size=s) for i in "ab" for s in (16, 64, 1024)]
    cases += [case("a", "hash", "bcrypt", 2.0**c, {"cost": c}) for c in (4, 8, 12)]
    cases.append(case("b", "hash", "bcrypt", 0, {"cost": 8}, status="unverified"))
    found = {s.title: s for s in sweep.find(cases)}
    assert set(found) == {"sha256 oneshot by input size", "bcrypt hash by cost"}
    sizes = found["sha256 oneshot by input size"]
    assert sizes.points == [16, 64, 1024] and sizes.throughput and set(sizes.cells) == {"a", "b"}
    costs = found["bcrypt hash by cost"]
    assert costs.points == [4, 8, 12] and set(costs.cells) == {"a"}  # unverified left out


def test_two_values_or_two_varying_parameters_are_no_sweep():
    two = [case("a", "hash", "bcrypt", 1.0, {"cost": c}) for c in (4, 8)]
    mixed = [
        case("a", "hash", "argon2id", 1.0, {"m": m, "t": t, "p": 1})
        for m, t in ((256, 1), (512, 2), (1024, 3))
    ]
    assert sweep.find(two + mixed) == []


def test_render_prints_one_column_per_point():
    cases = [case("x/lib", "digest", "md5", 100.0, size=s) for s in (16, 1024, 16384)]
    out = io.StringIO()
    sweep.render(cases, Console(file=out, width=200))
    text = out.getvalue()
    assert "sweep md5 oneshot by input size · MB/s (median)" in text
    assert "16 B" in text and "1 KiB" in text and "16 KiB" in text
    assert "x/lib" in text and "163840" in text  # 16384 B in 100 ns: 163.84 B/ns


def test_the_fit_recovers_a_fixed_cost_and_a_cost_per_unit_of_work():
    sizes = [16, 64, 256, 1024, 8192]
    fit = affine(sizes, [200 + 0.5 * s for s in sizes])
    assert fit is not None
    assert fit.fixed == pytest.approx(200) and fit.per_unit == pytest.approx(0.5)
    assert fit.r_squared == pytest.approx(1.0)
    through_origin = affine([1, 2, 4], [10.0, 25.0, 55.0])  # no negative setup cost
    assert through_origin is not None and through_origin.fixed == 0
    assert affine([1, 2, 4], [40.0, 20.0, 10.0]) is None  # faster with more work: no line
    assert affine([16], [100.0]) is None


def test_a_logarithmic_cost_is_fitted_on_the_work_it_stands_for():
    cases = [case("a", "hash", "bcrypt", 1e5 + 1e3 * 2.0**c, {"cost": c}) for c in (4, 8, 12)]
    (found,) = sweep.find(cases)
    assert found.logarithmic and found.work(8) == 256
    times = [found.cells["a"][p].measured.median for p in found.points]
    fit = affine([found.work(p) for p in found.points], times)
    assert fit is not None and fit.per_unit == pytest.approx(1e3)
    (sizes,) = sweep.find([case("a", "digest", "sha256", 10.0 * s, size=s) for s in (16, 64, 1024)])
    assert not sizes.logarithmic and sizes.work(64) == 64
