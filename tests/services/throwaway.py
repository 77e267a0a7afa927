"""Throwaway PostgreSQL and Redis servers in a temp folder, for the services tests and the bench.

PostgreSQL: ``initdb`` + ``pg_ctl`` from the machine's server binaries, a free port, the unix
socket in the temp folder, durability switched off (the data is thrown away). ``initdb`` refuses
to run as root, so when the tests run as root the cluster is created and run as ``nobody`` (via
``runuser``) in a folder owned by that user. Redis: ``redis-server`` on a free port, no persistence.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

PG_BIN_DIRS = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)


class Unavailable(RuntimeError):
    """The service cannot be started on this machine (the message says why)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_tool(name: str) -> str:
    for folder in PG_BIN_DIRS:
        if os.access(os.path.join(folder, name), os.X_OK):
            return os.path.join(folder, name)
    found = shutil.which(name)
    if found:
        return found
    raise Unavailable(f"PostgreSQL's {name} was not found (looked in {PG_BIN_DIRS} and PATH)")


def _as_owner(user: str | None) -> list[str]:
    if user is None:
        return []
    runuser = shutil.which("runuser") or shutil.which("setpriv")
    if runuser is None:
        raise Unavailable("running as root and neither runuser nor setpriv exists to drop to a user")
    if runuser.endswith("runuser"):
        return [runuser, "-u", user, "--"]
    entry = pwd.getpwnam(user)
    return [runuser, f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups"]


class Postgres:
    """A PostgreSQL cluster in its own temp folder; ``url`` points at database ``meeplehall``."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="mh-pg-"))
        self.port = free_port()
        self.owner = "nobody" if os.geteuid() == 0 else None
        self.data = self.folder / "data"
        self.url = f"postgres://postgres@{quote(str(self.folder), safe='')}:{self.port}/meeplehall"

    def start(self) -> Postgres:
        initdb, pg_ctl = _pg_tool("initdb"), _pg_tool("pg_ctl")
        prefix = _as_owner(self.owner)
        if self.owner:
            entry = pwd.getpwnam(self.owner)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        os.chmod(self.folder, 0o755)
        self._run(prefix + [initdb, "-D", str(self.data), "-U", "postgres", "-A", "trust",
                            "-E", "UTF8", "--no-sync", "--locale=C"])
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=1000")
        self._run(prefix + [pg_ctl, "-D", str(self.data), "-l", str(self.folder / "postgres.log"),
                            "-w", "-t", "30", "-o", options, "start"])
        self._run(prefix + [_pg_tool("createdb"), "-h", str(self.folder), "-p", str(self.port),
                            "-U", "postgres", "meeplehall"])
        return self

    def _run(self, args: list[str]) -> None:
        done = subprocess.run(args, cwd=self.folder, capture_output=True, text=True)
        if done.returncode:
            raise Unavailable(f"{' '.join(args[:6])}... failed: {done.stderr.strip() or done.stdout.strip()}")

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(_as_owner(self.owner) + [_pg_tool("pg_ctl"), "-D", str(self.data),
                                                     "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> Redis:
        server = shutil.which("redis-server")
        if server is None:
            raise Unavailable("redis-server is not installed (`make services-deps` installs it)")
        self.process = subprocess.Popen(
            [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--protected-mode", "no", "--maxclients", "10000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise Unavailable("redis-server did not answer PING within 10 seconds")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
