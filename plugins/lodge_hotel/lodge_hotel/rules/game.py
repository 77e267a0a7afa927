"""The game object: metadata, options, setup, whose turn it is, the turn flow and the result."""

from __future__ import annotations

from core.engine import Game, IllegalMove, Option, OptionError, Result
from core.engine.game import ranks_by

from ..catalog import (
    AMENITIES,
    AMENITY_BY_ID,
    DISPLAY_SLOTS,
    FLOORS,
    GUEST_DISPLAY_SIZE,
    GUESTS,
    GUESTS_TO_END,
    LEVEL_4_REMOVED,
    LEVELS,
    ROOMS,
    SOLO_LIFT_TOKENS,
    SOLO_WIN_SCORE,
)
from .building import Building
from .displays import Displays
from .guests import Guests
from .lodge import (
    amenity_progress,
    close_turn,
    draw_one,
    guest_colors,
    guests_placed,
    key,
    lodge_facts,
    lodge_score,
    rank_title,
    say,
)
from .sampling import Sampling
from .solo import SkiLift
from .views import Views


class Lodge(Building, Guests, Displays, SkiLift, Views, Sampling, Game):
    slug = "lodge_hotel"
    name = "Lodge: ski hotel"
    min_players = 1
    max_players = 4
    playing_time = "30-60 min"
    #: The steps of a turn before its end: taking a tile, putting it back, building it, checking
    #: a guest in, choosing the valet's guest. Refreshing the display and sending guests home
    #: draw from the bags, which the framework never lets be taken back.
    undoable = frozenset({"take_room", "take_amenity", "cancel", "place", "guest", "valet"})
    summary = (
        "Build a ski lodge floor by floor from a shared display of rooms, add amenities, and "
        "check in guests who want two matching rooms side by side."
    )
    options = (
        Option(
            "level", "Solo difficulty level", kind="choice", default=0,
            choices=((0, "No level (score for a rank)"),) + tuple(
                (n, f"Level {n}: {text}") for n, text in LEVELS.items()
            ),
            help="Win a level with 60+ points while keeping its condition.",
            players=(1, 1),
        ),
        Option(
            "extreme", "Extreme mode (this level and every earlier one)", kind="bool",
            default=False, players=(1, 1),
            help="Replays levels 2-8 with the rules of every earlier level in force too.",
        ),
    )

    # ---- setup ---------------------------------------------------------------------------
    def validate_options(self, players, options, seat_options):
        if players == 1 and options.get("extreme") and options.get("level", 0) < 2:
            raise OptionError("Extreme mode starts at level 2: choose a level from 2 to 8.")

    def setup(self, players, options, seat_options, rng):
        solo = players == 1
        level = int(options.get("level", 0) or 0) if solo else 0
        extreme = bool(options.get("extreme")) if solo else False
        rules = list(range(1, level + 1)) if extreme else ([level] if level else [])
        state = {
            "players": players, "solo": solo, "level": level, "extreme": extreme, "rules": rules,
            "turn": 0, "phase": "build", "holding": None,
            "room_bag": sorted(ROOMS), "display": [[None] * DISPLAY_SLOTS for _ in range(FLOORS)],
            "guest_bag": [g["id"] for g in GUESTS], "guest_display": [None] * GUEST_DISPLAY_SIZE,
            "guest_box": [], "amenity_stack": [], "amenity_display": [], "amenity_box": [],
            "lodges": [], "lift": 1, "lift_tokens": 0, "solo_turns": 0,
            "end_triggered": False, "over": False,
            "turn_guests": {"display": 0, "valet": 0}, "log": [],
        }
        ids = [a["id"] for a in AMENITIES]
        if 4 in rules:
            state["amenity_box"] = [a["id"] for a in AMENITIES if a["name"] in LEVEL_4_REMOVED]
            ids = [i for i in ids if i not in state["amenity_box"]]
        rng.shuffle(ids)
        state["amenity_stack"] = ids
        self._refill_room_display(state, rng)
        self._refill_guest_display(state, rng)
        self._refill_amenities(state)
        for _seat in range(players):
            guest = draw_one(state["guest_bag"], rng)
            lodge = {"cells": {}, "valet": [guest], "fresh": [], "turns": 0,
                     "tokens": 2 if players == 2 else 1}
            colors = guest_colors(guest)
            rejected = []
            room = draw_one(state["room_bag"], rng)
            while ROOMS[room] in colors:
                rejected.append(room)
                room = draw_one(state["room_bag"], rng)
            state["room_bag"].extend(rejected)
            lodge["cells"][key(1, 1)] = {"tile": room, "guest": None}
            state["lodges"].append(lodge)
        if solo:
            state["lift_tokens"] = SOLO_LIFT_TOKENS
            state["phase"] = "start_amenity"
            say(state, "Solo game: place one of the amenities on display to begin.")
        else:
            say(state, f"A new game for {players} players; Player 1 has the first player token.")
        return state

    # ---- whose turn -----------------------------------------------------------------------
    def to_act(self, state):
        return set() if state["over"] else {state["turn"]}

    def progress(self, state):
        if state["over"]:
            return 1.0
        if state["solo"]:
            return min(1.0, state["solo_turns"] / 16)
        used = len(ROOMS) - len(state["room_bag"])
        most = max(guests_placed(lodge) for lodge in state["lodges"])
        return min(1.0, max(used / len(ROOMS), most / GUESTS_TO_END))

    # ---- legal moves ----------------------------------------------------------------------
    def legal_moves(self, state, seat):
        if state["over"] or seat != state["turn"]:  # not to act (see to_act)
            return []
        phase = state["phase"]
        lodge = state["lodges"][seat]
        moves: list[dict] = []
        if phase == "build":
            facts = lodge_facts(lodge)
            moves += self._room_takes(state, facts)
            if not state["solo"]:
                moves += self._amenity_takes(state, facts)
            if not moves:
                moves.append({"type": "pass"})
            moves += self._any_time_moves(state, lodge)
        elif phase in ("start_amenity", "lift_amenity"):
            moves += self._amenity_takes(state, lodge_facts(lodge))
        elif phase == "place":
            moves += [{"type": "place", "floor": f, "col": c} for f, c in self._held_spots(state, lodge)]
            moves.append({"type": "cancel"})
        elif phase == "guests":
            moves += self._guest_moves(state, lodge)
            moves += self._any_time_moves(state, lodge)
            moves.append({"type": "done"})
        elif phase in ("valet", "extra_valet"):
            moves += [{"type": "valet", "index": i} for i, g in enumerate(state["guest_display"]) if g]
        elif phase == "lift_discard":
            color = state["holding"]["color"]
            moves += [{"type": "lift_discard", "index": i}
                      for i, g in enumerate(state["guest_display"]) if g and color in guest_colors(g)]
        return moves

    def _any_time_moves(self, state, lodge):
        moves = []
        if lodge["tokens"] > 0:
            moves += [{"type": "refresh", "level": lv} for lv in range(1, FLOORS + 1)
                      if any(state["display"][lv - 1])]
        if self._guest_display_discardable(state):
            moves.append({"type": "discard_guests"})
        return moves

    def _any_time_possible(self, state, lodge):
        """Whether :meth:`_any_time_moves` would list anything (without listing it)."""
        if lodge["tokens"] > 0 and any(any(level) for level in state["display"]):
            return True
        return self._guest_display_discardable(state)

    # ---- move handlers --------------------------------------------------------------------
    def _need(self, state, *phases):
        if state["phase"] not in phases:
            raise IllegalMove(self._phase_hint(state))

    def _phase_hint(self, state):
        return {
            "build": "First build a room or an amenity.",
            "place": "Place the tile you took (or put it back).",
            "guests": "You have built this turn: place guests or end your turn.",
            "valet": "Choose a guest from the display for your valet first.",
            "extra_valet": "Choose a second guest for your valet first.",
            "start_amenity": "Place your starting amenity first.",
            "lift_amenity": "Place the amenity from the ski lift first.",
            "lift_discard": "Choose which guest leaves the display first.",
        }.get(state["phase"], "That is not possible now.")

    def move_done(self, state, seat, move, rng):
        self._need(state, "guests")
        self._end_turn(state, seat, rng)
        return state

    # ---- turn flow ------------------------------------------------------------------------
    def _name(self, state, seat):
        """Seats appear as "Player N" in the log; the portal shows the player's name there."""
        return f"Player {seat + 1}"

    def _begin_guests(self, state, seat, rng):
        state["phase"] = "guests"
        state["turn_guests"] = {"display": 0, "valet": 0}
        state["lodges"][seat]["fresh"] = []
        self._maybe_auto_done(state, seat, rng)

    def _maybe_auto_done(self, state, seat, rng):
        """End the turn at once when ending it is the only thing left to do."""
        lodge = state["lodges"][seat]
        if not self._can_check_in(state, lodge) and not self._any_time_possible(state, lodge):
            self._end_turn(state, seat, rng)

    def _end_turn(self, state, seat, rng):
        self._refill_guest_display(state, rng)
        if self._display_needs_refresh(state):
            self._refresh_room_display(state, rng)
        if state["solo"]:
            self._lift_remove(state, seat, rng)
        else:
            self._next_turn(state, seat, rng)

    def _next_turn(self, state, seat, rng):
        lodge = state["lodges"][seat]
        lodge["turns"] += 1
        lodge["fresh"] = []
        state["holding"] = None
        close_turn(state)
        if state["solo"]:
            state["solo_turns"] += 1
            state["phase"] = "build"
            return
        if not state["room_bag"] and not state["end_triggered"]:
            state["end_triggered"] = True
            say(state, "The room bag is empty: the game ends after this round.")
        if state["end_triggered"] and seat == state["players"] - 1:
            state["over"] = True
            state["phase"] = "over"
            say(state, "Everyone has had the same number of turns: the game is over.")
            return
        state["turn"] = (seat + 1) % state["players"]
        state["phase"] = "build"

    def interim_scores(self, state):
        """Each lodge's points now, plus half the points of each unfinished amenity in
        proportion to how far it is: a rough guess at the final score that lets the search bot
        judge a rollout after a few turns instead of playing to the end."""
        out = []
        for lodge in state["lodges"]:
            hoped = sum(0.5 * AMENITY_BY_ID[lodge["cells"][key(*pos)]["tile"]]["points"] * done
                        for pos, done in amenity_progress(lodge).items() if done < 1.0)
            out.append(sum(lodge_score(lodge).values()) + hoped)
        return out

    def result(self, state):
        if not state["over"]:
            return None
        breakdown = [lodge_score(lodge) for lodge in state["lodges"]]
        scores = [sum(b.values()) for b in breakdown]
        if state["solo"]:
            goals = self.solo_goals(state)
            # Without a level the solo game is played for a rank only: nothing to win or lose.
            won = [scores[0] >= SOLO_WIN_SCORE and all(goals.values())] if state["level"] else None
            return Result(
                scores=scores, ranks=[1], won=won, breakdown=breakdown,
                details={
                    "level": state["level"], "extreme": state["extreme"],
                    "rank": rank_title(scores[0]),
                    "goals": {str(k): v for k, v in goals.items()},
                    "guests": guests_placed(state["lodges"][0]),
                },
            )
        ranks = ranks_by([(scores[s], s) for s in range(state["players"])])
        tied = len(set(scores)) < len(scores)
        return Result(
            scores=scores, ranks=ranks, breakdown=breakdown,
            tiebreak="Tied players are ordered by turn order: the later player wins the tie."
            if tied else "",
            details={"guests": [guests_placed(lodge) for lodge in state["lodges"]]},
        )
