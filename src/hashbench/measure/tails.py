"""How heavy the tails of a comparison's moves are, fitted to the comparison itself.

A case's change is judged as a z score: its move, after the machine's, over the noise it
is held to (measure/compare.py). A normal (or the t of a replicated test) says how often
the same code twice moves that far. On a shared VM it understates it: the host's other
guests take the CPU for a tenth of a second to seconds at a time, and a case measured
whole inside such a stretch comes out 1.6–2.4× slower, all of its samples alike, which
no statistic of its samples shows (how often, on this project's VMs:
docs/benchmarks/gate.md). The moves are a mixture, most within a few percent, some
60–130% off, and a normal fitted to the middle calls those regressions.

So the null is fitted to the comparison's own z scores (as an empirical null, Efron
2004), each case's to the other cases' (`fit_each_without_itself`): a Student's t whose
degrees of freedom are chosen by maximum likelihood from GRID, its scale tied to how the
z scores were made (`robust_scale`: the noise is a robust sd, so the t's robust sd is 1;
a replicated t score keeps scale 1); measure/compare.py never lets it be lighter-tailed
than the test's own model. On a machine that behaves the fit is a normal's and nothing
changes; on this one it widens every interval and holds back the verdicts that the same
code twice would give, and the report says how large a change must be to be called.
Where many cases really changed the fit takes them for noise too: the gate then says
"cannot tell", never a false alarm (issue 26's rule).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from hashbench.measure.student import student_t

MAD_SD = 1.4826  # a normal's sd per median absolute deviation
NORMAL_DF = 1e6  # a t this wide is a normal
GRID = (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0, 30.0, 60.0, NORMAL_DF)


@dataclass(frozen=True)
class Tails:
    """The null a set of z scores was judged against: a t with `df` degrees of freedom
    at `scale` (z / scale is t distributed)."""

    df: float
    scale: float
    cases: int  # z scores it was fitted to
    kind: str = ""  # which cases (measure/compare.py's tail_kind)
    smallest: float = 0.0  # the smallest change it lets a comparison call, as a fraction
    held: bool = False  # heavier than the fit: a one-process floor (measure/compare.py)

    @property
    def normal(self) -> bool:
        return self.df >= NORMAL_DF

    def p_value(self, z: float) -> float:
        return float(2 * student_t().sf(abs(z) / self.scale, self.df))

    def quantile(self, level: float = 0.975) -> float:
        """The z of a two-sided `level` interval."""
        return float(student_t().ppf(level, self.df)) * self.scale


def robust_scale(df: float) -> float:
    """The scale of a t whose robust sd (1.4826 · MAD) is 1."""
    return 1 / (MAD_SD * float(student_t().ppf(0.75, df)))


def unit_scale(_df: float) -> float:
    return 1.0


def _log_likelihoods(values: np.ndarray, scale_of: Callable[[float], float]) -> np.ndarray:
    """Each z score's log density under each t of GRID: shape (len(GRID), len(values))."""
    rows = []
    for df in GRID:
        scale = scale_of(df)
        rows.append(student_t().logpdf(values / scale, df) - math.log(scale))
    return np.asarray(rows)


def fit_each_without_itself(z: Sequence[float], scale_of: Callable[[float], float]) -> list[Tails]:
    """For each z score, the t fitted to all the others: a case is held to how far the
    other cases moved, so that one library's real change does not thicken the tails it
    is judged against (with it, a 10% slowdown among forty steady cases, z = 17, fitted
    2 degrees of freedom and was missed; without it, 12)."""
    values = np.asarray(z, dtype=float)
    each = _log_likelihoods(values, scale_of)
    others = each.sum(axis=1, keepdims=True) - each
    best = np.argmax(others, axis=0)
    return [Tails(GRID[b], scale_of(GRID[b]), len(values) - 1) for b in best]
