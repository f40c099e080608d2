"""docs/cli.md is the parser's own account of the command line (scripts/cli_doc.py): the
page names every option of every subcommand, and a parser that changed without the page
fails here, saying how to write it again."""

from __future__ import annotations

import argparse
import runpy
from pathlib import Path

from hashbench import paths
from hashbench.cli import parser

PAGE = paths.root() / "docs" / "cli.md"


def test_the_page_is_what_the_parser_says():
    writer = runpy.run_path(str(Path(paths.root()) / "scripts" / "cli_doc.py"))
    assert PAGE.read_text() == writer["page"](), (
        "docs/cli.md differs from the parser: run .venv/bin/python scripts/cli_doc.py"
    )


def test_every_option_of_every_subcommand_is_on_the_page():
    text = PAGE.read_text()
    subs = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subs.choices.items():
        assert f"## {name}" in text
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in text, f"{name} {option} is not in docs/cli.md"
