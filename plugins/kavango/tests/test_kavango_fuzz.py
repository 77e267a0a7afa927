"""Arbitrary payloads at the moments the contract test-kit rarely reaches (Community Protection,
solar, rearranging, sub-steps of action cards) raise IllegalMove only and change nothing."""

import copy

from kavango.testing import GAME, investing, new_game, place, to_draft, using

from core.engine import testing as kit

#: Real ids slipped into the wrong fields: a card, a lodge card, a goal, research, a place name.
KAVANGO_VALUES = ["kav-zebra-1", "L2-01", "G-01", "R1-01", "habitat", "reserve"]


def moments():
    base = to_draft(
        new_game(2, lodges=True, golden_lodge=True, seats=[{"difficulty": "maximum"}] * 2)
    )
    invest = investing(copy.deepcopy(base))
    invest["p"][0]["removed"] = [1, 1, 2]
    invest["p"][0]["money"] = 9
    invest["p"][0]["lodges"]["kept"] = ["L2-01"]
    place(
        invest, 0, {(1, 0): "scrub_hare", (1, 1): "rock_monitor", (1, 2): "zebra", (1, 3): "lion"}
    )
    invest["p"][0]["sanctuary"] = ["kav-quelea-1"]
    invest["p"][0]["producers"] = ["kav-grass-1"]
    rearrange = copy.deepcopy(invest)
    rearrange["step"] = "rearrange"
    carry = copy.deepcopy(invest)
    carry["step"], carry["p"][0]["carry"] = "carry", [1, 0]
    reloc = using(copy.deepcopy(base), 0, "kav-relocation-1")
    reloc["step"], reloc["discard"] = "relocate", ["kav-zebra-1", "kav-grass-3"]
    return [base, invest, rearrange, carry, reloc]


STATES = moments()


def test_junk_in_any_field_of_any_legal_move():
    assert kit.fuzz_payloads(GAME, STATES, 2, examples=400, values=KAVANGO_VALUES)


def test_every_legal_move_at_these_moments_is_accepted():
    assert kit.check_legal_moves_accepted(GAME, STATES, limit=10_000)
