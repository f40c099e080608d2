"""Exporters: one module per format, each a function from a run to the file's text.

`FORMATS` maps the names `show --format` and `run --export-<name>` accept to them; a
command writes the text atomically, so a failed export leaves no half-written file.
"""

from __future__ import annotations

from collections.abc import Callable

from hashbench.model import RunFile
from hashbench.report.export import bmf, csv_rows, html, json_file, markdown

Exporter = Callable[[RunFile], str]

FORMATS: dict[str, Exporter] = {
    "md": markdown.render,
    "csv": csv_rows.render,
    "json": json_file.render,
    "bmf": bmf.render,
    "html": html.render,
}
