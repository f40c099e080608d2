"""The attacker classes of `hashbench breach`, each a number of devices of the strength
model (catalog/attackers.toml, catalog/hashcat-measured.toml) and what it pays:

- `gpu`: one GPU the attacker owns (electricity only);
- `rig`: N of that GPU (rates add up: the model takes N × one, and a published rig figure
  is shown beside it where one exists);
- `rented`: N of that GPU rented at the cheapest listed price per hour (the dollars
  `hashbench strength` prints per guess);
- `cpu`: a published CPU figure (hashcat 7.0.0's i7-14700K, argon2id only);
- `here:<device>`: a machine's CPU (or GPU) as hashcat measured it (scripts/hashcat_rates.py);
- `fpga`: a published FPGA cracker (bcrypt only).

A class without a figure for the algorithm is kept with rate None, so the grid can say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from hashbench.errors import UsageError
from hashbench.model.breach import AttackerClass
from hashbench.strength import costing, sources

CPU = "i7-14700k"
FPGA = "ztex-4u"


@dataclass(frozen=True)
class Counts:
    gpu: str = costing.DEFAULT_GPU
    rig: int = 12
    rented: int = 100


def _params(params: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def _electricity_per_hour(power_w: float | None, data: sources.Attackers) -> float | None:
    if power_w is None:
        return None
    return power_w / 1000 * data.constants.electricity_usd_per_kwh


def _rig_check(alg: str, gpu: str, one: float | None, data: sources.Attackers) -> list[str]:
    """A published rig of this GPU at the benchmark's parameters, against N × one GPU."""
    out = []
    for rig in data.rigs:
        if rig.device != gpu or rig.alg != alg:
            continue
        single = data.rate(gpu, alg)
        if single is None or single.params != rig.params or one is None:
            continue
        model = rig.count * single.per_s
        out.append(
            f"published {rig.count} × {data.gpus[gpu].name}: {rig.per_s:,.0f} H/s at "
            f"{_params(rig.params)}, {rig.per_s / model:.2f}× the model's {rig.count} × "
            f"{single.per_s:,.0f} ({rig.source})"
        )
    return out


def _one(
    id: str,
    short: str,
    label: str,
    device: str,
    count: int,
    pays: str,
    alg: str,
    params: dict[str, int],
    data: sources.Attackers,
) -> AttackerClass:
    gpu = data.gpus.get(device)
    name = gpu.name if gpu else data.device(device).name
    power = gpu.power_w if gpu else data.device(device).power_w
    rate, basis, notes = costing.device_guesses_per_s(alg, params, device, data)
    hourly = (
        gpu.usd_per_hour_low
        if pays == "rent" and gpu is not None
        else _electricity_per_hour(power, data)
    )
    return AttackerClass(
        id=id,
        short=short,
        label=label,
        device=device,
        device_name=name,
        count=count,
        rate_per_s=rate,
        pays=pays,  # type: ignore[arg-type]
        usd_per_hour=hourly,
        power_w=power,
        basis=basis,
        notes=notes,
    )


def measured_devices(data: sources.Attackers) -> list[str]:
    """The devices whose rates hashcat measured (catalog/hashcat-measured.toml)."""
    return [d for d in data.devices if any(r.device == d and "[H]" in r.source for r in data.rates)]


def classes(alg: str, params: dict[str, int], counts: Counts) -> list[AttackerClass]:
    data = sources.attackers()
    gpu = data.gpu(counts.gpu)
    if counts.rig < 2 or counts.rented < 1:
        raise UsageError("--rig needs at least 2 GPUs and --rented at least 1")
    specs: list[tuple[str, str, str, str, int, str]] = [
        ("gpu", "1 GPU", f"1 × {gpu.name}, owned", gpu.id, 1, "electricity"),
        ("rig", f"{counts.rig} GPUs", f"{counts.rig} × {gpu.name}, owned", gpu.id, counts.rig,
         "electricity"),
        ("rented", f"{counts.rented} rented", f"{counts.rented} × {gpu.name}, rented by the hour",
         gpu.id, counts.rented, "rent"),
    ]  # fmt: skip
    for device in measured_devices(data):
        name = data.device(device).name
        specs.append((f"here:{device}", "here", f"{name} (hashcat, measured)", device, 1,
                      "electricity"))  # fmt: skip
    specs.append(("cpu", "CPU", f"{data.device(CPU).name} (published)", CPU, 1, "electricity"))
    specs.append(("fpga", "FPGA", data.device(FPGA).name, FPGA, 1, "electricity"))
    out = [_one(*spec, alg, params, data) for spec in specs]
    bench_alg = costing.BENCHMARK_OF.get(alg, alg)
    out[1].notes.extend(_rig_check(bench_alg, gpu.id, out[0].rate_per_s, data))
    return out
