"""Arbitrary payloads at every kind of decision are refused with IllegalMove and change nothing."""

from lodge_hikers.testing import GAME, arrange, new, pick_all

from core.engine import testing as kit


def moments():
    picking = new(4, seed=8)
    placing = pick_all(arrange(new(4), hands=[[18, 35], [22, 37], [32, 39], [34, 41]],
                               row=[("H03", []), ("H09", []), ("H27", [4])]),
                       {0: 18, 1: 22, 2: 32, 3: 34})
    swapping = pick_all(arrange(new(4), hands=[[2, 35], [22, 37], [32, 39], [34, 41]],
                                row=[("H04", [3]), ("H10", []), ("H09", [])]),
                        {0: 2, 1: 22, 2: 32, 3: 34})
    redrawing = pick_all(arrange(new(4), hands=[[4, 35], [22, 37], [32, 39], [34, 41]],
                                 row=[("H10", [5]), ("H09", []), ("H08", [])]),
                         {0: 4, 1: 22, 2: 32, 3: 34})
    assert placing["pending"]["kind"] == "place"
    assert swapping["pending"]["kind"] == "swap"
    assert redrawing["pending"]["kind"] == "redraw"
    return [picking, placing, swapping, redrawing]


MOMENTS = moments()


def test_any_payload_is_applied_or_refused_cleanly():
    """A pick, place or swap that is accepted must be one of the listed moves (a redraw names
    its cards in any order, so only its refusals are checked)."""
    kit.fuzz_payloads(GAME, MOMENTS, 4, examples=400, values=[18, 35, "H09", "snack-18"],
                      listed_types=("pick", "place", "swap"))


def test_every_listed_move_at_these_moments_is_accepted():
    assert kit.check_legal_moves_accepted(GAME, MOMENTS)
