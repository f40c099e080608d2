"""The site's front page: a summary first (what the store holds, what failed, what
fidelity found), the groups with each one's fastest and links to their pages, the
machines, the seed benchmarks reproduced, and the newest runs."""

from __future__ import annotations

from hashbench.model.records import CaseRecord
from hashbench.model.site import Group, SiteData
from hashbench.report import answer, units
from hashbench.report.export.html import esc, table
from hashbench.report.site.links import FIDELITY, INDEX, LIBRARIES, SEEDS, STRENGTH, Names
from hashbench.report.site.shell import empty, link, page
from hashbench.report.summary import group_summary
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


def _summary(data: SiteData) -> str:
    """The page's first lines: what the store holds, what failed, what fidelity found."""
    if not data.runs:
        return ""
    newest = max(m.latest for m in data.machines) if data.machines else data.runs[0].started
    records = [r for g in data.groups for r in _newest(g)]
    plural, groups = "s" if len(data.machines) != 1 else "", len(data.groups)
    measured = sum(r.suite != "fidelity" for r in data.runs)
    said = [
        f"{measured} runs on {len(data.machines)} machine{plural}, the newest on "
        f"{newest[:16].replace('T', ' ')}; {groups} group{'s' if groups != 1 else ''} measured, by "
        f"{len({r.impl for r in records})} implementations of the {len(data.libraries)} "
        "in the catalog.",
        *answer.failures(records, "in each machine's newest runs"),
    ]
    if data.fidelity is None:
        said.append("No fidelity run yet (hashbench fidelity).")
    else:
        checked = sum(len(impls) for _, impls in data.fidelity.sources)
        said.append(
            f"Fidelity: {checked} implementations checked, in {len(data.fidelity.sources)} "
            f"fidelity runs; {len(data.fidelity.divergences)} divergences."
        )
    items = "".join(f"<li>{esc(line)}</li>" for line in said)
    return f'<ul id="summary">{items}</ul>'


def _newest(group: Group) -> list[CaseRecord]:
    """The group's records on its newest machine."""
    return [r for r, _ in group.rankings[0].records]


def _groups(data: SiteData, names: Names) -> str:
    if not data.groups:
        return ""
    rows = []
    for g in data.groups:
        impls = {r.impl for ranking in g.rankings for r, _ in ranking.records}
        target = link(INDEX, names.group(g.key), group_title(g))
        machines = ", ".join(r.machine for r in g.rankings)
        fastest, ratios = group_summary(_newest(g))
        best = f"{fastest.impl} {units.duration(fastest.measured.median)}" if fastest else "—"
        spread = f"{ratios[-1].ratio:.1f}×" if ratios else "—"
        rows.append(
            f"<tr><td>{target}</td><td>{esc(g.alg)}</td><td>{esc(best)}</td>"
            f'<td class="n">{spread}</td><td class="n">{len(impls)}</td>'
            f"<td>{esc(machines)}</td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("group", "algorithm", "fastest (its newest machine)", "the slowest",
                  "implementations", "machines")
    )  # fmt: skip
    return (
        "<h2>Groups</h2><p>Each group's fastest on the newest machine that measured it, and "
        "how many times slower its slowest is; its page ranks every implementation on each "
        f'machine and draws their history.</p><table id="groups"><thead><tr>{head}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
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
        _summary(data),
        f"<p>Built {esc(data.made)} from the history store <code>{esc(data.store)}</code>.</p>",
        f"<ul>{items}</ul>",
        _groups(data, names),
        _machines(data),
        _seeds(data),
        _runs(data),
    ]
    return page(INDEX, "results", sections)
