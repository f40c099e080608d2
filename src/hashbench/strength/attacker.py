"""The attacker model (docs/strength.md states it; tests/test_strength_model.py checks each
formula on hand-computed cases): a hashcat benchmark rate at its own parameters, scaled
to other parameters by the work each guess does, bounded for memory-hard hashes by the
GPU's memory and bandwidth; then dollars and joules per guess on rented GPUs.
"""

from __future__ import annotations

import math

SEARCH_SPACES = {f"2^{bits}": 2**bits for bits in (20, 30, 40, 50)}
KIB = 1024


def bcrypt_rate(base_rate: float, base_cost: int, cost: int) -> float:
    """Each cost step doubles the Blowfish key setups: rate halves."""
    return base_rate * 2.0 ** (base_cost - cost)


def pbkdf2_rate(base_rate: float, base_iterations: int, iterations: int) -> float:
    """A guess is `iterations` HMACs of one output block (an attacker checks the first block
    only, whatever length the defender derives)."""
    return base_rate * base_iterations / iterations


def scrypt_work(n: int, r: int, p: int) -> float:
    """ROMix fills and reads N blocks of 128·r bytes, p times over."""
    return float(n) * r * p


def scrypt_rate(base_rate: float, base: dict[str, int], params: dict[str, int]) -> float:
    return (
        base_rate
        * scrypt_work(base["n"], base["r"], base["p"])
        / scrypt_work(params["n"], params["r"], params["p"])
    )


def argon2_traffic_kib(m_kib: int, t: int) -> float:
    """KiB moved through memory per guess: each of m blocks is written once in the first
    pass with one block read beside it (2 accesses), then read twice and written once in
    every later pass (3), so (3t − 1)·m — the basis of OWASP's argon2 equivalences
    (Steve Thomas: m ≥ 93750/(3t − 1) KiB for under 10 kH/s on a 960 GB/s GPU)."""
    return (3 * t - 1) * float(m_kib)


def argon2_crowding(m_kib: int, p: int, full_speed_kib_per_lane: float) -> float:
    """1 while an instance's lanes stay under the full-speed size; beyond it too few
    instances fit to keep the GPU's memory busy and the rate falls in proportion."""
    return min(1.0, full_speed_kib_per_lane * p / m_kib)


def argon2_rate(
    base_rate: float,
    base: dict[str, int],
    params: dict[str, int],
    full_speed_kib_per_lane: float,
) -> float:
    scaled = (
        base_rate
        * argon2_traffic_kib(base["m"], base["t"])
        / argon2_traffic_kib(params["m"], params["t"])
    )
    return (
        scaled
        * argon2_crowding(params["m"], params["p"], full_speed_kib_per_lane)
        / argon2_crowding(base["m"], base["p"], full_speed_kib_per_lane)
    )


def argon2_bandwidth_bound(bandwidth_bytes_per_s: float, m_kib: int, t: int) -> float:
    """No GPU guesses faster than its memory moves the blocks each guess needs."""
    return bandwidth_bytes_per_s / (argon2_traffic_kib(m_kib, t) * KIB)


def instances_fitting(gpu_memory_bytes: float, hash_memory_bytes: float) -> int:
    """Guesses a GPU can hold in memory at once (0: one guess does not fit)."""
    if hash_memory_bytes <= 0:
        return 1 << 62  # not memory-bound
    return int(gpu_memory_bytes // hash_memory_bytes)


def usd_per_guess(usd_per_hour: float, rate_per_s: float) -> float:
    return usd_per_hour / 3600.0 / rate_per_s


def joules_per_guess(power_w: float, rate_per_s: float) -> float:
    return power_w / rate_per_s


def search_usd(candidates: float, usd_each: float) -> float:
    """Trying every candidate (on average an attacker finds a password in half of them)."""
    return candidates * usd_each


def searches(usd_each: float) -> dict[str, float]:
    return {label: search_usd(n, usd_each) for label, n in SEARCH_SPACES.items()}


def finite(value: float) -> bool:
    return math.isfinite(value) and value > 0
