"""How calibration grows each password hash's parameters: the knob, its range, and the
known growth of time with it, so a few measured points predict the rest.

- bcrypt `cost` and yescrypt's libxcrypt count are exponents: time ∝ 2^cost (yescrypt's
  count doubles memory, and time is linear in memory).
- PBKDF2 `iterations`, argon2 `t` and scrypt/argon2 `p` are linear.
- scrypt `N` (a power of two) and argon2 `m` are linear in memory, with cache effects at
  small sizes: the fit uses the points nearest the target, not the smallest ones.

Memory-hard algorithms grow memory first (RFC 9106 §4: take the memory you can afford, then
passes), up to the memory limit; then argon2 grows `t` and scrypt `p` (OWASP's scrypt rows
trade N for p the same way) unless --parallelism fixed p. yescrypt's count is its only knob.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from hashbench import catalog
from hashbench.errors import UsageError

Kind = Literal["exponent", "power_of_two", "linear"]

LADDER_FACTOR = 4  # each ladder point does about 4× the work of the one before
# libsodium refuses argon2i below 3 passes (crypto_pwhash_argon2i_OPSLIMIT_MIN 3U in its
# 1.0.18 headers): data-independent addressing needs passes against time-memory trade-offs.
MIN_PASSES = {"argon2i": 3}
YESCRYPT_BASE_BYTES = 1 << 19  # libxcrypt: count c uses 128·r·N = 2^(c+19) bytes (1 MiB at 1)


@dataclass(frozen=True)
class Knob:
    """One parameter grown over [lo, hi]; `work` is what time is proportional to."""

    param: str
    kind: Kind
    lo: int
    hi: int
    grid: int = 1  # linear values are multiples of this (argon2 m: of 8·p KiB)

    def work(self, value: int) -> float:
        return 2.0**value if self.kind == "exponent" else float(value)

    @property
    def discrete(self) -> bool:
        return self.kind != "linear"

    def start(self) -> int:
        """The ladder's first point: cheap, but past the tiniest sizes."""
        first = {"exponent": self.lo, "power_of_two": 1024, "linear": self.lo}[self.kind]
        if self.param == "iterations":
            first = 1000
        elif self.param == "m":
            first = 1024
        return self.clamp(first)

    def clamp(self, value: int) -> int:
        return max(self.lo, min(self.hi, value))

    def ladder_next(self, value: int) -> int:
        if self.kind == "exponent":
            return self.clamp(value + 2)
        return self.clamp(self.nice(value * LADDER_FACTOR))

    def up(self, value: int) -> int:
        """The next stronger value (discrete knobs: one step; linear: one grid unit)."""
        return self.clamp(value * 2 if self.kind == "power_of_two" else value + self.grid_at(value))

    def down(self, value: int) -> int:
        return value // 2 if self.kind == "power_of_two" else value - self.grid_at(value)

    def grid_at(self, value: int) -> int:
        if self.kind == "exponent" or self.kind == "power_of_two":
            return 1
        if self.param == "m" and value >= 16 * 1024:
            return max(self.grid, 1024)  # whole MiB once past 16 MiB
        if self.param == "iterations":
            return max(1, int(10 ** max(0, len(str(value)) - 3)))  # three significant digits
        return self.grid

    def nice(self, value: float) -> int:
        """The largest readable value at or below `value` (linear knobs)."""
        v = int(value)
        if self.kind == "power_of_two":
            return 1 << max(0, v.bit_length() - 1)
        if self.kind == "exponent":
            return v
        step = self.grid_at(v)
        return max(self.lo, v - v % step)

    def largest_within(self, work: float) -> int:
        """The largest value whose work is at most `work` (may be below lo: too small)."""
        if self.kind == "exponent":
            value = self.lo - 1
            while value + 1 <= self.hi and self.work(value + 1) <= work:
                value += 1
            return value
        if self.kind == "power_of_two":
            return 1 << max(0, int(work).bit_length() - 1) if work >= 1 else 0
        return self.nice(work) if work >= self.lo else self.lo - 1

    def label(self, value: int) -> str:
        if self.kind == "power_of_two":
            return f"{self.param}=2^{value.bit_length() - 1}"
        return f"{self.param}={value}"


@dataclass(frozen=True)
class Stage:
    alg: str
    knob: Knob
    fixed: dict[str, int] = field(default_factory=dict)

    def params(self, value: int) -> dict[str, int]:
        return {**self.fixed, self.knob.param: value}

    def memory(self, value: int) -> int:
        return memory_bytes(self.alg, self.params(value))


@dataclass(frozen=True)
class Limits:
    memory_bytes: int
    parallelism: int | None = None  # None: p=1, and scrypt may grow p past the memory limit


def memory_bytes(alg: str, params: dict[str, int]) -> int:
    """The hash's own memory: argon2 m, scrypt 128·r·N, yescrypt 2^(count+19) bytes."""
    if catalog.algorithm(alg).family == "yescrypt":
        return YESCRYPT_BASE_BYTES << params["cost"]
    return catalog.memory_bytes(alg, params)


def _range(alg: str, param: str) -> tuple[int, int]:
    return catalog.algorithm(alg).range(param)


def _too_small(alg: str, limits: Limits, smallest: int) -> UsageError:
    return UsageError(
        f"--memory-limit {limits.memory_bytes} bytes is below the smallest {alg} "
        f"({smallest} bytes); raise it"
    )


def stages(alg: str, limits: Limits) -> list[Stage]:
    """The calibration plan for `alg`: the knobs grown, in order."""
    family = catalog.algorithm(alg).family
    if catalog.algorithm(alg).kind != "password":
        raise UsageError(f"{alg} is a fast hash: calibrate takes password hashes only")
    if family == "bcrypt":
        lo, hi = _range(alg, "cost")
        return [Stage(alg, Knob("cost", "exponent", lo, hi))]
    if family == "pbkdf2":
        lo, hi = _range(alg, "iterations")
        return [Stage(alg, Knob("iterations", "linear", lo, hi))]
    if family == "yescrypt":
        lo, hi = _range(alg, "cost")
        while hi >= lo and YESCRYPT_BASE_BYTES << hi > limits.memory_bytes:
            hi -= 1
        if hi < lo:
            raise _too_small(alg, limits, YESCRYPT_BASE_BYTES << lo)
        return [Stage(alg, Knob("cost", "exponent", lo, hi))]
    p = limits.parallelism or 1
    if family == "scrypt":
        r = 8
        lo, hi = _range(alg, "n")
        while hi >= lo and memory_bytes(alg, {"n": hi, "r": r, "p": p}) > limits.memory_bytes:
            hi //= 2
        if hi < lo:
            raise _too_small(alg, limits, memory_bytes(alg, {"n": lo, "r": r, "p": p}))
        plan = [Stage(alg, Knob("n", "power_of_two", lo, hi), {"r": r, "p": p})]
        if limits.parallelism is None:
            p_lo, p_hi = _range(alg, "p")
            plan.append(Stage(alg, Knob("p", "linear", p_lo, p_hi), {"n": hi, "r": r}))
        return plan
    if family == "argon2":
        t_min = max(MIN_PASSES.get(alg, 1), _range(alg, "t")[0])
        m_lo, m_hi = _range(alg, "m")
        m_lo = max(m_lo, 8 * p)
        m_hi = min(m_hi, limits.memory_bytes // 1024)
        if m_hi < m_lo:
            raise _too_small(alg, limits, m_lo * 1024)
        _, t_hi = _range(alg, "t")
        raw = Knob("m", "linear", m_lo, m_hi, grid=8 * p)
        memory = Knob("m", "linear", m_lo, raw.nice(m_hi), grid=8 * p)
        return [
            Stage(alg, memory, {"t": t_min, "p": p}),
            Stage(alg, Knob("t", "linear", t_min, t_hi), {"m": memory.hi, "p": p}),
        ]
    raise UsageError(f"calibrate does not know how to grow {alg}'s parameters")
