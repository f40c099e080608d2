"""All available runners, started once for a run; implementations looked up by id.

A runner whose toolchain is missing or that is not built is recorded as unavailable with
the reason (never a silent gap). A runner that faults is restarted for the next case.

With several processes per case, process k > 0 of a runner is a further client started
the first time a group needs it and kept for the rest of the run: each case still runs in
k distinct processes, and a run pays for k − 1 extra starts per runner, not per group.

Only the runner process being asked runs: the others are stopped (SIGSTOP) while idle
(`Placement.pause_idle`). A JVM, V8 or GHC runtime keeps working after its reply —
compiling, collecting, its timers — on the CPU the runners share; stopped, that work
happens in its own requests instead of another runner's samples. Measured once (an ad
hoc PBKDF2 run at three processes): samples over 1.5× their case's fastest 15 of 262 →
7 of 265. Most slowed samples on this VM come from outside it (a CPU lost to other
guests for seconds: measure/compare.py's `fast_half`), which no placement removes.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from rich.console import Console

from hashbench.runner.build import build_one
from hashbench.runner.client import RunnerClient
from hashbench.runner.manifest import Manifest, load_all
from hashbench.runner.placement import Placement
from hashbench.runner.protocol import Hello, ImplementationInfo, Reply, Request, RunnerError


@dataclass(frozen=True)
class Implementation:
    """An implementation served by a started runner: its hello entry, and the runner."""

    id: str
    runner: str
    info: ImplementationInfo

    def why_unsupported(self, alg: str, op: str, mode: str) -> str | None:
        return self.info.why_unsupported(alg, op, mode)


@dataclass
class RunnerPool:
    manifests: list[Manifest] = field(default_factory=load_all)
    clients: dict[str, RunnerClient] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)
    implementations: dict[str, Implementation] = field(default_factory=dict)
    extra_processes: dict[tuple[str, int], RunnerClient] = field(default_factory=dict)
    placement: Placement = field(default_factory=Placement)
    _active: RunnerClient | None = None

    def start(self, only: set[str] | None = None) -> None:
        wanted = [m for m in self.manifests if only is None or m.name in only]
        # each check starts a toolchain (`java -version`, `ghc --version`, …): side by side
        with ThreadPoolExecutor(max_workers=4) as checks:
            problems = list(checks.map(Manifest.toolchain_problem, wanted))
        for manifest, problem in zip(wanted, problems, strict=True):
            if problem is None and not manifest.is_built():
                problem = self._build_on_demand(manifest, only)
            if problem:
                self.unavailable[manifest.name] = problem
                continue
            client = RunnerClient(manifest, placement=self.placement)
            try:
                client.launch()
            except RunnerError as exc:
                self.unavailable[manifest.name] = f"failed to start: {exc}"
                continue
            self.clients[manifest.name] = client
        for name, client in list(self.clients.items()):  # they start side by side
            try:
                hello = client.await_hello()
            except RunnerError as exc:
                self.unavailable[name] = f"failed to start: {exc}"
                del self.clients[name]
                continue
            for info in hello.implementations:
                self.implementations[info.id] = Implementation(info.id, name, info)
        self._pause_all()

    def _build_on_demand(self, manifest: Manifest, only: set[str] | None) -> str | None:
        """An on-demand runner this start names (a run that needs it) is built now; None
        once built, else why it cannot start."""
        if not manifest.on_demand or only is None or manifest.name not in only:
            return manifest.not_built()
        if build_one(manifest, Console(stderr=True)) and manifest.is_built():
            return None
        return f"its on-demand build failed (`hashbench build {manifest.name}` says why)"

    def client_for(self, impl_id: str, process: int = 0) -> RunnerClient:
        """The client of the implementation's runner serving process number `process`
        (started by `start_processes`); a dead one is restarted."""
        runner = self.implementations[impl_id].runner
        client = self.clients[runner] if process == 0 else self.extra_processes[(runner, process)]
        if not client.alive:
            client.restart()
        self._focus(client)
        return client

    def request(self, impl_id: str, process: int, request: Request) -> Reply:
        """The reply of the implementation's runner, process number `process`; an error
        reply or a runner fault raises RunnerError."""
        return self.client_for(impl_id, process).call(request)

    def loop_overhead_ns(self, runner: str) -> float:
        client = self.clients[runner]
        self._focus(client)
        return client.loop_overhead_ns()

    def launches(self, runner: str, process: int) -> int:
        """Starts of the runner's process number `process`, the restart its next request
        will make counted already when it has died (`client_for`)."""
        client = self.clients.get(runner) if process == 0 else None
        client = client or self.extra_processes.get((runner, process))
        if client is None:
            return 0
        return client.launches + (not client.alive)

    def start_processes(self, runners: list[str], process: int) -> dict[str, str]:
        """Make sure each runner has a client for process number `process` (> 0), launched
        side by side; returns {runner: why} for those that failed to start."""
        faults: dict[str, str] = {}
        started = []
        for runner in runners:
            if (runner, process) in self.extra_processes:
                continue
            client = RunnerClient(self.clients[runner].manifest, placement=self.placement)
            try:
                client.launch()
            except RunnerError as exc:
                faults[runner] = str(exc)
                continue
            started.append((runner, client))
        for runner, client in started:
            try:
                client.await_hello()
            except RunnerError as exc:
                faults[runner] = str(exc)
                continue
            self.extra_processes[(runner, process)] = client
        self._pause_all()
        return faults

    def hello(self, runner: str) -> Hello | None:
        """The hello of a started runner's main process."""
        client = self.clients.get(runner)
        return client.hello if client else None

    def warmup_floor_ns(self, runner: str) -> float:
        manifest = next((m for m in self.manifests if m.name == runner), None)
        return manifest.jit_warmup_s * 1e9 if manifest else 0.0

    def jit(self, runner: str) -> bool:
        manifest = next((m for m in self.manifests if m.name == runner), None)
        return bool(manifest and manifest.jit)

    def runtime(self, runner: str) -> str:
        hello = self.hello(runner)
        return hello.runtime if hello else ""

    def _focus(self, client: RunnerClient) -> None:
        """Let `client` run and stop the one that ran before it."""
        if self.placement.pause_idle and self._active is not None and self._active is not client:
            self._active.pause()
        self._active = client
        client.resume()

    def _pause_all(self) -> None:
        if not self.placement.pause_idle:
            return
        for client in [*self.clients.values(), *self.extra_processes.values()]:
            if client is not self._active:
                client.pause()

    def close(self) -> None:
        for client in [*self.clients.values(), *self.extra_processes.values()]:
            client.close()

    def __enter__(self) -> RunnerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
