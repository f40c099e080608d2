"""Fuzz pass over the readers: real results, fidelity and calibrate files (tests/fixtures/
files/), edited at random — numbers replaced by NaN, ±Infinity, negatives, 1e308, 0 or a
huge integer; fields dropped or duplicated; strings with markup — through show, compare,
pick, card, seeds-report, history import and site. Every outcome is exit 0 or 1 with no
NaN or infinity shown, or exit 2 with an error line, never 3 (an internal error); after
a refused import the store is as it was. No runner is started: every command here reads.

`make faults` runs HASHBENCH_FUZZ_EXAMPLES / 10 edited files per kind (1,000); `make test`
30: a command reads and renders a whole file, a hundred times the work of a reply line."""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from edited_files import CALIBRATE, COUNTED, FIDELITY, TIMED, hashbench, read, store_rows
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plotly.offline import get_plotlyjs

pytestmark = pytest.mark.faults

EXAMPLES = max(int(os.environ.get("HASHBENCH_FUZZ_EXAMPLES", "300")) // 10, 10)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)

# hostile numbers of a field's own type (a float where an int is is a type error, found
# already), and factors that keep a file plausible but move one figure
INTS = [-1, -1114, 0, 10**40, 2**63, 2**31, 1]
FLOATS = [math.nan, math.inf, -math.inf, -1.0, -1114.21, 0.0, 1e308, -1e308, 5e-324]
FACTORS = [0.5, 0.999, 1.001, 2, 10, -1]
MARKUP = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "[/]",
    "[red]x",
    "[link=javascript:alert(1)]x[/link]",
    "../../etc/passwd",
    "a\x00b",
    "{0}%s",
    "",
    "ünï\u202ecødé",
]
SHOWN_NON_FINITE = re.compile(r"\b(nan|inf|infinity)\b", re.IGNORECASE)


class Pairs:
    """An object written with a key twice (the reader keeps the last, as Python's does)."""

    def __init__(self, pairs: list[tuple[str, Any]]):
        self.pairs = pairs


def dump(value: Any) -> str:
    if isinstance(value, Pairs | dict):
        pairs = value.pairs if isinstance(value, Pairs) else list(value.items())
        return "{" + ",".join(f"{json.dumps(k)}:{dump(v)}" for k, v in pairs) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v) for v in value) + "]"
    return json.dumps(value)


def nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in a document, the document's own first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += nodes(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += nodes(item, (*path, i))
    return found


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


KINDS = ["hostile", "hostile", "nudge", "nudge", "markup", "markup", "drop", "duplicate", "swap"]
edits = st.lists(
    st.tuples(
        st.integers(min_value=0),  # which value
        st.sampled_from(KINDS),
        st.integers(min_value=0),  # which number, factor or string
    ),
    min_size=1,
    max_size=4,
)


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def edit(source: Path, changes: list[tuple[int, str, int]]) -> str:
    """The file's text with the changes made: each on the value its index picks among the
    values of its kind (numbers for `hostile` and `nudge`, strings for `markup`, any for
    the rest)."""
    data = read(source)
    for index, kind, pick in changes:
        every = nodes(data)[1:]
        wanted = {"hostile": _number, "nudge": _number, "markup": lambda v: isinstance(v, str)}
        paths = [p for p in every if wanted.get(kind, lambda v: True)(at(data, p))] or every
        path = paths[index % len(paths)]
        parent, last = at(data, path[:-1]), path[-1]
        value = parent[last]
        number = FLOATS[pick % len(FLOATS)] if isinstance(value, float) else INTS[pick % len(INTS)]
        if kind == "hostile" and _number(value):
            parent[last] = number
        elif kind == "nudge" and _number(value):
            moved = value * FACTORS[pick % len(FACTORS)]
            parent[last] = round(moved) if isinstance(value, int) else moved
        elif kind == "markup":
            parent[last] = MARKUP[pick % len(MARKUP)]
        elif kind == "swap":  # a value of another type
            parent[last] = MARKUP[pick % len(MARKUP)] if _number(value) else number
        elif kind == "drop":
            del parent[last]
        elif isinstance(parent, list):  # duplicate an item
            parent.insert(last, parent[last])
        else:  # the key again, another value last: the one the reader keeps
            pairs = list(parent.items()) + [(last, number)]
            container = at(data, path[:-2]) if len(path) > 1 else None
            if container is None:
                return dump(Pairs(pairs))
            container[path[-2]] = Pairs(pairs)
            break  # a Pairs is not walked again
    return dump(data)


def outcome(*args: str | Path) -> int:
    code, out, err = hashbench(*args)
    assert code in (0, 1, 2), f"exit {code}: {err}"
    if code == 2:
        assert err.startswith("hashbench: error: "), err
    else:  # the figures shown, not the plotting library an HTML page carries
        shown = SHOWN_NON_FINITE.search(out.replace(get_plotlyjs(), ""))
        assert shown is None, f"{args[0]} showed {shown.group(0)!r}"
    return code


def through_the_store(bad: Path, tmp: Path) -> None:
    """history import of the edited file into a store holding the real one: refused and
    the store as it was, or stored and the site built from it (exit 0, 1 or 2)."""
    store = tmp / "history.sqlite"
    assert hashbench("history", "--store", store, "import", TIMED)[0] == 0
    before = store_rows(store)
    if outcome("history", "--store", store, "import", bad) == 2:
        assert store_rows(store) == before
    outcome("site", "-o", tmp / "site", "--store", store, "--strength", CALIBRATE)


Reader = Callable[[Path, Path, Path], object]  # (the edited file, a folder, the real file)
FORMATS = ["md", "csv", "json", "bmf", "html"]
RUN_READERS: list[Reader] = [
    lambda bad, tmp, real: outcome("show", bad),
    *(lambda bad, tmp, real, f=f: outcome("show", bad, "--format", f) for f in FORMATS),
    lambda bad, tmp, real: outcome("compare", real, bad, "--earlier", "0", "--all"),
    lambda bad, tmp, real: outcome("compare", bad, real, "--earlier", "0", "--format", "md"),
    lambda bad, tmp, real: outcome("pick", "--alg", "sha256", "--results", bad,
                                   "--fidelity", FIDELITY),
    lambda bad, tmp, real: outcome("card", "c/openssl", "--results", bad, "--fidelity", FIDELITY),
    lambda bad, tmp, real: outcome("seeds-report", bad),
    lambda bad, tmp, real: through_the_store(bad, tmp),
]  # fmt: skip
FIDELITY_READERS: list[Reader] = [
    lambda bad, tmp, real: outcome("show", bad),
    lambda bad, tmp, real: outcome("show", bad, "--format", "html", "-o", tmp / "f.html"),
    lambda bad, tmp, real: outcome("pick", "--alg", "bcrypt", "--results", TIMED,
                                   "--fidelity", bad),
    lambda bad, tmp, real: outcome("card", "c/*", "--results", TIMED, "--fidelity", bad),
    lambda bad, tmp, real: through_the_store(bad, tmp),
]  # fmt: skip
CALIBRATE_READERS: list[Reader] = [
    lambda bad, tmp, real: outcome("show", bad),
    lambda bad, tmp, real: outcome("show", bad, "--format", "md"),
    lambda bad, tmp, real: outcome("show", bad, "--format", "json", "-o", tmp / "c.json"),
    lambda bad, tmp, real: outcome("site", "-o", tmp / "site", "--store", tmp / "s.sqlite",
                                   "--strength", bad),
]  # fmt: skip


def read_edited(real: Path, changes: Any, readers: list[Reader], reader: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        bad = tmp / "edited.json"
        bad.write_text(edit(real, changes))
        readers[reader % len(readers)](bad, tmp, real)


KINDS_OF_FILE = [(TIMED, RUN_READERS), (COUNTED, RUN_READERS), (FIDELITY, FIDELITY_READERS),
                 (CALIBRATE, CALIBRATE_READERS)]  # fmt: skip


@pytest.mark.parametrize(("real", "readers"), KINDS_OF_FILE, ids=[r.stem for r, _ in KINDS_OF_FILE])
@FUZZ
@given(changes=edits, reader=st.integers(min_value=0, max_value=100))
def test_an_edited_file_is_read_or_refused_clearly(real, readers, changes, reader):
    read_edited(real, changes, readers, reader)
