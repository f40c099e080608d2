"""Every divergence a fidelity run found, as a `Finding` with a stable key.

A CI gate compares what a run found with what the project knows
(`catalog/known-divergences.toml`, read by `fidelity/known.py`). For that each finding
needs a key that does not move between runs: no error message, no random salt, no
timing — only which check saw it, on what input (`subject`), what the implementation
did there (`behaviour`), and which implementation did it.

- `kat`: the vector's expected output or encoded string; `wrong <op>`.
- `differential`: `<alg> pw=<n>B`, the seeded case's input class; `differs` or
  `error <kind>`.
- `probe`: the probe's name; its behaviour (`rejects`, `truncates`, `$2a$`, …).
- `length`: the length probe's name (`len.<alg>[.<prefix>].<field>.<op>.<length>`); its
  class (`truncates`, `wraps`, `refuses`, `differs`, …).
- `interop`: `<alg> from <producer>`; the verifier's result (`rejects`, `error`).
- `cross`: `cross.<alg>.<field>.<length> from <producer>`, an edge input's string that a
  verifier does not accept where no length probe says why (fidelity/cross.py); its result.

For `interop` and `cross` the implementation is the verifier; the producer is part of the
subject.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hashbench.model.fidelity import FidelityFile

CHECKS = ("kat", "differential", "probe", "length", "interop", "cross")
REFERENCE = "reference"  # the orchestrator's own reference: it takes part in every run
FROM = " from "


@dataclass(frozen=True, order=True)
class Finding:
    check: str
    subject: str
    behaviour: str
    impl: str
    detail: str = field(default="", compare=False)  # one example, for people; not in the key

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.check, self.subject, self.behaviour, self.impl)

    def to_dict(self) -> dict[str, str]:
        return dict(self.__dict__)


def involved(check: str, subject: str, impl: str) -> set[str]:
    """The implementations that must have run for this divergence to be seen: the
    implementation, and for interop the producer named in the subject."""
    names = {impl}
    if check in ("interop", "cross") and FROM in subject:
        names.add(subject.split(FROM, 1)[1])
    return names - {REFERENCE}


def _interop_result(result: str) -> str:
    """The verifier's result without what varies between runs: the kind of an error
    (password4j answers invalid_input or library_error to a $7$ string depending on its
    random salt) and the reply an odd reply carries."""
    if result.startswith("wrong password: error"):
        return "error on a wrong password"
    if result.startswith("error"):
        return "error"
    return "odd reply" if result.startswith("odd reply") else result


def collect(data: FidelityFile) -> list[Finding]:
    """Every divergence in the results of a fidelity run."""
    out: list[Finding] = []
    for o in data.kat:
        if o.status == "fail":
            detail = f"{o.vector} ({o.source}): {o.detail}"
            out.append(Finding("kat", o.expected or o.vector, f"wrong {o.op}", o.impl, detail))
    for r in data.differential:
        if r.status in ("differs", "error"):
            subject = " ".join(r.case.split()[:2])  # "<alg> pw=<n>B"
            kind = r.detail.split(":", 1)[0]
            behaviour = "differs" if r.status == "differs" else f"error {kind}"
            detail = f"{r.case}: {r.detail}"
            out.append(Finding("differential", subject, behaviour, r.impl, detail))
    for b in data.probes:
        if b.diverges:
            out.append(Finding("probe", b.probe, b.behaviour, b.impl, b.detail))
    for b in data.lengths:
        if b.diverges:
            out.append(Finding("length", b.probe, b.behaviour, b.impl, b.detail))
    for m in data.cross:
        for producer, row in m.cells.items():
            for verifier, result in row.items():
                explained = verifier in m.explained.get(producer, {})
                if m.label == "plain" or verifier == REFERENCE or result == "ok" or explained:
                    continue  # plain: the interop matrix; the reference: the length probes
                subject = f"cross.{m.algorithm}.{m.field}.{m.label}{FROM}{producer}"
                detail = f"{m.producers[producer][:40]}… {result}"
                out.append(Finding("cross", subject, _interop_result(result), verifier, detail))
    for i in data.interop:
        for producer, row in i.cells.items():
            for verifier, result in row.items():
                if result not in ("ok", "n/a"):
                    subject = f"{i.algorithm}{FROM}{producer}"
                    detail = f"{i.producers[producer][:40]}… {result}"
                    out.append(
                        Finding("interop", subject, _interop_result(result), verifier, detail)
                    )
    return sorted(set(out))
