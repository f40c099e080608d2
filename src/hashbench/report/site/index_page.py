"""The site's front page: the machines, the groups with links to their pages, the seed
benchmarks reproduced, and the newest runs."""

from __future__ import annotations

from hashbench.model.site import Group, SiteData
from hashbench.report import units
from hashbench.report.export.html import esc, table
from hashbench.report.site.links import FIDELITY, INDEX, LIBRARIES, SEEDS, STRENGTH, Names
from hashbench.report.site.shell import empty, link, page
from hashbench.report.titles import title

RUNS_SHOWN = 30


def group_title(group: Group) -> str:
    return title(group.rankings[0].records[0][0])


def _machines(data: SiteData) -> str:
    if not data.machines:
        return "<h2>Machines</h2>" + empty(
            "No run in the history store yet (results files made elsewhere go in with "
            "`hashbench history import FILE…`)",
            "hashbench run",
        )
    rows: list[list[object]] = [
        [m.label, m.cores or "?", units.size(m.memory_bytes) if m.memory_bytes else "?",
         f"{m.os} {m.distro or ''}".strip(), m.runs, m.latest, m.fingerprint]
        for m in data.machines
    ]  # fmt: skip
    headers = ["machine", "cores", "memory", "OS", "runs", "newest run", "fingerprint"]
    return "<h2>Machines</h2>" + table(headers, rows, range(1, 3))


def _groups(data: SiteData, names: Names) -> str:
    if not data.groups:
        return ""
    rows = []
    for g in data.groups:
        impls = {r.impl for ranking in g.rankings for r, _ in ranking.records}
        target = link(INDEX, names.group(g.key), group_title(g))
        machines = ", ".join(r.machine for r in g.rankings)
        rows.append(
            f'<tr><td>{target}</td><td>{esc(g.alg)}</td><td class="n">{len(impls)}</td>'
            f"<td>{esc(machines)}</td></tr>"
        )
    head = "<tr><th>group</th><th>algorithm</th><th>implementations</th><th>machines</th></tr>"
    return (
        "<h2>Groups</h2><p>Each group's newest ranking on each machine and every case's "
        f'history.</p><table id="groups"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
        "</table>"
    )


def _seeds(data: SiteData) -> str:
    if data.seeds is None:
        return "<h2>The seed benchmarks</h2>" + empty(
            "No `seeds` run in the history store", "hashbench run seeds"
        )
    run, label = data.seeds
    target = link(INDEX, SEEDS, "The seed benchmarks, reproduced")
    return (
        f"<h2>The seed benchmarks</h2><p>{target} by {esc(label)} ({esc(run.started)}, "
        f"{esc(run.environment.cpu)}).</p>"
    )


def _runs(data: SiteData) -> str:
    if not data.runs:
        return ""
    rows = [[r.id, r.started, r.suite, r.machine, r.cases, r.state, r.hashbench_version]
            for r in data.runs[:RUNS_SHOWN]]  # fmt: skip
    more = len(data.runs) - RUNS_SHOWN
    tail = f"<p>… and {more} older runs (<code>hashbench history</code>).</p>" if more > 0 else ""
    headers = ["run", "started", "suite", "machine", "cases", "state", "hashbench"]
    return "<h2>Newest runs</h2>" + table(headers, rows, range(4, 5)) + tail


def render(data: SiteData, names: Names) -> str:
    pages = [
        (LIBRARIES, f"Libraries ({len(data.libraries)}): each one's card"),
        (FIDELITY, "Fidelity: who verifies whose strings"),
        (STRENGTH, "Strength: equal-strength parameters and attacker cost"),
        (SEEDS, "The seed benchmarks, reproduced"),
    ]
    items = "".join(f"<li>{link(INDEX, target, text)}</li>" for target, text in pages)
    sections = [
        "<h1>hashbench results</h1>",
        f"<p>Built {esc(data.made)} from the history store <code>{esc(data.store)}</code>.</p>",
        f"<ul>{items}</ul>",
        _machines(data),
        _seeds(data),
        _groups(data, names),
        _runs(data),
    ]
    return page(INDEX, "results", sections)
