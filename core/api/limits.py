"""Rate limits per token, counted the way the portal counts log-ins and chat lines
(:mod:`core.throttle`: one row per key, incremented atomically, in any number of processes).

``settings.API_RATE`` may change the defaults: ``requests`` per ``window_seconds`` for each
token, and ``streams``, the streams one token may hold open at once in one process (0 = no
limit). Past a limit the answer is ``429`` with ``Retry-After``.
"""

from __future__ import annotations

import math
from collections import Counter

from django.conf import settings
from django.utils import timezone

from core import throttle
from core.models import ApiToken, RateCounter

DEFAULT_RATE = {"requests": 600, "window_seconds": 60, "streams": 30}

_open_streams: Counter = Counter()


def rate() -> dict:
    return {**DEFAULT_RATE, **getattr(settings, "API_RATE", {})}


def _key(token: ApiToken) -> str:
    return f"api:{token.pk}"


def retry_after(token: ApiToken) -> int | None:
    """Count one request of ``token``; None when it may go on, else the seconds to wait."""
    limits = rate()
    if throttle.hit(_key(token), limits["window_seconds"]) <= limits["requests"]:
        return None
    expires = RateCounter.objects.filter(key=_key(token)).values_list("expires_at", flat=True).first()
    if expires is None:
        return 1
    return max(1, math.ceil((expires - timezone.now()).total_seconds()))


def stream_room(token: ApiToken) -> bool:
    limit = int(rate()["streams"])
    return not limit or _open_streams[token.pk] < limit


def stream_opened(token_id: int) -> None:
    _open_streams[token_id] += 1


def stream_closed(token_id: int) -> None:
    _open_streams[token_id] -= 1
    if _open_streams[token_id] <= 0:
        del _open_streams[token_id]
