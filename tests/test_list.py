"""`hashbench list` in the terminal: an implementation id is what a user types into
`--impl`, so it is shown whole at every width, piped or not."""

from __future__ import annotations

import io
import json
import os
import re

import pytest
from conftest import hashbench
from rich.console import Console

from hashbench.report import inventory as inventory_report

REASON = (
    "no public source: only the built package is on JSR (the JSR registry is not reachable "
    "here), and no repository for it was found, so it cannot be mirrored or built"
)


def _row(impl: str, available: bool = True, **fields: object) -> dict[str, object]:
    return {
        "impl": impl,
        "runner": impl.split("/")[0],
        "library": "argon2 (opt.c, -march=native)",
        "version": "0.6.0+20190702",
        "backend": "rust",
        "algorithms": ["argon2id", "argon2i", "argon2d"],
        "ops": [],
        "modes": [],
        "available": available,
        "reason": "" if available else REASON,
        **fields,
    }


ROWS = [
    _row("rust-native/argon2"),
    _row("rust-parallel/argon2"),
    _row("crystal/openssl-digest-alloc", algorithms=["md5", "sha1", "sha256", "sha512"]),
    _row("deno/ts-rex-argon2", available=False),
    _row("haskell/crypto-sodium", available=False),
]


def _shown(ids: list[str], text: str) -> list[str]:
    return [i for i in ids if re.search(rf"(^|\s){re.escape(i)}(\s|$)", text, re.MULTILINE)]


@pytest.mark.parametrize("width", [24, 40, 60, 80, 100, 200])
def test_every_id_is_whole_at_any_width(width):
    out = Console(width=width, file=io.StringIO(), color_system=None)
    inventory_report.render(ROWS, {"go": "go not found"}, out)
    text = out.file.getvalue()
    ids = [str(r["impl"]) for r in ROWS]
    assert _shown(ids, text) == ids, text
    assert "…" not in text, text  # nothing cut: narrower columns wrap or go
    for word in REASON.split():  # the reason wraps, whole
        assert word in text, (word, text)
    assert "3 implementations available, 2 unavailable" in " ".join(text.split())


def test_narrow_drops_the_least_needed_columns_first():
    assert inventory_report.columns_that_fit(ROWS, 200) == list(inventory_report.COLUMNS)
    narrow = inventory_report.columns_that_fit(ROWS, 60)
    assert narrow is not None and narrow[0] == "implementation" and "status" in narrow
    assert "backend" not in narrow
    assert inventory_report.columns_that_fit(ROWS, 24) is None  # a line each


def test_a_column_left_out_is_named_with_how_to_see_it():
    for width, said in ((200, None), (60, "backend")):
        out = Console(width=width, file=io.StringIO(), color_system=None)
        inventory_report.render(ROWS, {}, out)
        text = " ".join(out.file.getvalue().split())
        if said is None:
            assert "left out" not in text
        else:
            left = text[text.index("unavailable ") : text.index(" left out at")]
            assert said in left and f"left out at {width} columns" in text
            assert "--format json" in text


def test_the_command_piped_shows_every_id_whole():
    env = {**os.environ, "COLUMNS": "60"}
    listed = hashbench("list", "--format", "json", env=env)
    assert listed.returncode == 0, listed.stderr
    ids = [row["impl"] for row in json.loads(listed.stdout)["implementations"]]
    assert "rust-native/argon2" in ids
    piped = hashbench("list", env=env)
    assert piped.returncode == 0, piped.stderr
    assert _shown(ids, piped.stdout) == ids
