"""`hashbench capacity`: logins per second and latency at concurrency 1, 2, … past the core
count, peak RSS per process, and how many concurrent logins fit in a memory budget."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from hashbench import catalog
from hashbench.command_support import strength_session as common
from hashbench.command_support.deprecated import Renamed
from hashbench.command_support.interrupts import end_on_signals
from hashbench.engine.suite import parse_params
from hashbench.errors import UsageError
from hashbench.report import strength_terminal
from hashbench.report.console import console
from hashbench.strength import capacity, pick, sources
from hashbench.strength.quantities import parse_duration_ns, parse_memory_bytes

NAME = "capacity"
HELP = "logins/s, p50/p99 latency by concurrency, and logins that fit in a memory budget"
EXAMPLE = (
    "hashbench capacity --alg argon2id --params m=262144,t=3,p=1 --memory 4GiB\n"
    "  hashbench capacity --reference 'OWASP bcrypt' --reference 'libsodium MODERATE' \\\n"
    "      --max-concurrency 6"
)
DEFAULT_REFS = ["OWASP bcrypt (cost 10)", "OWASP argon2id (19 MiB, t=2)", "libsodium MODERATE"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--alg", help="password hash (with --params)")
    p.add_argument("--params", help="its parameters, e.g. m=262144,t=3,p=1 (default: catalog's)")
    p.add_argument(
        "--reference",
        action="append",
        help="a parameter set of catalog/reference-params.toml by label (substring, repeatable; "
        f"default: {'; '.join(DEFAULT_REFS)})",
    )
    p.add_argument("--ref", dest="reference", action=Renamed, new="--reference", append=True)
    p.add_argument("--impl", action="append", help="implementation id (default: the fastest)")
    p.add_argument("--memory", default="4GiB", help="memory budget for logins (default 4GiB)")
    p.add_argument(
        "--max-concurrency", type=int, help="highest concurrency (default twice the cores)"
    )
    p.add_argument("--duration", default="3s", help="sampling per concurrency (default 3s)")
    p.add_argument("--out", type=Path, help="results file (default results/<time>-capacity.json)")


def _sets(args: argparse.Namespace) -> list[tuple[str, dict[str, int]]]:
    if args.alg:
        if args.reference:
            raise UsageError("give --alg/--params or --reference, not both")
        common.algorithms([args.alg])
        return [(args.alg, catalog.validate(args.alg, parse_params(args.params or "")))]
    if args.params:
        raise UsageError("--params needs --alg")
    chosen = []
    for wanted in args.reference or DEFAULT_REFS:
        found = [r for r in sources.references() if wanted.lower() in r.label.lower()]
        if not found:
            labels = "; ".join(r.label for r in sources.references())
            raise UsageError(f"--reference {wanted!r} matches no parameter set; known: {labels}")
        chosen += [(r.alg, r.params) for r in found]
    unique = dict.fromkeys((a, tuple(p.items())) for a, p in chosen)
    return [(a, dict(p)) for a, p in unique]


def run(args: argparse.Namespace) -> int:
    end_on_signals()
    sets = _sets(args)
    memory = parse_memory_bytes(args.memory)
    budget_s = parse_duration_ns(args.duration) / 1e9
    if not 0.2 <= budget_s <= 600:
        raise UsageError("--duration must be from 0.2s to 600s")
    cores = os.cpu_count() or 1
    highest = 2 * cores if args.max_concurrency is None else args.max_concurrency
    if not 1 <= highest <= 64:
        raise UsageError("--max-concurrency must be from 1 to 64")
    wanted = common.impls(args.impl)
    algs = list(dict.fromkeys(a for a, _ in sets))
    path = common.out_path(args.out, NAME)
    out = console()
    file = common.new_file(
        "capacity",
        {"memory budget": args.memory, "sampling per level": args.duration,
         "concurrency": f"1 to {highest}"},
    )  # fmt: skip
    limits = common.limits(argparse.Namespace(memory_limit=None, parallelism=None))
    runners = pick.runners_for(algs, wanted, False)
    with common.session(file, path, runners, out) as s:
        pick.check_wanted(s.bench.pool, wanted, algs)
        impl_of = {}
        for alg in algs:
            mine = [i for i in wanted if alg in s.bench.pool.implementations[i].info.algorithms]
            choice = pick.choose(s.bench, alg, limits, mine)
            file.choices.append(choice)
            impl_of[alg] = choice.impl
        s.save()
        for alg, params in sets:
            if not impl_of[alg]:
                continue
            impl = impl_of[alg]
            runner = s.bench.pool.implementations[impl].runner
            try:
                cap, records = capacity.measure(
                    impl, runner, alg, params, capacity.levels_up_to(highest), budget_s, memory,
                    cores, s.bench.progress,
                )  # fmt: skip
            except capacity.MeasureError as exc:
                file.warnings.append(str(exc))
                continue
            file.capacity.append(cap)
            s.bench.records.extend(records)
            s.save()
        s.finish()
    strength_terminal.render_capacity(file, out)
    out.print(f"\nresults: {path}")
    failed = any(not c.impl for c in file.choices) or any("at once" in w for w in file.warnings)
    return 1 if failed else 0
