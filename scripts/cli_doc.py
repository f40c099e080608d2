"""Write docs/cli.md from the command line's own parser: every subcommand, its synopsis,
and every option with its help, as `--help` prints them. tests/test_cli_doc.py fails when
the page and the parser disagree (as docs/protocol.md is held to the protocol's types).

    .venv/bin/python scripts/cli_doc.py [--out docs/cli.md]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hashbench.cli import parser
from hashbench.commands import modules

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "cli.md"


def _subparsers(top: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in top._actions:  # argparse keeps its subcommands only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _flags(action: argparse.Action) -> str:
    if not action.option_strings:
        name = action.metavar or action.dest
        return f"`{name}`" + (" (optional)" if action.nargs in ("?", "*") else "")
    takes = action.nargs != 0
    metavar = action.metavar or (action.dest.upper() if takes else "")
    return ", ".join(f"`{o} {metavar}`" if metavar else f"`{o}`" for o in action.option_strings)


def _help(action: argparse.Action) -> str:
    text = (action.help or "").replace("%%", "%")
    if "%(default)s" in text:
        text = text.replace("%(default)s", str(action.default))
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        text += f" (one of: {', '.join(map(str, action.choices))})"
    return " ".join(text.split()).replace("|", "\\|")


def page() -> str:
    top = parser()
    subs = _subparsers(top)
    lines = [
        "# The command line",
        "",
        "Every subcommand of `hashbench` and every option it takes, generated from the",
        "parser by `scripts/cli_doc.py` (tests/test_cli_doc.py holds the two together).",
        "`hashbench COMMAND --help` prints the same with an example. Exit codes: 0 all",
        "verified; 1 a finding (a failed or unverified case; for `compare`, a significant",
        "regression); 2 bad usage or input; 3 an internal error; 130 interrupted",
        "([reliability.md](reliability.md)).",
        "",
        "| command | what it does |",
        "|---|---|",
        *(f"| [`{m.NAME}`](#{m.NAME}) | {m.HELP} |" for m in modules()),
    ]
    for module in modules():
        sub = subs[module.NAME]
        usage = " ".join(sub.format_usage().split()).removeprefix("usage: ")
        lines += ["", f"## {module.NAME}", "", module.HELP + ".", "", f"    {usage}", ""]
        lines += ["| argument | what |", "|---|---|"]
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            lines.append(f"| {_flags(action)} | {_help(action)} |")
        example = " ".join(module.EXAMPLE.split("\n")[0].split())
        lines += ["", f"Example: `{example}`"]
    return "\n".join(lines) + "\n"


def main() -> None:
    out = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else OUT
    out.write_text(page())
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
