"""Known libraries (catalog/libraries/*.toml), available here or not, with the reason."""

from __future__ import annotations

import tomllib
from typing import Any

from hashbench import paths
from hashbench.errors import UsageError


def load() -> list[dict[str, Any]]:
    rows = []
    for path in sorted((paths.catalog_dir() / "libraries").glob("*.toml")):
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as exc:
            raise UsageError(f"{path}: malformed TOML: {exc}") from exc
        for row in data.get("library", []):
            rows.append({**row, "catalog_file": path.name})
    return rows
