"""The results files' JSON Schemas, generated from the model (never written by hand)."""

from __future__ import annotations

from typing import Any

import msgspec

from hashbench.model.fidelity import FidelityFile
from hashbench.model.run_file import RunFile


def json_schema() -> dict[str, Any]:
    return msgspec.json.schema(RunFile)


def fidelity_schema() -> dict[str, Any]:
    return msgspec.json.schema(FidelityFile)
