"""The Django side of the solo ladder: recording finished games and the profile section."""

from __future__ import annotations

from .catalog import LEVELS


def record_solo_result(match, result) -> None:
    """Update the human player's SoloProgress after a finished solo match (bots are ignored).

    A game without a level has no win or loss (``won`` is None); its best score still counts.
    """
    from .models import SoloProgress

    if isinstance(result, dict):
        from core.engine import Result

        result = Result.from_json(result)
    seats = list(match.seats.all())
    if len(seats) != 1:
        return
    seat = seats[0]
    if seat.bot or seat.user_id is None:
        return
    details = result.details or {}
    options = match.options or {}
    try:
        level = int(details.get("level", options.get("level", 0)) or 0)
    except (TypeError, ValueError):
        level = 0
    extreme = bool(details.get("extreme", options.get("extreme", False)))
    progress, _created = SoloProgress.objects.get_or_create(user=seat.user)
    progress.record(level, extreme, int(result.scores[0]), bool(result.won and result.won[0]))
    progress.save()


def profile_sections(user) -> list[dict]:
    from .models import SoloProgress

    if user is None or not getattr(user, "pk", None):
        return []
    progress = SoloProgress.objects.filter(user=user).first()
    if progress is None:
        return []
    rows = []
    for level in range(0, 9):
        rows.append({
            "level": level,
            "text": LEVELS.get(level, "No level: play for a rank."),
            "best": progress.best_scores.get(str(level)),
            "extreme_best": progress.extreme_best_scores.get(str(level)) if level >= 2 else None,
            "beaten": bool(level) and level <= progress.highest_level,
            "extreme_beaten": level >= 2 and level <= progress.extreme_highest_level,
        })
    return [{
        "title": "Lodge: solo ladder",
        "template": "lodge_hotel/profile_progress.html",
        "context": {
            "progress": {
                "highest_level": progress.highest_level,
                "extreme_highest_level": progress.extreme_highest_level,
                "next_level": progress.next_level(),
                "games": progress.games,
                "wins": progress.wins,
                "rows": rows,
            }
        },
    }]
