"""Human units for times, rates and sizes."""


def duration(ns: float | None) -> str:
    if ns is None:
        return "—"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}" if ns / scale < 100 else f"{ns / scale:.1f} {unit}"
    return f"{ns:.2f} ns"


def rate(per_s: float | None) -> str:
    if per_s is None:
        return "—"
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if per_s >= scale:
            return f"{per_s / scale:.2f}{unit}"
    return f"{per_s:.1f}"


def size(n: float | None) -> str:
    if n is None:
        return "—"
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n:.0f} B"
