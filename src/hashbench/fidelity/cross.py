"""Cross-verification at the edges: each library's own string of an edge input verified by
every other library of the same algorithm, beside the reference — the interop matrix at
the lengths and bytes where libraries part (0 bytes; 72 and 73 for bcrypt; 255–257; a NUL
inside; bytes >= 0x80 that are not UTF-8; argon2 salts of 8, 255–257 and 65537 bytes).

Only pairs that agree at a plain input are probed (the interop matrix reports the others),
a library's own string verified by itself among them, and one implementation per library
and runner (a library's sync and async adapters call the same code). Each cell is `ok`,
`rejects`, `error: <kind>`, `crashes` or `hangs`.

A cell that does not verify is *explained* when the length probes already show why: the
producer's string is not the reference's for those bytes (the `reference` column), or the
verifier does not read the reference's own string of those bytes in the producer's format
(the reference row). Only the unexplained ones are findings (check `cross`), so a
divergence is reported once; the whole matrix stays in the results for the reader
(docs/fidelity.md's table, scripts/fidelity_doc.py --cross).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from hashbench import catalog
from hashbench.fidelity import length_reference, lengths
from hashbench.fidelity.length_inputs import data
from hashbench.fidelity.probes import FAULTS
from hashbench.fidelity.session import Session
from hashbench.runner.protocol import Cmd, Reply
from hashbench.verify.hash_string_parse import parse, split_salt_key

REFERENCE = "reference"
PLAIN = "plain"
EDGES = ("0", "255", "256", "257", "nul", "8bit")
SALTS = ("8", "255", "256", "257", "65537")
# The length probes' parameters, but scrypt at r = 8: libsodium hashes scrypt at r = 8 only,
# and its `$7$` strings are the ones libxcrypt can verify.
PARAMS = {**length_reference.PARAMS, "scrypt": {"n": 1024, "r": 8, "p": 1}}
LABELS: dict[str, dict[str, tuple[str, ...]]] = {
    "bcrypt": {"password": ("0", "72", "73", "255", "256", "257", "nul", "8bit")},
    **{a: {"password": EDGES, "salt": SALTS} for a in length_reference.ARGON2},
    **{a: {"password": EDGES} for a in ("scrypt", *length_reference.PBKDF2)},
}


@dataclass
class Matrix:
    """One edge input of one algorithm: `producers` maps each implementation to its string
    (or its error), `cells` producer -> verifier -> result, `explained` producer ->
    verifier -> why a cell that does not verify is already a length finding."""

    algorithm: str
    field: str  # the input that varies: password or salt
    label: str  # a length, `nul` or `8bit` (length_inputs), or `plain`
    producers: dict[str, str] = dataclasses.field(default_factory=dict)
    cells: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    explained: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def variant(alg: str, encoded: str) -> str | None:
    """The format of a library's string, by the name length_reference.string takes."""
    info = parse(encoded)
    if info is None:
        spring = alg.startswith("pbkdf2-") and split_salt_key(encoded, length_reference.LENGTH)
        return "spring" if spring else None
    if info.algorithm != alg:
        return None
    return {"mcf": "7" if alg == "scrypt" else ""}.get(info.variant, info.variant)


def _inputs(fld: str, label: str) -> tuple[bytes, bytes | None]:
    """(password, salt or None for the library's own) of one matrix."""
    given = data(label) if label != PLAIN else length_reference.BASE[fld]
    return (given, None) if fld == "password" else (length_reference.BASE["password"], given)


def _one_per_library(session: Session, alg: str, op: str) -> list[str]:
    seen: dict[tuple[str, str], str] = {}
    for info in session.impls():
        if info.offers(alg, op):
            seen.setdefault((info.runner, info.library or info.id), info.id)
    return sorted(seen.values())


def _result(reply: Reply) -> str:
    kind = reply.error_kind
    if kind is not None:
        if kind in FAULTS:
            return "hangs" if kind == "timeout" else "crashes"
        return f"error: {kind}"
    return "ok" if reply.valid is True else "rejects"


class _Prober:
    def __init__(self, session: Session, alg: str):
        self.s, self.alg = session, alg
        spec = catalog.algorithm(alg).length
        self.length = length_reference.LENGTH if spec else None
        self.params = PARAMS[alg]
        self.reference_row: dict[tuple[str, str, str | None, bytes, bytes | None], str] = {}

    def _call(self, impl: str, cmd: Cmd, password: bytes, **fields: Any) -> Reply:
        """One request at the matrix's algorithm, parameters and length (they travel with
        verify too, for Spring's PBKDF2 hex, which holds none)."""
        return self.s.call(
            impl,
            cmd,
            timeout=lengths.TIMEOUT_S,
            alg=self.alg,
            password=password.hex(),
            params=self.params,
            length=self.length,
            **fields,
        )

    def hash(self, impl: str, password: bytes, salt: bytes | None) -> str:
        reply = self._call(impl, "hash", password, salt=salt.hex() if salt is not None else None)
        encoded = reply.encoded
        if reply.error is not None or encoded is None:
            return f"error: {reply.error_text()}"
        return encoded

    def verify(self, impl: str, password: bytes, encoded: str) -> str:
        return _result(self._call(impl, "verify", password, encoded=encoded))

    def reads_reference(
        self, impl: str, fmt: str | None, password: bytes, salt: bytes | None
    ) -> str:
        """The verifier's answer to the reference's own string of these inputs in `fmt`."""
        key = (impl, self.alg, fmt, password, salt)
        if key not in self.reference_row:
            made = None if fmt is None else length_reference.string(self.alg, fmt, password, salt)
            self.reference_row[key] = "n/a" if made is None else self.verify(impl, password, made)
        return self.reference_row[key]


def _matrix(
    p: _Prober, fld: str, label: str, producers: list[str], pairs: dict[str, list[str]]
) -> Matrix:
    m = Matrix(p.alg, fld, label)
    password, salt = _inputs(fld, label)
    for prod in producers:
        encoded = p.hash(prod, password, salt)
        m.producers[prod] = encoded
        if encoded.startswith("error"):
            continue
        ref_ok = length_reference.accepts(p.alg, password, encoded)
        row = {REFERENCE: {True: "ok", False: "rejects", None: "n/a"}[ref_ok]}
        why: dict[str, str] = {}
        fmt = variant(p.alg, encoded)
        for verifier in pairs.get(prod, []):
            row[verifier] = p.verify(verifier, password, encoded)
            if label == PLAIN or row[verifier] in ("ok", "hangs", "crashes"):
                continue
            if ref_ok is False:
                why[verifier] = "the producer's string is not the reference's for these bytes"
            elif (seen := p.reads_reference(verifier, fmt, password, salt)) != "ok":
                why[verifier] = f"the verifier answers {seen} to the reference's own string"
        m.cells[prod] = row
        if why:
            m.explained[prod] = why
    return m


def run(session: Session) -> list[Matrix]:
    out: list[Matrix] = []
    for alg, fields in LABELS.items():
        producers = _one_per_library(session, alg, "hash")
        verifiers = _one_per_library(session, alg, "verify")
        if not producers or not verifiers:
            continue
        p = _Prober(session, alg)
        for fld, labels in fields.items():
            everyone = {prod: verifiers for prod in producers}
            plain = _matrix(p, fld, PLAIN, producers, everyone)
            out.append(plain)
            pairs = {
                prod: [v for v, r in row.items() if r == "ok" and v != REFERENCE]
                for prod, row in plain.cells.items()
                if row.get(REFERENCE) == "ok"
            }
            for label in labels:
                out.append(_matrix(p, fld, label, sorted(pairs), pairs))
    return out
