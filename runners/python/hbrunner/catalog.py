"""The algorithm catalog (catalog/algorithms.toml), read from the repository, and the
runner's own range checks: out-of-range parameters are refused before any library call."""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

from hbrunner.errors import InvalidParams, Unsupported


def catalog_path() -> Path:
    """The compiled catalog (docs/protocol.md): HASHBENCH_CATALOG, set by the
    orchestrator; else build/catalog.json under HASHBENCH_ROOT or this repository."""
    named = os.environ.get("HASHBENCH_CATALOG")
    if named:
        return Path(named)
    root = os.environ.get("HASHBENCH_ROOT")
    return (Path(root) if root else Path(__file__).resolve().parents[3]) / "build" / "catalog.json"


@cache
def compiled() -> dict[str, Any]:
    path = catalog_path()
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        sys.exit(f"hbrunner: cannot read the compiled catalog {path}: {exc} (run hashbench build)")
    shaped = isinstance(data, dict) and data.get("catalog") == 1
    if not shaped or not all(isinstance(data.get(k), dict) for k in ("algorithms", "runners")):
        sys.exit(f"hbrunner: {path} is not a compiled catalog of format 1 (run hashbench build)")
    return data


def algorithms() -> dict[str, dict[str, Any]]:
    """Every algorithm's parameter schema: defaults, ranges, length and salt rules."""
    known: dict[str, dict[str, Any]] = compiled()["algorithms"]
    return known


def served() -> dict[str, dict[str, Any]]:
    """The implementations the catalog lists for this runner: id → library, backend,
    algorithms."""
    rows: dict[str, dict[str, Any]] = compiled()["runners"].get("python", {})
    return rows


def spec(alg: str) -> dict[str, Any]:
    known = algorithms()
    if alg not in known:
        raise Unsupported(f"unknown algorithm {alg!r}")
    return known[alg]


def is_digest(alg: str) -> bool:
    return spec(alg)["kind"] == "digest"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_params(alg: str, params: dict[str, Any], check: bool = True) -> dict[str, int]:
    """Full parameter set (catalog defaults filled in), or InvalidParams naming the value.

    check=False (a request with "unchecked": true) keeps the type checks only, so the
    library sees out-of-range values as given."""
    allowed = spec(alg).get("params", {})
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise InvalidParams(f"{alg}: unknown parameter(s) {', '.join(unknown)}")
    full = {k: s["default"] for k, s in allowed.items()}
    full.update(params)
    for key, value in full.items():
        if not _is_int(value):
            raise InvalidParams(f"{alg}: {key}={value!r} is not an integer")
    if not check:
        return full
    for key, value in full.items():
        rule = allowed[key]
        where = f"{alg}: {key}={value!r}"
        if "choices" in rule and value not in rule["choices"]:
            raise InvalidParams(f"{where} not one of {rule['choices']}")
        if value < rule.get("min", value) or value > rule.get("max", value):
            raise InvalidParams(f"{where} out of range {rule.get('min')}–{rule.get('max', '')}")
        if rule.get("power_of_two") and value & (value - 1):
            raise InvalidParams(f"{where} is not a power of two")
        per = rule.get("min_per")
        if per and value < per["factor"] * full[per["param"]]:
            other = full[per["param"]]
            raise InvalidParams(
                f"{where} below {per['factor']}*{per['param']}={per['factor'] * other}"
            )
    return full


def validate_length(alg: str, length: Any, op: str, check: bool = True) -> int:
    rule = spec(alg).get("length")
    if rule is None:  # bcrypt: no output length; a length in the request is ignored
        return 0
    if length is None:
        # docs/protocol.md: scrypt derive defaults to 64 bytes, otherwise the catalog's.
        return 64 if (alg == "scrypt" and op == "derive") else rule["default"]
    if not _is_int(length):
        raise InvalidParams(f"{alg}: length {length!r} is not an integer")
    if check and not rule["min"] <= length <= rule["max"]:
        raise InvalidParams(f"{alg}: length {length} out of range {rule['min']}–{rule['max']}")
    return length


def validate_salt(alg: str, salt: bytes | None) -> None:
    rule = spec(alg).get("salt")
    if salt is None or rule is None:
        return
    lo, hi = rule.get("min", 0), rule.get("max", 1 << 30)
    if not lo <= len(salt) <= hi:
        raise InvalidParams(f"{alg}: salt of {len(salt)} bytes out of range {lo}–{hi}")
