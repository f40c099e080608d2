"""The schedule in-process, against fake runners with hand-made timings (fake_runners.py):
rounds, the stop rule, warm-up, priming, further processes and the settling of a cold
first op, with exact values. What only a real runner can show stays in
test_engine_requests.py, test_run_groups.py and test_faults.py."""

from __future__ import annotations

import dataclasses

import pytest
from fake_runners import FakeImpl, FakeRunners, Timing, steady, work

from hashbench.engine.schedule import GroupRunner, Options
from hashbench.engine.suite import Group
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.warmup import WINDOW
from hashbench.model import CaseRecord, CaseWarning

DIGEST = Group(op="digest", alg="sha256", input_size=64, budget=1.0, min_samples=10)
DERIVE = Group(
    op="derive",
    alg="pbkdf2-sha256",
    params=(("iterations", 1000),),
    length=32,
    salt=b"salt-of-16-bytes",
    budget=0.5,
    min_samples=3,
)


def digest_impl(name: str, timing: Timing) -> FakeImpl:
    return FakeImpl(f"fake/{name}", ["sha256"], ["digest", "bench"], timing)


def derive_impl(name: str, timing: Timing, **kw: object) -> FakeImpl:
    return FakeImpl(f"fake/{name}", ["pbkdf2-sha256"], ["derive", "bench"], timing, **kw)


def run(
    runners: FakeRunners, group: Group, clock: TimeSpent | None = None, **options: object
) -> dict[str, CaseRecord]:
    records: list[CaseRecord] = []
    GroupRunner(runners, Options(**options), records.append, clock=clock).run_group(0, group)
    return {r.impl: r for r in records}


def test_a_steady_fast_op_warms_up_two_windows_then_meets_its_target_in_one_round():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    record = run(runners, DIGEST)["fake/a"]
    # calibration: one op of 1000 ns -> 2000 iters for a 2 ms sample
    assert record.iters == 2000 and record.stats.median == 1000.0
    # warm-up: two windows of 5 samples, steady; the last window is kept (round 0)
    assert record.warmup_steady is True and record.warmup_ns == 2 * WINDOW * 2e6
    # round 1: 0.1 s of 2 ms samples; the CI target (±1%) is met at once
    assert record.sample_rounds == [0] * WINDOW + [1] * 50
    assert record.stop == "ci" and record.warnings == []
    shapes = [(s.request.iters, s.request.samples, s.request.warm) for s in runners.sent]
    assert shapes == [(1, 2, False), (2000, 5, False), (2000, 5, False), (2000, 50, False)]
    assert [s.request.alloc for s in runners.sent] == [False, False, False, True]


def test_a_jit_runner_warms_up_at_least_its_compile_time_though_steady_before():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    runners.jit_warmup_s = 0.1  # its manifest: a JIT compiles for 100 ms
    record = run(runners, DIGEST)["fake/a"]
    # steady from the first window, yet ten windows of 5 × 2 ms: 100 ms; the last kept
    assert record.warmup_steady is True and record.warmup_ns == 100e6
    assert [s.request.samples for s in runners.sent[1:11]] == [WINDOW] * 10
    assert record.sample_rounds[:WINDOW] == [0] * WINDOW and record.stats.median == 1000.0
    beyond = FakeRunners(digest_impl("a", steady(1000)))
    beyond.jit_warmup_s = 0.8  # more than the cap (half the 1 s budget): the cap is raised
    assert run(beyond, DIGEST)["fake/a"].warmup_ns == 800e6


def test_cases_are_sampled_in_interleaved_rounds_until_each_is_done():
    # one case alternates 2.0 / 2.6 ms samples, so its median's CI never meets ±1%: it
    # samples its whole budget, round after round, beside a case that is done at once
    def alternating(_process: int, done: int, request) -> float:
        return 1000.0 if (done // (request.iters or 1)) % 2 else 1300.0

    runners = FakeRunners(digest_impl("noisy", alternating), digest_impl("calm", steady(1000)))
    records = run(runners, DIGEST, warmup_s=0.0)
    rounds = [
        (s.request.impl, s.request.samples)
        for s in runners.sent
        if s.request.iters and s.request.iters > 1 and s.request.alloc is not None
    ]
    calm, noisy = records["fake/calm"], records["fake/noisy"]
    assert calm.stop == "ci" and set(calm.sample_rounds) == {1}  # no warm-up: no round 0
    assert noisy.stop == "budget"
    # the first round holds both, in the group's order; then the noisy one alone
    assert [impl for impl, _ in rounds[:2]] == ["fake/noisy", "fake/calm"]
    assert {impl for impl, _ in rounds[2:]} == {"fake/noisy"}
    assert max(noisy.sample_rounds) == len(rounds) - 1
    # the budget is spent: at least 1 s of samples, less than one round over it
    spent = sum(noisy.samples_ns)
    assert 1e9 <= spent < 1e9 + 0.1e9 + 2.6e6
    assert CaseWarning("wide_interval", noisy.stats.median_ci_rel_halfwidth, 0.01) in (
        noisy.warnings
    )


def test_rounds_spread_a_steady_case_over_that_many_visits_of_its_group():
    # steady cases meet ±1% in their first round alone; with rounds=4 each samples four
    # interleaved visits of a quarter round each (12 samples of 2 ms), the same time in all
    runners = FakeRunners(digest_impl("a", steady(1000)), digest_impl("b", steady(1000)))
    records = run(runners, DIGEST, warmup_s=0.0, rounds=4)
    for record in records.values():
        assert record.sample_rounds == [1] * 12 + [2] * 12 + [3] * 12 + [4] * 12
        assert record.stop == "ci"
    visits = [s.request.impl for s in runners.sent if s.request.samples == 12]
    assert visits == ["fake/a", "fake/b"] * 4


def test_rounds_give_way_to_the_budget():
    # 50 ms an op, a budget of 0.1 s: two visits spend it, though ten were asked for
    group = dataclasses.replace(DERIVE, budget=0.1)
    record = run(FakeRunners(derive_impl("slow", steady(50e6))), group, rounds=10)["fake/slow"]
    assert record.stop == "budget"
    assert len({r for r in record.sample_rounds if r > 0}) < 10


PASSING = dataclasses.replace(DIGEST, budget=0.3)  # 0.1 s a visit of three passes
PASSING_1K = dataclasses.replace(PASSING, input_size=1024)


def run_passes(
    runners: FakeRunners, groups: list[Group], passes: int, **options: object
) -> tuple[list[CaseRecord], list[int]]:
    records: list[CaseRecord] = []
    ended: list[int] = []
    GroupRunner(runners, Options(passes=passes, **options), records.append).run_passes(
        list(enumerate(groups)), passes, ended.append
    )
    return records, ended


def test_passes_visit_every_group_in_turn_one_round_a_visit():
    # two groups of a steady case each: three passes, each a round of a third of its
    # budget (50 samples of 2 ms) of group 0, then of group 1; both end in the last pass,
    # though one visit met the interval's target
    runners = FakeRunners(digest_impl("a", steady(1000)))
    records, ended = run_passes(runners, [PASSING, PASSING_1K], 3, warmup_s=0.0)
    assert ended == [0, 1] and [r.group for r in records] == [0, 1]
    for record in records:
        assert record.sample_rounds == [1] * 50 + [2] * 50 + [3] * 50
        assert record.stop == "ci" and record.status == "ok"
    visits = [s.request.input_size for s in runners.sent if s.request.samples == 50]
    assert visits == [64, 1024] * 3


def test_a_slow_op_spends_its_budget_over_three_visits_and_ends_there():
    # 50 ms an op, a budget of 0.15 s: its two verified ops and one op in its first visit
    # spend it, yet it is visited three times, so its samples are not all of one moment;
    # the group then ends in the third of five passes, the digest group in the fifth
    slow = dataclasses.replace(DERIVE, budget=0.15)
    runners = FakeRunners(digest_impl("a", steady(1000)), derive_impl("slow", steady(50e6)))
    records, ended = run_passes(runners, [PASSING, slow], 5, warmup_s=0.0)
    assert ended == [1, 0]
    by_group = {r.group: r for r in records if r.status == "ok"}
    assert by_group[1].stop == "budget" and by_group[1].sample_rounds == [0, 0, 1, 2, 3]
    assert set(by_group[0].sample_rounds) == {1, 2, 3, 4, 5}


def test_a_later_visit_warms_a_fast_op_with_one_untimed_sample():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    records, _ = run_passes(runners, [PASSING], 2)
    shapes = [(s.request.samples, s.request.warm) for s in runners.sent]
    # verify, warm-up (two windows, the last kept: 10 ms), half the budget left (72
    # samples of 2 ms); then one untimed sample and the budget left (73)
    assert shapes == [(2, False), (WINDOW, False), (WINDOW, False), (72, False)] + [
        (1, False),
        (73, False),
    ]
    assert records[0].sample_rounds == [0] * WINDOW + [1] * 72 + [2] * 73


def test_a_runner_restarted_between_visits_is_warmed_up_again_in_full():
    runners = FakeRunners(digest_impl("a", steady(1000)))

    def fault_after_the_first_round(_process: int, _done: int, request) -> float:
        if request.samples == 72:  # the first visit: the runner is then started again
            runners.restarts[("fake", 0)] = 1
        return 1000.0

    runners.fakes["fake/a"].timing = fault_after_the_first_round
    run_passes(runners, [PASSING], 2)
    shapes = [(s.request.samples, s.request.warm) for s in runners.sent]
    # pass 2 meets a new process: one untimed op first, then a warm-up in full (its kept
    # window counts against the budget: 68 samples left)
    assert shapes[4:] == [(WINDOW, True), (WINDOW, False), (68, False)]


def test_a_slow_op_is_primed_at_a_sixteenth_keeps_its_calibration_and_skips_warm_up():
    runners = FakeRunners(derive_impl("slow", steady(50e6)))  # 50 ms at 1000 iterations
    record = run(runners, DERIVE)["fake/slow"]
    benches = runners.benches("fake/slow")
    primer = benches[0].request
    assert primer.params == {"iterations": 1000 // 16} and primer.iters == 1
    assert primer.warm is False and primer.alloc is False
    assert [b.request.params for b in benches[1:]] == [{"iterations": 1000}] * 2
    # the calibration's two verified samples (the cold first one as warm as the rest)
    # and one round of 0.1 s: four samples of 50 ms, the CI target met
    assert record.samples_ns == [50_000_000] * 4 and record.sample_rounds == [0, 0, 1, 1]
    assert record.warmup_ns is None and record.warmup_steady is None
    assert record.stop == "ci" and record.stats.median == 50e6


def test_a_slow_op_new_to_a_jit_process_runs_untimed_until_the_floor_once_per_code():
    runners = FakeRunners(derive_impl("slow", steady(50e6)))  # 50 ms at 1000 iterations
    runners.jit_warmup_s = 0.2
    records: list[CaseRecord] = []
    steps = GroupRunner(runners, Options(), records.append)
    steps.run_group(0, DERIVE)
    shapes = [(s.request.params, s.request.samples) for s in runners.benches("fake/slow")]
    # primer, calibration (two ops, not kept: the JIT had not compiled the code), four
    # untimed ops of 50 ms (the floor, 0.2 s), then a round of 0.1 s: two samples short
    # of its minimum of three, so a second round
    assert shapes[:7] == [({"iterations": 62}, 1), ({"iterations": 1000}, 2)] + [
        ({"iterations": 1000}, 1)
    ] * 4 + [({"iterations": 1000}, 2)]
    first = records[0]
    assert first.warmup_ns == 200e6 and first.warmup_steady is True
    assert 0 not in first.sample_rounds and first.stats.median == 50e6
    # the same implementation and algorithm again in this process: compiled, no floor
    # (its calibration's two ops kept, no warm-up)
    more = dataclasses.replace(DERIVE, params=(("iterations", 2000),))
    steps.run_group(1, more)
    assert records[1].warmup_ns is None and records[1].sample_rounds[:2] == [0, 0]


def test_a_digest_is_never_primed():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    run(runners, DIGEST)
    assert all(s.request.params is None for s in runners.sent)


def test_the_cold_first_op_of_an_unprimed_case_is_settled_against_the_process():
    # a library whose timed first op runs cold however primed: twice the time of the rest
    def cold_timed(process: int, done: int, request) -> float:
        first_timed = done == 1  # done == 0 is the primer op
        return (2 if first_timed else 1) * 50e6 * work(request)

    runners = FakeRunners(derive_impl("cold", cold_timed))
    clock = TimeSpent()
    record = run(runners, DERIVE, clock=clock)["fake/cold"]
    assert 100_000_000 not in record.samples_ns  # dropped: slower than all the others
    assert set(record.samples_ns) == {50_000_000}
    assert clock.sampled_s == pytest.approx(sum(record.samples_ns) / 1e9)


def test_a_cold_first_op_within_the_range_of_the_rest_is_kept():
    def a_little_cold(process: int, done: int, request) -> float:
        return (1.02 if done == 1 else 1) * 50e6 * work(request)

    runners = FakeRunners(derive_impl("warmish", a_little_cold))
    record = run(runners, DERIVE)["fake/warmish"]
    assert record.samples_ns[0] == 51_000_000 and record.sample_rounds[0] == 0


def test_each_further_process_is_started_once_primed_and_sampled():
    runners = FakeRunners(derive_impl("slow", steady(50e6)))
    record = run(runners, DERIVE, processes=3)["fake/slow"]
    assert runners.started == [(["fake"], 1), (["fake"], 2)]
    assert set(record.sample_processes) == {0, 1, 2}
    primers = [
        s.process for s in runners.benches("fake/slow") if s.request.params == {"iterations": 62}
    ]
    assert primers == [0, 1, 2]  # one per process, before its first op
    assert record.processes == 3 and len(record.process_medians_ns) == 3
    assert record.process_spread == 0.0


def test_a_further_process_that_does_not_start_fails_the_case_with_the_reason():
    runners = FakeRunners(derive_impl("slow", steady(50e6)), fail_start={1: "no memory"})
    record = run(runners, DERIVE, processes=2)["fake/slow"]
    assert record.status == "failed"
    assert record.reason == "fake process 2 did not start: no memory"
    assert all(s.process == 0 for s in runners.sent)


def test_wrong_output_ends_unverified_and_a_fault_ends_failed():
    runners = FakeRunners(
        derive_impl("liar", steady(50e6), wrong_output=True),
        derive_impl("crash", steady(50e6), fault="crash"),
        derive_impl("good", steady(50e6)),
    )
    records = run(runners, DERIVE)
    assert records["fake/liar"].status == "unverified" and records["fake/liar"].stats is None
    assert "!= reference" in records["fake/liar"].reason
    assert records["fake/crash"].status == "failed"
    assert records["fake/crash"].reason == "runner crash: fake crash"
    assert records["fake/good"].status == "ok"


def test_a_verify_case_that_accepts_a_wrong_password_is_unverified():
    group = Group(op="verify", alg="bcrypt", params=(("cost", 4),), budget=0.1, min_samples=3)
    runners = FakeRunners(
        FakeImpl("fake/lax", ["bcrypt"], ["hash", "verify", "bench"], steady(1e6),
                 accepts_anything=True),
        FakeImpl("fake/strict", ["bcrypt"], ["hash", "verify", "bench"], steady(1e6)),
    )  # fmt: skip
    records = run(runners, group)
    assert records["fake/lax"].status == "unverified"
    assert records["fake/lax"].reason == "verify accepted a wrong password"
    assert records["fake/strict"].status == "ok"
    assert records["fake/strict"].verification.method == "reference"  # recomputed at the end


def test_an_implementation_without_the_op_is_not_applicable_and_never_asked():
    runners = FakeRunners(derive_impl("raw", steady(1000)))
    group = Group(op="hash", alg="pbkdf2-sha256", params=(("iterations", 1000),))
    record = run(runners, group)["fake/raw"]
    assert record.status == "not_applicable" and record.reason == "no hash"
    assert runners.sent == []


def test_a_fast_op_runs_one_untimed_op_in_each_further_process_and_none_in_the_first():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    record = run(runners, DIGEST, processes=2)["fake/a"]
    untimed = [s.process for s in runners.sent if s.request.warm is not False]
    assert untimed == [1]  # the first process verified with two timed ops instead
    assert [s.request.alloc for s in runners.sent].count(True) == 1  # once per case
    assert set(record.sample_processes) == {0, 1}


def test_a_jit_runner_is_never_asked_to_warm_up_on_its_own():
    # the engine's warm-up waits for the JIT in every process; the runner's own (Java's
    # 250 ms of loop) would repeat it
    runners = FakeRunners(digest_impl("a", steady(1000)), derive_impl("slow", steady(50e6)))
    runners.jit_warmup_s = 0.1
    fast = run(runners, DIGEST, processes=2)["fake/a"]
    slow = run(runners, DERIVE, processes=2)["fake/slow"]
    assert set(fast.sample_processes) == set(slow.sample_processes) == {0, 1}
    assert {s.request.warm for s in runners.sent if s.request.cmd == "bench"} == {False}


def test_the_yardstick_is_read_before_every_round_and_kept_per_case():
    # c/openssl stands in for the C runner's yardstick: 1000 ns per op in process 0
    yardstick = FakeImpl("c/openssl", ["sha256"], ["digest", "bench"], steady(1000))
    runners = FakeRunners(derive_impl("slow", steady(50e6)), yardstick)
    group = Group(**{**DERIVE.__dict__, "impl_filter": "^fake/"})
    record = run(runners, group, processes=2)["fake/slow"]
    pairs = zip(record.sample_processes, record.sample_rounds, strict=True)
    rounds = {(p, r) for p, r in pairs if r > 0}
    readings = len(rounds) + 2  # and one after each of the two processes' last round
    assert record.yardstick_ns == [1000.0] * readings and len(rounds) >= 2
    asked = [s for s in runners.sent if s.request.impl == "c/openssl"]
    # calibrated once (2 samples of 1000 ops), then 3 samples of 2 ms a reading
    assert [(s.request.iters, s.request.samples) for s in asked] == [
        (1000, 2),
        *[(2000, 3)] * readings,
    ]
    assert all(s.process == 0 for s in asked)  # the C runner's main process


def test_no_yardstick_without_the_c_runner():
    runners = FakeRunners(derive_impl("slow", steady(50e6)))
    assert run(runners, DERIVE)["fake/slow"].yardstick_ns == []


def test_a_one_process_case_carries_where_the_next_run_s_median_should_fall():
    runners = FakeRunners(digest_impl("a", steady(1000)))
    one = run(runners, DIGEST)["fake/a"]
    assert one.next_run_ci is not None and "catalog/run-to-run.toml" in one.next_run_from
    low, high = one.next_run_ci
    assert low < one.measured.median_ci[0] and high > one.measured.median_ci[1]
    three = run(FakeRunners(digest_impl("a", steady(1000))), DIGEST, processes=3)["fake/a"]
    assert three.next_run_ci is None and three.shown_ci == three.measured.median_ci
