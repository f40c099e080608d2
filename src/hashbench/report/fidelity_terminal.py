"""Terminal summary of a fidelity run: vectors per library, interop matrices, probe
behaviours, length probes, cross-verification at the edges, defaults, ease of use, and every
divergence in one line."""

from __future__ import annotations

from collections import Counter, defaultdict

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hashbench.model.fidelity import (
    AMPLIFIES_OVER,
    Behaviour,
    CrossMatrix,
    DefaultsRow,
    DifferentialResult,
    EaseRow,
    FidelityFile,
    FindingKey,
    Findings,
    InteropMatrix,
    KatOutcome,
    LongPassword,
)

MARK = {"ok": "[green]✓[/]", "rejects": "[red]✗[/]", "n/a": "[dim]–[/]"}


def _table(*columns: str) -> Table:
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in columns:
        table.add_column(col, no_wrap=True)
    return table


def render(data: FidelityFile, console: Console) -> None:
    console.print(f"[bold]hashbench fidelity[/] · {escape(data.environment.cpu)}")
    _header(data.findings, console)
    for name, info in sorted(data.runners.items()):
        if not info.available:
            console.print(f"  runner {escape(name)}: [yellow]skipped[/] — {escape(info.reason)}")
    _vectors(data.kat, console)
    for matrix in data.interop:
        _matrix(matrix, console)
    _differential(data.differential, console)
    _probes(data.probes, console)
    _lengths(data.lengths, console)
    _long(data.long_passwords, console)
    _cross(data.cross, console)
    _defaults(data.defaults, console)
    _ease(data.ease, console)
    lines = data.divergences
    console.print(f"\n[bold]divergences ({len(lines)})[/]")
    for line in lines:
        console.print(f"  • {escape(line)}")
    _changes(data.findings, console)


def _header(findings: Findings | None, console: Console) -> None:
    """The gate's verdict first: how many divergences were known, new and gone."""
    if findings is None:  # a file from before the known-divergences gate
        return
    known, new, gone = len(findings.known), len(findings.new), len(findings.gone)
    style = "green" if not new and not gone else "red"
    console.print(
        f"[{style}]divergences: {known} known, {new} new, {gone} gone[/]"
        + ("" if style == "green" else " (listed at the end)")
    )


def _key(f: FindingKey) -> str:
    return f"{f.check} {f.subject} · {f.behaviour} · {f.impl}"


def _changes(findings: Findings | None, console: Console) -> None:
    """Each new divergence and each gone one, by its key, so a CI log names them."""
    if not findings:
        return
    if findings.new:
        console.print(f"\n[bold red]new divergences ({len(findings.new)})[/]")
        for f in findings.new:
            console.print(f"  + {escape(_key(f))}: {escape(f.detail[:160])}")
    if findings.gone:
        console.print(f"\n[bold red]known divergences gone ({len(findings.gone)})[/]")
        for g in findings.gone:
            console.print(f"  - {escape(_key(g))}: {escape(g.why[:160])}")


def _vectors(outcomes: list[KatOutcome], console: Console) -> None:
    console.print("\n[bold]known-answer vectors[/]")
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        counts[o.impl][o.status] += 1
    table = _table("implementation", "pass", "fail", "n/a")
    for impl, c in sorted(counts.items()):
        fail = f"[red]{c['fail']}[/]" if c["fail"] else "0"
        table.add_row(escape(impl), str(c["pass"]), fail, str(c["n/a"]))
    console.print(table)


def _matrix(matrix: InteropMatrix, console: Console) -> None:
    cells = matrix.cells
    if not cells:
        return
    verifiers = sorted({v for row in cells.values() for v in row})
    console.print(f"\n[bold]interop {escape(matrix.algorithm)}[/] (rows hash, columns verify)")
    table = _table("producer", "emits", *[f"v{i}" for i in range(len(verifiers))])
    for prod, row in sorted(cells.items()):
        marks = [MARK.get(row.get(v, "n/a"), "[red]![/]") for v in verifiers]
        table.add_row(escape(prod), escape(matrix.producers[prod][:7]), *marks)
    console.print(table)
    named = "  ".join(f"v{i}={v}" for i, v in enumerate(verifiers))
    console.print("  " + escape(named), style="dim")
    for prod, text in sorted(matrix.producers.items()):
        if text.startswith("error"):
            console.print(f"  [yellow]{escape(prod)}[/] could not hash: {escape(text[:100])}")


def _differential(results: list[DifferentialResult], console: Console) -> None:
    if not results:
        return
    console.print("\n[bold]derive, differential against the reference[/]")
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        counts[r.impl][r.status] += 1
    table = _table("implementation", "match", "differs", "error", "n/a")
    for impl, c in sorted(counts.items()):
        counts_of = (str(c[k]) for k in ("match", "differs", "error", "n/a"))
        table.add_row(escape(impl), *counts_of)
    console.print(table)


def _probes(behaviours: list[Behaviour], console: Console) -> None:
    if not behaviours:
        return
    console.print("\n[bold]edge-case probes[/] (behaviour · [red]≠ reference[/])")
    by_probe: dict[str, list[Behaviour]] = defaultdict(list)
    for b in behaviours:
        by_probe[b.probe].append(b)
    table = _table("probe", "reference", "behaviour per implementation")
    for probe, rows in by_probe.items():
        groups: dict[str, list[str]] = defaultdict(list)
        for b in rows:
            style = "red" if b.diverges else "default"
            groups[f"[{style}]{escape(b.behaviour)}[/]"].append(b.impl)
        text = "; ".join(f"{k}: {escape(', '.join(v))}" for k, v in groups.items())
        table.add_row(escape(probe), escape(rows[0].expected), text)
    console.print(table)


def _lengths(behaviours: list[Behaviour], console: Console) -> None:
    """One row per target and implementation that differs from the reference somewhere:
    the lengths grouped by what it does there (every other length matches)."""
    if not behaviours:
        return
    counts = Counter(b.behaviour for b in behaviours)
    summary = ", ".join(f"{n} {k}" for k, n in counts.most_common())
    console.print(f"\n[bold]length probes[/] ({len(behaviours)}: {escape(summary)})")
    rows: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for b in behaviours:
        if b.diverges:
            target, _, label = b.probe.rpartition(".")
            rows[(target, b.impl)][b.behaviour].append(label)
    table = _table("target", "implementation", "where it differs from the reference")
    table.columns[2].no_wrap = False
    for (target, impl), by_behaviour in rows.items():
        text = "; ".join(f"{k} at {', '.join(v)}" for k, v in by_behaviour.items())
        table.add_row(escape(target), escape(impl), f"[red]{escape(text)}[/]")
    console.print(table)


def _long(found: list[LongPassword], console: Console) -> None:
    """Every implementation, algorithm and op whose time grows over 10× from a 64-byte
    password to the longest it took (fidelity/long_passwords.py), worst first."""
    if not found:
        return
    over = sorted((r for r in found if (r.amplification or 0) > AMPLIFIES_OVER),
                  key=lambda r: -(r.amplification or 0))  # fmt: skip
    console.print(f"\n[bold]long passwords[/] ({len(found)} rows, {len(over)} over "
                  f"{AMPLIFIES_OVER:g}× from 64 B to the longest taken)")  # fmt: skip
    table = _table("implementation", "algorithm", "op", "longest taken", "amplification")
    for r in over:
        bound = "≥" if r.at_least else ""
        table.add_row(escape(r.impl), escape(r.alg), r.op, f"{r.longest_accepted or 0:,} B",
                      f"[red]{bound}{r.amplification or 0:,.0f}×[/]")  # fmt: skip
    console.print(table)


def _cross(matrices: list[CrossMatrix], console: Console) -> None:
    """Per edge input: how many pairs were probed, how many did not verify, and of those
    how many the length probes already explain; the unexplained ones by name."""
    edges = [m for m in matrices if m.label != "plain"]
    if not edges:
        return
    console.print("\n[bold]cross-verification at the edges[/] (pairs that agree at a plain input)")
    table = _table("algorithm", "input", "pairs", "not verified", "explained", "unexplained")
    table.columns[5].no_wrap = False
    for m in edges:
        cells = [
            (prod, ver, result)
            for prod, row in m.cells.items()
            for ver, result in row.items()
            if ver != "reference"
        ]
        failed = [(p, v, r) for p, v, r in cells if r != "ok"]
        loose = [(p, v, r) for p, v, r in failed if v not in m.explained.get(p, {})]
        names = "; ".join(f"{p} → {v}: {r}" for p, v, r in loose)
        table.add_row(
            escape(m.algorithm),
            escape(f"{m.field} {m.label}"),
            str(len(cells)),
            str(len(failed)),
            str(len(failed) - len(loose)),
            f"[red]{escape(names)}[/]" if loose else "0",
        )
    console.print(table)


def _defaults(rows: list[DefaultsRow], console: Console) -> None:
    if not rows:
        return
    console.print("\n[bold]library defaults[/] (hash called with no parameters)")
    table = _table("implementation", "algorithm", "parameters used")
    for r in rows:
        params = ",".join(f"{k}={v}" for k, v in (r.params or {}).items())
        used = escape(params) or f"[dim]{escape(r.detail)}[/]"
        table.add_row(escape(r.impl), escape(r.alg), used)
    console.print(table)


def _ease(rows: list[EaseRow], console: Console) -> None:
    if not rows:
        return
    console.print("\n[bold]ease of use[/]")
    table = _table(
        "implementation",
        "salts itself",
        "string",
        "verify in 1 call",
        "async",
        "needs",
        "adapter lines",
    )
    table.columns[5].no_wrap = False  # "needs" is prose: wrap it, keep the rest whole
    table.columns[5].ratio = 1
    yes = {True: "yes", False: "no"}
    for r in rows:
        table.add_row(
            escape(r.impl),
            yes[r.salts_itself],
            escape(r.encoded or "—"),
            yes[r.verify_one_call],
            yes[r.async_api],
            escape(r.needs),
            str(r.adapter_lines or "—"),
        )
    console.print(table)
