"""A site's groups: the work every implementation shares (a case id without its
implementation), with each machine's newest record of each case and every case's history
with its change points."""

from __future__ import annotations

from collections import defaultdict

from hashbench import catalog
from hashbench.cards.reference import group_key
from hashbench.model import CaseRecord
from hashbench.model.site import CaseHistory, Group, Machine, Ranking
from hashbench.store.changes import plotted
from hashbench.store.history import Store


def _shown(status: str, counted: bool) -> bool:
    """A record a ranking lists: tried (not `not_applicable`) and timed (a counted run's
    events per op are no time to rank by)."""
    return status != "not_applicable" and not counted


def groups(store: Store, machines: list[Machine], limit: float) -> list[Group]:
    """Every group measured on any machine, in catalog order of their algorithms."""
    found: dict[str, Group] = {}
    for m in machines:
        by_key: dict[str, list[tuple[CaseRecord, str]]] = defaultdict(list)
        for record, label in store.latest_cases(m.fingerprint):
            if _shown(record.status, record.counts is not None):
                by_key[group_key(record.case_id)].append((record, label))
        for key, records in by_key.items():
            group = found.setdefault(key, Group(key, records[0][0].alg, [], []))
            group.rankings.append(Ranking(m.label, records))
    order = {alg: n for n, alg in enumerate(catalog.algorithms())}
    chosen = sorted(found.values(), key=lambda g: (order.get(g.alg, len(order)), g.key))
    for group in chosen:
        ids = sorted({r.id for ranking in group.rankings for r, _ in ranking.records})
        group.histories = [
            CaseHistory(
                case_id, case_id.split(":", 1)[0], plotted(store.case_history(case_id), limit)
            )
            for case_id in ids
        ]
    return chosen
