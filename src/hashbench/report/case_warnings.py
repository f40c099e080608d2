"""A case's warning codes in words, one line each (model/case_warning.py)."""

from __future__ import annotations

from hashbench.model import CaseWarning


def describe(warning: CaseWarning | str) -> str:
    if isinstance(warning, str):  # a file written before the codes
        return warning
    value, limit = warning.value or 0.0, warning.limit or 0.0
    match warning.code:
        case "processes_disagree":
            return f"processes disagree: their medians span {value:.0%} of the median"
        case "noisy":
            return f"noisy: std dev is {value:.0%} of the mean"
        case "too_few_samples":
            return f"too few samples ({value:.0f} < {limit:.0f}): raise --budget"
        case "wide_interval":
            return f"median CI ±{value:.1%} wider than the ±{limit:.0%} target"
        case "verification":
            return warning.detail
        case "counts_differ":
            return (
                f"counts differ: two counts {value:.3%} apart (tolerance {limit:.2%}); "
                "the runner is not deterministic under Valgrind"
            )
