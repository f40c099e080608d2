"""`pick --format`: one function per format from a pick to the file's text."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from hashbench.model.card import Pick
from hashbench.report.export import pick_html, pick_markdown


def _json(picks: list[Pick]) -> str:
    """A list of picks, one per algorithm (the JSON a site page can render again)."""
    return msgspec.json.format(msgspec.json.encode(picks), indent=1).decode() + "\n"


def _markdown(picks: list[Pick]) -> str:
    return "\n".join(pick_markdown.render(p) for p in picks)


FORMATS: dict[str, Callable[[list[Pick]], str]] = {
    "md": _markdown,
    "json": _json,
    "html": pick_html.render,
}
