"""The wild cards of the basic game: what each lets you do and how it is spent."""

from __future__ import annotations

from itertools import combinations

from core.engine import IllegalMove
from core.engine.fields import get_bool, get_int, get_list, get_str
from core.text import counted

from ..catalog import TERRAINS
from ..terrain import ANIMAL, ROTATIONS, TILE_NUMBER, key, parse_key
from .common import (
    BARTER,
    ESCAPES,
    EXCHANGE,
    HAND_ANIMALS,
    LOVER,
    ON_TAP,
    RECYCLING,
    RELOCATION,
    REMODELING,
    REQUEST,
    TERRAIN_LETTERS,
    THIEF,
    WILD,
    _form_list,
    _kinds,
    _subset,
    _take_kind,
    _touch,
    species,
    who,
)
from .enclosures import _enclosure_words, _escapable, _homes, _locked, _pair_protected
from .terrain import _liftable, _placement_words, tile_number


class WildCards:
    """One handler per wild card, and the shared steps of playing one."""

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
                        here = board.enc_index(h["x"], h["y"])
                        moves += [
                            {
                                "type": "relocate",
                                "card": card,
                                "animal": h["animal"],
                                "x": x,
                                "y": y,
                            }
                            for x, y in _homes(board, h["animal"])
                            if board.enc_index(x, y) != here
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
        """Where the lifted tile may go down again: any spot and rotation that meets a
        neighbour's colour (the spot's fits tell which), merges no two species and leaves
        every housed animal enough land; and always where it lay."""
        p = state["pending"]
        tid = p["tile"]
        fx, fy, frot = p["from"]
        number = TILE_NUMBER[tid]
        spots = []
        for x, y, fits in board.layout.spots():
            rotations = ROTATIONS[fits[number] | (1 << frot if (x, y) == (fx, fy) else 0)]
            for rot in rotations:
                original = (x, y, rot) == (fx, fy, frot)
                reason, groups = board.check(tid, rot, x, y, colour=not original)
                if reason is None and board.animals_fit(groups):
                    spots.append({"x": x, "y": y, "rotation": rot})
        back = {"x": fx, "y": fy, "rotation": frot}
        if back not in spots:  # it stood alone, off the frontier: back as it was, an island
            spots.append(back)
        return spots

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
        self._not_rescued(state)
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
        _touch(state, animals=[animal])
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
            # Marked like the opening pick: who passed a card and so received one, never which
            # card; a turn may hold two exchanges, and its marks cover both.
            last = state["last"]
            last["passed"] = sorted(set(last.get("passed", ())) | set(holders))
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
        if board.enc_index(x, y) == board.enc_index(housed["x"], housed["y"]):
            raise IllegalMove("Move the animal to a different enclosure.")
        was_locked = _locked(board, housed)
        self._check_home(board, animal, x, y)  # another enclosure: its own animals decide
        self._spend(state, seat, card)
        housed.update(x=x, y=y, lock=was_locked)
        _touch(state, animals=[animal])
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

    def move_remodel_place(self, state, seat, move, rng):
        self._phase(state, "remodel")
        x, y = get_int(move, "x"), get_int(move, "y")
        rot = get_int(move, "rotation", 0, 3)
        p = state["pending"]
        board = self._board(state)
        original = [x, y, rot] == p["from"]
        if not original:  # back where it lay is the map as it was, which was lawful
            reason, groups = board.check(p["tile"], rot, x, y)
            if reason:
                raise IllegalMove(reason)
            if not board.animals_fit(groups):
                raise IllegalMove("Every housed animal must keep enough land.")
        state["map"][key(x, y)] = [p["tile"], rot]
        _touch(state, tiles=[p["tile"]])
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

    def _card(self, state, seat, move, kind):
        card = get_str(move, "card")
        if card not in state["hands"][seat]["wilds"]:
            raise IllegalMove("That wild card is not in your hand.")
        if kind is not None and WILD[card] != kind:
            raise IllegalMove(f"That card is not {kind}.")
        if card in state["turn"]["tried"]:
            raise IllegalMove("You kept that card to try again on a later turn.")
        self._not_rescued(state)
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
            raise IllegalMove("Lift a placed tile (not the Starter) with no animal marker on it.")
        text = next(k for k, v in state["map"].items() if v[0] == tid)
        x, y = parse_key(text)
        rot = state["map"].pop(text)[1]
        state["pending"] = {"tile": tid, "from": [x, y, rot]}
        state["phase"] = "remodel"
