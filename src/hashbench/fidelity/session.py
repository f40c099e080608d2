"""A fidelity session: every available runner started once; requests that survive
crashes, hangs and garbage (reported as a `crash` / `timeout` / `garbage` error)."""

from __future__ import annotations

import re
from typing import Any

from hashbench.runner.client import RunnerFault
from hashbench.runner.pool import RunnerPool


class Session:
    def __init__(self, pool: RunnerPool, filter_regex: str | None = None):
        self.pool = pool
        self.pattern = re.compile(filter_regex) if filter_regex else None

    def impls(self) -> list[dict[str, Any]]:
        return [
            i.info
            for i in self.pool.implementations.values()
            if not self.pattern or self.pattern.search(i.id)
        ]

    def impls_with(self, alg: str, op: str) -> list[str]:
        return [i["id"] for i in self.impls() if alg in i["algorithms"] and op in i["ops"]]

    def at_own_params_only(self, impl_id: str, reply: dict[str, Any]) -> bool:
        """The hash refused the asked parameters as unsupported, but the library has a call
        without any (@ts-rex/bcrypt: cost 12, no option): ask that one instead, so its
        string is still made and checked."""
        kind = reply.get("error", {}).get("kind")
        return kind == "unsupported" and bool(
            self.pool.implementations[impl_id].info.get("defaults")
        )

    def call(
        self, impl_id: str, cmd: str, timeout: float | None = None, **fields: Any
    ) -> dict[str, Any]:
        """The reply, or an error reply standing for a runner fault (the runner is
        restarted on the next call)."""
        try:
            client = self.pool.client_for(impl_id)
            return client.call_raw(cmd, timeout=timeout, impl=impl_id, **fields)
        except RunnerFault as exc:
            return {"error": {"kind": exc.kind, "message": exc.message}}
