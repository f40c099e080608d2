"""Interoperability: every producer's `hash` verified by every verifier (and by the
orchestrator's reference), per algorithm, at cheap parameters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hashbench import catalog
from hashbench.fidelity.session import Session
from hashbench.model.fidelity import InteropMatrix
from hashbench.runner.protocol import Reply
from hashbench.verify import hash_string_parse as enc
from hashbench.verify import reference

# Cheap parameters every library should accept (libsodium wants p=1 and t>=3 for argon2i).
PARAMS: dict[str, dict[str, int]] = {
    "bcrypt": {"cost": 5},
    "argon2id": {"m": 1024, "t": 3, "p": 1},
    "argon2i": {"m": 1024, "t": 3, "p": 1},
    "argon2d": {"m": 1024, "t": 3, "p": 1},
    "scrypt": {"n": 1024, "r": 8, "p": 1},
    "yescrypt": {"cost": 1},
    "sha512crypt": {"rounds": 5000},
    "pbkdf2-sha256": {"iterations": 1000},
}
PASSWORD = "interop ✓ pässwörd".encode()
WRONG = b"not the interop password"
REFERENCE = "reference"


@dataclass
class Matrix:
    algorithm: str
    producers: dict[str, str] = field(default_factory=dict)  # impl -> encoded or error
    cells: dict[str, dict[str, str]] = field(default_factory=dict)  # producer -> verifier -> result

    def to_dict(self) -> dict[str, Any]:
        return {"algorithm": self.algorithm, "producers": self.producers, "cells": self.cells}


def _verify_cell(session: Session, impl_id: str, alg: str, encoded: str, **made: Any) -> str:
    """`made`: the params and length the string was made with; they travel with verify
    for formats that hold none (docs/protocol.md)."""
    same = {"alg": alg, "encoded": encoded, **made}
    reply = session.call(impl_id, "verify", password=PASSWORD.hex(), **same)
    if reply.error is not None:
        return f"error: {reply.error.kind}"
    valid = reply.valid
    if valid is True:
        # A wrong password of plain letters: NUL bytes and lengths have probes of their own,
        # and a library that refuses a NUL must not read as accepting a wrong password.
        wrong = session.call(impl_id, "verify", password=WRONG.hex(), **same)
        if wrong.error is not None:
            return f"wrong password: error: {wrong.error.kind}"
        return "ok" if wrong.valid is False else "accepts a wrong password"
    return "rejects" if valid is False else f"odd reply {reply.error_text()}"


def _produce(
    session: Session, prod: str, alg: str, params: dict[str, int], length: int | None
) -> tuple[dict[str, Any], Reply]:
    """The producer's string at the cheap parameters, or at its defaults from a library
    that hashes at its own parameters only. Returns what it was made with, and the reply."""
    reply = session.call(
        prod, "hash", alg=alg, params=params, length=length, password=PASSWORD.hex()
    )
    made: dict[str, Any] = {"params": params, "length": length}
    if session.at_own_params_only(prod, reply):
        reply = session.call(prod, "hash", alg=alg, password=PASSWORD.hex())
        info = enc.parse(reply.encoded or "")
        if info is not None:
            made = {"params": info.params, "length": None}
    return made, reply


def run(session: Session) -> list[Matrix]:
    matrices = []
    for alg, params in PARAMS.items():
        producers = session.impls_with(alg, "hash")
        verifiers = session.impls_with(alg, "verify")
        if not producers:
            continue
        matrix = Matrix(alg)
        length = catalog.algorithm(alg).default_length  # None is left out of the request
        for prod in producers:
            made, reply = _produce(session, prod, alg, params, length)
            encoded = reply.encoded
            if reply.error is not None or encoded is None:
                matrix.producers[prod] = f"error: {reply.error_text()}"
                continue
            matrix.producers[prod] = encoded
            row = {v: _verify_cell(session, v, alg, encoded, **made) for v in verifiers}
            ref = reference.verify(alg, PASSWORD, encoded, made["params"], made["length"])
            row[REFERENCE] = {True: "ok", False: "rejects", None: "n/a"}[ref]
            matrix.cells[prod] = row
        _no_string_api(matrix)
        matrices.append(matrix)
    return matrices


def _no_string_api(matrix: Matrix) -> None:
    """A verifier that answers `unsupported` to every producer has no string API for this
    algorithm (e.g. hash-wasm's scrypt): not applicable, not a divergence. One that refuses
    only some producers (jBCrypt and $2b$) keeps its errors: that is a finding."""
    rows = list(matrix.cells.values())
    verifiers = {v for row in rows for v in row}
    for verifier in verifiers:
        if rows and all(row.get(verifier) == "error: unsupported" for row in rows):
            for row in rows:
                row[verifier] = "n/a"


def divergences(matrices: list[InteropMatrix]) -> list[str]:
    """One line per (set of producers, failure) with the verifiers it happens in."""
    lines = []
    for m in matrices:
        failing: dict[tuple[str, str], set[str]] = {}  # (verifier, result) -> producers
        for prod, row in m.cells.items():
            for verifier, result in row.items():
                if result not in ("ok", "n/a"):
                    failing.setdefault((verifier, result), set()).add(prod)
        grouped: dict[tuple[frozenset[str], str], list[str]] = {}
        for (verifier, result), producers in failing.items():
            grouped.setdefault((frozenset(producers), result), []).append(verifier)
        for (group, result), verifiers in grouped.items():
            producers = set(group)
            prefixes = sorted({_prefix(m.producers[p]) for p in producers})
            lines.append(
                f"{m.algorithm}: hashes from {_names(producers)} ({', '.join(prefixes)}) — "
                f"{result} by {', '.join(sorted(verifiers))}"
            )
    return lines


def _prefix(encoded: str) -> str:
    if not encoded.startswith("$"):
        return "bare hex" if all(c in "0123456789abcdef" for c in encoded) else "no prefix"
    parts = encoded.split("$")
    return "$".join(parts[:3]) + "$" if encoded.startswith("$argon2") else encoded[:4]


def _names(items: set[str] | frozenset[str], limit: int = 6) -> str:
    names = sorted(items)
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more
