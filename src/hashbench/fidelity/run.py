"""`hashbench fidelity`: vectors, interop matrix, differential derive, edge-case probes,
length probes, cross-verification at the edges, library defaults and the ease-of-use
profile, over every available implementation."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from rich.console import Console

from hashbench import __version__, machine, paths
from hashbench.fidelity import (
    cross,
    differential,
    ease,
    findings,
    interop,
    kat,
    known,
    lengths,
    long_passwords,
    probes,
    vectors,
)
from hashbench.fidelity.session import Session
from hashbench.model.fidelity import FIDELITY_KIND, FIDELITY_VERSION, FidelityFile, Findings
from hashbench.results.files import write_atomic
from hashbench.runner.pool import RunnerPool
from hashbench.runner.protocol import RunnerError


def run_kat(session: Session) -> list[kat.Outcome]:
    outcomes = []
    for impl in session.impls():
        client = session.pool.client_for(impl.id)
        for alg in impl.algorithms:
            for vec in vectors.load(alg, sets=True):
                try:
                    outcomes.extend(kat.check_vector(client, impl, vec))
                except RunnerError as exc:  # record it and go on with a restarted runner
                    outcomes.append(
                        kat.Outcome(
                            impl.id, vec.label(), vec.source, "?", "fail", f"runner fault: {exc}"
                        )
                    )
                    client = session.pool.client_for(impl.id)
    return outcomes


def divergences(
    data: FidelityFile, entries: tuple[known.Entry, ...] = (), only: set[str] | None = None
) -> list[str]:
    """Every divergence in one line: what happens, then which implementations do it.
    A known one says why, in the words of the known-divergences file. `only`: the
    findings of these implementations alone and no interop lines (a site joins the
    interop grids of several runs, then words them with `interop.divergences`)."""
    found: dict[str, list[str]] = {}

    def add(text: str, impl: str) -> None:
        found.setdefault(text, [])
        if impl not in found[text]:
            found[text].append(impl)

    why = known.why(entries)
    at: dict[tuple[str, str, str, str], list[str]] = {}  # length probes: the lengths, together
    for f in findings.collect(data):
        if f.check == "interop" or (only is not None and f.impl not in only):
            continue  # interop: grouped by interop.divergences below
        if f.check == "length":
            target, label = f.subject.rsplit(".", 1)
            text = why.get(f.key) or f.behaviour
            at.setdefault((text, target, f.behaviour, f.impl), []).append(label)
            continue
        text = f"{f.behaviour} [{f.check} {f.subject[:60]}]"
        add(f"{why.get(f.key) or f.detail} — {text}", f.impl)
    for (text, target, behaviour, impl), labels in at.items():
        add(f"{text} — {behaviour} [length {target} at {', '.join(labels)}]", impl)
    lines = [f"{text} — {', '.join(sorted(impls))}" for text, impls in found.items()]
    if only is None:
        lines.extend(interop.divergences(data.interop))
    return lines


def gate(data: FidelityFile, entries: tuple[known.Entry, ...]) -> known.Comparison:
    """What this run found against what the project knows, for the implementations that
    ran (and the reference, which always does)."""
    return known.compare(findings.collect(data), entries, set(data.ran))


def run(
    filter_regex: str | None,
    out: Path | None,
    console: Console,
    runners: set[str] | None = None,
    known_file: Path | None = None,
) -> tuple[FidelityFile, Path]:
    entries = known.load(known_file)  # a malformed file stops the run before it starts
    out = out or paths.root() / "results" / (
        dt.datetime.now().strftime("%Y%m%d-%H%M%S") + "-fidelity.json"
    )
    with RunnerPool() as pool:
        pool.start(runners)
        session = Session(pool, filter_regex)
        data: dict[str, Any] = {
            "schema": FIDELITY_KIND,
            "version": FIDELITY_VERSION,
            "hashbench_version": __version__,
            "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "environment": machine.snapshot(),
            "runners": {n: {"available": True, "runtime": pool.runtime(n)} for n in pool.clients}
            | {n: {"available": False, "reason": r} for n, r in pool.unavailable.items()},
        }
        data["ran"] = sorted(i.id for i in session.impls())
        steps: list[tuple[str, Callable[[], Any]]] = [
            ("kat", lambda: [o.to_dict() for o in run_kat(session)]),
            ("interop", lambda: [m.to_dict() for m in interop.run(session)]),
            ("differential", lambda: [r.to_dict() for r in differential.run(session)]),
            ("probes", lambda: [b.to_dict() for b in probes.run(session)]),
            ("lengths", lambda: [b.to_dict() for b in lengths.run(session)]),
            ("long_passwords", lambda: msgspec.to_builtins(long_passwords.run(session))),
            ("cross", lambda: [m.to_dict() for m in cross.run(session)]),
            ("defaults", lambda: probes.defaults(session)),
        ]
        data["seconds"] = {}
        for name, step in steps:
            start = time.monotonic()
            with console.status(f"fidelity: {name} …"):
                data[name] = step()
            data["seconds"][name] = round(time.monotonic() - start, 1)
            write_atomic(out, data)  # each finished step survives a crash
        produced: dict[str, list[str]] = {}
        for m in data["interop"]:
            for p, e in m["producers"].items():
                if not e.startswith("error"):
                    produced.setdefault(p, []).append(e)
        data["ease"] = ease.profile(session.impls(), produced)
    # the file's own types, as a reader decodes them: the steps wrote the shapes they hold
    result = msgspec.convert(data, FidelityFile)
    result.divergences = divergences(result, entries)
    result.findings = msgspec.convert(gate(result, entries).to_dict(), Findings)
    result.finished = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    write_atomic(out, result)
    return result, out
