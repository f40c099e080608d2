"""Old spellings of options, kept working for a release: each prints one line saying the
new spelling on stderr, then acts as the new one would (docs/cli.md lists both)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any


class _Old(argparse.Action):
    """An old spelling: warn, then `take` the value as the new option would."""

    def __init__(self, *args: Any, new: str, **kwargs: Any) -> None:
        self.new = new
        kwargs.setdefault("help", f"deprecated: use {new}")
        super().__init__(*args, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        warn(option_string or self.dest, self.new)
        self.take(namespace, values)

    def take(self, namespace: argparse.Namespace, values: object) -> None:
        setattr(namespace, self.dest, values)


class Renamed(_Old):
    """`--old VALUE` as `--new VALUE` (appended where the new option appends)."""

    def __init__(self, *args: Any, append: bool = False, **kwargs: Any) -> None:
        self.append = append
        super().__init__(*args, **kwargs)

    def take(self, namespace: argparse.Namespace, values: object) -> None:
        if self.append:
            values = [*(getattr(namespace, self.dest) or []), values]
        setattr(namespace, self.dest, values)


class FlagFor(_Old):
    """A flag of no value that stands for another option's value: `--json` for
    `--format json`."""

    def __init__(self, *args: Any, value: Any, **kwargs: Any) -> None:
        self.value = value
        kwargs["nargs"] = 0
        super().__init__(*args, **kwargs)

    def take(self, namespace: argparse.Namespace, values: object) -> None:
        setattr(namespace, self.dest, self.value)


def warn(old: str, new: str) -> None:
    print(f"hashbench: {old} is deprecated and goes in a later release: use {new}", file=sys.stderr)
