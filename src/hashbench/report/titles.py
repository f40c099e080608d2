"""How reports name a case: its group title, and a key unique within a run.

Records store the title they were run under, and files written before parameters carried
their units say `m=65536`; deriving it here (model.labels, the one place titles are
made) prints `m=64 MiB` for old files and new alike. Only the stored title's tag (the
bench's name, where two groups of a suite do the same work) is read from the file.
"""

from __future__ import annotations

from collections import defaultdict

from hashbench import catalog
from hashbench.model import CaseRecord, RunFile, labels


def title(case: CaseRecord) -> str:
    """The title derived from the case, with the tag its stored title carries, if any: a
    suite's groups of the same work are told apart by their bench's name (engine/suite)."""
    base = labels.group_title(
        case.alg,
        case.op,
        case.mode,
        tuple(case.params.items()),
        case.input_size,
        catalog.units(case.alg),
        case.library_defaults,
    )
    return labels.tagged_title(base, labels.title_tag(case.group_title))


def groups(run: RunFile) -> list[list[CaseRecord]]:
    """The run's groups in order, each with its records."""
    by: dict[int, list[CaseRecord]] = defaultdict(list)
    for c in run.cases:
        by[c.group].append(c)
    return [by[k] for k in sorted(by)]


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
