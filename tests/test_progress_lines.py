"""Progress where the live display cannot be seen (stdout piped to `tee`, a CI log): one
short line on stderr per phase or group, never per sample; none on a terminal."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import hashbench, skip_without_runner
from rich.console import Console

from hashbench.command_support.strength_session import algorithm_phase
from hashbench.report import console as progress

TINY = Path(__file__).parent / "fixtures" / "tiny.toml"
TINY_GROUPS = [
    "sha256 1 KiB oneshot",
    "sha256 1 KiB reset",
    "bcrypt cost=4 hash",
    "bcrypt cost=4 verify",
    "argon2id m=256 KiB,t=1,p=1 derive",
]
LABELS = [
    "bcrypt cost=4 hash · c/libxcrypt (verify)",
    "bcrypt cost=4 hash · c/libxcrypt (warm-up)",
    "bcrypt cost=4 hash · c/libxcrypt round 1/3",
    "bcrypt cost=4 hash · c/libxcrypt round 2/3",
    "2 at once · bcrypt cost=5 hash · c/libxcrypt (verify)",
    "2 at once · bcrypt cost=5 hash · c/libxcrypt round 1/3",
]


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _phases(text: str) -> list[str]:
    lines = text.splitlines()
    assert all(line.startswith("hashbench [") for line in lines), text
    return [line.split("] ", 1)[1] for line in lines]


def test_status_prints_a_line_per_phase_when_piped():
    piped = Console(file=io.StringIO(), width=100)
    err = io.StringIO()
    with progress.status(piped, "starting runners …", stream=err) as update:
        for label in LABELS:
            update(label)
    assert _phases(err.getvalue()) == [
        "starting runners …",
        "bcrypt cost=4 hash",
        "2 at once · bcrypt cost=5 hash",
    ]


def test_the_run_bar_prints_a_line_per_group_when_piped():
    err = io.StringIO()
    with progress.progress_bar(Console(file=io.StringIO()), stream=err) as bar:
        task = bar.add_task("starting", total=3.0)
        bar.update(task, description="loop overhead · c")
        bar.update(task, description="loop overhead · rust")
        for label in LABELS[:4]:
            bar.update(task, description=label, advance=0.5)
        bar.update(task, completed=2.0)  # no description: no line
    assert _phases(err.getvalue()) == ["loop overhead", "bcrypt cost=4 hash"]


def test_nothing_is_printed_where_the_display_is_seen():
    seen = Console(file=Tty(), force_terminal=True)
    err = Tty()
    with progress.status(seen, "starting runners …", stream=err) as update:
        update(LABELS[0])
    with progress.progress_bar(seen, stream=err) as bar:
        bar.update(bar.add_task("starting"), description=LABELS[0])
    assert err.getvalue() == ""


def test_strength_piped_says_what_it_is_doing_on_stderr(tmp_path):
    skip_without_runner("c")
    done = hashbench(
        "strength", "--times", "5ms", "--alg", "bcrypt", "--impl", "c/libxcrypt",
        "--no-references", "--bcrypt-cost", "none", "--fidelity", "none",
        "--out", str(tmp_path / "strength.json"),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    # a line per algorithm, not one per parameter set tried (155 lines once, issue 48)
    assert _phases(done.stderr) == ["starting runners …", "measuring bcrypt"], done.stderr


def test_strength_s_lines_name_the_algorithm_not_each_parameter_set():
    err = io.StringIO()
    with progress.status(
        Console(file=io.StringIO()), "starting runners …", err, algorithm_phase
    ) as update:
        for label in [*LABELS[:4], "argon2id m=19 MiB,t=2,p=1 hash · c/libsodium (verify)"]:
            update(label)
    assert _phases(err.getvalue()) == [
        "starting runners …", "measuring bcrypt", "measuring argon2id"
    ]  # fmt: skip


def test_run_piped_says_which_group_it_is_in_on_stderr(tmp_path):
    skip_without_runner("c")
    done = hashbench("run", str(TINY), "--runner", "c", "--out", str(tmp_path / "tiny.json"))
    assert done.returncode == 0, done.stdout + done.stderr
    phases = _phases(done.stderr)
    assert [p for p in phases if p in TINY_GROUPS] == TINY_GROUPS, phases
