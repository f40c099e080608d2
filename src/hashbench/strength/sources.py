"""The strength data files, read into types: catalog/attackers.toml (GPUs, hashcat rates,
the model's constants) and catalog/reference-params.toml (published parameter sets).
Every figure keeps its source, so a table can cite it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from hashbench import catalog, paths
from hashbench.errors import UsageError


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
class Rate:
    gpu: str
    alg: str
    mode: int
    params: dict[str, int]
    per_s: float
    hashcat: str
    source: str


@dataclass(frozen=True)
class Constants:
    argon2_full_speed_kib_per_lane: float
    scrypt_low_bytes: float
    scrypt_high_bytes: float


@dataclass(frozen=True)
class Attackers:
    gpus: dict[str, Gpu]
    rates: list[Rate]
    constants: Constants

    def rate(self, gpu: str, alg: str) -> Rate | None:
        return next((r for r in self.rates if r.gpu == gpu and r.alg == alg), None)

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


@cache
def attackers() -> Attackers:
    data = _read("attackers.toml")
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
    rates = [
        Rate(
            r["gpu"],
            r["alg"],
            r["mode"],
            dict(r["params"]),
            float(r["per_s"]),
            r["hashcat"],
            r["source"],
        )
        for r in data["rate"]
    ]
    model = data["model"]
    constants = Constants(
        argon2_full_speed_kib_per_lane=model["argon2_full_speed_mib_per_lane"]["value"] * 1024,
        scrypt_low_bytes=model["scrypt_scaling_mib"]["low"] * 2**20,
        scrypt_high_bytes=model["scrypt_scaling_mib"]["high"] * 2**20,
    )
    return Attackers(gpus, rates, constants)


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
