"""People coming back for each other: following, challenging, blocking and reporting.

A challenge is a private table with a seat held for each challenged player, the way a rematch
holds seats (:class:`core.models.RematchInvite`): they accept or decline from the same list,
and the table starts when every seat is taken. Blocking works in both directions for the
things it stops (joining, challenging) and never says who blocked whom; a report goes to the
staff's queue in the admin, where a warning, a mute or a suspension is given with a reason the
player reads (:func:`act_on`).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from core import throttle
from core.models import (
    Block,
    ChatMessage,
    Follow,
    Match,
    Notice,
    Profile,
    RematchInvite,
    Report,
    display_name,
)

from . import badges, notices, notify
from .errors import NotAllowed, Refused

REPORTS_PER_HOUR = 10
CANNOT_JOIN = "You cannot join this table."
CANNOT_CHALLENGE = "You cannot challenge this player."


def follow(user, other) -> None:
    if other.pk == user.pk:
        raise Refused("You cannot follow yourself.")
    Follow.objects.get_or_create(follower=user, followed=other)


def unfollow(user, other) -> None:
    Follow.objects.filter(follower=user, followed=other).delete()


def block(user, other) -> None:
    """Block ``other``; follows between the two end, and seats held for them at each other's
    tables are given up."""
    if other.pk == user.pk:
        raise Refused("You cannot block yourself.")
    with transaction.atomic():
        Block.objects.get_or_create(blocker=user, blocked=other)
        Follow.objects.filter(Q(follower=user, followed=other) | Q(follower=other, followed=user)).delete()
        RematchInvite.objects.filter(answer=RematchInvite.Answer.PENDING, table__status=Match.Status.OPEN).filter(
            Q(user=other, table__host=user) | Q(user=user, table__host=other)).update(
            answer=RematchInvite.Answer.DECLINED)


def unblock(user, other) -> None:
    Block.objects.filter(blocker=user, blocked=other).delete()


def blocked_between(user_id: int, others) -> bool:
    """Whether ``user_id`` blocked, or was blocked by, any of the users ``others`` (ids)."""
    others = [o for o in others if o is not None and o != user_id]
    return bool(others) and Block.objects.filter(
        Q(blocker_id=user_id, blocked_id__in=others) | Q(blocked_id=user_id, blocker_id__in=others)).exists()


def hidden_authors(user) -> set[int]:
    """The users whose chat lines ``user`` does not see: those they blocked."""
    if user is None or not user.is_authenticated:
        return set()
    return set(Block.objects.filter(blocker=user).values_list("blocked_id", flat=True))


def invite_to_table(table: Match, host, invited: list) -> None:
    """Hold the table's first open seats for ``invited`` (a challenge) and tell them: a live
    badge now, a notice as they asked for mail and push. Call inside the table's transaction."""
    if blocked_between(host.pk, [u.pk for u in invited]):
        raise Refused(CANNOT_CHALLENGE)
    free = list(table.seats.filter(user__isnull=True, bot="").order_by("position"))
    if len(invited) > len(free):
        raise Refused(f"The table has {len(free)} open seat{'s' if len(free) != 1 else ''} for "
                      f"{len(invited)} challenged players.")
    RematchInvite.objects.bulk_create(RematchInvite(table=table, user=u, position=seat.position)
                                      for u, seat in zip(invited, free, strict=False))
    for u in invited:
        notices.queue(u.pk, Notice.Kind.CHALLENGE, match=table, key=f"challenge:{table.pk}:{u.pk}",
                      host=display_name(host))
    ids = [u.pk for u in invited]
    transaction.on_commit(lambda: badges.changed(ids))


def challenged_users(names: str, host) -> list:
    """The accounts named in a comma- or space-separated list, or the sentence refusing it."""
    wanted = [n for n in names.replace(",", " ").split() if n]
    if len(set(wanted)) != len(wanted):
        raise Refused("Name each player once.")
    users = {u.username.lower(): u for u in get_user_model().objects.filter(
        username__in=wanted, is_active=True).select_related("profile")}
    missing = [n for n in wanted if n.lower() not in users]
    if missing:
        raise Refused(f"No player is called {', '.join(missing)}.")
    found = [users[n.lower()] for n in wanted]
    if any(u.pk == host.pk for u in found):
        raise Refused("You cannot challenge yourself.")
    return found


def friends(user) -> list[dict]:
    """The people ``user`` follows: whether they are online (a page of theirs has a socket
    open) and the public tables they play at now."""
    followed = list(get_user_model().objects.filter(followers__follower=user).select_related("profile")
                    .order_by("username"))
    online = notify.listened([notify.account_group(u.pk) for u in followed])
    playing = {}
    for match in (Match.objects.filter(status=Match.Status.ACTIVE, private=False,
                                       seats__user__in=followed).distinct().prefetch_related("seats")):
        for seat in match.seats.all():
            playing.setdefault(seat.user_id, []).append(match)
    return [{"user": u, "online": notify.account_group(u.pk) in online, "tables": playing.get(u.pk, [])}
            for u in followed]


def report(reporter, *, user=None, match: Match | None = None, chat: ChatMessage | None = None,
           reason: str) -> Report:
    reason = reason.strip()
    if not reason:
        raise Refused("Say what happened, so that staff can look into it.")
    if len(reason) > 1000:
        raise Refused("Keep the report under 1,000 characters.")
    if user is not None and user.pk == reporter.pk:
        raise Refused("You cannot report yourself.")
    if throttle.hit(f"report:{reporter.pk}", 3600) > REPORTS_PER_HOUR:
        raise NotAllowed("You have sent many reports in the last hour; staff will read them first.")
    if chat is not None:
        user, match = chat.user, chat.match
    return Report.objects.create(reporter=reporter, user=user, match=match, chat=chat, reason=reason)


def act_on(report: Report, action: str, note: str, staff) -> None:
    """Staff's answer to a report: warn, mute or suspend the reported player, with ``note`` as
    the reason they read; or close it with no action."""
    with transaction.atomic():
        if report.user is not None and action:
            profile, _ = Profile.objects.get_or_create(user=report.user)
            profile.moderation_note = note
            if action == Report.Action.MUTE:
                profile.chat_muted = True
            profile.save(update_fields=["moderation_note", "chat_muted"])
            if action == Report.Action.SUSPEND:
                report.user.is_active = False
                report.user.save(update_fields=["is_active"])
        report.status, report.action, report.staff_note = Report.Status.HANDLED, action, note
        report.handled_by, report.handled_at = staff, timezone.now()
        report.save()
