"""Run a suite: for each group, verify then measure every implementation that supports
it, in interleaved rounds (A B C A B C …) so drift of the machine hits all alike.

With `processes` > 1 each case is measured in that many runner processes, one after
another, the group's cases interleaved within each: the first is the runner's main
process, which verifies and calibrates; every later one is a further process of the
runner (started once per run by the pool, runner/pool.py), where the case is new: its own
warm-up and its share of the budget. The record's interval holds the spread between
processes as well as within them.

Every case ends as one record: ok (verified, with statistics), unverified (the output
did not match the reference for the parameters it claims), failed (the runner erred,
crashed, hung or printed garbage), not_applicable (with why) or refused (e.g. memory).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hashbench import catalog, machine
from hashbench.engine import library_defaults
from hashbench.engine.sampler import TARGET_SAMPLE_NS, Sampler
from hashbench.engine.selection import Selection
from hashbench.engine.suite import Group
from hashbench.engine.time_spent import TimeSpent
from hashbench.engine.warmup import Warmup, window_for
from hashbench.measure.stats import across_processes, mb_per_s, per_op, relative_sd, spread
from hashbench.model import CaseRecord, Verification
from hashbench.runner.client import RunnerError, RunnerFault
from hashbench.runner.pool import Implementation, RunnerPool
from hashbench.verify import check, reference

NOISY_REL_STD = 0.10
DISAGREE_SPREAD = 0.05  # process medians further apart than this are flagged
RECALIBRATE = 0.25  # warm samples off their target length by more than this: new iters
WRONG_PASSWORD = b"not-the-password"
PRIMER_FACTOR = 16  # a primer op does about 1/16 of the case's work (_prime)
SELF_WARMING = 32  # an op lasting 1/32 of its budget share or more is its own warm-up


@dataclass
class Options:
    budget: float | None = None  # seconds per case; None = the suite's
    target_ci: float | None = None
    selection: Selection = field(default_factory=Selection)
    warmup_s: float = 0.5  # the warm-up cap per case and process (steady ends it sooner)
    round_s: float = 0.1  # sampling per implementation per round (one impl: one round will do)
    processes: int | None = None  # runner processes per case; None = the suite's


@dataclass
class Case:
    group_no: int
    group: Group
    impl: Implementation
    sampler: Sampler
    request: dict[str, Any] = field(default_factory=dict)
    status: str = "ok"
    reason: str = ""
    verdict: check.Verdict | None = None
    alloc: float | None = None
    rss: int | None = None
    warnings: list[str] = field(default_factory=list)
    last_reply: dict[str, Any] | None = None
    warmup_ns: float = 0.0
    warmup_steady: bool | None = None
    warm: bool = False  # the case has run in its current runner process
    warm_seed: list[int] = field(default_factory=list)  # warm calibration samples
    unproven: str | None = None  # a string whose parameters matched: recompute at group end
    alloc_asked: bool = False  # bytes per op are measured once per case

    def fail(self, status: str, reason: str) -> None:
        if self.status == "ok":
            self.status, self.reason = status, reason


class GroupRunner:
    """Runs groups against a started RunnerPool and hands each finished record to `emit`."""

    def __init__(
        self,
        pool: RunnerPool,
        options: Options,
        emit: Callable[[CaseRecord], None],
        progress: Callable[[str, float], None] | None = None,
        clock: TimeSpent | None = None,
    ):
        self.pool = pool
        self.options = options
        self.emit = emit
        self.progress = progress or (lambda _label, _seconds: None)
        self.loop_overhead: dict[str, float | None] = {}
        self.clock = clock or TimeSpent()
        # each measured case's relative sd between its processes' medians, this run so far
        self.process_sds: list[float] = []

    # -- per runner --------------------------------------------------------------------
    def measure_loop_overhead(self, runner: str) -> float | None:
        if runner not in self.loop_overhead:
            try:
                client = self.pool.clients[runner]
                reply = client.call("bench", op="noop", iters=100_000, samples=11)
                self.loop_overhead[runner] = float(np.median(reply["samples_ns"])) / reply["iters"]
            except (RunnerError, RunnerFault, KeyError):
                self.loop_overhead[runner] = None
        return self.loop_overhead[runner]

    # -- per group ---------------------------------------------------------------------
    def selected(self, group: Group) -> list[Implementation]:
        own = re.compile(group.impl_filter) if group.impl_filter else None
        return [
            impl
            for impl in self.pool.implementations.values()
            if self.options.selection.takes(impl.id, group) and (own is None or own.search(impl.id))
        ]

    def run_group(self, group_no: int, group: Group) -> None:
        budget = self.options.budget or group.budget
        target = group.target_ci if self.options.target_ci is None else self.options.target_ci
        processes = self.options.processes or group.processes
        cases = [
            Case(
                group_no,
                group,
                impl,
                Sampler(
                    budget * 1e9,
                    target,
                    group.min_samples,
                    self.options.round_s * 1e9,
                    processes=processes,
                ),
            )
            for impl in self.selected(group)
        ]
        if not cases:
            return
        free = machine.mem_available_bytes()
        runnable = []
        for case in cases:
            why = case.impl.supports(group.alg, group.op, group.mode)
            if not why and group.library_defaults:
                self.progress(f"{group.title()} · {case.impl.id} (its defaults)", 0)
                with self.clock.phase("verify"):
                    resolved, why = library_defaults.resolve(self.pool, case.impl, group)
                case.group = resolved or group
            need = 0 if why else catalog.memory_bytes(group.alg, case.group.param_dict)
            if why:
                case.fail("not_applicable", why)
            elif free is not None and need > 0.9 * free:
                case.fail(
                    "refused",
                    f"needs {need / 2**20:.0f} MiB for {group.alg}; {free / 2**20:.0f} MiB free",
                )
            else:
                runnable.append(case)
        for case in runnable:
            self.progress(f"{group.title()} · {case.impl.id} (verify)", 0)
            with self.clock.phase("verify"):
                self._prepare(case)
        measuring = [c for c in runnable if c.status == "ok"]
        round_no = 1  # round 0: the samples kept from calibration (_prepare)
        for process in range(processes):
            if process > 0:  # the first is the runner that verified and calibrated
                with self.clock.phase("restart"):
                    self._next_processes(measuring)
            with self.clock.phase("warm-up"):
                self._warmup(measuring, calibrate=process == 0)
            with self.clock.phase("sampling"):
                round_no = self._rounds(group, measuring, round_no)
            for case in measuring:
                dropped = case.sampler.settle_cold()
                if dropped is not None:
                    self.clock.drop_sample(dropped)
        with self.clock.phase("verify"):
            self._recompute(measuring)
        for case in measuring:
            if case.status == "ok":
                self._final_check(case)
        floor = self._process_sd_floor(measuring) if processes > 1 else None
        for case in cases:
            self.emit(self._record(case, floor))

    def _rounds(self, group: Group, measuring: list[Case], round_no: int) -> int:
        """Interleaved rounds (A B C A B C …) until every case of this process is done."""
        while any(self._wants_samples(c) for c in measuring):
            for case in measuring:
                if not self._wants_samples(case):
                    continue
                before = case.sampler.spent_ns
                self._sample(case, case.sampler.samples_for_round(), round_no, record=True)
                self.progress(
                    f"{group.title()} · {case.impl.id}", (case.sampler.spent_ns - before) / 1e9
                )
            round_no += 1
        return round_no

    @staticmethod
    def _wants_samples(case: Case) -> bool:
        """Until done, and at least one interleaved request per process: samples kept from
        warm-up alone may meet the target, but bytes per op and peak RSS come with a round."""
        sampler = case.sampler
        return case.status == "ok" and (not sampler.interleaved_here or not sampler.done())

    def _next_processes(self, cases: list[Case]) -> None:
        """Move these cases to their runners' next process (started on first use). From
        this thread: a runner dies with the thread that started it (PR_SET_PDEATHSIG), so
        a worker thread cannot start one."""
        live = [c for c in cases if c.status == "ok"]
        if not live:
            return
        process = live[0].sampler.process_no + 1
        runners = list(dict.fromkeys(c.impl.runner for c in live))
        faults = self.pool.start_processes(runners, process)
        for case in cases:
            if case.impl.runner in faults:
                why = faults[case.impl.runner]
                case.fail(
                    "failed", f"{case.impl.runner} process {process + 1} did not start: {why}"
                )
            case.sampler.start_process()
            case.warm = False

    # -- steps -------------------------------------------------------------------------
    def _call(self, case: Case, cmd: str, **fields: Any) -> dict[str, Any] | None:
        """One request; a runner fault or error reply ends the case (None is returned)."""
        try:
            client = self.pool.client_for(case.impl.id, case.sampler.process_no)
            return client.call(cmd, **fields)
        except RunnerFault as exc:
            case.fail("failed", f"runner {exc.kind}: {exc.message}")
        except RunnerError as exc:
            if exc.kind in ("unsupported", "invalid_params"):
                case.fail("not_applicable", f"{exc.kind}: {exc.message}")
            else:
                case.fail("failed", f"{exc.kind}: {exc.message}")
        return None

    def _prepare(self, case: Case) -> None:
        g = case.group
        req: dict[str, Any] = {"impl": case.impl.id, "op": g.op, "alg": g.alg, "mode": g.mode}
        if g.op == "digest":
            req["input_size"] = g.input_size
        else:
            req.update(params=g.param_dict, password=g.password.hex())
            if g.length is not None:
                req["length"] = g.length
            if g.op == "derive":
                req["salt"] = (g.salt or b"").hex()
        if g.op == "verify":
            made = self._call(
                case,
                "hash",
                impl=case.impl.id,
                alg=g.alg,
                params=g.param_dict,
                password=g.password.hex(),
                length=g.length,
            )
            if made is None:
                return
            self._take_verdict(case, self._read_back(case, made.get("encoded")))
            if case.status != "ok":
                return
            req["encoded"] = made["encoded"]
            wrong = self._call(
                case,
                "verify",
                impl=case.impl.id,
                alg=g.alg,
                params=g.param_dict,
                length=g.length,
                password=WRONG_PASSWORD.hex(),
                encoded=made["encoded"],
            )
            if wrong is None:
                return
            if wrong.get("valid") is not False:
                case.fail("unverified", "verify accepted a wrong password")
                return
        case.request = req
        # Two timed ops and no untimed one: for a slow op the first, cold, stands in for
        # the warm-up op and is kept if steady (_keep_first); a fast op calibrates on the
        # second and warms up later (_warmup).
        reply = self._bench(case, iters=1, samples=2, warm=False)
        if reply is None:
            return
        self._verify_reply(case, reply)
        if case.status != "ok":
            return
        if not self._good_samples(case, reply, 2):
            return
        sampler = case.sampler
        sampler.calibrate(reply["samples_ns"][-1], reply["iters"])
        warm = reply["samples_ns"][1:]  # the first op ran cold
        first = True  # this reply's first sample is the case's cold first op
        while sampler.needs_recalibration and case.status == "ok":
            reply = self._bench(case, iters=sampler.iters, samples=1)
            if reply is None:
                return
            sampler.calibrate(reply["samples_ns"][0], reply["iters"])
            warm = reply["samples_ns"]
            first = False
        if reply["iters"] != sampler.iters:
            return
        if self._warms_itself(sampler):
            # A slow op: these verified samples are as good as any later one (the
            # warm-up is skipped for such ops): keep them, the cold first one while it
            # is as warm as the rest (settled when the process has sampled).
            sampler.add(reply["samples_ns"], 0, cold=first)
            self.clock.add_samples(reply["samples_ns"])
        else:  # the start of its warm-up curve (_warmup)
            case.warm_seed = warm

    def _verify_reply(self, case: Case, reply: dict[str, Any]) -> None:
        g = case.group
        if g.op == "digest":
            verdict = check.check_digest(
                g.alg, reference.pattern(g.input_size or 0), reply.get("output")
            )
        elif g.op == "derive":
            verdict = check.check_derive(
                g.alg, g.password, g.salt or b"", g.param_dict, g.length or 32, reply.get("output")
            )
        elif g.op in ("hash", "hash_verify"):
            verdict = self._read_back(case, reply.get("encoded"))
            if verdict.ok and g.op == "hash_verify" and reply.get("valid") is not True:
                verdict = check.Verdict(False, "self", "hash_verify reported valid=false")
        else:  # verify: the string was checked in _prepare; the timed op must accept it
            verdict = case.verdict or check.Verdict(False, "none", "no encoded string")
            if reply.get("valid") is not True:
                verdict = check.Verdict(False, "self", f"verify returned {reply.get('valid')!r}")
        self._take_verdict(case, verdict)

    def _read_back(self, case: Case, encoded: Any) -> check.Verdict:
        """A hash string's parameters, read back now; its recomputation by the reference
        (as long as the hash itself) waits for the group's end (_recompute), where no
        runner is measuring and the strings are checked side by side on every core."""
        g = case.group
        verdict = check.check_encoded(
            g.alg, g.password, g.param_dict, g.length, encoded, recompute=False
        )
        if verdict.ok and verdict.method == "parse":  # read back: still to recompute
            case.unproven = encoded
        return verdict

    def _recompute(self, cases: list[Case]) -> None:
        """Each case's first string through the reference: a case whose string it rejects
        ends unverified, whatever was measured."""
        todo = [c for c in cases if c.status == "ok" and c.unproven is not None]
        if not todo:
            return

        def proven(case: Case) -> check.Verdict:
            g = case.group
            return check.check_encoded(g.alg, g.password, g.param_dict, g.length, case.unproven)

        self.progress(f"{todo[0].group.title()} · recomputing {len(todo)} strings (verify)", 0)
        with ThreadPoolExecutor(max_workers=self._recompute_workers(todo)) as pool:
            verdicts = list(pool.map(proven, todo))  # ctypes lets go of the GIL
        for case, verdict in zip(todo, verdicts, strict=True):
            case.unproven = None
            self._take_verdict(case, verdict)

    @staticmethod
    def _recompute_workers(todo: list[Case]) -> int:
        """One per core, as many as half the free memory holds (argon2 at 1 GiB)."""
        workers = min(len(todo), os.cpu_count() or 1)
        need = max(catalog.memory_bytes(c.group.alg, c.group.param_dict) for c in todo)
        free = machine.mem_available_bytes()
        if need > 0 and free is not None:
            workers = min(workers, int(free / 2 // need))
        return max(1, workers)

    def _take_verdict(self, case: Case, verdict: check.Verdict) -> None:
        case.verdict = verdict
        if not verdict.ok:
            case.fail("unverified", verdict.detail)
        elif verdict.note and verdict.note not in case.warnings:
            case.warnings.append(verdict.note)

    def _warmup(self, cases: list[Case], calibrate: bool) -> None:
        """Unrecorded samples per case until its time per op is steady (engine/warmup.py),
        up to the warm-up cap. On the first process, the first window re-calibrates iters
        when its samples came out far from their target length: the first estimate was one
        cold op, a warm batch tells the truth. A slow op is its own warm-up
        (_warms_itself). The first process's curve starts with the warm calibration
        samples (_prepare), and a steady end's last window is kept as the case's first
        samples (Warmup.steady_tail)."""
        for case in cases:
            if case.status != "ok":
                continue
            self.progress(f"{case.group.title()} · {case.impl.id} (warm-up)", 0)
            sampler = case.sampler
            if self._warms_itself(sampler):
                continue
            sample_ns = sampler.per_op_estimate * sampler.iters
            cap = min(self.options.warmup_s * 1e9, sampler.share_ns / 2)
            warm = Warmup(cap, window_for(cap, sample_ns))
            seed = case.warm_seed if calibrate else []
            warm.add(seed, sampler.iters)  # timed in _prepare: not counted again below
            retune = calibrate
            while not warm.done():
                reply = self._sample(case, warm.window, -1, record=False)
                if reply is None or case.status != "ok":
                    break
                warm.add(reply["samples_ns"], sampler.iters)
                typical = warm.typical_sample_ns(sampler.iters)
                if retune and abs(typical / TARGET_SAMPLE_NS - 1) > RECALIBRATE:
                    sampler.calibrate(int(typical), sampler.iters)
                retune = False
            case.warmup_ns += warm.spent_ns - sum(seed)
            case.warmup_steady = warm.steady and case.warmup_steady is not False
            kept = warm.steady_tail(sampler.iters)  # as warm as any later sample
            sampler.add(kept, 0)
            self.clock.add_samples(kept)

    def _bench(
        self, case: Case, iters: int, samples: int, alloc: bool = False, warm: bool | None = None
    ) -> dict[str, Any] | None:
        """One bench request. Only a case's first request in a runner process runs the
        op once untimed first (`warm`, unless told otherwise); bytes per op are asked for
        once per case (`alloc`): both would otherwise cost an op or more per request, in
        every round."""
        if not case.warm:
            self._prime(case)
            if case.status != "ok":
                return None
        reply = self._call(
            case,
            "bench",
            **case.request,
            iters=iters,
            samples=samples,
            warm=not case.warm if warm is None else warm,
            alloc=alloc,
        )
        if reply is not None:
            case.warm = True
        return reply

    def _prime(self, case: Case) -> None:
        """Before a password case's first op in a runner process: one untimed op of the
        same code at about 1/16 of its work (catalog.cheaper), so a JIT compiles it there
        and the case's first timed op runs warm (kept by Sampler.settle_cold, not dropped).
        A library that refuses the cheaper parameters is not primed; a runner fault
        ends the case as any other would."""
        g = case.group
        cheaper = None if g.op == "verify" else catalog.cheaper(g.alg, g.param_dict, PRIMER_FACTOR)
        if cheaper is None or g.library_defaults:
            return
        try:
            client = self.pool.client_for(case.impl.id, case.sampler.process_no)
            request = {**case.request, "params": cheaper}
            client.call("bench", **request, iters=1, samples=1, warm=False, alloc=False)
        except RunnerError:
            pass
        except RunnerFault as exc:
            case.fail("failed", f"runner {exc.kind}: {exc.message}")

    def _warms_itself(self, sampler: Sampler) -> bool:
        """An op whose sample takes 1/SELF_WARMING of the budget share or more is its own
        warm-up (or warm-up is off): primed (_prime), its first timed op kept when as warm
        as the rest (Sampler.settle_cold), where a warm-up of windows of two such samples
        would seldom pass its 3% test on a noisy machine and cost the case half its share."""
        sample_ns = sampler.per_op_estimate * sampler.iters
        return sample_ns >= sampler.share_ns / SELF_WARMING or self.options.warmup_s <= 0

    def _sample(self, case: Case, n: int, round_no: int, record: bool) -> dict[str, Any] | None:
        alloc = record and not case.alloc_asked
        case.alloc_asked = case.alloc_asked or alloc
        # A slow op new to this process times its first op instead of running it untimed
        # (as _prepare does): kept if steady with the rest.
        cold = record and not case.warm and self._warms_itself(case.sampler)
        n += cold
        reply = self._bench(case, case.sampler.iters, n, alloc=alloc, warm=False if cold else None)
        if reply is None or not self._good_samples(case, reply, n):
            return None
        samples = reply["samples_ns"]
        if case.group.op in ("digest", "derive"):
            self._verify_reply(case, reply)  # cheap: compare with the cached reference
        elif case.group.op in ("verify", "hash_verify") and reply.get("valid") is not True:
            case.fail("unverified", f"timed verify returned {reply.get('valid')!r}")
        if record:
            case.sampler.add(samples, round_no, cold=cold)
            self.clock.add_samples(samples)
            case.alloc = reply.get("alloc_bytes_per_op", case.alloc)
            case.rss = reply.get("peak_rss_bytes", case.rss)
        case.last_reply = reply
        return reply

    def _good_samples(self, case: Case, reply: dict[str, Any], n: int) -> bool:
        samples = reply.get("samples_ns")
        if (
            not isinstance(samples, list)
            or len(samples) != n
            or not all(isinstance(s, int) and s >= 0 for s in samples)
        ):
            case.fail("failed", f"bad samples_ns in bench reply: {str(samples)[:80]}")
            return False
        return True

    def _final_check(self, case: Case) -> None:
        """Hash replies carry a fresh salt each time: the last one must carry the asked
        parameters too. Read back, not recomputed: the case's first string was recomputed
        by the reference (_prepare), and recomputing costs a whole hash again."""
        reply, g = case.last_reply, case.group
        if g.op not in ("hash", "hash_verify") or reply is None:
            return
        verdict = check.check_encoded(
            g.alg, g.password, g.param_dict, g.length, reply.get("encoded"), recompute=False
        )
        if not verdict.ok:
            case.fail("unverified", f"the last hash: {verdict.detail}")
        elif g.op == "hash_verify" and reply.get("valid") is not True:
            case.fail("unverified", "hash_verify reported valid=false")

    # -- records -----------------------------------------------------------------------
    def _process_sd_floor(self, cases: list[Case]) -> float | None:
        """The median, over every case of this run so far, of the relative sd between its
        processes' medians: no case's between-process spread is taken as smaller (three
        medians can agree by chance; the machine's noise does not go away)."""
        for case in cases:
            if case.status == "ok":
                per_process = case.sampler.process_samples()
                sd = relative_sd([float(np.median(x)) for x in per_process if len(x)])
                if sd is not None:
                    self.process_sds.append(sd)
        return float(np.median(self.process_sds)) if self.process_sds else None

    def _record(self, case: Case, sd_floor: float | None = None) -> CaseRecord:
        g, impl, s = case.group, case.impl, case.sampler
        stats = None
        warnings = list(case.warnings)
        mbps = None
        medians: list[float] = []
        if case.status == "ok" and s.samples:
            per_process = [per_op(x, s.iters) for x in s.process_samples()]
            stats = across_processes(per_process, floor=sd_floor or 0.0)
            if s.processes > 1:
                medians = [float(np.median(x)) for x in per_process]
                apart = spread(medians)
                if apart is not None and apart > DISAGREE_SPREAD:
                    warnings.append(
                        f"processes disagree: their medians span {apart:.0%} of the median"
                    )
            if stats.rel_std >= NOISY_REL_STD:
                warnings.append(f"noisy: std dev is {stats.rel_std:.0%} of the mean")
            if stats.n < g.min_samples:
                warnings.append(f"too few samples ({stats.n} < {g.min_samples}): raise --budget")
            if 0 < s.target_ci < stats.median_ci_rel_halfwidth:
                warnings.append(
                    f"median CI ±{stats.median_ci_rel_halfwidth:.1%} wider "
                    f"than the ±{s.target_ci:.0%} target"
                )
            if g.input_size:
                mbps = mb_per_s(g.input_size, stats.median)
        elif case.status == "ok":
            case.status, case.reason = "failed", "no samples"
        info = impl.info
        verdict = case.verdict
        return CaseRecord(
            group=case.group_no,
            group_title=g.title(),
            impl=impl.id,
            runner=impl.runner,
            library=str(info.get("library", "")),
            version=str(info.get("version", "")),
            backend=str(info.get("backend", "")),
            runtime=self.pool.runtime(impl.runner),
            alg=g.alg,
            op=g.op,  # type: ignore[arg-type]
            params=g.param_dict,
            length=g.length,
            input_size=g.input_size,
            mode=g.mode,  # type: ignore[arg-type]
            library_defaults=g.library_defaults,
            status=case.status,  # type: ignore[arg-type]
            reason=case.reason,
            verification=Verification(verdict.ok, verdict.method, verdict.detail)
            if verdict
            else None,
            iters=s.iters if s.samples else None,
            samples_ns=list(s.samples),
            sample_rounds=list(s.rounds),
            stats=stats,
            mb_per_s=mbps,
            alloc_bytes_per_op=case.alloc if stats else None,
            peak_rss_bytes=case.rss if stats else None,
            loop_overhead_ns=self.loop_overhead.get(impl.runner),
            stop=s.stop_reason,
            warnings=warnings,
            warmup_ns=case.warmup_ns if case.warmup_steady is not None else None,
            warmup_steady=case.warmup_steady,
            processes=s.processes,
            sample_processes=list(s.sample_processes) if s.processes > 1 else [],
            process_medians_ns=medians,
            process_spread=spread(medians),
            process_sd_floor=sd_floor if medians else None,
        )
