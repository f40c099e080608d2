"""`hashbench card` in the terminal: one card after another."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from hashbench.model.card import Card
from hashbench.report.card_lines import lines


def render(cards: list[Card], console: Console) -> None:
    for n, card in enumerate(cards):
        if n:
            console.print()
        text = lines(card)
        console.print(f"[bold]{escape(text.head)}[/]")
        for title, items in text.sections:
            console.print(f"  [bold]{escape(title)}[/]")
            for item in items:
                console.print(f"    {escape(item)}")
