"""A case's warnings as codes with their figures: the engine decides them, the report
words them (report/case_warnings.py), and no code decides anything by reading a sentence.

Files written before the codes hold the sentences themselves; they load as plain strings.
"""

from __future__ import annotations

from typing import Literal

import msgspec

WarningCode = Literal[
    "processes_disagree",  # value: the spread of the process medians over the median
    "noisy",  # value: the std dev over the mean
    "too_few_samples",  # value: samples taken; limit: the suite's minimum
    "wide_interval",  # value: the median's CI half-width over the median; limit: the target
    "verification",  # detail: what the verifier noted (the result is still right)
    "counts_differ",  # value: two counts' difference over their mean; limit: the tolerance
]


class CaseWarning(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: WarningCode
    value: float | None = None
    limit: float | None = None
    detail: str = ""
