"""A case's life in a runner process, step by step: prime, verify and calibrate
(`prepare`), warm up, sample. Each step sends requests through the `Runners` seam and
checks what comes back (engine/output_checks.py); a refusal, an error or a fault ends the
case with the reason. The order of cases and processes is the schedule's
(engine/schedule.py)."""

from __future__ import annotations

import msgspec

from hashbench import catalog
from hashbench.engine import output_checks
from hashbench.engine.case import Case
from hashbench.engine.runners import Runners
from hashbench.engine.sampler import TARGET_SAMPLE_NS, Sampler
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.warmup import Warmup, window_for
from hashbench.runner.protocol import Reply, Request, RunnerError

RECALIBRATE = 0.25  # warm samples off their target length by more than this: new iters
WRONG_PASSWORD = b"not-the-password"
PRIMER_FACTOR = 16  # a primer op does about 1/16 of the case's work (`prime`)
SELF_WARMING = 32  # an op lasting 1/32 of its budget share or more is its own warm-up


class CaseSteps:
    def __init__(self, runners: Runners, clock: TimeSpent, warmup_s: float):
        self.runners = runners
        self.clock = clock
        self.warmup_s = warmup_s  # the warm-up cap per case and process
        # (runner, process, its launch, implementation, algorithm) a JIT has compiled
        self.compiled: set[tuple[str, int, int, str, str]] = set()

    # -- requests ----------------------------------------------------------------------
    def call(self, case: Case, request: Request) -> Reply | None:
        """One request; a runner fault or error reply ends the case (None is returned)."""
        try:
            return self.runners.request(case.impl.id, case.sampler.process_no, request)
        except RunnerError as exc:
            case.fail("not_applicable" if exc.is_refusal else "failed", exc.reason())
        return None

    def bench_request(self, case: Case) -> Request:
        """The case's bench request without iters and samples (`prepare` sets it)."""
        g = case.group
        req = Request(cmd="bench", impl=case.impl.id, op=g.op, alg=g.alg, mode=g.mode)
        if g.op == "digest":
            req.input_size = g.input_size
        else:
            req.params, req.password, req.length = g.param_dict, g.password.hex(), g.length
            if g.op == "derive":
                req.salt = (g.salt or b"").hex()
        return req

    def bench(
        self, case: Case, iters: int, samples: int, alloc: bool = False, warm: bool | None = None
    ) -> Reply | None:
        """One bench request. Only a case's first request in a runner process runs the
        op once untimed first (`warm`, unless told otherwise), and never in a runner
        with a JIT floor: the engine's warm-up waits for its JIT (`warm_up`), which the
        runner's own (Java's: 250 ms of loop for an op under 25 ms) would only repeat.
        Bytes per op are asked for once per case (`alloc`): both would otherwise cost an
        op or more per request, in every round."""
        assert case.bench is not None
        if not case.ran_in_process:
            self.prime(case)
            if not case.ok:
                return None
        if warm is None:
            warm = not case.ran_in_process and self.runners.warmup_floor_ns(case.impl.runner) <= 0
        request = msgspec.structs.replace(
            case.bench, iters=iters, samples=samples, warm=warm, alloc=alloc
        )
        reply = self.call(case, request)
        if reply is not None:
            case.ran_in_process = True
        return reply

    def prime(self, case: Case) -> None:
        """Before a password case's first op in a runner process: one untimed op of the
        same code at about 1/16 of its work (catalog.cheaper), so a JIT compiles it there
        and the case's first timed op runs warm (kept by Sampler.settle_cold, not dropped).
        A library that refuses the cheaper parameters is not primed; a runner fault
        ends the case as any other would."""
        g = case.group
        cheaper = None if g.op == "verify" else catalog.cheaper(g.alg, g.param_dict, PRIMER_FACTOR)
        if cheaper is None or g.library_defaults or case.bench is None:
            return
        primer = msgspec.structs.replace(
            case.bench, params=cheaper, iters=1, samples=1, warm=False, alloc=False
        )
        try:
            self.runners.request(case.impl.id, case.sampler.process_no, primer)
        except RunnerError as exc:
            if exc.is_fault:
                case.fail("failed", exc.reason())

    # -- verify and calibrate ----------------------------------------------------------
    def prepare(self, case: Case) -> None:
        """Verify the case (for verify: a string of its own, which must reject a wrong
        password) and calibrate its iterations per sample. Two timed ops and no untimed
        one: for a slow op the first, cold, stands in for the warm-up op and is kept if
        steady; a fast op calibrates on the second and warms up later (`warm_up`)."""
        bench = self.bench_request(case)
        if case.group.op == "verify":
            encoded = self._own_string(case)
            if encoded is None:
                return
            bench.encoded = encoded
        case.bench = bench
        reply = self.bench(case, iters=1, samples=2, warm=False)
        if reply is None:
            return
        output_checks.check_reply(case, reply)
        if not case.ok or not self.good_samples(case, reply, 2):
            return
        sampler = case.sampler
        samples = reply.samples_ns or []
        sampler.calibrate(samples[-1], reply.iters or 1)
        warm = samples[1:]  # the first op ran cold
        first = True  # this reply's first sample is the case's cold first op
        while sampler.needs_recalibration and case.ok:
            reply = self.bench(case, iters=sampler.iters, samples=1)
            if reply is None or not self.good_samples(case, reply, 1):
                return
            samples = reply.samples_ns or []
            sampler.calibrate(samples[0], reply.iters or 1)
            warm, first = samples, False
        if reply.iters != sampler.iters:
            return
        if self.warms_itself(sampler):
            if self.jit_floor_ns(case) > 0:
                return  # a JIT still compiling the code: these ran on its slope
            # A slow op: these verified samples are as good as any later one: keep them,
            # the cold first one while it is as warm as the rest (settled when the
            # process has sampled).
            sampler.add(samples, 0, cold=first)
            self.clock.add_samples(samples)
        else:  # the start of its warm-up curve
            case.calibration_tail = warm

    def _own_string(self, case: Case) -> str | None:
        """A verify case's string, made by its own library and checked; None if the case
        ended on the way."""
        g = case.group
        made = self.call(
            case,
            Request(
                cmd="hash",
                impl=case.impl.id,
                alg=g.alg,
                params=g.param_dict,
                password=g.password.hex(),
                length=g.length,
            ),
        )
        if made is None:
            return None
        output_checks.take(case, output_checks.read_back(case, made.encoded))
        if not case.ok or made.encoded is None:
            return None
        wrong = self.call(
            case,
            Request(
                cmd="verify",
                impl=case.impl.id,
                alg=g.alg,
                params=g.param_dict,
                length=g.length,
                password=WRONG_PASSWORD.hex(),
                encoded=made.encoded,
            ),
        )
        if wrong is None:
            return None
        if wrong.valid is not False:
            case.fail("unverified", "verify accepted a wrong password")
            return None
        return made.encoded

    # -- warm up and sample ------------------------------------------------------------
    def warms_itself(self, sampler: Sampler) -> bool:
        """An op whose sample takes 1/SELF_WARMING of the budget share or more is its own
        warm-up (or warm-up is off): primed (`prime`), its first timed op kept when as warm
        as the rest (Sampler.settle_cold), where a warm-up of windows of two such samples
        would seldom pass its 3% test on a noisy machine and cost the case half its share."""
        sample_ns = sampler.per_op_estimate * sampler.iters
        return sample_ns >= sampler.share_ns / SELF_WARMING or self.warmup_s <= 0

    def jit_floor_ns(self, case: Case) -> float:
        """The warm-up a case owes its runner process's JIT (`warmup_floor_ns`): all of it
        the first time the process runs the case's implementation and algorithm, then
        none: a JIT compiles code, not cases, and verify after hash, or another mode of a
        digest, finds it compiled."""
        floor = self.runners.warmup_floor_ns(case.impl.runner)
        return 0.0 if floor <= 0 or self._code(case) in self.compiled else floor

    def _code(self, case: Case) -> tuple[str, int, int, str, str]:
        """The case's code in its runner process: what a JIT compiles once."""
        runner, process = case.impl.runner, case.sampler.process_no
        launch = self.runners.launches(runner, process)
        return runner, process, launch, case.impl.id, case.group.alg

    def _compiled(self, case: Case) -> None:
        self.compiled.add(self._code(case))

    def warm_up(self, case: Case, first_process: bool) -> None:
        """Unrecorded samples until the time per op is steady (engine/warmup.py), up to the
        warm-up cap, and where a JIT has not compiled the code yet not before its compile
        time (`jit_floor_ns`, the cap raised to it; a slow op, its own warm-up elsewhere,
        then runs untimed ops until that is spent). In the first process the curve starts
        with the warm calibration samples, and its first window re-calibrates iters when
        its samples came out far from their target length (the first estimate was one
        cold op, a warm batch tells the truth). A steady end's last window is kept as the
        case's first samples."""
        sampler = case.sampler
        if not case.ok or self.warmup_s <= 0:
            return
        floor = self.jit_floor_ns(case)
        if self.warms_itself(sampler):
            self._warm_slow_op(case, floor)
            return
        sample_ns = sampler.per_op_estimate * sampler.iters
        cap = max(min(self.warmup_s * 1e9, sampler.share_ns / 2), floor)
        warm = Warmup(cap, window_for(cap, sample_ns), floor)
        seed = case.calibration_tail if first_process else []
        warm.add(seed, sampler.iters)  # timed in `prepare`: not counted again below
        retune = first_process
        while not warm.done():
            reply = self.sample(case, warm.window, -1, record=False)
            if reply is None or not case.ok:
                break
            warm.add(reply.samples_ns or [], sampler.iters)
            typical = warm.typical_sample_ns(sampler.iters)
            if retune and abs(typical / TARGET_SAMPLE_NS - 1) > RECALIBRATE:
                sampler.calibrate(int(typical), sampler.iters)
            retune = False
        case.warmup.add(warm.spent_ns - sum(seed), warm.steady)
        kept = warm.steady_tail(sampler.iters)  # as warm as any later sample
        sampler.add(kept, 0)
        self.clock.add_samples(kept)
        if case.ok:
            self._compiled(case)

    def _warm_slow_op(self, case: Case, floor: float) -> None:
        """A slow op where a JIT has not compiled the code: untimed ops, one a request,
        until `floor` is spent (its record says whether the last two agreed). Without it
        Java's spring-argon2 at quick's budget came out 2.19× its settled speed in 6 runs
        of 6 (docs/benchmarks/jit-warmup-password.md)."""
        if floor <= 0:
            return
        warm = Warmup(floor, 2, floor)
        while not warm.done():
            reply = self.sample(case, 1, -1, record=False)
            if reply is None or not case.ok:
                return
            warm.add(reply.samples_ns or [], case.sampler.iters)
        case.warmup.add(warm.spent_ns, warm.steady)
        self._compiled(case)

    def rewarm(self, case: Case) -> None:
        """Back in a process that ran other cases since (a later pass of the run): one
        untimed sample of a fast op, for the caches; a slow op is its own warm-up."""
        if case.ok and not self.warms_itself(case.sampler):
            self.sample(case, 1, -1, record=False)

    def sample(self, case: Case, n: int, round_no: int, record: bool) -> Reply | None:
        """`n` samples; recorded in round `round_no` when `record` (warm-up's are not). A
        slow op new to this process times its first op instead of running it untimed
        (as `prepare` does): kept if steady with the rest."""
        alloc = record and not case.memory.asked
        case.memory.asked = case.memory.asked or alloc
        cold = record and not case.ran_in_process and self.warms_itself(case.sampler)
        n += cold
        reply = self.bench(case, case.sampler.iters, n, alloc=alloc, warm=False if cold else None)
        if reply is None or not self.good_samples(case, reply, n):
            return None
        output_checks.check_sampled(case, reply)
        samples = reply.samples_ns or []
        if record:
            case.sampler.add(samples, round_no, cold=cold)
            self.clock.add_samples(samples)
            memory = case.memory
            if reply.alloc_bytes_per_op is not None:
                memory.alloc_bytes_per_op = reply.alloc_bytes_per_op
            if reply.peak_rss_bytes is not None:
                memory.peak_rss_bytes = reply.peak_rss_bytes
        case.last_reply = reply
        return reply

    @staticmethod
    def good_samples(case: Case, reply: Reply, n: int) -> bool:
        samples = reply.samples_ns
        if samples is None or len(samples) != n or any(s < 0 for s in samples):
            case.fail("failed", f"bad samples_ns in bench reply: {str(samples)[:80]}")
            return False
        return True
