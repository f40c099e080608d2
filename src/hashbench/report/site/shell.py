"""A site page's frame: the shared stylesheet and scripts by relative link (never inlined,
so the chart library is one file for the whole site), a navigation bar, and the page's own
figures as data for the shared drawing script."""

from __future__ import annotations

from typing import Any

from hashbench.report.export.html import esc, script_json
from hashbench.report.site.links import CSS, JS, NAV, PLOTLY, href


def link(page: str, target: str | None, text: str) -> str:
    """A link to another page of the site, or the text alone where there is none."""
    if target is None:
        return esc(text)
    return f'<a href="{esc(href(page, target))}">{esc(text)}</a>'


def page(
    path: str, title: str, sections: list[str], figures: dict[str, dict[str, Any]] | None = None
) -> str:
    nav = " · ".join(link(path, target, name) for name, target in NAV)
    scripts = ""
    if figures:
        ordered = [[div, fig["data"], fig["layout"]] for div, fig in figures.items()]
        scripts = (
            f"<script>const figures = {script_json(ordered)};</script>\n"
            f'<script src="{esc(href(path, PLOTLY))}"></script>\n'
            f'<script src="{esc(href(path, JS))}"></script>\n'
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{esc(title)} · hashbench</title><link rel="stylesheet" '
        f'href="{esc(href(path, CSS))}"></head>\n<body data-plotted="0">\n'
        f"<nav>{nav}</nav>\n<main>\n"
        + "\n".join(sections)
        + f"\n</main>\n{scripts}</body></html>\n"
    )


def empty(what: str, command: str) -> str:
    """The line of a piece with no data: what is missing and the command that fills it."""
    return f'<p class="empty">{esc(what)}: <code>{esc(command)}</code> fills it.</p>'
