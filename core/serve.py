"""``python -m core.serve [daphne options] config.asgi:application``: daphne, with a short idle
timeout for HTTP connections.

daphne's HTTP side is Twisted's, whose connections wait 60 seconds for the next byte of a request
(its ``HTTPFactory`` default) and daphne offers no option to change it: ``--http-timeout`` only
bounds how long the application may take once a request has arrived whole (a 503 past it), and
``--websocket_connect_timeout`` only the websocket handshake. So 500 partial requests, each
started and then left hanging, held 500 connections for a minute. Started through this module,
daphne closes a connection that sends nothing for ``HTTP_IDLE_TIMEOUT`` seconds (default 15)
while a request is arriving, or between requests on a kept-alive connection. A request being
answered, and a websocket after its upgrade, are not affected (Twisted stops the idle timer once
a request has arrived). Every other option is daphne's own, passed through unchanged.

A client that sends one byte every few seconds still keeps its connection: in production the
reverse proxy in front (README, "Running in production") reads whole requests before passing
them on and bounds slow clients itself.
"""

from __future__ import annotations

import daphne.server  # isort:skip (installs Twisted's asyncio reactor before anything else)

import os
import sys

from daphne.cli import CommandLineInterface
from daphne.http_protocol import HTTPFactory

DEFAULT_IDLE_TIMEOUT = 15.0


def idle_timeout() -> float:
    return float(os.environ.get("HTTP_IDLE_TIMEOUT", DEFAULT_IDLE_TIMEOUT))


class IdleTimeoutHTTPFactory(HTTPFactory):
    """daphne's HTTP factory with Twisted's idle timeout set to :func:`idle_timeout`."""

    def __init__(self, server):
        super().__init__(server)
        self.timeOut = idle_timeout()


def main(argv: list[str] | None = None) -> None:
    daphne.server.HTTPFactory = IdleTimeoutHTTPFactory
    CommandLineInterface().run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
