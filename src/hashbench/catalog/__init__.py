"""The algorithm catalog (catalog/algorithms.toml) and parameter validation.

Every case is validated here before anything runs; a message names the parameter, the
value and the valid range.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from hashbench import paths
from hashbench.errors import UsageError


@dataclass(frozen=True)
class Algorithm:
    name: str
    kind: str  # "password" or "digest"
    family: str
    params: dict[str, dict[str, Any]]
    length: dict[str, int] | None
    salt: dict[str, int] | None
    output_bytes: int | None

    def defaults(self) -> dict[str, int]:
        return {k: spec["default"] for k, spec in self.params.items()}

    def range(self, param: str) -> tuple[int, int]:
        """The smallest and the largest value `param` takes."""
        spec = self.params[param]
        return int(spec["min"]), int(spec["max"])

    @property
    def default_length(self) -> int | None:
        """The output length a request leaves unsaid, where the algorithm has one."""
        return self.length["default"] if self.length else None


@cache
def algorithms() -> dict[str, Algorithm]:
    with open(paths.catalog_dir() / "algorithms.toml", "rb") as f:
        data = tomllib.load(f)
    return {
        name: Algorithm(
            name=name,
            kind=spec["kind"],
            family=spec.get("family", name),
            params=spec.get("params", {}),
            length=spec.get("length"),
            salt=spec.get("salt"),
            output_bytes=spec.get("output_bytes"),
        )
        for name, spec in data.items()
    }


def algorithm(name: str) -> Algorithm:
    known = algorithms()
    if name not in known:
        raise UsageError(f"unknown algorithm {name!r}; known: {', '.join(known)}")
    return known[name]


def units(name: str) -> dict[str, str]:
    """Each parameter's unit ("KiB" for argon2's m); empty for an unknown algorithm."""
    known = algorithms()
    return (
        {k: spec.get("unit", "") for k, spec in known[name].params.items()} if name in known else {}
    )


def _range_text(spec: dict[str, Any]) -> str:
    if "choices" in spec:
        return "one of " + ", ".join(str(c) for c in spec["choices"])
    text = f"{spec['min']}–{spec['max']}" if "max" in spec else f">= {spec['min']}"
    if spec.get("power_of_two"):
        text += ", a power of two"
    return text


def validate(
    name: str, params: dict[str, Any], length: int | None = None, salt_len: int | None = None
) -> dict[str, int]:
    """Return the full parameter set (defaults filled in) or raise UsageError."""
    alg = algorithm(name)
    unknown = sorted(set(params) - set(alg.params))
    if unknown:
        allowed = ", ".join(alg.params) or "none"
        raise UsageError(f"{name}: unknown parameter(s) {', '.join(unknown)}; allowed: {allowed}")
    full = {**alg.defaults(), **params}
    for key, value in full.items():
        spec = alg.params[key]
        where = f"{name}: parameter {key}={value!r}"
        if not isinstance(value, int) or isinstance(value, bool):
            raise UsageError(f"{where} must be an integer ({_range_text(spec)})")
        if "choices" in spec and value not in spec["choices"]:
            raise UsageError(f"{where} out of range: {_range_text(spec)}")
        if value < spec.get("min", value) or value > spec.get("max", value):
            raise UsageError(f"{where} out of range: {_range_text(spec)}")
        if spec.get("power_of_two") and value & (value - 1):
            raise UsageError(f"{where} out of range: {_range_text(spec)}")
        rule = spec.get("min_per")
        if rule and value < rule["factor"] * full[rule["param"]]:
            other = full[rule["param"]]
            raise UsageError(
                f"{where} out of range: must be >= {rule['factor']}·{rule['param']}"
                f" = {rule['factor'] * other} ({rule['param']}={other})"
            )
    if length is not None and alg.length is not None:
        lo, hi = alg.length["min"], alg.length["max"]
        if not lo <= length <= hi:
            raise UsageError(f"{name}: output length {length} out of range: {lo}–{hi} bytes")
    if salt_len is not None and alg.salt is not None:
        lo, hi = alg.salt.get("min", 0), alg.salt.get("max", 1 << 30)
        if not lo <= salt_len <= hi:
            raise UsageError(f"{name}: salt of {salt_len} bytes out of range: {lo}–{hi} bytes")
    return full


# The parameter that scales each family's work, and whether it is a count of operations
# (False) or the log2 of one (True: bcrypt's cost, yescrypt's count).
WORK_PARAM = {
    "argon2": ("m", False),
    "scrypt": ("n", False),
    "pbkdf2": ("iterations", False),
    "sha-crypt": ("rounds", False),
    "bcrypt": ("cost", True),
    "yescrypt": ("cost", True),
}


def cheaper(name: str, params: dict[str, int], factor: int) -> dict[str, int] | None:
    """The same parameters with about 1/factor of the work (factor a power of two), kept
    within the catalog's range; None when there is nothing to cut."""
    alg = algorithm(name)
    key, is_log2 = WORK_PARAM.get(alg.family, ("", False))
    if key not in params:
        return None
    low = alg.params[key].get("min", 1)
    if alg.family == "argon2":
        low = max(low, 8 * params.get("p", 1))
    step = factor.bit_length() - 1
    value = max(low, params[key] - step if is_log2 else params[key] >> step)
    return {**params, key: value} if value < params[key] else None


def memory_bytes(name: str, params: dict[str, int]) -> int:
    """Memory the algorithm itself needs at these parameters, in bytes."""
    family = algorithm(name).family
    if family == "argon2":
        return params["m"] * 1024
    if family == "scrypt":
        return 128 * params["r"] * params["n"] + 128 * params["r"] * params["p"]
    return 0  # negligible, or (yescrypt) not modelled yet
