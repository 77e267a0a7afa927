"""Reading move payloads: each bad field becomes a MalformedMove a player can read.

Handlers start with these so that a forged or mistyped payload can never reach rule code as a
KeyError or TypeError (which would be a 500 in the portal).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .errors import MalformedMove


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
