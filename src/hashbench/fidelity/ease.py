"""Ease-of-use profile per implementation: what the library does for its user, from its
hello, the library catalog, what the fidelity run observed, and the adapter's size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hashbench import libraries, paths
from hashbench.fidelity.encoded import parse

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


def profile(impls: list[dict[str, Any]], produced: dict[str, str]) -> list[dict[str, Any]]:
    """`produced` maps impl id to an encoded string it emitted during the run."""
    rows_by_impl = {row.get("impl"): row for row in libraries.load()}
    out = []
    for info in impls:
        row = rows_by_impl.get(info["id"], {})
        ops = set(info["ops"])
        sample = produced.get(info["id"])
        standard = None
        if sample is not None:
            parsed = parse(sample)
            standard = parsed.variant if parsed else "own format"
        password = any(
            a in info["algorithms"]
            for a in ("bcrypt", "argon2id", "argon2i", "scrypt", "yescrypt", "sha512crypt")
        )
        if not password:
            continue
        out.append(
            {
                "impl": info["id"],
                "backend": info["backend"],
                "salts_itself": row.get("salts_itself", "hash" in ops),
                "encoded": standard if "hash" in ops else "raw bytes only",
                "verify_one_call": "verify" in ops,
                "async": bool(row.get("async", info["id"].endswith("-async"))),
                "needs": row.get(
                    "needs",
                    {"pure": "nothing", "wasm": "WASM"}.get(
                        info["backend"], f"native code ({info['backend']})"
                    ),
                ),
                "adapter_lines": adapter_lines(row.get("adapter")),
                "notes": info.get("notes", ""),
            }
        )
    return out
