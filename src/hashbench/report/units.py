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


def size_label(n: int) -> str:
    """An input size as group titles name it: "16 B", "1 KiB", "16 KiB"."""
    return f"{n // 1024} KiB" if n >= 1024 and n % 1024 == 0 else f"{n} B"


def params_label(items: tuple[tuple[str, int], ...]) -> str:
    """Parameters as group titles name them: "m=65536,t=3,p=4" (argon2's default
    version=19 left out)."""
    return ",".join(f"{k}={v}" for k, v in items if k != "version" or v != 19)
