"""Length probes: every input of every password hash at every length where a library could
truncate, refuse or wrap (fidelity/length_inputs.py), compared with the reference.

A *target* is one input (password, salt, argon2's secret and associated data) of one
algorithm, reached through one operation:

- `derive`: the library's raw output against the reference's on the same bytes;
- `hash`: the library's own string, checked by the reference with the same password;
- `verify`: a string the reference made from the password (per bcrypt prefix $2a$, $2b$,
  $2y$, $2x$; argon2 PHC; yescrypt; scrypt's `$7$`, PHC and lambdaworks strings; PBKDF2 as
  password4j's `$3$` string and Spring's hex), read by the library.

Each answer is classified against the reference: `matches`; `truncates`, `wraps`,
`replaces` / `reencodes` (invalid UTF-8 turned into something else), each proven by the
reference giving the library's answer for those other bytes (length_inputs.alternatives);
`differs` (none of those); `refuses` (an error where the reference answers); `accepts` (an
answer where the reference refuses); `crashes`; `hangs`. A target is first tried at a
plain input; an implementation that does not match there (it cannot read the reference's
prefix, say) is not probed further — other probes and the interop matrix report that — so
each finding here is about length or bytes alone.
"""

from __future__ import annotations

from hashbench.fidelity import length_reference as ref
from hashbench.fidelity.length_inputs import alternatives, data, labels
from hashbench.fidelity.length_reference import BASE, LENGTH, PARAMS, Target
from hashbench.fidelity.probes import FAULTS, Behaviour
from hashbench.fidelity.session import Session
from hashbench.runner.protocol import Reply
from hashbench.verify import reference_strings
from hashbench.verify.hash_string_parse import parse

TIMEOUT_S = 10.0  # a library that has not answered by then is recorded as hanging
Answer = tuple[str, str]  # (behaviour, detail)


# -- one answer ---------------------------------------------------------------------------
def _error(reply: Reply, reference_refuses: bool, plain: bool) -> Answer | None:
    err = reply.error
    if err is None:
        return None
    kind, message = err.kind, err.message[:120]
    if kind in FAULTS:
        return ("hangs" if kind == "timeout" else "crashes", f"runner {kind}: {message}")
    if plain and kind == "unsupported":
        return ("n/a", message)
    if reference_refuses:
        return ("matches", f"refuses as the reference does ({kind})")
    return ("refuses", f"{kind}: {message}")


def _derive(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    want = ref.derived(t, given)
    fields = {k: v.hex() for k, v in ref.inputs(t, given).items()}
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
    got = str(reply.output)
    if want is None:
        return ("accepts", "answers where the reference refuses")
    if got == want:
        return ("matches", "")
    for behaviour, how, other in alternatives(given, t.alg, t.field):
        if ref.derived(t, other) == got:
            return (behaviour, f"{how}: its output is the reference's for those bytes")
    return ("differs", f"got {got[:16]}…, the reference {want[:16]}…")


def _hash(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    refused = ref.refuses(t, given)
    fields = ref.inputs(t, given)
    reply = s.call(
        impl,
        "hash",
        timeout=TIMEOUT_S,
        alg=t.alg,
        password=fields["password"].hex(),
        salt=given.hex() if t.field == "salt" else None,
        params=PARAMS[t.alg],
        **({"length": LENGTH} if t.alg not in ("bcrypt", "yescrypt") else {}),
    )
    if err := _error(reply, refused, plain):
        return err
    encoded = str(reply.encoded)
    if refused:
        return ("accepts", f"hashes a {t.field} the reference refuses")
    if t.field == "salt":
        return _hash_salt(t, given, encoded)
    ok = ref.accepts(t.alg, given, encoded)
    if ok is None:
        return ("n/a", f"the reference cannot read {encoded[:12]}…")
    if ok:
        return ("matches", "")
    for behaviour, how, other in alternatives(given, t.alg, t.field):
        if ref.accepts(t.alg, other, encoded):
            return (behaviour, f"{how}: the reference verifies its string with those bytes")
    return ("differs", f"the reference does not verify {encoded[:30]}… with these bytes")


def _hash_salt(t: Target, given: bytes, encoded: str) -> Answer:
    """An argon2 string made with a given salt: it must carry that salt, with the tag the
    reference computes for it."""
    info = parse(encoded)
    if info is None or info.salt is None or info.key is None:
        return ("n/a", f"the reference cannot read {encoded[:12]}…")
    want = reference_strings.argon2(t.alg, BASE["password"], given, PARAMS[t.alg], len(info.key))
    if info.salt == given and info.key.hex() == want:
        return ("matches", "")
    for behaviour, how, other in alternatives(given, t.alg, t.field):
        made = reference_strings.argon2(
            t.alg, BASE["password"], other, PARAMS[t.alg], len(info.key)
        )
        if info.key.hex() == made:
            return (behaviour, f"{how}: its tag is the reference's for that salt")
    return ("differs", f"its string carries a {len(info.salt)}-byte salt, not the reference's tag")


def _verify(s: Session, impl: str, t: Target, given: bytes, plain: bool) -> Answer:
    if t.field == "salt":
        encoded = ref.string(t.alg, t.variant, BASE["password"], given)
        given_password = BASE["password"]
    else:
        encoded, given_password = ref.string(t.alg, t.variant, given), given
    if encoded is None:
        return ("n/a", "the reference makes no string of these bytes")

    # Spring's PBKDF2 hex holds no parameters: they travel with verify (docs/protocol.md)
    made = {"params": PARAMS[t.alg], "length": LENGTH} if t.variant == "spring" else {}

    def valid(string: str) -> tuple[bool, Answer | None]:
        reply = s.call(
            impl,
            "verify",
            timeout=TIMEOUT_S,
            alg=t.alg,
            password=given_password.hex(),
            encoded=string,
            **made,
        )
        return reply.valid is True, _error(reply, False, plain)

    ok, err = valid(encoded)
    if err:
        return err
    if ok:
        return ("matches", "")
    for behaviour, how, other in alternatives(given, t.alg, t.field):
        if t.field == "salt":  # the string carries the whole salt; the tag is for `other`
            remade = ref.salt_tag_string(t, given, other)
        else:
            remade = ref.string(t.alg, t.variant, other)
        if remade and remade != encoded and valid(remade)[0]:
            return (behaviour, f"{how}: verifies the reference's string of those bytes")
    if t.variant in ("2a", "2x", "2y"):  # the prefix read as $2b$?
        as_2b = ref.string(t.alg, "2b", given)
        if as_2b and as_2b != encoded and valid(f"${t.variant}{as_2b[3:]}")[0]:
            return ("differs", f"computes ${t.variant}$ as $2b$: verifies the reference's $2b$")
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


def probe(session: Session, impl: str, name: str) -> Answer:
    """One length probe by its name (`len.<alg>[.<variant>].<field>.<op>.<label>`), for
    one implementation, without the plain-input check."""
    parts = name.split(".")
    if parts[0] != "len" or len(parts) not in (5, 6):
        raise ValueError(f"not a length probe: {name}")
    variant = parts[2] if len(parts) == 6 else ""
    t = Target(parts[1], parts[-3], parts[-2], variant)
    return OPS[t.op](session, impl, t, data(parts[-1]), False)


def run(session: Session) -> list[Behaviour]:
    out: list[Behaviour] = []
    for t in ref.targets():
        for impl in session.impls():
            if impl.offers(t.alg, t.op):
                out.extend(_target(session, impl.id, t))
    return out
