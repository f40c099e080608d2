"""The one schema of a suite file's keys: types and ranges, checked before anything runs.

Each key has a check that returns what was expected when a value does not fit, so an
error can name the file, the key, the value and the expectation. TOML gives us the
types (a bool is not a number here, nor is NaN)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], str | None]  # None when the value fits, else what was expected

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (isinstance(v, int | float) and not isinstance(v, bool)) and math.isfinite(v)


def integer(low: int, high: int | None = None) -> Check:
    what = f"an integer >= {low}" if high is None else f"an integer from {low} to {high}"
    return lambda v: None if _is_int(v) and v >= low and (high is None or v <= high) else what


def number(low: float, high: float, low_open: bool = False) -> Check:
    what = f"a number {'>' if low_open else '>='} {low:g} and < {high:g}"

    def check(v: Any) -> str | None:
        ok = _is_number(v) and (v > low if low_open else v >= low) and v < high
        return None if ok else what

    return check


def string(v: Any) -> str | None:
    return None if isinstance(v, str) else "a string"


def regex(v: Any) -> str | None:
    if not isinstance(v, str):
        return "a regular expression (a string)"
    try:
        re.compile(v)
    except re.error as exc:
        return f"a valid regular expression ({exc})"
    return None


def safe_name(v: Any) -> str | None:
    ok = isinstance(v, str) and SAFE_NAME.match(v) is not None
    return None if ok else "a name of letters, digits, '.', '_' or '-' (it names the results file)"


def one_or_list(item: Check, what: str) -> Check:
    def check(v: Any) -> str | None:
        values = v if isinstance(v, list) else [v]
        if not values or any(item(x) is not None for x in values):
            return f"{what}, or a non-empty list of them"
        return None

    return check


def table(v: Any) -> str | None:
    return None if isinstance(v, dict) else "a table"


def table_or_defaults(v: Any) -> str | None:
    """A table of parameters, or "defaults": each library called with its own."""
    return None if isinstance(v, dict) or v == "defaults" else 'a table or "defaults"'


SETTINGS: dict[str, Check] = {
    "budget": number(0, 1e6, low_open=True),
    "target_ci": number(0, 1),  # 0: no CI target, spend the whole budget
    "password": string,
    "salt_size": integer(0, 1 << 20),
    "impl": regex,
    "min_samples": integer(1, 1_000_000),
    "processes": integer(1, 50),
    "rounds": integer(1, 100),
}
BENCH: dict[str, Check] = {
    **SETTINGS,
    "name": string,
    "op": one_or_list(string, "an op name"),
    "alg": one_or_list(string, "an algorithm name"),
    "params": one_or_list(table_or_defaults, 'a table of parameters or "defaults"'),
    "length": integer(1, 1 << 20),
    "input_size": one_or_list(integer(0, 1 << 30), "a byte count"),
    "mode": one_or_list(string, "a mode name"),
}
TOP: dict[str, Check] = {
    "name": safe_name,
    "description": string,
    "include": one_or_list(safe_name, "a suite name"),
    "defaults": table,
    "passes": integer(1, 100),
    "bench": lambda v: None if isinstance(v, list) and v else "one or more [[bench]] tables",
}


def problems(values: dict[str, Any], schema: dict[str, Check], section: str) -> list[str]:
    """Every key of `values` that is unknown or does not fit, as one message each."""
    found = []
    for key, value in values.items():
        if key not in schema:
            found.append(f"{section}unknown key {key!r}; expected one of {', '.join(schema)}")
            continue
        expected = schema[key](value)
        if expected:
            found.append(f"{section}{key} = {value!r}: expected {expected}")
    return found
