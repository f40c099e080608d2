"""Rows of the strength tables: a parameter set measured here (on the first implementation
that takes it) beside what it costs the modelled attacker; the rows of a calibration; and
library defaults read from a fidelity run."""

from __future__ import annotations

from hashbench import catalog
from hashbench.errors import UsageError
from hashbench.model.fidelity import DefaultsRow
from hashbench.model.strength import Calibration, ParamSet, RowKind
from hashbench.strength import costing, plans, sources
from hashbench.strength.bench import Bench, Effort, MeasureFailed

REFERENCE_EFFORT = Effort(0.6, 3, 0.02)  # three samples of a slow hash, or a 2% interval


def measured(
    bench: Bench,
    kind: RowKind,
    label: str,
    alg: str,
    params: dict[str, int],
    impls: list[str],
    gpu: str,
    source: str = "",
    target_ns: float | None = None,
) -> ParamSet:
    """Measure on the first of `impls` that can (libsodium's argon2 takes p=1 only)."""
    full = catalog.validate(alg, params)
    row = ParamSet(
        kind=kind,
        label=label,
        alg=alg,
        params=full,
        source=source,
        target_ns=target_ns,
        memory_bytes=plans.memory_bytes(alg, full),
        attack=costing.estimate(alg, full, gpu),
        flag=costing.owasp_flag(alg, full),
    )
    reasons = []
    for impl in impls:
        try:
            record = bench.measure(impl, alg, full, REFERENCE_EFFORT, fresh=True)
        except MeasureFailed as exc:
            reasons.append(f"{impl} {exc.record.status}: {exc.record.reason}")
            continue
        row.impl, row.median_ns = impl, record.measured.median
        row.peak_rss_bytes = record.peak_rss_bytes
        return row
    row.note = "; ".join(reasons) or "no implementation here"
    return row


def calibrated(cal: Calibration, gpu: str, kind: RowKind = "calibrated") -> ParamSet:
    params = cal.params or {}
    ok = cal.outcome == "ok" and bool(params)
    return ParamSet(
        kind=kind,
        label="",
        alg=cal.alg,
        params=params,
        impl=cal.impl,
        target_ns=cal.target_ns,
        median_ns=cal.median_ns,
        memory_bytes=cal.memory_bytes,
        peak_rss_bytes=cal.peak_rss_bytes,
        attack=costing.estimate(cal.alg, params, gpu) if params else None,
        flag=costing.owasp_flag(cal.alg, params) if params else "",
        note="" if ok else cal.outcome.replace("_", " "),
    )


def references(include_defaults: bool = True) -> list[sources.Reference]:
    return [r for r in sources.references() if include_defaults or not r.default]


def fidelity_defaults(rows: list[DefaultsRow]) -> list[sources.Reference]:
    """The `defaults` rows of a fidelity run (hash with no parameters, read back from the
    library's own string), one reference per distinct parameter set."""
    by_params: dict[tuple[str, tuple[tuple[str, int], ...]], list[str]] = {}
    for row in rows:
        if row.params is None:
            continue
        try:
            full = catalog.validate(row.alg, dict(row.params))
        except UsageError:
            continue  # a default outside the catalog's ranges: fidelity reports it
        by_params.setdefault((row.alg, tuple(full.items())), []).append(row.impl)
    return [
        sources.Reference(
            label=f"default of {', '.join(sorted(impls))}",
            alg=alg,
            params=dict(items),
            source="hashbench fidelity: hash with no parameters, read back from the string",
            default=True,
        )
        for (alg, items), impls in by_params.items()
    ]
