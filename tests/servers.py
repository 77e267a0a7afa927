"""Starting real portal processes (daphne) for end-to-end and multi-process tests.

Each server gets its own environment: a database URL (a throwaway SQLite file by default), an
optional REDIS_URL, and a port. Migrations run first, as `make run` does.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def portal_env(database_url: str, redis_url: str = "", **extra) -> dict:
    env = dict(os.environ)
    env.update(DATABASE_URL=database_url, REDIS_URL=redis_url, DEBUG="1",
               DJANGO_SETTINGS_MODULE="config.settings", CLOCK_INTERVAL="1", BOT_PACE="0")
    env.update(extra)
    if not redis_url:
        env.pop("REDIS_URL")
    return env


def prepare_database(env: dict) -> None:
    for args in (["migrate", "--no-input", "-v0"], ["createcachetable"]):
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


class Portal:
    def __init__(self, env: dict, port: int | None = None,
                 application: str = "config.asgi:application"):
        self.env, self.application = env, application
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log = open(ROOT / "var" / f"daphne-{self.port}.log", "ab")

    def start(self) -> Portal:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             self.application],
            cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited with {self.process.returncode}")
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("daphne did not answer within 30 seconds")

    def kill(self, sig=signal.SIGTERM) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, and SIGKILL when the process is still finishing work 10 s later (a bot
        thinking), so no server outlives the test or bench that started it."""
        try:
            self.kill()
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
        self.log.close()


@contextmanager
def running_portal(env: dict):
    portal = Portal(env).start()
    try:
        yield portal
    finally:
        portal.stop()


class Inbox:
    """A real SMTP server's mailbox: what the server on the loopback received, one parsed message
    per delivery (aiosmtpd handler)."""

    def __init__(self):
        import threading

        self.messages: list = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        import email
        from email import policy

        message = email.message_from_bytes(envelope.content, policy=policy.default)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        with self.lock:
            self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in m["X-Envelope-To"]]


@contextmanager
def smtp_server():
    """(inbox, port) of an SMTP server (aiosmtpd) listening on the loopback until the block ends."""
    from aiosmtpd.controller import Controller

    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()
