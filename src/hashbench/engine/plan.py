"""What a run will measure, decided once: for each group of the suite, the implementations
the user's selection and the suite's own filter take, and which of them can measure it.
The command, its progress bar, the "nothing to run" error and the note of what the
suite left out all read this one plan.

Before any runner starts, `runners_not_needed` tells from the catalog which runners have
no implementation the selection could take, so a run for one library starts one runner.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from hashbench import catalog
from hashbench.catalog import libraries
from hashbench.engine.selection import Selection
from hashbench.engine.suite import OPS, Group
from hashbench.measure.machine_move import MIN_FOR_NULL
from hashbench.runner.pool import Implementation

SMALL_RUN_PROCESSES = 3  # runner processes a case in a small run (`small_run_processes`)


def suite_takes(group: Group, impl_id: str) -> bool:
    """The suite's own filter of a group (its `impl` regex), whatever the user selects."""
    return group.impl_filter is None or re.search(group.impl_filter, impl_id) is not None


def selected(
    impls: Iterable[Implementation], selection: Selection, group: Group
) -> list[Implementation]:
    """The implementations a group's cases are made of: taken by the user's selection and
    the suite's own filter (whether they can measure it is the case's to find out)."""
    return [i for i in impls if selection.takes(i.id, group) and suite_takes(group, i.id)]


def catalog_ids(runners: set[str]) -> list[str]:
    """The available catalog implementations of these runners."""
    return [row.impl for row in libraries.load() if row.available and row.runner in runners]


def runners_not_needed(selection: Selection, groups: list[Group]) -> set[str]:
    """The runners whose catalog implementations no group could take (none offers the
    group's algorithm and passes both filters). A runner the catalog does not know (a
    test's fixture) is never among them: only its hello can tell."""
    served: set[str] = set()
    wanted: set[str] = set()
    for row in libraries.load():
        if not row.available:
            continue
        served.add(row.runner)
        if any(
            group.alg in row.algorithms
            and selection.takes(row.impl, group)
            and suite_takes(group, row.impl)
            for group in groups
        ):
            wanted.add(row.runner)
    return served - wanted


@dataclass
class GroupPlan:
    group: Group
    chosen: list[Implementation]  # taken by both filters
    measurable: list[Implementation]  # of those, the ones that offer the group's op


@dataclass
class Plan:
    selection: Selection
    groups: list[GroupPlan] = field(default_factory=list)
    # implementations (of the started runners, and of those not started for want of
    # anything to run) that the user's --impl takes but the suite's own filters leave out
    # of every group
    left_out: list[str] = field(default_factory=list)

    @classmethod
    def make(
        cls,
        implementations: Iterable[Implementation],
        selection: Selection,
        groups: list[Group],
        not_started: Iterable[str] = (),
    ) -> Plan:
        """`not_started`: the ids of implementations whose runners were not started
        because no group could take them (`runners_not_needed`)."""
        impls = list(implementations)
        plan = cls(selection)
        for group in groups:
            chosen = selected(impls, selection, group)
            measurable = [
                i for i in chosen if not i.why_unsupported(group.alg, group.op, group.mode)
            ]
            plan.groups.append(GroupPlan(group, chosen, measurable))
        by_impl = Selection(impl=selection.impl)
        ids = [i.id for i in impls] + list(not_started)
        in_some_group = {
            i for g in groups for i in ids if by_impl.takes(i, g) and suite_takes(g, i)
        }
        plan.left_out = sorted(i for i in ids if by_impl.takes_impl(i) and i not in in_some_group)
        return plan

    def seconds(self, budget: float | None) -> list[float]:
        """Each group's sampling budget in all (the progress bar's measure)."""
        return [(budget or g.group.budget) * len(g.measurable) for g in self.groups]

    @property
    def empty(self) -> bool:
        return not any(g.measurable for g in self.groups)

    @property
    def cases(self) -> int:
        return sum(len(g.measurable) for g in self.groups)

    def small_run_processes(self, given: int | None, passes: int) -> int | None:
        """SMALL_RUN_PROCESSES where no --processes was given and the run is small: fewer
        cases than a comparison measures the noise and the machine's move from
        (MIN_FOR_NULL), each of one process in its suite. Such a comparison has only each
        case's own spread between its processes to judge it by (measure/compare.py), and
        a small run's extra processes cost a few seconds. Else `given`."""
        if given is not None or passes > 1 or self.cases >= MIN_FOR_NULL:
            return given
        if any(g.group.processes > 1 for g in self.groups if g.measurable):
            return given
        return SMALL_RUN_PROCESSES

    def ops_offered_instead(self) -> dict[tuple[str, str], list[str]]:
        """For each (implementation, algorithm) chosen but measurable in no group, the
        ops it does offer for that algorithm (a user who asked for the wrong one is told
        which to ask for)."""
        measured = {(i.id, g.group.alg) for g in self.groups for i in g.measurable}
        offered: dict[tuple[str, str], list[str]] = {}
        for g in self.groups:
            alg, mode = g.group.alg, g.group.mode
            for impl in g.chosen:
                if (impl.id, alg) in measured or alg not in impl.info.algorithms:
                    continue
                ops: list[str] = [
                    op
                    for op in OPS
                    if (op == "digest") == (catalog.algorithm(alg).kind == "digest")
                    and not impl.why_unsupported(alg, op, mode)
                ]
                if ops:
                    offered[(impl.id, alg)] = ops
        return offered
