"""Ctrl-C and SIGTERM end a long command the same way: KeyboardInterrupt, so what is
finished is on disk and the command exits 130.

SIGINT is set too, not only SIGTERM: a process started in the background by a shell
without job control (`cmd &` in a script, `nohup`, as CI may run it) inherits SIGINT
ignored, and Python then leaves it so — a `calibrate` so started ran to its end through a
Ctrl-C meant to stop it.
"""

from __future__ import annotations

import signal


def end_on_signals() -> None:
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    signal.signal(signal.SIGINT, signal.default_int_handler)
