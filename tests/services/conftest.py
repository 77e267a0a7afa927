"""Real servers for the services tests: a throwaway PostgreSQL, a Redis, and daphne processes.

``backend`` runs each test twice: on the embedded default (a SQLite file + the in-memory channel
layer, one process) and on the scale-out services (PostgreSQL + channels-redis). Each backend's
database is created and migrated once per session, the way ``make run`` does it; every test makes
its own users and tables, so tests share it without interfering.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import ROOT, Portal, portal_env, prepare_database
from tests.services.throwaway import Postgres, Redis, Unavailable


@dataclass
class Backend:
    name: str
    database_url: str
    redis_url: str
    folder: Path

    def env(self, **extra) -> dict:
        env = portal_env(self.database_url, self.redis_url, MEEPLEHALL_VAR=str(self.folder))
        env.update({key: str(value) for key, value in extra.items()})
        return env

    def portal(self, clock_interval: float = 0, port: int | None = None) -> Portal:
        """A daphne process on this backend (not started yet)."""
        return Portal(self.env(CLOCK_INTERVAL=str(clock_interval)), port=port)

    def manage(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env(),
                              capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def postgres():
    server = Postgres()
    try:
        server.start()
    except Unavailable as exc:
        server.stop()
        pytest.skip(f"cannot start a throwaway PostgreSQL: {exc}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis():
    server = Redis()
    try:
        server.start()
    except Unavailable as exc:
        pytest.skip(f"cannot start a throwaway Redis: {exc}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def services_backend(postgres, redis):
    folder = Path(tempfile.mkdtemp(prefix="mh-services-"))
    backend = Backend("services", postgres.url, redis.url, folder)
    prepare_database(backend.env())
    yield backend
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def embedded_backend():
    folder = Path(tempfile.mkdtemp(prefix="mh-embedded-"))
    backend = Backend("embedded", f"sqlite:///{folder}/portal.sqlite3", "", folder)
    prepare_database(backend.env())
    yield backend
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session", params=["embedded", "services"])
def backend(request):
    return request.getfixturevalue(f"{request.param}_backend")


@pytest.fixture(scope="session")
def portal(backend):
    """One long-lived server per backend, clock sweeper off, for tests that do not kill it."""
    server = backend.portal().start()
    yield server
    server.stop()


@pytest.fixture
def name():
    """Unique user names: every test shares its backend's database."""
    return lambda prefix: f"{prefix}{uuid.uuid4().hex[:8]}"
