"""Length probes: every input of every password hash at every length where a library could
truncate, refuse or wrap (fidelity/length_inputs.py), compared with the reference.

A *target* is one input (password, salt, argon2's secret and associated data) of one
algorithm, reached through one operation:

- `derive`: the library's raw output against the reference's on the same bytes;
- `hash`: the library's own string, checked by the reference with the same password;
- `verify`: a string the reference made from the password (per bcrypt prefix $2a$, $2b$,
  $2y$, $2x$; argon2 PHC; yescrypt), read by the library.

Each answer is classified against the reference: `matches`, `truncates`, `wraps`,
`replaces` / `reencodes` (invalid UTF-8 turned into something else), `differs` (none of
those), `refuses` (an error where the reference answers), `accepts` (an answer where the
reference refuses), `crashes`, `hangs`. A target is first tried at a plain input; an
implementation that does not match there (it cannot read the reference's prefix, say) is
not probed further — other probes and the interop matrix report that — so each finding
here is about length or bytes alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from hashbench.fidelity.length_inputs import alternatives, data, labels
from hashbench.fidelity.probes import FAULTS, Behaviour
from hashbench.fidelity.session import Session
from hashbench.verify import reference, reference_make

TIMEOUT_S = 10.0  # a library that has not answered by then is recorded as hanging
LENGTH = 32
ARGON2 = ("argon2id", "argon2i", "argon2d")
PBKDF2 = ("pbkdf2-sha1", "pbkdf2-sha256", "pbkdf2-sha512")
PARAMS: dict[str, dict[str, int]] = {
    "bcrypt": {"cost": 4},
    **{alg: {"m": 256, "t": 3, "p": 1} for alg in ARGON2},  # libsodium's argon2i wants t >= 3
    "scrypt": {"n": 1024, "r": 1, "p": 1},
    **{alg: {"iterations": 1000} for alg in PBKDF2},
    "yescrypt": {"cost": 1},
}
BASE = {"password": b"password", "salt": b"somesaltsomesalt", "secret": b"secret", "ad": b"ad"}
BCRYPT_SALT = "CCCCCCCCCCCCCCCCCCCCC."  # crypt_blowfish wrapper.c's salt
Answer = tuple[str, str]  # (behaviour, detail)


@dataclass(frozen=True)
class Target:
    alg: str
    field: str  # password, salt, secret, ad
    op: str  # derive, hash, verify
    variant: str = ""  # the bcrypt prefix a verify target's strings carry

    def probe(self, label: str) -> str:
        variant = f".{self.variant}" if self.variant else ""
        return f"len.{self.alg}{variant}.{self.field}.{self.op}.{label}"


def targets() -> list[Target]:
    out = [Target("bcrypt", "password", "hash")]
    out += [Target("bcrypt", "password", "verify", v) for v in ("2a", "2b", "2y", "2x")]
    for alg in ARGON2:
        out += [Target(alg, f, "derive") for f in ("password", "salt", "secret", "ad")]
        out += [Target(alg, "password", "hash"), Target(alg, "password", "verify")]
    for alg in ("scrypt", *PBKDF2):
        out += [Target(alg, f, "derive") for f in ("password", "salt")]
        out.append(Target(alg, "password", "hash"))
    out += [Target("yescrypt", "password", "hash"), Target("yescrypt", "password", "verify")]
    return out


# -- the reference ----------------------------------------------------------------------
def _inputs(t: Target, given: bytes) -> dict[str, bytes]:
    fields = {"password": BASE["password"], "salt": BASE["salt"]}
    fields[t.field] = given
    return fields


@cache
def _ref_derive(t: Target, given: bytes) -> str | None:
    f = _inputs(t, given)
    if t.alg in ARGON2:
        return reference_make.argon2(
            t.alg,
            f["password"],
            f["salt"],
            PARAMS[t.alg],
            LENGTH,
            f.get("secret", b""),
            f.get("ad", b""),
        )
    return reference.derive(t.alg, f["password"], f["salt"], PARAMS[t.alg], LENGTH)


@cache
def _setting(t: Target) -> str | None:
    if t.alg == "bcrypt":
        return f"${t.variant or '2b'}$04${BCRYPT_SALT}"
    return reference_make.crypt_setting("$y$", PARAMS[t.alg]["cost"])


def _crypt(password: bytes, setting: str) -> str | None:
    """libxcrypt's crypt(), which refuses a passphrase of 512 bytes or more (its own
    CRYPT_MAX_PASSPHRASE_SIZE, the NUL counted). For bcrypt that cap is libxcrypt's, not
    the algorithm's: bcrypt reads at most 72 bytes (crypt_blowfish: 'chars after 72 are
    ignored'), so the reference's bcrypt of a longer password is crypt() of its first 72 bytes."""
    if setting.startswith("$2"):
        password = password.split(b"\0", 1)[0][:72]
    return reference_make.crypt(password, setting)


@cache
def _ref_string(t: Target, password: bytes) -> str | None:
    if t.alg in ARGON2:
        return reference_make.argon2_encoded(t.alg, password, BASE["salt"], PARAMS[t.alg], LENGTH)
    setting = _setting(t)
    return _crypt(password, setting) if setting else None


def _ref_refuses(t: Target, password: bytes) -> bool:
    """Whether the reference refuses this password outright (only libxcrypt's yescrypt
    does, from 512 bytes; the other references take any length)."""
    setting = _setting(t) if t.alg == "yescrypt" else None
    return setting is not None and _crypt(password, setting) is None


def _ref_check(t: Target, password: bytes, encoded: str) -> bool | None:
    if encoded.startswith(("$2", "$y$", "$7$")):  # crypt(3) formats: C strings
        return _crypt(password, encoded) == encoded
    return reference.verify(t.alg, password, encoded, PARAMS[t.alg], LENGTH)


# -- one answer ---------------------------------------------------------------------------
def _error(reply: dict[str, Any], reference_refuses: bool, plain: bool) -> Answer | None:
    err = reply.get("error")
    if not isinstance(err, dict):
        return None
    kind, message = str(err.get("kind")), str(err.get("message"))[:120]
    if kind in FAULTS:
        return ("hangs" if kind == "timeout" else "crashes", f"runner {kind}: {message}")
    if plain and kind == "unsupported":
        return ("n/a", message)
    if reference_refuses:
        return ("matches", f"refuses as the reference does ({kind})")
    return ("refuses", f"{kind}: {message}")


def _derive(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    want = _ref_derive(t, given)
    fields = {k: v.hex() for k, v in _inputs(t, given).items()}
    reply = s.call(
        impl,
        "derive",
        timeout=TIMEOUT_S,
        alg=t.alg,
        params=PARAMS[t.alg],
        length=LENGTH,
        **fields,
    )
    if err := _error(reply, want is None, plain):
        return err
    got = str(reply.get("output"))
    if want is None:
        return ("accepts", "answers where the reference refuses")
    if got == want:
        return ("matches", "")
    for behaviour, how, other in alternatives(given):
        if _ref_derive(t, other) == got:
            return (behaviour, f"{how}: its output is the reference's for those bytes")
    return ("differs", f"got {got[:16]}…, the reference {want[:16]}…")


def _hash(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    refused = _ref_refuses(t, given)
    reply = s.call(
        impl,
        "hash",
        timeout=TIMEOUT_S,
        alg=t.alg,
        password=given.hex(),
        params=PARAMS[t.alg],
        **({"length": LENGTH} if t.alg not in ("bcrypt", "yescrypt") else {}),
    )
    if err := _error(reply, refused, plain):
        return err
    encoded = str(reply.get("encoded"))
    if refused:
        return ("accepts", "hashes a password the reference refuses")
    ok = _ref_check(t, given, encoded)
    if ok is None:
        return ("n/a", f"the reference cannot read {encoded[:12]}…")
    if ok:
        return ("matches", "")
    for behaviour, how, other in alternatives(given):
        if _ref_check(t, other, encoded):
            return (behaviour, f"{how}: the reference verifies its string with those bytes")
    return ("differs", f"the reference does not verify {encoded[:30]}… with these bytes")


def _verify(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    encoded = _ref_string(t, given)
    if encoded is None:
        return ("n/a", "the reference makes no string of these bytes")

    def valid(string: str) -> tuple[bool, Answer | None]:
        reply = s.call(
            impl, "verify", timeout=TIMEOUT_S, alg=t.alg, password=given.hex(), encoded=string
        )
        return reply.get("valid") is True, _error(reply, False, plain)

    ok, err = valid(encoded)
    if err:
        return err
    if ok:
        return ("matches", "")
    for behaviour, how, other in alternatives(given):
        made = _ref_string(t, other)
        if made and made != encoded and valid(made)[0]:
            return (behaviour, f"{how}: verifies the reference's string of those bytes")
    return ("differs", "verify says false to the reference's string")


OPS = {"derive": _derive, "hash": _hash, "verify": _verify}


def _target(s: Session, impl: str, t: Target) -> list[Behaviour]:
    answer = OPS[t.op]
    behaviour, detail = answer(s, impl, t, BASE[t.field], True)
    if behaviour != "matches":
        why = f"not probed: at a plain {t.field} it {behaviour}" + (f" ({detail})" * bool(detail))
        return [Behaviour(t.probe("plain"), impl, "n/a", why, "matches")]
    out = []
    for label in labels(t.alg, t.field):
        behaviour, detail = answer(s, impl, t, data(label), False)
        out.append(Behaviour(t.probe(label), impl, behaviour, detail, "matches"))
    return out


def run(session: Session) -> list[Behaviour]:
    out: list[Behaviour] = []
    for t in targets():
        for impl in session.impls():
            if t.alg in impl["algorithms"] and t.op in impl["ops"]:
                out.extend(_target(session, impl["id"], t))
    return out
