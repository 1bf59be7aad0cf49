"""A real PostgreSQL for the tests: a throwaway cluster in a temporary folder, started once per
test session and removed at its end (also when tests fail), and a fresh database per test.

    def test_something(pg_database: str) -> None:  # postgresql://postgres@127.0.0.1:PORT/test_3
        ...

The server binaries are found through `PG_BIN` or in /usr/lib/postgresql/*/bin (the newest).
Without them the tests that need PostgreSQL are skipped, with the reason; in CI (`CI` set) they
fail instead: nothing is skipped there. initdb refuses to run as root, so as root the cluster is
created and run as `nobody`, in a folder given to it.

The cluster trades safety for speed (fsync and full-page writes off): it lives for one session.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

USER = "postgres"
START_ATTEMPTS = 3  # a free port may be taken between finding it and the server binding it
_numbers = itertools.count(1)


def binaries() -> Path | None:
    """The folder of initdb, pg_ctl and postgres, or None when PostgreSQL is not installed."""
    given = os.environ.get("PG_BIN")
    candidates = [Path(given)] if given else []
    installed = Path("/usr/lib/postgresql").glob("*/bin")
    candidates += sorted(installed, key=lambda p: _version(p.parent.name), reverse=True)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres", "psql")):
            return folder
    return None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def _as_owner() -> list[str]:
    """The prefix that runs a server command as the cluster's owner: `nobody` when we are
    root (initdb refuses root), nobody else otherwise."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv"):
        return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--reset-env"]
    return ["runuser", "-u", "nobody", "--"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Cluster:
    """A running PostgreSQL cluster on localhost."""

    bin: Path
    folder: Path
    port: int

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def sql(self, statement: str) -> None:
        """Run one statement as the superuser in the `postgres` database."""
        command = [str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1"]
        subprocess.run(
            [*command, "-d", self.url(USER), "-c", statement],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def create_database(self, name: str | None = None) -> str:
        """A new, empty database (from template0); returns its URL."""
        name = name or f"test_{next(_numbers)}"
        self.sql(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop the database, closing whatever connections a test left open to it."""
        self.sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    @classmethod
    def start(cls, bin: Path, *, durable: bool = False) -> Cluster:
        """Create and start a cluster. `durable` (benchmarks): fsync and full-page writes on,
        commits not waiting for their flush, as SQLite's WAL at `synchronous = NORMAL` (an
        operating system crash may lose the last commits, never the database); otherwise
        (tests) nothing is flushed at all."""
        folder = Path(tempfile.mkdtemp(prefix="domino-pg-"))
        try:
            if os.geteuid() == 0:
                shutil.chown(folder, "nobody", "nogroup")
            run = _as_owner()
            initdb = [*run, str(bin / "initdb"), "-D", str(folder / "data"), "-A", "trust"]
            subprocess.run(
                [*initdb, "-U", USER, "--locale=C", "-E", "UTF8", "--no-sync"],
                check=True,
                capture_output=True,
                timeout=120,
            )
            for attempt in range(START_ATTEMPTS):
                cluster = cls(bin, folder, _free_port())
                safety = "" if durable else " -c fsync=off -c full_page_writes=off"
                options = (
                    f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1"
                    f" -c synchronous_commit=off -c max_connections=300{safety}"
                )
                pg_ctl = [*run, str(bin / "pg_ctl"), "-D", str(cluster.data), "-w", "-t", "60"]
                started = subprocess.run(
                    [*pg_ctl, "-l", str(folder / "server.log"), "-o", options, "start"],
                    capture_output=True,
                    timeout=120,
                )
                if started.returncode == 0:
                    return cluster
                if attempt + 1 == START_ATTEMPTS:
                    log = (folder / "server.log").read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"PostgreSQL did not start: {started.stderr!r}\n{log}")
            raise AssertionError("unreachable")  # pragma: no cover
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        try:
            pg_ctl = [*_as_owner(), str(self.bin / "pg_ctl"), "-D", str(self.data)]
            subprocess.run(
                [*pg_ctl, "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=60,
            )
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _unavailable(reason: str) -> None:
    """Without PostgreSQL: fail in CI (nothing is skipped there), skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is needed in CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL is not available: {reason}")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster for the whole session, removed at its end."""
    folder = binaries()
    if folder is None:
        _unavailable("no initdb/pg_ctl/postgres in $PG_BIN or /usr/lib/postgresql/*/bin")
        raise AssertionError("unreachable")  # pragma: no cover
    cluster = Cluster.start(folder)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_database(pg_cluster: Cluster) -> Iterator[str]:
    """The URL of a fresh, empty database, dropped after the test."""
    name = f"test_{next(_numbers)}"
    url = pg_cluster.create_database(name)
    try:
        yield url
    finally:
        pg_cluster.drop_database(name)
