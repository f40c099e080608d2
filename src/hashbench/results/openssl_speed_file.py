"""The side file of an `openssl speed` measurement (measure/openssl_speed.py), written and
read whole."""

from __future__ import annotations

from pathlib import Path

import msgspec

from hashbench.errors import UsageError
from hashbench.model.openssl_speed import KIND, OpensslSpeed
from hashbench.results.files import write_text_atomic
from hashbench.results.values import openssl_speed
from hashbench.results.values.bounds import BadValue


def save(speed: OpensslSpeed, path: Path) -> None:
    write_text_atomic(path, msgspec.json.format(msgspec.json.encode(speed), indent=1).decode())


def load(path: Path) -> OpensslSpeed:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        speed = msgspec.json.decode(raw, type=OpensslSpeed)
    except msgspec.DecodeError as exc:
        raise UsageError(f"{path}: not an openssl speed file: {exc}") from None
    if speed.schema != KIND:
        raise UsageError(f"{path}: not an openssl speed file (schema {speed.schema!r})")
    try:
        openssl_speed.check(speed)
    except BadValue as exc:
        raise UsageError(f"{path}: {exc}") from None
    return speed
