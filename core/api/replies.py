"""What the API answers: JSON bodies, one error shape, and strictly read request bodies.

Every refusal is ``{"error": "<a sentence for a person>"}`` with the status that says what kind
of refusal it is; a body that is too large, not JSON, or not an object is refused before any
service runs, so bad input changes nothing.
"""

from __future__ import annotations

import json

from django.http import JsonResponse

from core.engine.fields import MAX_MOVE_CHARS

#: The largest request body read (a move is at most MAX_MOVE_CHARS of JSON, plus its envelope).
MAX_BODY_BYTES = MAX_MOVE_CHARS + 1024
MAX_BODY_DEPTH = 10


class BadBody(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


def answer(data, status: int = 200) -> JsonResponse:
    return JsonResponse(data, status=status, safe=not isinstance(data, list),
                        json_dumps_params={"ensure_ascii": False})


def error(message: str, status: int, headers: dict | None = None) -> JsonResponse:
    response = answer({"error": message}, status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def read_body(request) -> dict:
    """The request's JSON object (an empty body reads as ``{}``), or :class:`BadBody`."""
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isdigit() or int(length) > MAX_BODY_BYTES:
        raise BadBody(f"The body is larger than {MAX_BODY_BYTES} bytes.", 413)
    raw = request.body
    if len(raw) > MAX_BODY_BYTES:
        raise BadBody(f"The body is larger than {MAX_BODY_BYTES} bytes.", 413)
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
        if _nesting(text) > MAX_BODY_DEPTH:
            raise ValueError
        value = json.loads(text, parse_constant=_refuse_constant,
                           parse_int=lambda d: int(d) if len(d) <= 15 else _refuse_constant(d))
    except (ValueError, RecursionError):
        raise BadBody("The body is not valid JSON (UTF-8, no NaN, numbers of at most 15 digits).") from None
    if not isinstance(value, dict):
        raise BadBody("The body must be a JSON object.")
    return value


def _refuse_constant(text: str):
    raise ValueError(text)


def _nesting(text: str) -> int:
    """The deepest nesting of brackets, counted without parsing (strings may hold brackets,
    which only makes the count err on the side of refusing)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
