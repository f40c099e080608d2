"""The "nothing to run" error, the same for a timed and a counted run: what the selection
was, what the suite's own filter left out, which op a library offers instead, which runners
were skipped and why, and (for a counted run) which chosen runners refuse counting."""

from __future__ import annotations

from collections.abc import Mapping

from hashbench.engine import suite as suites
from hashbench.engine.plan import Plan
from hashbench.runner.pool import RunnerPool


def nothing_to_run(
    suite: suites.Suite,
    plan: Plan,
    pool: RunnerPool,
    measure: str | None = None,
    refused: Mapping[str, str] | None = None,
) -> str:
    """`measure` and `refused` (runner → why it is not counted): a counted run's."""
    chosen = plan.selection.describe()
    why = [f"selection {chosen}"] if chosen else []
    left = plan.left_out
    if left and plan.selection.impl:
        why.append(f"{suite.path.name} leaves out {', '.join(left[:6])} (its impl filter)")
    for (impl, alg), ops in plan.ops_offered_instead().items():
        flags = ",".join(ops)
        why.append(f"{impl} offers {alg} as {' and '.join(ops)} only (add --op {flags})")
    impls = sorted({i.id for g in plan.groups for i in g.chosen})
    for name, reason in sorted((refused or {}).items()):
        theirs = [i for i in impls if i.split("/", 1)[0] == name]
        if theirs:
            why.append(
                f"runner {name} is not counted ({', '.join(theirs[:6])}): {reason}; "
                "time it without --measure"
            )
    why += [f"runner {name} skipped: {reason}" for name, reason in pool.unavailable.items()]
    if not pool.clients:
        why.append("no runner started")
    what = f"{suite.name} ({measure})" if measure else suite.name
    return f"nothing to run in suite {what}: " + ("; ".join(why) or "no implementation applies")
