"""How many ops a counted process runs.

A count is the difference of two processes, one of `LOW` ops and one of `LOW + more`:
start-up, the hello and the loop's fixed cost are in both and drop out. The processes
differ in a few thousand instructions however alike (the digits of a timed sample they
print, the clock's own path), so `more` ops are chosen to do about `TARGET_NS` of native
work — about 30 million instructions at this machine's 3 per ns, where those thousands
are 0.01% — while Valgrind's slowdown (30–100×) keeps a case to seconds. `more` is a
power of two, so a case's op count stays the same from run to run though its native time
moves a little.
"""

from __future__ import annotations

import math

LOW = 1  # one op in the smaller process: the case's first, cold op is in both
TARGET_NS = 10_000_000
MAX_MORE = 1 << 16


def op_counts(per_op_ns: float) -> tuple[int, int]:
    """(low, high) op counts for an op of about `per_op_ns` natively."""
    wanted = TARGET_NS / max(per_op_ns, 1.0)
    more = 1 if wanted <= 1 else 1 << math.ceil(math.log2(wanted))
    return LOW, LOW + min(more, MAX_MORE)
