"""The breach grid's arithmetic: for each policy and attacker class, the time to try every
candidate and the expected time, the dollars and the energy.

With `count` devices of `rate` guesses per second each, searching `n` candidates takes
n / (count · rate) seconds; it costs count · usd_per_hour · seconds / 3600 dollars (rent,
or the electricity the devices draw) and count · power · seconds joules. Dollars and
joules do not depend on the count: more devices finish sooner at the same price. A rented
GPU's dollars per guess are strength's (`Attack.usd_per_guess`).
"""

from __future__ import annotations

from hashbench.model.breach import AttackerClass, Cell, Grid, Policy

CENTURY_S = 100 * 365.25 * 86400


def cell(policy: Policy, attacker: AttackerClass) -> Cell:
    rate = attacker.rate_per_s
    if rate is None:
        return Cell(policy=policy.id, attacker=attacker.id, seconds_all=None,
                    seconds_expected=None)  # fmt: skip
    per_s = attacker.count * rate
    seconds_all, seconds_expected = policy.candidates / per_s, policy.expected / per_s

    def usd(seconds: float) -> float | None:
        if attacker.usd_per_hour is None:
            return None
        return attacker.count * attacker.usd_per_hour * seconds / 3600

    def joules(seconds: float) -> float | None:
        return None if attacker.power_w is None else attacker.count * attacker.power_w * seconds

    return Cell(
        policy=policy.id,
        attacker=attacker.id,
        seconds_all=seconds_all,
        seconds_expected=seconds_expected,
        usd_all=usd(seconds_all),
        usd_expected=usd(seconds_expected),
        joules_all=joules(seconds_all),
        joules_expected=joules(seconds_expected),
        beyond_century=seconds_expected > CENTURY_S,
    )


def grid(
    alg: str,
    params: dict[str, int],
    attackers: list[AttackerClass],
    policies: list[Policy],
    **about: object,
) -> Grid:
    cells = [cell(p, a) for p in policies for a in attackers]
    return Grid(
        alg=alg,
        params=params,
        attackers=attackers,
        policies=policies,
        cells=cells,
        **about,  # type: ignore[arg-type]
    )
