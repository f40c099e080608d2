"""How a case's parameters and input size are named in titles, ids and reports."""

from __future__ import annotations


def size_label(n: int) -> str:
    """An input size as group titles name it: "16 B", "1 KiB", "16 KiB"."""
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def params_label(items: tuple[tuple[str, int], ...]) -> str:
    """Parameters as group titles name them: "m=65536,t=3,p=4" (argon2's default
    version=19 left out)."""
    return ",".join(f"{k}={v}" for k, v in items if k != "version" or v != 19)


def group_title(
    alg: str,
    op: str,
    mode: str,
    params: tuple[tuple[str, int], ...] = (),
    input_size: int | None = None,
) -> str:
    parts = [alg]
    if params:
        parts.append(params_label(params))
    if input_size is not None:
        parts.append(size_label(input_size))
    parts.append(op if op != "digest" else mode)
    return " ".join(parts)
