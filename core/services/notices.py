"""Notices by e-mail: written to an outbox with their cause, delivered after the commit.

A change that owes someone a notice (their turn at a correspondence table, a result, a clock
about to run out, a rematch offer, an address to confirm) calls :func:`queue` inside its own
transaction, so the notice exists exactly when the change does: a crash after the commit loses
nothing, a rollback leaves nothing. :func:`deliver_due` sends what is due, and runs in every
server process (the clock thread, :mod:`core.services.clocks`) and in ``manage.py sendnotices``.
Each run claims a player's due notices with one conditional UPDATE, so of several processes
exactly one sends them; a claim left by a process that died mid-run is taken back after
:data:`CLAIM_LEASE` (a mail that server had already handed over may then go twice: SMTP gives no
way to know, and losing a notice would be worse).

What a player gets follows their settings (:class:`core.models.NoticeSetting`): at once, at most
one mail an hour, a daily digest, or never; whatever is due for them at one moment goes out as
one mail, and as one push to each browser that asked for them (:mod:`core.services.push`).
Nothing is mailed to an address the player has not confirmed; nobody is told about a table
whose page they have open; and a mail says only what the table's page says to everyone
(the game, the table, whose turn, the result), never anything from a player's hidden hand.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db.models import Max
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from core import text
from core.models import Match, Notice, NoticeSetting
from core.plugins import registry

from . import notify, push

log = logging.getLogger(__name__)

CLAIM_LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 5
USERS_PER_RUN = 200
UNSUBSCRIBE_SALT = "meeplehall.notices.unsubscribe"
CONFIRM_SALT = "meeplehall.notices.confirm"
CONFIRM_MAX_AGE = 7 * 24 * 3600
#: The kinds a player chooses how to get (a confirmation mail is always sent at once).
CHOSEN_KINDS = [k for k in Notice.Kind if k != Notice.Kind.CONFIRM]
#: Notices about a move owed: pointless once the player is on the page or has moved.
TURN_KINDS = {Notice.Kind.YOUR_TURN, Notice.Kind.CLOCK_DAY, Notice.Kind.CLOCK_HOUR}


# ---- queueing, inside the cause's transaction ------------------------------------------------

def delivery(user_id: int, kind: str) -> str:
    if kind == Notice.Kind.CONFIRM:
        return NoticeSetting.Delivery.AT_ONCE
    chosen = NoticeSetting.objects.filter(user_id=user_id, kind=kind).values_list("email", flat=True).first()
    return chosen or NoticeSetting.Delivery.AT_ONCE


def deliver_after(user_id: int, kind: str, mode: str, now: datetime) -> datetime:
    """When a notice queued ``now`` may go: at once, an hour after the last mail of this kind,
    or at the next digest hour."""
    if mode == NoticeSetting.Delivery.HOURLY:
        last = Notice.objects.filter(user_id=user_id, kind=kind, status=Notice.Status.SENT).aggregate(
            last=Max("sent_at"))["last"]
        return max(now, last + timedelta(hours=1)) if last else now
    if mode == NoticeSetting.Delivery.DAILY:
        digest = now.replace(hour=settings.NOTICE_DIGEST_HOUR, minute=0, second=0, microsecond=0)
        return digest if digest > now else digest + timedelta(days=1)
    return now


def queue(user_id: int, kind: str, *, match: Match | None = None, key: str | None = None,
          **params) -> Notice | None:
    """Owe ``user_id`` a notice; call it inside the transaction of its cause. Nothing is queued
    for a kind the player turned off, nor twice for one ``key``."""
    mode = delivery(user_id, kind)
    if mode == NoticeSetting.Delivery.NEVER or (key and Notice.objects.filter(key=key).exists()):
        return None
    now = timezone.now()
    return Notice.objects.create(user_id=user_id, kind=kind, match=match, key=key, params=params,
                                 deliver_after=deliver_after(user_id, kind, mode, now))


def match_changed(match: Match, seats, was_to_act: set[int]) -> None:
    """From :func:`core.services.live.changed`: at a correspondence table, a person whose seat
    has just become one to act is owed "your turn", and when the game ends each person at the
    table is owed its result."""
    if match.time_control != Match.TimeControl.CORRESPONDENCE:
        return
    people = [s for s in seats if s.user_id is not None]
    if match.status == Match.Status.FINISHED:
        for seat in people:
            queue(seat.user_id, Notice.Kind.GAME_OVER, match=match, key=f"over:{match.pk}:{seat.user_id}")
    elif match.status == Match.Status.ACTIVE:
        for seat in people:
            if seat.position in match.to_act and seat.position not in was_to_act and not seat.plays_by_bot:
                queue(seat.user_id, Notice.Kind.YOUR_TURN, match=match,
                      key=f"turn:{match.pk}:{seat.user_id}:{match.version}")


def remind_clocks(now: datetime | None = None) -> int:
    """Queue "a day left" and "an hour left" for every person to act at a correspondence table
    whose deadline is that near (once per deadline); the number queued."""
    now = now or timezone.now()
    queued = 0
    near = (Match.objects.filter(status=Match.Status.ACTIVE, time_control=Match.TimeControl.CORRESPONDENCE,
                                 turn_deadline__gt=now, turn_deadline__lte=now + timedelta(days=1))
            .prefetch_related("seats"))
    for match in near:
        stamp = int(match.turn_deadline.timestamp())
        kinds = [Notice.Kind.CLOCK_DAY]
        if match.turn_deadline <= now + timedelta(hours=1):
            kinds = [Notice.Kind.CLOCK_HOUR]
        for seat in match.seats.all():
            if seat.user_id is None or seat.position not in match.to_act or seat.plays_by_bot:
                continue
            for kind in kinds:
                key = f"{kind}:{match.pk}:{seat.user_id}:{stamp}"
                queued += queue(seat.user_id, kind, match=match, key=key,
                                deadline=match.turn_deadline.isoformat()) is not None
    return queued


# ---- delivery, after the commit -------------------------------------------------------------

def deliver_due(now: datetime | None = None) -> int:
    """Send every notice that is due, one mail per player; the number of mails sent."""
    now = now or timezone.now()
    Notice.objects.filter(status=Notice.Status.SENDING, claimed_at__lt=now - CLAIM_LEASE).update(
        status=Notice.Status.PENDING, claim="")
    due = (Notice.objects.filter(status=Notice.Status.PENDING, deliver_after__lte=now)
           .values_list("user_id", flat=True).distinct()[:USERS_PER_RUN])
    sent = 0
    for user_id in list(due):
        claim = uuid.uuid4().hex
        taken = Notice.objects.filter(user_id=user_id, status=Notice.Status.PENDING, deliver_after__lte=now).update(
            status=Notice.Status.SENDING, claim=claim, claimed_at=now)
        if taken:
            sent += _deliver(list(Notice.objects.filter(claim=claim).select_related("user__profile", "match")
                                  .order_by("created_at")), now)
    return sent


def _deliver(notices: list[Notice], now: datetime) -> int:
    """Mail (and push) one player's due notices; 1 if a mail or a push went out."""
    user = notices[0].user
    keep = []
    for notice in notices:
        reason = _not_to_send(notice, user)
        if reason:
            _close(notice, Notice.Status.SKIPPED, reason)
        else:
            keep.append(notice)
    mailed = [n for n in keep if _may_mail(n, user)]
    browsers = list(user.push_subscriptions.all())
    pushed = [n for n in keep if n.kind != Notice.Kind.CONFIRM] if browsers else []
    for notice in keep:
        if notice not in mailed and notice not in pushed:
            _close(notice, Notice.Status.SKIPPED, "no confirmed address and no browser asked for pushes")
    if pushed:
        items = [_item(user, n) for n in pushed]
        push.send(browsers, items[0]["subject"] if len(items) == 1 else f"Meeple Hall: {text.counted(len(items), 'update')}",
                  " ".join(i["text"] for i in items)[:300], items[0]["url"])
    if mailed:
        try:
            compose(user, mailed).send()
        except Exception as exc:  # the mail server refused or is away: try again later, then give up
            log.warning("notices for user %s could not be sent: %s", user.pk, exc)
            _retry_later([n for n in mailed if n not in pushed], now, exc)
            mailed = []
    done = [n.pk for n in keep if n in mailed or n in pushed]
    Notice.objects.filter(pk__in=done).update(status=Notice.Status.SENT, sent_at=timezone.now(), claim="",
                                              outcome="")
    return 1 if done else 0


def _retry_later(notices: list[Notice], now: datetime, exc: Exception) -> None:
    for notice in notices:
        notice.attempts += 1
        notice.status = Notice.Status.FAILED if notice.attempts >= MAX_ATTEMPTS else Notice.Status.PENDING
        notice.deliver_after = now + timedelta(minutes=2 ** notice.attempts)
        notice.outcome, notice.claim = str(exc)[:300], ""
        notice.save(update_fields=["attempts", "status", "deliver_after", "outcome", "claim"])


def _may_mail(notice: Notice, user) -> bool:
    """Mail goes only to a confirmed address (a confirmation, to the address it confirms)."""
    if not user.email:
        return False
    if notice.kind == Notice.Kind.CONFIRM:
        return True
    confirmed = getattr(getattr(user, "profile", None), "confirmed_email", "")
    return bool(confirmed) and confirmed.casefold() == user.email.casefold()


def _close(notice: Notice, status: str, outcome: str) -> None:
    Notice.objects.filter(pk=notice.pk).update(status=status, outcome=outcome, claim="")


def _not_to_send(notice: Notice, user) -> str:
    """Why ``notice`` should not go now (empty: it should)."""
    if not user.is_active:
        return "the account is closed"
    if notice.kind != Notice.Kind.CONFIRM and delivery(user.pk, notice.kind) == NoticeSetting.Delivery.NEVER:
        return "turned off since it was queued"
    match = notice.match
    if notice.kind in TURN_KINDS and match is not None:
        seat = match.seats.filter(user_id=user.pk).first()
        if match.status != Match.Status.ACTIVE or seat is None or seat.position not in (match.to_act or []):
            return "no longer their turn"
        if notify.listened([notify.seat_user_group(match.pk, user.pk)]):
            return "on the table's page"
    return ""


# ---- the mail --------------------------------------------------------------------------------

def unsubscribe_token(user_id: int, kinds: list[str]) -> str:
    return signing.dumps({"u": user_id, "k": sorted(set(kinds))}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, list[str]] | None:
    """(user id, kinds) of a link this site signed, or None for anything else."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    kinds = data.get("k") if isinstance(data, dict) else None
    if not isinstance(data.get("u"), int) or not isinstance(kinds, list) or not set(kinds) <= set(CHOSEN_KINDS):
        return None
    return data["u"], kinds


def confirm_token(user) -> str:
    return signing.dumps({"u": user.pk, "e": user.email}, salt=CONFIRM_SALT, compress=True)


def link(path: str) -> str:
    return settings.SITE_URL + path


def compose(user, notices: list[Notice]) -> EmailMultiAlternatives:
    """One mail to ``user`` with every notice in ``notices``: plain text and HTML, a link to each
    table, and (unless it only confirms the address) a one-click unsubscribe (RFC 8058)."""
    items = [_item(user, n) for n in notices]
    chosen = sorted({n.kind for n in notices if n.kind != Notice.Kind.CONFIRM})
    unsubscribe = link(reverse("unsubscribe", args=[unsubscribe_token(user.pk, chosen)])) if chosen else ""
    subject = items[0]["subject"] if len(items) == 1 else f"Meeple Hall: {text.counted(len(items), 'update')}"
    context = {"user": user, "items": items, "unsubscribe": unsubscribe,
               "settings_url": link(reverse("notice_settings"))}
    message = EmailMultiAlternatives(
        subject=subject, body=render_to_string("core/mail/notices.txt", context), to=[user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"} if unsubscribe else {},
    )
    message.attach_alternative(render_to_string("core/mail/notices.html", context), "text/html")
    return message


def _item(user, notice: Notice) -> dict:
    """What one notice says, in words any player at the table may read."""
    if notice.kind == Notice.Kind.CONFIRM:
        url = link(reverse("confirm_email", args=[confirm_token(user)]))
        return {"subject": "Confirm your address for Meeple Hall", "url": url, "action": "Confirm my address",
                "text": "Open this link to confirm that this is your address. Until then Meeple Hall "
                        "sends it nothing else, and a forgotten password cannot be reset through it."}
    match = notice.match
    game = registry().games.get(match.game_slug) if match else None
    table = f"{game.name if game else match.game_slug} #{match.pk}" if match else "a table"
    url = link(match.get_absolute_url()) if match else link("/")
    if notice.kind == Notice.Kind.YOUR_TURN:
        return {"subject": f"Your turn: {table}", "url": url, "action": "Make your move",
                "text": f"It is your turn at {table}."}
    if notice.kind in (Notice.Kind.CLOCK_DAY, Notice.Kind.CLOCK_HOUR):
        left = "an hour" if notice.kind == Notice.Kind.CLOCK_HOUR else "a day"
        return {"subject": f"Less than {left} left: {table}", "url": url, "action": "Make your move",
                "text": f"Less than {left} is left for your move at {table}. When your clock runs out, "
                        "a bot plays your seat until you take it back."}
    if notice.kind == Notice.Kind.GAME_OVER:
        seat = match.seats.filter(user_id=user.pk).first()
        names = [s.label for s in match.seats.order_by("position")]
        said = text.standing(match.result or {}, names, seat.position if seat else None) if match.result else ""
        return {"subject": f"Game over: {table}", "url": url, "action": "See the result",
                "text": f"{table} is over. {said}".strip()}
    host = notice.params.get("host", "A player")
    if notice.kind == Notice.Kind.CHALLENGE:
        return {"subject": f"{host} challenges you: {table}", "url": link("/#rematch-invites"),
                "action": "Accept or decline", "text": f"{host} challenges you to a game: {table}."}
    return {"subject": f"Rematch offered: {table}", "url": url, "action": "Answer the offer",
            "text": f"{host} offers you a rematch at {table}."}
