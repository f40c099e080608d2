"""Each seed entry beside the record that measured the same work here, and every way the
two differ, one line each."""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.catalog.seeds import Entry
from hashbench.model import CaseRecord
from hashbench.report.titles import params_of


@dataclass(frozen=True)
class Line:
    entry: Entry
    record: CaseRecord | None  # a valid record, else the one that says why not
    why: str  # why there is no measurement ("" when there is)

    @property
    def measured(self) -> CaseRecord | None:
        return self.record if self.record is not None and self.record.valid else None


def pick(entry: Entry, records: list[CaseRecord]) -> Line:
    """The valid record with the most samples (a case measured in two groups, as `seeds`
    and `js` share bcrypt cost 10, has two); else the first that says why it is not."""
    if entry.case is None:
        return Line(entry, None, entry.missing)
    found = [r for r in records if entry.case.matches(r)]
    valid = [r for r in found if r.valid]
    if valid:
        return Line(entry, max(valid, key=lambda r: r.measured.n), "")
    if found:
        record = found[0]
        return Line(entry, record, f"{record.status.replace('_', ' ')}: {record.reason}")
    return Line(entry, None, "not in the results given (run `hashbench run seeds`)")


def differences(line: Line) -> list[str]:
    """Why this row's figure here is not the seed's, beyond the machine: the known facts
    written in the seed file, then what the record itself shows."""
    entry, record = line.entry, line.measured
    found = list(entry.differences)
    if line.why:
        found.append(f"not measured here: {line.why}")
    if record is None:
        return found
    if record.library_defaults:
        found.append(f"at its library's own defaults here: {params_of(record)}")
    if entry.version and record.version and entry.version != record.version:
        found.append(f"version: the seed's {entry.version}, here {record.version}")
    if entry.backend and record.backend and entry.backend != record.backend:
        found.append(f"backend: the seed's {entry.backend}, hashbench's {record.backend}")
    return found


def work(record: CaseRecord) -> float | None:
    """The work a password hash's parameters ask for, in its own unit: 2^cost bcrypt
    rounds, argon2 memory × passes, scrypt N·r·p, PBKDF2 iterations."""
    p = record.params
    if record.alg == "bcrypt" and "cost" in p:
        return 2.0 ** p["cost"]
    if record.alg.startswith("argon2") and {"m", "t"} <= p.keys():
        return float(p["m"] * p["t"])
    if record.alg == "scrypt" and {"n", "r", "p"} <= p.keys():
        return float(p["n"] * p["r"] * p["p"])
    if record.alg.startswith("pbkdf2") and "iterations" in p:
        return float(p["iterations"])
    return None


def unequal_work(a: CaseRecord, b: CaseRecord) -> str:
    """ "" when two records did the same work, else what each ran and how much more."""
    if a.alg != b.alg or (a.params == b.params and a.input_size == b.input_size):
        return ""  # other algorithms are what such a claim compares
    text = f"`{a.impl}` ran {params_of(a) or a.alg}, `{b.impl}` {params_of(b) or b.alg}"
    wa, wb = work(a), work(b)
    if wa and wb and wa != wb:
        more, less = (a, b) if wa > wb else (b, a)
        text += f": `{more.impl}` did {max(wa, wb) / min(wa, wb):.3g}× the work of `{less.impl}`"
    return text
