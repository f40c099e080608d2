"""What a parameter set costs the modelled attacker on one GPU: the benchmark it scales,
the bounds that apply, guesses per second, dollars and joules per guess, and whether the
set is weaker than OWASP's minimum for its algorithm."""

from __future__ import annotations

from hashbench import catalog
from hashbench.model.strength import Attack
from hashbench.strength import attacker, plans, sources

DEFAULT_GPU = "rtx4090"  # the GPU with a published benchmark for every modelled mode
# argon2i and argon2d move the same memory per guess as argon2id: its benchmark scales.
BENCHMARK_OF = {"argon2i": "argon2id", "argon2d": "argon2id"}


def _scaled(
    family: str, rate: sources.Rate, params: dict[str, int], consts: sources.Constants
) -> tuple[float, str]:
    base = rate.params
    made = f"hashcat {rate.hashcat} mode {rate.mode}" if rate.hashcat else "published"
    head = f"{made}: {rate.per_s:,.0f} H/s at "
    if family == "bcrypt":
        return (
            attacker.bcrypt_rate(rate.per_s, base["cost"], params["cost"]),
            head + f"cost {base['cost']}, × 2^({base['cost']} − cost)",
        )
    if family == "pbkdf2":
        return (
            attacker.pbkdf2_rate(rate.per_s, base["iterations"], params["iterations"]),
            head + f"{base['iterations']} iterations, × {base['iterations']}/iterations",
        )
    if family == "scrypt":
        return (
            attacker.scrypt_rate(rate.per_s, base, params),
            head + f"N={base['n']} r={base['r']} p={base['p']}, × N·r·p there / N·r·p",
        )
    if family == "argon2":
        return (
            attacker.argon2_rate(rate.per_s, base, params, consts.argon2_full_speed_kib_per_lane),
            head + f"m={base['m']} t={base['t']} p={base['p']}, × (3t−1)·m there / (3t−1)·m, "
            f"× min(1, {consts.argon2_full_speed_kib_per_lane / 1024:.0f} MiB·p / m)",
        )
    if family == "sha-crypt":
        return rate.per_s * base["rounds"] / params["rounds"], head + "× rounds there / rounds"
    raise ValueError(f"no scaling for {family}")


def guesses_per_s(
    alg: str, params: dict[str, int], gpu: sources.Gpu, data: sources.Attackers
) -> tuple[float | None, str, list[str]]:
    """(rate, basis, notes) on one GPU; rate None when no GPU attack is modelled."""
    return device_guesses_per_s(alg, params, gpu.id, data)


def device_guesses_per_s(
    alg: str, params: dict[str, int], device_id: str, data: sources.Attackers
) -> tuple[float | None, str, list[str]]:
    """(rate, basis, notes) on one device — a GPU of the catalog, a CPU or an FPGA — from
    its own benchmark row, scaled by the same formulas; a GPU also bounded by its memory
    and bandwidth. Rate None where no figure for the device and algorithm exists."""
    gpu = data.gpus.get(device_id)
    name = gpu.name if gpu else data.device(device_id).name
    family = catalog.algorithm(alg).family
    if family == "yescrypt":
        return None, "", ["no GPU cracker exists for yescrypt: the attacker pays CPU time"]
    bench_alg = BENCHMARK_OF.get(alg, alg)
    rate = data.rate(device_id, bench_alg)
    if rate is None:
        return None, "", [f"no published {name} benchmark for {bench_alg}"]
    memory = plans.memory_bytes(alg, params)
    if gpu is not None and attacker.instances_fitting(gpu.memory_bytes, memory) == 0:
        return None, "", [f"one guess needs more than the {name}'s memory"]
    per_s, basis = _scaled(family, rate, params, data.constants)
    notes = []
    if bench_alg != alg:
        notes.append(f"scaled from the {bench_alg} benchmark (same memory traffic per guess)")
    rom = 128 * params.get("r", 0) * params.get("n", 0)  # scrypt's V array
    if family == "scrypt" and not (
        data.constants.scrypt_low_bytes <= rom <= data.constants.scrypt_high_bytes
    ):
        notes.append("extrapolated: hashcat's scrypt rate was seen to scale from 2 to 128 MiB")
    if family == "argon2" and gpu is not None:
        bound = attacker.argon2_bandwidth_bound(gpu.bandwidth_bytes_per_s, params["m"], params["t"])
        if per_s > bound:
            per_s = bound
            notes.append("capped by the GPU's memory bandwidth")
    return per_s, basis, notes


def estimate(alg: str, params: dict[str, int], gpu_id: str = DEFAULT_GPU) -> Attack:
    data = sources.attackers()
    gpu = data.gpu(gpu_id)
    per_s, basis, notes = guesses_per_s(alg, params, gpu, data)
    if per_s is None:
        return Attack(gpu=gpu_id, rate_per_s=None, notes=notes)
    usd = attacker.usd_per_guess(gpu.usd_per_hour_low, per_s)
    return Attack(
        gpu=gpu_id,
        rate_per_s=per_s,
        usd_per_guess=usd,
        joules_per_guess=attacker.joules_per_guess(gpu.power_w, per_s),
        search_usd=attacker.searches(usd),
        basis=f"{basis}; rented at ${gpu.usd_per_hour_low:.2f}/h "
        f"(listings ${gpu.usd_per_hour_low:.2f}–{gpu.usd_per_hour_high:.2f}), {gpu.power_w:.0f} W",
        notes=notes,
    )


def owasp_flag(alg: str, params: dict[str, int], gpu_id: str = DEFAULT_GPU) -> str:
    """'' or why the set is weaker than OWASP's minimum: the model gives the attacker more
    guesses per second than at the weakest of OWASP's sets for the algorithm."""
    data = sources.attackers()
    gpu = data.gpu(gpu_id)
    own, _, _ = guesses_per_s(alg, params, gpu, data)
    family = BENCHMARK_OF.get(alg, alg)
    minimums = [r for r in sources.references() if r.minimum and r.alg == family]
    if own is None or not minimums:
        return ""
    rated = [(rate, r) for r in minimums if (rate := guesses_per_s(r.alg, r.params, gpu, data)[0])]
    weakest_rate, weakest = max(rated, key=lambda x: x[0])
    if own > weakest_rate * (1 + 1e-9):
        return (
            f"weaker than OWASP's minimum ({weakest.label}): {own / weakest_rate:.1f}× the guesses"
        )
    return ""
