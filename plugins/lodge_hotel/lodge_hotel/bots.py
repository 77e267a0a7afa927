"""The Innkeeper: a greedy Lodge bot that looks one build ahead.

It reads only public information (lodges, displays, valets). For a build it tries every tile in
every legal place and keeps the lodge worth most: points scored now, plus the guests that could
check in next, plus a little for empty neighbouring rooms of two colours (future guest pairs) and
for amenities still being worked towards. Guests go where they score most; the valet takes the
display guest that fits the lodge best. It spends a refresh token when clearing a level of the
room display promises a clearly better build (judged on refills of its own imagined bag).
"""

from __future__ import annotations

import copy
import random

from core.engine import Bot
from core.engine.play import copy_json

from . import amenities as am
from .catalog import AMENITY_BY_ID, GUEST_BY_ID, ROOMS
from .rules import ORTHOGONAL, grid_of, guest_colors, key, lodge_score
from .rules.lodge import amenity_progress


class Innkeeper(Bot):
    name = "innkeeper"
    label = "Innkeeper (greedy)"
    game = "lodge_hotel"
    #: Weights of the lodge evaluation (tuned on seeded solo and three-player games).
    VALET_WEIGHT = 0.9
    DISPLAY_WEIGHT = 1.0
    PAIR_WEIGHT = 0.4
    PAIR_CAP = 6
    UPPER_FLOOR_WEIGHT = 0.15
    #: An unfinished amenity counts this share of its points, times its progress to this power.
    AMENITY_WEIGHT = 0.5
    AMENITY_POWER = 2
    #: A refresh token is spent when the best build after clearing a level is worth this much
    #: more (averaged over this many imagined refills) than the best build now.
    REFRESH_MARGIN = 1.0
    REFRESH_SAMPLES = 2

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        phase = state["phase"]
        lodge = state["lodges"][seat]
        if phase == "build" or phase in ("start_amenity", "lift_amenity"):
            takes = [m for m in moves if m["type"] in ("take_room", "take_amenity")]
            if not takes:
                return next(m for m in moves if m["type"] == "pass")
            value, best = self._best_take(game, state, seat, takes, rng)
            refresh = self._worth_refreshing(game, state, seat, moves, value, rng)
            return refresh or best
        if phase == "place":
            held = state["holding"]
            take = {"type": "take_room", "level": held["level"], "slot": held["slot"]} \
                if held["kind"] == "room" else {"type": "take_amenity", "index": held["index"]}
            _value, spot = self._best_place(game, state, seat, take)
            return {"type": "place", "floor": spot[0], "col": spot[1]}
        if phase == "guests":
            guests = [m for m in moves if m["type"] == "guest"]
            if guests:
                return max(guests, key=lambda m: (self._guest_value(state, lodge, m), rng.random()))
            return {"type": "done"}
        if phase in ("valet", "extra_valet"):
            grid = grid_of(lodge)
            return max(moves, key=lambda m: (
                self._guest_promise(game, state, grid, state["guest_display"][m["index"]]), rng.random()))
        if phase == "lift_discard":
            grid = grid_of(lodge)
            return min(moves, key=lambda m: (
                self._guest_promise(game, state, grid, state["guest_display"][m["index"]]), rng.random()))
        return rng.choice(moves)

    # ---- refresh tokens ---------------------------------------------------------------------
    def _best_take(self, game, state, seat, takes, rng):
        """The take whose best placement leaves the lodge worth most, with that worth."""
        scored = [(self._best_place(game, state, seat, m)[0], rng.random(), i) for i, m in enumerate(takes)]
        value, _tie, index = max(scored)
        return value, takes[index]

    def _worth_refreshing(self, game, state, seat, moves, value, rng):
        """A refresh move when clearing a level of the room display promises a better build.

        Tokens score nothing at the end, so one is worth spending whenever the display is poor.
        For each level the bot clears it in a copy of the state it was given (its own sample
        of the bag, never the real one) a few times and compares the best build it then finds
        with the best build now; it spends the token on the level that gains most, if any
        gains more than ``REFRESH_MARGIN``.
        """
        refreshes = [m for m in moves if m["type"] == "refresh"]
        if not refreshes:
            return None
        best_gain, choice = self.REFRESH_MARGIN, None
        for move in refreshes:
            total = 0.0
            for _ in range(self.REFRESH_SAMPLES):
                trial = game.apply(copy_json(state), seat, dict(move), random.Random(rng.getrandbits(32)))
                takes = [m for m in game.legal_moves(trial, seat) if m["type"] in ("take_room", "take_amenity")]
                total += self._best_take(game, trial, seat, takes, rng)[0] if takes else value - 5
            gain = total / self.REFRESH_SAMPLES - value
            if gain > best_gain:
                best_gain, choice = gain, move
        return choice

    # ---- evaluation -------------------------------------------------------------------------
    def _best_place(self, game, state, seat, take):
        lodge = state["lodges"][seat]
        grid = grid_of(lodge)
        if take["type"] == "take_room":
            tile = state["display"][take["level"] - 1][take["slot"]]
            spots = game._room_spots(state, grid, tile, take["level"])
        else:
            tile = state["amenity_display"][take["index"]]
            spots = game._amenity_spots(state, grid, tile)
        best = (float("-inf"), spots[0])
        for spot in spots:
            trial = copy.deepcopy(lodge)
            trial["cells"][key(*spot)] = {"tile": tile, "guest": None}
            value = self._lodge_value(game, state, trial)
            if value > best[0]:
                best = (value, spot)
        return best

    def _lodge_value(self, game, state, lodge):
        grid = grid_of(lodge)
        value = float(sum(lodge_score(lodge).values()))
        for g in lodge["valet"]:
            value += self.VALET_WEIGHT * self._guest_promise(game, state, grid, g)
        shown = [self._guest_promise(game, state, grid, g) for g in state["guest_display"] if g]
        if shown:
            value += self.DISPLAY_WEIGHT * max(shown)
        pairs = 0
        for (f, c), cell in grid.items():
            color = am.room_color(cell)
            if not color or cell["guest"]:
                continue
            for df, dc in ((0, 1), (1, 0)):
                other = grid.get((f + df, c + dc))
                oc = am.room_color(other)
                if oc and oc != color and not other["guest"]:
                    pairs += 1
        value += self.PAIR_WEIGHT * min(pairs, self.PAIR_CAP)
        value += self.UPPER_FLOOR_WEIGHT * sum(1 for (f, _c), cell in grid.items() if f > 1 and cell["tile"] in ROOMS)
        for pos, done in amenity_progress(lodge).items():
            if done < 1.0:
                value += self.AMENITY_WEIGHT * AMENITY_BY_ID[grid[pos]["tile"]]["points"] * done ** self.AMENITY_POWER - 0.5
        return value

    def _guest_promise(self, game, state, grid, guest):
        """What ``guest`` would score if checked in now (0 if it cannot be)."""
        spots = game.guest_spots(state, grid, guest)
        if not spots:
            return 0.0
        pref = GUEST_BY_ID[guest]["floor"]
        return 2.0 + max(pref if f == pref else 0 for f, _c in spots)

    def _guest_value(self, state, lodge, move):
        guest = (state["guest_display"] if move["source"] == "display" else lodge["valet"])[move["index"]]
        before = lodge_score(lodge)
        trial = copy.deepcopy(lodge)
        trial["cells"][key(move["floor"], move["col"])]["guest"] = guest
        after = lodge_score(trial)
        gain = sum(after.values()) - sum(before.values())
        # Keep rooms of rare colours free: prefer using up a room with few free partners.
        grid = grid_of(lodge)
        partners = sum(
            1 for df, dc in ORTHOGONAL
            if (n := grid.get((move["floor"] + df, move["col"] + dc))) and not n["guest"]
            and am.room_color(n) in guest_colors(guest)
        )
        return gain - 0.1 * partners
