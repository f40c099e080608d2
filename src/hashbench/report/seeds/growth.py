"""Fitted growth along a seed's axis (measure/fit.py): time = fixed + per_unit × work,
where the work of a bcrypt cost is 2^cost and of a digest its input bytes — fitted to
the seed's published figures and to hashbench's, per row. Where absolute times cannot
match, the per-unit cost relative to the fastest row still can."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.catalog.seeds import Seed
from hashbench.measure.fit import Affine, affine
from hashbench.report.seeds.lines import Line


@dataclass(frozen=True)
class Growth:
    base: str  # the row's key
    published: Affine | None
    measured: Affine | None


def work(axis: str, point: int) -> float:
    return 2.0**point if axis == "cost" else float(point)


def _fit(points: list[tuple[float, float]]) -> Affine | None:
    if len(points) < 2:
        return None
    return affine([w for w, _ in points], [t for _, t in points])


def fits(seed: Seed, lines: dict[str, Line]) -> list[Growth]:
    """One fit per row with points, the seed's and here's (None under two points)."""
    axis = seed.data.axis
    out = []
    for base in dict.fromkeys(e.base for e in seed.entries if e.at is not None):
        published, measured = [], []
        for e in seed.series(base):
            if e.at is None:
                continue
            if e.time_ns:
                published.append((work(axis, e.at), e.time_ns))
            if (record := lines[e.key].measured) is not None:
                measured.append((work(axis, e.at), record.measured.median))
        out.append(Growth(base, _fit(published), _fit(measured)))
    return out
