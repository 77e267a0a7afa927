"""Solo progress on the Lodge difficulty ladder: one row per player."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SoloProgress(models.Model):
    """A player's solo record: the levels beaten (normal and Extreme) and best scores per level.

    ``best_scores`` and ``extreme_best_scores`` map the level as a string ("0" = no level) to
    the best score reached there, won or not.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lodge_hotel_solo"
    )
    highest_level = models.PositiveSmallIntegerField(
        default=0, help_text="Highest difficulty level beaten (0 = none yet)."
    )
    extreme_highest_level = models.PositiveSmallIntegerField(
        default=0, help_text="Highest Extreme mode level beaten (0 = none yet)."
    )
    best_scores = models.JSONField(default=dict, blank=True)
    extreme_best_scores = models.JSONField(default=dict, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "Lodge solo progress"
        verbose_name_plural = "Lodge solo progress"

    def __str__(self) -> str:
        return f"{self.user}: level {self.highest_level}, extreme {self.extreme_highest_level}"

    def record(self, level: int, extreme: bool, score: int, won: bool) -> None:
        """Fold one finished solo game into the record (the caller saves)."""
        self.games += 1
        self.wins += bool(won)
        best = self.extreme_best_scores if extreme else self.best_scores
        name = str(level)
        best[name] = max(int(best.get(name, score)), int(score))
        if won and level:
            if extreme:
                self.extreme_highest_level = max(self.extreme_highest_level, level)
            else:
                self.highest_level = max(self.highest_level, level)

    def next_level(self) -> int | None:
        """The level to try next on the normal ladder (None once all eight are beaten)."""
        return self.highest_level + 1 if self.highest_level < 8 else None
