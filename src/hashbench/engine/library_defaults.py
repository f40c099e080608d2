"""A library-defaults group (`params = "defaults"`, `run --params defaults`): each
implementation measured at the parameters its library picks when called with none, as a
user who writes `bcrypt.hash(pw)` gets (the Deno seed benchmark ran this way).

The runner's no-argument `hash` (docs/protocol.md, "Library defaults") makes one string;
its parameters, read back from the string, become the case's own parameters, and the case
is then verified and timed like any other at exactly those. The time is that of the same
work the no-argument call does; the report shows each row's parameters, because they
differ from row to row.
"""

from __future__ import annotations

import dataclasses

from hashbench import catalog
from hashbench.engine.runners import Runners
from hashbench.engine.suite import Group
from hashbench.errors import UsageError
from hashbench.runner.pool import Implementation
from hashbench.runner.protocol import Request, RunnerError
from hashbench.verify import hash_string_parse


def resolve(runners: Runners, impl: Implementation, group: Group) -> tuple[Group | None, str]:
    """(the group at this library's defaults, "") or (None, why it cannot be measured)."""
    if not impl.info.defaults:
        return None, "the runner does not expose the library's no-argument call"
    try:
        reply = runners.request(
            impl.id,
            0,
            Request(cmd="hash", impl=impl.id, alg=group.alg, password=group.password.hex()),
        )
    except RunnerError as exc:
        return None, f"no-argument hash: {exc}"
    made = reply.encoded or ""
    info = hash_string_parse.parse(made)
    if info is None or not info.params:
        return None, f"parameters not readable from its string {made[:40]!r}"
    try:
        params = catalog.validate(group.alg, info.params)
    except UsageError as exc:
        return None, f"its defaults are outside what hashbench measures: {exc}"
    length = len(info.key) if info.key else None
    return dataclasses.replace(group, params=tuple(params.items()), length=length), ""
