"""How a case's parameters and input size are named in titles, ids and reports."""

from __future__ import annotations


def size_label(n: int) -> str:
    """An input size as group titles name it: "16 B", "1 KiB", "16 KiB"."""
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def kib_label(kib: int) -> str:
    """A memory size given in KiB: "256 KiB", "19 MiB", "1 GiB", "1.5 MiB"."""
    for unit, scale in (("GiB", 2**20), ("MiB", 2**10)):
        if kib >= scale:
            value = kib / scale
            return f"{value:g} {unit}" if value * 10 % 1 == 0 else f"{value:.2f} {unit}"
    return f"{kib} KiB"


def params_label(items: tuple[tuple[str, int], ...], units: dict[str, str] | None = None) -> str:
    """Parameters as group titles name them: "m=64 MiB,t=3,p=4" — a parameter whose unit
    is KiB shown as a memory size; argon2's default version=19 left out."""
    units = units or {}
    return ",".join(
        f"{k}={kib_label(v) if units.get(k) == 'KiB' else v}"
        for k, v in items
        if k != "version" or v != 19
    )


def group_title(
    alg: str,
    op: str,
    mode: str,
    params: tuple[tuple[str, int], ...] = (),
    input_size: int | None = None,
    units: dict[str, str] | None = None,
    library_defaults: bool = False,
) -> str:
    parts = [alg]
    if library_defaults:
        parts.append("library defaults")
    elif params:
        parts.append(params_label(params, units))
    if input_size is not None:
        parts.append(size_label(input_size))
    parts.append(op if op != "digest" else mode)
    return " ".join(parts)


def tagged_title(title: str, tag: str) -> str:
    """A group title with what tells it from another group of the same work in its suite
    (the bench's name): "bcrypt cost=4 hash (Haskell seed: bcrypt cost 4, 8, 12)". A base
    title has no parenthesis, so the tag reads back from a stored title (`title_tag`)."""
    return f"{title} ({tag})" if tag else title


def title_tag(title: str) -> str:
    """The tag of a stored group title ("" for an untagged one, as every older file's)."""
    _, sep, rest = title.partition(" (")
    return rest[:-1] if sep and rest.endswith(")") else ""
