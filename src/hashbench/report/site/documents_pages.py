"""The pages of whole documents: the newest fidelity result of each implementation (the
interop matrices as grids, the divergences, the known-answer vectors, the runs they came
from), the strength results files (their tables), and
the seed benchmarks beside the newest `seeds` run. Each, without data, names the command
that fills it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hashbench.catalog import seeds as seed_files
from hashbench.model.site import JoinedFidelity, SiteData
from hashbench.report.export import strength_markdown
from hashbench.report.export.html import esc, fidelity_sections
from hashbench.report.seeds.page import Source
from hashbench.report.seeds.page import render as seeds_markdown
from hashbench.report.site import breach_section
from hashbench.report.site.links import FIDELITY, SEEDS, STRENGTH
from hashbench.report.site.markdown_html import html
from hashbench.report.site.shell import empty, page


def fidelity(data: SiteData) -> str:
    heading = "<h1>Fidelity: who verifies whose strings</h1>"
    if data.fidelity is None:
        return page(FIDELITY, "fidelity", [heading, empty(
            "No fidelity run in the history store", "hashbench fidelity"
        )])  # fmt: skip
    found = data.fidelity
    sections, figures = fidelity_sections(found.divergences, found.interop, found.kat)
    about = (
        "<p>The newest result of each implementation, from whichever fidelity run checked "
        "it last: its known-answer rows and divergences from that run, each interop cell "
        "from the newest run that checked that pair. Each grid: rows hash, columns verify "
        "(green verified, red rejected, orange an error or a wrong password accepted, grey "
        "not applicable, blank not checked together).</p>"
    )
    return page(FIDELITY, "fidelity", [heading, about, _sources(found), *sections], figures)


def _sources(found: JoinedFidelity) -> str:
    rows = "".join(
        f"<tr><td>{esc(label)}</td><td>{esc(_runners(impls))}</td></tr>"
        for label, impls in found.sources
    )
    return (
        '<table id="fidelity-sources"><thead><tr><th>fidelity run</th><th>results taken '
        f"from it</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _runners(impls: list[str]) -> str:
    """ "c: libxcrypt, openssl · python: bcrypt" ("interop cells only" for none)."""
    by_runner: dict[str, list[str]] = {}
    for impl in impls:
        runner, _, name = impl.partition("/")
        by_runner.setdefault(runner, []).append(name)
    if not by_runner:
        return "interop cells only"
    return " · ".join(f"{runner}: {', '.join(names)}" for runner, names in by_runner.items())


def strength(data: SiteData) -> str:
    heading = "<h1>Strength</h1>"
    if not data.strength:
        return page(STRENGTH, "strength", [heading, empty(
            "No strength results file (the store does not keep them: `hashbench site` reads "
            "--strength FILE…, else the newest in results/)", "hashbench strength"
        )])  # fmt: skip
    sections = [heading]
    figures: dict[str, dict[str, Any]] = {}
    for n, (file, label) in enumerate(data.strength):
        sections += [
            f"<p><small>From {esc(label)}</small></p>",
            html(strength_markdown.render(file)),
        ]
        sections += breach_section.section(data.breach.get(label, []), figures, n)
    return page(STRENGTH, "strength", sections, figures)


def seeds(data: SiteData) -> str:
    if data.seeds is None:
        return page(SEEDS, "seeds", ["<h1>The seed benchmarks, reproduced</h1>", empty(
            "No `seeds` run in the history store", "hashbench run seeds"
        )])  # fmt: skip
    run, label = data.seeds
    text = seeds_markdown(seed_files.load(), [Source(Path(label), run)], None, "hashbench site")
    return page(SEEDS, "seeds", [html(text)])
