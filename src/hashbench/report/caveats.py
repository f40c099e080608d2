"""A case's warnings in the terminal report: a letter in its row and one legend line per
group, so the table stays readable (mitata and hyperfine print one line a benchmark);
`--verbose` adds each case's warnings in words (report/case_warnings.py)."""

from __future__ import annotations

from hashbench.model import CaseRecord

MARKS = {
    "noisy": ("n", "noisy"),
    "processes_disagree": ("p", "processes disagree"),
    "too_few_samples": ("s", "too few samples: raise --budget"),
    "wide_interval": ("w", "interval wider than the target"),
    "verification": ("v", "a note of the verifier"),
    "counts_differ": ("c", "counts differ under Valgrind"),
}
IN_WORDS = ("*", "a warning of an older file")  # a file written before the codes
COLUMN = "!"


def _mark(warning: object) -> tuple[str, str]:
    code = getattr(warning, "code", None)
    return MARKS.get(code, IN_WORDS) if isinstance(code, str) else IN_WORDS


def marks(case: CaseRecord) -> str:
    """The letters of a case's warnings, in the legend's order ("" without any)."""
    letters = {_mark(w)[0] for w in case.warnings}
    return "".join(m for m, _ in [*MARKS.values(), IN_WORDS] if m in letters)


def legend(cases: list[CaseRecord]) -> str | None:
    """One line naming the letters the group's rows carry, or None when none does."""
    seen = {_mark(w) for c in cases for w in c.warnings}
    if not seen:
        return None
    words = [f"{m} {what}" for m, what in [*MARKS.values(), IN_WORDS] if (m, what) in seen]
    return f"{COLUMN} " + " · ".join(words) + " (each case's figures: --verbose)"
