"""compare on counted runs: exact ratios against the threshold, exit codes as for times,
and a time file beside a counts file refused. Made-up counts, no Valgrind."""

from __future__ import annotations

import json

import msgspec
import pytest
from factories import record

from hashbench.cli import main
from hashbench.model import Environment, RunFile
from hashbench.model.counts import CountedProcess, CountingInfo, Counts
from hashbench.report import count_comparison
from hashbench.results.files import load

ENV = Environment(cpu="x", cores=2, os="linux", load_start=[0.0, 0.0, 0.0])
STARTED = "2026-12-01T00:00:00+00:00"


def _counted(ir: dict[str, float], measure: str = "instructions") -> RunFile:
    cases = [
        record(
            impl,
            counts=Counts(ir=value),
            counted=[CountedProcess(1, {"Ir": 10}), CountedProcess(2, {"Ir": 10 + int(value)})] * 2,
        )
        for impl, value in ir.items()
    ]
    info = CountingInfo(valgrind="valgrind-3.19.0", command=[], address_randomisation=False,
                        cache_sim=False)  # fmt: skip
    return RunFile(suite="t", started=STARTED, environment=ENV, measure=measure, counting=info,
                   cases=cases)  # fmt: skip


def _write(tmp_path, name: str, run: RunFile):
    path = tmp_path / name
    path.write_bytes(msgspec.json.encode(run))
    return path


def test_a_change_beyond_the_threshold_is_more_or_fewer_and_within_it_is_not():
    old = _counted({"c/a": 100_000, "c/b": 100_000, "c/c": 100_000})
    new = _counted({"c/a": 100_600, "c/b": 100_400, "c/c": 99_000})
    cmp = count_comparison.between_runs(old, new, 0.005, ("old", "new"))
    verdicts = {r.new.impl: r.verdict for r in cmp.rows}
    assert verdicts == {"c/a": "more", "c/b": "~", "c/c": "fewer"}
    assert [r.new.impl for r in cmp.regressions] == ["c/a"]
    assert cmp.rows[0].ratio == pytest.approx(1.006)


def test_a_counted_file_loads_with_its_counts(tmp_path):
    run = load(_write(tmp_path, "a.json", _counted({"c/a": 5})))
    assert run.measure == "instructions" and run.cases[0].counts == Counts(ir=5)
    assert run.cases[0].counted_ok and not run.cases[0].valid


def test_compare_exits_1_on_more_instructions_and_0_on_none(tmp_path, capsys):
    a = _write(tmp_path, "a.json", _counted({"c/a": 100_000}))
    b = _write(tmp_path, "b.json", _counted({"c/a": 101_000}))
    assert main(["compare", str(a), str(b)]) == 1  # +1% > the 0.5% default
    assert main(["compare", str(a), str(a)]) == 0
    assert main(["compare", str(a), str(b), "--threshold", "2%"]) == 0
    assert "counts" in capsys.readouterr().out


def test_compare_judges_only_the_counted_cases_its_globs_name(tmp_path, capsys):
    a = _write(tmp_path, "a.json", _counted({"c/a": 100_000, "c/b": 100_000}))
    b = _write(tmp_path, "b.json", _counted({"c/a": 101_000, "c/b": 100_000}))
    assert main(["compare", str(a), str(b), "--impl", "c/b"]) == 0
    assert main(["compare", str(a), str(b), "--impl", "c/a"]) == 1
    out = capsys.readouterr().out
    assert "c/a" in out and "c/b" not in out


def test_a_time_file_and_a_counts_file_are_not_compared(tmp_path, capsys):
    timed = record("c/a", median=100.0)
    time_run = RunFile(suite="t", started=STARTED, environment=ENV, cases=[timed])
    a = _write(tmp_path, "time.json", time_run)
    b = _write(tmp_path, "counts.json", _counted({"c/a": 100_000}))
    assert main(["compare", str(a), str(b)]) == 2
    err = capsys.readouterr().err
    assert "different measures" in err and "holds time" in err and "holds instructions" in err


def test_every_export_of_a_counted_run_carries_its_counts(tmp_path):
    from hashbench.report.export import FORMATS

    run = _counted({"c/a": 32_078, "rust/b": 56_867})
    assert "32,078" in FORMATS["md"](run) and "instr/op" in FORMATS["md"](run)
    assert "32078" in FORMATS["csv"](run).splitlines()[1]
    assert json.loads(FORMATS["bmf"](run))[run.cases[0].id]["instructions"]["value"] == 32_078
    assert "56,867" in FORMATS["html"](run)
    assert json.loads(FORMATS["json"](run))["measure"] == "instructions"
