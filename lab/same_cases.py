"""Whether two results files measured the same cases with the same outcome: the same case
ids, each with the same status and verification method. For a change that must not alter
behaviour (a refactor), run the suite before and after it and compare:

    .venv/bin/python lab/same_cases.py before.json after.json

Exit 0 when they agree; 1, with the differences, when they do not. Timings are not
compared: they are the machine's, not the change's.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from hashbench.results.files import load


def outcomes(path: Path) -> dict[str, tuple[str, str | None]]:
    run = load(path)
    return {c.id: (c.status, c.verification.method if c.verification else None) for c in run.cases}


def main(before: Path, after: Path) -> int:
    a, b = outcomes(before), outcomes(after)
    print(f"{before.name}: {len(a)} cases {dict(Counter(s for s, _ in a.values()))}")
    print(f"{after.name}: {len(b)} cases {dict(Counter(s for s, _ in b.values()))}")
    differ = [
        f"  {case}: {a.get(case)} -> {b.get(case)}"
        for case in sorted(set(a) | set(b))
        if a.get(case) != b.get(case)
    ]
    print(f"{len(differ)} cases differ in status or verification" + (":" if differ else ""))
    print("\n".join(differ[:50]))
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
