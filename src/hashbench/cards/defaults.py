"""A card's defaults: the parameters the library picks when called with none (the
fidelity run's `defaults`, and a run's library-defaults groups), each against OWASP's
minimum as the attacker model rates it (strength/costing.py)."""

from __future__ import annotations

from hashbench.model import CaseRecord
from hashbench.model.card import Defaults
from hashbench.model.fidelity import DefaultsRow
from hashbench.strength.costing import owasp_flag


def _weaker(alg: str, params: dict[str, int]) -> str:
    try:
        return owasp_flag(alg, params)
    except (KeyError, ValueError):  # an algorithm the attacker model does not cover
        return ""


def from_fidelity(rows: list[DefaultsRow]) -> list[Defaults]:
    return [
        Defaults(
            alg=row.alg,
            params=row.params,
            weaker=_weaker(row.alg, row.params) if row.params else "",
            detail="" if row.params else row.detail,
        )
        for row in rows
    ]


def from_records(records: list[CaseRecord]) -> list[Defaults]:
    """A run's `params = "defaults"` groups: the case's parameters are the library's own."""
    seen: dict[str, Defaults] = {}
    for r in records:
        if r.library_defaults and r.params and r.alg not in seen:
            seen[r.alg] = Defaults(
                alg=r.alg, params=dict(r.params), weaker=_weaker(r.alg, r.params)
            )
    return list(seen.values())
