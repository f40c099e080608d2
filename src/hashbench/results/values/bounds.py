"""What a figure in a results file may be: finite, and within what a machine can do.

Types are msgspec's (a field of the wrong type never gets here); these are the values. A
file is refused at the first figure outside them, named by its JSON path and its value:
`$.cases[3].samples_ns[0] = -1114: a time must be positive`. The bounds are physical, so
no real file is refused, however slow or fast its machine:

- a time per op (and a sample: the time of its ops) is positive and below a day: no
  benchmark op takes a day, and none takes no time;
- ops per sample: at least one, and no more than a day at one op a cycle of a 10 GHz clock;
- a byte count (a size, a memory, an allocation): not negative, below a pebibyte, more
  than any machine holds;
- a parameter of an algorithm: a count from 1 to below 2^32, as the algorithms' own limits;
- a count of anything else: what SQLite stores (below 2^63).
"""

from __future__ import annotations

import datetime as dt
import math

DAY_NS = 86_400e9
DAY_S = 86_400.0
YEAR_S = 366 * DAY_S
CYCLE_NS = 0.1  # a cycle of a 10 GHz clock: no op is quicker
MAX_OPS = int(DAY_NS / CYCLE_NS)  # 8.64e14: ops a sample, or events an op
MAX_BYTES = 2**50
MAX_PARAM = 2**32 - 1
MAX_COUNT = 2**63 - 1
# two figures computed from one another (a median from its samples, a rate from a median)
# agree within this: floating point, not a measurement
CLOSE = 1e-6


class BadValue(Exception):
    """A figure outside its bounds: where (a JSON path), what, and why."""

    def __init__(self, path: str, value: object, why: str):
        super().__init__(f"{path} = {shown(value)}: {why}")


def shown(value: object) -> str:
    """A value as JSON writes it (NaN and Infinity as Python's json module does); a
    number too long to read, shortened."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, int) and abs(value) >= 10**16:
        return f"{value:.3e}"
    return f"{value:.10g}" if isinstance(value, float) else str(value)


def finite(path: str, value: float) -> float:
    if not math.isfinite(value):
        raise BadValue(path, value, "a figure must be a finite number")
    return value


def time_ns(path: str, value: float) -> float:
    """A time in nanoseconds: positive, below a day."""
    finite(path, value)
    if value <= 0:
        raise BadValue(path, value, "a time must be positive")
    if value >= DAY_NS:
        raise BadValue(path, value, "a time must be below a day (8.64e13 ns)")
    return value


def seconds(path: str, value: float, limit: float = YEAR_S) -> float:
    """A duration in seconds: not negative, below a year (or `limit`)."""
    finite(path, value)
    if not 0 <= value < limit:
        raise BadValue(path, value, f"a duration must be between 0 and {limit:g} s")
    return value


def count(path: str, value: int, low: int = 0, high: int = MAX_COUNT, what: str = "a count") -> int:
    if not low <= value <= high:
        raise BadValue(path, value, f"{what} must be between {shown(low)} and {shown(high)}")
    return value


def ops(path: str, value: int) -> int:
    """Ops per sample (iters)."""
    return count(path, value, 1, MAX_OPS, "ops per sample")


def param(path: str, value: int) -> int:
    """An algorithm's parameter counts something (a cost, passes, lanes, blocks, KiB):
    no algorithm takes 0 of any of them, and the attacker model divides by them."""
    return count(path, value, 1, MAX_PARAM, "a parameter")


def byte_count(path: str, value: float) -> float:
    """A size, a memory or an allocation in bytes."""
    finite(path, value)
    if not 0 <= value <= MAX_BYTES:
        raise BadValue(path, value, "a byte count must be between 0 and 2^50")
    return value


def positive(path: str, value: float, high: float = float(MAX_OPS)) -> float:
    """A rate or a ratio that is more than nothing (`high` bounds it)."""
    finite(path, value)
    if not 0 < value <= high:
        raise BadValue(path, value, f"must be positive and at most {shown(high)}")
    return value


def not_negative(path: str, value: float, high: float = float(MAX_OPS)) -> float:
    finite(path, value)
    if not 0 <= value <= high:
        raise BadValue(path, value, f"must be between 0 and {shown(high)}")
    return value


def at_most(a: float, b: float) -> bool:
    """a ≤ b, up to floating point."""
    return a <= b + CLOSE * max(abs(a), abs(b))


def close(a: float, b: float) -> bool:
    return abs(a - b) <= CLOSE * max(abs(a), abs(b))


def interval(path: str, bounds: tuple[float, float], estimate: float) -> None:
    """An interval of an estimate: finite ends, below a day, around the estimate."""
    low, high = bounds
    finite(f"{path}[0]", low)
    finite(f"{path}[1]", high)
    if high >= DAY_NS:
        raise BadValue(f"{path}[1]", high, "a time must be below a day (8.64e13 ns)")
    if not (at_most(low, estimate) and at_most(estimate, high)):
        raise BadValue(path, (low, high), f"the interval must hold its estimate {shown(estimate)}")


def moment(path: str, text: str | None) -> None:
    """A time of day as the files hold it (ISO 8601), or none."""
    if text is None:
        return
    try:
        dt.datetime.fromisoformat(text)
    except ValueError:
        raise BadValue(path, text, "a moment must be an ISO 8601 date and time") from None


def params(path: str, values: dict[str, int]) -> None:
    for name, value in values.items():
        param(f"{path}.{name}", value)
