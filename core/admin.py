"""Staff tools: matches (read-only records, readable move log), chat moderation, ratings, plugins.

A match is its seed, options, seats and move log; the stored state must equal their replay.
So the admin shows a match's record and never edits it: staff change a match only through
actions that keep that promise (abort, verify replay). What staff may still edit, while the
match is open or in play, is outside the replay: whether spectators may chat, and which match a
table is a rematch of. A finished or aborted match is a closed record: read-only. No match is
ever deleted here: the move log is append-only, results and ratings were counted from it, and a
table that should not go on is aborted instead.

Every value shown comes from stored data that may predate today's checks (a lone surrogate, a
megabyte, deep nesting), so each is turned into text that any page can encode, and a replay
that fails only falls back to plainer output: no admin page answers 500 because of data.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from .models import (
    ApiToken,
    ChatMessage,
    Match,
    Notice,
    Profile,
    Rating,
    Report,
    Seat,
    Tournament,
    TournamentPlayer,
)
from .plugins import registry
from .rendering import name_seats, players_of
from .services import tournaments
from .services.community import act_on
from .services.errors import Refused
from .services.matches import abort_match
from .services.replays import states_by_ply, verify_match
from .views.replays import new_lines

log = logging.getLogger(__name__)

SHOWN_CHARS = 200_000
"""Longest text shown for one stored value (the rest is cut, with a note)."""
MOVE_CHARS = 300
"""Longest JSON shown for one move in the log."""
WORDS_UP_TO_PLY = 1000
"""Moves described in words by replaying; a longer log shows the later moves as JSON."""
DEFAULT_ABORT_REASON = "the match could not go on, so it does not count."


def json_text(value: Any, indent: int | None = None, limit: int = SHOWN_CHARS) -> str:
    """Stored JSON as text every page can encode: lone surrogates and other unencodable
    characters become backslash escapes, very long values are cut."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=indent,
                          separators=None if indent else (", ", ": "))
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) > limit:
        text = f"{text[:limit]} … ({len(text) - limit:,} more characters)"
    return text


def _log_of(game, state) -> list:
    view = game.view(state, None)
    return list(view.get("log", [])) if isinstance(view, dict) else []


def move_words(match: Match) -> dict[int, str]:
    """The game's own log lines for each move (ply -> text), from one replay of the match.

    Empty when the game is not installed or the stored log does not replay; the move log then
    shows each move as JSON.
    """
    game = registry().games.get(match.game_slug)
    if game is None or match.state is None:
        return {}
    players = players_of(match)
    words, before = {}, None
    try:
        for ply, state in states_by_ply(match):
            lines = _log_of(game, state)
            if ply:
                words[ply] = " ".join(name_seats(new_lines(before, lines), players))
            if ply >= WORDS_UP_TO_PLY:
                break
            before = lines
    except Exception:  # stored data this code cannot replay: show the moves as JSON instead
        log.warning("match %s: the move log could not be replayed for the admin", match.pk, exc_info=True)
    return words


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:g}"


def _mover(seat: int, player: dict | None, by_bot: bool) -> str:
    """Seats counted from 1, as the site counts them. Every move a bot played says so, decided
    from the seat and the move, never from the name (bots are "Warden bot" and "Warden bot
    (hard)", and a person may call themselves "Robo bot"): a bot's seat, or a person's seat
    played by a bot (after a timeout or a resignation)."""
    name = player["name"] if player else "?"
    if player and player["is_bot"]:
        return f"Seat {seat + 1} · {name} (bot seat)"
    return f"Seat {seat + 1} · {name}{' (played by a bot)' if by_bot else ''}"


class SeatInline(admin.TabularInline):
    """The seats as they are; changing who sits where would change the match."""

    model = Seat
    extra = 0
    can_delete = False
    fields = ("seat", "player", "user", "seat_options", "bot_takeover", "resigned", "score", "rank")
    readonly_fields = fields

    @admin.display(description="seat")
    def seat(self, obj: Seat) -> int:
        return obj.position + 1

    @admin.display(description="player")
    def player(self, obj: Seat) -> str:
        return obj.label

    @admin.display(description="options")
    def seat_options(self, obj: Seat) -> str:
        return json_text(obj.options, limit=MOVE_CHARS)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ChatInline(admin.TabularInline):
    """The table's chat, to read; hiding goes through the chat moderation page (with a
    confirmation), linked from here."""

    model = ChatMessage
    extra = 0
    can_delete = False
    fields = ("created_at", "user", "text", "hidden")
    readonly_fields = fields
    verbose_name_plural = "chat (moderate it from the chat messages page)"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class GameFilter(admin.SimpleListFilter):
    title = "game"
    parameter_name = "game"

    def lookups(self, request, model_admin):
        return [(slug, game.name) for slug, game in sorted(registry().games.items())]

    def queryset(self, request, queryset):
        return queryset.filter(game_slug=self.value()) if self.value() else queryset


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game_slug", "status", "players", "version", "private", "created_at", "finished_at")
    list_filter = (GameFilter, "status", "private", "time_control")
    search_fields = ("seats__user__username", "seats__user__profile__display_name", "=id")
    autocomplete_fields = ("rematch_of",)
    fieldsets = (
        (None, {"fields": ("links", "game", "status", "host", "players", "private", "rated",
                           "spectator_chat", "rematch_of")}),
        ("Record", {"fields": ("outcome", "move_log", "stored_state", "table_options", "seed", "version")}),
        ("Clock", {"classes": ("collapse",), "fields": ("time_control", "time_per_move", "turn_deadline")}),
        ("Times", {"classes": ("collapse",),
                   "fields": ("created_at", "started_at", "finished_at", "updated_at", "invite_token")}),
    )
    readonly_fields = ("links", "game", "status", "host", "players", "private", "rated",
                       "time_control", "time_per_move", "turn_deadline", "seed", "version",
                       "table_options", "outcome", "move_log", "stored_state", "created_at",
                       "started_at", "finished_at", "updated_at", "invite_token")
    inlines = [SeatInline, ChatInline]
    actions = ["abort_matches", "verify_replays"]
    change_list_template = "admin/core/match/change_list.html"

    def has_add_permission(self, request):
        """A match starts from a table (or the demo button), never from a blank form."""
        return False

    def has_change_permission(self, request, obj=None):
        """A finished or aborted match is a closed record: shown, never changed."""
        if obj is not None and obj.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        """No match is deleted: its move log is append-only and results, ratings and rematches
        refer to it. A table that should not go on is aborted."""
        return False

    @admin.display(description="see it")
    def links(self, match: Match) -> str:
        links = [("table page", match.get_absolute_url())]
        if match.status == Match.Status.FINISHED:
            links.append(("replay", reverse("replay", args=[match.pk])))
        links.append(("moderate its chat",
                      reverse("admin:core_chatmessage_changelist") + f"?match__id__exact={match.pk}"))
        return format_html_join(" · ", '<a href="{1}">{0}</a>', links)

    @admin.display(description="game")
    def game(self, match: Match) -> str:
        game = registry().games.get(match.game_slug)
        return f"{game.name} ({match.game_slug})" if game else f"{match.game_slug} (not installed)"

    @admin.display(description="options")
    def table_options(self, match: Match) -> str:
        return json_text(match.options, limit=MOVE_CHARS * 4)

    @admin.display(description="result")
    def outcome(self, match: Match) -> str:
        """Each seat's score and place, then the stored result folded away."""
        if not match.result:
            return "–"
        seats = [(f"Seat {s.position + 1} · {s.label}", _number(s.score), s.rank or "–")
                 for s in match.seats.order_by("position")]
        rows = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", seats)
        return format_html('<table><thead><tr><th>Seat</th><th>Score</th><th>Place</th></tr></thead>'
                           '<tbody>{}</tbody></table><details><summary>Stored result</summary><pre>{}</pre>'
                           '</details>', rows, json_text(match.result, indent=1))

    @admin.display(description="state")
    def stored_state(self, match: Match) -> str:
        text = json_text(match.state, indent=1)
        return format_html('<details><summary>The stored state ({} characters); it must equal the '
                           'replay of the move log</summary><pre>{}</pre></details>', f"{len(text):,}", text)

    @admin.display(description="moves")
    def move_log(self, match: Match) -> str:
        moves = list(match.moves.order_by("ply").values_list("ply", "seat", "payload", "by_bot"))
        if not moves:
            return "No moves yet."
        players = {p["seat"]: p for p in players_of(match)}
        words = move_words(match)
        rows = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", (
            (ply, _mover(seat, players.get(seat), by_bot), words.get(ply) or json_text(payload, limit=MOVE_CHARS))
            for ply, seat, payload, by_bot in moves))
        return format_html('<div style="max-height: 36rem; overflow-y: auto"><table><thead><tr><th>Move</th>'
                           '<th>By</th><th>What happened</th></tr></thead><tbody>{}</tbody></table></div>', rows)

    @admin.action(description="Abort the selected matches")
    def abort_matches(self, request, queryset):
        """Asks first, with the reason the players will read, then stops each match through
        the same service as every change of a match, so open pages, the lobby, badges, clock
        and bots follow at once."""
        reason = " ".join(request.POST.get("reason", "").split())
        if request.POST.get("confirmed") != "yes" or not reason:
            return TemplateResponse(request, "admin/core/match/abort_confirmation.html", {
                **self.admin_site.each_context(request),
                "title": "Abort these matches?",
                "opts": self.model._meta,
                "matches": queryset,
                "reason": reason or DEFAULT_ABORT_REASON,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            })
        note = f"Staff aborted this match: {reason[:200]}"
        count = sum(abort_match(pk, note) is not None for pk in queryset.values_list("pk", flat=True))
        self.message_user(request, f"Aborted {count} match(es).")
        return None

    @admin.action(description="Verify replay (recompute from the move log)")
    def verify_replays(self, request, queryset):
        bad = []
        for match in queryset:
            try:
                problem = verify_match(match)
            except Exception as exc:  # a stored log this code cannot even replay
                problem = f"the replay failed ({type(exc).__name__})"
            if problem:
                bad.append(f"#{match.pk}: {problem}")
        if bad:
            self.message_user(request, "Replay mismatch: " + "; ".join(bad), messages.ERROR)
        else:
            self.message_user(request, f"{queryset.count()} match(es) replay exactly.")

    def changelist_view(self, request, extra_context=None):
        extra_context = extra_context or {}
        extra_context["plugin_problems"] = registry().problems
        extra_context["games"] = sorted(registry().games.items())
        return super().changelist_view(request, extra_context)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("match", "user", "text", "hidden", "created_at")
    list_filter = ("hidden",)
    search_fields = ("text", "user__username")
    actions = ["hide", "unhide", "mute_authors"]
    raw_id_fields = ("match", "user")
    readonly_fields = ("match", "user", "text", "created_at")

    def has_add_permission(self, request):
        return False

    @admin.action(description="Hide the selected messages")
    def hide(self, request, queryset):
        """Asks first (a page listing the messages), then hides them for every viewer."""
        if request.POST.get("confirmed") != "yes":
            return TemplateResponse(request, "admin/core/chatmessage/hide_confirmation.html", {
                **self.admin_site.each_context(request),
                "title": "Hide these messages?",
                "opts": self.model._meta,
                "chat": queryset.select_related("user", "match"),
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            })
        count = queryset.update(hidden=True)
        from .services.notify import chat_posted

        for match_id in set(queryset.values_list("match_id", flat=True)):
            chat_posted(match_id)
        self.message_user(request, f"Hid {count} message(s).")
        return None

    @admin.action(description="Show the selected messages again")
    def unhide(self, request, queryset):
        queryset.update(hidden=False)

    @admin.action(description="Mute the authors of the selected messages")
    def mute_authors(self, request, queryset):
        for user_id in set(queryset.values_list("user_id", flat=True)):
            Profile.objects.update_or_create(user_id=user_id, defaults={"chat_muted": True})
        self.message_user(request, "Muted.")


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings as leaderboards use them: mu and sigma to two decimals and the ordinal (mu - 3
    sigma) they sort by. A rating is computed from results, so it is shown, never edited."""

    list_display = ("user", "game_slug", "ordinal", "skill", "uncertainty", "matches", "updated_at")
    list_filter = ("game_slug",)
    search_fields = ("user__username",)
    fields = ("user", "game_slug", "ordinal", "skill", "uncertainty", "matches", "updated_at")
    readonly_fields = fields

    @admin.display(description="ordinal (mu - 3 sigma)")
    def ordinal(self, rating: Rating) -> str:
        return f"{rating.ordinal:.2f}"

    @admin.display(description="mu", ordering="mu")
    def skill(self, rating: Rating) -> str:
        return f"{rating.mu:.2f}"

    @admin.display(description="sigma", ordering="sigma")
    def uncertainty(self, rating: Rating) -> str:
        return f"{rating.sigma:.2f}"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = (*UserAdmin.list_display, "is_muted", "is_bot_account")

    @admin.display(boolean=True, description="muted")
    def is_muted(self, user):
        return hasattr(user, "profile") and user.profile.chat_muted

    @admin.display(boolean=True, description="bot account")
    def is_bot_account(self, user):
        return hasattr(user, "profile") and user.profile.bot_account


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    """The outbox: what was sent, what waits, what was not sent and why; staff send again."""

    list_display = ("created_at", "user", "kind", "match", "status", "attempts", "sent_at", "outcome")
    list_filter = ("status", "kind")
    search_fields = ("user__username", "user__email", "=match__id")
    readonly_fields = ("user", "kind", "match", "params", "key", "status", "deliver_after", "claim",
                       "claimed_at", "attempts", "outcome", "created_at", "sent_at")
    actions = ["send_again"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(description="Send the selected notices again")
    def send_again(self, request, queryset):
        """Back in the queue, due now; the next sender run (every few seconds) mails them."""
        count = queryset.exclude(status=Notice.Status.SENDING).update(
            status=Notice.Status.PENDING, deliver_after=timezone.now(), attempts=0, outcome="", claim="")
        self.message_user(request, f"{count} notice(s) will be sent again within seconds.")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Program API tokens: staff see whose they are and when they were used, and revoke them.
    The secret itself is not stored (only its SHA-256), so nobody can read it here."""

    list_display = ("name", "user", "prefix", "scope_list", "created_at", "last_used_at", "revoked_at")
    list_filter = (("revoked_at", admin.EmptyFieldListFilter),)
    search_fields = ("user__username", "name", "prefix")
    readonly_fields = ("user", "name", "prefix", "scopes", "created_at", "last_used_at", "revoked_at")
    exclude = ("digest",)
    actions = ["revoke"]

    @admin.display(description="scopes")
    def scope_list(self, token):
        return ", ".join(token.scopes)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request, queryset):
        from .api.auth import revoke

        live = list(queryset.filter(revoked_at__isnull=True))
        for token in live:
            revoke(token)
        count = len(live)
        self.message_user(request, f"{count} token(s) revoked; programs using them are refused from now on.")


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The moderation queue: open reports first, each with what was reported beside it (the
    chat line and the table's recent chat, the table's log), and the actions staff take, each
    asking first for the reason the player will read."""

    list_display = ("created_at", "status", "reporter", "user", "match", "chat_line", "said", "action")
    list_filter = ("status", "action")
    search_fields = ("reporter__username", "user__username", "reason")
    readonly_fields = ("reporter", "user", "match", "chat", "reason", "created_at", "context",
                       "status", "action", "staff_note", "handled_by", "handled_at")
    fields = readonly_fields
    actions = ["warn", "mute", "suspend", "close"]

    def has_add_permission(self, request):
        return False

    @admin.display(description="Reason given")
    def said(self, report):
        return report.reason[:120]

    @admin.display(description="Chat line")
    def chat_line(self, report):
        return report.chat.text[:80] if report.chat else ""

    @admin.display(description="What was reported")
    def context(self, report):
        match = report.match or (report.chat.match if report.chat else None)
        if match is None:
            return "–"
        lines = match.chat.select_related("user").order_by("-created_at")[:20]
        chat = format_html_join("", "<li{}><strong>{}</strong>: {}</li>", (
            (mark_safe(' style="background: #ffe9a8"') if report.chat_id == line.pk else "",
             line.user.username, line.text) for line in reversed(lines)))
        log = format_html_join("", "<li>{}</li>", ((line,) for line in _log_lines(match)[-20:]))
        return format_html('<p><a href="{}">Table #{}</a></p><h4>Chat</h4><ul>{}</ul><h4>Game log</h4><ol>{}</ol>',
                           match.get_absolute_url(), match.pk, chat, log)

    def _act(self, request, queryset, action: str, verb: str):
        note = " ".join(request.POST.get("note", "").split())
        if request.POST.get("confirmed") != "yes" or (action and not note):
            return TemplateResponse(request, "admin/core/report/act_confirmation.html", {
                **self.admin_site.each_context(request), "title": f"{verb}?", "opts": self.model._meta,
                "reports": queryset, "action": request.POST.get("action"), "verb": verb,
                "needs_note": bool(action), "note": note,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            })
        for report in queryset.select_related("user"):
            act_on(report, action, note[:500], request.user)
        self.message_user(request, f"{verb}: {queryset.count()} report(s).")
        return None

    @admin.action(description="Warn the reported players")
    def warn(self, request, queryset):
        return self._act(request, queryset, Report.Action.WARN, "Warn the reported players")

    @admin.action(description="Mute the reported players in chat")
    def mute(self, request, queryset):
        return self._act(request, queryset, Report.Action.MUTE, "Mute the reported players")

    @admin.action(description="Suspend the reported players")
    def suspend(self, request, queryset):
        return self._act(request, queryset, Report.Action.SUSPEND, "Suspend the reported players")

    @admin.action(description="Close without action")
    def close(self, request, queryset):
        return self._act(request, queryset, Report.Action.NONE, "Close these reports")


def _log_lines(match) -> list[str]:
    """The game log as its players read it, when the game is still installed."""
    game = registry().games.get(match.game_slug)
    if game is None or match.state is None:
        return []
    view = game.view(match.state, None)
    return name_seats(list(view.get("log", [])), players_of(match)) if isinstance(view, dict) else []


class TournamentPlayerInline(admin.TabularInline):
    """The entrants; ticking "withdrawn" removes a player from the rounds still to come."""

    model = TournamentPlayer
    fields = ("user", "seed", "withdrawn")
    readonly_fields = ("user", "seed")
    extra = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game_slug", "format", "status", "current_round", "rounds", "created_by")
    list_filter = ("status", "format", "game_slug")
    readonly_fields = ("current_round", "created_at", "invite_token")
    inlines = [TournamentPlayerInline]
    actions = ["start", "pause", "pair_again"]

    @admin.action(description="Start (or resume) the selected tournaments")
    def start(self, request, queryset):
        self._each(request, queryset, tournaments.start, "started")

    @admin.action(description="Pause the selected tournaments (the next round waits)")
    def pause(self, request, queryset):
        self._each(request, queryset, tournaments.pause, "paused")

    @admin.action(description="Pair the current round again (before any move is made)")
    def pair_again(self, request, queryset):
        self._each(request, queryset, tournaments.pair_again, "paired again")

    def _each(self, request, queryset, action, done: str):
        for t in queryset:
            try:
                action(t.pk)
            except Refused as exc:
                self.message_user(request, f"{t}: {exc.message}", messages.ERROR)
            else:
                self.message_user(request, f"{t}: {done}.")
