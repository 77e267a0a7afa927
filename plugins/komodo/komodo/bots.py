"""A Komodo bot that builds towards the animals it holds and houses them as soon as it can."""

from __future__ import annotations

from core.engine import Bot
