"""Where the project data lives: the repository root holds catalog, vectors, suites, runners."""

import os
from pathlib import Path


def root() -> Path:
    env = os.environ.get("HASHBENCH_ROOT")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2]


def catalog_dir() -> Path:
    return root() / "catalog"


def vectors_dir() -> Path:
    return root() / "vectors"


def suites_dir() -> Path:
    return root() / "suites"


def runners_dir() -> Path:
    """runners/, or HASHBENCH_RUNNERS (the tests point it at their fixture runners)."""
    env = os.environ.get("HASHBENCH_RUNNERS")
    return Path(env).resolve() if env else root() / "runners"
