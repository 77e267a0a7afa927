"""What each seat may see, and the ids it must not.

Hidden: the hands in front of other players (so the hand you will receive next), every face-down
deck and tray, picks until everyone has committed, other players' Experts and Goals (until the
game ends), Lodge cards others were dealt until the choice is over (then only the kept ones show).
"""

from __future__ import annotations

from .. import catalog as cat
from .. import constants as K
from . import lodges, scoring
from .draft import acting_seat
from .reserve import climate_level, requirement_gaps, requirement_text, sanctuary_spaces, symbols

LOG_LINES = 30  # the view shows the latest lines of the public log


def card_info(state: dict, card: str, p: dict | None = None) -> dict:
    info = {
        "id": card,
        "name": cat.card_name(card),
        "kind": cat.card_kind(card),
        "deck": cat.deck_of(card),
    }
    a = cat.animal(card)
    if a:
        info.update(
            type=a.type,
            type_name=cat.TYPE_NAMES[a.type],
            vp=a.vp,
            needs=requirement_text(card),
            art=list(a.art),
            iucn=a.iucn,
        )
        if p is not None:
            gaps = requirement_gaps(state, p, card)
            info.update(met=not gaps, missing=gaps)
    elif info["kind"] == "producer":
        info["symbols"] = list(cat.producer_symbols(card))
    else:
        info["text"] = cat.action(card).text
    return info


def _research(card: str) -> dict:
    r = cat.RESEARCH_BY_ID[card]
    return {"id": card, "name": r.name, "tiers": list(r.tiers), "counts": r.metric}


def _lodge(card: str) -> dict:
    c = cat.LODGES_BY_ID[card]
    return {"id": card, "level": c.level, "requires": [cat.TYPE_NAMES[t] for t in c.requires]}


def _player(state: dict, seat: int, viewer: int | None, over: bool) -> dict:
    p = state["p"][seat]
    mine = viewer == seat
    fixed = lodges.fixed_cells(p)
    grid = [[_cell(state, p, r, c, fixed) for c in range(K.COLS)] for r in range(K.ROWS)]
    choosing = state["phase"] == "choose"
    lodge_cards = (
        p["lodges"]["dealt"] if (mine and choosing) else ([] if choosing else p["lodges"]["kept"])
    )
    built = {b["card"] for b in p["lodges"]["built"]}
    out = {
        "seat": seat,
        "name": p["name"],
        "landscape": p["landscape"],
        "landscape_name": cat.LANDSCAPES[p["landscape"]][0],
        "landscape_producers": list(cat.LANDSCAPES[p["landscape"]][1]),
        "money": p["money"],
        "habitat": p["habitat"],
        "smuggling": p["smuggling"],
        "producers": [_brief(c, with_id=False) for c in p["producers"]],
        "symbols": {k: v for k, v in symbols(p).items() if v},
        "grid": grid,
        "sanctuary": [card_info(state, c, p if mine else None) for c in p["sanctuary"]],
        # The Vet's extra space would give away a hidden Expert: others see the base size.
        "sanctuary_spaces": sanctuary_spaces(p) if mine or over else K.SANCTUARY_SPACES,
        "claims": dict(p["claims"]),
        "research_vp": p["research_vp"],
        "climate_markers": p["climate_markers"],
        "climate_plus": p["climate_plus"],
        "difficulty": p["difficulty"],
        "lodge_cards": [
            dict(_lodge(c), built=c in built, discarded=c in p["lodges"]["discarded"])
            for c in lodge_cards
        ],
        "lodges_built": [dict(b) for b in p["lodges"]["built"]],
        "golden": p["golden"],
        "removed_markers": list(p["removed"]),
        "hand_size": len(state["hands"][seat]) if state["phase"] in ("draft", "act") else 0,
        "marker": state["markers"][seat] if state["phase"] in ("draft", "act") else "",
        "has_picked": state["picks"][seat] is not None,
        "drafted": card_info(state, state["drafted"][seat], p if mine else None)
        if state["phase"] == "act" and state["drafted"][seat]
        else None,
        "carry": p["carry"],
    }
    if mine or over:
        out["expert"] = _expert(p["expert"]) if p["expert"] else None
        out["goals"] = [
            {
                "id": g,
                "name": cat.GOALS_BY_ID[g].name,
                "metric": cat.GOALS_BY_ID[g].metric,
                "steps": [list(s) for s in cat.GOALS_BY_ID[g].steps],
                "points_now": scoring.goal_points(p, g),
            }
            for g in p["goals"]
        ]
    if mine and p["expert"] is None:
        out["expert_options"] = [_expert(e) for e in p["expert_options"]]
    if mine:
        out["lodge_points"] = (
            [{"card": c, "row": pt[0], "col": pt[1]} for c, pt in lodges.buildable(p)]
            if lodges.uses_lodges(state, seat)
            else []
        )
    return out


def _cell(state: dict, p: dict, r: int, c: int, fixed: set) -> dict:
    cell = {"row": r, "col": c}
    if p["grid"][r][c]:
        cell["animal"] = _brief(p["grid"][r][c], with_id=False)
        cell["fixed"] = (r, c) in fixed
    if p["cp"][r][c] is not None:
        cell["lock"] = p["cp"][r][c]
    return cell


def _brief(card: str, with_id: bool = True) -> dict:
    """Compact card facts for the many cards on boards and in the discard pile (moves name
    Reserve animals by their space, so the board needs no card ids)."""
    a = cat.animal(card)
    out = {"id": card, "name": cat.card_name(card)} if with_id else {"name": cat.card_name(card)}
    if a:
        out.update(type=a.type, vp=a.vp)
    return out


def _climate_spaces(state: dict) -> list[dict]:
    """The track cut into its sections '1', '2', '3' and the open '3+' area, for drawing."""
    track, out, start = state["climate"], [], 0
    for i, size in enumerate(state["sections"]):
        cells = track[start : start + size]
        out.append({"section": str(i + 1), "cells": cells + [None] * (size - len(cells))})
        start += size
    out.append({"section": "3+", "cells": track[start:]})
    return out


def _discard_summary(state: dict) -> list[dict]:
    """The open discard pile by kind (the moves that take from it carry the card ids)."""
    counts: dict[str, int] = {}
    for c in state["discard"]:
        counts[cat.kind_of(c)] = counts.get(cat.kind_of(c), 0) + 1
    out = []
    for kind, n in sorted(counts.items()):
        sample = next(c for c in state["discard"] if cat.kind_of(c) == kind)
        info = _brief(sample, with_id=False)
        out.append(dict(info, count=n))
    return out


def _expert(expert: str) -> dict:
    e = cat.EXPERTS_BY_ID[expert]
    return {"id": e.id, "name": e.name, "text": e.text}


def view(state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    out = {
        "phase": state["phase"],
        "step": state["step"],
        "round": state["round"] + 1,
        "turn": state["turn"],
        "solo": state["solo"],
        "options": dict(state["options"]),
        "you": seat,
        "acting": acting_seat(state),
        "act_order": list(state["act_order"]) if state["phase"] == "act" else [],
        "players": [_player(state, s, seat, over) for s in range(state["players"])],
        "research": [_research(r) for r in state["research"]],
        "climate": {
            "track": list(state["climate"]),
            "sections": list(state["sections"]),
            "level": climate_level(state),
            "spaces": _climate_spaces(state),
        },
        "discard": _discard_summary(state),
        "discard_size": len(state["discard"]),
        "rewild": dict(state["rewild"]),
        "deck_counts": {k: len(v) for k, v in state["decks"].items()},
        "golden": {
            "cards": [
                {
                    "id": g,
                    "requires": [cat.TYPE_NAMES[t] for t in cat.GOLDEN_BY_ID[g].requires],
                    "min_value": cat.GOLDEN_BY_ID[g].min_value,
                }
                for g in state["golden"]["cards"]
            ],
            "winners": list(state["golden"]["winners"]),
            "claims_this_turn": list(state["golden"]["pending"]),
        },
        "sanctuary_offer": [card_info(state, c) for c in state["sanctuary_offer"]],
        "sanctuary_next": state["sanctuary_order"][0] if state["sanctuary_order"] else None,
        "hand": [],
        "log": state["log"][-LOG_LINES:],
    }
    if seat is not None and state["phase"] in ("draft", "act"):
        p = state["p"][seat]
        out["hand"] = [card_info(state, c, p) for c in state["hands"][seat]]
        pick = state["picks"][seat]
        out["my_pick"] = card_info(state, pick, p) if pick else None
    if state["solo"]:
        o = state["oppo"]
        out["oppo"] = {
            "level": o["level"],
            "reserve": [_brief(c, with_id=False) for c in o["reserve"]],
            "producers": [_brief(c, with_id=False) for c in o["producers"]],
            "climate_markers": o["climate_markers"],
            "research_vp": o["research_vp"],
            "hand_size": len(state["hands"][1]),
        }
    if over:
        from .game import Kavango

        result = Kavango().result(state)
        out["result"] = result.to_json()
    return out


def secrets(state: dict, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    for cards in state["decks"].values():
        hidden.update(cards)
    for _rnd, cards in state["research_deck"].items():
        hidden.update(cards)
    hidden.update(state["golden_tray"])
    for h, hand in enumerate(state["hands"]):
        if h != seat:
            hidden.update(hand)
    if state["solo"] and state["oppo"]["pick"]:
        hidden.add(state["oppo"]["pick"])
    for s, pick in enumerate(state["picks"]):
        if pick and s != seat:
            hidden.add(pick)
    over = state["phase"] == "over"
    mine = state["p"][seat] if seat is not None else None
    all_kept = (
        set()
        if state["phase"] == "choose"
        else {c for p in state["p"] for c in p["lodges"]["kept"]}
    )
    lodge_ids = {c.id for c in cat.LODGE_CARDS}
    hidden |= lodge_ids - all_kept - set(mine["lodges"]["dealt"] if mine else ())
    if not over:
        visible_experts = set(mine["expert_options"]) if mine else set()
        hidden |= {e.id for e in cat.EXPERTS} - visible_experts
        hidden |= {g.id for g in cat.GOALS} - set(mine["goals"] if mine else ())
    else:
        hidden |= set(state["experts_tray"]) - {p["expert"] for p in state["p"]}
        hidden |= set(state["goals_tray"])
    return hidden
