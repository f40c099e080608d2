"""Build every runner whose toolchain is present; skip the others with a clear line.
A runner built on demand (its manifest's `on_demand`) is built when named, or when it was
built before (an update of its lockfile is then picked up)."""

from __future__ import annotations

import subprocess
import time

from rich.console import Console
from rich.markup import escape

from hashbench import paths
from hashbench.catalog import compiled
from hashbench.runner import skipped
from hashbench.runner.manifest import Manifest, load_all


def build_one(manifest: Manifest, console: Console) -> bool:
    problem = manifest.toolchain_problem()
    if problem:
        console.print(f"[yellow]skip[/] runner {manifest.name}: {problem}")
        return False
    start = time.monotonic()
    proc = subprocess.run(manifest.build, cwd=paths.root(), capture_output=True, text=True)
    took = time.monotonic() - start
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        console.print(
            f"[red]fail[/] runner {manifest.name}: `{' '.join(manifest.build)}` "
            f"exited {proc.returncode}\n{tail}"
        )
        return False
    console.print(f"[green]ok[/]   runner {manifest.name} built ({took:.1f} s)")
    # A library the build had to leave out says so on a line "skip <impl>: <why>".
    for impl, why in skipped.record(manifest.name, proc.stdout + proc.stderr).items():
        console.print(f"[yellow]skip[/] {escape(impl)}: {escape(why)}")
    return True


def build_all(names: list[str] | None = None, console: Console | None = None) -> int:
    """Return the number of runners that failed to build (skips are not failures)."""
    console = console or Console(stderr=True)
    console.print(f"[green]ok[/]   catalog compiled to {compiled.ensure()}")
    failed = 0
    for manifest in load_all():
        if names and manifest.name not in names:
            continue
        if manifest.on_demand and not names and not manifest.is_built():
            console.print(
                f"[dim]-[/]    runner {manifest.name} is built on demand: "
                f"`hashbench build {manifest.name}`, or a run that needs it"
            )
            continue
        if not build_one(manifest, console) and manifest.toolchain_problem() is None:
            failed += 1
    return failed
