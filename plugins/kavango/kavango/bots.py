"""Placeholder replaced below."""
from core.engine import RandomBot


class Warden(RandomBot):
    name = "warden"
    label = "Warden"
    game = "kavango"
