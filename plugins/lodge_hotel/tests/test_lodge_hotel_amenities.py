"""Every amenity's condition, met and not met. The amenity under test stands at AT."""

import pytest
from lodge_hotel import amenities as am
from lodge_hotel.catalog import AMENITIES
from lodge_hotel.rules import grid_of
from lodge_hotel.testing import AMENITY_ID, build_lodge

AT = (2, 2)
G = [f"guest-{i:02d}" for i in range(1, 51)]


def guests(color, cells):
    return {pos: f"{color}+{G[i]}" for i, pos in enumerate(cells)}


def around(color):
    return {(f, c): color for f in (1, 2, 3) for c in (1, 2, 3) if (f, c) != AT}


CASES = {
    "Bar": (guests("purple", [(1, 1), (1, 3), (1, 4), (1, 5)]),
            guests("purple", [(1, 1), (1, 3), (1, 4)]) | {(1, 5): "purple"}),
    "Coat Check": (guests("red", [(1, 1), (1, 3), (3, 1), (3, 3)]),
                   guests("red", [(1, 1), (1, 3), (3, 1)]) | {(3, 3): "red"}),
    "Coat Closet": ({(1, 4): "green", (1, 5): "green", (1, 6): "green"},
                    {(1, 4): "green", (1, 5): "green", (2, 5): "green", (1, 6): "blue"}),
    "Coffee Bar": (guests("blue", [(1, 2), (3, 2), (2, 1), (2, 3)]),
                   guests("blue", [(1, 2), (3, 2), (2, 1)]) | {(2, 3): "Gym"}),
    "Concierge": ({(1, 1): "red", (1, 2): "blue", (1, 3): "green", (2, 1): "yellow", (3, 3): "purple"},
                  {(1, 1): "red", (1, 2): "blue", (1, 3): "green", (2, 1): "yellow", (3, 3): "red"}),
    "Conference Room": ({(1, 5): "yellow", (1, 6): "yellow", (2, 6): "yellow"},
                        {(1, 5): "yellow", (1, 6): "yellow", (1, 7): "yellow"}),
    "Flower Shop": (guests("red", [(1, 2), (3, 2), (4, 2)]),
                    guests("red", [(1, 2), (3, 2), (3, 3)])),
    "Gym": ({(2, 1): "blue", (2, 3): "blue", (2, 4): "blue"},
            {(2, 1): "blue", (2, 3): "blue", (1, 4): "blue"}),
    "Heated Pool": (guests("blue", [(1, 1), (1, 3), (1, 4), (1, 5)]),
                    guests("blue", [(1, 1), (1, 3), (1, 4)]) | guests("red", [(1, 5)])),
    "Hot Tub": ({(1, 2): "blue", (2, 1): "blue", (2, 3): "blue"},
                {(1, 2): "blue", (2, 1): "blue", (3, 3): "blue"}),
    "Indoor Pool": ({(1, c): "red" for c in range(4, 9)},
                    {(1, c): "red" for c in range(4, 8)} | {(1, 8): "blue"}),
    "Launderette": ({(1, 1): "green", (1, 3): "green", (3, 1): "green", (2, 3): "green"},
                    {(1, 1): "green", (1, 3): "green", (3, 1): "green", (2, 4): "green"}),
    "Restaurant": (guests("red", [(1, 1), (1, 3), (1, 4), (1, 5)]),
                   guests("red", [(1, 1), (1, 3), (1, 4)])),
    "Ski Patrol": ({(1, 2): "green", (3, 2): "green", (4, 2): "green"},
                   {(1, 2): "green", (3, 2): "green", (4, 2): "blue", (1, 3): "green"}),
    "Ski Repair": ({(1, 1): "purple", (1, 3): "purple", (2, 4): "purple"},
                   {(1, 1): "purple", (1, 3): "purple", (2, 3): "purple"}),
    "Ski Shop": ({(2, 1): "red", (2, 3): "blue", (2, 4): "red"},
                 {(2, 1): "red", (2, 3): "blue", (2, 4): "green"}),
    "Ski Storage": ({(1, 1): "red", (1, 2): "red", (1, 3): "red"},
                    {(1, 1): "red", (1, 2): "red", (1, 3): "red", (1, 4): "red"}),
    "Staircase": ({(1, 1): "yellow", (1, 2): "yellow"},
                  {(1, 1): "blue", (1, 2): "green"}),
    "Switchboard": (guests("green", [(1, 1), (1, 3), (1, 4), (1, 5)]),
                    guests("green", [(1, 1), (1, 3), (1, 4)])),
    "Warming Room": (guests("yellow", [(1, 1), (1, 3), (1, 4), (1, 5)]),
                     guests("yellow", [(1, 1), (1, 3), (1, 4)])),
    "Viewing Area": (guests("blue", [(2, 1), (2, 3), (2, 4), (2, 5), (2, 6)]),
                     guests("blue", [(2, 1), (2, 3), (2, 4), (2, 5)]) | guests("red", [(1, 6)])),
}


def test_every_amenity_has_a_case():
    assert set(CASES) == {a["name"] for a in AMENITIES}


def _complete(name, layout):
    lodge = build_lodge({**layout, AT: name})
    return am.complete(AMENITY_ID[name], AT, grid_of(lodge))


@pytest.mark.parametrize("name", sorted(CASES))
def test_amenity_condition_met(name):
    assert _complete(name, CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_amenity_condition_not_met(name):
    assert not _complete(name, CASES[name][1])


def test_staircase_zero_yellow_is_not_even():
    assert not _complete("Staircase", {(1, 1): "red"})
    assert not _complete("Staircase", {(1, 1): "yellow", (1, 3): "yellow", (1, 4): "yellow"})
    assert _complete("Staircase", {(1, c): "yellow" for c in range(1, 5)})


@pytest.mark.parametrize("shape", [
    [(1, 4), (1, 5), (2, 5)], [(1, 4), (2, 4), (2, 5)], [(1, 5), (2, 4), (2, 5)], [(1, 4), (1, 5), (2, 4)],
])
def test_conference_room_l_in_every_rotation(shape):
    assert _complete("Conference Room", {pos: "red" for pos in shape})


def test_coat_closet_vertical_line_and_amenities_do_not_count_as_rooms():
    assert _complete("Coat Closet", {(1, 5): "red", (2, 5): "red", (3, 5): "red"})
    assert not _complete("Concierge", {(1, 1): "red", (1, 2): "blue", (1, 3): "green",
                                       (2, 1): "yellow", (3, 3): "Bar"})
