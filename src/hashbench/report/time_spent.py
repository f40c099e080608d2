"""One line on where a run's wall time went (the run file's `time_spent`)."""

from __future__ import annotations

NOT_PHASES = {"sampled", "wall"}


def describe(spent: dict[str, float]) -> str:
    """The wall time, the share of it inside timed loops, and the phases that took it."""
    wall = spent.get("wall", 0.0)
    if wall <= 0:
        return ""
    sampled = spent.get("sampled", 0.0)
    phases = ", ".join(
        f"{name} {seconds:.1f} s"
        for name, seconds in spent.items()
        if name not in NOT_PHASES and seconds >= 0.05
    )
    return (
        f"time: {wall:.1f} s, of which {sampled:.1f} s ({sampled / wall:.0%}) inside timed "
        f"loops; by phase: {phases}"
    )
