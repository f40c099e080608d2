"""`hashbench doctor`: toolchains, builds, timer resolution, loop overhead, the machine."""

from __future__ import annotations

import argparse

from hashbench import machine
from hashbench.report.console import console as report_console
from hashbench.runner.manifest import load_all
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import RunnerError

NAME = "doctor"
HELP = "toolchains, builds, timer resolution, loop overhead"
EXAMPLE = "hashbench doctor"


def add_arguments(p: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    console = report_console()
    snap = machine.snapshot()
    console.print(
        f"CPU: {snap['cpu']} · {snap['cores']} cores"
        f" · governor {snap['governor'] or 'not readable (no cpufreq)'}"
        f" · boost {snap['boost'] or 'not readable'} · load {snap['load_start']}"
    )
    problems = 0
    for manifest in load_all():
        missing = manifest.toolchain_problem()
        if missing:
            console.print(f"[yellow]runner {manifest.name}[/]: toolchain missing — {missing}")
            continue
        if not manifest.is_built():
            console.print(f"[yellow]runner {manifest.name}[/]: {manifest.not_built()}")
            problems += not manifest.on_demand  # built when a run needs it
            continue
        with RunnerPool([manifest]) as pool:
            pool.start()
            client = pool.clients.get(manifest.name)
            if client is None:
                console.print(
                    f"[red]runner {manifest.name}[/]: {pool.unavailable.get(manifest.name)}"
                )
                problems += 1
                continue
            try:
                overhead = f"{client.loop_overhead_ns():.2f} ns/iter"
            except RunnerError as exc:
                overhead = f"error: {exc}"
                problems += 1
            hello = client.hello
            assert hello is not None  # started
            console.print(
                f"[green]runner {manifest.name}[/]: {hello.runtime} · "
                f"{len(hello.implementations)} implementations · timer "
                f"{hello.timer.clock or '?'} {hello.timer.resolution_ns or '?'} ns · "
                f"loop overhead {overhead}"
            )
    for w in machine.warnings(snap["load_start"], snap["cores"]):
        console.print(f"[yellow]warning:[/] {w}")
    return 1 if problems else 0
