"""Reading move payloads: each bad field becomes a MalformedMove a player can read.

Handlers start with these so that a forged or mistyped payload can never reach rule code as a
KeyError or TypeError (which would be a 500 in the portal).

Before any handler sees it, a move from outside (a browser, an API client) passes
:func:`load_move` (JSON text) or :func:`check_payload` (an already built object): plain JSON that
every database stores as sent, small and shallow. Bad input is refused with a MalformedMove,
never with RecursionError, ValueError or a database error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from .errors import MalformedMove

MAX_MOVE_CHARS = 16_384
"""The longest move accepted, as JSON text (a real move of any game is well under 1,000)."""
MAX_MOVE_DEPTH = 8
"""Nesting of objects and lists allowed in a move (the games use 2 at most)."""
MAX_INT_DIGITS = 15
"""Digits a whole number may have: exact in JSON everywhere, far below Python's int limit."""

_TOKEN = re.compile(r'["\\\[\]{}]')
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def load_move(text: str) -> Any:
    """Parse a move sent as JSON text, strictly: no NaN or Infinity, no number too big to
    store, nothing too long or too deep; then :func:`check_payload`. Raises MalformedMove."""
    if len(text) > MAX_MOVE_CHARS:
        raise MalformedMove("That move is too large to be a move.")
    if _nesting(text) > MAX_MOVE_DEPTH:
        raise MalformedMove("That move is nested too deeply to be a move.")
    try:
        value = json.loads(
            text, parse_constant=_refuse_constant, parse_int=_whole_number, parse_float=_finite_number
        )
    except (ValueError, RecursionError):
        raise MalformedMove("That move could not be read.") from None
    check_payload(value)
    return value


def check_payload(value: Any) -> None:
    """Raise MalformedMove unless ``value`` is plain JSON data fit to store in the move log.

    Allowed: objects with text keys, lists, text, whole numbers of at most MAX_INT_DIGITS
    digits, finite decimals, true/false/null; valid Unicode text without control characters
    (no NUL, no lone surrogates); at most MAX_MOVE_DEPTH levels and about MAX_MOVE_CHARS
    characters in all. Walks without recursion, so no input can exhaust the stack.
    """
    budget = MAX_MOVE_CHARS
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        budget -= 4
        if isinstance(item, (dict, list)):
            if depth >= MAX_MOVE_DEPTH:
                raise MalformedMove("That move is nested too deeply to be a move.")
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise MalformedMove("A move's field names must be text.")
                    _check_text(key)
                    budget -= len(key)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str):
            _check_text(item)
            budget -= len(item)
        elif isinstance(item, bool) or item is None:
            pass
        elif isinstance(item, int):
            if abs(item) >= 10**MAX_INT_DIGITS:
                raise MalformedMove("That number is far too big for a move.")
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise MalformedMove("A move may not hold NaN or Infinity.")
        else:
            raise MalformedMove("A move may hold only text, numbers, lists and objects.")
        if budget < 0:
            raise MalformedMove("That move is too large to be a move.")


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise MalformedMove("That move holds text that is not valid Unicode.") from None
    if _CONTROL.search(text):
        raise MalformedMove("That move holds control characters.")


def _nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text, brackets inside strings not counted.

    One pass over the characters that matter (quotes, backslashes, brackets): linear time
    whatever the input, where a regular expression for strings backtracks on runs of ``"\\``.
    """
    depth = deepest = 0
    in_string, escaped_at = False, -1
    for token in _TOKEN.finditer(text):
        char, at = token.group(), token.start()
        if in_string:
            if at == escaped_at:
                continue
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_MOVE_DEPTH:
                break
        elif char in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str):
    raise MalformedMove(f"A move may not hold {name}.")


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise MalformedMove("That number is far too big for a move.")
    return int(digits)


def _finite_number(digits: str) -> float:
    value = float(digits)
    if value in (float("inf"), float("-inf")):
        raise MalformedMove("That number is far too big for a move.")
    return value


def get_int(move: dict, name: str, lo: int | None = None, hi: int | None = None) -> int:
    value = move.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedMove(f"The move needs a whole number for '{name}'.")
    if lo is not None and value < lo or hi is not None and value > hi:
        raise MalformedMove(f"'{name}' must be between {lo} and {hi}, not {value}.")
    return value


def get_str(move: dict, name: str, allowed: Collection[str] | None = None) -> str:
    value = move.get(name)
    if not isinstance(value, str):
        raise MalformedMove(f"The move needs a text value for '{name}'.")
    if allowed is not None and value not in allowed:
        raise MalformedMove(f"'{value}' is not a valid {name}.")
    return value


def get_bool(move: dict, name: str, default: bool | None = None) -> bool:
    value = move.get(name, default)
    if not isinstance(value, bool):
        raise MalformedMove(f"The move needs yes or no for '{name}'.")
    return value


def get_list(move: dict, name: str, item: type = str, max_len: int | None = None) -> list[Any]:
    value = move.get(name)
    if not isinstance(value, list) or not all(
        isinstance(v, item) and not isinstance(v, bool) for v in value
    ):
        raise MalformedMove(f"The move needs a list for '{name}'.")
    if max_len is not None and len(value) > max_len:
        raise MalformedMove(f"'{name}' may hold at most {max_len} items.")
    return value
