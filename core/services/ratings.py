"""Openskill ratings per game, updated when a rated match between people finishes."""

from __future__ import annotations

from openskill.models import PlackettLuce

from core.models import Match, Rating, RatingHistory

MODEL = PlackettLuce()


def is_rateable(match: Match) -> bool:
    seats = list(match.seats.all())
    return (
        match.rated
        and len(seats) > 1
        and all(s.user_id and not s.bot for s in seats)
        and len({s.user_id for s in seats}) == len(seats)
    )


def rate_match(match: Match, result) -> bool:
    """Update every seat's rating from the result's ranks (ties share a rank). Returns whether rated."""
    if result.won is not None or not is_rateable(match):
        return False  # solo and cooperative games are won or lost against the game, not rated
    seats = sorted(match.seats.select_related("user"), key=lambda s: s.position)
    stored = []
    for seat in seats:
        rating, _ = Rating.objects.select_for_update().get_or_create(
            user=seat.user, game_slug=match.game_slug,
            defaults={"mu": MODEL.mu, "sigma": MODEL.sigma},
        )
        stored.append(rating)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in stored]
    updated = MODEL.rate(teams, ranks=[result.ranks[s.position] for s in seats])
    for rating, (new,) in zip(stored, updated, strict=True):
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.matches += 1
        rating.save()
    RatingHistory.objects.bulk_create(
        RatingHistory(user_id=r.user_id, game_slug=match.game_slug, match=match, ordinal=r.ordinal)
        for r in stored)
    return True


def leaderboard(game_slug: str, limit: int = 50) -> list[Rating]:
    ratings = Rating.objects.filter(game_slug=game_slug).select_related("user__profile")
    return sorted(ratings, key=lambda r: r.ordinal, reverse=True)[:limit]
