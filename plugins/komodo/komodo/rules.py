"""Komodo rules as pure functions over a JSON state (no Django here).

State outline::

    variant        "basic" | "tame" | "coop"
    phase          keep | tame_pick | turn | pass | request | barter_offer | barter_choose |
                   remodel | threat_escape | threat_remodel | lover | over
    active         the seat whose turn it is
    map            {"x,y": [tile id, rotation]} (tile units; see terrain.py)
    tiles/animals  face-down draw piles (top = end of the list)
    wilds          {"draw": [...], "discard": [...]} (basic and coop); display [...] (tame)
    hands          per seat {"tiles", "animals", "wilds"}
    housed         [{"animal", "owner", "x", "y", "lock"}] (x, y = a block of its enclosure;
                   lock = a padlock carried along by Relocation)
    loose          [{"animal", "owner"}] animals on the loose (card in front of the owner)
    turn           what the active player has done this turn
    pending        the open wild-card interaction (exchange picks, request, barter, remodel)
"""

from __future__ import annotations

from itertools import combinations

from core.engine import Game, IllegalMove, Option, Result
from core.engine.cards import draw, to_bottom
from core.engine.fields import get_bool, get_int, get_list, get_str
from core.engine.game import ranks_by
from core.text import and_list, counted

from .catalog import ANIMALS, COOP_REMOVED, MARKERS, STARTER, TAME_REMOVED, TERRAINS, WILDS
from .terrain import ANIMAL, FACES, SIDES, Board, key, parse_key, starter_map

WILD = dict(WILDS)
ESCAPES, EXCHANGE, REQUEST, ON_TAP = (
    "Animal Escapes",
    "Animal Exchange",
    "Animal Request",
    "Animals on Tap",
)
BARTER, LOVER, THIEF = "Land Barter", "Land Lover", "Land Thief"
RELOCATION, RECYCLING, REMODELING = "Relocation", "Recycling", "Remodeling"
HAND_TILES, HAND_ANIMALS, TILE_LIMIT = 5, 2, 3
ALL_ANIMALS = [a[0] for a in ANIMALS]
MIN_HOME = min(a[3] for a in ANIMALS)  # the smallest enclosure any animal can live in
TERRAIN_LETTERS = tuple(TERRAINS)


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def species(animal: str) -> str:
    return ANIMAL[animal][0]


def new_turn() -> dict:
    return {
        "placed": 0,
        "housed_hand": False,
        "housed_any": False,
        "rehoused_other": False,
        "acted": False,
        "released": [],
        "used_types": [],
        "lover": False,
        "on_tap": False,
        "tried": [],
        "discarded": False,
    }


class Komodo(Game):
    slug = "komodo"
    name = "Komodo"
    min_players = 2
    max_players = 4
    playing_time = "45-60 min"
    summary = (
        "Lay terrain tiles on one shared map and house your animals in large enough enclosures."
    )
    options = (
        Option(
            "variant",
            "Way to play",
            default="basic",
            choices=(
                ("basic", "Basic game"),
                ("tame", "Tame the Wildness (wild cards on open display)"),
                ("coop", "Collaborate to Save the Animals (cooperative)"),
            ),
        ),
        Option(
            "difficulty",
            "Cooperative difficulty (tiles in hand)",
            default=5,
            choices=((5, "Medium: 5 tiles"), (4, "Difficult: 4 tiles"), (3, "Extreme: 3 tiles")),
            help="Only used by the cooperative game.",
        ),
    )

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, players, options, seat_options, rng):
        variant = options.get("variant", "basic")
        coop = variant == "coop"
        hand_tiles = int(options.get("difficulty", 5)) if coop else HAND_TILES
        tiles = [t for t in _tile_ids() if t != STARTER]
        rng.shuffle(tiles)
        animals = list(ALL_ANIMALS)
        rng.shuffle(animals)
        removed = COOP_REMOVED if coop else TAME_REMOVED if variant == "tame" else ()
        wild_ids = [w for w, kind in WILDS if kind not in removed]
        hands = []
        for _ in range(players):
            hand = {"tiles": [tiles.pop() for _ in range(hand_tiles)], "animals": [], "wilds": []}
            hand["animals"] = [animals.pop() for _ in range(2 if coop else 3)]
            hands.append(hand)
        state = {
            "players": players,
            "variant": variant,
            "hand_tiles": hand_tiles,
            "phase": "keep",
            "active": 0,
            "map": starter_map(),
            "tiles": tiles,
            "animals": animals,
            "wilds": {"draw": [], "discard": []},
            "display": [],
            "hands": hands,
            "housed": [],
            "loose": [],
            "removed": [],
            "turn": new_turn(),
            "pending": None,
            "final_left": None,
            "idle": 0,
            "coop": {"lost": None, "must": []} if coop else None,
            "turns": 0,
            "last": None,
            "over": False,
            "log": [],
        }
        if variant == "tame":
            state["display"] = sorted(wild_ids)
        else:
            first = [w for w in wild_ids if WILD[w] != RECYCLING]
            rng.shuffle(first)
            if not coop:
                for hand in hands:
                    hand["wilds"] = [first.pop() for _ in range(2)]
            rest = first + [w for w in wild_ids if WILD[w] == RECYCLING]
            rng.shuffle(rest)
            state["wilds"]["draw"] = rest
        if coop:
            state["phase"] = "choose_first"
            state["log"].append("The team looks at the open hands and chooses who starts.")
        else:
            state["pending"] = {"returns": {}}
            state["log"].append("Each player keeps two of their three animal cards.")
        return state

    # ---- whose move ----------------------------------------------------------------------
    def to_act(self, state):
        phase = state["phase"]
        if phase == "over":
            return set()
        if phase == "keep":
            return {s for s in range(state["players"]) if str(s) not in state["pending"]["returns"]}
        if phase == "tame_pick":
            return {state["pending"]["order"][0]}
        if phase == "pass":
            p = state["pending"]
            return {s for s in p["holders"] if str(s) not in p["picks"]}
        if phase == "barter_offer":
            p = state["pending"]
            return {s for s in p["asked"] if str(s) not in p["offers"]}
        return {state["active"]}

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        hand = state["hands"][seat]
        if phase == "keep":
            return [{"type": "return_animal", "animal": a} for a in hand["animals"]]
        if phase == "tame_pick":
            return [{"type": "take_wild", "kind": k} for k in _kinds(state["display"])]
        if phase == "choose_first":
            return [{"type": "first_player", "seat": s} for s in range(state["players"])]
        if phase == "pass":
            return [{"type": "pass_animal", "animal": a} for a in hand["animals"]]
        if phase == "barter_offer":
            offers = (
                [[]]
                + [[t] for t in hand["tiles"]]
                + [list(c) for c in combinations(hand["tiles"], 2)]
            )
            return [{"type": "barter_offer", "tiles": o} for o in offers]
        if phase == "barter_choose":
            return self._barter_choices(state)
        if phase == "request":
            p = state["pending"]
            moves = [{"type": "request_decline", "keep": k} for k in (True, False)]
            for taken in [a for ids in p["revealed"].values() for a in ids]:
                moves += [
                    {"type": "request_swap", "take": taken, "give": g} for g in hand["animals"]
                ]
            return moves
        board = self._board(state)
        if phase == "remodel":
            return [dict(m, type="remodel_place") for m in self._remodel_spots(state, board)]
        if phase == "threat_escape":
            return [
                {"type": "threat_escape", "animal": h["animal"]}
                for h in _escapable(state, board, 1)
            ]
        if phase == "threat_remodel":
            return [{"type": "threat_remodel", "tile": t} for t in _liftable(state, board)]
        if phase == "lover":
            return _placements(board, hand["tiles"])
        return self._turn_moves(state, seat, board)

    def _turn_moves(self, state, seat, board):
        hand, turn = state["hands"][seat], state["turn"]
        coop = state["variant"] == "coop"
        moves = []
        if not turn["acted"] and not coop:
            if state["tiles"]:
                for n in range(1, len(hand["tiles"]) + 1):
                    moves += [
                        {"type": "exchange_tiles", "tiles": list(c)}
                        for c in combinations(hand["tiles"], n)
                    ]
            if state["animals"]:
                for n in range(1, len(hand["animals"]) + 1):
                    moves += [
                        {"type": "exchange_animals", "animals": list(c)}
                        for c in combinations(hand["animals"], n)
                    ]
        if turn["placed"] < TILE_LIMIT or turn["lover"]:
            moves += _placements(board, hand["tiles"])
        if not turn["rehoused_other"]:
            for a in hand["animals"]:
                moves += [
                    {"type": "house", "animal": a, "x": x, "y": y} for x, y in _homes(board, a)
                ]
        for loose in state["loose"]:
            a = loose["animal"]
            if loose["owner"] != seat and (
                turn["housed_hand"] or turn["rehoused_other"] or a in turn["released"]
            ):
                continue
            moves += [{"type": "rehouse", "animal": a, "x": x, "y": y} for x, y in _homes(board, a)]
        if not coop:
            moves += self._wild_moves(state, seat, board)
        moves += self._replenish_moves(state, seat, board)
        return moves

    def _wild_moves(self, state, seat, board):
        hand, turn = state["hands"][seat], state["turn"]
        cards = {}
        for w in hand["wilds"]:
            if w not in turn["tried"]:
                cards.setdefault(WILD[w], []).append(w)
        moves = []
        opponents = [s for s in range(state["players"]) if s != seat]
        for kind, ids in sorted(cards.items()):
            card = ids[0]
            if kind == ESCAPES:
                for h in _escapable(state, board, len(ids)):
                    need = 2 if _pair_protected(board, h) else 1
                    moves.append({"type": "escape", "cards": ids[:need], "animal": h["animal"]})
            elif kind == EXCHANGE and sum(1 for h in state["hands"] if h["animals"]) >= 2:
                moves.append({"type": "animal_exchange", "card": card})
            elif kind == REQUEST:
                moves += [{"type": "request", "card": card, "terrain": t} for t in TERRAIN_LETTERS]
            elif kind == ON_TAP and not turn["on_tap"]:
                moves.append({"type": "on_tap", "card": card})
            elif kind == BARTER:
                offers = [[t] for t in hand["tiles"]] + [
                    list(c) for c in combinations(hand["tiles"], 2)
                ]
                moves += [
                    {"type": "barter", "card": card, "tiles": o, "terrain": t}
                    for o in offers
                    for t in TERRAIN_LETTERS
                ]
            elif kind == LOVER and not turn["lover"] and hand["tiles"]:
                moves.append({"type": "land_lover", "card": card})
            elif kind == THIEF:
                moves += [
                    {"type": "land_thief", "card": card, "seat": s}
                    for s in opponents
                    if state["hands"][s]["tiles"]
                ]
            elif kind == RELOCATION:
                for h in state["housed"]:
                    if h["owner"] == seat or not _locked(board, h):
                        here = board.enc_of[(h["x"], h["y"])]
                        moves += [
                            {
                                "type": "relocate",
                                "card": card,
                                "animal": h["animal"],
                                "x": x,
                                "y": y,
                            }
                            for x, y in _homes(board, h["animal"])
                            if board.enc_of[(x, y)] != here
                        ]
            elif kind == RECYCLING:
                moves += [
                    {"type": "recycle", "card": card, "take": k}
                    for k in _kinds(state["wilds"]["discard"])
                ]
            elif kind == REMODELING:
                moves += [
                    {"type": "remodel", "card": card, "tile": t} for t in _liftable(state, board)
                ]
        if not turn["discarded"]:
            moves += [{"type": "discard_wild", "card": ids[0]} for _k, ids in sorted(cards.items())]
        return moves

    def _replenish_moves(self, state, seat, board):
        hand, turn = state["hands"][seat], state["turn"]
        if state["variant"] == "coop":
            return [{"type": "end_turn"}]
        if turn["lover"] and hand["tiles"] and _placements(board, hand["tiles"], first=True):
            return []
        counts = [None]
        if not state["tiles"]:
            counts = list(range(0, max(0, HAND_ANIMALS - len(hand["animals"])) + 1))
        wilds = [None]
        if state["variant"] == "tame" and turn["housed_hand"] and len(hand["wilds"]) < 2:
            wilds += [k for k in _kinds(state["display"]) if k not in turn["used_types"]]
        moves = []
        for c in counts:
            for w in wilds:
                m = {"type": "replenish"}
                if c is not None:
                    m["animals"] = c
                if w is not None:
                    m["wild"] = w
                moves.append(m)
        return moves

    def _barter_choices(self, state):
        p = state["pending"]
        moves = []
        mine = [t for t in p["tiles"] if t not in p["given"]]
        for s_text, offer in sorted(p["offers"].items()):
            s = int(s_text)
            if s in p["traded"]:
                continue
            if not p["traded"] and len(mine) == 2 and len(offer) == 2:
                moves.append(
                    {"type": "barter_accept", "seat": s, "give": list(mine), "take": list(offer)}
                )
            for g in mine:
                moves += [
                    {"type": "barter_accept", "seat": s, "give": [g], "take": [t]} for t in offer
                ]
        if p["traded"]:
            moves.append({"type": "barter_done"})
        else:
            moves += [{"type": "barter_decline", "keep": k} for k in (True, False)]
        return moves

    def _remodel_spots(self, state, board):
        p = state["pending"]
        tid = p["tile"]
        fx, fy, frot = p["from"]
        spots = []
        for x, y in board.frontier():
            for rot in range(4):
                original = (x, y, rot) == (fx, fy, frot)
                reason, groups = board.check(tid, rot, x, y, colour=not original)
                if reason is None and board.animals_fit(groups):
                    spots.append({"x": x, "y": y, "rotation": rot})
        return spots

    # ---- the board ----------------------------------------------------------------------
    def _board(self, state):
        return Board(state["map"], state["housed"])

    # ---- setup-phase moves --------------------------------------------------------------
    def move_return_animal(self, state, seat, move, rng):
        self._phase(state, "keep")
        hand = state["hands"][seat]
        animal = get_str(move, "animal")
        if animal not in hand["animals"]:
            raise IllegalMove("You can only return one of your own three animal cards.")
        if str(seat) in state["pending"]["returns"]:
            raise IllegalMove("You have already chosen.")
        state["pending"]["returns"][str(seat)] = animal
        state["log"].append(f"{who(seat)} has chosen which animal to return.")
        if len(state["pending"]["returns"]) == state["players"]:
            for s_text, a in state["pending"]["returns"].items():
                state["hands"][int(s_text)]["animals"].remove(a)
                state["animals"].append(a)
            rng.shuffle(state["animals"])
            state["log"].append("The returned animals are shuffled back into the pile.")
            state["pending"] = None
            if state["variant"] == "tame":
                state["phase"] = "tame_pick"
                state["pending"] = {"order": list(range(state["players"]))}
            else:
                self._start_turn(state, 0)
        return state

    def move_first_player(self, state, seat, move, rng):
        """Co-op: the team (announced by the first seat) picks who starts, seeing all hands."""
        self._phase(state, "choose_first")
        first = get_int(move, "seat", 0, state["players"] - 1)
        state["log"].append(f"The team chooses {who(first)} to start.")
        self._start_turn(state, first)
        return state

    def move_take_wild(self, state, seat, move, rng):
        self._phase(state, "tame_pick")
        kind = get_str(move, "kind")
        card = _take_kind(state["display"], kind)
        state["hands"][seat]["wilds"].append(card)
        state["log"].append(f"{who(seat)} takes {kind} from the display.")
        state["pending"]["order"].pop(0)
        if not state["pending"]["order"]:
            state["pending"] = None
            self._start_turn(state, 0)
        return state

    # ---- turn moves ---------------------------------------------------------------------
    def move_exchange_tiles(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove(
                "The cooperative game has no exchange turn: every turn must house an animal."
            )
        if state["turn"]["acted"]:
            raise IllegalMove("Exchanging tiles takes your whole turn.")
        tiles = _subset(move, "tiles", state["hands"][seat]["tiles"], "tile")
        if not state["tiles"]:
            raise IllegalMove("There are no tiles left to exchange with.")
        for t in tiles:
            state["hands"][seat]["tiles"].remove(t)
        to_bottom_list(state["tiles"], tiles)
        state["log"].append(f"{who(seat)} exchanges {counted(len(tiles), 'tile')}.")
        self._replenish(state, seat, None, None, rng)
        return state

    def move_exchange_animals(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove(
                "The cooperative game has no exchange turn: every turn must house an animal."
            )
        if state["turn"]["acted"]:
            raise IllegalMove("Exchanging animal cards takes your whole turn.")
        animals = _subset(move, "animals", state["hands"][seat]["animals"], "animal")
        if not state["animals"]:
            raise IllegalMove("There are no animal cards left to exchange with.")
        for a in animals:
            state["hands"][seat]["animals"].remove(a)
        to_bottom_list(state["animals"], animals)
        state["log"].append(f"{who(seat)} exchanges {counted(len(animals), 'animal card')}.")
        self._replenish(state, seat, None, None, rng)
        return state

    def move_place_tile(self, state, seat, move, rng):
        lover_phase = state["phase"] == "lover"
        if not lover_phase:
            self._turn_only(state, seat)
        tid, x, y, rot = _placement_fields(move)
        hand, turn = state["hands"][seat], state["turn"]
        if tid not in hand["tiles"]:
            raise IllegalMove("You can only place a tile from your hand.")
        if not lover_phase and turn["placed"] >= TILE_LIMIT and not turn["lover"]:
            raise IllegalMove(
                "You may place at most three tiles a turn (unless you play Land Lover)."
            )
        board = self._board(state)
        reason, groups = board.check(tid, rot, x, y)
        if reason:
            raise IllegalMove(reason)
        hand["tiles"].remove(tid)
        state["map"][key(x, y)] = [tid, rot]
        turn["placed"] += 1
        turn["acted"] = True
        _touch(state, seat, tiles=[tid])
        state["log"].append(f"{who(seat)} places {_placement_words(board, tid, x, y, groups)}.")
        if lover_phase:
            if not hand["tiles"]:
                self._finish_coop_turn(state, seat, rng)
            elif not _placements(self._board(state), hand["tiles"], first=True):
                return self._coop_lose(
                    state, f"{who(seat)} cannot place every tile for Land Lover."
                )
        return state

    def move_house(self, state, seat, move, rng):
        self._turn_only(state, seat)
        animal, x, y = get_str(move, "animal"), get_int(move, "x"), get_int(move, "y")
        hand, turn = state["hands"][seat], state["turn"]
        if animal not in hand["animals"]:
            raise IllegalMove("You can only house an animal from your hand.")
        if turn["rehoused_other"]:
            raise IllegalMove(
                "You re-housed another player's animal this turn, so you cannot house from your hand."
            )
        self._check_home(self._board(state), animal, x, y)
        hand["animals"].remove(animal)
        state["housed"].append({"animal": animal, "owner": seat, "x": x, "y": y, "lock": False})
        turn["housed_hand"] = turn["housed_any"] = turn["acted"] = True
        _touch(state, seat, animals=[animal])
        state["log"].append(
            f"{who(seat)} houses the {species(animal)} ({ANIMAL[animal][2]} points)"
            f" in {_enclosure_words(self._board(state), x, y)}."
        )
        if turn["on_tap"]:
            self._draw_animals(state, seat, HAND_ANIMALS - len(hand["animals"]))
        self._check_coop_win(state)
        return state

    def move_rehouse(self, state, seat, move, rng):
        self._turn_only(state, seat)
        animal, x, y = get_str(move, "animal"), get_int(move, "x"), get_int(move, "y")
        turn = state["turn"]
        loose = next((e for e in state["loose"] if e["animal"] == animal), None)
        if loose is None:
            raise IllegalMove("That animal is not on the loose.")
        if loose["owner"] != seat:
            if turn["housed_hand"]:
                raise IllegalMove(
                    "You housed an animal from your hand, so you cannot re-house another player's."
                )
            if turn["rehoused_other"]:
                raise IllegalMove("You may re-house only one other player's animal a turn.")
            if animal in turn["released"]:
                raise IllegalMove(
                    "You cannot re-house an opponent's animal you released this turn."
                )
        self._check_home(self._board(state), animal, x, y)
        state["loose"].remove(loose)
        state["housed"].append({"animal": animal, "owner": seat, "x": x, "y": y, "lock": False})
        turn["acted"] = turn["housed_any"] = True
        _touch(state, seat, animals=[animal])
        if loose["owner"] != seat:
            turn["rehoused_other"] = True
            state["log"].append(
                f"{who(seat)} re-houses {who(loose['owner'])}'s {species(animal)} in"
                f" {_enclosure_words(self._board(state), x, y)} and takes its card."
            )
        else:
            state["log"].append(
                f"{who(seat)} re-houses their {species(animal)} in"
                f" {_enclosure_words(self._board(state), x, y)}."
            )
        if state["coop"] is not None and animal in state["coop"]["must"]:
            state["coop"]["must"].remove(animal)
        self._check_coop_win(state)
        return state

    def move_replenish(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove("In the cooperative game end your turn instead.")
        hand, turn = state["hands"][seat], state["turn"]
        if (
            turn["lover"]
            and hand["tiles"]
            and _placements(self._board(state), hand["tiles"], first=True)
        ):
            raise IllegalMove("Land Lover: you must place every tile you hold before replenishing.")
        count = None
        if "animals" in move:
            if state["tiles"]:
                raise IllegalMove(
                    "You may only choose how many animal cards to take once the tiles run out."
                )
            count = get_int(move, "animals", 0, max(0, HAND_ANIMALS - len(hand["animals"])))
        wild = None
        if "wild" in move and move["wild"] is not None:
            if state["variant"] != "tame":
                raise IllegalMove("Only in Tame the Wildness do you choose a wild card.")
            wild = get_str(move, "wild")
            if not turn["housed_hand"]:
                raise IllegalMove(
                    "You take a wild card only after housing an animal from your hand."
                )
            if len(hand["wilds"]) >= 2:
                raise IllegalMove("You already hold two wild cards.")
            if wild in turn["used_types"]:
                raise IllegalMove("You cannot take a wild card of a type you used this turn.")
            if wild not in _kinds(state["display"]):
                raise IllegalMove("That wild card is not on display.")
        self._replenish(state, seat, count, wild, rng)
        return state

    def move_end_turn(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] != "coop":
            raise IllegalMove("Replenish your hand to end your turn.")
        coop = state["coop"]
        if not state["turn"]["housed_any"]:
            return self._coop_lose(state, f"{who(seat)} could not house an animal this turn.")
        if any(x["animal"] in coop["must"] and x["owner"] == seat for x in state["loose"]):
            return self._coop_lose(state, f"{who(seat)} did not re-house the animal that escaped.")
        card = draw(state["wilds"], 1, rng)[0]
        state["wilds"]["discard"].append(card)
        kind = WILD[card]
        state["log"].append(f"Threat: {kind}.")
        board = self._board(state)
        if kind == ESCAPES:
            if _escapable(state, board, 1):
                state["phase"] = "threat_escape"
                return state
            state["log"].append("No animal can escape.")
        elif kind == EXCHANGE:
            if state["hands"][seat]["animals"]:
                return self._open_pass(state, then="refill", rng=rng)
            self._coop_refill(state, seat, rng)
            return self._open_pass(state, then="next")
        elif kind == LOVER:
            if state["hands"][seat]["tiles"]:
                if not _placements(board, state["hands"][seat]["tiles"], first=True):
                    return self._coop_lose(
                        state, f"{who(seat)} cannot place every tile for Land Lover."
                    )
                state["phase"] = "lover"
                return state
        elif kind == THIEF:
            if state["tiles"]:
                state["removed"].append(state["tiles"].pop())
                state["log"].append("The top tile leaves the game unseen.")
        elif kind == REMODELING:
            if _liftable(state, board):
                state["phase"] = "threat_remodel"
                return state
            state["log"].append("No tile can be remodelled.")
        self._finish_coop_turn(state, seat, rng)
        return state

    # ---- wild cards ---------------------------------------------------------------------
    def move_discard_wild(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, None)
        if state["turn"]["discarded"]:
            raise IllegalMove("You may discard only one wild card a turn.")
        self._spend(state, seat, card)
        state["turn"]["discarded"] = True
        state["log"].append(f"{who(seat)} discards {WILD[card]} unused.")
        return state

    def move_escape(self, state, seat, move, rng):
        self._turn_only(state, seat)
        cards = get_list(move, "cards", str, 2)
        hand = state["hands"][seat]
        if (
            not cards
            or len(set(cards)) != len(cards)
            or any(
                c not in hand["wilds"] or WILD[c] != ESCAPES or c in state["turn"]["tried"]
                for c in cards
            )
        ):
            raise IllegalMove("Play one or two Animal Escapes cards from your hand.")
        animal = get_str(move, "animal")
        board = self._board(state)
        housed = next((h for h in state["housed"] if h["animal"] == animal), None)
        if housed is None:
            raise IllegalMove("That animal is not housed on the map.")
        if _locked(board, housed):
            raise IllegalMove("A padlock protects that animal.")
        need = 2 if _pair_protected(board, housed) else 1
        if len(cards) != need:
            raise IllegalMove(
                "Two animals of one species protect each other: it takes two Animal Escapes cards."
                if need == 2
                else "One Animal Escapes card is enough."
            )
        for c in cards:
            self._spend(state, seat, c)
        state["housed"].remove(housed)
        state["loose"].append({"animal": animal, "owner": housed["owner"]})
        _touch(state, seat, animals=[animal])
        if housed["owner"] != seat:
            state["turn"]["released"].append(animal)
        state["log"].append(
            f"{who(seat)} plays Animal Escapes: {who(housed['owner'])}'s {species(animal)} is on the loose."
        )
        return state

    def move_animal_exchange(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, EXCHANGE)
        if sum(1 for h in state["hands"] if h["animals"]) < 2:
            raise IllegalMove("At least two players must hold animal cards for an exchange.")
        self._spend(state, seat, card)
        state["log"].append(
            f"{who(seat)} plays Animal Exchange: everyone passes an animal card to the left."
        )
        return self._open_pass(state, then="turn", rng=rng)

    def move_pass_animal(self, state, seat, move, rng):
        self._phase(state, "pass")
        p = state["pending"]
        animal = get_str(move, "animal")
        if seat not in p["holders"] or str(seat) in p["picks"]:
            raise IllegalMove("You have nothing to pass now.")
        if animal not in state["hands"][seat]["animals"]:
            raise IllegalMove("Pass one of your own animal cards.")
        p["picks"][str(seat)] = animal
        state["log"].append(f"{who(seat)} has chosen a card to pass.")
        if len(p["picks"]) == len(p["holders"]):
            holders = p["holders"]
            for i, s in enumerate(holders):
                receiver = holders[(i + 1) % len(holders)]
                card = p["picks"][str(s)]
                state["hands"][s]["animals"].remove(card)
                state["hands"][receiver]["animals"].append(card)
            state["log"].append("The animal cards are passed to the left.")
            self._after_pass(state, p["then"], rng)
        return state

    def move_request(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, REQUEST)
        terrain = get_str(move, "terrain", TERRAIN_LETTERS)
        self._spend(state, seat, card, keep_for_later=True)
        revealed = {}
        for s in range(state["players"]):
            if s != seat:
                found = [a for a in state["hands"][s]["animals"] if ANIMAL[a][1] == terrain]
                if found:
                    revealed[str(s)] = found
        state["pending"] = {"card": card, "terrain": terrain, "revealed": revealed, "by": seat}
        state["phase"] = "request"
        shown = sum(len(v) for v in revealed.values())
        state["log"].append(
            f"{who(seat)} plays Animal Request for {TERRAINS[terrain]} animals; {counted(shown, 'card')} {'is' if shown == 1 else 'are'} shown to them."
        )
        return state

    def move_request_swap(self, state, seat, move, rng):
        self._phase(state, "request")
        p = state["pending"]
        take, give = get_str(move, "take"), get_str(move, "give")
        owner = next((int(s) for s, ids in p["revealed"].items() if take in ids), None)
        if owner is None:
            raise IllegalMove("You can only take one of the animals shown to you.")
        hand = state["hands"][seat]
        if give not in hand["animals"]:
            raise IllegalMove("Give one of your own animal cards in exchange.")
        hand["animals"].remove(give)
        hand["animals"].append(take)
        state["hands"][owner]["animals"].remove(take)
        state["hands"][owner]["animals"].append(give)
        self._close_card(state, seat, p["card"])
        state["log"].append(f"{who(seat)} swaps an animal card with {who(owner)}.")
        state["pending"], state["phase"] = None, "turn"
        return state

    def move_request_decline(self, state, seat, move, rng):
        self._phase(state, "request")
        keep = get_bool(move, "keep")
        self._decline(state, seat, keep, "Animal Request")
        return state

    def move_on_tap(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, ON_TAP)
        if state["turn"]["on_tap"]:
            raise IllegalMove("Animals on Tap is already running this turn.")
        self._spend(state, seat, card)
        state["turn"]["on_tap"] = True
        self._draw_animals(state, seat, HAND_ANIMALS - len(state["hands"][seat]["animals"]))
        state["log"].append(f"{who(seat)} plays Animals on Tap and refills their animal cards.")
        return state

    def move_barter(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, BARTER)
        tiles = _subset(move, "tiles", state["hands"][seat]["tiles"], "tile", 2)
        terrain = get_str(move, "terrain", TERRAIN_LETTERS)
        self._spend(state, seat, card, keep_for_later=True)
        asked = [s for s in range(state["players"]) if s != seat and state["hands"][s]["tiles"]]
        state["pending"] = {
            "card": card,
            "by": seat,
            "tiles": tiles,
            "terrain": terrain,
            "asked": asked,
            "offers": {},
            "traded": [],
            "given": [],
        }
        state["phase"] = "barter_offer" if asked else "barter_choose"
        state["log"].append(
            f"{who(seat)} plays Land Barter, shows {counted(len(tiles), 'tile')} and asks for {TERRAINS[terrain]}."
        )
        return state

    def move_barter_offer(self, state, seat, move, rng):
        self._phase(state, "barter_offer")
        p = state["pending"]
        if seat not in p["asked"] or str(seat) in p["offers"]:
            raise IllegalMove("You have already answered this barter.")
        tiles = _form_list(move, "tiles", 2)
        hand = state["hands"][seat]["tiles"]
        if len(set(tiles)) != len(tiles) or any(t not in hand for t in tiles):
            raise IllegalMove("Offer up to two tiles from your own hand (or none).")
        p["offers"][str(seat)] = list(tiles)
        state["log"].append(
            f"{who(seat)} offers {counted(len(tiles), 'tile')}."
            if tiles
            else f"{who(seat)} makes no offer."
        )
        if len(p["offers"]) == len(p["asked"]):
            for s in [s for s, o in p["offers"].items() if not o]:
                del p["offers"][s]
            state["phase"] = "barter_choose"
        return state

    def move_barter_accept(self, state, seat, move, rng):
        self._phase(state, "barter_choose")
        p = state["pending"]
        other = get_int(move, "seat", 0, state["players"] - 1)
        give, take = get_list(move, "give", str, 2), get_list(move, "take", str, 2)
        offer = p["offers"].get(str(other))
        if not offer or other in p["traded"]:
            raise IllegalMove("That player has no open offer for you.")
        mine = [t for t in p["tiles"] if t not in p["given"]]
        if (
            len(give) != len(take)
            or not give
            or len(set(give)) != len(give)
            or len(set(take)) != len(take)
        ):
            raise IllegalMove("Trade one tile for one, or two for two.")
        if any(g not in mine for g in give) or any(t not in offer for t in take):
            raise IllegalMove("Trade only the tiles that were shown and offered.")
        if len(give) == 2 and p["traded"]:
            raise IllegalMove("A two-for-two trade must be the only trade.")
        hand, theirs = state["hands"][seat]["tiles"], state["hands"][other]["tiles"]
        for g, t in zip(give, take, strict=True):
            hand.remove(g)
            theirs.remove(t)
            hand.append(t)
            theirs.append(g)
        p["given"] += give
        p["traded"].append(other)
        state["log"].append(f"{who(seat)} trades {counted(len(give), 'tile')} with {who(other)}.")
        more = (
            len(give) == 1
            and len(p["traded"]) == 1
            and len(mine) == 2
            and any(int(s) not in p["traded"] for s in p["offers"])
        )
        if not more:
            self._close_card(state, seat, p["card"])
            state["pending"], state["phase"] = None, "turn"
        return state

    def move_barter_done(self, state, seat, move, rng):
        self._phase(state, "barter_choose")
        p = state["pending"]
        if not p["traded"]:
            raise IllegalMove("Accept an offer or decline the barter.")
        self._close_card(state, seat, p["card"])
        state["pending"], state["phase"] = None, "turn"
        return state

    def move_barter_decline(self, state, seat, move, rng):
        self._phase(state, "barter_choose")
        if state["pending"]["traded"]:
            raise IllegalMove("You have traded already; finish the barter.")
        self._decline(state, seat, get_bool(move, "keep"), "Land Barter")
        return state

    def move_land_lover(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, LOVER)
        if state["turn"]["lover"] or not state["hands"][seat]["tiles"]:
            raise IllegalMove("Land Lover needs tiles in your hand (and is played once a turn).")
        self._spend(state, seat, card)
        state["turn"]["lover"] = True
        state["log"].append(f"{who(seat)} plays Land Lover and must place every tile they hold.")
        return state

    def move_land_thief(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, THIEF)
        victim = get_int(move, "seat", 0, state["players"] - 1)
        if victim == seat or not state["hands"][victim]["tiles"]:
            raise IllegalMove("Steal from another player who holds tiles.")
        self._spend(state, seat, card)
        tiles = state["hands"][victim]["tiles"]
        stolen = tiles.pop(rng.randrange(len(tiles)))
        state["hands"][seat]["tiles"].append(stolen)
        state["log"].append(f"{who(seat)} plays Land Thief and takes a tile from {who(victim)}.")
        return state

    def move_relocate(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, RELOCATION)
        animal, x, y = get_str(move, "animal"), get_int(move, "x"), get_int(move, "y")
        housed = next((h for h in state["housed"] if h["animal"] == animal), None)
        if housed is None:
            raise IllegalMove("Relocate an animal that is housed on the map.")
        board = self._board(state)
        if housed["owner"] != seat and _locked(board, housed):
            raise IllegalMove("A padlock protects that animal: only its owner may relocate it.")
        if board.enc_of.get((x, y)) == board.enc_of[(housed["x"], housed["y"])]:
            raise IllegalMove("Move the animal to a different enclosure.")
        was_locked = _locked(board, housed)
        board.enclosures[board.enc_of[(housed["x"], housed["y"])]].animals.remove(housed)
        self._check_home(board, animal, x, y)
        self._spend(state, seat, card)
        housed.update(x=x, y=y, lock=was_locked)
        _touch(state, seat, animals=[animal])
        whose = "their" if housed["owner"] == seat else f"{who(housed['owner'])}'s"
        state["log"].append(
            f"{who(seat)} plays Relocation and moves {whose} {species(animal)} to"
            f" {_enclosure_words(self._board(state), x, y)}."
        )
        return state

    def move_recycle(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, RECYCLING)
        kind = get_str(move, "take")
        if kind not in _kinds(state["wilds"]["discard"]):
            raise IllegalMove("That wild card is not in the discard pile.")
        taken = _take_kind(state["wilds"]["discard"], kind)
        self._spend(state, seat, card)
        state["hands"][seat]["wilds"].append(taken)
        state["log"].append(f"{who(seat)} plays Recycling and takes {kind} from the discard pile.")
        return state

    def move_remodel(self, state, seat, move, rng):
        self._turn_only(state, seat)
        card = self._card(state, seat, move, REMODELING)
        tid = get_str(move, "tile")
        self._lift(state, tid)
        self._spend(state, seat, card)
        state["log"].append(f"{who(seat)} plays Remodeling and lifts tile {tile_number(tid)}.")
        return state

    def move_threat_remodel(self, state, seat, move, rng):
        self._phase(state, "threat_remodel")
        tid = get_str(move, "tile")
        self._lift(state, tid)
        state["pending"]["threat"] = True
        state["log"].append(f"{who(seat)} lifts tile {tile_number(tid)} to remodel.")
        return state

    def move_remodel_place(self, state, seat, move, rng):
        self._phase(state, "remodel")
        x, y = get_int(move, "x"), get_int(move, "y")
        rot = get_int(move, "rotation", 0, 3)
        p = state["pending"]
        board = self._board(state)
        original = [x, y, rot] == p["from"]
        reason, groups = board.check(p["tile"], rot, x, y, colour=not original)
        if reason:
            raise IllegalMove(reason)
        if not board.animals_fit(groups):
            raise IllegalMove("Every housed animal must keep enough land.")
        state["map"][key(x, y)] = [p["tile"], rot]
        _touch(state, seat, tiles=[p["tile"]])
        where = (
            "back where it was"
            if original
            else f"down again: {_placement_words(board, p['tile'], x, y, groups)}"
        )
        state["log"].append(f"{who(seat)} puts tile {tile_number(p['tile'])} {where}.")
        threat = p.get("threat")
        state["pending"], state["phase"] = None, "turn"
        if threat:
            self._finish_coop_turn(state, seat, rng)
        return state

    def move_threat_escape(self, state, seat, move, rng):
        self._phase(state, "threat_escape")
        animal = get_str(move, "animal")
        board = self._board(state)
        housed = next((h for h in _escapable(state, board, 1) if h["animal"] == animal), None)
        if housed is None:
            raise IllegalMove("Choose an unlocked housed animal.")
        state["housed"].remove(housed)
        state["loose"].append({"animal": animal, "owner": seat})
        _touch(state, seat, animals=[animal])
        state["coop"]["must"].append(animal)
        state["log"].append(
            f"The {species(animal)} escapes to {who(seat)}, who must re-house it next turn."
        )
        self._finish_coop_turn(state, seat, rng)
        return state

    # ---- helpers for moves --------------------------------------------------------------
    def _phase(self, state, phase):
        if state["phase"] != phase:
            raise IllegalMove("That move does not fit this moment of the game.")

    def _turn_only(self, state, seat):
        self._phase(state, "turn")
        if seat != state["active"]:
            raise IllegalMove("It is not your turn.")

    def _card(self, state, seat, move, kind):
        card = get_str(move, "card")
        if card not in state["hands"][seat]["wilds"]:
            raise IllegalMove("That wild card is not in your hand.")
        if kind is not None and WILD[card] != kind:
            raise IllegalMove(f"That card is not {kind}.")
        if card in state["turn"]["tried"]:
            raise IllegalMove("You kept that card to try again on a later turn.")
        return card

    def _spend(self, state, seat, card, keep_for_later=False):
        """Take a played card out of the hand; unless it may be kept, it is used up now."""
        state["hands"][seat]["wilds"].remove(card)
        state["turn"]["acted"] = True
        if not keep_for_later:
            self._close_card(state, seat, card)

    def _close_card(self, state, seat, card):
        state["turn"]["used_types"].append(WILD[card])
        if state["variant"] == "tame":
            state["display"].append(card)
            state["display"].sort()
        else:
            state["wilds"]["discard"].append(card)

    def _decline(self, state, seat, keep, name):
        card = state["pending"]["card"]
        if keep:
            state["hands"][seat]["wilds"].append(card)
            state["turn"]["tried"].append(card)
            state["log"].append(f"{who(seat)} keeps {name} for a later turn.")
        else:
            self._close_card(state, seat, card)
            state["log"].append(f"{who(seat)} discards {name}.")
        state["pending"], state["phase"] = None, "turn"

    def _open_pass(self, state, then, rng=None):
        """Start an Animal Exchange; ``then`` says what follows the pass.

        "turn": the basic game's turn goes on. "next": a co-op threat after the active player
        refilled (they had housed every animal they held). "refill": a co-op threat while the
        active player still holds a card; they pass it first and replenish afterwards.
        """
        holders = [s for s in range(state["players"]) if state["hands"][s]["animals"]]
        if len(holders) < 2:
            state["log"].append("Fewer than two players hold animal cards: nothing is passed.")
            self._after_pass(state, then, rng)
            return state
        state["pending"] = {"holders": holders, "picks": {}, "then": then}
        state["phase"] = "pass"
        return state

    def _after_pass(self, state, then, rng):
        state["pending"] = None
        if then == "turn":
            state["phase"] = "turn"
            return
        if then == "refill":
            self._coop_refill(state, state["active"], rng)
        self._next_coop_turn(state)

    def _lift(self, state, tid):
        board = self._board(state)
        if tid not in _liftable(state, board):
            raise IllegalMove(
                "Lift a placed tile (not the Starter) with no animal on it, keeping the map joined."
            )
        text = next(k for k, v in state["map"].items() if v[0] == tid)
        x, y = parse_key(text)
        rot = state["map"].pop(text)[1]
        state["pending"] = {"tile": tid, "from": [x, y, rot]}
        state["phase"] = "remodel"

    def _check_home(self, board, animal, x, y):
        enc = board.enclosure_at(x, y)
        name, terrain, blocks = ANIMAL[animal]
        if enc is None or enc.terrain != terrain:
            raise IllegalMove(f"The {name} needs {TERRAINS[terrain]}.")
        if enc.size < blocks:
            raise IllegalMove(f"The {name} needs {blocks} blocks; that enclosure has {enc.size}.")
        if enc.species - {name}:
            raise IllegalMove("Different species cannot share an enclosure.")

    def _draw_animals(self, state, seat, count):
        for _ in range(max(0, count)):
            if not state["animals"]:
                break
            state["hands"][seat]["animals"].append(state["animals"].pop())

    def _draw_tiles(self, state, seat, size):
        hand = state["hands"][seat]["tiles"]
        while len(hand) < size and state["tiles"]:
            hand.append(state["tiles"].pop())

    def _replenish(self, state, seat, count, wild, rng):
        hand, turn = state["hands"][seat], state["turn"]
        no_tiles = not state["tiles"]
        if wild is not None:
            hand["wilds"].append(_take_kind(state["display"], wild))
        self._draw_tiles(state, seat, HAND_TILES)
        want = HAND_ANIMALS - len(hand["animals"])
        self._draw_animals(state, seat, count if (no_tiles and count is not None) else want)
        if state["variant"] == "basic" and turn["housed_hand"] and len(hand["wilds"]) < 3:
            hand["wilds"] += draw(state["wilds"], 1, rng)
        state["log"].append(f"{who(seat)} replenishes and ends their turn.")
        n = state["players"]
        if no_tiles and not turn["placed"] and not turn["housed_any"]:
            state["idle"] += 1
        else:
            state["idle"] = 0
        if state["final_left"] is not None:
            state["final_left"] -= 1
            if state["final_left"] <= 0:
                return self._end_game(state, "Every player has had their final turn.")
        else:
            short = [s for s in range(n) if len(state["hands"][s]["tiles"]) < 3]
            if short:
                state["final_left"] = n
                names = and_list(who(s) for s in short)
                holds = "holds" if len(short) == 1 else "hold"
                state["log"].append(
                    f"{names} {holds} fewer than three tiles: everyone takes one final turn."
                )
        if state["idle"] >= n and state["final_left"] is None:
            return self._end_game(
                state, "The tiles are gone and a full round passed with no progress."
            )
        self._start_turn(state, (seat + 1) % n)

    def _start_turn(self, state, seat):
        state["turns"] = state.get("turns", 0) + 1
        state["active"] = seat
        state["turn"] = new_turn()
        state["phase"] = "turn"

    def _end_game(self, state, why):
        state["phase"] = "over"
        state["over"] = True
        state["pending"] = None
        state["log"].append(f"Game over. {why}")

    # ---- cooperative --------------------------------------------------------------------
    def _coop_refill(self, state, seat, rng):
        hand = state["hands"][seat]
        self._draw_tiles(state, seat, state["hand_tiles"])
        mine_loose = sum(
            1 for x in state["loose"] if x["owner"] == seat and x["animal"] in state["coop"]["must"]
        )
        self._draw_animals(state, seat, HAND_ANIMALS - len(hand["animals"]) - mine_loose)

    def _finish_coop_turn(self, state, seat, rng):
        self._coop_refill(state, seat, rng)
        self._next_coop_turn(state)

    def _next_coop_turn(self, state):
        state["log"].append(f"{who(state['active'])} ends their turn.")
        if self._check_coop_win(state):
            return
        self._start_turn(state, (state["active"] + 1) % state["players"])

    def _coop_lose(self, state, why):
        state["coop"]["lost"] = why
        self._end_game(state, f"The team loses: {why}")
        return state

    def _check_coop_win(self, state):
        if state["coop"] is None or len(state["housed"]) < len(ALL_ANIMALS):
            return False
        self._end_game(state, "All 32 animals are housed: the team wins!")
        return True

    # ---- views --------------------------------------------------------------------------
    def view(self, state, seat):
        board = self._board(state)
        coop = state["variant"] == "coop"
        hidden = self.secrets(state, seat)
        hands = []
        for s, h in enumerate(state["hands"]):
            open_hand = coop or s == seat
            open_wilds = open_hand or state["variant"] == "tame"
            hands.append(
                {
                    "seat": s,
                    "tiles": [_tile_view(t) for t in h["tiles"]] if open_hand else None,
                    "animals": [_animal_view(a) for a in h["animals"]] if open_hand else None,
                    "wilds": [{"id": w, "kind": WILD[w]} for w in h["wilds"]]
                    if open_wilds
                    else None,
                    "tile_count": len(h["tiles"]),
                    "animal_count": len(h["animals"]),
                    "wild_count": len(h["wilds"]),
                    "housed": [
                        _animal_view(x["animal"]) for x in state["housed"] if x["owner"] == s
                    ],
                    "loose": [_animal_view(x["animal"]) for x in state["loose"] if x["owner"] == s],
                    "points": _score(state, s)[1],
                }
            )
            if s == seat:
                hands[-1]["hand_value"] = _score(state, s)[2]
                hands[-1]["tile_index"] = {t: i for i, t in enumerate(h["tiles"])}
        pending = None
        if state["pending"] is not None:
            pending = _public_pending(state, hidden)
        return {
            "variant": state["variant"],
            "phase": state["phase"],
            "active": state["active"],
            "you": seat,
            "players": state["players"],
            "to_act": sorted(self.to_act(state)),
            "map": _map_view(state, board),
            "hands": hands,
            "me": hands[seat] if seat is not None else None,
            "piles": {
                "tiles": len(state["tiles"]),
                "animals": len(state["animals"]),
                "wilds": len(state["wilds"]["draw"]),
            },
            "wild_discard": [{"id": w, "kind": WILD[w]} for w in state["wilds"]["discard"]],
            "display": [
                {"kind": k, "count": sum(1 for w in state["display"] if WILD[w] == k)}
                for k in _kinds(state["display"])
            ],
            "turn": {k: v for k, v in state["turn"].items() if k != "tried"},
            "pending": pending,
            "final_left": state["final_left"],
            "coop": dict(state["coop"], won=state["over"] and state["coop"]["lost"] is None)
            if state["coop"]
            else None,
            "labels": _labels(state, seat),
            "unhoused": _unhoused(state),
            "last": _last_view(state),
            "log": state["log"][-40:],
        }

    def secrets(self, state, seat):
        hidden = (
            set(state["tiles"])
            | set(state["animals"])
            | set(state["wilds"]["draw"])
            | set(state["removed"])
        )
        if state["variant"] != "coop":
            for s, h in enumerate(state["hands"]):
                if s != seat:
                    hidden |= set(h["tiles"]) | set(h["animals"])
                    if state["variant"] != "tame":
                        hidden |= set(h["wilds"])
        p = state["pending"]
        if p and state["phase"] in ("barter_offer", "barter_choose"):
            hidden -= set(p["tiles"])
            for offer in p["offers"].values():
                hidden -= set(offer)
        if p and state["phase"] == "request" and seat == p["by"]:
            for ids in p["revealed"].values():
                hidden -= set(ids)
        return hidden

    # ---- end ---------------------------------------------------------------------------
    def result(self, state):
        if not state["over"]:
            return None
        n = state["players"]
        if state["variant"] == "coop":
            won = state["coop"]["lost"] is None and len(state["housed"]) == len(ALL_ANIMALS)
            housed = len(state["housed"])
            return Result(
                scores=[housed] * n,
                ranks=[1] * n,
                won=[won] * n,
                tiebreak="Cooperative: the whole team wins or loses together; the score is animals housed.",
                breakdown=[{"animals housed": housed}] * n,
                details={"lost": state["coop"]["lost"]},
            )
        scores, keys, breakdown = [], [], []
        for s in range(n):
            total, housed, penalty, unique = _score(state, s)
            scores.append(total)
            keys.append((total, unique))
            breakdown.append({"housed animals": housed, "animals left in hand": -penalty})
        return Result(
            scores=scores,
            ranks=ranks_by(keys),
            breakdown=breakdown,
            tiebreak="Equal points are split by the number of different species housed.",
            details={"unique_species": [k[1] for k in keys]},
        )

    def progress(self, state):
        return min(1.0, len(state["map"]) / 50)


# ---- module helpers --------------------------------------------------------------------


def _touch(state, seat, tiles=(), animals=()):
    """Remember what this turn changed on the map, for the board's last-move marks."""
    last = state.get("last")
    if not last or last["turn"] != state.get("turns", 0):
        last = state["last"] = {
            "turn": state.get("turns", 0),
            "seat": seat,
            "tiles": [],
            "animals": [],
        }
    last["tiles"] += list(tiles)
    last["animals"] += list(animals)


# where a neighbour lies (dx, dy) -> where the new tile lies from it
BESIDE = {(0, -1): "below", (1, 0): "left of", (0, 1): "above", (-1, 0): "right of"}


def _placement_words(board, tid, x, y, groups):
    """ "tile 07 (desert and rainforest) right of tile 03, making 14 blocks of desert"."""
    near = next((x + dx, y + dy) for dx, dy, _m, _t in SIDES if (x + dx, y + dy) in board.tile_at)
    neighbour = board.tile_at[near]
    name = "the Starter" if neighbour == STARTER else f"tile {tile_number(neighbour)}"
    terrain, size, _encs = max(groups, key=lambda g: (g[1], g[0]))
    return (
        f"tile {tile_number(tid)} ({_terrain_words(FACES[(tid, 0)].cells)}) "
        f"{BESIDE[(near[0] - x, near[1] - y)]} {name}, making {size} blocks of {TERRAINS[terrain]}"
    )


def _enclosure_words(board, x, y):
    enc = board.enclosure_at(x, y)
    tile = tile_number(board.tile_at[(x // 3, y // 3)])
    return f"the {enc.size}-block {TERRAINS[enc.terrain]} at tile {tile}"


def _tile_ids():
    from .catalog import TILES

    return [t[0] for t in TILES]


def to_bottom_list(pile, cards):
    to_bottom({"draw": pile}, cards)


def _kinds(cards):
    return sorted({WILD[c] for c in cards})


def _take_kind(cards, kind):
    card = next((c for c in sorted(cards) if WILD[c] == kind), None)
    if card is None:
        raise IllegalMove(f"There is no {kind} card to take.")
    cards.remove(card)
    return card


def _form_list(move, name, max_len=None):
    """A list field; a form sends one ticked box as a plain string and blanks for empty picks."""
    value = move.get(name)
    if isinstance(value, str):
        move = {name: [value]}
    items = get_list(move, name, str)
    items = [i for i in items if i]
    if max_len is not None and len(items) > max_len:
        raise IllegalMove(f"Choose at most {max_len}.")
    return items


def _subset(move, name, hand, noun, max_len=None):
    items = _form_list(move, name, max_len)
    if not items or len(set(items)) != len(items) or any(i not in hand for i in items):
        raise IllegalMove(f"Choose one or more different {noun}s from your hand.")
    return list(items)


def _placement_fields(move):
    tid = get_str(move, "tile")
    x, y = get_int(move, "x", -60, 60), get_int(move, "y", -60, 60)
    rot = get_int(move, "rotation", 0, 3)
    return tid, x, y, rot


def _placements(board, tiles, first=False):
    """Every legal place_tile move for these tiles (or just whether one exists)."""
    moves = []
    spots = board.frontier()
    for tid in tiles:
        for x, y in spots:
            for rot in range(4):
                if board.check(tid, rot, x, y)[0] is None:
                    if first:
                        return [True]
                    moves.append(
                        {"type": "place_tile", "tile": tid, "x": x, "y": y, "rotation": rot}
                    )
    return moves


def _homes(board, animal):
    """One block (the anchor) of every enclosure that could take this animal now."""
    name, terrain, blocks = ANIMAL[animal]
    return [
        e.anchor()
        for e in board.enclosures
        if e.terrain == terrain and e.size >= blocks and not (e.species - {name})
    ]


def _locked(board, housed):
    return housed.get("lock") or board.enclosures[board.enc_of[(housed["x"], housed["y"])]].locked


def _pair_protected(board, housed):
    enc = board.enclosures[board.enc_of[(housed["x"], housed["y"])]]
    return sum(1 for h in enc.animals if species(h["animal"]) == species(housed["animal"])) > 1


def _escapable(state, board, cards):
    return [
        h
        for h in state["housed"]
        if not _locked(board, h) and (cards >= 2 or not _pair_protected(board, h))
    ]


def _liftable(state, board):
    marked = board.marker_tiles()
    return sorted(
        tid
        for pos, tid in board.tile_at.items()
        if tid != STARTER and pos not in marked and board.connected_without(pos)
    )


def _score(state, seat):
    housed = [h["animal"] for h in state["housed"] if h["owner"] == seat]
    points = sum(ANIMAL[a][2] for a in housed)
    penalty = sum(ANIMAL[a][2] for a in state["hands"][seat]["animals"])
    return points - penalty, points, penalty, len({species(a) for a in housed})


def _tile_view(tid):
    rotations = []
    for rot in range(4):
        face = FACES[(tid, rot)]
        rotations.append({"rotation": rot, "cells": _cells(face.cells, face.lock, 0, 0)})
    return {
        "id": tid,
        "number": tile_number(tid),
        "terrains": _terrain_words(FACES[(tid, 0)].cells),
        "rotations": rotations,
    }


def tile_number(tid):
    """The number printed on a tile (its id's last part), shown on the map and in buttons."""
    return tid.rsplit("-", 1)[1]


def _terrain_words(cells):
    return and_list(TERRAINS[t] for t in TERRAIN_LETTERS if t in cells)


def _cells(cells, lock, ox, oy):
    return [
        {"x": ox + i % 3, "y": oy + i // 3, "t": c, "lock": i == lock} for i, c in enumerate(cells)
    ]


def _animal_view(animal):
    name, terrain, blocks = ANIMAL[animal]
    return {
        "id": animal,
        "species": name,
        "terrain": terrain,
        "terrain_name": TERRAINS[terrain],
        "blocks": blocks,
        "points": blocks,
        "marker": MARKERS[name],
    }


def _map_view(state, board):
    """The public map: tiles, blocks, enclosures and markers, plus the last turn's marks.

    Enclosures big enough for any animal (five blocks or more) get a number ``n``, largest
    first; blocks, markers and move buttons carry it so the board can light an enclosure up.
    """
    last = state.get("last") or {}
    order = sorted(board.enclosures, key=lambda e: (-e.size, e.anchor()[1], e.anchor()[0]))
    number = {e.index: n for n, e in enumerate(x for x in order if x.size >= MIN_HOME)}
    tiles, blocks = [], []
    for text, (tid, rot) in sorted(state["map"].items()):
        x, y = parse_key(text)
        face = FACES[(tid, rot)]
        tiles.append(
            {
                "tile": tid,
                "number": tile_number(tid),
                "x": x,
                "y": y,
                "rotation": rot,
                "starter": tid == STARTER,
                "bx": 3 * x,
                "by": 3 * y,
                "last": tid in last.get("tiles", ()),
            }
        )
        for cell in _cells(face.cells, face.lock, 3 * x, 3 * y):
            cell["n"] = number.get(board.enc_of.get((cell["x"], cell["y"])))
            blocks.append(cell)
    enclosures = []
    for e in order:
        ax, ay = e.anchor()
        enclosures.append(
            {
                "key": key(ax, ay),
                "n": number.get(e.index),
                "terrain": e.terrain,
                "terrain_name": TERRAINS[e.terrain],
                "size": e.size,
                "x": ax,
                "y": ay,
                "tile": tile_number(board.tile_at[(ax // 3, ay // 3)]),
                "locked": e.locked,
                "animals": [_animal_view(h["animal"]) | {"owner": h["owner"]} for h in e.animals],
            }
        )
    markers = []
    for e in order:
        # the size label sits on the enclosure's first block, its markers on the blocks after it
        spots = sorted(e.blocks, key=lambda b: (b[1], b[0]))
        for i, h in enumerate(e.animals):
            x, y = spots[min(i + 1, len(spots) - 1)]
            markers.append(
                _animal_view(h["animal"])
                | {
                    "owner": h["owner"],
                    "x": x,
                    "y": y,
                    "n": number.get(e.index),
                    "locked": bool(_locked(board, h)),
                    "last": h["animal"] in last.get("animals", ()),
                }
            )
    spots = board.frontier() + list(board.faces)
    xs = [p[0] for p in spots] or [0]
    ys = [p[1] for p in spots] or [0]
    lo_x, lo_y = min(xs), min(ys)
    return {
        "tiles": tiles,
        "blocks": blocks,
        "anchors": {e["key"]: e for e in enclosures},
        "enclosures": enclosures,
        "markers": markers,
        "marker_of": {m["id"]: m for m in markers},
        "lifted": state["pending"]["tile"] if state["phase"] == "remodel" else None,
        "box": {
            "x": 3 * lo_x,
            "y": 3 * lo_y,
            "w": 3 * (max(xs) - lo_x + 1),
            "h": 3 * (max(ys) - lo_y + 1),
        },
    }


def _unhoused(state):
    """The animals whose markers are not on the map yet (public: all 32 minus the housed)."""
    on_map = {h["animal"] for h in state["housed"]}
    waiting = {}
    for animal in ALL_ANIMALS:
        if animal not in on_map:
            name, terrain, blocks = ANIMAL[animal]
            waiting.setdefault(terrain, []).append(
                {"species": name, "blocks": blocks, "marker": MARKERS[name]}
            )
    return [
        {"terrain": t, "terrain_name": TERRAINS[t], "animals": sorted(waiting[t], key=_by_size)}
        for t in TERRAIN_LETTERS
        if t in waiting
    ]


def _by_size(animal):
    return (animal["blocks"], animal["species"])


def _last_view(state):
    """What the most recent turn that changed the map touched: its tiles, animals and player."""
    last = state.get("last")
    if not last:
        return None
    return {"seat": last["seat"], "tiles": list(last["tiles"]), "animals": list(last["animals"])}


def _labels(state, seat):
    """Readable names for the animals this seat may see (templates look moves' ids up here).

    Built from the places the seat sees, never as "all but the hidden", so that where hidden
    cards lie cannot change which names appear.
    """
    seen = {h["animal"] for h in state["housed"]} | {x["animal"] for x in state["loose"]}
    for s, hand in enumerate(state["hands"]):
        if s == seat or state["variant"] == "coop":
            seen |= set(hand["animals"])
    p = state["pending"]
    if p and state["phase"] == "request" and seat == p["by"]:
        for ids in p["revealed"].values():
            seen |= set(ids)
    labels = {}
    for animal in sorted(seen):
        name, terrain, blocks = ANIMAL[animal]
        labels[animal] = f"{name} ({blocks} {TERRAINS[terrain]})"
    return labels


def _public_pending(state, hidden):
    p = state["pending"]
    phase = state["phase"]
    if phase == "keep":
        return {"chosen": sorted(int(s) for s in p["returns"])}
    if phase == "tame_pick":
        return {"order": list(p["order"])}
    if phase == "pass":
        return {"holders": list(p["holders"]), "chosen": sorted(int(s) for s in p["picks"])}
    if phase == "request":
        return {
            "by": p["by"],
            "terrain": p["terrain"],
            "terrain_name": TERRAINS[p["terrain"]],
            "shown": [
                {
                    "seat": int(s),
                    "cards": None if set(ids) & hidden else [_animal_view(a) for a in ids],
                    "count": len(ids),
                }
                for s, ids in sorted(p["revealed"].items())
            ],
        }
    if phase in ("barter_offer", "barter_choose"):
        return {
            "by": p["by"],
            "terrain": p["terrain"],
            "terrain_name": TERRAINS[p["terrain"]],
            "tiles": [_tile_view(t) for t in p["tiles"]],
            "offers": [
                {"seat": int(s), "tiles": [_tile_view(t) for t in o]}
                for s, o in sorted(p["offers"].items())
            ],
            "answered": sorted(int(s) for s in p["offers"]),
            "traded": list(p["traded"]),
        }
    if phase in ("remodel",):
        return {"tile": _tile_view(p["tile"]), "from": list(p["from"])}
    return None
