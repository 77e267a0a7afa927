"""The Investment stage, as small moves ending with ``done``.

Research claims, Habitat and Smuggling protection, climate markers, Rewilding, selling and
releasing Sanctuary animals, rearranging the Reserve, and the Lodges moves (build, Golden Lodge,
Community Protection, Community Solar, discarding Lodge cards). Seats invest one after another
in hand-marker order, so whatever players compete for is settled in that order.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from core.engine import IllegalMove
from core.engine.fields import get_bool, get_int, get_list, get_str

from .. import catalog as cat
from .. import constants as K
from . import lodges
from .reserve import CELLS, climate_room, empty_cells, place_climate, requirement_gaps
from .scoring import Tally, research_reward, research_tier
from .turn import discard_value, enter_reserve, rewild_kinds, take_rewilding

TRACKS = ("habitat", "smuggling")


def rewild_cost(p: dict) -> int:
    return K.BOTANIST_REWILDING_COST if p.get("expert") == "expert-botanist" else K.REWILDING_COST


def research_options(state: dict, seat: int, tally: Tally) -> list[tuple[str, int]]:
    """Each (research card, tier) the seat may claim now; ``tally`` counts its Reserve."""
    p = state["p"][seat]
    found = []
    for card in state["research"]:
        if card in p["claims"]:
            continue
        met = research_tier(p, card, tally)
        if met:
            found.append((card, met))
        if (
            p.get("expert") == "expert-researcher"
            and not p["round_flags"]["researcher"]
            and 1 <= met < 3
        ):
            found.append((card, met + 1))
    return found


def _movable(state: dict, seat: int) -> Iterator[tuple[int, int]]:
    """Each Reserve space whose animal may be moved now, in reading order."""
    p = state["p"][seat]
    if not lodges.uses_lodges(state, seat) or p["stage"]["moves"] >= K.REARRANGE_PER_STAGE:
        return
    fixed = lodges.fixed_cells(p)
    for cell, card in zip(CELLS, chain.from_iterable(p["grid"]), strict=True):
        if card is not None and cell not in fixed:
            yield cell


def movable_cells(state: dict, seat: int) -> list[tuple[int, int]]:
    return list(_movable(state, seat))


def can_rearrange(state: dict, seat: int) -> bool:
    """Whether some animal may be moved now: asked at every Investment step, and the first
    movable animal answers it."""
    return next(_movable(state, seat), None) is not None


def invest_moves(state: dict, seat: int) -> list[dict]:
    """Every Investment move; the research claims and the releases share one count of the
    Reserve's symbols (a :class:`Tally`)."""
    p = state["p"][seat]
    tally = Tally(p)
    moves = [{"type": "research", "card": c, "tier": t}
             for c, t in research_options(state, seat, tally)]
    for track in TRACKS:
        if p[track] < K.MAX_PROTECTION and p["money"] >= K.protection_step_cost(p[track]):
            moves.append({"type": "protect", "track": track})
    if climate_room(state, p) > 0:
        if p["money"] >= K.CLIMATE_MARKER_COST:
            moves.append({"type": "climate"})
        if p.get("expert") == "expert-climate" and not p["round_flags"]["climate_free"]:
            moves.append({"type": "climate", "free": True})
    if p["stage"]["rewilds"] < K.REWILDING_PER_STAGE and p["money"] >= rewild_cost(p):
        moves += [{"type": "rewild", "kind": k} for k in rewild_kinds(state)]
    moves += [{"type": "sell", "card": c} for c in p["sanctuary"]]
    if p["sanctuary"] and empty_cells(p):
        have = tally.symbols()
        moves += [
            {"type": "release", "card": c}
            for c in p["sanctuary"]
            if not requirement_gaps(state, p, c, have)
        ]
    if can_rearrange(state, seat):
        moves.append({"type": "rearrange"})
    if lodges.uses_lodges(state, seat):
        moves += [
            {"type": "build", "card": card, "row": r, "col": c}
            for card, (r, c) in lodges.buildable(p)
        ]
    if lodges.uses_cp(state, seat):
        moves += [{"type": "unlock", "row": r, "col": c} for r, c in lodges.unlock_options(p)]
        moves += [
            {"type": "solar", "row": r, "col": c, "markers": m}
            for r, c, m in lodges.solar_options(p)
        ]
        if lodges.may_discard_lodge(state, seat):
            moves += [{"type": "discard_lodge", "card": c} for c in lodges.unbuilt_cards(p)]
    moves.append({"type": "done"})
    return moves


# ---- handlers ----------------------------------------------------------------------------
def research(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    tier = get_int(move, "tier", 1, 3)
    p = state["p"][seat]
    if card not in state["research"]:
        raise IllegalMove("That research card is not in play this round.")
    if card in p["claims"]:
        raise IllegalMove("You have already claimed that research card this round.")
    met = research_tier(p, card)
    boosted = tier == met + 1 and met >= 1 and p.get("expert") == "expert-researcher"
    if tier > met and not (boosted and not p["round_flags"]["researcher"]):
        raise IllegalMove(f"You meet tier {met} of that research card, not tier {tier}.")
    if tier > met:
        p["round_flags"]["researcher"] = True
    money, vp = research_reward(state["round"], tier)
    p["claims"][card] = tier
    p["money"] += money
    p["research_vp"] += vp
    p["research_tier3"] += tier == 3
    state["log"].append(
        f"{p['name']} claims {cat.RESEARCH_BY_ID[card].name} at tier {tier}: ${money}m and {vp} VP."
    )


def protect(state: dict, seat: int, move: dict) -> None:
    track = get_str(move, "track", TRACKS)
    p = state["p"][seat]
    if p[track] >= K.MAX_PROTECTION:
        raise IllegalMove(f"Your {track.title()} protection is already at the top.")
    cost = K.protection_step_cost(p[track])
    if p["money"] < cost:
        raise IllegalMove(f"Raising {track.title()} protection costs ${cost}m.")
    p["money"] -= cost
    p[track] += 1
    state["log"].append(
        f"{p['name']} raises {track.title()} protection to {p[track]} for ${cost}m."
    )


def climate(state: dict, seat: int, move: dict) -> None:
    free = get_bool(move, "free", False)
    p = state["p"][seat]
    if climate_room(state, p) <= 0:
        raise IllegalMove("You already have $3m in the '3+' area of the climate track.")
    if free:
        if p.get("expert") != "expert-climate" or p["round_flags"]["climate_free"]:
            raise IllegalMove("You have no free climate marker this round.")
        p["round_flags"]["climate_free"] = True
    else:
        if p["money"] < K.CLIMATE_MARKER_COST:
            raise IllegalMove("A climate marker costs $1m.")
        p["money"] -= K.CLIMATE_MARKER_COST
    place_climate(state, p, seat, 1)
    state["log"].append(f"{p['name']} places a climate marker{' for free' if free else ''}.")


def rewild(state: dict, seat: int, move: dict) -> None:
    kind = get_str(move, "kind", cat.PRODUCER_KINDS)
    p = state["p"][seat]
    if kind not in rewild_kinds(state):
        raise IllegalMove(f"No {kind} Rewilding cards are left.")
    if p["stage"]["rewilds"] >= K.REWILDING_PER_STAGE:
        raise IllegalMove("You may buy only one Rewilding card per Investment stage.")
    cost = rewild_cost(p)
    if p["money"] < cost:
        raise IllegalMove(f"A Rewilding card costs you ${cost}m.")
    p["money"] -= cost
    p["stage"]["rewilds"] += 1
    take_rewilding(state, seat, kind)
    state["log"].append(f"{p['name']} buys a {kind} Rewilding card for ${cost}m.")


def sell(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    p = state["p"][seat]
    if card not in p["sanctuary"]:
        raise IllegalMove("That animal is not in your Sanctuary.")
    p["sanctuary"].remove(card)
    state["discard"].append(card)
    p["money"] += discard_value(p)
    state["log"].append(f"{p['name']} sells {cat.card_name(card)} for ${discard_value(p)}m.")


def release(state: dict, seat: int, move: dict) -> None:
    """Move a Sanctuary animal into the Reserve; with Lodges the player then picks its space."""
    card = get_str(move, "card")
    p = state["p"][seat]
    if card not in p["sanctuary"]:
        raise IllegalMove("That animal is not in your Sanctuary.")
    gaps = requirement_gaps(state, p, card)
    if gaps:
        raise IllegalMove(f"{cat.card_name(card)} still needs: {', '.join(gaps)}.")
    if not empty_cells(p):
        raise IllegalMove("Your Reserve has no free space.")
    p["sanctuary"].remove(card)
    p["placing"] = card
    state["step"] = "place"
    if not lodges.uses_lodges(state, seat):
        r, c = empty_cells(p)[0]
        place(state, seat, {"row": r, "col": c})


def place_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "place", "row": r, "col": c} for r, c in empty_cells(state["p"][seat])]


def place(state: dict, seat: int, move: dict) -> None:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    p = state["p"][seat]
    if (r, c) not in empty_cells(p):
        raise IllegalMove("That space of your Reserve is taken or locked.")
    card = p["placing"]
    p["placing"] = None
    enter_reserve(state, seat, card, r, c)
    state["log"].append(
        f"{p['name']} moves {cat.card_name(card)} from the Sanctuary to the Reserve."
    )
    lodges.golden_now(state, seat, "invest")


def rearrange(state: dict, seat: int, move: dict) -> None:
    if not can_rearrange(state, seat):
        raise IllegalMove("You have no animal you may move now.")
    state["step"] = "rearrange"


def rearrange_moves(state: dict, seat: int) -> list[dict]:
    moves = [{"type": "lift", "row": r, "col": c} for r, c in movable_cells(state, seat)]
    return moves + [{"type": "finish_rearranging"}]


def finish_rearranging(state: dict, seat: int, move: dict) -> None:
    state["step"] = "invest"


def lift(state: dict, seat: int, move: dict) -> None:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    if (r, c) not in movable_cells(state, seat):
        raise IllegalMove("That animal cannot be moved now.")
    p = state["p"][seat]
    p["carry"] = [r, c]
    p["stage"]["moves"] += 1
    state["step"] = "carry"


def drop_targets(p: dict) -> list[tuple[int, int]]:
    """Where a lifted animal may go: a space that is not locked, empty or holding an animal
    that may itself move (the two swap)."""
    fixed = lodges.fixed_cells(p)
    return [
        cell
        for cell, card, lock in zip(CELLS, chain.from_iterable(p["grid"]),
                                    chain.from_iterable(p["cp"]), strict=True)
        if not lock and (card is None or cell not in fixed)
    ]


def drop_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "drop", "row": r, "col": c} for r, c in drop_targets(state["p"][seat])]


def drop(state: dict, seat: int, move: dict) -> None:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    if (r, c) not in drop_targets(state["p"][seat]):
        raise IllegalMove("The animal cannot go there.")
    p = state["p"][seat]
    fr, fc = p["carry"]
    p["carry"] = None
    resume = "rearrange" if can_rearrange(state, seat) else "invest"
    state["step"] = resume
    if (fr, fc) == (r, c):
        return
    grid = p["grid"]
    grid[fr][fc], grid[r][c] = grid[r][c], grid[fr][fc]
    state["log"].append(f"{p['name']} moves {cat.card_name(grid[r][c])} within the Reserve.")
    lodges.golden_now(state, seat, resume)


def _point(move: dict) -> tuple[int, int]:
    return get_int(move, "row", 0, K.ROWS - 2), get_int(move, "col", 0, K.COLS - 2)


def build(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    point = _point(move)
    if not lodges.uses_lodges(state, seat):
        raise IllegalMove("You are playing without Lodges.")
    if (card, point) not in lodges.buildable(state["p"][seat]):
        raise IllegalMove("The four animals around that point do not match that Lodge card.")
    lodges.build(state, seat, card, point)


def golden_moves(state: dict, seat: int) -> list[dict]:
    return [
        {"type": "golden", "card": card, "row": r, "col": c}
        for card, (r, c) in lodges.golden_options(state, seat)
    ]


def golden(state: dict, seat: int, move: dict) -> None:
    """Several blocks meet a Golden Lodge card at once: the player says where it goes."""
    card = get_str(move, "card")
    point = _point(move)
    if (card, point) not in lodges.golden_options(state, seat):
        raise IllegalMove("Those animals do not meet that Golden Lodge card now.")
    lodges.claim_golden(state, seat, card, point)
    state["step"] = state["golden"]["resume"]
    state["golden"]["resume"] = None


def unlock(state: dict, seat: int, move: dict) -> None:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    p = state["p"][seat]
    if not lodges.uses_cp(state, seat) or p["cp"][r][c] not in (1, 2):
        raise IllegalMove("There is no Community Protection marker on that space.")
    if p["money"] < p["cp"][r][c]:
        raise IllegalMove(f"Removing that marker costs ${p['cp'][r][c]}m.")
    lodges.unlock(state, seat, r, c)


def solar(state: dict, seat: int, move: dict) -> None:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    markers = sorted(get_list(move, "markers", int, 2))
    if not lodges.uses_cp(state, seat) or (r, c, markers) not in lodges.solar_options(
        state["p"][seat]
    ):
        raise IllegalMove(
            "Community solar needs removed markers worth at most the value of a still-locked space."
        )
    lodges.solar(state, seat, r, c, markers)


def discard_lodge(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    p = state["p"][seat]
    if not lodges.uses_cp(state, seat):
        raise IllegalMove("Lodge cards are discarded for money only with Community Protection.")
    if card not in lodges.unbuilt_cards(p):
        raise IllegalMove("That is not one of your unbuilt Lodge cards.")
    if not lodges.may_discard_lodge(state, seat):
        raise IllegalMove("You may discard only one Lodge card per round in rounds 1 and 2.")
    lodges.discard_lodge(state, seat, card)
