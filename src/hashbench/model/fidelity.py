"""A fidelity file: what `hashbench fidelity` found, step by step (docs/results.md).

The run writes the file after each step, so a file may end after any of them: every step's
list defaults to empty and `finished` stays null until the end. Each step's rows are the
shapes the fidelity modules write (`fidelity/kat.py`, `interop.py`, …); a file is decoded
into these types strictly, as a run file is.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from hashbench.model.run_file import Environment, RunnerInfo

FIDELITY_KIND = "hashbench-fidelity"
FIDELITY_VERSION = 1


class KatOutcome(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One known-answer vector through one implementation."""

    impl: str
    vector: str
    source: str
    op: str
    status: Literal["pass", "fail", "n/a"]
    detail: str = ""
    expected: str = ""  # the vector's expected output or encoded string


class InteropMatrix(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One algorithm: each producer's string (or its error), and what each verifier said."""

    algorithm: str
    producers: dict[str, str] = {}
    cells: dict[str, dict[str, str]] = {}  # producer → verifier → result


class DifferentialResult(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One seeded derive case through one implementation, against the reference."""

    impl: str
    case: str  # "<alg> pw=<n>B salt=<n>B <params> len=<n>"
    status: Literal["match", "differs", "error", "n/a"]
    detail: str = ""


class Behaviour(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What an implementation does with an edge-case (or a length) probe, beside what the
    reference does."""

    probe: str
    impl: str
    behaviour: str
    detail: str
    expected: str
    diverges: bool


# a long-password point (fidelity/long_passwords.py). ok: timed and its output verified;
# unverified: timed, no reference reads it (libxcrypt's crypt refuses passphrases from 512
# bytes); differs: timed, its output is not the reference's; refuses: an error reply;
# crashes: the runner died; over_cap: no answer within the cap (the runner is restarted);
# skipped: not tried, a shorter one predicts more than the cap or was not answered
PointStatus = Literal["ok", "unverified", "differs", "refuses", "crashes", "over_cap", "skipped"]
ANSWERED: tuple[PointStatus, ...] = ("ok", "unverified", "differs")
LongOp = Literal["hash", "derive", "verify"]  # derive where the library has no hash
AMPLIFIES_OVER = 10.0  # from this amplification a library is said to grow with the password


class LengthPoint(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One op at one password length: its time (when answered) and what its output was."""

    length: int  # bytes of password
    status: PointStatus
    median_ns: float | None = None  # of one op, in the runner's own timing loop
    samples: int = 0
    detail: str = ""


class LongPassword(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a long password costs one implementation's op: its time at each length, the
    longest it took, and the amplification (time there over time at the first length)."""

    impl: str
    alg: str
    op: LongOp
    params: dict[str, int]
    points: list[LengthPoint]
    longest_accepted: int | None  # the longest length answered (ok, unverified or differs)
    amplification: float | None  # time at longest_accepted / time at the first length
    at_least: bool = False  # a longer length went over the cap or was skipped
    cap_s: float = 0.0  # the time cap a request had


class CrossMatrix(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One edge input of one algorithm, verified across implementations
    (`explained`: producer → verifier → the length finding that already says why)."""

    algorithm: str
    field: str
    label: str
    producers: dict[str, str] = {}
    cells: dict[str, dict[str, str]] = {}
    explained: dict[str, dict[str, str]] = {}


class DefaultsRow(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The parameters a library hashes with when given none (None: why not known)."""

    impl: str
    alg: str
    params: dict[str, int] | None
    detail: str = ""


class EaseRow(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An implementation's ease-of-use profile, as the run saw it."""

    impl: str
    backend: str
    salts_itself: bool
    encoded: str | None
    verify_one_call: bool
    async_api: bool = msgspec.field(name="async")
    needs: str
    adapter_lines: int | None
    notes: str = ""


class FindingKey(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a divergence is known by (fidelity/findings.py): no message, no salt, no time."""

    check: str
    subject: str
    behaviour: str
    impl: str


class FindingRow(FindingKey, kw_only=True, forbid_unknown_fields=True):
    """A divergence by its key, with one example."""

    detail: str = ""


class GoneRow(FindingKey, kw_only=True, forbid_unknown_fields=True):
    """A known divergence this run did not see again, with why it was known."""

    why: str


class Findings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The run's divergences against the known-divergences file."""

    known: list[FindingRow] = []
    new: list[FindingRow] = []
    gone: list[GoneRow] = []


class FidelityFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = FIDELITY_KIND
    version: int = FIDELITY_VERSION
    hashbench_version: str = ""
    started: str
    finished: str | None = None
    environment: Environment
    runners: dict[str, RunnerInfo] = {}
    ran: list[str] = []  # the implementations the run asked
    seconds: dict[str, float] = {}  # each step's wall time
    kat: list[KatOutcome] = []
    interop: list[InteropMatrix] = []
    differential: list[DifferentialResult] = []
    probes: list[Behaviour] = []
    lengths: list[Behaviour] = []
    long_passwords: list[LongPassword] = []  # [] in a file from before the step
    cross: list[CrossMatrix] = []
    defaults: list[DefaultsRow] = []
    ease: list[EaseRow] = []
    divergences: list[str] = []  # each in one line, for people
    findings: Findings | None = None  # None in a file from before the known-divergences gate
