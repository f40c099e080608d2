"""Suites (suites/<name>.toml): what to measure, expanded into comparison groups.

A suite has optional [defaults] and a list of [[bench]] tables; every list-valued key of
a bench (op, alg, params, input_size, mode) is a sweep. Each combination is one *group*:
a case every implementation that supports it is measured on, side by side. Errors name
the file, the line and what was expected.

A group's title says what it measures. Two groups of a suite may measure the same work
for different purposes (`seeds`: the Haskell seed's bcrypt sweep and the general one);
their titles then carry their bench's name too, so headings tell them apart.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

from hashbench import catalog, paths
from hashbench.engine import suite_schema as schema
from hashbench.errors import UsageError
from hashbench.model import labels
from hashbench.model.records import Mode, Op

OPS: tuple[Op, ...] = get_args(Op)
MODES: tuple[Mode, ...] = get_args(Mode)
DEFAULT_KEYS = set(schema.SETTINGS)  # keys a [defaults] table may set for every bench


@dataclass(frozen=True)
class Group:
    """One comparison: the same op, algorithm, parameters, input and mode for every impl."""

    op: Op
    alg: str
    params: tuple[tuple[str, int], ...] = ()
    length: int | None = None
    input_size: int | None = None
    mode: Mode = "oneshot"
    password: bytes = b"password"
    salt: bytes | None = None
    impl_filter: str | None = None
    budget: float = 1.0
    target_ci: float = 0.01
    min_samples: int = 10
    processes: int = 1  # runner processes per case (each a fresh one when more than 1)
    rounds: int = 1  # interleaved rounds, at least, a case's sampling in a process spans
    library_defaults: bool = False  # params = "defaults": each library's own, read back
    name: str = ""  # its bench's name (an included suite's prefixed with that suite's)
    tag: str = ""  # what tells it from a group of the same work in its suite (_tag_shared)

    @property
    def param_dict(self) -> dict[str, int]:
        return dict(self.params)

    def base_title(self) -> str:
        """What it measures: algorithm, parameters, input and op (model.labels)."""
        return labels.group_title(
            self.alg,
            self.op,
            self.mode,
            self.params,
            self.input_size,
            catalog.units(self.alg),
            self.library_defaults,
        )

    def title(self) -> str:
        return labels.tagged_title(self.base_title(), self.tag)


@dataclass
class Suite:
    name: str
    description: str
    path: Path
    groups: list[Group] = field(default_factory=list)
    passes: int = 1  # visits of every group a run makes (`run --passes`)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def resolve(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix == ".toml" and path.exists():
        return path
    candidate = paths.suites_dir() / f"{name_or_path}.toml"
    if candidate.exists():
        return candidate
    known = ", ".join(sorted(p.stem for p in paths.suites_dir().glob("*.toml")))
    raise UsageError(f"unknown suite {name_or_path!r}; known: {known} (or a path to a .toml)")


def _bench_lines(text: str) -> list[int]:
    return [
        i + 1
        for i, line in enumerate(text.splitlines())
        if re.match(r"^\s*\[\[\s*bench\s*\]\]", line)
    ]


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a suite file") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start}): {exc.reason}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def load(name_or_path: str, _including: tuple[Path, ...] = ()) -> Suite:
    path = resolve(name_or_path)
    if path.resolve() in _including:
        chain = " → ".join(p.stem for p in (*_including, path.resolve()))
        raise UsageError(f"{path}: suites include each other in a cycle: {chain}")
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: malformed TOML: {exc}") from exc
    found = schema.problems(data, schema.TOP, "")
    if "bench" not in data:
        found.append("expected at least one [[bench]] table")
    defaults = data.get("defaults", {})
    if isinstance(defaults, dict):
        found += schema.problems(defaults, schema.SETTINGS, "[defaults] ")
    if found:
        raise UsageError(f"{path}: " + f"\n{path}: ".join(found))
    lines = _bench_lines(text)
    suite = Suite(data.get("name", path.stem), data.get("description", ""), path)
    suite.passes = int(data.get("passes", 1))
    if schema.safe_name(suite.name):
        raise UsageError(f'{path}: the file name makes no safe suite name; set name = "..."')
    for included in _as_list(data.get("include", [])):
        sub = load(included, (*_including, path.resolve()))
        suite.groups += [
            dataclasses.replace(g, name=f"{sub.name}: {g.name}" if g.name else sub.name)
            for g in sub.groups
        ]
    for index, bench in enumerate(data["bench"]):
        where = f"{path}:{lines[index] if index < len(lines) else '?'}"
        try:
            if not isinstance(bench, dict):
                raise UsageError("expected a table")
            bad = schema.problems(bench, schema.BENCH, "")
            if bad:
                raise UsageError("; ".join(bad))
            suite.groups.extend(_expand(bench, defaults))
        except UsageError as exc:
            raise UsageError(f"{where}: [[bench]] #{index + 1}: {exc}") from None
    suite.groups = tag_shared_titles(suite.groups)
    return suite


def tag_shared_titles(groups: list[Group]) -> list[Group]:
    """Groups of one suite that measure the same work get their bench's name in their
    title; a title no other group has stays as it is. Where the names do not tell them
    apart either, their order does ("#1", "#2"). Case ids stay as they were: `compare`
    matches by id, so runs made before and after this still pair."""
    shared: dict[str, list[int]] = defaultdict(list)
    for i, g in enumerate(groups):
        shared[g.base_title()].append(i)
    out = list(groups)
    for indexes in shared.values():
        names = [groups[i].name for i in indexes]
        by_name = all(names) and len(set(names)) == len(names)
        for k, i in enumerate(indexes, 1):
            if len(indexes) == 1:
                tag = ""
            else:
                tag = names[k - 1] if by_name else f"{names[k - 1]} #{k}".strip()
            out[i] = dataclasses.replace(groups[i], tag=tag)
    return out


DEFAULTS = "defaults"  # params = "defaults": every library at its own default parameters
DEFAULTS_OPS = ("hash", "verify", "hash_verify")


def parse_params(text: str) -> dict[str, int]:
    """ "m=65536,t=4,p=4" → {"m": 65536, "t": 4, "p": 4}; UsageError names a bad item."""
    params: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        try:
            params[name.strip()] = int(value.strip(), 0)
        except ValueError:
            sep = ""
        if not sep or not name.strip():
            raise UsageError(f"--params: {item!r} is not name=integer (e.g. m=65536,t=4,p=4)")
    return params


def ad_hoc(
    algs: list[str],
    params: dict[str, int] | str,
    ops: list[str],
    sizes: list[int],
    modes: list[str],
    budget: float | None = None,
) -> Suite:
    """A suite from the command line (`run --alg argon2id --params m=65536,t=4,p=4`, or
    `--params defaults`), validated exactly as a suite file is. Default ops: hash and
    verify for password hashes, and derive where most libraries offer only that (PBKDF2,
    scrypt: `_default_ops`); digest for fast hashes (over 16 B, 1 KiB and 16 KiB)."""
    suite = Suite("adhoc", "from the command line", Path("<command line>"))
    for alg in algs:
        kind = catalog.algorithm(alg).kind
        bench: dict[str, Any] = {"alg": alg, "mode": modes or ["oneshot"]}
        if kind == "digest":
            bench.update(op=ops or ["digest"], input_size=sizes or [16, 1024, 16384])
        else:
            if sizes:
                raise UsageError(f"--size applies to digests only, not {alg}")
            bench.update(op=ops or _default_ops(alg), params=params)
        if budget is not None:
            bench["budget"] = budget
        try:
            suite.groups.extend(_expand(bench, {}))
        except UsageError as exc:  # name the algorithm once: catalog messages start with it
            text = str(exc)
            raise UsageError(
                text if text.startswith(f"{alg}:") else f"--alg {alg}: {text}"
            ) from None
    return suite


DERIVED_FAMILIES = ("pbkdf2", "scrypt")  # what most of their libraries offer is derive


def _default_ops(alg: str) -> list[str]:
    """An ad hoc run's ops without --op: a password hash's string and its check, and the
    derived key too where that is most libraries' only op (`run --alg pbkdf2-sha256
    --impl c/openssl` measures what OpenSSL offers, not nothing)."""
    ops = ["hash", "verify"]
    return [*ops, "derive"] if catalog.algorithm(alg).family in DERIVED_FAMILIES else ops


def _expand(bench: dict[str, Any], defaults: dict[str, Any]) -> list[Group]:
    for key in ("op", "alg"):
        if key not in bench:
            raise UsageError(f"missing key {key!r}")
    settings = {**defaults, **{k: v for k, v in bench.items() if k in DEFAULT_KEYS}}
    password = settings.get("password", "password")
    if not isinstance(password, str):
        raise UsageError(f"password must be a string, got {password!r}")
    budget = settings.get("budget", 1.0)
    if not isinstance(budget, int | float) or budget <= 0:
        raise UsageError(f"budget must be a positive number of seconds, got {budget!r}")
    groups = []
    combos = itertools.product(
        _as_list(bench["op"]),
        _as_list(bench["alg"]),
        _as_list(bench.get("params", {})),
        _as_list(bench.get("input_size", [None])),
        _as_list(bench.get("mode", "oneshot")),
    )
    for op, alg, params, size, mode in combos:
        if op not in OPS:
            raise UsageError(f"op {op!r} is not one of {', '.join(OPS)}")
        if mode not in MODES:
            raise UsageError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        library_defaults = params == DEFAULTS
        if library_defaults and op not in DEFAULTS_OPS:
            raise UsageError(f'params = "defaults" applies to {", ".join(DEFAULTS_OPS)}, not {op}')
        if not isinstance(params, dict) and not library_defaults:
            raise UsageError(
                f'params must be a table (or a list of tables) or "defaults", got {params!r}'
            )
        spec = catalog.algorithm(alg)
        # One salt size and length for validation and for the salt itself: the catalog's
        # defaults unless the suite says otherwise.
        length = bench.get("length", spec.length["default"] if spec.length else None)
        salt_size = settings.get("salt_size", spec.salt["default"] if spec.salt else 16)
        if (spec.kind == "digest") != (op == "digest"):
            raise UsageError(f"op {op!r} does not apply to {spec.kind} algorithm {alg!r}")
        if op == "digest":
            if not isinstance(size, int) or size < 0:
                raise UsageError(f"digest needs input_size, a list of byte counts; got {size!r}")
            full: dict[str, int] = {}
        else:
            if size is not None:
                raise UsageError("input_size applies to digests only")
            if mode != "oneshot":
                raise UsageError(f"mode {mode!r} applies to digests only")
            full = (
                {}
                if library_defaults
                else catalog.validate(alg, params, length=length, salt_len=salt_size)
            )
        groups.append(
            Group(
                op=op,
                alg=alg,
                params=tuple(full.items()),
                length=None if op == "digest" or library_defaults else length,
                input_size=size,
                mode=mode,
                password=password.encode(),
                salt=None if op == "digest" else bytes((7 * i + 1) % 256 for i in range(salt_size)),
                impl_filter=settings.get("impl"),
                budget=float(budget),
                target_ci=float(settings.get("target_ci", 0.01)),
                min_samples=int(settings.get("min_samples", 10)),
                processes=int(settings.get("processes", 1)),
                rounds=int(settings.get("rounds", 1)),
                library_defaults=library_defaults,
                name=bench.get("name", ""),
            )
        )
    return groups
