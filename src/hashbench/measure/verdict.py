"""What a comparison's figures mean for the one who asked: slower, faster, the same, or
"cannot tell", for each case and for the run; and whether that fails a gate.

A change is called slower or faster only when it is significant (measure/compare.py:
against the noise the comparison shows, the false discovery rate held) and beyond the
threshold. It is the same ("~") only when its whole 95% interval lies within the
threshold: the data shows that no change of that size happened. Otherwise the data can
show neither: "cannot tell", which fails no gate but says so, with what would tell
(more processes, more runs, a quieter machine). A user who asked "is it 5% slower?"
learns whether the answer is no, or unknown. Between those, with one runner process a
side, "possibly slower" or "possibly faster": significant against the comparison's own
noise, but no further than a case that shifted whole in one run would move
(measure/compare.py, `_held`); said with what would tell, it fails no gate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from hashbench.measure.compare import RunMove

Verdict = Literal["slower", "faster", "possibly slower", "possibly faster", "~", "cannot tell"]
VERDICTS: tuple[Verdict, ...] = (
    "slower",
    "faster",
    "possibly slower",
    "possibly faster",
    "~",
    "cannot tell",
)
POSSIBLE: tuple[Verdict, ...] = ("possibly slower", "possibly faster")


class Judgeable(Protocol):
    """What a verdict is read from: a change (or a count's ratio) with its interval."""

    @property
    def relative(self) -> float: ...  # the change, new / old, the machine's move out

    @property
    def low(self) -> float: ...  # its 95% interval

    @property
    def high(self) -> float: ...

    @property
    def significant(self) -> bool: ...

    @property
    def possible(self) -> bool: ...  # significant but for a case that shifted whole


def verdict(change: Judgeable, threshold: float) -> Verdict:
    """The verdict on one change at `threshold` (a fraction: 0.05 for 5%)."""
    beyond = abs(change.relative - 1) > threshold
    if change.significant and beyond:
        return "slower" if change.relative > 1 else "faster"
    if change.possible and beyond:
        return "possibly slower" if change.relative > 1 else "possibly faster"
    if change.low >= 1 - threshold and change.high <= 1 + threshold:
        return "~"
    return "cannot tell"


@dataclass(frozen=True)
class Outcome:
    """The verdicts of a comparison taken together."""

    counts: dict[Verdict, int]
    run_regression: bool  # every case slower together, beyond what the machine explains
    gate: bool  # between runs; within one run nothing is a regression

    @property
    def regression(self) -> bool:
        return self.gate and (self.counts["slower"] > 0 or self.run_regression)

    @property
    def exit_code(self) -> int:
        """1 where a gate finds a significant regression, else 0: "cannot tell" is no
        regression, and the report says it."""
        return 1 if self.regression else 0


def outcome(
    verdicts: Sequence[Verdict], run_regression: bool = False, gate: bool = True
) -> Outcome:
    counts = {v: sum(1 for x in verdicts if x == v) for v in VERDICTS}
    return Outcome(counts, gate and run_regression, gate)


def run_regression(move: RunMove | None, threshold: float) -> bool:
    """Every case slower together, beyond the threshold and beyond the machine's move."""
    return move is not None and move.judged and move.low > 1 + threshold


def run_verdict(move: RunMove, threshold: float) -> str:
    """The move of every case together, in words (a judged move)."""
    if run_regression(move, threshold):
        return "a regression of the whole run"
    if move.high < 1 - threshold:
        return "an improvement of the whole run"
    if move.low > 1 or move.high < 1:
        return "a move, but not beyond the threshold"
    return "within noise"


@dataclass(frozen=True)
class CountChange:
    """A counted case's change: counts repeat, so its ratio is exact but for the
    disagreement of each side's two counts (`spread`), which bounds it."""

    relative: float
    spread: float = 0.0  # the larger of the sides' disagreements, as a fraction

    @property
    def low(self) -> float:
        return self.relative * (1 - self.spread)

    @property
    def high(self) -> float:
        return self.relative * (1 + self.spread)

    @property
    def significant(self) -> bool:
        return self.low > 1 or self.high < 1

    @property
    def possible(self) -> bool:
        return False  # a count does not shift whole from one process to the next
