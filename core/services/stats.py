"""A game's statistics: games played, who wins from which seat, scores and game length.

Each finished match adds its share to one row per game (:class:`core.models.GameStatistics`),
in the transaction that finishes it (:func:`count_in`), so the page reads a row whatever the
number of matches and is right as soon as a match ends. :func:`tally` is that share, and
:func:`rebuild` adds up every finished match from scratch with the same function (the first
time a game's page is shown, and for ``manage.py rebuildstats``), so the two can never count
differently. A plugin may add numbers of its own per match (the ``match_statistics`` hook);
the page shows each one's average.
"""

from __future__ import annotations

from collections import Counter

from django.db import transaction

from core.models import GameStatistics, Match
from core.plugins import registry


def tally(match: Match, result: dict) -> dict:
    """One finished match's share of its game's statistics."""
    players = str(match.players)
    scores = result.get("scores") or []
    ranks = result.get("ranks") or []
    won = result.get("won")
    extra = {}
    for found in registry().call("match_statistics", game_slug=match.game_slug, result=result,
                                 players=match.players):
        extra.update({str(k): float(v) for k, v in (found or {}).items()})
    return {
        "games": 1,
        "by_players": {players: {
            "games": 1,
            "firsts": [1 if r == 1 else 0 for r in ranks],
            "solo_wins": 1 if won and any(won) else 0,
            "scores": dict(Counter(_key(s) for s in scores)),
            "plies": {str(match.version): 1},
        }},
        "extra": {name: [value, 1] for name, value in extra.items()},
    }


def _key(score) -> str:
    return str(int(score)) if float(score).is_integer() else f"{float(score):.1f}"


def add(total: dict, part: dict) -> dict:
    """``total`` with ``part`` added in: counts summed, lists summed by position, dictionaries
    key by key."""
    for key, value in part.items():
        if isinstance(value, dict):
            total[key] = add(total.get(key, {}), value)
        elif isinstance(value, list):
            have = total.get(key, [])
            total[key] = [a + b for a, b in zip(have + [0] * (len(value) - len(have)),
                                                value + [0] * (len(have) - len(value)), strict=True)]
        else:
            total[key] = total.get(key, 0) + value
    return total


def count_in(match: Match, result: dict) -> None:
    """Add a match that has just finished; call it inside the transaction that finishes it.
    A game whose row does not exist yet is left for :func:`rebuild`, which will count it."""
    row = GameStatistics.objects.select_for_update().filter(game_slug=match.game_slug).first()
    if row is None:
        return
    row.data = add(row.data, tally(match, result))
    row.matches += 1
    row.save(update_fields=["data", "matches", "updated_at"])


def rebuild(game_slug: str) -> GameStatistics:
    """Every finished match of the game added up from scratch."""
    total: dict = {}
    count = 0
    finished = Match.objects.filter(game_slug=game_slug, status=Match.Status.FINISHED).only(
        "pk", "game_slug", "players", "version", "result")
    with transaction.atomic():
        for match in finished.iterator(chunk_size=2000):
            if match.result:
                total = add(total, tally(match, match.result))
                count += 1
        row, _ = GameStatistics.objects.update_or_create(
            game_slug=game_slug, defaults={"data": total, "matches": count})
    return row


def statistics(game_slug: str) -> GameStatistics:
    row = GameStatistics.objects.filter(game_slug=game_slug).first()
    return row if row is not None else rebuild(game_slug)
