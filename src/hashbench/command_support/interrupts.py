"""Ctrl-C and SIGTERM end a long command the same way: KeyboardInterrupt, so what is
finished is on disk and the command exits 130.

SIGINT is set too, not only SIGTERM: a process started in the background by a shell
without job control (`cmd &` in a script, `nohup`, as CI may run it) inherits SIGINT
ignored, and Python then leaves it so — a `calibrate` so started ran to its end through a
Ctrl-C meant to stop it.

A KeyboardInterrupt raised where Python swallows exceptions — a fork hook (logging's
`_releaseLock` runs after every subprocess fork), a `__del__` — is printed as "Exception
ignored" and the command carried on: a `strength` stopped right after a save ran to its
end one time in four. Such a swallowed interrupt sends the signal again a moment later
(from a thread: raised at once, it would land in the same hook), to arrive in ordinary
code.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any


def _raise_again(unraisable: Any) -> None:
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        threading.Timer(0.01, os.kill, (os.getpid(), signal.SIGINT)).start()
        return
    sys.__unraisablehook__(unraisable)


def end_on_signals() -> None:
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.unraisablehook = _raise_again
