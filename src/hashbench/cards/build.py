"""Library cards joined: for each implementation of the catalog, its speed at each
algorithm's reference case, its divergences, ease of use and defaults from the newest
fidelity run that ran it, and its build; each piece that is missing named with the command
that fills it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hashbench.cards import defaults, divergences, ease, speed
from hashbench.cards.inputs import Inputs
from hashbench.cards.reference import fill_command, title
from hashbench.catalog import libraries
from hashbench.catalog.libraries import LibraryRow
from hashbench.fidelity import known
from hashbench.model import CaseId
from hashbench.model.card import Card, Divergence, Missing
from hashbench.model.fidelity import FidelityFile
from hashbench.runner.manifest import load_all

BACKEND_KINDS = {"wasm": "WASM", "pure": "pure"}  # anything else runs native code


@cache
def _languages() -> dict[str, str]:
    return {m.name: m.language for m in load_all()}


def runtime(impl: str) -> str:
    """The runtime an implementation runs in: its runner's language (rust, rust-native and
    rust-parallel are all Rust; node and deno are two)."""
    runner = impl.split("/", 1)[0]
    return _languages().get(runner, runner)


class _Fidelity:
    """Each implementation's newest fidelity run, read once."""

    def __init__(self, given: Inputs, entries: tuple[known.Entry, ...]):
        self.runs, self.entries, self.graded = given.fidelity, entries, given.graded

    def find(self, impl: str) -> tuple[FidelityFile, str] | None:
        return next(((d, label) for d, label in self.runs if impl in d.ran), None)

    def divergences(self, data: FidelityFile) -> dict[str, list[Divergence]]:
        if id(data) not in self.graded:
            self.graded[id(data)] = divergences.by_impl(data, self.entries)
        return self.graded[id(data)]


def _fill_fidelity(card: Card, found: _Fidelity) -> None:
    hit = found.find(card.impl)
    if hit is None:
        command = f"hashbench fidelity --runner {card.runner}"
        what = "divergences, ease of use, defaults"
        card.missing.append(Missing(piece="fidelity", what=what, command=command))
        return
    data, label = hit
    card.fidelity = found.divergences(data).get(card.impl, [])
    card.fidelity_source = label
    row = next((r for r in data.ease if r.impl == card.impl), None)
    if row is not None:
        card.ease = ease.observed(row)
    card.defaults = defaults.from_fidelity([r for r in data.defaults if r.impl == card.impl])


def _fill_speed(card: Card, groups: dict[str, speed.Group], algs: list[str] | None) -> None:
    def same(impl: str) -> bool:
        return runtime(impl) == card.runtime

    for alg in card.algorithms:
        if algs is not None and alg not in algs:
            continue
        group = groups.get(alg)
        figure = speed.figure(card.impl, group, same) if group else None
        if figure is not None:
            card.speed.append(figure)
            if figure.reason != speed.NO_HASH:
                continue  # else its derived key is still to measure
        if group is not None:
            derives = group.derives_only(card.impl)
            what = title(group.ref) + (" (derive: it offers no hash)" if derives else "")
            command = fill_command(group.ref, card.impl, derives)
        else:
            what, command = alg, f"hashbench run --alg {alg} --impl '{card.impl}'"
        card.missing.append(Missing(piece="speed", what=what, command=command))


def _card(row: LibraryRow) -> Card:
    backend = row.backend
    return Card(
        impl=row.impl,
        name=row.name,
        runner=row.runner,
        runtime=runtime(row.impl),
        available=row.available,
        unavailable_reason=row.reason,
        backend=backend,
        backend_kind=BACKEND_KINDS.get(backend, "native") if backend else "",
        registry=row.registry,
        algorithms=list(row.algorithms),
    )


def build(
    inputs: Inputs,
    refs: dict[str, CaseId],
    keep: Callable[[LibraryRow], bool] = lambda row: True,
    entries: tuple[known.Entry, ...] | None = None,
    algs: list[str] | None = None,
) -> list[Card]:
    """A card for each catalog row `keep` keeps, in catalog order; speed for `algs` only
    (None: every algorithm of the card)."""
    groups = {alg: speed.Group(ref, inputs.records) for alg, ref in refs.items()}
    found = _Fidelity(inputs, known.load() if entries is None else entries)
    versions = {r.impl: r.version for r, _ in inputs.records if r.version}
    cards = []
    for row in libraries.load():
        if not keep(row):
            continue
        card = _card(row)
        card.version = versions.get(card.impl, "")
        if card.available:
            _fill_speed(card, groups, algs)
            _fill_fidelity(card, found)
        if card.ease is None:
            card.ease = ease.from_catalog(row)
        seen = {d.alg for d in card.defaults}
        own = [r for r, _ in inputs.records if r.impl == card.impl]
        card.defaults += [d for d in defaults.from_records(own) if d.alg not in seen]
        cards.append(card)
    return cards
