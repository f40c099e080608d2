"""`openssl speed` on the machine of a run: the side file the seeds report shows beside
the Crystal seed's own `openssl speed` table."""

from __future__ import annotations

import msgspec

KIND = "hashbench-openssl-speed"


class SpeedRow(msgspec.Struct, forbid_unknown_fields=True):
    name: str  # the digest as openssl names it (md5, sha256, blake2b512)
    size: int  # bytes per block
    ops: int  # blocks hashed
    seconds: float

    @property
    def ns_per_op(self) -> float:
        return self.seconds * 1e9 / self.ops


class OpensslSpeed(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = KIND
    openssl: str  # `openssl version`
    command: str  # one of the commands run, with {size} and {name} for what varied
    measured: str  # when (ISO 8601, UTC)
    cpu: str
    rows: list[SpeedRow] = []

    def row(self, name: str, size: int) -> SpeedRow | None:
        return next((r for r in self.rows if r.name == name and r.size == size), None)
