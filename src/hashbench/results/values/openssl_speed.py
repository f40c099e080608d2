"""An `openssl speed` side file's values: blocks of a size, hashed in some seconds."""

from __future__ import annotations

from hashbench.model.openssl_speed import OpensslSpeed
from hashbench.results.values import bounds as b


def check(speed: OpensslSpeed) -> None:
    """Raises BadValue at the first figure out of bounds."""
    b.moment("$.measured", speed.measured)
    for i, row in enumerate(speed.rows):
        b.byte_count(f"$.rows[{i}].size", row.size)
        b.count(f"$.rows[{i}].ops", row.ops, 1)
        b.seconds(f"$.rows[{i}].seconds", row.seconds, b.DAY_S)
        if row.seconds == 0:
            raise b.BadValue(f"$.rows[{i}].seconds", row.seconds, "a time must be positive")
