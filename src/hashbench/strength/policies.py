"""Password policies as an attacker's search space (the rows of `hashbench breach`).

- random passwords of one length over a character set: alphabet^length candidates, the
  space of exactly that length (an attacker who also tries the shorter ones first adds
  less than 1/(alphabet − 1) to it);
- diceware-style passphrases of a number of words from a 7,776-word list (EFF's long list
  and Reinhold's original both hold 6^5 words): 7776^words;
- a given guess count: the space a user names;
- one password's guess number from an estimator (zxcvbn): its estimate of the guesses an
  attacker makes before reaching it, so the expected count itself.

A uniform space is found on average half-way: `expected` = candidates / 2.
"""

from __future__ import annotations

import math

from hashbench.errors import UsageError
from hashbench.model.breach import Policy

# name → characters; "+symbols" is hashcat's ?a: 26 + 26 + 10 + the 33 printable symbols
# and the space (ASCII 0x20–0x7e)
CHARSETS = {
    "digits": 10,
    "lower": 26,
    "lower+upper": 52,
    "lower+upper+digits": 62,
    "+symbols": 95,
}
LENGTHS = tuple(range(8, 17))
WORDS = tuple(range(3, 8))
WORD_LIST = 7776  # 6^5: five dice per word
WORD_LIST_SOURCE = "a diceware list of 6^5 = 7,776 words (Reinhold's; EFF's long list)"


def _policy(
    id: str, kind: str, label: str, candidates: float, expected: float, **more: object
) -> Policy:
    return Policy(
        id=id,
        kind=kind,  # type: ignore[arg-type]
        label=label,
        candidates=candidates,
        expected=expected,
        bits=math.log2(candidates) if candidates > 0 else 0.0,
        **more,  # type: ignore[arg-type]
    )


def random_password(length: int, charset: str) -> Policy:
    size = CHARSETS[charset]
    space = float(size) ** length
    return _policy(
        f"random-{length}-{charset}",
        "random",
        f"{length} random {charset} ({size})",
        space,
        space / 2,
        length=length,
        alphabet=size,
    )


def passphrase(words: int) -> Policy:
    space = float(WORD_LIST) ** words
    return _policy(
        f"passphrase-{words}",
        "passphrase",
        f"{words}-word passphrase",
        space,
        space / 2,
        length=words,
        alphabet=WORD_LIST,
        source=WORD_LIST_SOURCE,
    )


def given(count: float) -> Policy:
    return _policy("guesses", "guesses", f"{count:.3g} guesses (given)", count, count / 2)


def estimated(guesses: float, estimator: str) -> Policy:
    """One password's guess number: the expected count, and the whole search as well."""
    return _policy(
        "estimate",
        "estimate",
        f"your password ({estimator}: {guesses:.3g} guesses)",
        guesses,
        guesses,
        source=f"{estimator}'s estimate of the guesses before an attacker reaches it",
    )


def parse_count(text: str) -> float:
    """'1e12', '2^40', '1000000' → a guess count of at least 1; UsageError else."""
    cleaned = text.strip().replace("_", "").replace(",", "")
    try:
        if "^" in cleaned:
            base, _, exponent = cleaned.partition("^")
            value = math.pow(float(base), float(exponent))
        else:
            value = float(cleaned)
    except (ValueError, OverflowError):
        raise UsageError(f"--guesses {text!r}: a count such as 1e12, 2^40 or 1000000") from None
    if not math.isfinite(value) or value < 1:
        raise UsageError(f"--guesses {text!r}: a finite count of at least 1")
    return value


def standard(charsets: list[str] | None = None, lengths: tuple[int, ...] = LENGTHS) -> list[Policy]:
    """Every random length × character set, then every passphrase length."""
    chosen = charsets or list(CHARSETS)
    rows = [random_password(n, c) for c in chosen for n in lengths]
    return rows + [passphrase(w) for w in WORDS]


def parse_charsets(text: str | None) -> list[str] | None:
    if text is None:
        return None
    names = [c.strip() for c in text.split(",") if c.strip()]
    unknown = [c for c in names if c not in CHARSETS]
    if unknown or not names:
        raise UsageError(f"--charsets {text!r}: one or more of {', '.join(CHARSETS)}")
    return names


def parse_lengths(text: str | None) -> tuple[int, ...]:
    if text is None:
        return LENGTHS
    try:
        low, _, high = text.partition("-")
        first, last = int(low), int(high or low)
    except ValueError:
        raise UsageError(f"--lengths {text!r}: a length or a range such as 8-16") from None
    if not 1 <= first <= last <= 64:
        raise UsageError(f"--lengths {text!r}: from 1 to 64 characters, low to high")
    return tuple(range(first, last + 1))
