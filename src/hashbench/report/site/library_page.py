"""A library's page: its card on each machine (as `hashbench card` prints it), with links
to the groups it was measured in; and the list of every library."""

from __future__ import annotations

from hashbench.model.card import Card
from hashbench.model.site import Library
from hashbench.report.card_lines import lines
from hashbench.report.export.html import esc
from hashbench.report.site.links import LIBRARIES, Names
from hashbench.report.site.shell import link, page


def render(path: str, library: Library, groups: list[tuple[str, str]], names: Names) -> str:
    """`groups`: (group key, title) of the groups it has records in."""
    first = library.cards[0][1]
    sections = [f"<h1>{esc(library.impl)} — {esc(first.name)}</h1>"]
    if groups:
        where = "".join(f"<li>{link(path, names.group(k), t)}</li>" for k, t in groups)
        sections.append(f"<h2>Measured in</h2><ul>{where}</ul>")
    sections += [
        f"<h2>Card on {esc(machine)}</h2>{card_html(card)}" for machine, card in library.cards
    ]
    return page(path, library.impl, sections)


def card_html(card: Card) -> str:
    """The card as `hashbench card` prints it: its head line, then each section's title
    with its lines under it."""
    text = lines(card)
    body = "".join(
        f"<dt>{esc(heading)}</dt>" + "".join(f"<dd>{esc(item)}</dd>" for item in items)
        for heading, items in text.sections
    )
    return f'<section class="card"><p class="head">{esc(text.head)}</p><dl>{body}</dl></section>'


def render_list(libraries: list[Library], names: Names) -> str:
    rows = []
    for lib in libraries:
        card = lib.cards[0][1]
        where = "yes" if card.available else f"no: {card.unavailable_reason}"
        rows.append(
            f"<tr><td>{link(LIBRARIES, names.library(lib.impl), lib.impl)}</td>"
            f"<td>{esc(card.name)}</td><td>{esc(card.runtime)}</td>"
            f"<td>{esc(card.backend_kind)}</td><td>{esc(', '.join(card.algorithms))}</td>"
            f"<td>{esc(where)}</td></tr>"
        )
    headers = ("implementation", "name", "runtime", "build", "algorithms", "available")
    head = "".join(f"<th>{h}</th>" for h in headers)
    about = (
        "<h1>Libraries</h1><p>Every implementation of the catalog; each page holds its card "
        "on each machine: speed at each algorithm's reference case, divergences worst first, "
        "ease of use, defaults, build, and what is not measured with the command that "
        "measures it (docs/pick.md).</p>"
    )
    listed = (
        f'<table id="libraries"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
        "</table>"
    )
    return page(LIBRARIES, "libraries", [about, listed])
