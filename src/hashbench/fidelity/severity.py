"""How bad a fidelity finding is for someone choosing a library: five levels, worst first.

5. accepts a wrong or truncated password (or a truncated hash string): a password other
   than the one set, and easier to guess, gets in;
4. silently truncates, wraps or replaces a long or unusual password: another password gets
   in, but one as long as the library kept;
3. refuses an input others accept (an error, a crash, a hang, or another library's string
   it does not verify): a user is locked out or hashes cannot move between libraries;
2. reads a prefix or an input differently (computes another answer than the reference
   without refusing: `$2a$` read as `$2b$`, a missing `v=`, a wrong known answer);
1. cosmetic: a prefix emitted, a malformed string or parameter accepted that the
   specification refuses.

`grade` maps every finding kind `fidelity/findings.py` produces (check, subject, behaviour)
to a level and a short phrase. `inherent` grades what a library shares with the reference
and is still a hazard: bcrypt reads 72 bytes of a password and crypt(3) stops at a NUL,
so a library that *matches* the reference there truncates as well (docs/pick.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.model import fidelity

ACCEPTS_WRONG = 5
TRUNCATES = 4
REFUSES = 3
READS_DIFFERENTLY = 2
COSMETIC = 1
LEVELS = {
    ACCEPTS_WRONG: "accepts a wrong or truncated password",
    TRUNCATES: "silently truncates or wraps a password",
    REFUSES: "refuses an input others accept",
    READS_DIFFERENTLY: "reads a prefix or an input differently",
    COSMETIC: "cosmetic",
}
# hash-string probes where accepting is laxness and refusing is strictness (probes.py)
LAX = {"bad-base64", "padding-bits", "one-digit-cost", "param-order", "keyid-data", "leading-zero"}
# parameter probes: the specification refuses these parameters (probes.py)
PARAMETERS = {"cost-3", "cost-32", "m-below-8p", "short-salt", "n-not-power-of-2"}
FAULTS = {"crash", "crashes", "hangs"}
BCRYPT_KEPT = 72  # bytes of a password bcrypt reads


@dataclass(frozen=True)
class Grade:
    level: int
    phrase: str  # what the library does, in a few words, for a reason line


FIELD_NAMES = {"ad": "AD (associated data)"}  # a probed input's name where its key is terse


def _length_parts(subject: str) -> tuple[str, str, str, str, str]:
    """`len.<alg>[.<variant>].<field>.<op>.<label>` → (alg, variant, field, op, label)."""
    parts = subject.split(".")
    variant = parts[2] if len(parts) == 6 else ""
    return parts[1], variant, parts[-3], parts[-2], parts[-1]


def _at(labels: list[str]) -> str:
    """`of 73 bytes`, `of 73 to 65537 bytes (12 lengths)`, `with a NUL inside`, …"""
    sizes = sorted(int(label) for label in labels if label.isdigit())
    words = []
    if len(sizes) > 1 and sizes[0] == 0 and sizes[1] > 1:  # the empty one apart: not a range
        words.append("of 0 bytes")
        sizes = sizes[1:]
    if len(sizes) == 1:
        words.append(f"of {sizes[0]} bytes")
    elif sizes:
        words.append(f"of {sizes[0]} to {sizes[-1]} bytes ({len(sizes)} lengths)")
    words += [{"nul": "with a NUL inside", "8bit": "with bytes ≥ 0x80"}.get(label, label)
              for label in labels if not label.isdigit()]  # fmt: skip
    return " or ".join(words)


def where(targets: list[str]) -> str:
    """`hash; $2a$/$2b$ verify` for the targets (`len.bcrypt.2a.password.verify`, …)."""
    by_op: dict[str, list[str]] = {}
    for target in targets:
        alg, variant, _, op, _ = _length_parts(f"{target}.x")
        shown = f"${variant}$" if variant in ("2a", "2b", "2x", "2y", "7") else variant
        by_op.setdefault(op, [])
        if shown and shown not in by_op[op]:
            by_op[op].append(shown)
    return "; ".join(f"{'/'.join(v)} {op}" if v else op for op, v in by_op.items())


def grade_length(targets: list[str], behaviour: str, labels: list[str]) -> Grade:
    """One input of an algorithm (the targets: `len.bcrypt.2a.password.verify`, … of one
    field) at one or more of its lengths, all answered with `behaviour`."""
    _, _, field, _, _ = _length_parts(f"{targets[0]}.x")
    at = where(targets)
    name = FIELD_NAMES.get(field, field)
    what = f"{name} {_at(labels)} ({at})"
    a = "an" if name[:1].lower() in "aeio" or name.startswith("AD") else "a"
    if behaviour == "truncates" and labels == ["nul"]:
        return Grade(ACCEPTS_WRONG, f"accepts {a} {name} cut at its first NUL byte ({at})")
    table = {
        "truncates": (TRUNCATES, f"silently truncates {a} {what}"),
        "wraps": (TRUNCATES, f"wraps a long {what}"),
        "replaces": (TRUNCATES, f"replaces invalid UTF-8 in {a} {what}: such passwords collide"),
        "reencodes": (READS_DIFFERENTLY, f"re-encodes {a} {what}"),
        "differs": (READS_DIFFERENTLY, f"reads {a} {what} differently"),
        "refuses": (REFUSES, f"refuses {a} {what}"),
        "accepts": (COSMETIC, f"accepts {a} {what} the reference refuses"),
        "crashes": (REFUSES, f"crashes on {a} {what}"),
        "hangs": (REFUSES, f"hangs on {a} {what}"),
    }
    level, phrase = table.get(behaviour, (READS_DIFFERENTLY, f"{behaviour}: {what}"))
    return Grade(level, phrase)


def _probe(subject: str, behaviour: str, detail: str) -> Grade:
    family, _, name = subject.partition(".")
    if name == "truncated" and behaviour == "accepts":
        return Grade(ACCEPTS_WRONG, f"accepts a truncated {family} hash string")
    if name == "emits":
        return Grade(COSMETIC, f"emits {behaviour} strings")
    if name in LAX:
        if behaviour == "accepts":
            return Grade(COSMETIC, f"accepts a malformed {family} string ({name})")
        if behaviour not in FAULTS:
            return Grade(REFUSES, f"refuses a {family} string the reference reads ({name})")
    if name.startswith("prefix-"):
        prefix = f"${name.removeprefix('prefix-')}$"
        if behaviour == "accepts":
            return Grade(READS_DIFFERENTLY, f"accepts {prefix} strings the reference refuses")
        if behaviour not in FAULTS:
            return Grade(REFUSES, f"does not verify {prefix} strings")
    if name in PARAMETERS:
        if behaviour == "accepts":
            return Grade(COSMETIC, f"accepts parameters the specification refuses ({name})")
        if behaviour == "changes":
            return Grade(READS_DIFFERENTLY, f"silently uses other parameters ({name})")
    if behaviour in FAULTS:
        return Grade(REFUSES, f"{'hangs' if behaviour == 'hangs' else 'crashes'} ({subject})")
    if behaviour == "rejects":  # the reference accepts: it reads the string differently
        said = detail.split(" (", 1)[0]
        return Grade(READS_DIFFERENTLY, said or f"reads {family} differently ({name})")
    return Grade(READS_DIFFERENTLY, f"{behaviour} ({subject})")


def emits_refused(subject: str, behaviour: str) -> Grade:
    """interop and cross where the reference itself does not verify the producer's
    string: the producer's doing (its strings cannot move to another library), not that
    of the verifiers that refuse them as the reference does."""
    what, _, _producer = subject.partition(" from ")
    return Grade(REFUSES, f"emits {what} strings the reference does not verify ({behaviour})")


def _verifies(subject: str, behaviour: str) -> Grade:
    """interop and cross: the implementation is the verifier, the producer in the subject."""
    what, _, producer = subject.partition(" from ")
    if behaviour == "accepts a wrong password":
        return Grade(ACCEPTS_WRONG, f"accepts a wrong password for {producer}'s {what} string")
    return Grade(REFUSES, f"does not verify {producer}'s {what} strings ({behaviour})")


def grade(check: str, subject: str, behaviour: str, detail: str = "") -> Grade:
    """The level and phrase of one finding (findings.Finding's fields)."""
    if check == "length":
        target, label = subject.rsplit(".", 1)
        return grade_length([target], behaviour, [label])
    if check == "probe":
        return _probe(subject, behaviour, detail)
    if check in ("interop", "cross"):
        return _verifies(subject, behaviour)
    if check == "differential":
        if behaviour == "differs":
            return Grade(READS_DIFFERENTLY, f"derives another output ({subject})")
        return Grade(REFUSES, f"refuses to derive ({subject}, {behaviour})")
    if check == "kat":
        if "a wrong password gave" in detail and "valid=True" in detail:
            return Grade(ACCEPTS_WRONG, "accepts a wrong password for a known-answer vector")
        vector = detail.split(" (", 1)[0] or subject[:30]
        return Grade(READS_DIFFERENTLY, f"gets a known-answer vector wrong ({behaviour}: {vector})")
    return Grade(READS_DIFFERENTLY, f"{behaviour} ({check} {subject})")


# a long password makes a login cost many times a short one (fidelity/long_passwords.py):
# a class of its own, graded as a refusal is — the application can cap the length
COSTLY_LONG = REFUSES
COSTLY_LONG_LEVEL = "a long password makes a login cost many times a short one"
AMPLIFIES_OVER = fidelity.AMPLIFIES_OVER  # the amplification from which it is one


def long_password(amplification: float, longest: int, at_least: bool, cap: int) -> Grade:
    """`amplification`: the time at the `longest` password accepted over the time at 64
    bytes (a lower bound when `at_least`); `cap`: the longest length that costs at most
    twice a short one, the cap to apply."""
    bound = "at least " if at_least else ""
    return Grade(
        COSTLY_LONG,
        f"a {_bytes(longest)} password costs {bound}{amplification:,.0f}× a 64-byte one: "
        f"cap passwords at {_bytes(cap)}",
    )


def _bytes(n: int) -> str:
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} bytes"


CUT_AT_NUL = "crypt(3) takes a C string and stops at the first NUL, as the reference does"
CUT_AT_72 = (
    "bcrypt reads at most 72 bytes of a password, as the reference does: a longer one is "
    "cut without a word"
)


def inherent(probe: str, behaviour: str, detail: str = "") -> tuple[Grade, str] | None:
    """A length probe's answer that matches the reference and is a hazard all the same:
    a bcrypt password read to 72 bytes only, or a crypt(3) password cut at a NUL. The
    grade (its phrase without where: `where` names the targets) and why. (A refusal where
    the reference refuses too, libxcrypt's from 512 bytes, is none.)"""
    if behaviour != "matches" or not probe.startswith("len.") or detail.startswith("refuses"):
        return None
    alg, _, field, _, label = _length_parts(probe)
    if field != "password" or alg not in ("bcrypt", "yescrypt"):
        return None
    if label == "nul":
        return Grade(ACCEPTS_WRONG, "accepts a password cut at its first NUL byte"), CUT_AT_NUL
    if alg == "bcrypt" and label.isdigit() and int(label) > BCRYPT_KEPT:
        return Grade(TRUNCATES, f"accepts a password truncated at {BCRYPT_KEPT} bytes"), CUT_AT_72
    return None
