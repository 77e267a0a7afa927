"""Rate limits counted atomically: failed log-ins and chat messages.

Each key is a :class:`~core.models.RateCounter` row, incremented with ``F()`` inside one
transaction, so a burst of parallel requests (in one process or in many) counts every hit.
Django's database cache increments by get-then-set: 100 parallel log-in guesses left its
counter at 19, and 6 chat messages got through a limit of 5.

A hit is counted *before* the guarded work runs (checking a password, storing a message), so
requests that arrive together cannot all pass a check made before any of them was counted.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from core.models import RateCounter


def key_part(text: str) -> str:
    """A short fixed-length stand-in for arbitrary text (a username, an address) in a key."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def hit(key: str, window_seconds: float) -> int:
    """Count one hit on ``key``; return the hits in its current window, this one included.

    The window starts at the first hit and is not extended by later ones.
    """
    now = timezone.now()
    with transaction.atomic():
        RateCounter.objects.filter(expires_at__lte=now).delete()
        if RateCounter.objects.filter(key=key).update(count=F("count") + 1) == 0:
            try:
                with transaction.atomic():
                    RateCounter.objects.create(
                        key=key, count=1, expires_at=now + timedelta(seconds=window_seconds)
                    )
                return 1
            except IntegrityError:  # another request created it first: count on its row
                RateCounter.objects.filter(key=key).update(count=F("count") + 1)
        return RateCounter.objects.get(key=key).count


def hits(key: str) -> int:
    """The hits on ``key`` in its current window (0 when there is none)."""
    row = RateCounter.objects.filter(key=key, expires_at__gt=timezone.now()).first()
    return row.count if row else 0


def clear(key: str) -> None:
    RateCounter.objects.filter(key=key).delete()
