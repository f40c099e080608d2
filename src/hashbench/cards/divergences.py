"""A card's fidelity: every divergence a fidelity run found for an implementation, graded
(fidelity/severity.py) and worst first, one line per behaviour (a length probe's lengths
together), with the known-divergences file's sentence where it has one; and the hazards it
shares with the reference (`severity.inherent`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from hashbench.fidelity import findings, known, severity
from hashbench.model.card import Divergence
from hashbench.model.fidelity import FidelityFile, LongPassword


def _algorithms(f: findings.Finding) -> list[str]:
    about = known.subject_algorithms(f.check, f.subject)
    if about is None and f.check == "kat":  # a derive vector's subject is its output
        about = known.subject_algorithms("differential", f.detail.split("[", 1)[0])
    return sorted(about or [])


def _line(
    grade: severity.Grade, f: findings.Finding, why: str, known_key: bool, **more: Any
) -> Divergence:
    return Divergence(
        severity=grade.level,
        level=severity.LEVELS[grade.level],
        text=grade.phrase,
        algorithms=_algorithms(f),
        check=f.check,
        subject=f.subject,
        behaviour=f.behaviour,
        why=why,
        known=known_key,
        **more,
    )


def _label(f: findings.Finding) -> str:
    return f.subject.rsplit(".", 1)[1]


def _target(f: findings.Finding) -> str:
    return f.subject.rsplit(".", 1)[0]


def _length_groups(found: list[findings.Finding]) -> list[list[findings.Finding]]:
    """A length probe's answers, one group per input, behaviour and set of lengths: the
    targets (ops, prefixes) of one input that answer alike at the same lengths together;
    a NUL apart, since cutting there is graded apart."""
    per_target: dict[tuple[str, str, str, bool], list[findings.Finding]] = defaultdict(list)
    for f in found:
        per_target[(f.impl, _target(f), f.behaviour, _label(f) == "nul")].append(f)
    merged: dict[tuple[str, str, str, tuple[str, ...]], list[findings.Finding]] = defaultdict(list)
    for (impl, target, behaviour, _), group in per_target.items():
        parts = target.split(".")
        field = f"{parts[1]}.{parts[-2]}"  # the algorithm and the input
        merged[(impl, field, behaviour, tuple(_label(f) for f in group))] += group
    return list(merged.values())


def _refused_by_reference(collected: list[findings.Finding]) -> set[tuple[str, str]]:
    """(check, subject) of the interop and cross cells where the reference itself does
    not verify the producer's string."""
    return {
        (f.check, f.subject)
        for f in collected
        if f.check in ("interop", "cross") and f.impl == findings.REFERENCE
    }


def _found(data: FidelityFile, entries: tuple[known.Entry, ...]) -> dict[str, list[Divergence]]:
    """Each finding on its implementation's card; a string the reference does not verify
    either on its producer's card, not on those of the verifiers that agree with the
    reference."""
    why = known.why(entries)
    out: dict[str, list[Divergence]] = defaultdict(list)
    collected = findings.collect(data)
    producers_fault = _refused_by_reference(collected)
    for f in collected:
        if (f.check, f.subject) in producers_fault:
            if f.impl == findings.REFERENCE:
                grade = severity.emits_refused(f.subject, f.behaviour)
                producer = f.subject.partition(findings.FROM)[2]
                out[producer].append(_line(grade, f, why.get(f.key) or f.detail, f.key in why))
        elif f.check != "length":
            grade = severity.grade(f.check, f.subject, f.behaviour, f.detail)
            out[f.impl].append(_line(grade, f, why.get(f.key) or f.detail, f.key in why))
    for group in _length_groups([f for f in collected if f.check == "length"]):
        targets = list(dict.fromkeys(_target(f) for f in group))
        labels = list(dict.fromkeys(_label(f) for f in group))
        first = group[0]
        grade = severity.grade_length(targets, first.behaviour, labels)
        sentence = next((why[f.key] for f in group if f.key in why), first.detail)
        line = _line(grade, first, sentence, all(f.key in why for f in group))
        line.subject = ", ".join(targets)
        out[first.impl].append(line)
    return out


def _inherent(data: FidelityFile) -> dict[str, list[Divergence]]:
    """What each implementation shares with the reference and is a hazard, one line per
    hazard with the targets (ops, prefixes) where it was seen."""
    seen: dict[tuple[str, str], list[str]] = defaultdict(list)
    graded: dict[tuple[str, str], tuple[severity.Grade, str, str]] = {}
    for b in data.lengths:
        found = severity.inherent(b.probe, b.behaviour, b.detail)
        if found is None:
            continue
        grade, why = found
        key = (b.impl, grade.phrase)
        target = b.probe.rsplit(".", 1)[0]
        if target not in seen[key]:
            seen[key].append(target)
        graded.setdefault(key, (grade, why, b.probe))
    out: dict[str, list[Divergence]] = defaultdict(list)
    for (impl, phrase), targets in seen.items():
        grade, why, probe = graded[(impl, phrase)]
        at = severity.Grade(grade.level, f"{phrase} ({severity.where(targets)})")
        f = findings.Finding("length", probe, "matches", impl)
        line = _line(at, f, why, False, inherent=True)
        line.subject = ", ".join(targets)
        out[impl].append(line)
    return out


LONG = "long-password"  # a Divergence's check: fidelity/long_passwords.py


def cap_to_apply(row: LongPassword) -> int:
    """The longest length measured that costs at most twice the 64-byte one."""
    base = next((p.median_ns for p in row.points if p.length == row.points[0].length), None)
    fine = [
        p.length
        for p in row.points
        if base and p.median_ns and p.status in ("ok", "unverified") and p.median_ns <= 2 * base
    ]
    return max(fine, default=row.points[0].length)


def _long(data: FidelityFile) -> dict[str, list[Divergence]]:
    """A library whose work grows with the password (over 10× at the longest length it
    took): one line per algorithm, the worse of its ops."""
    worst_op: dict[tuple[str, str], LongPassword] = {}
    for row in data.long_passwords:
        amp = row.amplification
        if amp is None or amp <= severity.AMPLIFIES_OVER or row.longest_accepted is None:
            continue
        seen = worst_op.get((row.impl, row.alg))
        if seen is None or amp > (seen.amplification or 0):
            worst_op[(row.impl, row.alg)] = row
    out: dict[str, list[Divergence]] = defaultdict(list)
    for (impl, alg), row in worst_op.items():
        assert row.amplification is not None and row.longest_accepted is not None
        grade = severity.long_password(
            row.amplification, row.longest_accepted, row.at_least, cap_to_apply(row)
        )
        times = ", ".join(
            f"{p.length} B {p.median_ns / 1e6:.3g} ms" for p in row.points if p.median_ns
        )
        out[impl].append(
            Divergence(
                severity=grade.level,
                level=severity.COSTLY_LONG_LEVEL,
                text=grade.phrase,
                algorithms=[alg],
                check=LONG,
                subject=f"long.{alg}.{row.op}",
                behaviour="amplifies",
                why=f"{row.op} at {_params(row.params)}: {times}",
            )
        )
    return out


def _params(params: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def by_impl(data: FidelityFile, entries: tuple[known.Entry, ...]) -> dict[str, list[Divergence]]:
    """implementation → its divergences in this fidelity run, worst first (only the
    implementations the run ran are keys)."""
    found, shared, costly = _found(data, entries), _inherent(data), _long(data)
    out = {}
    for impl in data.ran:
        lines = found.get(impl, []) + shared.get(impl, []) + costly.get(impl, [])
        out[impl] = sorted(lines, key=lambda d: (-d.severity, d.text))
    return out


def long_password_line(lines: list[Divergence], alg: str) -> Divergence | None:
    return next((d for d in lines if d.check == LONG and alg in d.algorithms), None)


def worst(lines: list[Divergence], alg: str) -> Divergence | None:
    """The worst divergence about `alg` (or about no algorithm in particular)."""
    about = [d for d in lines if not d.algorithms or alg in d.algorithms]
    return about[0] if about else None
