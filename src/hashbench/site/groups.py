"""A site's groups: the work every implementation shares (a case id without its
implementation), with each machine's newest timed record of each case and every case's
history with its change points, one series per measure (counted runs beside timed)."""

from __future__ import annotations

from collections import defaultdict

from hashbench import catalog
from hashbench.cards.reference import group_key
from hashbench.model import CaseRecord
from hashbench.model.counts import MEASURES
from hashbench.model.history_point import threshold
from hashbench.model.site import CaseHistory, Group, Machine, Ranking
from hashbench.store.changes import plotted, series
from hashbench.store.history import Store
from hashbench.store.runtime_series import by_major


def _histories(store: Store, case_id: str, given: float | None) -> list[CaseHistory]:
    """A case's series: one per measure, and per runtime major (node/ on Node 20 and on
    Node 26 are two, titled by it)."""
    impl = case_id.split(":", 1)[0]
    out = []
    for measure, every in series(store.case_history(case_id)).items():
        parts = by_major(every)
        for runtime, points in parts:
            several = runtime if len(parts) > 1 else ""
            title = f"{case_id} on {runtime}" if several else case_id
            marked = plotted(points, threshold(measure, given))
            out.append(CaseHistory(title, impl, marked, measure, several))
    return out


def groups(store: Store, machines: list[Machine], given: float | None) -> list[Group]:
    """Every group timed on any machine, in catalog order of their algorithms. A case's
    counted runs (`run --measure instructions|cycles`) join its group's histories; a group
    never timed anywhere has no ranking and no page. `given`: the change-point threshold
    asked for (else each measure's default, model/history_point.py)."""
    found: dict[str, Group] = {}
    for m in machines:
        by_key: dict[str, list[tuple[CaseRecord, str]]] = defaultdict(list)
        for record, label in store.latest_cases(m.fingerprint):
            if record.status != "not_applicable":
                by_key[group_key(record.case_id)].append((record, label))
        for key, records in by_key.items():
            group = found.setdefault(key, Group(key, records[0][0].alg, [], []))
            group.rankings.append(Ranking(m.label, records))
    counted: dict[str, set[str]] = defaultdict(set)
    for case_id in store.case_ids("*", MEASURES[1:]):
        counted[case_id.split(":", 1)[1]].add(case_id)
    order = {alg: n for n, alg in enumerate(catalog.algorithms())}
    chosen = sorted(found.values(), key=lambda g: (order.get(g.alg, len(order)), g.key))
    for group in chosen:
        ids = {r.id for ranking in group.rankings for r, _ in ranking.records}
        group.histories = [
            h
            for case_id in sorted(ids | counted[group.key])
            for h in _histories(store, case_id, given)
        ]
    return chosen
