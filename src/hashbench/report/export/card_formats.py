"""`card --format`: markdown (a section per card) or JSON (the cards as data)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from hashbench.model.card import Card
from hashbench.report.card_lines import lines


def _markdown(cards: list[Card]) -> str:
    out = []
    for card in cards:
        text = lines(card)
        out += [f"## `{card.impl}`", "", text.head, ""]
        for title, items in text.sections:
            out += [f"**{title}**", "", *(f"- {item}" for item in items), ""]
    return "\n".join(out)


def _json(cards: list[Card]) -> str:
    return msgspec.json.format(msgspec.json.encode(cards), indent=1).decode() + "\n"


FORMATS: dict[str, Callable[[list[Card]], str]] = {"md": _markdown, "json": _json}
