"""`run --resume FILE` on the file alone, no runner (the fast tier): which files it takes,
what it refuses and why, and the run it continues. tests/test_resume.py stops and resumes
real runs."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from hashbench import __version__
from hashbench.engine.resume import KILLED, Resume, machine_changes
from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.results.files import load, write_atomic

FIXTURE = Path(__file__).parent / "fixtures" / "results-v1.json"


def _file(tmp_path: Path, **fields: object) -> Path:
    run = msgspec.structs.replace(load(FIXTURE), **fields)
    path = tmp_path / "run.json"
    write_atomic(path, run)
    return path


def test_a_complete_run_is_not_resumed(tmp_path):
    with pytest.raises(UsageError, match="the run is complete; nothing to resume"):
        Resume(_file(tmp_path))


def test_an_interrupted_run_is_resumed_in_its_own_file_with_its_own_runners(tmp_path):
    path = _file(tmp_path, interrupted=True)
    resume = Resume(path)
    assert resume.how == "interrupted"
    assert resume.target(None, None) == (path, {"c"})
    assert resume.target(path, {"c"}) == (path, {"c"})
    with pytest.raises(UsageError, match="leave out --out"):
        resume.target(tmp_path / "other.json", None)
    with pytest.raises(UsageError, match="the same runners, not c,python"):
        resume.target(None, {"c", "python"})


def test_a_run_that_never_finished_is_a_killed_one_ended_at_its_last_write(tmp_path):
    resume = Resume(_file(tmp_path, finished=None, interrupted=False))
    assert resume.how == "killed" and resume.ended.endswith("+00:00")
    assert KILLED in resume.run.warnings


def test_every_machine_fact_a_time_depends_on_is_named_when_it_changed():
    before = load(FIXTURE).environment
    now = msgspec.structs.replace(before, cpu="Another CPU", cores=4, load_start=[9.0])
    changed = machine_changes(before, now, __version__)
    assert changed == ["cpu was 'AMD EPYC', is 'Another CPU'", "cores was 2, is 4"]
    assert machine_changes(before, before, "0.0.1") == [f"hashbench was 0.0.1, is {__version__}"]


def test_the_continued_run_keeps_the_earlier_records_and_adds_a_resumption(tmp_path):
    earlier = load(FIXTURE)
    path = _file(tmp_path, interrupted=True, warnings=[KILLED, "load was high"])
    resume = Resume(path)
    fresh = RunFile(
        suite=earlier.suite,
        started="2026-12-02T05:00:00+00:00",
        environment=msgspec.structs.replace(earlier.environment, load_start=[1.5]),
        warnings=["load was high", "a new warning"],
    )
    run = resume.continued(fresh)
    assert [c.id for c in run.cases] == [c.id for c in earlier.cases]
    assert run.warnings == ["load was high", "a new warning"]  # the killed one is gone
    assert run.environment.load_start == earlier.environment.load_start  # the first part's
    [resumption] = run.resumptions
    assert (resumption.kept, resumption.how, resumption.resumed) == (
        len(earlier.cases),
        "interrupted",
        fresh.started,
    )
    assert not resumption.forced and run.finished is None and not run.interrupted
    other = msgspec.structs.replace(fresh, suite="quick")
    with pytest.raises(UsageError, match="a run of suite tiny, not quick"):
        Resume(path).continued(other)
