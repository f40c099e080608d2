"""A card's ease of use: the fidelity run's profile (fidelity/ease.py), which saw the
strings the library emits; else what the catalog alone says (no string format, and no
verify-in-one-call, which the runner's hello tells)."""

from __future__ import annotations

from hashbench.catalog.libraries import LibraryRow
from hashbench.fidelity.ease import adapter_lines
from hashbench.model.card import Ease
from hashbench.model.fidelity import EaseRow


def observed(row: EaseRow) -> Ease:
    """From a row of a fidelity run's `ease`."""
    return Ease(
        salts_itself=row.salts_itself,
        encoded=row.encoded,
        verify_one_call=row.verify_one_call,
        async_api=row.async_api,
        needs=row.needs,
        adapter_lines=row.adapter_lines,
        observed=True,
    )


def from_catalog(row: LibraryRow) -> Ease:
    """From the library's catalog row."""
    return Ease(
        salts_itself=row.salts_itself,
        async_api=row.is_async,
        needs=row.needs,
        adapter_lines=adapter_lines(row.adapter),
    )


def score(ease: Ease) -> float | None:
    """The share of what spares the user code: salts itself, a standard string (PHC or
    modular crypt), verify in one call. None when none of them is known."""
    standard = None if ease.encoded is None else not ease.encoded.startswith(("own", "raw"))
    known = [v for v in (ease.salts_itself, standard, ease.verify_one_call) if v is not None]
    return sum(known) / len(known) if known else None
