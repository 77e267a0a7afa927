"""A golden playthrough: one seeded game between Warden bots, with the Lodges and the Golden Lodge,
every move, the public log and the scores, checked in. Any change to the rules (or to Warden)
shows up as a readable diff of the file; accept an intended one with ``--meeplehall-golden``."""

from pathlib import Path

from kavango.bots import Warden
from kavango.rules import Kavango

from core.engine.testing import transcript

GOLDEN = Path(__file__).parent / "golden" / "warden_lodges_golden_seed_2024.txt"


def test_golden_playthrough_is_unchanged(golden):
    golden(GOLDEN, transcript(
        Kavango(), 2, seed=2024, options={"lodges": True, "golden_lodge": True},
        seat_options=[{"difficulty": "maximum"}, {"difficulty": "lodges"}],
        bots=[Warden(), Warden()]))
