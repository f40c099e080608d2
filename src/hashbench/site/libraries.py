"""A site's library pages: every implementation of the catalog with its card on each
machine of the store (cards/), built the way `hashbench card` builds them for this one."""

from __future__ import annotations

from hashbench import catalog
from hashbench.cards import build, reference
from hashbench.cards.inputs import Inputs, of_machine
from hashbench.catalog import libraries as catalog_rows
from hashbench.model.card import Card
from hashbench.model.site import Library, Machine
from hashbench.store.history import Store

NO_MACHINE = "no machine yet"  # the cards of a store without runs: catalog and commands


def _cards(data: Inputs) -> list[Card]:
    refs = reference.references(list(catalog.algorithms()), [r for r, _ in data.records])
    return build.build(data, refs)


def libraries(store: Store, machines: list[Machine]) -> list[Library]:
    wanted = {r.impl for r in catalog_rows.load() if r.available}
    per_machine = [
        (m.label, _cards(of_machine(store, m.fingerprint, None, wanted))) for m in machines
    ] or [(NO_MACHINE, _cards(Inputs()))]
    out: dict[str, Library] = {}
    for label, cards in per_machine:
        for card in cards:
            out.setdefault(card.impl, Library(card.impl, [])).cards.append((label, card))
    return list(out.values())
