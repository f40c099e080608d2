"""The attacker model's formulas, durations and memory sizes, the calibration knobs and the
local fit, each against hand-computed values (docs/strength.md states the model)."""

from __future__ import annotations

import pytest

from hashbench import catalog
from hashbench.errors import UsageError
from hashbench.measure.fit import affine, local_line
from hashbench.strength import attacker, costing, plans, sources
from hashbench.strength.quantities import parse_duration_ns, parse_memory_bytes

# -- the formulas, one hand-computed case each ------------------------------------------


def test_bcrypt_rate_halves_per_cost():
    # 184,000 H/s at cost 5 (RTX 4090): cost 10 is 2^5 = 32 times the work
    assert attacker.bcrypt_rate(184_000, 5, 10) == 5_750
    assert attacker.bcrypt_rate(184_000, 5, 12) == 1_437.5
    assert attacker.bcrypt_rate(184_000, 5, 4) == 368_000


def test_pbkdf2_rate_inverse_in_iterations():
    # 8,865,700 H/s at 1,000 iterations; 600,000 iterations is 600× the work
    assert attacker.pbkdf2_rate(8_865_700, 1000, 600_000) == pytest.approx(14_776.1667, rel=1e-6)


def test_scrypt_rate_inverse_in_n_r_p():
    base = {"n": 16384, "r": 8, "p": 1}
    # N=2^17 r=8 p=1 is 8× the work; N=2^16 p=2 the same 8×
    assert attacker.scrypt_rate(7_126, base, {"n": 131072, "r": 8, "p": 1}) == 890.75
    assert attacker.scrypt_rate(7_126, base, {"n": 65536, "r": 8, "p": 2}) == 890.75
    assert attacker.scrypt_work(16384, 8, 1) == 131072


def test_argon2_traffic_and_rate():
    assert attacker.argon2_traffic_kib(65536, 3) == 8 * 65536  # (3·3 − 1)·m
    assert attacker.argon2_traffic_kib(19456, 2) == 5 * 19456
    base = {"m": 65536, "t": 3, "p": 1}
    # 1,703 H/s at 64 MiB t=3 → 19 MiB t=2: 524288 / 97280 times as fast
    rate = attacker.argon2_rate(1_703, base, {"m": 19456, "t": 2, "p": 1}, 128 * 1024)
    assert rate == pytest.approx(1_703 * 524_288 / 97_280)
    assert rate == pytest.approx(9_178.27, rel=1e-5)


def test_argon2_crowding_beyond_full_speed_memory():
    full = 128 * 1024  # KiB per lane
    assert attacker.argon2_crowding(65536, 1, full) == 1.0
    assert attacker.argon2_crowding(262144, 1, full) == 0.5  # 256 MiB on one lane
    assert attacker.argon2_crowding(262144, 4, full) == 1.0  # four lanes of 64 MiB
    base = {"m": 65536, "t": 3, "p": 1}
    # 1 GiB t=1 p=1: traffic 2·1048576 KiB (¼ of the rate by traffic), crowding 1/8
    rate = attacker.argon2_rate(1_703, base, {"m": 1048576, "t": 1, "p": 1}, full)
    assert rate == pytest.approx(1_703 * 524_288 / 2_097_152 / 8)


def test_argon2_bandwidth_bound_matches_owasp_basis():
    # Thomas's basis: 960 GB/s at m = 93750/(3t − 1) KiB gives exactly 10,000 guesses/s
    assert attacker.argon2_bandwidth_bound(960e9, 46875, 1) == pytest.approx(10_000)
    assert attacker.argon2_bandwidth_bound(960e9, 18750, 2) == pytest.approx(10_000)
    # RTX 4090 at the benchmark's parameters: 1008e9 / (8·65536·1024) B
    assert attacker.argon2_bandwidth_bound(1008e9, 65536, 3) == pytest.approx(1_877.546, rel=1e-5)


def test_instances_fitting_in_gpu_memory():
    assert attacker.instances_fitting(24 * 2**30, 2**30) == 24
    assert attacker.instances_fitting(24 * 2**30, 25 * 2**30) == 0
    assert attacker.instances_fitting(24 * 2**30, 0) > 2**60  # not memory-bound


def test_dollars_joules_and_search_cost():
    # $0.36/h at 1,000 guesses/s: $1e-7 per guess; 450 W: 0.45 J per guess
    assert attacker.usd_per_guess(0.36, 1_000) == pytest.approx(1e-7)
    assert attacker.joules_per_guess(450, 1_000) == 0.45
    assert attacker.search_usd(2**20, 1e-7) == pytest.approx(0.1048576)
    assert attacker.searches(1e-7)["2^40"] == pytest.approx(2**40 * 1e-7)
    assert list(attacker.searches(1.0)) == ["2^20", "2^30", "2^40", "2^50"]


# -- the model over the data file ---------------------------------------------------------


def _full(alg: str, **params: int) -> dict[str, int]:
    return catalog.validate(alg, params)


def test_every_figure_carries_a_source_and_a_date():
    data = sources.attackers()
    assert {"rtx4090", "rtx5090", "h100pcie"} <= set(data.gpus)
    for gpu in data.gpus.values():
        assert all(s.startswith("[") for s in gpu.sources)
    for rate in data.rates:
        # [H]: measured by hashcat on a named machine (catalog/hashcat-measured.toml)
        assert rate.source.startswith(("[P]", "[S]", "[H]")) and rate.per_s > 0 and rate.params
    for ref in sources.references():
        assert ref.source


def test_estimate_on_the_4090_matches_the_worked_examples():
    # shared/reference/attacker-data.md worked examples: bcrypt 10 5.75 kH/s,
    # PBKDF2-SHA256 600k 14.8 kH/s, argon2id 19 MiB t=2 ~9.2 kH/s
    assert costing.estimate("bcrypt", _full("bcrypt", cost=10)).rate_per_s == 5_750
    pbkdf2 = costing.estimate("pbkdf2-sha256", _full("pbkdf2-sha256", iterations=600_000))
    assert pbkdf2.rate_per_s == pytest.approx(14_776.17, rel=1e-5)
    argon = costing.estimate("argon2id", _full("argon2id", m=19456, t=2, p=1))
    assert argon.rate_per_s == pytest.approx(9_178.27, rel=1e-5)
    # dollars at the cheapest listing ($0.15/h) and joules at 450 W
    assert argon.usd_per_guess == pytest.approx(0.15 / 3600 / argon.rate_per_s)
    assert argon.joules_per_guess == pytest.approx(450 / argon.rate_per_s)
    assert argon.search_usd["2^30"] == pytest.approx(2**30 * argon.usd_per_guess)


def test_estimate_notes_what_it_cannot_model():
    yes = costing.estimate("yescrypt", _full("yescrypt", cost=5))
    assert yes.rate_per_s is None and "no GPU cracker" in yes.notes[0]
    no_bench = costing.estimate("pbkdf2-sha512", _full("pbkdf2-sha512"), "h100pcie")
    assert no_bench.rate_per_s is None and "no published" in no_bench.notes[0]
    too_big = costing.estimate("argon2id", _full("argon2id", m=4194304, t=1, p=1), "rtx4090")
    assert too_big.rate_per_s is not None  # 4 GiB fits a 24 GiB card six times
    scrypt = costing.estimate("scrypt", _full("scrypt", n=2**20, r=8, p=1))
    assert any("extrapolated" in n for n in scrypt.notes)
    argon2i = costing.estimate("argon2i", _full("argon2i", m=65536, t=3, p=1))
    assert argon2i.rate_per_s == 1_703 and "argon2id benchmark" in argon2i.notes[0]


def test_owasp_minimum_flags():
    assert costing.owasp_flag("bcrypt", _full("bcrypt", cost=10)) == ""
    assert "32.0×" in costing.owasp_flag("bcrypt", _full("bcrypt", cost=5))
    assert costing.owasp_flag("pbkdf2-sha512", _full("pbkdf2-sha512", iterations=220_000)) == ""
    assert "2.2×" in costing.owasp_flag("pbkdf2-sha512", _full("pbkdf2-sha512", iterations=100_000))
    # scrypt's weakest OWASP rows do N·r·p = 655,360: libsodium's interactive 131,072 is 5×
    assert "5.0×" in costing.owasp_flag("scrypt", _full("scrypt", n=16384, r=8, p=1))
    # argon2id at 4 MiB t=3 p=1 (Haskell argon2's default) moves 8·4096 KiB < 93,750
    assert costing.owasp_flag("argon2id", _full("argon2id", m=4096, t=3, p=1)).startswith("weaker")
    assert costing.owasp_flag("argon2id", _full("argon2id", m=65536, t=3, p=4)) == ""
    assert costing.owasp_flag("yescrypt", _full("yescrypt", cost=5)) == ""  # no OWASP row


# -- durations and memory sizes ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ns"),
    [("250ms", 250e6), ("1s", 1e9), ("0.5s", 5e8), ("1.5 s", 1.5e9), ("800us", 8e5),
     ("800µs", 8e5), ("2min", 120e9), ("100MS", 100e6)],
)  # fmt: skip
def test_durations(text: str, ns: float):
    assert parse_duration_ns(text) == ns


@pytest.mark.parametrize(
    ("text", "needle"),
    [("250", "needs a unit"), ("fast", "not a number"), ("0ms", "above zero"),
     ("5 parsecs", "unknown unit"), ("1e999s", "finite"), ("-1s", "not a number")],
)  # fmt: skip
def test_bad_durations(text: str, needle: str):
    with pytest.raises(UsageError, match=needle):
        parse_duration_ns(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [("64MiB", 64 << 20), ("4GiB", 4 << 30), ("4 gib", 4 << 30), ("1.5GiB", 3 << 29),
     ("100MB", 100_000_000), ("2048B", 2048)],
)  # fmt: skip
def test_memory_sizes(text: str, size: int):
    assert parse_memory_bytes(text) == size


@pytest.mark.parametrize(
    ("text", "needle"),
    [("64", "needs a unit"), ("64 potatoes", "unknown unit"), ("12B", "below 1 KiB"),
     ("lots", "not a number")],
)  # fmt: skip
def test_bad_memory_sizes(text: str, needle: str):
    with pytest.raises(UsageError, match=needle):
        parse_memory_bytes(text)


# -- calibration knobs and the local fit ----------------------------------------------------


def test_plans_grow_memory_first_then_passes():
    limits = plans.Limits(memory_bytes=64 << 20)
    first, second = plans.stages("argon2id", limits)
    assert (first.knob.param, first.knob.hi, first.fixed) == ("m", 65536, {"t": 1, "p": 1})
    assert (second.knob.param, second.fixed) == ("t", {"m": 65536, "p": 1})
    assert plans.stages("argon2i", limits)[0].fixed["t"] == 3  # libsodium's minimum
    scrypt = plans.stages("scrypt", limits)
    assert scrypt[0].knob.hi == 32768  # 2^16 needs 64 MiB plus p·128·r bytes: over
    assert [s.knob.param for s in scrypt] == ["n", "p"]
    fixed_p = plans.stages("scrypt", plans.Limits(64 << 20, parallelism=2))
    assert [s.knob.param for s in fixed_p] == ["n"]
    assert plans.stages("yescrypt", limits)[0].knob.hi == 7  # 2^(7+19) bytes = 64 MiB
    assert plans.memory_bytes("yescrypt", {"cost": 5}) == 16 << 20


def test_plans_refuse_a_memory_limit_below_the_smallest_hash():
    with pytest.raises(UsageError, match="below the smallest yescrypt"):
        plans.stages("yescrypt", plans.Limits(memory_bytes=512 << 10))
    with pytest.raises(UsageError, match="fast hash"):
        plans.stages("sha256", plans.Limits(memory_bytes=1 << 30))


def test_knob_values():
    cost = plans.Knob("cost", "exponent", 4, 31)
    assert cost.work(10) == 1024 and cost.largest_within(1500) == 10 and cost.up(10) == 11
    n = plans.Knob("n", "power_of_two", 2, 1 << 20)
    assert n.largest_within(100_000) == 65536 and n.up(65536) == 131072 and n.down(8) == 4
    iterations = plans.Knob("iterations", "linear", 1, 100_000_000)
    assert iterations.nice(1_234_567) == 1_230_000 and iterations.nice(987) == 987
    m = plans.Knob("m", "linear", 8, 4194304, grid=8)
    assert m.nice(200_000) == 199_680 and m.nice(1_000) == 1_000 and m.nice(1_003) == 1_000
    assert iterations.ladder_next(256_000) == 1_020_000 and cost.ladder_next(30) == 31


def test_local_line_keeps_a_negative_intercept_where_affine_cannot():
    # time = −10 + 1·work exactly (superlinear near the span, e.g. memory past the cache)
    work, times = [20.0, 40.0, 80.0], [10.0, 30.0, 70.0]
    line = local_line(work, times)
    assert line is not None
    assert line.fixed == pytest.approx(-10) and line.per_unit == pytest.approx(1)
    assert line.r_squared == pytest.approx(1)
    clamped = affine(work, times)
    assert clamped is not None and clamped.fixed == 0.0
    assert local_line([1.0], [1.0]) is None
