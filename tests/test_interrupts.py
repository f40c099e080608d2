"""A Ctrl-C that Python swallows (raised in a fork hook or a __del__, printed as
"Exception ignored") still ends the command (command_support/interrupts.py)."""

from __future__ import annotations

import subprocess
import sys

SWALLOWED = """
import time
from hashbench.command_support.interrupts import end_on_signals
{install}
class Swallowed:
    def __del__(self):
        raise KeyboardInterrupt  # as a signal landing in a fork hook is
Swallowed()
try:
    time.sleep(5)
    print("carried on")
except KeyboardInterrupt:
    print("interrupted")
"""


def _run(install: str) -> str:
    code = SWALLOWED.format(install=install)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return done.stdout.strip()


def test_a_swallowed_interrupt_is_raised_again_in_ordinary_code():
    assert _run("end_on_signals()") == "interrupted"


def test_without_it_python_carries_on():
    """What the test above guards against: Python's own behaviour."""
    assert _run("") == "carried on"
