"""What `pick` measures itself: the fidelity runs its candidates lack. After `make bench`
every runtime's speeds are in the store but no fidelity run is (it takes a minute or two
a runner), so pick would answer "no choice yet"; it runs `hashbench fidelity` for the
runners whose measured candidates lack one, its report on stderr, then picks again.
Where nothing at all was measured it only names the commands: a whole run is the
user's choice, not pick's."""

from __future__ import annotations

import subprocess
import sys

from hashbench import paths
from hashbench.model.card import Pick


def lacking(picks: list[Pick]) -> list[str]:
    """The runners of the candidates measured for speed but lacking a fidelity run."""
    return sorted(
        {
            c.card.runner
            for pick in picks
            for c in pick.candidates
            if c.card.speed and any(m.piece == "fidelity" for m in c.card.missing)
        }
    )


def measure(runners: list[str], store: str | None) -> bool:
    """`hashbench fidelity --runner …` for these runners into the store; True if it ran
    (exit 0, or 1: a new divergence, which pick then shows)."""
    command = ["fidelity", *(a for r in runners for a in ("--runner", r))]
    command += ["--store", store] if store else []
    print(
        f"pick: measuring what the candidates lack first: hashbench {' '.join(command)}",
        file=sys.stderr,
    )
    done = subprocess.run(
        [sys.executable, "-m", "hashbench", *command],
        cwd=paths.root(),
        stdout=sys.stderr,
        check=False,
    )
    if done.returncode not in (0, 1):
        print(f"pick: the fidelity run ended with exit {done.returncode}", file=sys.stderr)
    return done.returncode in (0, 1)
