"""Reading a move from the fields a page sends, the same way for the POST and the match socket.

A board's clickable part carries the move as one JSON ``move`` field (``{% move_attrs %}``) and a
small form carries it as one field per key (``{% move_form_attrs %}``); both carry the
``version`` the player saw and, in a simultaneous phase, their decision basis ``seen``. The page
sends those fields as a POST, or over its open match socket as the same fields URL-encoded
(static/js/meeplehall.js): one reader means both ways refuse exactly the same bodies.
"""

from __future__ import annotations

import re

from core.engine import MalformedMove
from core.engine.fields import MAX_MOVE_CHARS, check_payload, load_move

RESERVED_FIELDS = {"csrfmiddlewaretoken", "version", "seen", "move"}
STALE_UNSAID = "The move did not say which board you saw; refreshed."


def read_move(post) -> tuple[dict, int, str] | str:
    """(move, version seen, decision basis) from a QueryDict, or the sentence refusing it."""
    move = parse_move(post)
    if isinstance(move, str):
        return move
    version = read_version(post)
    if isinstance(version, str):
        return version
    return move, version, post.get("seen", "")[:64]


def read_version(post) -> int | str:
    """The version of the board the player saw, or the sentence refusing a request without one."""
    version = post.get("version", "")
    if not (version.isascii() and version.isdigit() and len(version) <= 9):
        return STALE_UNSAID
    return int(version)


def parse_move(post) -> dict | str:
    """A move from POST data: a JSON ``move`` field, or one field per key (see meeple tags).

    Returns the move, or a sentence saying why it was refused. The body is capped at
    MAX_MOVE_CHARS, JSON is read strictly and the result checked by the engine
    (:func:`core.engine.fields.load_move`), so no body reaches the rules or the database that
    could not be stored as sent.
    """
    if sum(len(key) + sum(map(len, post.getlist(key))) for key in post) > MAX_MOVE_CHARS:
        return "That move is too large to be a move."
    try:
        if "move" in post:
            move = load_move(post["move"])
            return move if isinstance(move, dict) else "That move could not be read."
        move = {}
        for key in post:
            if key in RESERVED_FIELDS:
                continue
            values = [_number_or_text(v) for v in post.getlist(key)]
            move[key.removesuffix("[]")] = values if len(values) > 1 or key.endswith("[]") else values[0]
        check_payload(move)
    except MalformedMove as exc:
        return exc.reason
    return move or "No move was sent."


def _number_or_text(value: str):
    stripped = value.strip()
    if len(stripped) < 12 and re.fullmatch(r"-?[0-9]+", stripped):
        return int(stripped)
    return value
