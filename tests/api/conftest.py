"""Fixtures of the program API's tests: tokens, JSON calls, and streams read line by line
through the ASGI application, as daphne serves them."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.testing import ApplicationCommunicator

from core.api.auth import issue

LINE_TIMEOUT = 8  # seconds: a line that does not come fails the test (the app is cancelled)


@pytest.fixture
def token_of(db):
    def make(user, scopes=("read", "play")) -> str:
        return issue(user, "tests", scopes)[1]

    return make


@pytest.fixture
def api(client):
    """``api(method, path, token, body=..., raw=...)``: a request as a program sends it."""

    def call(method: str, path: str, token: str | None = None, body=None, raw: bytes | str | None = None):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        data = raw if raw is not None else ("" if body is None else json.dumps(body))
        return client.generic(method, path, data=data, content_type="application/json", **headers)

    return call


class Stream:
    """One NDJSON stream of the portal's ASGI application, read a line at a time."""

    def __init__(self, path: str, token: str | None):
        from config.asgi import application

        headers = [(b"host", b"testserver")]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        self.communicator = ApplicationCommunicator(application, {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
            "root_path": "", "headers": headers, "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        })
        self.buffer, self.keep_alives, self.ended = b"", 0, False
        self.status, self.headers, self.texts = None, {}, []

    async def open(self) -> Stream:
        await self.communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
        start = await self.communicator.receive_output(LINE_TIMEOUT)
        self.status = start["status"]
        self.headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
        return self

    async def raw_line(self) -> bytes | None:
        """The next line as sent (a keep-alive is ``b""``), or None once the stream has ended."""
        while b"\n" not in self.buffer:
            if self.ended:
                return None
            message = await self.communicator.receive_output(LINE_TIMEOUT)
            self.buffer += message.get("body", b"")
            self.ended = not message.get("more_body", False)
        line, self.buffer = self.buffer.split(b"\n", 1)
        self.texts.append(line.decode())
        return line

    async def line(self) -> dict | None:
        """The next JSON line, keep-alives skipped (and counted); None once the stream ended.
        Keep-alives do not end the wait, so the whole wait is bounded by LINE_TIMEOUT."""
        return await asyncio.wait_for(self._line(), LINE_TIMEOUT)

    async def _line(self) -> dict | None:
        while True:
            raw = await self.raw_line()
            if raw is None:
                return None
            if raw.strip():
                return json.loads(raw)
            self.keep_alives += 1

    async def until(self, predicate) -> dict:
        """The next line ``predicate`` accepts; keep-alives do not count as waiting's end, so
        the whole wait is bounded by LINE_TIMEOUT."""
        return await asyncio.wait_for(self._until(predicate), LINE_TIMEOUT)

    async def _until(self, predicate) -> dict:
        while True:
            line = await self._line()
            assert line is not None, "the stream ended first"
            if predicate(line):
                return line

    async def body(self) -> dict:
        """A refusal's whole JSON body."""
        while not self.ended:
            message = await self.communicator.receive_output(LINE_TIMEOUT)
            self.buffer += message.get("body", b"")
            self.ended = not message.get("more_body", False)
        return json.loads(self.buffer)

    async def close(self) -> None:
        await self.communicator.send_input({"type": "http.disconnect"})
        await asyncio.wait_for(self.communicator.wait(), LINE_TIMEOUT)


@pytest.fixture
async def streams():
    opened: list[Stream] = []

    async def open_stream(path: str, token: str | None) -> Stream:
        stream = await Stream(path, token).open()
        opened.append(stream)
        return stream

    yield open_stream
    for stream in opened:
        if not stream.ended:
            await stream.close()
