"""Imagining the hidden part of a Komodo game from one seat's view (for bots that search).

Everything on the map, every housed or loose animal, the discard pile, the Tame display and,
in the co-operative game, every hand is public. What a seat cannot see is the other players'
tiles, animal cards and (outside Tame) wild cards, the order of the three draw piles and the
tiles Land Theft took out of the game. A sample deals exactly those unseen components, each
once, into places of the sizes the view shows, keeping what the view pins down: tiles shown
or offered in a barter stay with whoever holds them, and during an Animal Request every asked
player holds exactly as many animals of the named terrain as they showed.
"""

from __future__ import annotations

from collections import Counter

from ..catalog import COOP_REMOVED, TAME_REMOVED, WILDS
from ..terrain import ANIMAL, key
from .common import ALL_ANIMALS, _tile_ids


class Sampling:
    """``determinize``: a full state that gives the seat back its own view."""

    def material(self, state):
        """Every tile, animal card and wild card, counted where it really lies (a secret pick,
        a barter offer or a request names a card that is still in a hand, so those are left
        out, and so is the log, of which a view shows only the end)."""
        return Counter(_component_places(state))

    def determinize(self, view, seat, rng):
        n, variant = view["players"], view["variant"]
        removed_kinds = {"coop": COOP_REMOVED, "tame": TAME_REMOVED}.get(variant, ())
        pending = _pending_state(view, seat, rng)
        hands = [{"tiles": [], "animals": [], "wilds": []} for _ in range(n)]
        for s, shown in enumerate(view["hands"]):
            if shown["tiles"] is not None:
                hands[s]["tiles"] = [t["id"] for t in shown["tiles"]]
                hands[s]["animals"] = [a["id"] for a in shown["animals"]]
            if shown["wilds"] is not None:
                hands[s]["wilds"] = [w["id"] for w in shown["wilds"]]
        for s, tiles in _pinned_tiles(view).items():
            if view["hands"][s]["tiles"] is None:
                hands[s]["tiles"] = list(tiles)
        for s, animals in _shown_animals(view).items():
            if view["hands"][s]["animals"] is None:
                hands[s]["animals"] = list(animals)
        lifted = view["pending"]["tile"]["id"] if view["phase"] == "remodel" else None
        housed = [
            {"animal": m["id"], "owner": m["owner"], "x": m["x"], "y": m["y"], "lock": m["locked"]}
            for m in view["map"]["markers"]
        ]
        discard = [w["id"] for w in view["wild_discard"]]

        seen_tiles = {t["tile"] for t in view["map"]["tiles"]} | {lifted}
        seen_tiles |= {t for h in hands for t in h["tiles"]}
        tile_pool = [t for t in _tile_ids() if t not in seen_tiles]
        seen_animals = {h["animal"] for h in housed} | {x["animal"] for x in view["loose"]}
        seen_animals |= {a for h in hands for a in h["animals"]}
        animal_pool = [a for a in ALL_ANIMALS if a not in seen_animals]
        seen_wilds = set(discard) | {w for h in hands for w in h["wilds"]}
        seen_wilds |= {pending.get("card")} if pending else set()
        wild_pool = [w for w, kind in WILDS if kind not in removed_kinds and w not in seen_wilds]
        for pool in (tile_pool, animal_pool, wild_pool):
            rng.shuffle(pool)

        terrain_counts = _request_counts(view, seat)
        for s, shown in enumerate(view["hands"]):
            if shown["tiles"] is not None:
                continue
            hand = hands[s]
            while len(hand["tiles"]) < shown["tile_count"]:
                hand["tiles"].append(tile_pool.pop())
            rng.shuffle(hand["tiles"])
            need = terrain_counts.get(s)
            if hand["animals"]:  # the requester saw these: the rest are of other terrains
                need = (need[0], 0)
            hand["animals"] += _deal_animals(
                animal_pool, shown["animal_count"] - len(hand["animals"]), need
            )
            if shown["wilds"] is None:
                hand["wilds"] = [wild_pool.pop() for _ in range(shown["wild_count"])]
        if pending and view["phase"] in ("keep", "pass"):
            picks = "returns" if view["phase"] == "keep" else "picks"
            for s in view["pending"]["chosen"]:
                pending[picks][str(s)] = rng.choice(hands[s]["animals"])
        if view["phase"] == "request":
            for s_text in list(pending["revealed"]):
                terrain = view["pending"]["terrain"]
                mine = [a for a in hands[int(s_text)]["animals"] if ANIMAL[a][1] == terrain]
                pending["revealed"][s_text] = mine

        tiles = [tile_pool.pop() for _ in range(view["piles"]["tiles"])]
        animals = animal_pool
        wilds = {"draw": [], "discard": discard}
        display = []
        if variant == "tame":
            display = sorted(wild_pool)
        else:
            wilds["draw"] = wild_pool
        turn = dict(view["turn"])
        turn.setdefault("tried", [])
        last = view["last"]
        return {
            "players": n,
            "variant": variant,
            "hand_tiles": view["hand_tiles"],
            "phase": view["phase"],
            "active": view["active"],
            "map": {key(t["x"], t["y"]): [t["tile"], t["rotation"]] for t in view["map"]["tiles"]},
            "tiles": tiles,
            "animals": animals,
            "wilds": wilds,
            "display": display,
            "hands": hands,
            "housed": housed,
            "loose": [dict(x) for x in view["loose"]],
            "removed": tile_pool,
            "turn": turn,
            "pending": pending,
            "final_left": view["final_left"],
            "idle": view["idle"],
            "coop": {"lost": view["coop"]["lost"], "must": list(view["coop"]["must"])}
            if view["coop"]
            else None,
            "turns": 0,
            "last": None if last is None else dict(last, turn=-1),
            "over": view["phase"] == "over",
            "log": list(view["log"]),
        }


def _component_places(state):
    places = list(state["tiles"]) + list(state["removed"]) + [t for t, _r in state["map"].values()]
    places += state["animals"] + [h["animal"] for h in state["housed"]]
    places += [x["animal"] for x in state["loose"]]
    places += state["wilds"]["draw"] + state["wilds"]["discard"] + state["display"]
    for hand in state["hands"]:
        places += hand["tiles"] + hand["animals"] + hand["wilds"]
    pending = state["pending"] or {}
    if state["phase"] == "remodel":
        places.append(pending["tile"])
    if pending.get("card") and pending["card"] not in places:
        places.append(pending["card"])
    return places


def _pinned_tiles(view):
    """Tiles a barter put on show stay in the hand that holds them now."""
    p = view["pending"]
    if view["phase"] not in ("barter_offer", "barter_choose"):
        return {}
    pinned = {}
    for tile, s in sorted(p["held_by"].items()):
        pinned.setdefault(s, []).append(tile)
    return pinned


def _shown_animals(view):
    """The animals an Animal Request showed to this seat (the requester) stay in their hands."""
    if view["phase"] != "request":
        return {}
    return {
        row["seat"]: [a["id"] for a in row["cards"]]
        for row in view["pending"]["shown"]
        if row["cards"]
    }


def _request_counts(view, seat):
    """During an Animal Request: how many animals of the named terrain each asked hand holds."""
    p = view["pending"]
    if view["phase"] != "request":
        return {}
    shown = {row["seat"]: row["count"] for row in p["shown"]}
    return {
        s: (p["terrain"], shown.get(s, 0)) for s in range(view["players"]) if s not in (p["by"],)
    }


def _deal_animals(pool, count, need):
    """``count`` animals from ``pool``; with ``need`` = (terrain, k), exactly k of that terrain."""
    if need is None:
        return [pool.pop() for _ in range(count)]
    terrain, wanted = need
    hand = [a for a in pool if ANIMAL[a][1] == terrain][:wanted]
    hand += [a for a in pool if ANIMAL[a][1] != terrain][: count - wanted]
    for a in hand:
        pool.remove(a)
    return hand


def _pending_state(view, seat, rng):
    """The open interaction as the rules keep it, rebuilt from its public part."""
    p, phase = view["pending"], view["phase"]
    if p is None:
        return None
    if phase == "keep":
        return {"returns": {}}
    if phase == "tame_pick":
        return {"order": list(p["order"])}
    if phase == "pass":
        return {"holders": list(p["holders"]), "picks": {}, "then": p.get("then", "turn")}
    if phase == "request":
        return {
            "card": p["card"],
            "terrain": p["terrain"],
            "by": p["by"],
            "revealed": {str(row["seat"]): [] for row in p["shown"]},
        }
    if phase in ("barter_offer", "barter_choose"):
        return {
            "card": p["card"],
            "by": p["by"],
            "tiles": [t["id"] for t in p["tiles"]],
            "terrain": p["terrain"],
            "asked": list(p["asked"]),
            "offers": {str(o["seat"]): [t["id"] for t in o["tiles"]] for o in p["offers"]},
            "traded": list(p["traded"]),
            "given": list(p["given"]),
        }
    if phase == "remodel":
        pending = {"tile": p["tile"]["id"], "from": list(p["from"])}
        if p["threat"]:
            pending["threat"] = True
        return pending
    return None
