"""One password's guess number from zxcvbn (PyPI `zxcvbn`, Dropbox's estimator ported to
Python), for a row of the breach grid.

The password is read from standard input (without echo at a terminal), given to zxcvbn
and dropped: only the guess number leaves this module. It is never printed, logged or
written to a file (tests/test_breach.py holds it to that).
"""

from __future__ import annotations

import getpass
import sys
from typing import TextIO

from hashbench.errors import UsageError

NAME = "zxcvbn"
MAX_LENGTH = 72  # zxcvbn 4.5's default max_length


def read_password(stream: TextIO | None = None) -> str:
    """One line of standard input, its line ending removed; at a terminal, without echo."""
    stream = stream or sys.stdin
    if stream.isatty():
        return getpass.getpass("password (not shown, not kept): ", stream=sys.stderr)
    return stream.readline().rstrip("\r\n")


def guesses(password: str) -> float:
    """zxcvbn's estimate of the guesses an attacker needs to reach this password."""
    if not password:
        raise UsageError("--estimate: no password on standard input")
    try:
        from zxcvbn import zxcvbn
    except ImportError:
        raise UsageError("--estimate needs zxcvbn (PyPI): run `make setup`") from None
    if len(password) > MAX_LENGTH:  # zxcvbn refuses longer ones (its matching is quadratic)
        raise UsageError(
            f"--estimate: zxcvbn estimates passwords of at most {MAX_LENGTH} characters"
        )
    result = zxcvbn(password, max_length=MAX_LENGTH)
    return float(result["guesses"])


def from_stdin(stream: TextIO | None = None) -> float:
    return guesses(read_password(stream))
