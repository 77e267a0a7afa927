"""Golden playthroughs: readable transcripts of seeded bot games, checked in.

A rule change shows up as a diff of these files. To accept a deliberate change, run
``LODGE_HOTEL_GOLDEN=write pytest plugins/lodge_hotel -k golden`` and review the diff.
"""

import json
import os
from pathlib import Path

import pytest
from lodge_hotel.bots import Innkeeper
from lodge_hotel.rules import Lodge

from core.engine import playout

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "two_players_seed_1": (2, {}, 1),
    "solo_level_5_seed_2": (1, {"level": 5}, 2),
}


def transcript(players, options, seed):
    game = Lodge()
    run = playout(game, players, seed=seed, options=options, bots=[Innkeeper()] * players)
    lines = [f"# {players} player(s), options {json.dumps(run.options, sort_keys=True)}, seed {seed}"]
    lines += [f"{seat + 1}: {json.dumps(move, sort_keys=True)}" for seat, move in run.moves]
    lines += ["# log", *run.state["log"], "# result", json.dumps(run.result.to_json(), sort_keys=True)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    text = transcript(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("LODGE_HOTEL_GOLDEN") == "write" or not path.exists():
        path.write_text(text)
    assert path.read_text() == text
