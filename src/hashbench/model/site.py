"""What `hashbench site` publishes, gathered once from the history store and results files
(site/) and rendered into pages (report/site/): plain data, so the gathering and the
pages are tested apart. A piece with no data is empty; its page names the command that
fills it."""

from __future__ import annotations

from dataclasses import dataclass, field

from hashbench.model.breach import Grid
from hashbench.model.card import Card
from hashbench.model.counts import Measure
from hashbench.model.fidelity import InteropMatrix, KatOutcome
from hashbench.model.history_point import HistoryPoint
from hashbench.model.records import CaseRecord
from hashbench.model.run_file import RunFile
from hashbench.model.strength import StrengthFile


@dataclass(frozen=True)
class Machine:
    label: str  # as a case's history names it: "<cpu> #<id>"
    fingerprint: str
    cpu: str
    cores: int | None
    memory_bytes: int | None
    os: str
    distro: str | None
    runs: int
    latest: str  # the newest run's start


@dataclass(frozen=True)
class RunSummary:
    id: int
    suite: str
    started: str
    state: str  # finished, interrupted or unfinished (running, or ended without a word)
    machine: str
    cases: int
    hashbench_version: str


@dataclass
class Ranking:
    """A group's newest record of each case on one machine, each with its run in words."""

    machine: str
    records: list[tuple[CaseRecord, str]]


@dataclass
class CaseHistory:
    case_id: str
    impl: str
    points: list[HistoryPoint]  # the measured runs, oldest first, change points marked
    measure: Measure = "time"  # one series per measure: a counted one plots counts per op
    runtime: str = ""  # the runtime major, where the case ran on several ("node 26")

    @property
    def name(self) -> str:
        """The series' name beside the group's others: its implementation (and runtime)."""
        return f"{self.impl} on {self.runtime}" if self.runtime else self.impl


@dataclass
class Group:
    """The cases every implementation of one piece of work shares: the case id without
    its implementation (`bcrypt:hash:oneshot:cost=10`)."""

    key: str
    alg: str
    rankings: list[Ranking]  # one per machine that measured it, newest machine first
    histories: list[CaseHistory]


@dataclass
class Library:
    """A catalog implementation and its card on each machine (the card of a machine
    without runs still says what is missing and how to fill it)."""

    impl: str
    cards: list[tuple[str, Card]]  # (machine label, its card)


@dataclass
class JoinedFidelity:
    """The newest fidelity result of each implementation, from whichever run checked it
    last (a run of one runner no longer hides the others'): known-answer rows and
    divergences from the implementation's newest run, an interop cell from the newest run
    that checked that producer with that verifier."""

    sources: list[tuple[str, list[str]]]  # each run in words, the implementations it gave
    divergences: list[str]  # as a fidelity file words them: what, then which do it
    interop: list[InteropMatrix]
    kat: list[KatOutcome]


@dataclass
class SiteData:
    made: str  # when the site was built
    store: str  # the history store read (without a password)
    machines: list[Machine] = field(default_factory=list)
    runs: list[RunSummary] = field(default_factory=list)  # newest first
    groups: list[Group] = field(default_factory=list)
    libraries: list[Library] = field(default_factory=list)
    # each with where it came from, in words
    fidelity: JoinedFidelity | None = None  # the newest of each implementation
    strength: list[tuple[StrengthFile, str]] = field(default_factory=list)
    # per strength file (by its label), each equal-strength table priced by `breach`
    breach: dict[str, list[list[Grid]]] = field(default_factory=dict)
    seeds: tuple[RunFile, str] | None = None  # the newest `seeds` run
