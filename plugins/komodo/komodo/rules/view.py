"""What each seat may see: the view and the secrets it must never show."""

from __future__ import annotations

from ..catalog import MARKERS, STARTER, TERRAINS
from ..terrain import ANIMAL, FACES, key, parse_key
from .common import ALL_ANIMALS, MIN_HOME, TERRAIN_LETTERS, WILD, _kinds
from .enclosures import _locked
from .scoring import _score
from .terrain import _cells, _tile_view, tile_number


class Views:
    """The view of the game for one seat (or a spectator) and its secrets."""

    def view(self, state, seat):
        board = self._board(state)
        coop = state["variant"] == "coop"
        hidden = self.secrets(state, seat)
        hands = []
        for s, h in enumerate(state["hands"]):
            open_hand = coop or s == seat or state["over"]  # hands go on the table to score
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
            "turn": {
                k: v for k, v in state["turn"].items() if k != "tried" or seat == state["active"]
            },
            "loose": [dict(x) for x in state["loose"]],
            "hand_tiles": state["hand_tiles"],
            "idle": state["idle"],
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
        if state["variant"] != "coop" and not state["over"]:
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


# what a move button needs to name an enclosure or a marker (the full entries are listed once)
SHORT_ENCLOSURE = ("n", "size", "terrain_name", "tile")
SHORT_MARKER = ("n", "owner", "species", "marker")


def _map_view(state, board):
    """The public map: tiles, blocks, enclosures and markers, plus the last turn's marks.

    Enclosures big enough for any animal (five blocks or more) get a number ``n``, largest
    first; blocks, markers and move buttons carry it so the board can light an enclosure up.
    """
    last = state.get("last") or {}
    order = sorted(board.enclosures, key=lambda e: (-e.size, e.anchor()[1], e.anchor()[0]))
    number = {e.index: n for n, e in enumerate(x for x in order if x.size >= MIN_HOME)}
    tiles, blocks = [], []
    for text, (tid, rot) in state["map"].items():  # in the order laid (a sample keeps it)
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
    markers, slots = [], {}
    for h in state["housed"]:
        # a marker stands where it was housed; a second one on that block is drawn beside it
        slot = slots[(h["x"], h["y"])] = slots.get((h["x"], h["y"]), -1) + 1
        index = board.enc_of.get((h["x"], h["y"]))
        markers.append(
            _animal_view(h["animal"])
            | {
                "owner": h["owner"],
                "x": h["x"],
                "y": h["y"],
                "shift": f"{0.5 * slot:g} {0.3 * slot:g}",
                "n": number.get(index),
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
        "anchors": {e["key"]: {k: e[k] for k in SHORT_ENCLOSURE} for e in enclosures},
        "enclosures": enclosures,
        "markers": markers,
        "marker_of": {m["id"]: {k: m[k] for k in SHORT_MARKER} for m in markers},
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
    """What the most recent move(s) touched: the current turn's once it has begun, else the
    previous turn's, the opening pick's or the last Tame pick's (see ``new_marks``): the player,
    the tiles and animals on the map, the seats that gave back or passed an animal card (never
    which) and how many cards an exchange turn swapped. A record cached before a part of it
    existed reads that part as empty."""
    last = state.get("last")
    if not last:
        return None
    exchanged = last.get("exchanged", {})
    return {
        "seat": last["seat"],
        "tiles": list(last["tiles"]),
        "animals": list(last["animals"]),
        "returned": list(last.get("returned", ())),
        "passed": list(last.get("passed", ())),
        "exchanged": {"tiles": exchanged.get("tiles", 0), "animals": exchanged.get("animals", 0)},
    }


def _labels(state, seat):
    """Readable names for the animals this seat may see (templates look moves' ids up here).

    Built from the places the seat sees, never as "all but the hidden", so that where hidden
    cards lie cannot change which names appear.
    """
    seen = {h["animal"] for h in state["housed"]} | {x["animal"] for x in state["loose"]}
    for s, hand in enumerate(state["hands"]):
        if s == seat or state["variant"] == "coop" or state["over"]:
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
        shown = {"holders": list(p["holders"]), "chosen": sorted(int(s) for s in p["picks"])}
        if state["variant"] == "coop":  # whether the active player refills after the pass
            shown["then"] = p["then"]
        return shown
    if phase == "request":
        return {
            "by": p["by"],
            "card": p["card"],
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
            "given": list(p["given"]),
            "asked": list(p["asked"]),
            "card": p["card"],
            # trades happen in the open: where each shown or offered tile is now
            "held_by": {
                t: s
                for s, hand in enumerate(state["hands"])
                for t in hand["tiles"]
                if t in p["tiles"] or any(t in o for o in p["offers"].values())
            },
        }
    if phase in ("remodel",):
        return {
            "tile": _tile_view(p["tile"]),
            "from": list(p["from"]),
            "threat": bool(p.get("threat")),
        }
    return None
