"""Ease-of-use profile per implementation: what the library does for its user, from its
hello, the library catalog, what the fidelity run observed, and the adapter's size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hashbench import paths
from hashbench.catalog import libraries
from hashbench.runner.protocol import ImplementationInfo
from hashbench.verify.hash_string_parse import parse

PASSWORD_ALGORITHMS = {
    "bcrypt",
    "argon2id",
    "argon2i",
    "argon2d",
    "scrypt",
    "yescrypt",
    "sha512crypt",
    "pbkdf2-sha1",
    "pbkdf2-sha256",
    "pbkdf2-sha512",
}
COMMENT_PREFIXES = ("//", "#", "--", "/*", "*", "'''", '"""', ";")


def adapter_lines(path: str | None) -> int | None:
    """Non-blank, non-comment lines of the adapter file (a rough but honest size)."""
    if not path:
        return None
    file = paths.root() / path
    if not file.is_file():
        return None
    lines = (line.strip() for line in Path(file).read_text(errors="replace").splitlines())
    return sum(1 for line in lines if line and not line.startswith(COMMENT_PREFIXES))


def string_format(sample: str) -> str:
    """A standard string (PHC, a modular-crypt prefix) or a library's own format."""
    parsed = parse(sample)
    if parsed is None:
        return "own format"
    if parsed.variant in ("lambdaworks", "password4j"):
        return f"own format ({parsed.variant})"
    if parsed.algorithm == "bcrypt":
        return f"mcf (${parsed.variant}$)"
    return parsed.variant


def profile(
    impls: list[ImplementationInfo], produced: dict[str, list[str]]
) -> list[dict[str, Any]]:
    """`produced` maps impl id to the encoded strings it emitted during the run."""
    rows_by_impl = {row.impl: row for row in libraries.load()}
    out = []
    for info in impls:
        row = rows_by_impl.get(info.id)
        ops = set(info.ops)
        samples = produced.get(info.id, [])
        standard = ", ".join(dict.fromkeys(string_format(sample) for sample in samples)) or None
        password = any(a in PASSWORD_ALGORITHMS for a in info.algorithms)
        if not password:
            continue
        out.append(
            {
                "impl": info.id,
                "backend": info.backend,
                "salts_itself": row.salts_itself
                if row is not None and row.salts_itself is not None
                else "hash" in ops,
                "encoded": standard if "hash" in ops else "raw bytes only",
                "verify_one_call": "verify" in ops,
                "async": row.is_async
                if row is not None and row.is_async is not None
                else info.id.endswith("-async"),
                "needs": (row.needs if row is not None else "")
                or {"pure": "nothing", "wasm": "WASM"}.get(
                    info.backend, f"native code ({info.backend})"
                ),
                "adapter_lines": adapter_lines(row.adapter if row is not None else None),
                "notes": info.notes,
            }
        )
    return out
