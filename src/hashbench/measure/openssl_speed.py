"""Run `openssl speed` for the seeds report (`seeds-report --measure-openssl-speed`): one
process per digest and block size, machine-readable output (`-mr`):
`+R:<blocks>:<name>:<seconds>`. Its side file is results/openssl_speed_file.py's."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess

from hashbench import machine
from hashbench.errors import UsageError
from hashbench.model.openssl_speed import OpensslSpeed, SpeedRow

COMMAND = "openssl speed -mr -seconds {seconds} -bytes {size} -evp {name}"
RESULT = re.compile(r"^\+R:(\d+):([\w-]+):([\d.]+)\s*$", re.MULTILINE)


def measure(names: list[str], sizes: list[int], seconds: int = 1) -> OpensslSpeed:
    """Each digest over each block size for `seconds`; UsageError without openssl."""
    if shutil.which("openssl") is None:
        raise UsageError("openssl is not installed: `openssl speed` cannot run")
    rows = []
    for name in names:
        for size in sizes:
            command = COMMAND.format(seconds=seconds, size=size, name=name).split()
            done = subprocess.run(command, capture_output=True, text=True, timeout=60 + seconds)
            found = RESULT.search(done.stdout + done.stderr)  # -mr prints to stderr
            if done.returncode != 0 or not found:
                why = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
                raise UsageError(f"`{' '.join(command)}` failed: {why[0]}")
            rows.append(SpeedRow(name, size, int(found.group(1)), float(found.group(3))))
    version = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout
    return OpensslSpeed(
        openssl=version.strip(),
        command=COMMAND.format(seconds=seconds, size="{size}", name="{name}"),
        measured=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        cpu=machine.cpu_model(),
        rows=rows,
    )
