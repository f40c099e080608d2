"""Fitted growth: a power law y = a·x^b by least squares on log-log axes, with R²."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PowerLaw:
    scale: float  # a
    slope: float  # b: 1 is linear growth, 0 flat
    r_squared: float

    def at(self, x: float) -> float:
        return float(self.scale * x**self.slope)


def power_law(xs: list[float] | list[int], ys: list[float]) -> PowerLaw | None:
    """None with fewer than two positive points."""
    pairs = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True) if x > 0 and y > 0]
    if len(pairs) < 2:
        return None
    lx = np.log([x for x, _ in pairs])
    ly = np.log([y for _, y in pairs])
    slope, intercept = np.polyfit(lx, ly, 1)
    predicted = slope * lx + intercept
    total = float(((ly - ly.mean()) ** 2).sum())
    residual = float(((ly - predicted) ** 2).sum())
    r2 = 1.0 - residual / total if total > 0 else 1.0
    return PowerLaw(math.exp(float(intercept)), float(slope), r2)
