"""A real PostgreSQL for the tests: a cluster of its own, made with ``initdb`` in a
temporary folder, started with ``pg_ctl`` on a free loopback port, stopped at the end.

Run as root (as CI runs), the cluster belongs to the unprivileged user ``nobody``, since
PostgreSQL refuses to run as root. Where PostgreSQL is not installed, or the cluster
cannot start, the tests that need it skip and say why.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from server_helpers import free_port

__all__ = ["Postgres", "find_binaries", "start_postgres"]

_NUMBERS = itertools.count(1)


def find_binaries() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and ``psql``: Debian's, or on the PATH."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("pg_ctl")
    return Path(found).parent if found and shutil.which("initdb") else None


@dataclass
class Postgres:
    """A running cluster: its port, its folder, and the user it runs as."""

    binaries: Path
    folder: Path
    port: int
    user: str | None

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database of the cluster; its address."""
        name = f"store_{os.getpid()}_{next(_NUMBERS)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL as the cluster's superuser; what it printed."""
        result = subprocess.run(
            [str(self.binaries / "psql"), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", self.url(database)],
            input=sql,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        return result.stdout

    def stop(self) -> None:
        subprocess.run(
            [str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
            user=self.user,
            group=_group(self.user),
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _group(user: str | None) -> int | None:
    """The group a PostgreSQL program runs in, as ``user`` (when the tests run as root)."""
    return pwd.getpwnam(user).pw_gid if user else None


def _run(command: list[str], folder: Path, user: str | None) -> subprocess.CompletedProcess[str]:
    """One of PostgreSQL's programs, run in the cluster's folder as its user."""
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"},
        cwd=folder,
        check=False,
        user=user,
        group=_group(user),
    )


def start_postgres() -> Postgres | str:
    """A cluster of its own, started; or why there is none."""
    binaries = find_binaries()
    if binaries is None:
        return "PostgreSQL is not installed (Debian's postgresql package provides initdb and pg_ctl)"
    user = "nobody" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="splendor-postgres-"))
    if user is not None:
        os.chown(folder, pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid)
    port = free_port()
    data = folder / "data"
    made = _run(
        [str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
        folder,
        user,
    )
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return f"initdb failed: {made.stderr.strip()[-300:]}"
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    command = [str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"]
    started = _run(command, folder, user)
    if started.returncode != 0:
        log = (folder / "log").read_text(errors="replace")[-300:] if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        return f"pg_ctl could not start PostgreSQL: {started.stderr.strip()[-200:]} {log}"
    return Postgres(binaries, folder, port, user)
