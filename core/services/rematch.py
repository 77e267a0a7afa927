"""Rematches: the same game, options and clock, with the same players, each of whom accepts.
Challenges (core.services.community) hold seats the same way, and are answered here too.

The player who asks hosts the new table in seat 1; bots keep their seats; every other person of
the finished match gets an invite holding their seat (:class:`core.models.RematchInvite`) and is
told live through their own portal socket. While an invite is pending the table is private, so
no stranger takes a held seat; once everyone has answered it takes the old match's privacy. A
player who answers "no" leaves an open seat the host may give to a bot or drop by starting early.
Asking again while a rematch table is still open leads to that table (and accepts one's invite).
"""

from __future__ import annotations

from django.db import transaction

from core.models import Match, Notice, RematchInvite

from . import badges, live, notices
from .errors import NotAllowed, Refused
from .queries import invites_for
from .tables import create_table, join_table


def offer(match_id: int, user) -> Match:
    """Open the rematch of a finished match (or lead to the one already open)."""
    old = Match.objects.get(pk=match_id)
    if old.status != Match.Status.FINISHED:
        raise Refused("A rematch is offered once the match is over.")
    seats = list(old.seats.order_by("position"))
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine is None:
        raise NotAllowed("Only players of the match can ask for a rematch.")
    existing = Match.objects.filter(rematch_of=old, status=Match.Status.OPEN).first()
    if existing is not None:
        if RematchInvite.objects.filter(table=existing, user=user,
                                        answer=RematchInvite.Answer.PENDING).exists():
            return accept(existing.pk, user)
        return existing
    ordered = [mine, *(s for s in seats if s is not mine)]
    people = [(position, s.user_id) for position, s in enumerate(ordered)
              if position > 0 and s.user_id is not None and not s.bot]
    with transaction.atomic():
        table = create_table(
            user, old.game_slug, old.players, old.options, [s.options for s in ordered],
            bots={position: s.bot for position, s in enumerate(ordered) if s.bot},
            private=old.private or bool(people), rated=old.rated,
            spectator_chat=old.spectator_chat, time_control=old.time_control,
            time_per_move=old.time_per_move, rematch_of=old, weekend_pause=old.weekend_pause,
        )
        RematchInvite.objects.bulk_create(
            RematchInvite(table=table, user_id=user_id, position=position)
            for position, user_id in people
        )
        invited = [user_id for _position, user_id in people]
        if old.time_control == Match.TimeControl.CORRESPONDENCE:  # at a live table they see it at once
            for user_id in invited:
                notices.queue(user_id, Notice.Kind.REMATCH, match=table, key=f"rematch:{table.pk}:{user_id}",
                              host=mine.label)
        transaction.on_commit(lambda: badges.changed(invited))
    return table


def accept(table_id: int, user) -> Match:
    """Take the held seat (any free one if another player took it); a full table starts."""
    invite = _pending(table_id, user)
    seats = invite.table.seats
    if seats.filter(user=user).exists():  # seated already, through the table's own Join button
        _answer(invite, RematchInvite.Answer.ACCEPTED)
        return Match.objects.get(pk=table_id)
    held = seats.filter(position=invite.position, user__isnull=True, bot="").exists()
    with transaction.atomic():  # no accepted invite without the seat
        _answer(invite, RematchInvite.Answer.ACCEPTED)
        return join_table(table_id, user, invite.position if held else None)


def decline(table_id: int, user) -> Match:
    """Say no: the held seat becomes an open seat of the table."""
    invite = _pending(table_id, user)
    _answer(invite, RematchInvite.Answer.DECLINED)
    return Match.objects.get(pk=table_id)


def pending_for(user) -> list[RematchInvite]:
    """Rematch invites this user has not answered, at tables still waiting for players."""
    if user is None or not user.is_authenticated:
        return []
    return invites_for(user.pk)


def _pending(table_id: int, user) -> RematchInvite:
    invite = (RematchInvite.objects.select_related("table")
              .filter(table_id=table_id, user=user, answer=RematchInvite.Answer.PENDING).first())
    if invite is None:
        raise Refused("There is no invitation for you at this table.")
    if invite.table.status != Match.Status.OPEN:
        raise Refused("That table has started or was closed.")
    return invite


def _answer(invite: RematchInvite, answer: str) -> None:
    """Record the answer; when nobody is left to answer, the table gets the old privacy back.
    The host and the players already seated hear of it on their portal sockets."""
    with transaction.atomic():
        invite.answer = answer
        invite.save(update_fields=["answer"])
        table = Match.objects.select_for_update(of=("self",)).select_related("rematch_of").get(pk=invite.table_id)
        seated = list(table.seats.exclude(user__isnull=True).values_list("user_id", flat=True))
        waiting = table.rematch_invites.filter(answer=RematchInvite.Answer.PENDING).exclude(
            user_id__in=seated)
        if not waiting.exists():
            if table.rematch_of is not None:  # a challenge stays as private as it was opened
                table.private = table.rematch_of.private
                table.save(update_fields=["private"])
            live.changed(table, lobby=True)
        transaction.on_commit(lambda: badges.changed(seated))
