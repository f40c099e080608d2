"""Fitted growth of a sweep: time per op = fixed + per_unit × work.

A fixed cost per call (setup, the call's own overhead) plus a cost proportional to the
work: input bytes for a digest, memory or iterations for a password hash, 2^cost for a
logarithmic cost parameter. It is the model criterion fits to its iteration sweeps, and
the one that explains a digest's throughput flattening as inputs grow (MB/s tends to
1 / per_unit). Fitted by least squares on relative errors (each point weighted by
1 / time²), so a 16-byte point counts as much as a 16 KiB one; R² is of log time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Affine:
    fixed: float  # ns per op at no work
    per_unit: float  # ns per unit of work
    r_squared: float

    def at(self, work: float) -> float:
        return self.fixed + self.per_unit * work


def affine(work: list[float], times: list[float]) -> Affine | None:
    """None with fewer than two positive points, or when time does not grow with work
    (more lanes on more threads can make a hash faster: no line explains that)."""
    pairs = [(float(w), float(t)) for w, t in zip(work, times, strict=True) if w > 0 and t > 0]
    if len(pairs) < 2:
        return None
    w = np.array([p[0] for p in pairs])
    t = np.array([p[1] for p in pairs])
    fixed, per_unit = _relative_least_squares(w, t)
    if fixed < 0:  # no negative setup cost: the line through the origin instead
        fixed, per_unit = 0.0, float((w / t).sum() / ((w / t) ** 2).sum())
    return _with_r_squared(w, t, fixed, per_unit)


def local_line(work: list[float], times: list[float]) -> Affine | None:
    """The same fit over a narrow span of work, where `fixed` may come out negative:
    near a memory-hard hash's calibration target, time grows faster than work as memory
    leaves the caches, and the line that predicts best there crosses zero below the span.
    For interpolating and short extrapolation only, never for a setup cost."""
    pairs = [(float(w), float(t)) for w, t in zip(work, times, strict=True) if w > 0 and t > 0]
    if len(pairs) < 2:
        return None
    w = np.array([p[0] for p in pairs])
    t = np.array([p[1] for p in pairs])
    return _with_r_squared(w, t, *_relative_least_squares(w, t))


def _relative_least_squares(w: np.ndarray, t: np.ndarray) -> tuple[float, float]:
    design = np.column_stack([1 / t, w / t])  # (a + b·w) / t ≈ 1
    (fixed, per_unit), *_ = np.linalg.lstsq(design, np.ones_like(t), rcond=None)
    return float(fixed), float(per_unit)


def _with_r_squared(w: np.ndarray, t: np.ndarray, fixed: float, per_unit: float) -> Affine | None:
    """None when time does not grow with work or the line is not positive at every point."""
    modelled = fixed + per_unit * w
    if per_unit <= 0 or (modelled <= 0).any():
        return None
    predicted = np.log(modelled)
    observed = np.log(t)
    total = float(((observed - observed.mean()) ** 2).sum())
    residual = float(((observed - predicted) ** 2).sum())
    r2 = 1.0 - residual / total if total > 0 else 1.0
    return Affine(float(fixed), float(per_unit), r2 if math.isfinite(r2) else 0.0)
