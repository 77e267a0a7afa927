"""What each seat sees: the board, the prompt, and which tiles stay secret."""

from __future__ import annotations

from ..catalog import (
    AMENITY_BY_ID,
    FLOORS,
    GUEST_BY_ID,
    ROOMS,
    SOLO_WIN_SCORE,
)
from .lodge import (
    completed_amenities,
    grid_of,
    guests_placed,
    key,
    lodge_score,
    rank_title,
)


class Views:
    """Each seat's view of the board, the prompt in words, and the ids that must stay hidden.

    A part of :class:`Lodge` (mixed in); methods call each other through ``self``.
    """

    def view(self, state, seat):
        """Everything on the table (in Lodge only the bags and the amenity stack are hidden),
        what the last turn touched, each lodge's score so far, and in solo the rank and how each
        level goal stands. The view shares no list or dict with the state."""
        players = state["players"]
        last = state.get("last")
        result = self.result(state)
        lodges = [self._lodge_view(state, s, lodge, last, result) for s, lodge in enumerate(state["lodges"])]
        holding = state["holding"]
        held = None
        if holding and holding["kind"] in ("room", "amenity"):
            held = dict(holding)
            if holding["kind"] == "room":
                held["id"] = state["display"][holding["level"] - 1][holding["slot"]]
            else:
                held["id"] = state["amenity_display"][holding["index"]]
        touched_levels = set(last["levels"]) if last else set()
        view = {
            "players": players, "solo": state["solo"], "turn": state["turn"],
            "phase": state["phase"], "over": state["over"], "you": seat,
            "first_player": None if state["solo"] else 0,
            "holding": held,
            "lift_color": holding["color"] if holding and holding["kind"] == "lift" else None,
            "display": [
                {"level": lv + 1, "last": lv + 1 in touched_levels, "slots": [
                    {"id": r, "color": ROOMS[r]} if r else {"id": None} for r in level
                ]}
                for lv, level in enumerate(state["display"])
            ],
            "guest_display": [self._guest_view(g) if g else None for g in state["guest_display"]],
            "amenity_display": [self._amenity_view(a) for a in state["amenity_display"]],
            "room_bag": len(state["room_bag"]), "guest_bag": len(state["guest_bag"]),
            "amenity_stack": len(state["amenity_stack"]),
            "amenity_box": [self._amenity_view(a) for a in state["amenity_box"]],
            "guests_sent_home": len(state["guest_box"]),
            "sent_home": list(state["guest_box"]),
            "lodges": lodges, "end_triggered": state["end_triggered"],
            "turn_guests": dict(state["turn_guests"]),
            "prompt": self._prompt(state),
            "last": {"seat": last["seat"], "cells": list(last["cells"]), "levels": list(last["levels"]),
                     "valet": list(last["valet"])} if last else None,
            "log": list(state["log"]),
        }
        if state["solo"]:
            score = lodges[0]["score"]
            goals = self.solo_goal_status(state)
            lost_because = []
            if result and result.won and not result.won[0]:
                if score < SOLO_WIN_SCORE:
                    lost_because.append(f"{score} points, {SOLO_WIN_SCORE} needed")
                lost_because += [f"the level {g['level']} goal was not kept ({g['status']})"
                                 for g in goals if g["standing"] != "kept"]
            view.update(
                level=state["level"], extreme=state["extreme"],
                rules=goals, lost_because=lost_because,
                lift=state["lift"], lift_tokens=state["lift_tokens"],
                solo_turns=state["solo_turns"], rank=rank_title(score),
                won=result.won[0] if result and result.won else None,
            )
        return view

    def _lodge_view(self, state, s, lodge, last, result):
        """One lodge as rows of cells from the top floor down, with its score so far, the
        conditions of its amenities, what the last turn touched and, at the end, its place.
        Keys that would be false ("last", "guest") are left out: templates read them as false
        and bots copy every view, so a small view keeps search fast."""
        grid = grid_of(lodge)
        columns = max((c for _f, c in grid), default=1)
        rows = [{"floor": f, "cells": [None] * (columns + 1)} for f in range(FLOORS, 0, -1)]
        touched = set(last["cells"]) if last and last["seat"] == s else set()
        completed = completed_amenities(lodge)
        amenities = []
        for (f, c), cell in grid.items():
            tile = cell["tile"]
            if tile in ROOMS:
                entry = {"kind": "room", "color": ROOMS[tile]}
            else:
                a = AMENITY_BY_ID[tile]
                entry = {"kind": "amenity", "name": a["name"], "points": a["points"],
                         "complete": completed[(f, c)]}
                amenities.append({"name": a["name"], "points": a["points"], "condition": a["condition"],
                                  "complete": completed[(f, c)], "floor": f, "col": c})
            if key(f, c) in touched:
                entry["last"] = True
            if cell["guest"]:
                entry["guest"] = self._guest_view(cell["guest"])
            rows[FLOORS - f]["cells"][c - 1] = entry
        amenities.sort(key=lambda a: (a["floor"], a["col"]))
        score = lodge_score(lodge)
        fresh = set(last["valet"]) if last and last["seat"] == s else set()
        valet = []
        for g in lodge["valet"]:
            guest = self._guest_view(g)
            if g in fresh:
                guest["last"] = True
            valet.append(guest)
        return {
            "seat": s, "rows": rows, "columns": columns, "valet": valet,
            "fresh": list(lodge["fresh"]), "tokens": lodge["tokens"], "turns": lodge["turns"],
            "guests_placed": guests_placed(lodge),
            "score": sum(score.values()), "breakdown": score, "amenities": amenities,
            "place": result.ranks[s] if result else None,
        }

    def _prompt(self, state):
        if state["over"]:
            return "The game is over."
        level8 = 8 in state["rules"]
        return {
            "build": "Take a room from the display (level N goes on floor N)"
            + ("." if state["solo"] else " or an amenity."),
            "place": "Choose a highlighted place in the lodge for the tile, or put it back.",
            "guests": "Level 8: check in one or both valet guests (pick one, then a highlighted "
            "room), or end the turn." if level8 else
            "Check in guests (at most one from the display and one from the valet): pick a guest, "
            "then a highlighted room. Or end the turn.",
            "valet": "Choose a guest from the display for the valet.",
            "extra_valet": "Level 8: choose a second guest from the display for the valet.",
            "start_amenity": "Choose your starting amenity and place it next to your first room.",
            "lift_amenity": "The ski lift went round: place one of the amenities on display.",
            "lift_discard": "The ski lift sends one guest home: choose one showing the removed colour.",
        }.get(state["phase"], "")

    def _guest_view(self, guest):
        g = GUEST_BY_ID[guest]
        return {"id": guest, "colors": list(g["colors"]), "floor": g["floor"]}

    def _amenity_view(self, amenity):
        a = AMENITY_BY_ID[amenity]
        return {"id": amenity, "name": a["name"], "points": a["points"], "condition": a["condition"]}

    def secrets(self, state, seat):
        return set(state["room_bag"]) | set(state["guest_bag"]) | set(state["amenity_stack"])
