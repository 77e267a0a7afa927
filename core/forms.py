"""Forms: sign-up, profile, and the create-table form built from a game's declared options."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction

from core import throttle
from core.engine.game import players_wanted
from core.models import Match, Profile

EMAIL_TAKEN = ("This e-mail address already has an account (one account per address). Log in, "
               "or ask for a new password if you forgot it.")


def email_taken(email: str) -> bool:
    """Whether an account already uses ``email``, in any case ("Alice@X.org" is "alice@x.org")."""
    return bool(email) and get_user_model().objects.filter(email__iexact=email).exists()


def address_free(form: forms.Form, email: str) -> bool:
    """Inside the caller's transaction: take the address's lock (a rate-counter row, shared by
    every process) and check that no account has it, so two accounts cannot take one address at
    the same moment; if one has, the error goes on ``form``'s email field."""
    if not email:
        return True
    throttle.hit(f"signup:email:{throttle.key_part(email.casefold())}", 60)
    if email_taken(email):
        form.add_error("email", forms.ValidationError(EMAIL_TAKEN, code="email_taken"))
        return False
    return True


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False,
                             help_text="Optional, one account per address. Once you confirm it from the mail we "
                                       "send, it resets a forgotten password and tells you when it is "
                                       "your turn (you choose which mails you get).")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data.get("email", "")
        if email_taken(email):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email

    def save(self, commit: bool = True):
        """The account, or None when its address was taken since the form was checked (the
        error is then on the form). The check and the insert happen in one transaction that
        first takes a row lock on the address (a rate-counter row, shared by every process), so
        two sign-ups with one address at the same moment cannot both pass."""
        with transaction.atomic():
            if not address_free(self, self.cleaned_data.get("email", "")):
                return None
            return super().save(commit)


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ("display_name",)


def option_field(option) -> forms.Field:
    if option.kind == "bool":
        return forms.BooleanField(label=option.label, required=False, initial=option.default,
                                  help_text=option.help)
    if option.kind == "int":
        # Not required: a blank (or, for another player count, hidden) field means the default.
        return forms.IntegerField(label=option.label, initial=option.default, min_value=option.min,
                                  max_value=option.max, help_text=option.help, required=False)
    return forms.ChoiceField(label=option.label, initial=option.default, help_text=option.help,
                             choices=[(str(v), label) for v, label in option.choices], required=False)


def players_range(option) -> str:
    """``"1-1"`` for an option only solo tables have; empty when every player count has it."""
    return f"{option.players[0]}-{option.players[1]}" if option.players else ""


class TableForm(forms.Form):
    """Players, visibility and clock, then one field per game option and per seat option.

    Seat fields are named ``seat<N>_<option>`` and ``seat<N>_who`` (``open`` or a bot name).
    """

    players = forms.TypedChoiceField(coerce=int, label="Players")
    private = forms.BooleanField(required=False, label="Private table (invite link only)")
    rated = forms.BooleanField(required=False, initial=True, label="Rated")
    spectator_chat = forms.BooleanField(required=False, initial=True, label="Spectators may chat")
    time_control = forms.ChoiceField(choices=Match.TimeControl.choices, initial="none", label="Clock")
    time_per_move = forms.IntegerField(min_value=1, max_value=60, initial=5, required=False,
                                       label="Minutes or days per move",
                                       help_text="Minutes for a realtime clock, days for correspondence.")
    challenge = forms.CharField(
        required=False, max_length=200, label="Challenge players",
        help_text="Their user names: a seat is held for each, the table is private, and it starts "
                  "when everyone has accepted.")
    weekend_pause = forms.BooleanField(required=False, label="Clocks stop on weekends",
                                       help_text="Correspondence only: Saturdays and Sundays do not count, "
                                                 "in the time zone of the player to move.")

    def __init__(self, game, bots, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        counts = range(game.min_players, game.max_players + 1)
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fields["players"].error_messages["invalid_choice"] = f"{players_wanted(game)}."
        self.fields["players"].initial = game.min_players if game.min_players > 1 else min(2, game.max_players)
        self.table_options = [o for o in game.options if not o.per_seat]
        self.seat_option_defs = [o for o in game.options if o.per_seat]
        for option in self.table_options:
            self.fields[f"opt_{option.name}"] = option_field(option)
            self.fields[f"opt_{option.name}"].players_range = players_range(option)
        who = [("open", "Open seat (a person)")] + [(name, bot.label) for name, bot in bots.items()]
        for n in range(game.max_players):
            if n > 0:
                # Not required: seats beyond the player count are hidden and not sent.
                self.fields[f"seat{n}_who"] = forms.ChoiceField(choices=who, initial="open",
                                                                label="Who sits here", required=False)
            for option in self.seat_option_defs:
                self.fields[f"seat{n}_{option.name}"] = option_field(option)
                self.fields[f"seat{n}_{option.name}"].players_range = players_range(option)

    def seat_rows(self):
        rows = []
        for n in range(self.game.max_players):
            names = ([f"seat{n}_who"] if n > 0 else []) + [f"seat{n}_{o.name}" for o in self.seat_option_defs]
            rows.append({"number": n + 1, "fields": [self[name] for name in names]})
        return rows

    def option_fields(self):
        return [self[f"opt_{o.name}"] for o in self.table_options]

    def clean(self):
        data = super().clean()
        if data.get("time_control", "none") != "none" and not data.get("time_per_move"):
            self.add_error("time_per_move", "Say how long each move may take, or choose No clock.")
        return data

    def table_settings(self) -> dict:
        data = self.cleaned_data
        players = data["players"]
        clocked = data["time_control"] != Match.TimeControl.NONE
        return {
            "players": players,
            "options": {o.name: data.get(f"opt_{o.name}") for o in self.table_options},
            "seat_options": [
                {o.name: data.get(f"seat{n}_{o.name}") for o in self.seat_option_defs}
                for n in range(players)
            ],
            "bots": {n: data[f"seat{n}_who"] for n in range(1, players)
                     if (data.get(f"seat{n}_who") or "open") != "open"},
            "private": data["private"],
            "rated": data["rated"],
            "spectator_chat": data["spectator_chat"],
            "time_control": data["time_control"],
            "time_per_move": (data.get("time_per_move") or 0) if clocked else 0,
            "weekend_pause": bool(data.get("weekend_pause"))
            and data["time_control"] == Match.TimeControl.CORRESPONDENCE,
        }
