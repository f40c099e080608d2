"""One module per subcommand. Each module defines NAME, HELP (one line), EXAMPLE,
add_arguments(parser) and run(args) -> exit code; cli.py builds the parser from them."""

from __future__ import annotations

import importlib
from types import ModuleType

# The order `hashbench --help` lists them in.
NAMES = [
    "run", "show", "compare", "pick", "card", "calibrate", "strength", "breach", "capacity",
    "history",
    "list", "fidelity", "doctor", "build", "seeds-report", "site",
]  # fmt: skip


def modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"hashbench.commands.{name.replace('-', '_')}") for name in NAMES
    ]
