"""JSON: the results file itself, in the current version of the format."""

from __future__ import annotations

import msgspec

from hashbench.model import RunFile


def render(run: RunFile) -> str:
    return msgspec.json.format(msgspec.json.encode(run), indent=1).decode() + "\n"
