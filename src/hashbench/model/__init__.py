"""The typed results model: one definition of a case, a record and a run file.

Everything that reads or writes results (engine, results files, the history store,
reports, compare) uses these types; the JSON schema is generated from them
(`hashbench.model.schema`). Nothing here imports the rest of hashbench.
"""

from hashbench.model.case_id import CaseId
from hashbench.model.case_warning import CaseWarning, WarningCode
from hashbench.model.records import CaseRecord, Stats, Verification
from hashbench.model.run_file import (
    KIND,
    VERSION,
    Environment,
    Resumption,
    RunFile,
    RunnerInfo,
    RunOptions,
)

__all__ = [
    "KIND",
    "VERSION",
    "CaseId",
    "CaseRecord",
    "CaseWarning",
    "Environment",
    "Resumption",
    "RunFile",
    "RunOptions",
    "RunnerInfo",
    "Stats",
    "Verification",
    "WarningCode",
]
