"""The results file's JSON Schema, generated from the model (never written by hand)."""

from __future__ import annotations

from typing import Any

import msgspec

from hashbench.model.run_file import RunFile


def json_schema() -> dict[str, Any]:
    return msgspec.json.schema(RunFile)
