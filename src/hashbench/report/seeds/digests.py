"""The Crystal seed's extras: `openssl speed` there and here beside the seed's rows, and
which of hashbench's digest modes is which of the seed's, adapter by adapter."""

from __future__ import annotations

from hashbench.catalog.seeds import Case, Seed
from hashbench.model import CaseRecord, labels
from hashbench.model.openssl_speed import OpensslSpeed
from hashbench.report import units
from hashbench.report.export.markdown import table
from hashbench.report.seeds.lines import Line


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}×" if a and b else "—"


def openssl_table(
    seed: Seed, lines: dict[str, Line], records: list[CaseRecord], speed: OpensslSpeed | None
) -> list[str]:
    if not seed.data.openssl:
        return []
    headers = [
        "digest", "block", "seed: openssl speed", "seed: its row", "row ÷ openssl",
        "here: openssl speed", "here: `c/openssl` oneshot", "here: the row", "row ÷ openssl",
    ]  # fmt: skip
    rows = []
    for o in seed.data.openssl:
        for i, size in enumerate(o.points):
            seed_ns = o.seconds[i] * 1e9 / o.ops[i] if o.ops else None
            beside = lines.get(f"{o.beside} {size}")
            seed_row = beside.entry.time_ns if beside else None
            here = speed.row(o.name, size) if speed else None
            here_ns = here.ns_per_op if here else None
            own = _oneshot(o.alg, size, records)
            row_here = beside.measured.measured.median if beside and beside.measured else None
            rows.append([
                o.name, labels.size_label(size), units.duration(seed_ns), units.duration(seed_row),
                _ratio(seed_row, seed_ns), units.duration(here_ns), units.duration(own),
                units.duration(row_here), _ratio(row_here, here_ns),
            ])  # fmt: skip
    beside_rows = ", ".join(dict.fromkeys(f"{o.name}: {o.beside}" for o in seed.data.openssl))
    lines_out = [
        "#### `openssl speed` beside it",
        "",
        f'Time per block. "Its row" is the seed\'s row set beside each digest ({beside_rows}); '
        "`c/openssl` oneshot is hashbench's measurement of EVP_Digest, the call "
        "`openssl speed -evp` times.",
        "",
        *table(headers, rows),
        "",
    ]
    if speed is None:
        lines_out += [
            "`openssl speed` was not recorded with these results: `hashbench seeds-report "
            "… --measure-openssl-speed FILE` runs it on this machine.",
            "",
        ]
    else:
        lines_out += [
            f"Here: {speed.openssl}, `{speed.command}` for each digest and block size, "
            f"{speed.measured}, {speed.cpu}.",
            "",
        ]
    return lines_out


def _oneshot(alg: str, size: int, records: list[CaseRecord]) -> float | None:
    """hashbench's c/openssl one-shot median for this digest and size, if measured."""
    case = Case(impl="c/openssl", alg=alg, op="digest", mode="oneshot", size=size)
    found = [r for r in records if case.matches(r) and r.valid]
    return found[0].measured.median if found else None


def modes_table(seed: Seed) -> list[str]:
    if not seed.data.mode:
        return []
    rows = [
        [f"`{m.impl}`", m.new or "— (not in the seed)", m.reset or "— (not in the seed)",
         m.oneshot or "— (not in the seed)", m.how, f"`{m.source}`"]
        for m in seed.data.mode
    ]  # fmt: skip
    headers = ["implementation", "its `new` is", "its `reset` is", "its `oneshot` is"]
    headers += ["what each calls", "read in"]
    return [
        "#### Which of hashbench's modes is which of the seed's",
        "",
        "The seed's modes: `.new`, a new hasher and a new output per op; `.reset`, one "
        "hasher reset per op with a new output each time (592 B/op for blake2b there: "
        "its `digest` call, Crystal 0.29's `clone.finish`, also copied the hasher each "
        "op); `.finish`, one hasher reset per op finishing into one reused buffer "
        "(0 B/op). hashbench has three modes per digest (`oneshot`, `new`, `reset`; "
        "docs/protocol.md); what each does depends on the adapter:",
        "",
        *table(headers, rows, left=len(headers)),
        "",
        "Of the implementations of the seed's digests (md5, sha256, blake2b), one not "
        "listed has no `reset` mode: its `new` (a new hasher per op) is the seed's "
        "`.new`, and its `oneshot` has no counterpart in the seed.",
        "",
    ]
