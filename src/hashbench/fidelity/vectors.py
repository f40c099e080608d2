"""Known-answer vectors from vectors/<algorithm>.json and vectors/<algorithm>.<set>.json (an
established set converted by a script, e.g. Wycheproof's by scripts/wycheproof_vectors.py);
every vector names its source. The sets are many (Wycheproof: 176 PBKDF2 vectors at 4096
iterations): `hashbench fidelity` checks them in every library, the per-runner conformance
test only the project's own files, which keeps `make test` fast.

Byte fields are hex (`password`, `salt`, `input`, `secret`, `ad`) or text for readability
(`password_text`, `salt_text`, `input_text`, with `repeat` to repeat the input).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hashbench import paths


@dataclass(frozen=True)
class Vector:
    algorithm: str
    source: str
    input: bytes | None = None
    password: bytes | None = None
    salt: bytes | None = None
    secret: bytes | None = None
    ad: bytes | None = None
    params: dict[str, int] = field(default_factory=dict)
    length: int | None = None
    output: str | None = None
    encoded: str | None = None
    optional: str | None = None  # why a library may legitimately not support this vector

    def label(self) -> str:
        what = self.input if self.input is not None else self.password
        shown = (what or b"")[:12]
        more = "…" if what and len(what) > 12 else ""
        params = ",".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.algorithm}[{shown!r}{more}{' ' + params if params else ''}]"


def _bytes(raw: dict[str, Any], name: str) -> bytes | None:
    if name in raw:
        data = bytes.fromhex(raw[name])
    elif f"{name}_text" in raw:
        data = raw[f"{name}_text"].encode()
    else:
        return None
    return data * int(raw.get("repeat", 1)) if name == "input" else data


def files(algorithm: str, sets: bool = True) -> list[Path]:
    """The algorithm's own file first, then (with `sets`) each established set's, by name."""
    where = paths.vectors_dir()
    own = where / f"{algorithm}.json"
    more = sorted(where.glob(f"{algorithm}.*.json")) if sets else []
    return ([own] if own.exists() else []) + more


@cache
def load(algorithm: str, sets: bool = False) -> tuple[Vector, ...]:
    """The project's vectors of one algorithm; with `sets`, the established sets' too."""
    return tuple(v for path in files(algorithm, sets) for v in _read(algorithm, path))


def _read(algorithm: str, path: Path) -> tuple[Vector, ...]:
    data = json.loads(path.read_text())
    return tuple(
        Vector(
            algorithm=algorithm,
            source=raw["source"],
            input=_bytes(raw, "input"),
            password=_bytes(raw, "password"),
            salt=_bytes(raw, "salt"),
            secret=_bytes(raw, "secret"),
            ad=_bytes(raw, "ad"),
            params=dict(raw.get("params", {})),
            length=raw.get("length"),
            output=raw.get("output"),
            encoded=raw.get("encoded"),
            optional=raw.get("optional"),
        )
        for raw in data["vectors"]
    )


def algorithms() -> list[str]:
    return sorted({p.name.split(".", 1)[0] for p in paths.vectors_dir().glob("*.json")})
