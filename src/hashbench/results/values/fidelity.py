"""A fidelity file's values: few figures (each step's seconds, the defaults' parameters,
an adapter's lines, the long-password times), and matrices whose every row of cells names
a producer they hold."""

from __future__ import annotations

from hashbench.model.fidelity import (
    ANSWERED,
    CrossMatrix,
    FidelityFile,
    InteropMatrix,
    LongPassword,
)
from hashbench.results.values import bounds as b
from hashbench.results.values.bounds import BadValue
from hashbench.results.values.run_file import header

MAX_LINES = 10**6
ANSWERED_TIME = "a point answered (ok, unverified, differs) has a time, any other none"
LENGTH_PROBE = "a length probe is named len.<alg>[.<variant>].<field>.<op>.<length>"


def _matrix(m: InteropMatrix | CrossMatrix, at: str) -> None:
    for producer in m.cells:
        if producer not in m.producers:
            raise BadValue(f"{at}.cells", producer, "cells of a producer not in producers")


def _long_password(row: LongPassword, at: str) -> None:
    """Times where the op answered and none where it did not; the longest accepted and the
    amplification as the points give them (the cards and docs/fidelity.md read both)."""
    b.params(f"{at}.params", row.params)
    b.seconds(f"{at}.cap_s", row.cap_s, b.DAY_S)
    if not row.points:
        raise BadValue(f"{at}.points", row.points, "a long-password row has its lengths")
    last = 0
    for j, p in enumerate(row.points):
        where = f"{at}.points[{j}]"
        b.count(f"{where}.length", p.length, last + 1, b.MAX_BYTES, "a length after the last")
        last = p.length
        b.count(f"{where}.samples", p.samples, 0, b.MAX_OPS, "samples")
        if (p.median_ns is not None) != (p.status in ANSWERED):
            raise BadValue(f"{where}.median_ns", p.median_ns, ANSWERED_TIME)
        if p.median_ns is not None:
            b.time_ns(f"{where}.median_ns", p.median_ns)
    answered = [p.length for p in row.points if p.status in ANSWERED]
    if row.longest_accepted != max(answered, default=None):
        raise BadValue(f"{at}.longest_accepted", row.longest_accepted, "the longest answered")
    if row.amplification is not None:
        b.positive(f"{at}.amplification", row.amplification)


def check(data: FidelityFile) -> None:
    """Raises BadValue at the first value out of bounds."""
    header(data.started, data.finished, data.environment)
    for step, s in data.seconds.items():
        b.seconds(f"$.seconds.{step}", s)
    for i, interop in enumerate(data.interop):
        _matrix(interop, f"$.interop[{i}]")
    for i, cross in enumerate(data.cross):
        _matrix(cross, f"$.cross[{i}]")
    for i, probe in enumerate(data.lengths):  # the cards read its parts
        parts = probe.probe.split(".")
        if parts[0] != "len" or len(parts) not in (5, 6) or not all(parts):
            raise BadValue(f"$.lengths[{i}].probe", probe.probe, LENGTH_PROBE)
    for i, long in enumerate(data.long_passwords):
        _long_password(long, f"$.long_passwords[{i}]")
    for i, row in enumerate(data.defaults):
        if row.params is not None:
            b.params(f"$.defaults[{i}].params", row.params)
    for i, ease in enumerate(data.ease):
        if ease.adapter_lines is not None:
            b.count(f"$.ease[{i}].adapter_lines", ease.adapter_lines, 0, MAX_LINES, "lines")
