"""A real PostgreSQL server for the fleet tests: Debian's postgresql package, a cluster
made with initdb in a temporary directory, listening on a loopback port, stopped after."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(cmd: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: run them as the package's user."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


class Cluster:
    """A throwaway cluster the fleet tests can stop, start again, and talk to as its
    superuser `bench` (for roles, locks and the sessions of others)."""

    def __init__(self, bin_dir: Path, root: Path, port: int):
        self.bin_dir, self.root, self.port = bin_dir, root, port
        self.data = root / "data"
        self.url = self.url_for("bench")

    def url_for(self, role: str) -> str:
        return f"postgresql://{role}@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run(
            _as_postgres([str(self.bin_dir / "pg_ctl"), "-D", str(self.data), *args]),
            check=check, capture_output=True,
        )  # fmt: skip

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"
        self._ctl("-l", str(self.root / "server.log"), "-w", "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "-w", "stop", check=False)

    def sql(self, statement: str, *args: object) -> list[tuple[object, ...]]:
        """One statement as the superuser, committed; its rows if it returns any."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            cur = db.execute(statement, args or None)
            return cur.fetchall() if cur.description else []


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A fresh server; stopped and removed afterwards."""
    bin_dir = binaries()
    assert bin_dir is not None
    root = Path(tempfile.mkdtemp(prefix="hashbench-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        root.chmod(0o700)
    subprocess.run(
        _as_postgres([str(bin_dir / "initdb"), "-D", str(root / "data"), "-U", "bench",
                      "--auth=trust", "-E", "UTF8"]),
        check=True, capture_output=True,
    )  # fmt: skip
    pg = Cluster(bin_dir, root, _free_port())
    pg.start()
    try:
        yield pg
    finally:
        pg.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def server() -> Iterator[str]:
    """Yield a postgresql:// URL of a fresh server; stop and remove it afterwards."""
    with cluster() as pg:
        yield pg.url
