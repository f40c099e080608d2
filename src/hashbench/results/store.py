"""A results file, rewritten atomically (temp file + fsync + rename) after every case, so a
crash, a kill or Ctrl-C keeps every finished case and never leaves a torn file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import jsonschema

from hashbench.errors import UsageError

SCHEMA_VERSION = 1
KIND = "hashbench-results"
_SCHEMA = Path(__file__).with_name("schema.json")


def schema() -> dict[str, Any]:
    return json.loads(_SCHEMA.read_text())


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=1, allow_nan=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class ResultsFile:
    def __init__(self, path: Path, header: dict[str, Any]):
        self.path = path
        self.data = {"schema": KIND, "version": SCHEMA_VERSION, **header, "cases": []}
        self.flush()

    def append(self, record: dict[str, Any]) -> None:
        self.data["cases"].append(record)
        self.flush()

    def update(self, **fields: Any) -> None:
        self.data.update(fields)
        self.flush()

    def flush(self) -> None:
        write_atomic(self.path, self.data)


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not a JSON file ({exc})") from exc
    if not isinstance(data, dict) or data.get("schema") not in (KIND, "hashbench-fidelity"):
        raise UsageError(f"{path}: not a hashbench results file")
    if data["schema"] == KIND:
        try:
            jsonschema.validate(data, schema())
        except jsonschema.ValidationError as exc:
            where = "/".join(str(p) for p in exc.absolute_path)
            raise UsageError(
                f"{path}: does not match results schema v{SCHEMA_VERSION} "
                f"at {where or '(top)'}: {exc.message}"
            ) from exc
    return data
