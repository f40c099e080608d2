"""Runner manifests: runners/<name>/runner.toml. The orchestrator never names a language."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from hashbench import paths
from hashbench.errors import UsageError


@dataclass(frozen=True)
class Manifest:
    name: str
    language: str
    description: str
    check: list[str]
    build: list[str]
    launch: list[str]
    artifact: str | None
    apt: list[str] = field(default_factory=list)
    install_hint: str = ""
    timeout_s: float = 120.0
    # instruction counts (`run --measure instructions`): why this runner's counts would
    # mislead, if they would (a JIT), and variables that make its counts repeat
    count_refused: str = ""
    count_env: dict[str, str] = field(default_factory=dict)
    # how long a fresh process of this runtime runs a hot loop before its JIT has compiled
    # it: the first case of an implementation and algorithm in a process warms up at least
    # this long (engine/warmup.py)
    jit_warmup_s: float = 0.0
    # the runtime compiles as it runs (HotSpot, V8): `compare` fits its cases' tails apart
    jit: bool = False
    # built only when asked for (another Node major: a download of its own): not by
    # `hashbench build` without names (make setup), but by `hashbench build <name>` or by
    # a run that needs it (runner/pool.py)
    on_demand: bool = False

    def toolchain_problem(self) -> str | None:
        """None if the toolchain check passes, else what is missing and how to get it."""
        exe = self.check[0]
        if shutil.which(exe) is None and not (paths.root() / exe).exists():
            return f"{exe} not found; {self.install_hint or 'install the toolchain'}"
        try:
            subprocess.run(
                self.check, cwd=paths.root(), capture_output=True, timeout=60, check=True
            )
        except (OSError, subprocess.SubprocessError) as exc:
            return f"`{' '.join(self.check)}` failed ({exc}); {self.install_hint}"
        return None

    def is_built(self) -> bool:
        return self.artifact is None or (paths.root() / self.artifact).exists()

    def not_built(self) -> str:
        """Why it cannot start, when it is not built: what builds it."""
        if self.on_demand:
            return f"not built (built on demand: `hashbench build {self.name}`)"
        return "not built (run `make setup`)"


def _load(path: Path) -> Manifest:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: malformed TOML: {exc}") from exc
    missing = [k for k in ("name", "check", "build", "launch") if k not in data]
    if missing:
        raise UsageError(f"{path}: missing key(s) {', '.join(missing)}")
    return Manifest(
        name=data["name"],
        language=data.get("language", data["name"]),
        description=data.get("description", ""),
        check=list(data["check"]),
        build=list(data["build"]),
        launch=list(data["launch"]),
        artifact=data.get("artifact"),
        apt=list(data.get("apt", [])),
        install_hint=data.get("install_hint", ""),
        timeout_s=float(data.get("timeout_s", 120)),
        count_refused=str(data.get("count_refused", "")),
        count_env={str(k): str(v) for k, v in data.get("count_env", {}).items()},
        jit_warmup_s=_seconds(path, data, "jit_warmup_s"),
        jit=_flag(path, data, "jit"),
        on_demand=_flag(path, data, "on_demand"),
    )


def _flag(path: Path, data: dict[str, object], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise UsageError(f"{path}: {key} must be true or false, not {value!r}")
    return value


def _seconds(path: Path, data: dict[str, object], key: str) -> float:
    value = data.get(key, 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60:
        raise UsageError(f"{path}: {key} must be a number of seconds from 0 to 60, not {value!r}")
    return float(value)


def load_all(directory: Path | None = None) -> list[Manifest]:
    directory = directory or paths.runners_dir()
    return [_load(p) for p in sorted(directory.glob("*/runner.toml"))]
