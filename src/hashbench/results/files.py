"""Results files: a RunFile as versioned JSON, written atomically (temp file + fsync +
rename) after every case, so a crash, a kill or Ctrl-C keeps every finished case and
never leaves a torn file. Older versions are migrated on load."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from hashbench.errors import UsageError
from hashbench.model import KIND, VERSION, CaseRecord, RunFile

FIDELITY_KIND = "hashbench-fidelity"


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _temp_beside(path: Path) -> tuple[int, str]:
    """A temporary file in the target's folder (so the rename is atomic), with the
    permissions a plain open() would give, not mkstemp's 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.fchmod(fd, 0o666 & ~_umask())
    return fd, tmp


def write_atomic(path: Path, data: dict[str, Any] | RunFile) -> None:
    fd, tmp = _temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.format(msgspec.json.encode(data), indent=1))
            f.write(b"\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """Write an export: the whole text or nothing (an error names the path and why)."""
    try:
        fd, tmp = _temp_beside(path)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from exc


class ResultsFile:
    """A run file being written: every change is on disk before the call returns."""

    def __init__(self, path: Path, run: RunFile):
        self.path = path
        self.run = run
        self.flush()

    def append(self, record: CaseRecord) -> None:
        self.run.cases.append(record)
        self.flush()

    def update(self, **fields: Any) -> None:
        for name, value in fields.items():
            setattr(self.run, name, value)
        self.flush()

    def flush(self) -> None:
        write_atomic(self.path, self.run)


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc


def load_any(path: Path) -> RunFile | dict[str, Any]:
    """A run file (typed, migrated to the current version) or a fidelity file (a dict)."""
    raw = _read(path)
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"{path}: not a JSON file ({exc})") from exc
    if not isinstance(data, dict) or data.get("schema") not in (KIND, FIDELITY_KIND):
        raise UsageError(f"{path}: not a hashbench results file")
    if data["schema"] == FIDELITY_KIND:
        return data
    return _to_run(path, data)


def load(path: Path) -> RunFile:
    """A run file; anything else (a fidelity file included) is refused with the reason."""
    loaded = load_any(path)
    if not isinstance(loaded, RunFile):
        raise UsageError(f"{path}: a fidelity results file, not a run's (try `hashbench show`)")
    return loaded


def _to_run(path: Path, data: dict[str, Any]) -> RunFile:
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise UsageError(f"{path}: results version {version!r} is not one hashbench wrote")
    if version > VERSION:
        raise UsageError(
            f"{path}: results version {version} is newer than this hashbench reads "
            f"({VERSION}); upgrade hashbench"
        )
    data = {**data, "version": VERSION}  # v1 → v2: case ids are computed on construction
    try:
        return msgspec.convert(data, RunFile)
    except msgspec.ValidationError as exc:
        raise UsageError(f"{path}: does not match the results format v{VERSION}: {exc}") from exc
