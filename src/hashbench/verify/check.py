"""Check that what a benchmark timed is right for the parameters it claims.

Each check returns (ok, method, detail). A case that fails a check is reported as
unverified with the reason and never mixed into the results as a valid number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hashbench.verify import hash_string_parse as enc
from hashbench.verify import reference


@dataclass(frozen=True)
class Verdict:
    ok: bool
    method: str
    detail: str = ""
    note: str = ""  # an interop warning that does not make the result wrong

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "method": self.method, "detail": self.detail}


def check_digest(alg: str, data: bytes, output: str | None) -> Verdict:
    want = reference.digest(alg, data)
    if want is None:
        return Verdict(False, "none", f"no reference digest for {alg} here")
    if output != want:
        return Verdict(False, "reference", f"digest {_short(output)} != reference {_short(want)}")
    return Verdict(True, "reference", f"matches {'hashlib' if alg != 'blake3' else 'blake3'}")


def check_derive(
    alg: str, password: bytes, salt: bytes, params: dict[str, int], length: int, output: str | None
) -> Verdict:
    want = reference.derive(alg, password, salt, params, length)
    if want is None:
        return Verdict(False, "none", f"no reference for {alg} derive here")
    if output != want:
        return Verdict(
            False, "reference", f"output {_short(output)} != reference {_short(want)} at {params}"
        )
    return Verdict(True, "reference", "matches the reference output")


def check_encoded(
    alg: str,
    password: bytes,
    params: dict[str, int],
    length: int | None,
    encoded_str: str | None,
    recompute: bool = True,
) -> Verdict:
    """The encoded string must carry the asked parameters and verify independently. With
    `recompute` False only the parameters are read back (a string that carries none is
    still recomputed): for a further string of a library already verified by recomputing,
    as the reference costs as much as the hash itself."""
    if not isinstance(encoded_str, str):
        return Verdict(False, "none", "no encoded string in the reply")
    info = enc.parse(encoded_str)
    if info is None:
        return _check_unparameterised(alg, password, params, length, encoded_str)
    if info.algorithm != alg:
        return Verdict(False, "parse", f"encoded algorithm {info.algorithm}, asked {alg}")
    wrong = {k: (v, params.get(k)) for k, v in info.params.items() if params.get(k) != v}
    if wrong:
        text = ", ".join(f"{k}={got} (asked {want})" for k, (got, want) in wrong.items())
        return Verdict(False, "parse", f"library used other parameters: {text}")
    if length is not None and info.key is not None and len(info.key) != length:
        return Verdict(False, "parse", f"tag of {len(info.key)} bytes, asked {length}")
    if not recompute:
        return Verdict(True, "parse", "parameters match (read back, not recomputed)")
    ok = reference.verify(alg, password, encoded_str)
    if ok is None:
        return Verdict(False, "parse", "parameters match, but no independent verifier here")
    if not ok:
        canonical = enc.canonical_phc(encoded_str)
        if canonical and canonical != encoded_str and reference.verify(alg, password, canonical):
            return Verdict(
                True,
                "reference",
                "verified by the reference after putting the parameters in PHC order (m,t,p)",
                note="emits PHC parameters out of order: the reference C library "
                "refuses the string as emitted",
            )
        return Verdict(False, "reference", "the reference implementation rejects the hash")
    return Verdict(True, "reference", "parameters match; verified by the reference")


def _check_unparameterised(
    alg: str, password: bytes, params: dict[str, int], length: int | None, encoded_str: str
) -> Verdict:
    """A string with no parameters to read back (Spring's PBKDF2 hex of salt||key): the
    reference recomputes it at the asked parameters, so a library that used others fails."""
    ok = reference.verify(alg, password, encoded_str, params, length)
    if ok is None:
        return Verdict(False, "none", f"cannot read parameters from {_short(encoded_str, 24)}")
    if not ok:
        return Verdict(
            False, "reference", f"{_short(encoded_str, 24)} does not match {alg} at {params}"
        )
    return Verdict(True, "reference", "no parameters in the string: recomputed at the asked ones")


def _short(text: str | None, limit: int = 16) -> str:
    if text is None:
        return "None"
    return text if len(text) <= limit else text[:limit] + "…"
