"""The portal's data: tables/matches, seats, the append-only move log, chat and ratings.

A match is stored as seed + options + its move log; ``Match.state`` is a cache that must always
equal a replay of that log (``manage.py verifyreplays`` and the admin action check it).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from core.engine.strengths import EASY, HARD
from core.plugins import registry


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    return secrets.randbits(62)


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class TimeControl(models.TextChoices):
        NONE = "none", "No clock"
        REALTIME = "realtime", "Realtime (minutes per move)"
        CORRESPONDENCE = "correspondence", "Correspondence (days per move)"

    game_slug = models.CharField(max_length=64, db_index=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="hosted_matches",
    )
    players = models.PositiveSmallIntegerField(help_text="Number of seats at the table.")
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField(default=new_seed)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    version = models.PositiveIntegerField(default=0, help_text="Moves applied so far.")
    state = models.JSONField(null=True, blank=True, help_text="Cache of replay(seed, options, moves).")
    result = models.JSONField(null=True, blank=True)
    private = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=64, default=new_invite_token, unique=True)
    rated = models.BooleanField(default=True)
    spectator_chat = models.BooleanField(default=True, help_text="Spectators may write in the chat.")
    time_control = models.CharField(max_length=16, choices=TimeControl.choices, default=TimeControl.NONE)
    time_per_move = models.PositiveIntegerField(
        default=0, help_text="Minutes (realtime) or days (correspondence) per move."
    )
    turn_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    weekend_pause = models.BooleanField(
        default=False, help_text="Correspondence clocks stand still on Saturdays and Sundays, in the "
                                 "time zone of the player to move.")
    to_act = models.JSONField(
        default=list, blank=True,
        help_text="Seats to act now (none unless in play), kept with every change of the match so "
                  "a player's 'your turn' count needs no game state.",
    )
    revision = models.PositiveIntegerField(
        default=0, help_text="Changes of any kind so far (moves, seats, status): orders live frames."
    )
    bots_due_at = models.DateTimeField(
        null=True, blank=True, db_index=True,
        help_text="When a bot seat is due to move; found again after a restart.",
    )
    takeback = models.JSONField(
        null=True, blank=True,
        help_text="Whose latest moves may be taken back now and how many ({'seat': 0, 'depth': 2}), "
                  "and whether the last change was a take-back ('undone'); see core.engine.undo.",
    )
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)
    end_note = models.CharField(
        max_length=300, blank=True,
        help_text="Why the match ended other than by the rules (closed by its host, aborted by "
                  "staff): the players read it on the table.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"#{self.pk} {self.game_slug} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.pk])

    @property
    def group_name(self) -> str:
        return f"match-{self.pk}"

    @property
    def seat_options(self) -> list[dict]:
        return [s.options for s in self.seats.order_by("position")]

    def move_log(self) -> list[tuple[int, dict]]:
        return [(m.seat, m.payload) for m in self.moves.order_by("ply")]

    def may_take_back(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its latest move now (see core.services.takeback)."""
        record = self.takeback or {}
        return (seat is not None and self.status == self.Status.ACTIVE
                and record.get("seat") == seat and record.get("depth", 0) > 0)


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="seats",
    )
    bot = models.CharField(max_length=64, blank=True, help_text="Bot name; empty for a person.")
    options = models.JSONField(default=dict, blank=True, help_text="Per-seat options.")
    bot_takeover = models.BooleanField(
        default=False, help_text="The clock ran out: the bot plays until the player takes it back."
    )
    resigned = models.BooleanField(default=False)
    score = models.FloatField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_seat_per_position"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position + 1} of match {self.match_id}: {self.label}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    @property
    def is_empty(self) -> bool:
        return not self.bot and self.user_id is None

    @property
    def plays_by_bot(self) -> bool:
        return self.is_bot or self.bot_takeover or self.resigned

    @property
    def label(self) -> str:
        """The seat's name on tables, in results and logs: a person's display name (marked when
        the account says a program plays it), or the label the bot's plugin gave it (the one the
        create-table form offered)."""
        if self.bot:
            bot = registry().bots_for(self.match.game_slug).get(self.bot)
            return bot.label if bot is not None else bot_label(self.bot)
        if self.user_id is None:
            return "(empty)"
        profile = getattr(self.user, "profile", None)
        if profile is not None and profile.bot_account:
            return f"{display_name(self.user)} (bot account)"
        return display_name(self.user)


class Move(models.Model):
    """One applied move. Append-only: never updated or deleted while the match exists."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    by_bot = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "ply"]
        constraints = [models.UniqueConstraint(fields=["match", "ply"], name="one_move_per_ply")]

    def __str__(self) -> str:
        return f"match {self.match_id} move {self.ply} by seat {self.seat + 1}"


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=40, blank=True)
    chat_muted = models.BooleanField(default=False, help_text="Muted users cannot write in table chats.")
    moderation_note = models.CharField(
        max_length=500, blank=True,
        help_text="What staff told the player about a report (a warning, a mute, a suspension), "
                  "shown on their pages until they have read it, and at log-in while suspended.")
    confirmed_email = models.EmailField(
        blank=True, help_text="The address the player confirmed from a mail; none is sent to any other.")
    time_zone = models.CharField(max_length=64, default="UTC",
                                 help_text="Where the player's weekend is, for tables that pause on weekends.")
    away_until = models.DateTimeField(null=True, blank=True,
                                      help_text="On vacation until then: clocks of their correspondence tables stand still.")
    away_days_used = models.PositiveSmallIntegerField(default=0, help_text="Vacation days taken in away_year.")
    away_year = models.PositiveSmallIntegerField(default=0)
    bot_account = models.BooleanField(
        default=False, help_text="A program plays this account through the API: its tables and "
                                 "the leaderboards say so.")

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()


def bot_label(name: str) -> str:
    """A bot seat's name made from the bot's name, for a bot no installed plugin offers any more:
    "Keeper bot (hard)" for the hard bot that ``core.engine.strengths`` names "keeper-hard", so
    the strength a person chose is still the one the table shows (not "Keeper-Hard bot")."""
    base, _, level = name.rpartition("-")
    if level not in (EASY, HARD) or not base:
        base, level = name, ""
    label = f"{base.replace('_', ' ').title()} bot"
    return f"{label} ({level})" if level else label


def display_name(user) -> str:
    profile = getattr(user, "profile", None) if user is not None else None
    try:
        name = profile.display_name if profile else ""
    except Profile.DoesNotExist:
        name = ""
    return name or user.get_username()


class ChatMessage(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    hidden = models.BooleanField(default=False, help_text="Hidden by staff.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"


class Rating(models.Model):
    """An openskill (Plackett-Luce) rating of one user in one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game_slug = models.CharField(max_length=64, db_index=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game_slug"], name="one_rating_per_game")]
        ordering = ["game_slug", "-mu"]

    @property
    def ordinal(self) -> float:
        """The conservative estimate (mu - 3 sigma) that leaderboards sort by."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.user} {self.game_slug}: {self.ordinal:.1f}"


class RatingHistory(models.Model):
    """A player's rating in a game after each rated match: their rating over time."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_history")
    game_slug = models.CharField(max_length=64)
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    ordinal = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["user", "game_slug", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user} {self.game_slug} {self.ordinal:.1f} after match {self.match_id}"


class RateCounter(models.Model):
    """Hits on one rate-limit key (failed log-ins, chat messages) within a window.

    A row incremented with ``F()`` in one transaction, so parallel requests in any number of
    processes never lose a hit (see :mod:`core.throttle`).
    """

    key = models.CharField(max_length=200, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


class RematchInvite(models.Model):
    """A seat at a rematch table held for a player of the previous match until they answer.

    The rematch table stays private while any invite is pending, so nobody else takes the seat;
    each player joins only by accepting (see :mod:`core.services.rematch`).
    """

    class Answer(models.TextChoices):
        PENDING = "pending", "Not answered yet"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    table = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rematch_invites")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rematch_invites")
    position = models.PositiveSmallIntegerField(help_text="The seat held for this player.")
    answer = models.CharField(max_length=8, choices=Answer.choices, default=Answer.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_rematch_invite_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} invited to match {self.table_id}: {self.answer}"


class Notice(models.Model):
    """One notice owed to a player: the outbox of mails (and, later, pushes).

    Written in the same transaction as the change that causes it (a move, a result, an offer), so
    a crash never loses one that was due; a sender delivers it after the commit, claiming rows
    with a conditional UPDATE so that of several processes exactly one sends each (see
    :mod:`core.services.notices`). ``key`` makes a notice that one change could cause twice (a
    clock reminder seen by two sweeps) exist once.
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "It is your turn"
        CLOCK_DAY = "clock_day", "Your clock runs out within a day"
        CLOCK_HOUR = "clock_hour", "Your clock runs out within an hour"
        GAME_OVER = "game_over", "A game of yours ended"
        REMATCH = "rematch", "A rematch is offered to you"
        CHALLENGE = "challenge", "Someone challenges you to a game"
        CONFIRM = "confirm", "Confirm your e-mail address"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Not sent"
        FAILED = "failed", "Failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    params = models.JSONField(default=dict, blank=True, help_text="What the mail says, beside the match.")
    key = models.CharField(max_length=120, null=True, blank=True, unique=True,
                           help_text="Identity of a notice one cause may raise twice; it exists once.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    deliver_after = models.DateTimeField(db_index=True, help_text="Not sent before (digests wait).")
    claim = models.CharField(max_length=32, blank=True, db_index=True,
                             help_text="The sender run that is sending it.")
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    outcome = models.CharField(max_length=300, blank=True, help_text="Why it was not sent, or the last error.")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "deliver_after"], name="notice_due")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user} ({self.get_status_display()})"


class NoticeSetting(models.Model):
    """How one player wants one kind of notice by e-mail (no row: at once)."""

    class Delivery(models.TextChoices):
        AT_ONCE = "at_once", "At once"
        HOURLY = "hourly", "At most one mail an hour"
        DAILY = "daily", "A daily digest"
        NEVER = "never", "Never"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_settings")
    kind = models.CharField(max_length=16, choices=Notice.Kind.choices)
    email = models.CharField(max_length=8, choices=Delivery.choices, default=Delivery.AT_ONCE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_notice_setting_per_kind")]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} {self.email}"


class PushSubscription(models.Model):
    """A browser that asked for Web Push notices (its push service's endpoint and keys)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text="The browser's public key (base64url).")
    auth = models.CharField(max_length=100, help_text="The browser's authentication secret (base64url).")
    created_at = models.DateTimeField(auto_now_add=True)
    last_error = models.CharField(max_length=300, blank=True)

    def __str__(self) -> str:
        return f"push to {self.user} ({self.endpoint[:40]}…)"


class ApiToken(models.Model):
    """A personal access token of the program API (see :mod:`core.api`).

    Only the SHA-256 of the secret is stored: the owner sees the whole token once, when it is
    made, and afterwards only its ``prefix``. ``scopes`` is a list of
    :class:`core.api.auth.Scope` values, so a new scope needs no migration.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60, help_text="What the owner calls it (which program uses it).")
    prefix = models.CharField(max_length=16, db_index=True, help_text="The token's first characters, shown to recognise it.")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the whole token, hex.")
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user}"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class Follow(models.Model):
    """``follower`` follows ``followed``: sees them on the friends page, online or not."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["follower", "followed"], name="follow_once")]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class Block(models.Model):
    """``blocker`` keeps ``blocked`` away: no joining their tables, no challenges, no chat lines
    shown to them. The blocked person is never told who blocked them."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocking")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocked_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once")]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"


class Report(models.Model):
    """A player's report of another player, a chat line or a table, for staff to handle."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for staff"
        HANDLED = "handled", "Handled"

    class Action(models.TextChoices):
        NONE = "", "No action"
        WARN = "warn", "Warned"
        MUTE = "mute", "Muted in chat"
        SUSPEND = "suspend", "Suspended"

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="reports_about", help_text="The player reported.")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports")
    chat = models.ForeignKey("ChatMessage", null=True, blank=True, on_delete=models.SET_NULL, related_name="reports")
    reason = models.TextField(max_length=1000)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN, db_index=True)
    action = models.CharField(max_length=8, choices=Action.choices, blank=True, default="")
    staff_note = models.CharField(max_length=500, blank=True, help_text="What the player is told, with the action.")
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="reports_handled")
    handled_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["status", "-created_at"]

    def __str__(self) -> str:
        return f"report {self.pk} by {self.reporter} about {self.user or self.match or self.chat}"


class GameStatistics(models.Model):
    """A game's statistics, added up match by match as each one finishes (see
    core.services.stats): its page reads one row, however many matches there were."""

    game_slug = models.CharField(max_length=64, unique=True)
    data = models.JSONField(default=dict)
    matches = models.PositiveIntegerField(default=0, help_text="Finished matches counted in.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"statistics of {self.game_slug} ({self.matches} matches)"


class Tournament(models.Model):
    """Several rounds of one game among registered players (see core.services.tournaments)."""

    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss (two-player games)"
        ROUND_ROBIN = "round_robin", "Round robin (two-player games)"
        TABLES = "tables", "Rounds of tables"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Open for registration"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused by staff"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=80)
    game_slug = models.CharField(max_length=64)
    format = models.CharField(max_length=12, choices=Format.choices)
    table_size = models.PositiveSmallIntegerField(default=2, help_text="Players at each table.")
    rounds = models.PositiveSmallIntegerField(default=3, help_text="Rounds (a round robin has as many as it needs).")
    options = models.JSONField(default=dict, blank=True)
    time_control = models.CharField(max_length=16, choices=Match.TimeControl.choices, default=Match.TimeControl.REALTIME)
    time_per_move = models.PositiveSmallIntegerField(default=5)
    rated = models.BooleanField(default=True)
    invite_only = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, blank=True)
    max_players = models.PositiveSmallIntegerField(default=64)
    starts_at = models.DateTimeField(null=True, blank=True, help_text="Starts by itself then (if enough players).")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournaments_created")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game_slug})"

    def get_absolute_url(self) -> str:
        return f"/tournaments/{self.pk}/"


class TournamentPlayer(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    seed = models.PositiveIntegerField(default=0, help_text="Order of registration: the last tie-break.")
    withdrawn = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seed"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="enter_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class TournamentTable(models.Model):
    """One table of one round: its match and its players in seat order (a bye has no match)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="tournament_table")
    players = models.JSONField(help_text="User ids by seat.")

    class Meta:
        ordering = ["round", "pk"]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round}: {'bye' if self.match_id is None else self.match_id}"
