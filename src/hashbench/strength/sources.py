"""The strength data files, read into types: catalog/attackers.toml (GPUs, other devices,
hashcat rates, published rigs, the model's constants), catalog/hashcat-measured.toml (rates
hashcat measured on a named machine, written by scripts/hashcat_rates.py) and
catalog/reference-params.toml (published parameter sets). Every figure keeps its source,
so a table can cite it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hashbench import catalog, paths
from hashbench.errors import UsageError

MEASURED = "hashcat-measured.toml"  # scripts/hashcat_rates.py writes it


@dataclass(frozen=True)
class Gpu:
    id: str
    name: str
    memory_bytes: float
    bandwidth_bytes_per_s: float
    power_w: float
    usd_per_hour_low: float
    usd_per_hour_high: float
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Device:
    """A cracking device that is not a GPU: a CPU or an FPGA cracker (power None: not
    known, as for a measured machine's CPU)."""

    id: str
    kind: str  # cpu, fpga
    name: str
    power_w: float | None
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Rate:
    device: str  # a GPU's or a device's id
    alg: str
    mode: int
    params: dict[str, int]
    per_s: float
    hashcat: str
    source: str
    date: str = ""
    measured_memory_mib: float | None = None  # argon2: the memory the rate was measured at


@dataclass(frozen=True)
class Rig:
    """A published multi-GPU figure: the check that N GPUs give N times one."""

    device: str
    count: int
    alg: str
    params: dict[str, int]
    per_s: float
    source: str


@dataclass(frozen=True)
class Constants:
    argon2_full_speed_kib_per_lane: float
    scrypt_low_bytes: float
    scrypt_high_bytes: float
    electricity_usd_per_kwh: float = 0.15
    argon2_full_speed_source: str = ""
    electricity_source: str = ""


@dataclass(frozen=True)
class Attackers:
    gpus: dict[str, Gpu]
    rates: list[Rate]
    constants: Constants
    devices: dict[str, Device] = field(default_factory=dict)
    rigs: list[Rig] = field(default_factory=list)

    def rate(self, device: str, alg: str) -> Rate | None:
        return next((r for r in self.rates if r.device == device and r.alg == alg), None)

    def device(self, device_id: str) -> Device:
        if device_id not in self.devices:
            raise UsageError(f"unknown device {device_id!r}; known: {', '.join(self.devices)}")
        return self.devices[device_id]

    def gpu(self, gpu_id: str) -> Gpu:
        if gpu_id not in self.gpus:
            raise UsageError(f"unknown GPU {gpu_id!r}; known: {', '.join(self.gpus)}")
        return self.gpus[gpu_id]


@dataclass(frozen=True)
class Reference:
    label: str
    alg: str
    params: dict[str, int]
    source: str
    minimum: bool = False  # one of OWASP's minimums
    default: bool = False  # a framework's or library's default


def _read(name: str) -> dict[str, Any]:
    with open(paths.catalog_dir() / name, "rb") as f:
        return tomllib.load(f)


def _rate(r: dict[str, Any]) -> Rate:
    memory = r.get("measured_memory_mib")
    return Rate(
        r["device"],
        r["alg"],
        r["mode"],
        dict(r["params"]),
        float(r["per_s"]),
        r["hashcat"],
        r["source"],
        str(r.get("date", "")),
        float(memory) if memory is not None else None,
    )


def _device(device_id: str, d: dict[str, Any]) -> Device:
    power = d.get("power_w")
    return Device(
        id=device_id,
        kind=d["kind"],
        name=d["name"],
        power_w=float(power["value"]) if power else None,
        sources=(power["source"],) if power else (d.get("source", ""),),
    )


def measured_file() -> Path:
    return paths.catalog_dir() / MEASURED


@cache
def attackers() -> Attackers:
    data = _read("attackers.toml")
    measured = _read(MEASURED) if measured_file().is_file() else {}
    gpus = {
        gpu_id: Gpu(
            id=gpu_id,
            name=g["name"],
            memory_bytes=g["memory_gib"]["value"] * 2**30,
            bandwidth_bytes_per_s=g["bandwidth_gb_per_s"]["value"] * 1e9,
            power_w=g["power_w"]["value"],
            usd_per_hour_low=g["price_usd_per_hour"]["low"],
            usd_per_hour_high=g["price_usd_per_hour"]["high"],
            sources=tuple(
                g[k]["source"]
                for k in ("memory_gib", "bandwidth_gb_per_s", "power_w", "price_usd_per_hour")
            ),
        )
        for gpu_id, g in data["gpu"].items()
    }
    devices = {
        device_id: _device(device_id, d)
        for part in (data, measured)
        for device_id, d in part.get("device", {}).items()
    }
    rates = [_rate(r) for part in (data, measured) for r in part.get("rate", [])]
    rigs = [
        Rig(r["device"], r["count"], r["alg"], dict(r["params"]), float(r["per_s"]), r["source"])
        for r in data.get("rig", [])
    ]
    model = data["model"]
    constants = Constants(
        argon2_full_speed_kib_per_lane=model["argon2_full_speed_mib_per_lane"]["value"] * 1024,
        scrypt_low_bytes=model["scrypt_scaling_mib"]["low"] * 2**20,
        scrypt_high_bytes=model["scrypt_scaling_mib"]["high"] * 2**20,
        electricity_usd_per_kwh=model["electricity_usd_per_kwh"]["value"],
        argon2_full_speed_source=model["argon2_full_speed_mib_per_lane"]["source"],
        electricity_source=model["electricity_usd_per_kwh"]["source"],
    )
    return Attackers(gpus, rates, constants, devices, rigs)


@cache
def references() -> tuple[Reference, ...]:
    found = []
    for row in _read("reference-params.toml")["set"]:
        params = catalog.validate(row["alg"], dict(row["params"]))
        found.append(
            Reference(
                label=row["label"],
                alg=row["alg"],
                params=params,
                source=row["source"],
                minimum=bool(row.get("minimum", False)),
                default=bool(row.get("default", False)),
            )
        )
    return tuple(found)
