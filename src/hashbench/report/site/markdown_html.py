"""Markdown that the reports already write (the strength tables, the seeds page) as HTML
for the site, so each is written once. Raw HTML in the text is escaped, not passed."""

from __future__ import annotations

from markdown_it import MarkdownIt

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def html(markdown: str) -> str:
    return str(_MD.render(markdown))
