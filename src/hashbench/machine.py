"""The machine a result was measured on: recorded with every result file."""

from __future__ import annotations

import os
import platform
from pathlib import Path
from typing import Any


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text().strip()
    except OSError:
        return None


def cpu_model() -> str:
    info = _read("/proc/cpuinfo") or ""
    for line in info.splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


# CPU features that change what a hash costs (SHA, AES and vector extensions).
RELEVANT_FLAGS = (
    "sha_ni", "aes", "pclmulqdq", "ssse3", "sse4_1", "avx", "avx2", "bmi2", "adx",
    "avx512f", "avx512bw", "avx512vl", "avx512_vbmi", "vaes", "vpclmulqdq",
)  # fmt: skip


def cpu_flags() -> list[str]:
    for line in (_read("/proc/cpuinfo") or "").splitlines():
        if line.startswith("flags"):
            present = set(line.split(":", 1)[1].split())
            return [f for f in RELEVANT_FLAGS if f in present]
    return []


def governor() -> str | None:
    return _read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")


def boost() -> str | None:
    no_turbo = _read("/sys/devices/system/cpu/intel_pstate/no_turbo")
    if no_turbo is not None:
        return "off" if no_turbo == "1" else "on"
    b = _read("/sys/devices/system/cpu/cpufreq/boost")
    if b is not None:
        return "on" if b == "1" else "off"
    return None


def mem_available_bytes() -> int | None:
    for line in (_read("/proc/meminfo") or "").splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return None


def last_level_cache_bytes() -> int | None:
    """The largest CPU cache (L3 here): memory-hard hashes slow down per byte beyond it."""
    sizes = []
    for index in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*"):
        text = _read(str(index / "size")) or ""
        scale = {"K": 1024, "M": 1 << 20}.get(text[-1:], 0)
        if scale and text[:-1].isdigit():
            sizes.append(int(text[:-1]) * scale)
    return max(sizes) if sizes else None


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def snapshot() -> dict[str, Any]:
    return {
        "cpu": cpu_model(),
        "cpu_flags": cpu_flags(),
        "host": platform.node(),
        "cores": os.cpu_count(),
        "governor": governor(),
        "boost": boost(),
        "os": f"{platform.system()} {platform.release()}",
        "distro": _distro(),
        "python": platform.python_version(),
        "mem_total_bytes": _mem_total(),
        "load_start": load_average(),
    }


def _mem_total() -> int | None:
    for line in (_read("/proc/meminfo") or "").splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) * 1024
    return None


def _distro() -> str | None:
    for line in (_read("/etc/os-release") or "").splitlines():
        if line.startswith("PRETTY_NAME="):
            return line.split("=", 1)[1].strip('"')
    return None


def warnings(load: list[float], cores: int | None) -> list[str]:
    """pyperf-style warnings about the machine itself."""
    out = []
    if cores and load and load[0] > 0.5 * cores:
        out.append(f"load average {load[0]:.2f} on {cores} cores: results may be noisy")
    gov = governor()
    if gov and gov not in ("performance",):
        out.append(f"CPU frequency governor is {gov!r}, not 'performance'")
    return out
