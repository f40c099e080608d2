"""What a long password costs: each implementation's hash (or derive, where it has no hash)
and verify time at passwords of 64 B, 1 KiB, 64 KiB and 1 MiB, the longest it accepts, and
the amplification — the time at the longest accepted over the time at 64 B.

Where the work grows with the password, a login form becomes a lever: sha512crypt hashes
the password in every round (and its P sequence costs length² once); an HMAC-based PBKDF2
that re-keys from the raw password in every iteration hashes a long key every time (the
Django denial of service, CVE-2013-1443); argon2 and scrypt hash it once; bcrypt reads 72
bytes. Each op is timed by the runner's own loop (`bench`, one op per sample), at the
length probes' cheap parameters, and its output checked against the reference.

So that one slow library cannot stall the run, every request has a time cap, and a length
is not tried when the one before it predicts more than the cap (time grows at most in
proportion to the length for every algorithm here but sha512crypt, whose excess the cap
catches): the record says so, and its amplification is then a lower bound.
"""

from __future__ import annotations

import statistics

from hashbench.fidelity import length_reference as ref
from hashbench.fidelity.length_inputs import data
from hashbench.fidelity.probes import FAULTS
from hashbench.fidelity.session import Session
from hashbench.model.fidelity import ANSWERED, LengthPoint, LongOp, LongPassword
from hashbench.runner.protocol import Reply
from hashbench.verify import reference

LENGTHS = (64, 1024, 65536, 1 << 20)
CAP_S = 10.0  # one request's time cap
SAMPLES_UNDER_S = 0.3  # predicted shorter than this: three samples, else one
WARM_UNDER_S = 1.0  # predicted shorter than this: the runner's untimed warm-up op too
PARAMS = {**ref.PARAMS, "sha512crypt": {"rounds": 1000}}  # sha512crypt's fewest rounds
SALT = ref.BASE["salt"]
CRYPT_MAX = 512  # libxcrypt refuses passphrases from 512 bytes: no reference beyond
OWN_LENGTH = ("bcrypt", "yescrypt", "sha512crypt")  # their strings fix the output length


def _fields(alg: str, op: str) -> dict[str, object]:
    if op == "derive":
        return {"salt": SALT.hex(), "length": ref.LENGTH}
    return {} if alg in OWN_LENGTH else {"length": ref.LENGTH}


def _checked(alg: str, op: str, password: bytes, reply: Reply) -> tuple[str, str]:
    """(status, detail) of a timed op's output against the reference."""
    if op == "verify":
        return ("ok", "") if reply.valid is True else ("differs", "verify said false")
    if op == "derive":
        want = reference.derive(alg, password, SALT, PARAMS[alg], ref.LENGTH)
        if want is None:
            return "unverified", "no reference for this algorithm"
        return ("ok", "") if reply.output == want else ("differs", "not the reference's output")
    encoded = str(reply.encoded)
    if encoded.startswith(("$y$", "$6$")) and len(password) >= CRYPT_MAX:
        return "unverified", "libxcrypt, the reference, refuses passphrases from 512 bytes"
    ok = ref.accepts(alg, password, encoded)
    if ok is None:
        return "unverified", f"the reference cannot read {encoded[:12]}…"
    return ("ok", "") if ok else ("differs", "the reference does not verify its string")


def _point(s: Session, impl: str, alg: str, op: str, length: int, predicted: float) -> LengthPoint:
    password = data(str(length))
    samples = 3 if predicted < SAMPLES_UNDER_S else 1
    timeout = CAP_S + (2 * predicted if op == "verify" else 0)  # verify hashes first, untimed
    reply = s.call(impl, "bench", timeout=timeout, op=op, alg=alg, params=PARAMS[alg],
                   password=password.hex(), iters=1, samples=samples,
                   warm=predicted < WARM_UNDER_S, alloc=False, **_fields(alg, op))  # fmt: skip
    err = reply.error
    if err is not None:
        if err.kind in FAULTS:
            status = "over_cap" if err.kind == "timeout" else "crashes"
            return LengthPoint(length=length, status=status,  # type: ignore[arg-type]
                               detail=f"runner {err.kind}: {err.message[:100]}")  # fmt: skip
        return LengthPoint(
            length=length, status="refuses", detail=f"{err.kind}: {err.message[:100]}"
        )
    times = [t / (reply.iters or 1) for t in reply.samples_ns or []]
    if not times:
        return LengthPoint(length=length, status="refuses", detail="no samples in the reply")
    status, detail = _checked(alg, op, password, reply)
    return LengthPoint(length=length, status=status, median_ns=statistics.median(times),  # type: ignore[arg-type]
                       samples=len(times), detail=detail)  # fmt: skip


def _skipped(length: int, why: str) -> LengthPoint:
    return LengthPoint(length=length, status="skipped", detail=why)


def _ladder(
    s: Session,
    impl: str,
    alg: str,
    op: str,
    lengths: tuple[int, ...],
    known_s: dict[int, float] | None = None,
) -> list[LengthPoint]:
    """`lengths` in turn, each predicted from `known_s` (seconds by length: verify's, the
    hash it checks) or else in proportion from the length before it."""
    points: list[LengthPoint] = []
    last: LengthPoint | None = None
    for length in lengths:
        if last is not None and last.status not in ANSWERED:
            points.append(_skipped(length, f"not tried: at {last.length} bytes it {last.status}"))
            continue
        if known_s and length in known_s:
            predicted, basis = known_s[length], f"the hash at {length} bytes"
        else:
            predicted = (last.median_ns or 0) / 1e9 * length / last.length if last else 0.0
            basis = f"{last.length if last else 0} bytes"
        if predicted > CAP_S:
            why = f"not tried: ~{predicted:.0f} s predicted from {basis}"
            points.append(_skipped(length, f"{why}, over the cap"))
            last = points[-1]
            continue
        last = _point(s, impl, alg, op, length, predicted)
        points.append(last)
    return points


def summary(impl: str, alg: str, op: LongOp, points: list[LengthPoint]) -> LongPassword:
    timed = [p for p in points if p.status in ANSWERED and p.median_ns]
    base = next((p for p in timed if p.length == LENGTHS[0]), None)
    longest = max(timed, key=lambda p: p.length, default=None)
    amplification = (
        longest.median_ns / base.median_ns
        if base and longest and base.median_ns and longest.median_ns
        else None
    )
    beyond = [p for p in points if longest and p.length > longest.length]
    return LongPassword(
        impl=impl,
        alg=alg,
        op=op,
        params=PARAMS[alg],
        points=points,
        longest_accepted=longest.length if longest else None,
        amplification=amplification,
        at_least=any(p.status in ("over_cap", "skipped") for p in beyond),
        cap_s=CAP_S,
    )


def probe(s: Session, impl: str, alg: str) -> list[LongPassword]:
    """The primary op (hash, else derive) at every length, then verify at 64 B and at the
    longest length the primary answered (its time there predicting verify's)."""
    info = s.info(impl)
    op: LongOp = "hash" if info.offers(alg, "hash") else "derive"
    points = _ladder(s, impl, alg, op, LENGTHS)
    out = [summary(impl, alg, op, points)]
    if info.offers(alg, "verify") and op == "hash":
        longest = out[0].longest_accepted
        lengths = tuple(dict.fromkeys(n for n in (LENGTHS[0], longest) if n))
        hashed = {p.length: p.median_ns / 1e9 for p in points if p.median_ns is not None}
        verified = _ladder(s, impl, alg, "verify", lengths, hashed)
        out.append(summary(impl, alg, "verify", verified))
    return out


def run(session: Session) -> list[LongPassword]:
    out: list[LongPassword] = []
    for info in session.impls():
        if "bench" not in info.ops:
            continue
        for alg in info.algorithms:
            if alg in PARAMS and (info.offers(alg, "hash") or info.offers(alg, "derive")):
                out.extend(probe(session, info.id, alg))
    return out
