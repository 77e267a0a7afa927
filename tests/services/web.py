"""Driving a real portal from outside, as a browser would: HTTP with cookies and CSRF, websockets.

Only the standard library and the ``websockets`` package: ``Browser`` keeps a cookie jar, signs up
through the sign-up form and posts with the CSRF token; ``Socket`` is a websocket carrying that
browser's session cookie and an allowed Origin. ``query`` reads the server's database directly
(SQLite or PostgreSQL) so a test can count Move rows without going through the server.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookiejar import CookieJar

from websockets.sync.client import connect as ws_connect

PASSWORD = "board-games-4-all"
VERSION_RE = re.compile(r'data-version="(\d+)"')


@dataclass
class Response:
    status: int
    body: str
    headers: dict = field(default_factory=dict)

    @property
    def location(self) -> str:
        return self.headers.get("Location", "")


class _FormDefaults(HTMLParser):
    def __init__(self):
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.values[a["name"]] = a.get("value") or "on"
            else:
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select:
            if self.select not in self.values or "selected" in a:
                self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def form_defaults(html: str) -> dict[str, str]:
    """The values a browser would submit for the forms in ``html`` untouched."""
    parser = _FormDefaults()
    parser.feed(html)
    parser.values.pop("csrfmiddlewaretoken", None)
    return parser.values


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One person's browser against one server (``base`` may be switched to another process)."""

    def __init__(self, base: str):
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )
        self.username = ""

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(self, method: str, path: str, data: dict | None = None, headers: dict | None = None,
                timeout: float = 30) -> Response:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                return Response(answer.status, answer.read().decode(), dict(answer.headers))
        except urllib.error.HTTPError as exc:
            return Response(exc.code, exc.read().decode(errors="replace"), dict(exc.headers))

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def post(self, path: str, fields: dict | None = None, htmx: bool = False) -> Response:
        if not self.cookie("csrftoken"):
            self.get("/accounts/login/")
        fields = {**(fields or {}), "csrfmiddlewaretoken": self.cookie("csrftoken")}
        headers = {"HX-Request": "true"} if htmx else {}
        return self.request("POST", path, fields, headers)

    def signup(self, username: str, email: str = "") -> Browser:
        self.get("/accounts/signup/")
        answer = self.post("/accounts/signup/", {
            "username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD,
        })
        assert answer.status == 302, f"sign-up of {username} failed: {answer.status} {answer.body[:300]}"
        self.username = username
        return self

    def new_table(self, slug: str = "tictactoe", players: int = 2, **fields) -> int:
        """Open a table through the create-table form (its defaults, then ``fields``); return the id."""
        data = form_defaults(self.get(f"/games/{slug}/new/").body)
        data.update({"players": str(players), "time_control": "none", **fields})
        answer = self.post(f"/games/{slug}/new/", data)
        assert answer.status == 302, f"table not created: {answer.status} {answer.body[:500]}"
        return int(re.search(r"/match/(\d+)/", answer.location).group(1))

    def join(self, match_id: int) -> Response:
        return self.post(f"/match/{match_id}/join/")

    def move(self, match_id: int, move: dict, version: int, timeout: float = 30) -> Response:
        fields = {"move": json.dumps(move), "version": str(version),
                  "csrfmiddlewaretoken": self.cookie("csrftoken")}
        return self.request("POST", f"/match/{match_id}/move/", fields, {"HX-Request": "true"}, timeout)

    def socket(self, path: str, origin: str | None = None) -> Socket:
        ws_base = self.base.replace("http://", "ws://", 1)
        return Socket(ws_connect(
            ws_base + path, origin=origin or self.base,
            additional_headers={"Cookie": self.cookie_header()}, open_timeout=10,
            max_size=2**24, legacy=True,
        ))


class Socket:
    """A websocket that remembers every frame it received."""

    def __init__(self, connection):
        self.connection = connection
        self.frames: list[str] = []

    def recv(self, timeout: float) -> str:
        frame = self.connection.recv(timeout=timeout)
        self.frames.append(frame)
        return frame

    def wait_for(self, predicate, timeout: float = 10) -> str:
        """The first frame (already received or arriving within ``timeout``) that matches."""
        if isinstance(predicate, str):
            needle = predicate
            predicate = lambda frame: needle in frame  # noqa: E731
        for frame in self.frames:
            if predicate(frame):
                return frame
        deadline = time.time() + timeout
        while time.time() < deadline:
            frame = self.recv(timeout=max(0.01, deadline - time.time()))
            if predicate(frame):
                return frame
        raise TimeoutError(f"no matching frame in {timeout}s; got {[f[:80] for f in self.frames[-5:]]}")

    def wait_version(self, version: int, timeout: float = 10) -> str:
        return self.wait_for(lambda f: 'id="match-live"' in f and f'data-version="{version}"' in f, timeout)

    def close(self) -> None:
        self.connection.close()


def live_version(html: str) -> int:
    return int(VERSION_RE.search(html).group(1))


def query(database_url: str, sql: str, params: tuple = ()) -> list[tuple]:
    """Run one read query against the portal's database (SQLite file or PostgreSQL URL)."""
    if database_url.startswith("sqlite:"):
        path = database_url.split("sqlite:///", 1)[1]
        with sqlite3.connect(path, timeout=20) as conn:
            return conn.execute(sql.replace("%s", "?"), params).fetchall()
    import dj_database_url
    import psycopg

    cfg = dj_database_url.parse(database_url)
    with psycopg.connect(host=cfg["HOST"], port=cfg["PORT"], user=cfg["USER"], dbname=cfg["NAME"],
                         autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


def execute(database_url: str, sql: str, params: tuple = ()) -> None:
    """Run one write statement (tests use it to force a clock deadline into the past)."""
    if database_url.startswith("sqlite:"):
        path = database_url.split("sqlite:///", 1)[1]
        with sqlite3.connect(path, timeout=20) as conn:
            conn.execute(sql.replace("%s", "?"), params)
        return
    import dj_database_url
    import psycopg

    cfg = dj_database_url.parse(database_url)
    with psycopg.connect(host=cfg["HOST"], port=cfg["PORT"], user=cfg["USER"], dbname=cfg["NAME"],
                         autocommit=True) as conn:
        conn.execute(sql, params)
