"""What a case's runner timed is checked against the reference for the parameters the
case claims, at each moment it can be (docs/methodology.md, "Every benchmark is verified"):

- `read_back`: a hash string's parameters as soon as it arrives; the string itself is
  recomputed by the reference at the group's end (`recompute`), where no runner is
  measuring and the strings are checked side by side on every core;
- `check_reply`: the output of a timed op (digests and derived keys against the cached
  reference, a verify that must accept);
- `final_check`: the last hash string of the case carries the asked parameters too.

A case whose output does not match ends unverified, whatever was measured.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

from hashbench import catalog, machine
from hashbench.engine.case import Case
from hashbench.model import CaseWarning
from hashbench.runner.protocol import Reply
from hashbench.verify import check, reference


def take(case: Case, verdict: check.Verdict) -> None:
    """The case's verdict: a failed one ends it unverified; a note becomes a warning."""
    case.verdict = verdict
    if not verdict.ok:
        case.fail("unverified", verdict.detail)
    elif verdict.note and all(w.detail != verdict.note for w in case.warnings):
        case.warnings.append(CaseWarning("verification", detail=verdict.note))


def read_back(case: Case, encoded: str | None) -> check.Verdict:
    """A hash string's parameters, read back now; its recomputation (as long as the hash
    itself) waits for the group's end (`recompute`)."""
    g = case.group
    verdict = check.check_encoded(
        g.alg, g.password, g.param_dict, g.length, encoded, recompute=False
    )
    if verdict.ok and verdict.method == "parse":  # read back: still to recompute
        case.to_recompute = encoded
    return verdict


def check_reply(case: Case, reply: Reply) -> None:
    """The output of a timed op, by the op's own rule."""
    g = case.group
    if g.op == "digest":
        verdict = check.check_digest(g.alg, reference.pattern(g.input_size or 0), reply.output)
    elif g.op == "derive":
        verdict = check.check_derive(
            g.alg, g.password, g.salt or b"", g.param_dict, g.length or 32, reply.output
        )
    elif g.op in ("hash", "hash_verify"):
        verdict = read_back(case, reply.encoded)
        if verdict.ok and g.op == "hash_verify" and reply.valid is not True:
            verdict = check.Verdict(False, "self", "hash_verify reported valid=false")
    else:  # verify: the string was checked when the case was prepared; it must accept
        verdict = case.verdict or check.Verdict(False, "none", "no encoded string")
        if reply.valid is not True:
            verdict = check.Verdict(False, "self", f"verify returned {reply.valid!r}")
    take(case, verdict)


def check_sampled(case: Case, reply: Reply) -> None:
    """A sampled reply: digests and derived keys are cheap to compare with the cached
    reference; a timed verify must have accepted."""
    if case.group.op in ("digest", "derive"):
        check_reply(case, reply)
    elif case.group.op in ("verify", "hash_verify") and reply.valid is not True:
        case.fail("unverified", f"timed verify returned {reply.valid!r}")


def recompute(cases: list[Case]) -> None:
    """Each case's first string through the reference: a case whose string it rejects
    ends unverified, whatever was measured."""
    todo = [c for c in cases if c.ok and c.to_recompute is not None]
    if not todo:
        return

    def proven(case: Case) -> check.Verdict:
        g = case.group
        return check.check_encoded(g.alg, g.password, g.param_dict, g.length, case.to_recompute)

    with ThreadPoolExecutor(max_workers=_recompute_workers(todo)) as pool:
        verdicts = list(pool.map(proven, todo))  # ctypes lets go of the GIL
    for case, verdict in zip(todo, verdicts, strict=True):
        case.to_recompute = None
        take(case, verdict)


def _recompute_workers(todo: list[Case]) -> int:
    """One per core, as many as half the free memory holds (argon2 at 1 GiB)."""
    workers = min(len(todo), os.cpu_count() or 1)
    need = max(catalog.memory_bytes(c.group.alg, c.group.param_dict) for c in todo)
    free = machine.mem_available_bytes()
    if need > 0 and free is not None:
        workers = min(workers, int(free / 2 // need))
    return max(1, workers)


def final_check(case: Case) -> None:
    """Hash replies carry a fresh salt each time: the last one must carry the asked
    parameters too. Read back, not recomputed: the case's first string was recomputed
    by the reference, and recomputing costs a whole hash again."""
    reply, g = case.last_reply, case.group
    if g.op not in ("hash", "hash_verify") or reply is None or not case.ok:
        return
    verdict = check.check_encoded(
        g.alg, g.password, g.param_dict, g.length, reply.encoded, recompute=False
    )
    if not verdict.ok:
        case.fail("unverified", f"the last hash: {verdict.detail}")
    elif g.op == "hash_verify" and reply.valid is not True:
        case.fail("unverified", "hash_verify reported valid=false")
