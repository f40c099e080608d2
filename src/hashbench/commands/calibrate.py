"""`hashbench calibrate`: the strongest parameters per password hash whose median time on
this machine stays at or under a target."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench.command_support import strength_session as common
from hashbench.command_support.interrupts import end_on_signals
from hashbench.command_support.strength_resume import StrengthResume
from hashbench.errors import UsageError
from hashbench.report import strength_terminal
from hashbench.report.console import console
from hashbench.report.units import duration
from hashbench.strength import pick
from hashbench.strength.calibrate import calibrate
from hashbench.strength.quantities import parse_duration_ns

NAME = "calibrate"
HELP = "parameters per password hash for a target time here (fit, R², confirmed)"
EXAMPLE = (
    "hashbench calibrate --target 250ms\n"
    "  hashbench calibrate --target 1s --alg argon2id --memory-limit 64MiB --impl c/libsodium"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--target", required=True, help="time per hash, e.g. 250ms, 1s, 0.5s")
    common.add_common(p, "password hash to calibrate")
    p.add_argument(
        "--samples", type=int, default=5, help="samples at the chosen parameters (default 5)"
    )
    p.add_argument("--resume", type=Path, metavar="FILE", help="go on with an unfinished one")
    p.add_argument("--force", action="store_true", help="--resume even if the machine changed")


def run(args: argparse.Namespace) -> int:
    end_on_signals()
    target = parse_duration_ns(args.target)
    if target > common.MAX_TARGET_NS:
        raise UsageError(f"--target {args.target}: above {duration(common.MAX_TARGET_NS)}")
    if not 3 <= args.samples <= 100:
        raise UsageError("--samples must be from 3 to 100")
    resume = StrengthResume(args.resume, NAME, args.force) if args.resume else None
    if resume is not None:
        resume.fill(args)  # its memory limit and parallelism unless given
    algs = common.algorithms(args.alg)
    wanted = common.impls(args.impl)
    limits = common.limits(args)
    common.check_plans(algs or common.PASSWORD_HASHES, limits)
    path = resume.path if resume is not None else common.out_path(args.out, NAME)
    out = console()
    options = {"target": duration(target), **common.describe_limits(limits)}
    if resume is not None:
        resume.same_options(options)  # before any runner starts
    file = common.new_file("calibrate", options)
    parallel = limits.parallelism not in (None, 1)
    runners = pick.runners_for(algs or common.PASSWORD_HASHES, wanted, parallel)
    with common.session(file, path, runners, out) as s:
        if resume is not None:
            s.file = file = resume.continued(file, s.bench)
        pick.check_wanted(s.bench.pool, wanted, algs or common.PASSWORD_HASHES)
        chosen = algs or pick.algorithms_of(wanted, s.bench.pool, common.PASSWORD_HASHES)
        for alg in chosen:
            if resume is not None and alg in resume.saved.choices:
                continue
            mine = [i for i in wanted if _offers(s, i, alg)]
            if wanted and not mine:
                raise UsageError(f"--alg {alg}: none of --impl {', '.join(wanted)} implements it")
            choice = pick.choose(s.bench, alg, limits, mine)
            file.choices.append(choice)
            if choice.impl:
                file.calibrations.append(
                    calibrate(s.bench, choice.impl, alg, target, limits, args.samples)
                )
            s.save()
        s.finish()
    strength_terminal.render_calibrate(file, out)
    out.print(f"\nresults: {path}")
    return common.exit_code(file.calibrations, file.choices)


def _offers(s: common.Session, impl_id: str, alg: str) -> bool:
    impl = s.bench.pool.implementations.get(impl_id)
    return impl is not None and alg in impl.info.algorithms
