"""What `hashbench breach` concludes: for parameter sets, the time, dollars and energy an
attacker needs to search each password policy's space, per attacker class.

Every cell carries its inputs (the policy's candidates, the class's guesses per second and
what it pays), so a reader of the JSON can redo the arithmetic; the rates are those of the
strength model (strength/costing.py), the same figures `hashbench strength` prints.
"""

from __future__ import annotations

from typing import Literal

import msgspec

BREACH_KIND = "hashbench-breach"
BREACH_VERSION = 1

PolicyKind = Literal["random", "passphrase", "guesses", "estimate"]
Pays = Literal["rent", "electricity"]


class Policy(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A password policy as the attacker's search: `candidates` to try them all,
    `expected` on average (half of a uniform space; an estimator's guess number is
    already the expected count)."""

    id: str  # e.g. "random-12-lower+upper+digits", "passphrase-5", "guesses", "estimate"
    kind: PolicyKind
    label: str
    candidates: float
    expected: float
    bits: float  # log2 of the candidates
    length: int | None = None  # characters or words
    alphabet: int | None = None  # characters in the set, or words in the list
    source: str = ""


class AttackerClass(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One kind of attacker at the grid's parameters: `count` devices at `rate_per_s` each,
    paying rent by the hour or the electricity their power draws."""

    id: str  # gpu, rig, rented, here:<device>, cpu, fpga
    label: str
    short: str  # a column's heading: "1 GPU", "12 GPUs", "100 rented", "FPGA", …
    device: str
    device_name: str
    count: int
    rate_per_s: float | None  # guesses per second of one device; None: no figure
    pays: Pays
    usd_per_hour: float | None = None  # one device's rent, or its electricity per hour
    power_w: float | None = None  # one device's
    basis: str = ""  # the benchmark scaled and how (strength/costing.py)
    notes: list[str] = []


class Cell(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    policy: str
    attacker: str
    seconds_all: float | None  # None: the class has no rate for this algorithm
    seconds_expected: float | None
    usd_all: float | None = None
    usd_expected: float | None = None
    joules_all: float | None = None
    joules_expected: float | None = None
    beyond_century: bool = False  # the expected time is over a hundred years


class Grid(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One parameter set's grid: policies × attacker classes."""

    alg: str
    params: dict[str, int]
    label: str = ""  # e.g. "calibrated to 100 ms", "equal defender time to bcrypt cost 10"
    median_ns: float | None = None  # the defender's time here, where a results file gave it
    impl: str = ""
    attackers: list[AttackerClass] = []
    policies: list[Policy] = []
    cells: list[Cell] = []
    notes: list[str] = []


class BreachFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    schema: str = BREACH_KIND
    version: int = BREACH_VERSION
    hashbench_version: str = ""
    made: str
    source: str  # "--alg bcrypt --params cost=10" or the results file read
    assumptions: list[str] = []  # the model's constants the figures rest on, with sources
    grids: list[Grid] = []
