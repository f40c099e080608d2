"""A library card: what hashbench knows of one implementation on this machine, joined from
the run results, the fidelity results and the catalog (cards/), and a pick: the cards of
one runtime and algorithm ranked (cards/rank.py).

Both are plain data: the terminal, markdown, HTML and JSON renderers read them, and a page
of a static site can render the same JSON. A piece that was not measured is None (or
empty) and named in `missing` with the command that fills it.
"""

from __future__ import annotations

import msgspec


class Ratio(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """This implementation's median over another's (> 1: slower), bounded by both
    intervals; indistinguishable where the intervals overlap (measure.compare.within_run)."""

    to: str  # the implementation compared with (the fastest)
    ratio: float
    low: float
    high: float
    indistinguishable: bool
    same_run: bool = True  # both figures from one run; else from two runs of this machine


class Speed(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One algorithm at its reference parameters (cards/reference.py)."""

    alg: str
    case: str  # the case id without the implementation: op, mode, parameters
    title: str  # e.g. "bcrypt cost=10 hash"
    status: str  # the record's status: ok, unverified, failed, refused, not_applicable
    reason: str = ""
    median_ns: float | None = None
    low_ns: float | None = None
    high_ns: float | None = None
    vs_runtime: Ratio | None = None  # against the fastest implementation of its runtime
    vs_all: Ratio | None = None  # against the fastest of every runtime
    source: str = ""  # the run it came from
    op: str = ""  # the op measured where not the reference's: "derive" for a derive-only library


class Divergence(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One thing the implementation does that the reference does not (or, `inherent`,
    that it does like the reference and is a hazard all the same), graded."""

    severity: int  # fidelity/severity.py: 5 accepts a wrong password … 1 cosmetic
    level: str  # the level in words
    text: str  # what the library does, in a few words
    algorithms: list[str]  # what it is about ([] where the finding does not say)
    check: str
    subject: str
    behaviour: str
    why: str = ""  # the known-divergences file's sentence, or one example
    known: bool = False  # listed in catalog/known-divergences.toml
    inherent: bool = False


class Ease(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    salts_itself: bool | None = None
    encoded: str | None = None  # the string format it emits, as the fidelity run saw it
    verify_one_call: bool | None = None
    async_api: bool | None = None
    needs: str = ""
    adapter_lines: int | None = None
    observed: bool = False  # from a fidelity run (else from the catalog alone)


class Defaults(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the library picks when called with no parameters, against OWASP's minimum."""

    alg: str
    params: dict[str, int] | None  # None: not readable (`detail` says why)
    weaker: str = ""  # "" or why they are weaker than OWASP's minimum (strength/costing.py)
    detail: str = ""


class Missing(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    piece: str  # speed, fidelity, ease, defaults
    what: str  # e.g. "bcrypt cost=10 hash"
    command: str  # the command that fills it


class Card(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    impl: str
    name: str
    runner: str
    runtime: str  # the runner's language, e.g. "Rust" for rust, rust-native, rust-parallel
    available: bool
    unavailable_reason: str = ""
    backend: str = ""  # as the catalog and hello say: c, rust, asm, wasm, pure, …
    backend_kind: str = ""  # native, WASM or pure
    version: str = ""  # as the runner's hello reported it in the results (else "")
    registry: str = ""  # where it comes from, with the catalog's pinned version
    algorithms: list[str] = []
    speed: list[Speed] = []
    fidelity: list[Divergence] | None = None  # worst first; None: no fidelity run saw it
    fidelity_source: str = ""
    ease: Ease | None = None
    defaults: list[Defaults] = []
    missing: list[Missing] = []


class Weights(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    speed: float = 1.0
    fidelity: float = 1.0
    ease: float = 0.5


class Rule(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The ranking rule a pick used, stated with every pick (docs/pick.md)."""

    weights: Weights
    rule_out_at: int  # a divergence of this severity or worse rules a library out
    weak_defaults_rule_out: bool  # defaults weaker than OWASP's minimum rule it out
    text: str  # the rule in one sentence, for every output format


class Candidate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    impl: str
    rank: int | None  # None: ruled out
    score: float | None  # None: ruled out, or nothing scored was measured
    parts: dict[str, float] = {}  # speed, fidelity, ease scores in [0, 1]
    unmeasured: list[str] = []  # scored parts without data: ranked after the measured
    reason: str  # one line: why it is ranked here, or why it is ruled out
    ruled_out: bool = False
    card: Card
    # a close call: the candidate ranked just above, whose score this one's is within
    # the noise of (their speeds' intervals overlap and nothing else sets them apart)
    close_to: str | None = None


class Pick(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = "hashbench-pick"
    version: int = 1
    runtime: str | None  # None: every runtime
    alg: str
    case: str  # the reference case speeds were taken at
    rule: Rule
    machine: str
    sources: list[str]  # the runs and fidelity results the cards were built from
    candidates: list[Candidate]  # ranked first, then ruled out
    top: str = ""  # the reason for the top choice, or why there is none
