"""A case's warning codes are worded by the report with their figures; a file written
before the codes keeps its sentences."""

from __future__ import annotations

from hashbench.model import CaseWarning
from hashbench.report.case_warnings import describe


def test_each_code_is_worded_with_its_figures():
    assert (
        describe(CaseWarning("processes_disagree", value=0.123, limit=0.05))
        == "processes disagree: their medians span 12% of the median"
    )
    assert describe(CaseWarning("noisy", value=0.2)) == "noisy: std dev is 20% of the mean"
    assert (
        describe(CaseWarning("too_few_samples", value=2, limit=10))
        == "too few samples (2 < 10): raise --budget"
    )
    assert (
        describe(CaseWarning("wide_interval", value=0.034, limit=0.01))
        == "median CI ±3.4% wider than the ±1% target"
    )
    assert describe(CaseWarning("verification", detail="$2y$ read as $2b$")) == (
        "$2y$ read as $2b$"
    )


def test_an_older_files_sentence_is_shown_as_it_is():
    assert describe("noisy: std dev is 12% of the mean") == "noisy: std dev is 12% of the mean"
