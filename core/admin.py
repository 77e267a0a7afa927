"""Staff tools: matches with seats and a read-only move log, chat moderation, ratings, plugins."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from .models import ChatMessage, Match, Move, Profile, Rating, Seat
from .plugins import registry
from .services.replays import verify_match


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "bot", "options", "bot_takeover", "resigned", "score", "rank")
    raw_id_fields = ("user",)


class MoveInline(admin.TabularInline):
    """The move log is append-only: shown, never edited."""

    model = Move
    extra = 0
    can_delete = False
    fields = ("ply", "seat", "payload", "by_bot", "created_at")
    readonly_fields = fields

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
    readonly_fields = ("seed", "version", "state", "result", "invite_token", "created_at",
                       "started_at", "finished_at", "updated_at")
    inlines = [SeatInline, MoveInline]
    actions = ["abort_matches", "verify_replays"]
    change_list_template = "admin/core/match/change_list.html"

    @admin.action(description="Abort the selected matches")
    def abort_matches(self, request, queryset):
        count = queryset.filter(status__in=[Match.Status.OPEN, Match.Status.ACTIVE]).update(
            status=Match.Status.ABORTED, turn_deadline=None
        )
        self.message_user(request, f"Aborted {count} match(es).")

    @admin.action(description="Verify replay (recompute from the move log)")
    def verify_replays(self, request, queryset):
        bad = []
        for match in queryset:
            problem = verify_match(match)
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

    @admin.action(description="Hide the selected messages")
    def hide(self, request, queryset):
        queryset.update(hidden=True)
        for match_id in set(queryset.values_list("match_id", flat=True)):
            from .services.notify import chat_posted

            chat_posted(match_id)

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
    list_display = ("user", "game_slug", "mu", "sigma", "matches", "updated_at")
    list_filter = ("game_slug",)
    search_fields = ("user__username",)


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = (*UserAdmin.list_display, "is_muted")

    @admin.display(boolean=True, description="muted")
    def is_muted(self, user):
        return hasattr(user, "profile") and user.profile.chat_muted
