"""A fidelity file's values: few figures (each step's seconds, the defaults' parameters,
an adapter's lines), and matrices whose every row of cells names a producer they hold."""

from __future__ import annotations

from hashbench.model.fidelity import CrossMatrix, FidelityFile, InteropMatrix
from hashbench.results.values import bounds as b
from hashbench.results.values.bounds import BadValue
from hashbench.results.values.run_file import header

MAX_LINES = 10**6
LENGTH_PROBE = "a length probe is named len.<alg>[.<variant>].<field>.<op>.<length>"


def _matrix(m: InteropMatrix | CrossMatrix, at: str) -> None:
    for producer in m.cells:
        if producer not in m.producers:
            raise BadValue(f"{at}.cells", producer, "cells of a producer not in producers")


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
    for i, row in enumerate(data.defaults):
        if row.params is not None:
            b.params(f"$.defaults[{i}].params", row.params)
    for i, ease in enumerate(data.ease):
        if ease.adapter_lines is not None:
            b.count(f"$.ease[{i}].adapter_lines", ease.adapter_lines, 0, MAX_LINES, "lines")
