"""How the portal is served (issue 49 item 17): HSTS over TLS, a Permissions-Policy on every
response, and daphne started with a short idle timeout, so slow partial requests do not hold
connections for Twisted's 60 seconds."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time

import pytest
from django.test import Client, override_settings

from tests.servers import ROOT, Portal, portal_env, prepare_database

SETTINGS_OF = (
    "import json, config.settings as s; print(json.dumps([s.SECURE_HSTS_SECONDS, "
    "s.SECURE_PROXY_SSL_HEADER if hasattr(s, 'SECURE_PROXY_SSL_HEADER') else None]))"
)


def settings_under(tmp_path, **env) -> list:
    environment = portal_env("sqlite:///unused.sqlite3", MEEPLEHALL_VAR=str(tmp_path))
    for name in ("DEBUG", "SECURE_COOKIES", "HSTS_SECONDS", "TLS_PROXY"):
        environment.pop(name, None)
    environment.update(env)
    done = subprocess.run([sys.executable, "-c", SETTINGS_OF], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def test_hsts_is_on_in_production_settings_only(tmp_path):
    """A year of Strict-Transport-Security when DEBUG is off and cookies are Secure (the
    production default); none for `make run` (SECURE_COOKIES=0, plain HTTP) or `make dev`;
    HSTS_SECONDS overrides it. TLS_PROXY=1 tells Django which requests reached the proxy over
    HTTPS (X-Forwarded-Proto), so the header (and https:// links) are sent behind it."""
    assert settings_under(tmp_path) == [31536000, None]
    assert settings_under(tmp_path, DEBUG="0", SECURE_COOKIES="0") == [0, None]
    assert settings_under(tmp_path, DEBUG="1") == [0, None]
    assert settings_under(tmp_path, HSTS_SECONDS="600") == [600, None]
    assert settings_under(tmp_path, TLS_PROXY="1") == [31536000, ["HTTP_X_FORWARDED_PROTO", "https"]]


@pytest.mark.django_db
@override_settings(SECURE_HSTS_SECONDS=31536000, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_hsts_is_sent_on_requests_that_came_over_tls():
    client = Client()
    assert client.get("/", HTTP_X_FORWARDED_PROTO="https")["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/healthz", "/favicon.ico", "/no/such/page/", "/u/a%00b/",
                                  "/?q=%00", "/admin/", "/accounts/login/"])
def test_every_response_carries_a_permissions_policy(path):
    policy = Client().get(path)["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert re.search(rf"(^|, ){feature}=\(\)", policy), (path, feature)


# ---- daphne's idle timeout ----------------------------------------------------------------------


def _start(folder, module: str) -> Portal:
    """A portal started with ``python -m <module>`` (daphne, or core.serve as the Makefile starts
    it), with HTTP_IDLE_TIMEOUT=2."""
    env = portal_env(f"sqlite:///{folder}/db.sqlite3", MEEPLEHALL_VAR=str(folder), CLOCK_INTERVAL="0",
                     HTTP_IDLE_TIMEOUT="2")
    prepare_database(env)
    portal = Portal(env)
    portal.process = subprocess.Popen(
        [sys.executable, "-m", module, "-b", "127.0.0.1", "-p", str(portal.port), "config.asgi:application"],
        cwd=ROOT, env=env, stdout=portal.log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", portal.port), timeout=1):
                return portal
        except OSError:
            if time.time() > deadline or portal.process.poll() is not None:
                portal.stop()
                pytest.fail(f"python -m {module} did not start")
            time.sleep(0.2)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    portal = _start(tmp_path_factory.mktemp("served"), "core.serve")
    yield portal
    portal.stop()


PARTIAL_REQUESTS = (
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1",
    b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nusername=a",
)


def _held_for(port: int, limit: float) -> list[float]:
    """Seconds each of PARTIAL_REQUESTS, sent at once and left hanging, keeps its connection
    open (``limit`` when it is still open by then)."""
    sent = []
    for partial in PARTIAL_REQUESTS:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(partial)
        sent.append((sock, time.monotonic()))
    held = []
    for sock, start in sent:
        with sock:
            sock.settimeout(max(0.01, start + limit - time.monotonic()))
            try:
                while sock.recv(4096):
                    pass
                held.append(time.monotonic() - start)
            except TimeoutError:
                held.append(limit)
            except ConnectionResetError:
                held.append(time.monotonic() - start)
    return held


def test_plain_daphne_holds_a_slow_partial_request(tmp_path):
    """The attack, as it was: started as `daphne ...`, a request left half-sent keeps its
    connection for Twisted's 60 seconds (still open after 6 here), whatever HTTP_IDLE_TIMEOUT
    says: daphne has no option for it."""
    portal = _start(tmp_path, "daphne")
    try:
        assert _held_for(portal.port, 6) == [6, 6]
    finally:
        portal.stop()


def test_a_slow_partial_request_is_dropped_after_the_idle_timeout(served):
    """Started through core.serve the connection goes after HTTP_IDLE_TIMEOUT seconds (2 here),
    for a request left half-sent and for a body that stops coming alike, and a whole request is
    answered as before."""
    held = _held_for(served.port, 15)
    assert all(1.5 <= h < 6 for h in held), held
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as whole:
        whole.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert whole.recv(100).startswith(b"HTTP/1.1 200")


def test_an_idle_websocket_outlives_the_idle_timeout(served):
    """A socket after its upgrade is not an HTTP request waiting: it stays open, idle, past the
    idle timeout, and answers a ping."""
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{served.port}/ws/portal/"
    with connect(url, origin=f"http://127.0.0.1:{served.port}", open_timeout=10) as ws:
        time.sleep(5)
        ws.ping().wait(5)


def test_make_and_the_readme_start_daphne_through_core_serve():
    makefile = (ROOT / "Makefile").read_text()
    for target in ("run", "dev"):
        recipe = re.search(rf"^{target}: .*\n((?:\t.*\n)+)", makefile, re.M).group(1)
        assert "-m core.serve" in recipe and "/daphne " not in recipe, target
    readme = (ROOT / "README.md").read_text()
    starts = re.findall(r"^\s*(\S*(?:daphne|core\.serve)\b.*)$", readme, re.M)
    assert starts and all("-m core.serve" in line for line in starts if "config.asgi" in line), starts
    assert "HTTP_IDLE_TIMEOUT" in readme and "HSTS_SECONDS" in readme and "TLS_PROXY" in readme
