"""`hashbench list` and `hashbench doctor`: what is here, what is not, and why."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from hashbench.catalog import libraries
from hashbench.measure import env
from hashbench.runner.client import RunnerError, RunnerFault
from hashbench.runner.manifest import load_all
from hashbench.runner.pool import RunnerPool


def inventory(pool: RunnerPool) -> list[dict[str, Any]]:
    """Every implementation a started runner offers, plus every catalog row that is not
    running here, with the reason."""
    rows: list[dict[str, Any]] = []
    for impl in pool.implementations.values():
        info = impl.info
        rows.append(
            {
                "impl": impl.id,
                "runner": impl.runner,
                "library": info["library"],
                "version": info["version"],
                "backend": info["backend"],
                "algorithms": info["algorithms"],
                "ops": info["ops"],
                "modes": info.get("modes", []),
                "available": True,
                "reason": info.get("notes", ""),
            }
        )
    running = set(pool.implementations)
    for row in libraries.load():
        impl_id = row.get("impl", "")
        if impl_id and impl_id in running:
            continue
        runner = impl_id.split("/", 1)[0] if impl_id else row.get("catalog_file", "")[:-5]
        if row.get("available", False) and runner in pool.unavailable:
            reason = f"runner {runner} skipped: {pool.unavailable[runner]}"
        elif row.get("available", False):
            reason = "listed in the catalog but not offered by its runner"
        else:
            reason = row.get("reason", "unavailable")
        rows.append(
            {
                "impl": impl_id or f"{runner}/{row.get('name')}",
                "runner": runner,
                "library": row.get("name", ""),
                "version": row.get("version", ""),
                "backend": row.get("backend", ""),
                "algorithms": row.get("algorithms", []),
                "ops": [],
                "modes": [],
                "available": False,
                "reason": reason,
            }
        )
    return sorted(rows, key=lambda r: (r["runner"], not r["available"], r["impl"]))


def print_list(as_json: bool, console: Console) -> int:
    with RunnerPool() as pool:
        pool.start()
        rows = inventory(pool)
        skipped = dict(pool.unavailable)
    if as_json:
        print(json.dumps({"implementations": rows, "skipped_runners": skipped}, indent=1))
        return 0
    table = Table(header_style="bold", box=None)
    for col in ("implementation", "library", "version", "backend", "algorithms", "status"):
        table.add_column(col)
    for r in rows:
        status = (
            "[green]available[/]" if r["available"] else f"[yellow]unavailable[/]: {r['reason']}"
        )
        table.add_row(
            r["impl"], r["library"], r["version"], r["backend"], " ".join(r["algorithms"]), status
        )
    console.print(table)
    for name, why in skipped.items():
        console.print(f"[yellow]runner {name} skipped[/]: {why}")
    n = sum(r["available"] for r in rows)
    console.print(f"{n} implementations available, {len(rows) - n} unavailable")
    return 0


def doctor(console: Console) -> int:
    snap = env.snapshot()
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
            console.print(f"[yellow]runner {manifest.name}[/]: not built — run `make setup`")
            problems += 1
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
                noop = client.call("bench", op="noop", iters=100_000, samples=11)
                per = sorted(noop["samples_ns"])[5] / noop["iters"]
                overhead = f"{per:.2f} ns/iter"
            except (RunnerError, RunnerFault) as exc:
                overhead = f"error: {exc}"
                problems += 1
            timer = client.hello.get("timer", {})
            console.print(
                f"[green]runner {manifest.name}[/]: {client.hello.get('runtime')} · "
                f"{len(client.hello['implementations'])} implementations · timer "
                f"{timer.get('clock', '?')} {timer.get('resolution_ns', '?')} ns · "
                f"loop overhead {overhead}"
            )
    for w in env.warnings(snap["load_start"], snap["cores"]):
        console.print(f"[yellow]warning:[/] {w}")
    return 1 if problems else 0
