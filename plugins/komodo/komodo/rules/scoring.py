"""Scoring and the final result."""

from __future__ import annotations

from core.engine import Result
from core.engine.game import ranks_by

from ..terrain import ANIMAL
from .common import ALL_ANIMALS, species


class Scoring:
    """The final result (and a rough measure of progress for lobby lists)."""

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


def _score(state, seat):
    housed = [h["animal"] for h in state["housed"] if h["owner"] == seat]
    points = sum(ANIMAL[a][2] for a in housed)
    penalty = sum(ANIMAL[a][2] for a in state["hands"][seat]["animals"])
    return points - penalty, points, penalty, len({species(a) for a in housed})
