"""Results files: a RunFile as versioned JSON, written atomically (temp file + fsync +
rename) whenever records are flushed — `run` after every group, whose records finish
together; `append` at once — so a crash, a kill or Ctrl-C keeps every finished group and
never leaves a torn file. Older versions are migrated on load."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from hashbench.errors import UsageError
from hashbench.model import KIND, VERSION, CaseRecord, RunFile
from hashbench.model.fidelity import FIDELITY_KIND, FIDELITY_VERSION, FidelityFile
from hashbench.model.strength import STRENGTH_KIND, STRENGTH_VERSION, StrengthFile
from hashbench.results.values import fidelity as fidelity_values
from hashbench.results.values import run_file as run_values
from hashbench.results.values import strength as strength_values
from hashbench.results.values.bounds import BadValue

T = TypeVar("T")


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


def write_atomic(path: Path, data: dict[str, Any] | msgspec.Struct) -> None:
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


def check_output(path: Path, flag: str, *, folder: bool = False) -> None:
    """Refuse an output that cannot be written before any work starts: a file that is a
    folder (or a folder that is a file), a path under a file, a place where no file can
    be made (permissions, a read-only or pseudo file system: a file is made there and
    removed, to see). The folders missing are made when the output is written."""
    if folder and path.exists() and not path.is_dir():
        raise UsageError(f"{flag} {path}: not a folder")
    if not folder and path.is_dir():
        raise UsageError(f"{flag} {path}: is a folder; give a file name")
    here = path if folder else path.parent
    while not here.exists() and here != here.parent:  # the nearest folder that exists
        here = here.parent
    if not here.is_dir():
        raise UsageError(f"{flag} {path}: cannot write there ({here} is a file, not a folder)")
    if path.is_file() and not os.access(path, os.W_OK):
        raise UsageError(f"{flag} {path}: cannot write there (permission denied)")
    try:
        with tempfile.TemporaryFile(dir=here):
            pass
    except OSError as exc:
        raise UsageError(
            f"{flag} {path}: cannot make a file in {here} ({exc.strerror or exc})"
        ) from None


def lock_path(path: Path) -> Path:
    """The lock beside a results file: held for as long as a run writes it. (The results
    file itself is replaced on every write, so a lock on it would not hold.)"""
    return path.with_name(f".{path.name}.lock")


def _writer_alive(path: Path) -> bool:
    """True while a hashbench run holds the results file's lock."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


class ResultsFile:
    """A run file being written: every change is on disk before the call returns, and no
    other run may write the same file meanwhile (an exclusive lock beside it)."""

    def __init__(self, path: Path, run: RunFile):
        self.path = path
        self.run = run
        self._lock = self._take_lock(path)
        self.flush()

    @staticmethod
    def check_writable(path: Path) -> None:
        """Refuse an --out that cannot be written before any runner starts."""
        check_output(path, "--out")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--out {path}: cannot write there ({exc.strerror or exc})") from exc

    @staticmethod
    def _take_lock(path: Path) -> int:
        ResultsFile.check_writable(path)
        while True:
            try:
                fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise UsageError(
                    f"--out {path}: cannot write there ({exc.strerror or exc})"
                ) from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
                os.close(fd)
                raise UsageError(
                    f"--out {path}: another hashbench run (pid {holder or '?'}) is writing "
                    "it; choose another --out"
                ) from None
            if _same_file(fd, lock_path(path)):
                break
            os.close(fd)  # locked a file its holder removed as it ended: take the new one
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        return fd

    def close(self) -> None:
        """Release the lock and remove its file (removed while held, so no run can take
        a lock on a file already gone: _take_lock checks it locked the file still there)."""
        if self._lock >= 0:
            with contextlib.suppress(OSError):
                os.unlink(lock_path(self.path))
            os.close(self._lock)
            self._lock = -1

    def append(self, record: CaseRecord) -> None:
        self.run.cases.append(record)
        self.flush()

    def add(self, record: CaseRecord) -> None:
        """Keep a record for the next flush: a run writes once per group, not per case
        (a group's records all finish together; 700 `n/a` records are not 700 writes)."""
        self.run.cases.append(record)

    def update(self, **fields: Any) -> None:
        for name, value in fields.items():
            setattr(self.run, name, value)
        self.flush()

    def flush(self) -> None:
        """Write the whole file atomically. A full disk or a lost folder stops the run
        with the last complete file in place (every case finished before this one)."""
        try:
            write_atomic(self.path, self.run)
        except OSError as exc:
            raise UsageError(
                f"results file {self.path}: {exc.strerror or exc}; the run stopped, and the "
                "cases finished before are kept there"
            ) from exc


def _read(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc


def load_any(path: Path) -> RunFile | StrengthFile | FidelityFile:
    """A run file (typed, migrated to the current version), a strength file (calibrate,
    strength, capacity) or a fidelity file; each decoded strictly and its values checked
    (results/values/)."""
    raw = _read(path)
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"{path}: not a JSON file ({exc})") from exc
    except RecursionError:
        raise UsageError(f"{path}: JSON nested too deeply to be a results file") from None
    if not isinstance(data, dict) or data.get("schema") not in (KIND, FIDELITY_KIND, STRENGTH_KIND):
        raise UsageError(f"{path}: not a hashbench results file")
    if data["schema"] == FIDELITY_KIND:
        return _to_fidelity(path, data)
    if data["schema"] == STRENGTH_KIND:
        return _to_strength(path, data)
    return _to_run(path, data)


def load(path: Path) -> RunFile:
    """A run file; anything else (a fidelity file included) is refused with the reason."""
    loaded = load_any(path)
    if not isinstance(loaded, RunFile):
        kind = (
            "a fidelity" if isinstance(loaded, FidelityFile) else f"a {loaded.command} (strength)"
        )
        raise UsageError(f"{path}: {kind} results file, not a run's (try `hashbench show`)")
    return loaded


def load_fidelity(path: Path, flag: str = "") -> FidelityFile:
    """A fidelity file; anything else is refused with the reason."""
    loaded = load_any(path)
    if not isinstance(loaded, FidelityFile):
        raise UsageError(f"{flag + ' ' if flag else ''}{path}: not a fidelity results file")
    return loaded


def _checked(path: Path, check: Callable[[T], None], data: T) -> None:
    """The values of a file decoded: a figure out of its bounds refuses the file."""
    try:
        check(data)
    except BadValue as exc:
        raise UsageError(f"{path}: {exc}") from None


def _mark_unfinished(path: Path, run: RunFile) -> RunFile:
    """A run that ended any way but normally (killed, out of disk, power lost) left
    `finished` empty and released its lock: it is read as interrupted."""
    if run.finished is None and not run.interrupted and not _writer_alive(path):
        run.interrupted = True
        run.warnings = [*run.warnings, "the run ended without finishing (killed or crashed)"]
    return run


def _to_run(path: Path, data: dict[str, Any]) -> RunFile:
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise UsageError(f"{path}: results version {version!r} is not one hashbench wrote")
    if version > VERSION:
        raise UsageError(
            f"{path}: results version {version} is newer than this hashbench reads "
            f"({VERSION}); upgrade hashbench"
        )
    # v1 → v2: case ids are computed on construction; v2 → v3: no `measure` is "time"
    data = {**data, "version": VERSION}
    try:
        run = msgspec.convert(data, RunFile)
    except msgspec.ValidationError as exc:
        raise UsageError(f"{path}: does not match the results format v{VERSION}: {exc}") from exc
    _checked(path, run_values.check, run)
    return _mark_unfinished(path, run)


def _to_strength(path: Path, data: dict[str, Any]) -> StrengthFile:
    return _typed(path, data, "strength", STRENGTH_VERSION, StrengthFile, strength_values.check)


def _to_fidelity(path: Path, data: dict[str, Any]) -> FidelityFile:
    return _typed(path, data, "fidelity", FIDELITY_VERSION, FidelityFile, fidelity_values.check)


def _typed(
    path: Path,
    data: dict[str, Any],
    kind: str,
    version: int,
    struct: type[T],
    check: Callable[[T], None],
) -> T:
    """A file of one version (strength and fidelity files have had one), decoded strictly
    into its struct, its values checked."""
    if data.get("version") != version:
        raise UsageError(
            f"{path}: {kind} results version {data.get('version')!r}; this hashbench reads "
            f"{version}"
        )
    try:
        typed = msgspec.convert(data, struct)
    except msgspec.ValidationError as exc:
        raise UsageError(f"{path}: does not match the {kind} results format: {exc}") from exc
    _checked(path, check, typed)
    return typed
