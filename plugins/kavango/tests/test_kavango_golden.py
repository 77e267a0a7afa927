"""A golden playthrough: the full public log of one seeded game between Warden bots.

Any change to the rules (or to Warden) shows up as a readable diff of the transcript. After an
intended change, regenerate it with ``KAVANGO_GOLDEN=write pytest plugins/kavango -k golden``.
"""

import os
from pathlib import Path

from kavango.bots import Warden
from kavango.rules import Kavango

from core.engine import playout

TRANSCRIPT = Path(__file__).with_name("kavango_golden_2p.txt")


def transcript():
    game = Kavango()
    run = playout(
        game,
        2,
        seed=2024,
        options={"lodges": True, "golden_lodge": True},
        seat_options=[{"difficulty": "maximum"}, {"difficulty": "lodges"}],
        bots=[Warden(), Warden()],
    )
    result = run.result
    lines = list(run.state["log"])
    lines.append(f"Scores: {result.scores}; breakdown: {result.breakdown}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_is_unchanged():
    text = transcript()
    if os.environ.get("KAVANGO_GOLDEN") == "write" or not TRANSCRIPT.exists():
        TRANSCRIPT.write_text(text)
    assert text == TRANSCRIPT.read_text()
