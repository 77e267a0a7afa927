"""The Innkeeper: a greedy Lodge bot that plans its whole turn.

It reads only public information (lodges, displays, valets). For a build it tries every tile in
every legal place, then the check-ins that build allows this turn (a display guest and a valet
guest, in either room of their pair), and keeps the turn that leaves the lodge worth most:

- the points the lodge scores now (guests, floor bonuses, completed amenities);
- the guests its empty rooms may still take in the turns left: a room that has an empty
  partner or an unbuilt place beside it counts more the more turns remain (as often as such
  rooms were seen to fill), a pair of rooms only once (one room of each group of empty rooms
  must stay empty for the last guest's partner);
- the valet guest and the best display guest where they could check in next;
- unfinished amenities, in proportion to their progress and the turns left to finish them, and
  nothing for an amenity its level makes impossible.

So near the end it builds for guests it can check in now, and early it builds for room pairs.
It spends a refresh token when clearing a level of the room display promises a clearly better
turn (judged on refills of its own imagined bag), in solo the more readily the fewer turns are
left for its tokens. In solo it looks one turn further: its best few rooms, and then places for
the room taken, are each played on to the next turn on copies of the state it was given, and
the one whose next turn promises most is chosen. For the search bot it offers a rollout self
without that look-ahead, and in solo those few rooms or places (and its best few amenities) as
the moves worth searching, its own move alone elsewhere; with several players, its best few
takes of different kinds at a build. Each lodge it judges is appraised once
a decision, grown from the lodge one tile or guest before it (:mod:`lodge_hotel.appraisal`).
"""

from __future__ import annotations

import random

from core.engine import Bot, Result
from core.engine.grid import DIAGONAL
from core.engine.play import copy_json

from .appraisal import Appraisal, cells_of
from .catalog import AMENITY_BY_ID, FLOORS, GUESTS_TO_END, ROOMS, SOLO_LIFT_TOKENS, SOLO_WIN_SCORE
from .rules import ORTHOGONAL, Lodge, lodge_score

#: The rules, for the level goals a cut search rollout is judged by.
RULES = Lodge()
#: A solo game lasts four laps of the ski lift, one turn per level (the start and three tokens).
SOLO_TURNS = (SOLO_LIFT_TOKENS + 1) * FLOORS


class Innkeeper(Bot):
    name = "innkeeper"
    label = "Innkeeper (greedy)"
    game = "lodge_hotel"
    #: A valet guest, and the best display guest, that could check in next turn count this share
    #: of what they would score.
    VALET_WEIGHT = 0.6
    DISPLAY_WEIGHT = 0.4
    #: A guest that one more room would let check in counts this share of what it would score.
    HALF_FIT = 0.4
    #: An empty room that could still take a guest (it has an empty partner of another colour,
    #: or an unbuilt place beside it where one could be built) takes one within ``turns`` turns
    #: with chance FILL_CAP * (1 - (1 - ARRIVAL) ** turns). Measured: of the empty rooms at the
    #: start of each turn of the Innkeeper's level-4 solo games (seeds 0-119, 10,214 rooms),
    #: the share holding a guest at the end, fitted by least squares. How many partner colours
    #: a room has barely mattered (a term per colour fitted at 0.02 a turn, left out), nor
    #: whether it had a partner yet: rooms get partners built beside them. The earlier guess,
    #: 0.12 a turn per partner colour, gave a room with two of them 0.81 over six turns and one
    #: with three 0.93, where 0.57 and 0.7 filled, so the Innkeeper kept such rooms empty for
    #: guests to come and let about seven check-ins a game go by. (The group share of
    #: :meth:`~lodge_hotel.appraisal.Appraisal.future_guests` stays: without it the Innkeeper
    #: scored 55.4 points at level 4 over seeds 0-199, with it 57.1.)
    FILL_CAP = 0.76
    ARRIVAL = 0.19
    #: The share of the floor bonus a future guest is expected to bring.
    BONUS_SHARE = 0.4
    #: Future check-ins are at most this many per turn left.
    GUESTS_PER_TURN = 1.0
    #: An unfinished amenity counts its points times its chance: its kind's ease, rising to 1
    #: with its progress (ease + (1 - ease) * progress), times turns / (turns + AMENITY_TURNS)
    #: for the turns left to finish it. Measured as FILL_CAP: fitted to whether the unfinished
    #: amenities at the start of each turn were complete at the end (level 4, seeds 0-99, 2,565
    #: amenities). The earlier hand-set share, 0.6 of that with progress squared and 3 turns,
    #: promised about a third of what they brought: half-done amenities with four to seven
    #: turns left were completed 0.7 of the time where it hoped for 0.26.
    AMENITY_TURNS = 2
    #: How often an amenity of each kind of condition gets completed once placed: the share of the
    #: Innkeeper's solo games in which it was (level 4, seeds 100-139 and 300-359, one share per
    #: kind, rounded): an amenity's chance before its progress says more.
    EASE = {
        "rooms_with_guests": 0.25, "neighbors_with_guests": 0.1, "pattern": 0.35,
        "distinct_colors_around": 0.5, "column_rooms_with_guests": 0.55, "floor_same_color": 0.4,
        "adjacent_color": 0.3, "lodge_same_color": 0.95, "around_same_color": 0.3, "column_color": 0.4,
        "color_distinct_columns": 0.95, "floor_color_count": 0.9, "lodge_color_count": 0.9,
        "lodge_color_even": 0.85, "floor_rooms_with_guests": 0.1,
    }
    #: A solo build is chosen among this many of the turn's best rooms by playing each on to the
    #: next turn this many times (see :meth:`_look_ahead`). Eight samples rather than three
    #: scored 0.98 points more at level 4 (standard error 0.35; won 6.2 games in a hundred
    #: more, 2.5) over seeds 0-199, 1000-1199 and 2000-2199, for a solo decision time of 37 ms
    #: at the 99th percentile instead of 21; sixteen gained no more (59.4 points against 59.3
    #: over the first two ranges). The search bot's rollouts play without the look-ahead.
    LOOK_AHEAD_BUILDS = 4
    LOOK_AHEAD_SAMPLES = 8
    #: Then the room is placed in the best of this many places, judged the same way.
    LOOK_AHEAD_PLACES = 3
    #: A refresh token is spent when the best turn after clearing a level is worth this much
    #: more (averaged over this many imagined refills) than the best turn now.
    REFRESH_MARGIN = 1.0
    REFRESH_SAMPLES = 6

    #: At a build in a game for several players the search weighs this many takes (its best by
    #: this turn alone, one per kind: rooms of one level and colour are alike), with its own move.
    #: Left open, the build's 9-16 moves took half of a 1 s search to scout (one or two
    #: iterations a move, several of them the same room in another slot), and the rest compared
    #: six of them in three to five paired rounds. With this shortlist, one hard seat against
    #: three normal (1 s, ``--seed 7000 --mirror``, the same 200 deals and seats): won 97 games
    #: (48.5%), paired rounds p50 9, where scouting won 76 (38.0%; p50 4 rounds over the 146
    #: games that had the machine to themselves).
    RIVAL_BUILDS = 5

    #: Plies a search rollout plays (about two turns) before :meth:`interim_scores` judges it.
    search_horizon = 12

    def __init__(self, look_ahead: bool = True):
        #: Whether a solo build and place are chosen by playing the best few on to the next turn.
        self.look_ahead = look_ahead
        # Lodges judged for the decision at hand, by level rules and cells (see _appraise), and
        # fill chances by turns (see _fill_chance).
        self._appraisals: dict[tuple, dict[tuple, Appraisal]] = {}
        self._fill_chances: dict[int, float] = {}
        self._quick = None

    def rollout_bot(self):
        """For the search bot's rollouts: this Innkeeper without its solo look-ahead. A
        look-ahead build costs a rollout ply many plain ones, so a rollout of plain plies
        leaves the search many more iterations for the same budget, while the
        search's own move and shortlist (:meth:`root_moves`) still come from the whole bot."""
        if self._quick is None:
            self._quick = Innkeeper(look_ahead=False) if self.look_ahead else self
        return self._quick

    def root_moves(self, game, state, seat, rng):
        """The search bot's shortlist in a solo game, so that its few iterations at 1 s go to
        the moves worth telling apart: at a build or a room's placing, the few rooms (or places)
        the look-ahead would weigh, best by this turn alone (``LOOK_AHEAD_BUILDS`` rooms of
        different levels or colours, ``LOOK_AHEAD_PLACES`` places); at an amenity's take or
        placing, its ``LOOK_AHEAD_PLACES`` best amenities (or places). The check-ins, the
        valet's pick and the ski lift's discard are the Innkeeper's own move alone: twenty or
        thirty two-turn rollouts spread over their many moves never moved the search off it,
        and a second of search each took half of a hard solo game's time. In a game for
        several players: at a build, its ``RIVAL_BUILDS`` best takes of different kinds; at the
        placing, every move but putting the held room or amenity back (unless that is the
        Innkeeper's own move): the rollouts after it mostly take the same one again, so it won
        on noise alone (hard vs normal, 2 seats, 54 games: 251 of the hard bot's 4,465
        decisions, each followed by a second of thinking about the same take); elsewhere
        (check-ins, the any-time moves) every move."""
        if seat not in game.to_act(state):
            return None
        solo, phase, held = state["solo"], state["phase"], state["holding"]
        if phase in ("build", "start_amenity", "lift_amenity"):  # the last two come only solo
            kinds = ("take_room", "take_amenity") if not solo else \
                ("take_room",) if phase == "build" else ("take_amenity",)
            takes = [m for m in game.legal_moves(state, seat) if m["type"] in kinds]
            if not takes:
                return None
            memo = {}
            self._best_take(game, state, seat, takes, rng, memo)
            if not solo:
                return self._candidates(state, takes, rng, memo, self.RIVAL_BUILDS)
            if phase == "build":
                return self._candidates(state, takes, rng, memo)
            best = sorted(takes, key=lambda m: memo[self._kind(state, m)][0], reverse=True)
            return best[:self.LOOK_AHEAD_PLACES]
        if not solo:
            if phase != "place":
                return None
            return [m for m in game.legal_moves(state, seat) if m["type"] != "cancel"]
        if phase == "place":
            if held["kind"] == "room":
                take = {"type": "take_room", "level": held["level"], "slot": held["slot"]}
            else:
                take = {"type": "take_amenity", "index": held["index"]}
            places = sorted(self._place_values(game, state, seat, take), reverse=True)[:self.LOOK_AHEAD_PLACES]
            return [{"type": "place", "floor": f, "col": c} for _value, (f, c) in places]
        return [self.choose(game, state, seat, rng)]

    def interim_scores(self, state):
        """What each lodge may end the game with, by the Innkeeper's own judgement (points now
        plus the hopes of the module docstring), for the search bot to judge a rollout it cuts
        short. A solo game with a level is judged as its end is, won or lost: 60 points in
        prospect and no level goal broken, so that a cut rollout and one played to the end are
        rewarded alike."""
        projected = [self._lodge_value(state, seat, self._appraise(state, lodge), self._turns_after(state, seat))
                     for seat, lodge in enumerate(state["lodges"])]
        if not (state["solo"] and state["level"]):
            return projected
        goals = RULES.solo_goals(state)
        goals.pop(1, None)  # four complete amenities: judged by the points they bring in prospect
        won = projected[0] >= SOLO_WIN_SCORE and all(goals.values())
        return Result(scores=projected, ranks=[1], won=[won])

    def choose(self, game, state, seat, rng):
        try:
            return self._decide(game, state, seat, rng, look_ahead=self.look_ahead)
        finally:
            # The lodges judged for this decision are not kept for the next: few of them come
            # up again, and thousands kept make the garbage collector's rounds slow.
            self._appraisals.clear()

    def _decide(self, game, state, seat, rng, look_ahead):
        """The move for ``seat``; with ``look_ahead``, a solo build is chosen by playing the
        best few on to the next turn (:meth:`_look_ahead`), otherwise by this turn alone. The
        legal moves are listed only where the choice is among them (placing a tile and checking
        guests in are worked out from the lodge)."""
        phase = state["phase"]
        lodge = state["lodges"][seat]
        if phase == "build" or phase in ("start_amenity", "lift_amenity"):
            moves = game.legal_moves(state, seat)
            takes = [m for m in moves if m["type"] in ("take_room", "take_amenity")]
            if not takes:
                return next(m for m in moves if m["type"] == "pass")
            memo = {}
            value, best = self._best_take(game, state, seat, takes, rng, memo)
            if look_ahead and state["solo"] and phase == "build":
                best = self._look_ahead(game, state, seat, takes, rng, memo)
            return self._worth_refreshing(game, state, seat, moves, value, rng, memo) or best
        if phase == "place":
            held = state["holding"]
            if held["kind"] == "room":
                take = {"type": "take_room", "level": held["level"], "slot": held["slot"]}
            else:
                take = {"type": "take_amenity", "index": held["index"]}
            if look_ahead and state["solo"] and held["back"] == "build" and self.LOOK_AHEAD_PLACES:
                return self._look_ahead_place(game, state, seat, take, rng)
            _value, spot = self._best_place(game, state, seat, take)
            return {"type": "place", "floor": spot[0], "col": spot[1]}
        if phase == "guests":
            sources = game._guest_sources(state, lodge)
            _value, plan = self._best_check_ins(game, state, seat, self._appraise(state, lodge), sources, rng)
            return plan[0] if plan else {"type": "done"}
        moves = game.legal_moves(state, seat)
        if phase in ("valet", "extra_valet", "lift_discard"):
            # The valet takes the guest with most promise (see Appraisal.spot_worth); the ski
            # lift's discard is the one with least.
            seen = self._appraise(state, lodge)
            pick = max if phase != "lift_discard" else min
            return pick(moves, key=lambda m: (seen.spot_worth(state["guest_display"][m["index"]], True), rng.random()))
        return rng.choice(moves)

    # ---- looking one turn ahead (solo) ------------------------------------------------------
    def _look_ahead(self, game, state, seat, takes, rng, memo):
        """The room to take, judged one turn further than the turn itself.

        A solo turn ends with the ski lift taking a room and a guest away and new guests coming
        in, and the next build depends on what is left. The ``LOOK_AHEAD_BUILDS`` best rooms of
        this turn (one per level and colour, by ``memo``) are each played on to the start of the
        next turn ``LOOK_AHEAD_SAMPLES`` times, on copies of the state the bot was given (its own
        imagined bags, never the real ones), the bot playing its own moves without looking
        ahead; each is worth the best next build on average (the final score if the game ends).
        """
        best = None
        for take in self._candidates(state, takes, rng, memo):
            total = sum(self._next_turn_value(game, state, seat, take, random.Random(rng.getrandbits(32)), memo)
                        for _ in range(self.LOOK_AHEAD_SAMPLES))
            if best is None or total > best[0]:
                best = (total, take)
        return best[1]

    def _candidates(self, state, takes, rng, memo, count=None):
        """The ``count`` (else ``LOOK_AHEAD_BUILDS``) best takes by this turn alone (``memo``,
        see :meth:`_best_take`), one per kind (:meth:`_kind`), ties broken at random."""
        ranked = sorted(((memo[self._kind(state, t)][0], rng.random(), i) for i, t in enumerate(takes)), reverse=True)
        candidates, seen = [], set()
        for _value, _tie, i in ranked:
            if self._kind(state, takes[i]) not in seen and len(candidates) < (count or self.LOOK_AHEAD_BUILDS):
                seen.add(self._kind(state, takes[i]))
                candidates.append(takes[i])
        return candidates

    def _look_ahead_place(self, game, state, seat, take, rng):
        """Where to place the room in hand, judged like the room itself (:meth:`_look_ahead`):
        its ``LOOK_AHEAD_PLACES`` best places played on to the next turn."""
        places = sorted(self._place_values(game, state, seat, take), reverse=True)[:self.LOOK_AHEAD_PLACES]
        moves = [{"type": "place", "floor": f, "col": c} for _value, (f, c) in places]
        if len(moves) == 1:
            return moves[0]
        worth = [sum(self._next_turn_value(game, state, seat, m, random.Random(rng.getrandbits(32)))
                     for _ in range(self.LOOK_AHEAD_SAMPLES)) for m in moves]
        return moves[worth.index(max(worth))]

    def _kind(self, state, take):
        """All a take's worth depends on: a room's level and colour (not its slot), or the
        amenity itself."""
        if take["type"] == "take_room":
            return take["level"], ROOMS[state["display"][take["level"] - 1][take["slot"]]]
        return state["amenity_display"][take["index"]]

    def _next_turn_value(self, game, state, seat, move, rng, memo=None):
        """``move`` played on to the start of the seat's next turn in a copy of ``state``: the
        worth of the best build then (the final score if the game is over by then). Given the
        decision's ``memo`` (see :meth:`_best_take`), a room taken goes to the place it names:
        the place the bot would choose for it, without working it out again."""
        trial = game.apply(copy_json(state), seat, dict(move), rng)
        turns = trial["lodges"][seat]["turns"]
        if memo is not None and move["type"] == "take_room":
            floor, col = memo[self._kind(state, move)][1]
            trial = game.apply(trial, seat, {"type": "place", "floor": floor, "col": col}, rng)
        while not trial["over"] and trial["lodges"][seat]["turns"] == turns:
            trial = game.apply(trial, seat, self._decide(game, trial, seat, rng, look_ahead=False), rng)
        if trial["over"]:
            return float(sum(lodge_score(trial["lodges"][seat]).values()))
        nxt = [m for m in game.legal_moves(trial, seat) if m["type"] == "take_room"]
        if not nxt:
            return self._lodge_value(trial, seat, self._appraise(trial, trial["lodges"][seat]),
                                     self._turns_after(trial, seat))
        return self._best_take(game, trial, seat, nxt, rng, {})[0]

    # ---- refresh tokens ---------------------------------------------------------------------
    def _best_take(self, game, state, seat, takes, rng, memo):
        """The take whose best placement (and the check-ins after it) leaves the lodge worth
        most, with that worth. ``memo`` keeps each (level, colour)'s answer for the decision."""
        scored = [(self._best_place(game, state, seat, m, memo)[0], rng.random(), i) for i, m in enumerate(takes)]
        value, _tie, index = max(scored)
        return value, takes[index]

    def _worth_refreshing(self, game, state, seat, moves, value, rng, memo):
        """A refresh move when clearing a level of the room display promises a better turn.

        Tokens score nothing at the end, so one is worth spending whenever the display is poor.
        For each level the bot clears it in a copy of the state it was given (its own sample
        of the bag, never the real one) a few times and compares the best turn it then finds
        with the best turn now; it spends the token on the level that gains most, if any
        gains more than its margin (:meth:`_refresh_margin`). A refresh changes only the room
        display, and rooms of one colour on one level are alike, so ``memo`` answers most of the
        refills.
        """
        refreshes = [m for m in moves if m["type"] == "refresh"]
        if not refreshes:
            return None
        best_gain, choice = self._refresh_margin(state, seat), None
        for move in refreshes:
            total = 0.0
            for _ in range(self.REFRESH_SAMPLES):
                trial = game.apply(copy_json(state), seat, dict(move), random.Random(rng.getrandbits(32)))
                takes = [m for m in game.legal_moves(trial, seat) if m["type"] in ("take_room", "take_amenity")]
                total += self._best_take(game, trial, seat, takes, rng, memo)[0] if takes else value - 5
            gain = total / self.REFRESH_SAMPLES - value
            if gain > best_gain:
                best_gain, choice = gain, move
        return choice

    def _refresh_margin(self, state, seat):
        """How much better a refill must promise to be worth a token now: ``REFRESH_MARGIN``,
        the worth of keeping the token for a poorer display later, less its share of the
        tokens a solo game still has for the turns left (the ones held and those the ski
        lift will give, none at level 3). A token still held at the end scored nothing, and
        the Innkeeper ended about one solo game in two with one: on its last turn it spends
        one on any gain."""
        if not state["solo"]:
            return self.REFRESH_MARGIN
        tokens = state["lodges"][seat]["tokens"] + (0 if 3 in state["rules"] else state["lift_tokens"])
        turns = self._turns_after(state, seat) + 1
        return self.REFRESH_MARGIN * max(0.0, 1.0 - tokens / turns)

    # ---- the turn ---------------------------------------------------------------------------
    def _best_place(self, game, state, seat, take, memo=None):
        """The best place for the tile ``take`` names, with the worth of the turn it makes
        (kept in ``memo``, if given, by level and colour, or by amenity: all it depends on)."""
        known = self._kind(state, take)
        if memo is not None and known in memo:
            return memo[known]
        best = max(self._place_values(game, state, seat, take), key=lambda vs: vs[0])
        if memo is not None:
            memo[known] = best
        return best

    def _place_values(self, game, state, seat, take):
        """(worth of the turn, place) for every place the tile ``take`` names may go."""
        lodge = state["lodges"][seat]
        seen = self._appraise(state, lodge)
        grid = seen.grid
        if take["type"] == "take_room":
            tile = state["display"][take["level"] - 1][take["slot"]]
            where = seen.room_spots
            known = (take["level"], ROOMS[tile])  # where a room may go depends on its colour alone
            spots = where.get(known)
            if spots is None:
                spots = where[known] = game._room_spots(state, grid, tile, take["level"])
        else:
            tile = state["amenity_display"][take["index"]]
            spots = game._amenity_spots(state, grid, tile)
        # Check-ins follow a build on the player's turn, never the solo ski lift's amenity.
        guests_follow = state["phase"] in ("build", "place") and \
            (state["holding"] or {}).get("back", "build") == "build"
        sources = self._turn_sources(state, lodge) if guests_follow else []
        turn = self._turn(state, seat, sources)
        return [(self._best_plan(game, state, self._built(seen, spot, tile), turn, None)[0], spot) for spot in spots]

    def _turn_sources(self, state, lodge):
        """The guests a build lets in this turn: any display guest (not at level 8) and every
        valet guest, as (source, index, guest)."""
        out = [] if 8 in state["rules"] else \
            [("display", i, g) for i, g in enumerate(state["guest_display"]) if g]
        return out + [("valet", i, g) for i, g in enumerate(lodge["valet"])]

    def _best_check_ins(self, game, state, seat, seen, sources, rng):
        """The check-ins (as moves, display guest first) that leave the lodge ``seen``
        appraises worth most, and that worth. At most one display guest and one valet guest
        (two valet guests at level 8) check in, each in any room that fits it when its turn
        comes."""
        value, steps = self._best_plan(game, state, seen, self._turn(state, seat, sources), rng)
        return value, [{"type": "guest", "source": kind, "index": index, "floor": f, "col": c}
                       for kind, index, (f, c) in steps]

    def _turn(self, state, seat, sources):
        """What the check-ins of this turn depend on besides the lodge: the display and valet
        guests that may check in (``sources``, within this turn's allowances), how many valet
        guests may, the turns left after this one, and the display's and the valet's guests as
        (index, guest)."""
        display_left, valet_left = self._allowances(state)
        display = [s for s in sources if s[0] == "display"] if display_left > 0 else []
        valet = [s for s in sources if s[0] == "valet"] if valet_left > 0 else []
        shown = [(i, g) for i, g in enumerate(state["guest_display"]) if g]
        waiting = list(enumerate(state["lodges"][seat]["valet"]))
        return display, valet, valet_left, self._turns_after(state, seat), shown, waiting

    def _best_plan(self, game, state, seen, turn, rng):
        """The check-ins this ``turn`` (see :meth:`_turn`) that leave the lodge ``seen``
        appraises worth most, as steps (source, index, place), and that worth."""
        display, valet, valet_left, turns, shown, waiting = turn
        plans = [((), seen)]
        for source in display:
            plans += self._check_in(game, state, (), seen, source)
        with_valet = [p for steps, g in plans for source in valet for p in self._check_in(game, state, steps, g, source)]
        plans += with_valet
        if valet_left > 1:  # level 8: a second valet guest, its index shifted by the first's leaving
            for steps, g in with_valet:
                first = steps[-1][1]
                for kind, index, guest in valet:
                    if index != first:
                        shifted = (kind, index - (index > first), guest)
                        plans += self._check_in(game, state, steps, g, shifted)
        best = None
        for steps, after in plans:
            value = self._plan_value(after, steps, turns, shown, waiting)
            tie = rng.random() if rng is not None else 0.0
            if best is None or (value, tie) > best[0]:
                best = ((value, tie), steps)
        return best[0][0], best[1]

    def _allowances(self, state):
        """How many display and valet guests may still check in this turn (a turn being planned
        from its build has both allowances whole)."""
        used = state["turn_guests"] if state["phase"] == "guests" else {"display": 0, "valet": 0}
        if 8 in state["rules"]:
            return 0, 2 - used["valet"]
        return 1 - used["display"], 1 - used["valet"]

    def _check_in(self, game, state, steps, seen, source):
        """The plan ``steps`` extended by checking in ``source``'s guest in each room of the
        lodge ``seen`` appraises that fits it, each with the appraisal of the lodge after it."""
        kind, index, guest = source
        known = seen.check_ins
        if known is None:
            known = seen.check_ins = {}
        rooms = known.get(guest)
        if rooms is None:
            rooms = known[guest] = [(pos, self._checked_in(seen, pos, guest))
                                    for pos in game.guest_spots(state, None, guest, seen.places)]
        return [(steps + ((kind, index, pos),), after) for pos, after in rooms]

    def _turns_after(self, state, seat):
        """How many more turns this seat will have to check guests in after this one."""
        if state["solo"]:
            if (state["holding"] or {}).get("back", state["phase"]) == "start_amenity":
                return SOLO_TURNS
            return max(0, SOLO_TURNS - state["solo_turns"] - 1)
        if state["end_triggered"]:
            return 0
        most = max(sum(1 for c in lodge["cells"].values() if c["guest"]) for lodge in state["lodges"])
        return max(0, min(len(state["room_bag"]) // state["players"], 2 * (GUESTS_TO_END - most)))

    # ---- evaluation -------------------------------------------------------------------------
    def _appraise(self, state, lodge):
        """The :class:`~lodge_hotel.appraisal.Appraisal` of ``lodge`` under the state's level
        rules. One decision judges the same lodges many times over (each imagined refill, each
        look-ahead sample, the place and check-in decisions after the build, the search's
        rollouts), so the bot keeps the appraisals of the latest ``APPRAISALS_KEPT`` lodges, by
        their cells, and of the lodges one build or check-in from them; they are what it would
        work out afresh, so which are kept changes only the time taken."""
        cells = cells_of(lodge)
        rules = tuple(state["rules"])
        kept = self._appraisals.setdefault(rules, {})
        found = kept.get(cells)
        if found is None:
            if len(kept) >= APPRAISALS_KEPT:
                kept.clear()
            found = kept[cells] = Appraisal.fresh(self, rules, cells)
        return found

    def _built(self, seen, pos, tile):
        """The appraisal of the lodge ``seen`` appraises with ``tile`` built at ``pos``."""
        known = seen.built_on
        if known is None:
            known = seen.built_on = {}
        found = known.get((pos, tile))
        if found is None:
            cells = seen.cells + ((pos, tile, None),)
            kept = self._appraisals[seen.rules]
            found = kept.get(cells)
            if found is None:  # kept, for the check-ins after the build to find
                found = kept[cells] = seen.built(cells, pos, tile)
            known[(pos, tile)] = found
        return found

    def _checked_in(self, seen, pos, guest):
        """The appraisal of the lodge ``seen`` appraises with ``guest`` checked in at ``pos``."""
        cells = seen.cells
        i = next(i for i, cell in enumerate(cells) if cell[0] == pos)
        room = cells[i][1]
        cells = cells[:i] + ((pos, room, guest),) + cells[i + 1:]
        kept = self._appraisals[seen.rules]
        found = kept.get(cells)
        if found is None:  # kept, for the next check-in of the turn to find
            found = kept[cells] = seen.checked_in(cells, pos, room, guest)
        return found

    def _lodge_value(self, state, seat, seen, turns):
        """What the lodge ``seen`` appraises is worth with no more check-ins this turn (see
        :meth:`_plan_value`)."""
        shown = [(i, g) for i, g in enumerate(state["guest_display"]) if g]
        return self._plan_value(seen, (), turns, shown, list(enumerate(state["lodges"][seat]["valet"])))

    def _plan_value(self, seen, steps, turns, shown, waiting):
        """What the lodge ``seen`` appraises is worth after this turn's check-ins ``steps``
        (source, index, place): points now plus what it may still score in ``turns`` more
        turns (see the module docstring). ``shown`` and ``waiting`` are the display's and the
        valet's guests before the check-ins, as (index, guest)."""
        value = seen.value_now(turns)
        if turns > 0:
            if steps:
                placed = {(kind, index) for kind, index, _pos in steps}
                waiting = [(i, g) for i, g in waiting if ("valet", i) not in placed]
                shown = [(i, g) for i, g in shown if ("display", i) not in placed]
            worth, fits, half_fits = seen.spot_worth, seen.fits, seen.half_fits
            if waiting:
                value += self.VALET_WEIGHT * sum([half_fits[g] if g in half_fits else worth(g, True) for _i, g in waiting])
            if shown:
                best = max([fits[g] if g in fits else worth(g, False) for _i, g in shown])
                value += self.DISPLAY_WEIGHT * best
                if any(kind == "valet" for kind, _i, _pos in steps):  # the valet takes a display guest
                    value += self.VALET_WEIGHT * best
            value += seen.future_guests(turns)
        return value

    def _points_and_hopes(self, state, grid, turns):
        """The lodge ``grid``'s score now and the hope of its unfinished amenities (see
        :meth:`~lodge_hotel.appraisal.Appraisal.points_and_hopes`)."""
        cells = tuple((pos, cell["tile"], cell["guest"]) for pos, cell in grid.items())
        return Appraisal.fresh(self, tuple(state["rules"]), cells).points_and_hopes(turns)

    def _fill_chance(self, turns):
        """The chance that an empty room that could still take a guest takes one in ``turns``
        turns (see ``FILL_CAP``)."""
        found = self._fill_chances.get(turns)
        if found is None:
            found = self._fill_chances[turns] = self.FILL_CAP * (1.0 - (1.0 - self.ARRIVAL) ** turns)
        return found

    def _reachable(self, rules, amenity, pos, grid):
        """False for an amenity that can no longer be completed where it stands (under the
        level ``rules``), so that it is
        neither built there nor worked towards: too few places around it that could still hold
        rooms (Coat Check on the ground floor has only two diagonal neighbours), an "exactly"
        count already passed (rooms are never removed), or a level that forbids it (with level
        4, no two rooms of one colour in a column, the eight rooms around a tile span three
        columns, so they hold at most three rooms of one colour: no Launderette)."""
        rule = AMENITY_BY_ID[amenity]["rule"]
        kind = rule["kind"]
        f, c = pos
        if kind in ("neighbors_with_guests", "distinct_colors_around", "adjacent_color", "around_same_color"):
            if kind == "neighbors_with_guests":
                steps = DIAGONAL if rule["neighborhood"] == "diagonal" else ORTHOGONAL
            else:
                steps = ORTHOGONAL if kind == "adjacent_color" else ORTHOGONAL + DIAGONAL
            places = [(f + df, c + dc) for df, dc in steps if 1 <= f + df <= FLOORS and c + dc >= 1]
            open_places = [p for p in places if p not in grid or grid[p]["tile"] in ROOMS]
            if kind == "adjacent_color":
                open_places = [p for p in open_places if p not in grid or ROOMS[grid[p]["tile"]] == rule["color"]]
                if 4 in rules:  # above and below share the amenity's column
                    open_places = [p for p in open_places if p[0] == f] + [p for p in open_places if p[0] != f][:1]
            if kind == "around_same_color" and 4 in rules:
                return rule["min"] <= 3
            return len(open_places) >= rule["min"]
        if kind == "column_rooms_with_guests":
            return all(p not in grid or grid[p]["tile"] in ROOMS for p in ((g, c) for g in range(1, FLOORS + 1)) if p != pos)
        if kind == "lodge_color_count":
            return sum(1 for cell in grid.values() if ROOMS.get(cell["tile"]) == rule["color"]) <= rule["exactly"]
        if kind == "floor_color_count":
            return len({ROOMS[cell["tile"]] for (g, _c), cell in grid.items()
                        if g == f and cell["tile"] in ROOMS}) <= rule["exactly"]
        return True


#: Lodges whose appraisals one Innkeeper keeps, for each set of level rules (see
#: :meth:`Innkeeper._appraise`): a few decisions' worth, a few megabytes.
APPRAISALS_KEPT = 5000
