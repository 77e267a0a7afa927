"""Tournaments: registration, rounds that start by themselves, standings.

Pairing is pure (:mod:`core.engine.tournament`); this module keeps its records from the
matches. A round starts in the transaction that finishes (or aborts) the last match of the
round before (:func:`table_over`), so a crash can never leave a finished round without its
successor, and a tournament due to start is started by the clock sweeper (:func:`start_due`).
A seat whose player does not move is handled as at any table: the clock runs out, a bot plays
it, and the result counts for that player. Players who blocked each other are kept apart where
the pairing can (they count as having met).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core import engine
from core.engine import tournament as pairing
from core.engine.game import players_wanted
from core.models import Block, Match, Seat, Tournament, TournamentPlayer, TournamentTable
from core.plugins import registry

from .errors import NotAllowed, Refused

MOST_ROUNDS = 20


def create(user, *, name: str, game_slug: str, format: str, table_size: int = 2, rounds: int = 3,
           options: dict | None = None, time_control: str = Match.TimeControl.REALTIME,
           time_per_move: int = 5, rated: bool = True, invite_only: bool = False,
           max_players: int = 64, starts_at=None) -> Tournament:
    """A tournament open for registration; staff may always make one, others if the site lets
    them (``settings.TOURNAMENTS_BY_USERS``). Every setting is checked against the game."""
    if not user.is_staff and not getattr(settings, "TOURNAMENTS_BY_USERS", True):
        raise NotAllowed("Only staff open tournaments on this site.")
    game = registry().games.get(game_slug)
    if game is None:
        raise Refused("That game is not installed.")
    name = " ".join(name.split())[:80]
    if not name:
        raise Refused("Give the tournament a name.")
    if format not in Tournament.Format.values:
        raise Refused("Unknown tournament format.")
    if format != Tournament.Format.TABLES:
        table_size = 2
    if not game.min_players <= table_size <= game.max_players or table_size < 2:
        raise Refused(f"{players_wanted(game)}, not {table_size} at a table.")
    if format == Tournament.Format.TABLES and table_size < 3:
        raise Refused("Rounds of tables are for three or more at a table; choose Swiss for two.")
    if not 1 <= rounds <= MOST_ROUNDS:
        raise Refused(f"A tournament has 1 to {MOST_ROUNDS} rounds.")
    if time_control not in (Match.TimeControl.REALTIME, Match.TimeControl.CORRESPONDENCE):
        raise Refused("A tournament needs a clock, so that nobody can stall a round.")
    if not 1 <= time_per_move <= 60:
        raise Refused("Time per move must be between 1 and 60.")
    if not 2 <= max_players <= 256:
        raise Refused("A tournament takes 2 to 256 players.")
    try:
        options, _ = engine.resolve_options(game, table_size, options or {})
    except engine.OptionError as exc:
        raise Refused(str(exc)) from None
    return Tournament.objects.create(
        name=name, game_slug=game_slug, format=format, table_size=table_size, rounds=rounds,
        options=options, time_control=time_control, time_per_move=time_per_move, rated=rated,
        invite_only=invite_only, invite_token=secrets.token_urlsafe(16) if invite_only else "",
        max_players=max_players, starts_at=starts_at, created_by=user)


def join(tournament_id: int, user, token: str = "") -> TournamentPlayer:
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        if t.status != Tournament.Status.REGISTRATION:
            raise Refused("Registration for this tournament is closed.")
        if t.invite_only and not secrets.compare_digest(token or "", t.invite_token):
            raise NotAllowed("This tournament is by invitation only.")
        if t.entrants.filter(user=user).exists():
            raise Refused("You are already registered.")
        count = t.entrants.count()
        if count >= t.max_players:
            raise Refused("The tournament is full.")
        return TournamentPlayer.objects.create(tournament=t, user=user, seed=count + 1)


def withdraw(tournament_id: int, user) -> None:
    """Leave: before the start the entry goes; later the player is paired no more (a table
    they are at plays on, with a bot in their seat once their clock runs out)."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        entry = t.entrants.filter(user=user, withdrawn=False).first()
        if entry is None or t.status == Tournament.Status.FINISHED:
            raise Refused("You are not playing in this tournament.")
        if t.status == Tournament.Status.REGISTRATION:
            entry.delete()
        else:
            entry.withdrawn = True
            entry.save(update_fields=["withdrawn"])


def start(tournament_id: int) -> Tournament:
    """Start the tournament (or resume it after a pause): the next round is seated if the one
    before is over."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        if t.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
            raise Refused("The tournament is already under way or over.")
        game = registry().game(t.game_slug)
        players = t.entrants.filter(withdrawn=False).count()
        if t.status == Tournament.Status.REGISTRATION and players < max(2, game.min_players):
            raise Refused("Not enough players have registered to start.")
        if t.format == Tournament.Format.ROUND_ROBIN and t.status == Tournament.Status.REGISTRATION:
            t.rounds = players - 1 if players % 2 == 0 else players
        t.status = Tournament.Status.RUNNING
        t.save(update_fields=["status", "rounds"])
        _advance(t)
    return t


def pause(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.RUNNING).update(
        status=Tournament.Status.PAUSED)


def pair_again(tournament_id: int) -> None:
    """Staff's do-over of the current round's pairing, while none of its tables has a move."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        tables = t.tables.filter(round=t.current_round)
        if t.status not in (Tournament.Status.RUNNING, Tournament.Status.PAUSED) or not tables.exists():
            raise Refused("There is no round being played to pair again.")
        if tables.filter(match__version__gt=0).exists():
            raise Refused("Moves have been made in this round; it stands.")
        matches = [x.match_id for x in tables if x.match_id]
        tables.delete()
        Match.objects.filter(pk__in=matches).delete()
        _seat_round(t)


def start_due(now=None) -> list[int]:
    """Start every tournament whose start time has come (by the clock sweeper); one that has
    too few players stays open for registration."""
    started = []
    for pk in Tournament.objects.filter(status=Tournament.Status.REGISTRATION,
                                        starts_at__lte=now or timezone.now()).values_list("pk", flat=True):
        try:
            start(pk)
        except Refused:
            continue
        started.append(pk)
    return started


def table_over(match: Match) -> None:
    """A tournament match has finished or was aborted (inside that transaction): once its round
    is over, the next one is seated, or the tournament ends."""
    table = TournamentTable.objects.filter(match=match).select_related("tournament").first()
    if table is None:
        return
    t = Tournament.objects.select_for_update().get(pk=table.tournament_id)
    if t.status == Tournament.Status.RUNNING:
        _advance(t)


def _advance(t: Tournament) -> None:
    playing = t.tables.filter(round=t.current_round, match__isnull=False).exclude(
        match__status__in=[Match.Status.FINISHED, Match.Status.ABORTED])
    if t.current_round and playing.exists():
        return
    if t.current_round >= t.rounds:
        t.status = Tournament.Status.FINISHED
        t.save(update_fields=["status"])
        return
    t.current_round += 1
    t.save(update_fields=["current_round"])
    _seat_round(t)


def records_of(t: Tournament, *, for_pairing: bool = False) -> dict[int, pairing.Record]:
    """Each registered player's record from the finished tables (withdrawn players included,
    as their opponents' tie-breaks count them); ``for_pairing`` adds players who blocked each
    other as having met, so the pairing keeps them apart where it can."""
    records = {e.user_id: pairing.Record(player=e.user_id, seed=e.seed) for e in t.entrants.all()}
    bye_points = 1.0 if t.format != Tournament.Format.TABLES else (t.table_size - 1) / 2
    for table in t.tables.select_related("match"):
        if table.match is None:
            pairing.record_bye(records, table.players[0], bye_points)
        elif table.match.status == Match.Status.FINISHED and table.match.result:
            pairing.record_table(records, table.players, table.match.result["ranks"])
        elif table.match.status == Match.Status.ABORTED:
            for user_id in table.players:
                records[user_id].met.update(p for p in table.players if p != user_id)
    if for_pairing:
        ids = list(records)
        for blocker, blocked in Block.objects.filter(Q(blocker_id__in=ids) & Q(blocked_id__in=ids)).values_list(
                "blocker_id", "blocked_id"):
            records[blocker].met.add(blocked)
            records[blocked].met.add(blocker)
    return records


def standings(t: Tournament):
    """(place, record, tie-breaks, entrant) best first."""
    entrants = {e.user_id: e for e in t.entrants.select_related("user__profile")}
    return [(place, record, breaks, entrants[record.player])
            for place, record, breaks in pairing.standings(records_of(t))]


def _seat_round(t: Tournament) -> None:
    active = set(t.entrants.filter(withdrawn=False).values_list("user_id", flat=True))
    records = {p: r for p, r in records_of(t, for_pairing=True).items() if p in active}
    game = registry().game(t.game_slug)
    byes: list[int] = []
    if t.format == Tournament.Format.SWISS:
        pairs, bye = pairing.swiss_round(list(records.values()))
        tables = [list(pair) for pair in pairs]
        byes = [bye] if bye is not None else []
    elif t.format == Tournament.Format.ROUND_ROBIN:
        everyone = list(t.entrants.values_list("user_id", flat=True))
        tables = []
        for a, b in pairing.round_robin(everyone)[t.current_round - 1]:
            pair = [p for p in (a, b) if p is not None and p in active]
            if len(pair) == 2:
                tables.append(pair)
            elif pair:
                byes.append(pair[0])  # a bye, or an opponent who withdrew
    else:
        tables, byes = pairing.tables_round(list(records.values()), t.table_size, game.min_players)
    for user_ids in tables:
        TournamentTable.objects.create(tournament=t, round=t.current_round, players=user_ids,
                                       match=_table_match(t, game, user_ids))
    for user_id in byes:
        TournamentTable.objects.create(tournament=t, round=t.current_round, players=[user_id])
    if not tables:
        _advance(t)  # a round of byes only (two players left, one withdrew): go on


def _table_match(t: Tournament, game, user_ids: list[int]) -> Match:
    """A match of the tournament's game, its players seated in order; it starts at once."""
    from .matches import start_match  # matches tells this module when a table is over

    options, seat_options = engine.resolve_options(game, len(user_ids), t.options)
    match = Match.objects.create(
        game_slug=t.game_slug, host_id=user_ids[0], players=len(user_ids), options=options,
        rated=t.rated, time_control=t.time_control, time_per_move=t.time_per_move)
    Seat.objects.bulk_create(Seat(match=match, position=n, user_id=user_id, options=seat_options[n])
                             for n, user_id in enumerate(user_ids))
    return start_match(match)
