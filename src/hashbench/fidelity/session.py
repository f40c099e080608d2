"""A fidelity session: every available runner started once; requests that survive
crashes, hangs and garbage (reported as a `crash` / `timeout` / `garbage` error)."""

from __future__ import annotations

import re
from typing import Any

from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import (
    Cmd,
    ImplementationInfo,
    Reply,
    Request,
    RunnerError,
    fault_reply,
)


class Session:
    def __init__(self, pool: RunnerPool, filter_regex: str | None = None):
        self.pool = pool
        self.pattern = re.compile(filter_regex) if filter_regex else None

    def impls(self) -> list[ImplementationInfo]:
        return [
            i.info
            for i in self.pool.implementations.values()
            if not self.pattern or self.pattern.search(i.id)
        ]

    def impls_with(self, alg: str, op: str) -> list[str]:
        return [i.id for i in self.impls() if i.offers(alg, op)]

    def info(self, impl_id: str) -> ImplementationInfo:
        return self.pool.implementations[impl_id].info

    def at_own_params_only(self, impl_id: str, reply: Reply) -> bool:
        """The hash refused the asked parameters as unsupported, but the library has a call
        without any (@ts-rex/bcrypt: cost 12, no option): ask that one instead, so its
        string is still made and checked."""
        return reply.error_kind == "unsupported" and self.info(impl_id).defaults

    def call(self, impl_id: str, cmd: Cmd, timeout: float | None = None, **fields: Any) -> Reply:
        """The reply, or an error reply standing for a runner fault (the runner is
        restarted on the next call)."""
        try:
            client = self.pool.client_for(impl_id)
            return client.send(Request(cmd=cmd, impl=impl_id, **fields), timeout)
        except RunnerError as exc:
            return fault_reply(exc)
