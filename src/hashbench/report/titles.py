"""How reports name a case: its group title, and a key unique within a run.

Records store the title they were run under, and files written before parameters carried
their units say `m=65536`; deriving it here (model.labels, the one place titles are
made) prints `m=64 MiB` for old files and new alike.
"""

from __future__ import annotations

from hashbench import catalog
from hashbench.model import CaseRecord, labels


def title(case: CaseRecord) -> str:
    return labels.group_title(
        case.alg,
        case.op,
        case.mode,
        tuple(case.params.items()),
        case.input_size,
        catalog.units(case.alg),
        case.library_defaults,
    )


def keyed(cases: list[CaseRecord]) -> dict[str, CaseRecord]:
    """Measured-or-tried records by case id. A suite may measure one case in two groups
    (`seeds` includes `js`, and both have bcrypt cost=10 hash): the second occurrence is
    keyed `<id> #2`, so compare pairs them in order and no export drops one."""
    out: dict[str, CaseRecord] = {}
    for c in cases:
        if c.status == "not_applicable":
            continue
        key, n = c.id, 1
        while key in out:
            n += 1
            key = f"{c.id} #{n}"
        out[key] = c
    return out


def params_of(case: CaseRecord) -> str:
    """The parameters a case ran at, as titles show them (m=64 MiB,t=3,p=4)."""
    return labels.params_label(tuple(case.params.items()), catalog.units(case.alg))
