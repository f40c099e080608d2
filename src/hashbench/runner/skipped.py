"""Libraries a runner's build had to leave out (a mirror or registry it could not reach):
the build says so on lines `skip <impl>: <why>`, and they are kept in
build/skipped/<runner>.json, so `hashbench list`, the tests and every reader know the gap
and its reason instead of finding an implementation silently missing."""

from __future__ import annotations

import json
from pathlib import Path

from hashbench import paths


def path(runner: str) -> Path:
    return paths.root() / "build" / "skipped" / f"{runner}.json"


def parse(output: str) -> dict[str, str]:
    """{impl: why} from a build's output."""
    found = {}
    for line in output.splitlines():
        if line.startswith("skip ") and ": " in line:
            impl, why = line.removeprefix("skip ").split(": ", 1)
            found[impl.strip()] = why.strip()
    return found


def record(runner: str, output: str) -> dict[str, str]:
    """Keep what this build left out (and forget what an earlier build did)."""
    found = parse(output)
    target = path(runner)
    if found:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(found, indent=1) + "\n")
    else:
        target.unlink(missing_ok=True)
    return found


def load(runner: str) -> dict[str, str]:
    try:
        data = json.loads(path(runner).read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
