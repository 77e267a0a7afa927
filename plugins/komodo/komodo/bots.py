"""A Komodo bot that grows enclosures towards the animals it holds and houses them at once.

It decides from what its seat may know: its own hand, the public map and the open offers. Each
tile placement is scored by how much closer it brings each of its animals to a large enough,
species-compatible enclosure (using the same O(1) frontier check as the rules). Wild cards are
played when a quick look one move ahead shows they help: Relocation and Remodeling when they
open a home for an animal in hand, Land Lover when more tiles would still grow an enclosure,
Land Barter for a tile of no use, Animal Request and Animal Exchange against an animal that
has no prospect of a home; a card with no use is thrown away so a better one can be drawn.
"""

from __future__ import annotations

from itertools import product

from core.engine import Bot, IllegalMove, Result
from core.engine.play import copy_json

from . import land
from .rules import ANIMAL, WILD, _placements
from .rules.common import TILE_LIMIT
from .rules.scoring import _score
from .terrain import FACES, Board, key

WILD_TASTE = (
    "Animal Escapes",
    "Land Thief",
    "Animals on Tap",
    "Land Lover",
    "Relocation",
    "Remodeling",
    "Animal Exchange",
    "Animal Request",
    "Land Barter",
    "Recycling",
)


def _tried(game, state, seat, move):
    """The state after ``move`` (on a copy), or None when the rules refuse it."""
    try:
        return game.apply(copy_json(state), seat, move, None)
    except IllegalMove:
        return None


def _homes_for_hand(game, state, seat):
    """The best points this seat could house from its hand right now."""
    hand = state["hands"][seat]["animals"]
    board = Board(state["map"], state["housed"])
    return max((ANIMAL[a][2] for a in hand if land.deficit(board, a) <= 0), default=0)


#: How much a tile's help to the rest of the team (in blocks of animals it lets the team house)
#: counts against its help to the seat's own animals in the co-operative game.
TEAM_WEIGHT = 1.0


class Keeper(Bot):
    name = "keeper"
    label = "Zoo keeper (builds for its animals)"
    game = "komodo"
    #: Co-op start: blocks of help a seat can expect from each teammate's turn before its own.
    PREPARE = 6
    #: Co-op: how many partial tile runs the search for this turn's home keeps at each step.
    PLAN_WIDTH = 12
    #: Co-op: while fewer animals than this are housed, a move after housing is checked against
    #: the next player's turn (:meth:`_spare_next`), among at most ``GUARD_TRIES`` other tiles:
    #: the check plans that player's whole turn, which is affordable while the map is small.
    GUARD_HOUSED = 8
    GUARD_TRIES = 6
    #: Co-op: the most moves a trial of a start's first turn plays (:meth:`_first_turn`); a
    #: turn takes about ten (three tiles, two homes, the threat and its answers).
    FIRST_TURN_PLIES = 40
    #: Co-op: the placements the search bot's root weighs besides homes and ending the turn.
    ROOT_PLACES = 3
    #: ... picked from the placements best for its own animals and the land they lose: the
    #: whole team's fit for every one of a hundred placements took 10-55 ms of CPU before the
    #: search began (a hard decision over 1 s at a load average of 13).
    ROOT_NEAR = 12
    #: Competitive: the placements, and the homes (the first in the rules' order), the search
    #: bot's root weighs besides the keeper's own move.
    RIVAL_PLACES = 2
    RIVAL_HOMES = 2
    #: Co-op: what a block of a tile's patch that joins no enclosure (a likely scrap), and a
    #: block added to a full enclosure, cost.
    SCRAP_WEIGHT = 1.0
    WASTE_WEIGHT = 1.0
    #: Co-op: what a block of free land shut in too small for any animal to come costs.
    DEAD_WEIGHT = 1.0

    #: Search (the hard bot) cuts its rollouts after this many plies: a keeper's move takes
    #: milliseconds, so a whole game's rollout would leave a 1 s decision a handful of them.
    search_horizon = 12
    #: Cut rollouts are judged by rank, not by the size of a lead (``search_lead_scale``): at
    #: four seats a lead in the first half of a game tells next to nothing of who wins
    #: (``bench/leads.py komodo --players 4``: log loss 0.564 and 0.549, the base rate's 0.562),
    #: and neither a lead scale nor searching only the second half raised the hard seat's win
    #: share: one hard and three normal at 1 s, the same 100 deals (seed 5300 --mirror), 31
    #: won with a lead scale of 10, 31 with 28 from half-way (29% over 284 games by rank).
    #: What the four-seat search lacks is what the rules hide (the other hands and the draw
    #: order): in the first 64 of those games it won 20 by rank; imagining the real state
    #: every time (``bench/bots.py --peek``), the same search at the same budget won 35. Nor
    #: is it the budget: at 3 s a decision (``--seconds 3.0``, about three times the paired
    #: rounds) the same 64 games were won 20 times again.

    def __init__(self, try_wilds: bool = True):
        #: Whether Relocation and Remodeling are tried one move ahead before a tile is laid
        #: (:meth:`_opening_card`): every lift of up to 40 tiles with every spot it could go to.
        self.try_wilds = try_wilds
        self._quick = None

    def rollout_bot(self):
        """For the search bot's rollouts: this keeper without the wild-card trials. They were
        half of a rollout ply's cost (competitive game, 2 seats, 30 hard decisions at 1 s:
        11.7 of the 22.7 s the rollouts' keeper took), while the search's own move and
        shortlist still come from the whole keeper."""
        if self._quick is None:
            self._quick = Keeper(try_wilds=False) if self.try_wilds else self
        return self._quick

    def interim_scores(self, state):
        """How a game cut short stands, for the search bot: each seat's points as the final
        scoring would count them; in the co-operative game the team's animals housed, with a
        point for still being in the game and up to one more for how well the free land can
        take the animals still to house (:func:`land.land_share`), as one shared result."""
        if state["variant"] != "coop":
            return [_score(state, s)[0] for s in range(state["players"])]
        n = state["players"]
        housed = len(state["housed"]) + (state["coop"]["lost"] is None) + land.land_share(state)
        return Result(scores=[housed] * n, ranks=[1] * n, won=[False] * n)

    def root_moves(self, game, state, seat, rng):
        """The search bot's shortlist for the active keeper's turn, so that a 1 s search's few
        rollouts tell a handful of moves apart instead of spreading over a hundred-odd
        placements. Co-op: the ``ROOT_PLACES`` tiles this keeper values most (of its
        ``ROOT_NEAR`` best before the team's fit), every home for an animal and ending the turn.
        Competitive: its ``RIVAL_PLACES`` best placements and ``RIVAL_HOMES`` homes, but not
        ending the turn unless that is the keeper's own move. A whole root gave two paired
        rounds a decision, too few to judge; with ending the turn among the alternatives, rollouts
        cut after 12 plies mostly saw a laid tile as land for the opponent, and the search
        stopped building (hard vs normal, 2 seats, 1 s: 45% won over 100 games with the whole
        root, 16% over 50 with ending in the list, 53% over 30 without). None outside a turn."""
        if state["phase"] != "turn" or seat != state["active"]:
            return None
        moves = game.legal_moves(state, seat)
        places = [m for m in moves if m["type"] == "place_tile"]
        cheap = sorted(self._score_places(state, seat, places, fit=False), key=lambda pair: -pair[1])
        if state["variant"] != "coop":
            homes = [m for m in moves if m["type"] in ("house", "rehouse")]
            return [m for m, _score in cheap[: self.RIVAL_PLACES]] + homes[: self.RIVAL_HOMES] or None
        if len(places) <= self.ROOT_PLACES:
            return None
        near = [m for m, _score in cheap[: self.ROOT_NEAR]]
        ranked = sorted(self._score_places(state, seat, near), key=lambda pair: -pair[1])
        return [m for m, _score in ranked[: self.ROOT_PLACES]] + [
            m for m in moves if m["type"] != "place_tile"
        ]

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        phase = state["phase"]
        handler = getattr(self, f"_{phase}", None)
        choice = handler(game, state, seat, moves, rng) if handler else None
        return choice if choice is not None else rng.choice(moves)

    # ---- small decisions --------------------------------------------------------------
    def _keep(self, game, state, seat, moves, rng):
        return max(moves, key=lambda m: ANIMAL[m["animal"]][2])

    def _pass(self, game, state, seat, moves, rng):
        """Pass on the animal with the least prospect of a home (the pesky Dingo). In the
        co-operative game, where every hand is open, the passes are one team plan instead."""
        board = Board(state["map"], state["housed"])
        if state["variant"] == "coop":
            return self._team_pass(state, seat, moves, board)
        return max(moves, key=lambda m: (land.deficit(board, m["animal"]), ANIMAL[m["animal"]][2]))

    def _team_pass(self, state, seat, moves, board):
        """Co-op Animal Exchange: every seat works out the same best set of passes from the
        open hands (each seat's card goes to the next holder) and plays its own part. A set is
        judged like the starting order: each seat's prospect of housing an animal with its
        tiles, plus ``PREPARE`` for every teammate's turn before its own; the worst-placed seat
        first (the team loses the moment one seat cannot house), then the sum."""
        holders = state["pending"]["holders"]
        players, active = state["players"], state["active"]

        def order_value(picks):
            hands = {s: list(state["hands"][s]["animals"]) for s in holders}
            for i, s in enumerate(holders):
                hands[s].remove(picks[i])
                hands[holders[(i + 1) % len(holders)]].append(picks[i])
            turns = []
            for s in holders:
                before = (s - active - 1) % players
                turns.append(land.prospect(board, hands[s], state["hands"][s]["tiles"]) + self.PREPARE * before)
            return (min(turns), sum(turns))

        best = max(product(*(state["hands"][s]["animals"] for s in holders)), key=order_value)
        mine = best[holders.index(seat)]
        return next(m for m in moves if m["animal"] == mine)

    def _choose_first(self, game, state, seat, moves, rng):
        """Start with the player most likely to house an animal with their own tiles, with
        the hardest hand going last: every turn before theirs lets the team build for it
        (each earlier turn counts for ``PREPARE`` blocks of help). The team loses at once if
        the second player has no home, so the starts are tried in that order, each by playing
        the starter's first turn on a copy (:meth:`_first_turn`), and the first after which
        the next player can still house is taken. Three deals in 40 (seeds 20, 21 and 35) were
        lost on the second turn by the likeliest start while another start went on."""
        board = Board(state["map"], state["housed"])

        def prospect(s):
            return land.prospect(board, state["hands"][s]["animals"], state["hands"][s]["tiles"])

        players = state["players"]

        def order_value(m):
            first = m["seat"]
            turns = [prospect((first + k) % players) + self.PREPARE * k for k in range(players)]
            return (min(turns), turns[0])

        ranked = sorted(moves, key=order_value, reverse=True)
        for m in ranked:
            after = self._first_turn(game, state, seat, m, rng)
            if after is not None and self._can_house(after, (m["seat"] + 1) % players):
                return m
        return ranked[0]

    def _first_turn(self, game, state, seat, start, rng):
        """Co-op: the state after ``start`` and the starter's first turn as this keeper would
        play it (on a copy, the threat drawn from ``rng``), or None if the team loses in it."""
        state = game.apply(copy_json(state), seat, start, rng)
        starter = start["seat"]
        for _ply in range(self.FIRST_TURN_PLIES):
            if state["coop"]["lost"] is not None:
                return None
            acting = sorted(game.to_act(state))
            if not acting or (state["phase"] == "turn" and state["active"] != starter):
                return state
            move = self.rollout_bot().choose(game, state, acting[0], rng)
            state = game.apply(state, acting[0], move, rng)
        return state

    def _tame_pick(self, game, state, seat, moves, rng):
        return min(moves, key=lambda m: WILD_TASTE.index(m["kind"]))

    def _barter_offer(self, game, state, seat, moves, rng):
        needs = land.seat_needs(state, seat)
        wanted = state["pending"]["terrain"]
        singles = [m for m in moves if len(m["tiles"]) == 1]
        good = [m for m in singles if FACES[(m["tiles"][0], 0)].cells.count(wanted) >= 3]
        if not good:
            return next(m for m in moves if not m["tiles"])
        return min(good, key=lambda m: land.tile_value(m["tiles"][0], needs))

    def _barter_choose(self, game, state, seat, moves, rng):
        needs = land.seat_needs(state, seat)
        best, gain = None, 0
        for m in moves:
            if m["type"] == "barter_accept":
                g = sum(land.tile_value(t, needs) for t in m["take"]) - sum(
                    land.tile_value(t, needs) for t in m["give"]
                )
                if g > gain:
                    best, gain = m, g
        if best:
            return best
        return next((m for m in moves if m["type"] == "barter_done"), None) or next(
            m for m in moves if m["type"] == "barter_decline" and not m["keep"]
        )

    def _request(self, game, state, seat, moves, rng):
        board = Board(state["map"], state["housed"])
        best, gain = None, 0
        for m in moves:
            if m["type"] == "request_swap":
                name, terrain, blocks = ANIMAL[m["take"]]
                gname, gterrain, gblocks = ANIMAL[m["give"]]
                fits = land.largest_home(board, name, terrain) >= blocks
                gives_fit = land.largest_home(board, gname, gterrain) >= gblocks
                g = (
                    (blocks if fits else 0)
                    - (gblocks if gives_fit else 0)
                    + (gblocks - blocks) / 10
                )
                if g > gain:
                    best, gain = m, g
        return best or next(m for m in moves if m["type"] == "request_decline" and not m["keep"])

    def _threat_escape(self, game, state, seat, moves, rng):
        return min(moves, key=lambda m: ANIMAL[m["animal"]][2])

    def _remodel(self, game, state, seat, moves, rng):
        """Lay the lifted tile where it helps most; back where it was if nowhere is better."""
        fx, fy, frot = state["pending"]["from"]
        home = next(
            (m for m in moves if (m["x"], m["y"], m["rotation"]) == (fx, fy, frot)), moves[0]
        )
        tile = state["pending"]["tile"]
        spots = [dict(m, type="place_tile", tile=tile) for m in moves]
        best, gain = self._best_place(state, seat, spots)
        if gain <= 0:
            return home
        return next(
            m
            for m in moves
            if (m["x"], m["y"], m["rotation"]) == (best["x"], best["y"], best["rotation"])
        )

    def _lover(self, game, state, seat, moves, rng):
        return self._best_place(state, seat, moves)[0]

    # ---- the main turn ---------------------------------------------------------------
    def _turn(self, game, state, seat, moves, rng):
        choice = self._build(game, state, seat, moves, rng)
        if (choice is not None and state["variant"] == "coop" and state["turn"]["housed_any"]
                and len(state["housed"]) < self.GUARD_HOUSED):
            return self._spare_next(game, state, seat, moves, choice)
        return choice

    def _spare_next(self, game, state, seat, moves, choice):
        """Co-op, in the first turns: once this turn's animal is housed, a tile or a second
        animal that would leave the next player no way to house one of theirs (the team would
        lose at once) gives way to the best tile that does not, or to laying nothing."""
        nxt = (seat + 1) % state["players"]
        if choice["type"] not in ("place_tile", "house") or self._can_house(_tried(game, state, seat, choice), nxt):
            return choice
        places = [m for m in moves if m["type"] == "place_tile"]
        ranked = sorted(self._score_places(state, seat, places), key=lambda pair: -pair[1])
        for m, _value in ranked[: self.GUARD_TRIES]:
            if m != choice and self._can_house(_tried(game, state, seat, m), nxt):
                return m
        ends = [m for m in moves if m["type"] == "end_turn"]
        if ends and self._can_house(state, nxt):
            return ends[0]
        return choice

    def _can_house(self, state, seat):
        """Co-op: whether ``seat`` could house an animal (or its own escaped one) in a turn of
        its own on this map: a home exists already, or a run of its tiles makes one. ``state``
        None (a move the rules refused, from :func:`_tried`) changes nothing, so it passes."""
        if state is None:
            return True
        wanted = land.seat_needs(state, seat)
        if not wanted:
            return True
        board = Board(state["map"], state["housed"])
        if any(land.largest_home(board, name, terrain) >= blocks for name, terrain, blocks in wanted):
            return True
        return self._plan_home(state, seat, TILE_LIMIT) is not None

    def _build(self, game, state, seat, moves, rng):
        by_type = {}
        for m in moves:
            by_type.setdefault(m["type"], []).append(m)
        homes = by_type.get("house", []) + by_type.get("rehouse", [])
        coop = state["variant"] == "coop"
        if homes and coop and not state["turn"]["housed_any"]:
            homes = self._own_homes_first(state, seat, homes, bool(by_type.get("place_tile")))
            if isinstance(homes, dict):
                return homes
        if homes and coop:
            must = [m for m in homes if m["type"] == "rehouse" and m["animal"] in state["coop"]["must"]
                    and self._owner_loose(state, m["animal"]) == seat]
            return self._coop_home(state, seat, must or homes)
        if homes:
            board = Board(state["map"], state["housed"])
            return max(
                homes,
                key=lambda m: (
                    m["type"] == "rehouse" and self._owner_loose(state, m["animal"]) == seat,
                    ANIMAL[m["animal"]][2],
                    # a padlock keeps a big animal from escaping: worth a larger enclosure
                    board.enclosure_at(m["x"], m["y"]).locked and ANIMAL[m["animal"]][2] >= 10,
                    -board.enclosure_at(m["x"], m["y"]).size,
                ),
            )
        for kind in ("on_tap", "land_thief", "escape", "recycle"):
            pick = self._wild(state, seat, kind, by_type.get(kind, []))
            if pick:
                return pick
        if not coop:
            pick = self._opening_card(game, state, seat, by_type)
            if pick:
                return pick
        places = by_type.get("place_tile", [])
        if places and coop and not state["turn"]["housed_any"]:
            left = TILE_LIMIT - state["turn"]["placed"]
            plan = self._plan_home(state, seat, len(state["hands"][seat]["tiles"]) if state["turn"]["lover"] else left)
            if plan:
                return plan
        if places:
            if coop and not state["turn"]["housed_any"] and state["turn"]["placed"] < 2:
                move, gain = self._look_ahead(state, seat, places)
            else:
                move, gain = self._best_place(state, seat, places)
            if gain > 0 or (state["turn"]["lover"]):
                return move
        lover = by_type.get("land_lover")
        if lover and state["turn"]["placed"] >= 3 and state["hands"][seat]["tiles"]:
            # the three-tile limit is reached but tiles would still grow an enclosure
            more = _placements(Board(state["map"], state["housed"]), state["hands"][seat]["tiles"])
            if more and self._best_place(state, seat, more)[1] > 0:
                return lover[0]
        if not state["turn"]["acted"] and by_type.get("exchange_animals"):
            board = Board(state["map"], state["housed"])
            hopeless = [
                a
                for a in state["hands"][seat]["animals"]
                if ANIMAL[a][2] - land.largest_home(board, ANIMAL[a][0], ANIMAL[a][1]) > 12
            ]
            if hopeless and len(state["animals"]) > 4:
                return next(
                    m
                    for m in by_type["exchange_animals"]
                    if sorted(m["animals"]) == sorted(hopeless)
                )
        if not state["turn"]["placed"] and not state["turn"]["housed_any"]:
            # Never pass a turn idle: swap useless tiles, or at least lay the best tile there is.
            needs = land.seat_needs(state, seat)
            useless = [t for t in state["hands"][seat]["tiles"] if not land.tile_value(t, needs)]
            swap = [
                m
                for m in by_type.get("exchange_tiles", [])
                if sorted(m["tiles"]) == sorted(useless)
            ]
            if swap:
                return swap[0]
            if places:
                return move
        dead = self._dead_card(state, seat, by_type.get("discard_wild", []))
        if dead:
            return dead
        ends = by_type.get("replenish", []) + by_type.get("end_turn", [])
        if ends:
            return max(
                ends,
                key=lambda m: (
                    -(m.get("animals") or 0),
                    -WILD_TASTE.index(m["wild"]) if m.get("wild") else -99,
                ),
            )
        return None

    def _wild(self, state, seat, kind, moves):
        if not moves:
            return None
        if kind == "on_tap":
            return (
                moves[0] if len(state["hands"][seat]["animals"]) < 2 and state["animals"] else None
            )
        if kind == "land_thief":
            return max(moves, key=lambda m: len(state["hands"][m["seat"]]["tiles"]))
        if kind == "escape":
            theirs = [m for m in moves if self._owner(state, m["animal"]) != seat]
            if theirs:
                best = max(theirs, key=lambda m: ANIMAL[m["animal"]][2])
                if ANIMAL[best["animal"]][2] >= 10:
                    return best
            return None
        if kind == "recycle":
            return next((m for m in moves if m["take"] in ("Animal Escapes", "Land Thief")), None)
        return None

    def _opening_card(self, game, state, seat, by_type):
        """A wild card that, one move ahead, opens a home or clears a hopeless card."""
        hand = state["hands"][seat]
        board = Board(state["map"], state["housed"])
        now = _homes_for_hand(game, state, seat)
        for kind in ("relocate", "remodel") if self.try_wilds else ():
            best, best_gain = None, 0
            for m in by_type.get(kind, [])[:40]:
                after = _tried(game, state, seat, m)
                if after is None:
                    continue
                if kind == "remodel":
                    spots = game.legal_moves(after, seat)
                    if not spots:
                        continue
                    after = _tried(game, after, seat, self._remodel(game, after, seat, spots, None))
                    if after is None:
                        continue
                gain = _homes_for_hand(game, after, seat) - now
                if gain > best_gain:
                    best, best_gain = m, gain
            if best:
                return best
        hopeless = [a for a in hand["animals"] if land.deficit(board, a) > 12]
        exchange = by_type.get("animal_exchange")
        if exchange and hopeless and not state["turn"]["housed_hand"]:
            return exchange[0]
        requests = by_type.get("request", [])
        if requests and hopeless:
            # ask for the terrain of the largest free enclosure no animal in hand can use
            free = sorted(
                (e for e in board.enclosures if not e.animals and e.size >= 10),
                key=lambda e: -e.size,
            )
            held = {ANIMAL[a][1] for a in hand["animals"]}
            for e in free:
                if e.terrain not in held:
                    pick = next((m for m in requests if m["terrain"] == e.terrain), None)
                    if pick:
                        return pick
        barters = by_type.get("barter", [])
        if barters and not state["turn"]["placed"]:
            needs = land.seat_needs(state, seat)
            useless = [t for t in hand["tiles"] if land.tile_value(t, needs) <= 2]
            if useless and needs:
                want = max(needs, key=lambda n: n[2])[1]
                return next(
                    (m for m in barters if m["tiles"] == useless[:1] and m["terrain"] == want),
                    None,
                )
        return None

    def _dead_card(self, state, seat, discards):
        """Before replenishing with a full hand of wild cards, throw the least useful away so
        the wild card earned by housing can be drawn (one discard a turn)."""
        if not discards or not state["turn"]["housed_hand"]:
            return None
        limit = 2 if state["variant"] == "tame" else 3
        if len(state["hands"][seat]["wilds"]) < limit:
            return None
        return max(discards, key=lambda m: WILD_TASTE.index(WILD[m["card"]]))

    def _own_homes_first(self, state, seat, homes, can_place):
        """Co-op: re-housing another player's escaped animal uses up the turn ("you may not
        house any animals from your hand") and may take the land a teammate's animal was to
        have, so it is the last resort: a home for the seat's own animals comes first, then
        the first tile of a run that makes one (returned as the move), then someone else's."""
        own = [m for m in homes if m["type"] == "house" or self._owner_loose(state, m["animal"]) == seat]
        if own or not can_place:
            return own or homes
        left = len(state["hands"][seat]["tiles"]) if state["turn"]["lover"] else TILE_LIMIT - state["turn"]["placed"]
        return self._plan_home(state, seat, left) or homes

    def _owner_loose(self, state, animal):
        return next((x["owner"] for x in state["loose"] if x["animal"] == animal), None)

    def _owner(self, state, animal):
        return next(h["owner"] for h in state["housed"] if h["animal"] == animal)

    def _plan_home(self, state, seat, left):
        """Co-op, before housing: the first tile of the shortest run of up to ``left`` tiles
        that makes a home for an animal in hand (a turn that houses nothing loses the game),
        the tightest such home among runs as short (land beyond its need is lost to the team).
        One beam search per animal (:meth:`_run_for`): a single beam ranked by the nearest
        home filled its width with runs for whichever animal looked closest after one tile, and
        lost the only run that housed the other one."""
        tiles = state["hands"][seat]["tiles"]
        needs = dict.fromkeys(land.seat_needs(state, seat))
        runs = [run for need in needs if (run := self._run_for(state, tiles, need, left))]
        return min(runs, key=lambda run: run[:2])[2] if runs else None

    def _run_for(self, state, tiles, need, left):
        """(tiles laid, land beyond the need, first move) of the shortest, then tightest, run of
        up to ``left`` of ``tiles`` that makes a home for the animal ``need`` (name, terrain,
        blocks), or None. At each step the ``PLAN_WIDTH`` maps closest to that home go on."""
        name, terrain, blocks = need
        beam = [(state["map"], list(tiles), None)]
        for step in range(1, left + 1):
            grown = []
            for tile_map, rest, first in beam:
                board = Board(tile_map, state["housed"])
                for m in _placements(board, rest):
                    _reason, groups = board.check(m["tile"], m["rotation"], m["x"], m["y"])
                    if groups is not None:
                        fit = land.home_fit(board, groups, name, terrain, blocks)
                        grown.append((fit, len(grown), tile_map, rest, first or m, m))
            if not grown:
                return None
            grown.sort(key=lambda g: g[:2])
            (short, over), *_ = grown[0]
            if short == 0:
                return step, over, grown[0][4]
            beam = []
            for _fit, _i, tile_map, rest, first, m in grown[: self.PLAN_WIDTH]:
                after = dict(tile_map)
                after[key(m["x"], m["y"])] = [m["tile"], m["rotation"]]
                beam.append((after, [t for t in rest if t != m["tile"]], first))
        return None

    def _look_ahead(self, state, seat, places, width=8):
        """Co-op: score the most promising placements by the best follow-up they allow."""
        scored = self._score_places(state, seat, places)
        scored.sort(key=lambda pair: -pair[1])
        best, best_total = scored[0]
        for move, score in scored[:width]:
            after = dict(state)
            after["map"] = dict(
                state["map"], **{key(move["x"], move["y"]): [move["tile"], move["rotation"]]}
            )
            hands = [dict(h) for h in state["hands"]]
            hands[seat]["tiles"] = [t for t in hands[seat]["tiles"] if t != move["tile"]]
            after["hands"] = hands
            follow = _placements(Board(after["map"], after["housed"]), hands[seat]["tiles"])
            total = score + (self._best_place(after, seat, follow)[1] if follow else 0)
            if total > best_total:
                best, best_total = move, total
        return best, best_total

    def _best_place(self, state, seat, places):
        scored = self._score_places(state, seat, places)
        return max(scored, key=lambda pair: pair[1])

    def _score_places(self, state, seat, places, fit=True):
        """Each placement with its score: the growth it brings this seat's animals and, in the
        co-op game, the land it makes ready for the team (``fit``, the costly part: the whole
        team's homes worked out again per placement) less the land it loses."""
        board = Board(state["map"], state["housed"])
        needs = land.seat_needs(state, seat)
        coop = state["variant"] == "coop"
        team = land.team_wants(state, seat) if coop else []
        base = land.enclosure_list(board) if coop else []
        team_now = land.fit_value(base, team) if coop and fit else 0.0
        before = [land.largest_home(board, n, t) for n, t, _b in needs]
        least, closing = (land.least_needs(team), land.closing_spots(board)) if coop else ({}, {})
        housing = {e.index for e in board.enclosures if e.animals}
        # outside the co-op game a tile with no land an animal still short of a home could use
        # scores nothing wherever it goes: no need to work out what it would join
        short = set() if coop else {t for (_n, t, blocks), old in zip(needs, before, strict=True) if old < blocks}
        scored = []
        for m in places:
            if not coop and short.isdisjoint(FACES[(m["tile"], 0)].region_terrain):
                scored.append((m, 0.0))
                continue
            _reason, groups = board.check(m["tile"], m["rotation"], m["x"], m["y"])
            if groups is None:
                # only the way back for a lifted tile (Remodeling) skips the colour match
                scored.append((m, 0.0))
                continue
            free: dict[str, int] = {}  # the largest enclosure of each terrain with no animal in it
            for t, size, encs in groups:
                if size > free.get(t, 0) and housing.isdisjoint(encs):
                    free[t] = size
            score = 0.0
            for (_name, terrain, blocks), old in zip(needs, before, strict=True):
                new = max(old, free.get(terrain, 0))
                step = min(new, blocks) - min(old, blocks)
                if new >= blocks > old:
                    step += 50
                score += step
            if coop:
                if fit:
                    score += TEAM_WEIGHT * (land.fit_value(land.after_groups(board, base, groups), team) - team_now)
                score -= self._land_lost(base, groups, team)
                score -= self.DEAD_WEIGHT * land.dead_land(board, m, groups, least, closing)
            scored.append((m, score))
        return scored

    def _land_lost(self, base, groups, team):
        """Co-op: the land a placement is likely to waste, in weighted blocks. A patch of the
        tile that joins no enclosure is likely to stay a scrap no animal can use ("Optimise land
        use as most of the terrain will be required"): the games the team nearly wins end with
        every terrain's free land in strips of three and pieces of six or seven, too small for
        the big animals left. Counting every patch that joins nothing, not only those under six
        blocks, makes tiles grow the land already laid (``bench/komodo_bench.py --coop 400``:
        77 of 400 games reached 30 animals housed, against 44). Land added to an enclosure
        whose animals need no more (no partner still to come needs it larger) is lost outright."""
        wants = {}
        for name, _terrain, blocks, _weight, _id in team:
            wants[name] = max(wants.get(name, 0), blocks)
        lost = 0.0
        for _terrain, size, encs in groups:
            if not encs:
                lost += self.SCRAP_WEIGHT * size
                continue
            kinds = frozenset().union(*(base[e][2] for e in encs))
            if kinds:
                own = size - sum(base[e][1] for e in encs)
                had = max(base[e][1] for e in encs)
                useful = max((wants.get(k, 0) for k in kinds), default=0) - had
                lost += self.WASTE_WEIGHT * max(0, own - max(0, useful))
        return lost

    def _coop_home(self, state, seat, homes):
        """Co-op: the home that leaves the team best placed to house every animal still to
        come (a pair's second animal joins its partner; a big enclosure is kept for a big
        animal), the housed animal itself counted as placed."""
        board = Board(state["map"], state["housed"])
        team = land.team_wants(state, seat, own=True)
        base = land.enclosure_list(board)

        def value(m):
            name, terrain, blocks = ANIMAL[m["animal"]]
            enc = board.enclosure_at(m["x"], m["y"])
            encs = [list(e) for e in base]
            encs[enc.index][2] = encs[enc.index][2] | {name}
            rest = list(team)
            rest.remove(next(w for w in rest if w[4] == m["animal"]))
            over = 0 if enc.animals else land.OVER_WEIGHT * (enc.size - blocks)
            return (land.fit_value(encs, rest) + blocks - over, blocks, -enc.size)

        return max(homes, key=value)
