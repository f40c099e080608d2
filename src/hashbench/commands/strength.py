"""`hashbench strength`: at defender times (default 100 ms and 1 s), a table across password
hashes of the calibrated parameters, their time and memory here, and what they cost an
attacker on rented GPUs; published parameters and library defaults beside them; and for a
bcrypt cost, the scrypt, argon2id and PBKDF2 of equal defender time and equal attacker cost.
Saved after every step; `--resume FILE` goes on with an unfinished one."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import msgspec

from hashbench import paths
from hashbench.command_support import strength_session as common
from hashbench.command_support.interrupts import end_on_signals
from hashbench.command_support.strength_resume import Saved, StrengthResume
from hashbench.errors import UsageError
from hashbench.fidelity import probes
from hashbench.fidelity.session import Session
from hashbench.model.fidelity import DefaultsRow
from hashbench.model.strength import ImplChoice, RowKind
from hashbench.report import strength_terminal
from hashbench.report.console import console
from hashbench.report.units import duration
from hashbench.results.files import load_fidelity
from hashbench.runner.pool import RunnerPool
from hashbench.strength import costing, pick, rows, sources
from hashbench.strength.calibrate import calibrate
from hashbench.strength.equivalence import EQUAL_ALGS, equivalence
from hashbench.strength.quantities import parse_duration_ns

NAME = "strength"
HELP = "equal-strength tables: time and memory here, attacker guesses/s, $ and J per guess"
EXAMPLE = (
    "hashbench strength\n"
    "  hashbench strength --times 250ms --alg argon2id,bcrypt --bcrypt-cost 12 --gpu rtx5090"
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--times", default="100ms,1s", help="defender times (default 100ms,1s)")
    common.add_common(p, "password hash in the table")
    p.add_argument(
        "--gpu",
        default=costing.DEFAULT_GPU,
        help=f"attacker's GPU: {', '.join(sources.attackers().gpus)} "
        f"(default {costing.DEFAULT_GPU})",
    )
    p.add_argument(
        "--bcrypt-cost",
        default="10,12",
        help="bcrypt costs to match in defender time and attacker cost ('none' to skip)",
    )
    p.add_argument(
        "--fidelity",
        help="library defaults from this fidelity results file, 'live' to probe them now, "
        "'none' (default: the newest results/*-fidelity.json, if any)",
    )
    p.add_argument("--no-references", action="store_true", help="skip published parameter sets")
    p.add_argument("--samples", type=int, default=3, help="samples at chosen parameters (3)")
    p.add_argument("--resume", type=Path, metavar="FILE", help="go on with an unfinished one")
    p.add_argument("--force", action="store_true", help="--resume even if the machine changed")


def _costs(text: str) -> list[int]:
    if text.strip().lower() == "none":
        return []
    try:
        costs = [int(c) for c in text.split(",") if c.strip()]
    except ValueError:
        raise UsageError(f"--bcrypt-cost {text!r}: integers, e.g. 10,12") from None
    for cost in costs:
        if not 4 <= cost <= 20:
            raise UsageError(f"--bcrypt-cost {cost}: from 4 to 20 (cost 20 takes about a minute)")
    return costs


def _defaults_file(value: str | None) -> Path | None | str:
    if value is None:
        found = sorted((paths.root() / "results").glob("*-fidelity.json"))
        return found[-1] if found else None
    if value in ("none", "live"):
        return None if value == "none" else "live"
    path = Path(value)
    if not path.is_file():
        raise UsageError(f"--fidelity {value}: no such file")
    return path


def _read_defaults(source: Path | None | str) -> list[sources.Reference]:
    if source is None or source == "live":
        return []
    assert isinstance(source, Path)
    return rows.fidelity_defaults(load_fidelity(source, "--fidelity").defaults)


def _live_defaults() -> list[sources.Reference]:
    """The fidelity run's defaults probe, now, over every runner."""
    with RunnerPool() as pool:
        pool.start()
        found = msgspec.convert(probes.defaults(Session(pool)), list[DefaultsRow])
        return rows.fidelity_defaults(found)


def _order(choice: ImplChoice, alg: str, parallel: bool) -> list[str]:
    """The chosen implementation first, then the other candidates, fastest first."""
    measured = sorted(choice.medians_ns, key=choice.medians_ns.__getitem__)
    rest = [i for i in pick.candidates(alg, parallel) if i not in measured]
    return [i for i in dict.fromkeys([choice.impl, *measured, *rest]) if i]


def run(args: argparse.Namespace) -> int:
    end_on_signals()
    targets = [parse_duration_ns(t) for t in args.times.split(",") if t.strip()]
    if not targets or max(targets) > common.MAX_TARGET_NS:
        raise UsageError(f"--times {args.times}: one or more durations up to 60s")
    if not 3 <= args.samples <= 100:
        raise UsageError("--samples must be from 3 to 100")
    resume = StrengthResume(args.resume, NAME, args.force) if args.resume else None
    if resume is not None:
        resume.fill(args)  # its memory limit and parallelism unless given
        if args.fidelity is None:  # not the newest fidelity file now: the one it used
            args.fidelity = resume.file.options.get("library defaults")
    saved = resume.saved if resume is not None else Saved()
    sources.attackers().gpu(args.gpu)
    algs = common.algorithms(args.alg) or list(common.PASSWORD_HASHES)
    wanted = common.impls(args.impl)
    costs = _costs(args.bcrypt_cost) if "bcrypt" in algs else []
    limits = common.limits(args)
    common.check_plans(algs, limits)
    fidelity = _defaults_file(args.fidelity)
    defaults = _read_defaults(fidelity)
    references = [] if args.no_references else rows.references()
    references += defaults
    legacy = {"pbkdf2-sha1"} if "pbkdf2-sha256" in algs else set()  # OWASP's legacy row
    references = [r for r in references if r.alg in algs or r.alg in legacy]
    needed = list(
        dict.fromkeys([*algs, *(EQUAL_ALGS if costs else []), *(r.alg for r in references)])
    )
    path = resume.path if resume is not None else common.out_path(args.out, NAME)
    out = console()
    options = {
        "defender times": ", ".join(duration(t) for t in targets),
        "password hashes": ", ".join(algs),
        "implementations": ", ".join(wanted) or "the fastest at the probe",
        "samples at chosen parameters": str(args.samples),
        "published references": "no" if args.no_references else "yes",
        **common.describe_limits(limits),
        "attacker": sources.attackers().gpu(args.gpu).name,
        "bcrypt costs matched": ", ".join(map(str, costs)) or "none",
        "library defaults": str(fidelity or "none"),
    }
    if resume is not None:
        resume.same_options(options)  # before any runner starts
    file = common.new_file("strength", options)
    file.gpu = args.gpu
    parallel = limits.parallelism not in (None, 1)
    with common.session(file, path, pick.runners_for(needed, wanted, parallel), out) as s:
        if resume is not None:
            s.file = file = resume.continued(file, s.bench)
        pick.check_wanted(s.bench.pool, wanted, needed)
        if fidelity == "live":
            references += _live_defaults()
        impls: dict[str, list[str]] = {}
        for alg in needed:
            choice = saved.choices.get(alg)
            if choice is None:
                mine = [i for i in wanted if i in s.bench.pool.implementations
                        and alg in s.bench.pool.implementations[i].info.algorithms]  # fmt: skip
                choice = pick.choose(s.bench, alg, limits, mine)
                if alg in algs:
                    file.choices.append(choice)
                    s.save()
            impls[alg] = _order(choice, alg, parallel) if choice.impl else []
        for target in targets:
            for alg in algs:
                if not impls[alg] or (alg, target) in saved.calibrations:
                    continue
                cal = calibrate(s.bench, impls[alg][0], alg, target, limits, args.samples)
                file.calibrations.append(cal)
                file.rows.append(rows.calibrated(cal, args.gpu))
                s.save()
        done: dict[tuple[str, tuple[tuple[str, int], ...]], Any] = {}
        for ref in references:
            key = (ref.alg, tuple(sorted(ref.params.items())))
            kind: RowKind = "default" if ref.default else "reference"
            if (kind, ref.label) in saved.rows:  # in the file: kept, not appended again
                done.setdefault(key, saved.rows[kind, ref.label])
                continue
            if key in done:  # measured already under another name
                row = msgspec.structs.replace(
                    done[key], kind=kind, label=ref.label, source=ref.source
                )
            else:
                row = rows.measured(s.bench, kind, ref.label, ref.alg, ref.params,
                                    impls.get(ref.alg, []), args.gpu, ref.source)  # fmt: skip
                done[key] = row
            file.rows.append(row)
            s.save()
        for cost in costs:
            if cost in saved.costs:
                continue
            file.equivalences.append(
                equivalence(s.bench, cost, impls, limits, args.gpu, args.samples)
            )
            s.save()
        s.finish()
    strength_terminal.render_strength(file, out)
    out.print(f"\nresults: {path}")
    return common.exit_code(file.calibrations, file.choices)
