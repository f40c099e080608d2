"""Student's t distribution, imported from scipy on first use: importing scipy.stats takes
half a second, which every command paid at start (`hashbench --help` took 1.4 s) though
only comparisons and the history store's intervals need it."""

from __future__ import annotations

import functools
from typing import Any


@functools.cache
def student_t() -> Any:
    from scipy.stats import t

    return t
