"""A card's text (report/card_lines.py), shared by the terminal and markdown."""

from __future__ import annotations

from hashbench.model.card import Card, Divergence
from hashbench.report.card_lines import lines


def _divergence(alg: str, severity: int = 3, text: str = "wraps a long password") -> Divergence:
    return Divergence(
        severity=severity, level="truncates", text=text, algorithms=[alg], check="lengths",
        subject=f"len.{alg}.password.hash", behaviour="wraps", why="planted",
    )  # fmt: skip


def test_one_finding_about_several_algorithms_is_one_line_naming_them():
    card = Card(impl="x/lib", name="lib", runner="x", runtime="X", available=True)
    card.fidelity = [
        _divergence("argon2id"), _divergence("argon2i"), _divergence("argon2d"),
        _divergence("bcrypt", 5, "accepts a password cut at its first NUL byte"),
    ]  # fmt: skip
    (found,) = [items for title, items in lines(card).sections if title.startswith("diverg")]
    assert found == [
        "[3] argon2id, argon2i, argon2d: wraps a long password — planted",
        "[5] bcrypt: accepts a password cut at its first NUL byte — planted",
    ]
