"""A time axis with its ticks placed and labelled here, each with its unit ("2 µs",
"40 ms"). Plotly's own labels of a log axis drop a `ticksuffix` between the decades (its
ticks read "1µs, 2µ, 5µ, 10µs"), so the unit would be lost on most of them."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

PREFIXES = [(1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"), (1e-12, "ps")]
MARGIN = 0.05  # of the data's span (in decades on a log axis) left each side


def label(seconds: float) -> str:
    """ "0 s", "400 ns", "2 µs", "1.5 ms", "12 s" (three significant figures at most)."""
    if seconds == 0:
        return "0 s"
    scale, unit = next(((s, u) for s, u in PREFIXES if abs(seconds) >= s * 0.9995), PREFIXES[-1])
    return f"{seconds / scale:.3g} {unit}"


def _nice(step: float) -> float:
    """The 1, 2 or 5 × 10^k at or above `step`."""
    power = 10.0 ** math.floor(math.log10(step))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= step * 0.999)


def _steps(low: float, high: float, count: int = 6) -> list[float]:
    """Round values from `low` to `high`, about `count` of them."""
    step = _nice((high - low) / count)
    first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
    return [float(f"{k * step:.6g}") for k in range(first, last + 1)]


def _decades(low: float, high: float) -> list[float]:
    """1, 2, 5 (or only 1, or 1 to 9) of each decade from `low` to `high`: at least 4."""
    out: list[float] = []
    for per_decade in ((1,), (1, 2, 5), (1, 2, 3, 5), tuple(range(1, 10))):
        first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
        out = [float(f"{m}e{p}") for p in range(first, last + 1) for m in per_decade]
        out = [v for v in out if low <= v <= high]
        if len(out) >= 4 and len(out) <= 12 or per_decade[-1] == 9:
            break
    return out


def span(values: Iterable[float], log: bool = True) -> tuple[float, float] | None:
    """The axis' range in seconds: the values' with a margin (a log axis: from the
    smallest positive value; a linear one: from zero). None without a value to show."""
    shown = [v for v in values if math.isfinite(v) and (v > 0 or not log)]
    if not shown or max(shown) <= 0:
        return None
    if not log:
        return 0.0, max(shown) * (1 + 2 * MARGIN)
    low, high = math.log10(min(shown)), math.log10(max(shown))
    margin = max(MARGIN * (high - low), 0.04)
    return 10 ** (low - margin), 10 ** (high + margin)


def ticks(low: float, high: float, log: bool = True) -> list[float]:
    """Tick positions (seconds) from `low` to `high`: over a decade or more of a log axis
    some of 1, 2, 3, 5 of each decade, else evenly spaced round values."""
    if log and high / low >= 10:
        return _decades(low, high)
    return [v for v in _steps(low, high) if v > 0 or not log]


def axis(values: Iterable[float], title: str, log: bool = True) -> dict[str, Any]:
    """A plotly axis of times in seconds over `values`: its range set here so that every
    tick is in it and labelled with its unit; a hover reads to four significant figures
    in plotly's SI form, its `ticksuffix` the unit ("2.345µs": the labels given here are
    shown as they are, without it)."""
    out: dict[str, Any] = {"type": "log" if log else "linear", "hoverformat": ".4s",
                           "ticksuffix": "s", "automargin": True,
                           "title": {"text": title}}  # fmt: skip
    found = span(values, log)
    if found is None:
        return out
    at = ticks(*found, log)
    shown = [math.log10(v) for v in found] if log else list(found)
    return {**out, "range": shown, "tickmode": "array", "tickvals": at,
            "ticktext": [label(v) for v in at]}  # fmt: skip
