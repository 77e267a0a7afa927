"""The Innkeeper's judgement of one lodge, worked out once and grown from the lodge before it.

To decide one move the Innkeeper judges thousands of lodges (every room in every place, the
check-ins each allows, each refill and look-ahead sample), and almost every one of them is a
lodge it has judged already plus one tile (a build) or one guest (a check-in). An
:class:`Appraisal` holds all that the judgement reads from the cells alone: the points, each
amenity's progress and whether it can still be completed, the empty rooms and their partners,
where guests fit, the guests the empty rooms may still take and each guest's best room. A lodge
one tile or one guest further is appraised from the one before: only what that tile or guest
can change is worked out again (a guest changes only the amenities that count guests, and a
room without a guest changes none of those), and the sums run in the lodge's order, so every
number is the one a fresh appraisal gives (``test_lodge_hotel_bots`` checks this on played
games). The weights are the Innkeeper's (see :mod:`lodge_hotel.bots`).
"""

from __future__ import annotations

from functools import cache

from . import amenities as am
from .catalog import AMENITY_BY_ID, FLOORS, GUEST_BY_ID, GUEST_POINTS, ROOMS
from .rules import ORTHOGONAL, floor_bonus, guest_colors
from .rules.lodge import place_of, places_among

#: The amenity conditions that count guests: the only ones a check-in can change, and the only
#: ones a room built without a guest cannot (it leaves every count of guests, and every place
#: that could hold a room, as they were).
COUNTS_GUESTS = frozenset(
    {"rooms_with_guests", "neighbors_with_guests", "column_rooms_with_guests", "floor_rooms_with_guests"})


def cells_of(lodge: dict) -> tuple:
    """A lodge's cells as (place, tile, guest), in the lodge's order: what an appraisal is
    known by (the states they are read from change as games go on; these do not)."""
    return tuple([(place_of(k), cell["tile"], cell["guest"]) for k, cell in lodge["cells"].items()])


@cache
def counts_guest(amenity: str, at: tuple[int, int], pos: tuple[int, int], room: str) -> bool:
    """Whether a guest in the room ``room`` at ``pos`` counts towards the amenity ``amenity``
    at ``at`` (one of :data:`COUNTS_GUESTS`). Those conditions count rooms with guests one by
    one, so the guest counts if it does in a lodge of that amenity and that room alone; each
    amenity condition stays written once, in :mod:`lodge_hotel.amenities`."""
    alone = {at: {"tile": amenity, "guest": None}, pos: {"tile": room, "guest": "any guest"}}
    return am.progress(amenity, at, alone) > 0.0


def is_open(grid: dict, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is an unbuilt place of the lodge (a room may be built there one day)."""
    return pos not in grid and 1 <= pos[0] <= FLOORS and pos[1] >= 1


def free_rooms(grid: dict) -> dict:
    """Each empty room of ``grid``: (its colour, its empty neighbours of another colour, their
    colours). A guest checks in only to such a room with a partner of its other colour."""
    empty = {pos: ROOMS[cell["tile"]] for pos, cell in grid.items()
             if not cell["guest"] and cell["tile"] in ROOMS}
    return {pos: _free_room(empty, pos, color) for pos, color in empty.items()}


def _free_room(empty: dict, pos: tuple[int, int], color: str) -> tuple:
    f, c = pos
    partners = tuple([n for df, dc in ORTHOGONAL if (n := (f + df, c + dc)) in empty and empty[n] != color])
    return color, partners, tuple({empty[n] for n in partners})


def _opens(grid: dict, pos: tuple[int, int]) -> bool:
    """Whether an unbuilt place lies beside ``pos``."""
    f, c = pos
    return any(is_open(grid, (f + df, c + dc)) for df, dc in ORTHOGONAL)


class Appraisal:
    """One lodge as the Innkeeper ``bot`` judges it, under the level rules ``rules``.

    ``cells`` as :func:`cells_of` gives them; ``grid`` the same as {place: cell}; ``amenities``
    each amenity as (place, tile, kind, progress, can still be completed), in the lodge's order;
    ``free`` as :func:`free_rooms`; ``opens`` for each empty room, whether an unbuilt place is
    beside it. What depends on the turns left or on a guest is worked out when first asked.
    Thousands are made a decision, so they are built of tuples and of dicts of plain values
    where they can be, which the garbage collector soon stops looking at.
    """

    __slots__ = ("bot", "rules", "cells", "_grid", "guest_points", "_amenities", "free", "opens",
                 "_places", "_points", "_value", "_future", "fits", "half_fits", "built_on", "check_ins",
                 "room_spots")

    @classmethod
    def fresh(cls, bot, rules, cells):
        """The appraisal of ``cells`` worked out from nothing."""
        self = cls()
        self.bot, self.rules, self.cells = bot, rules, cells
        self._grid = None
        grid = self.grid
        self.guest_points = sum(GUEST_POINTS + floor_bonus(guest, pos[0]) for pos, _tile, guest in cells if guest)
        self._amenities = None  # worked out when first asked for: a valet's choice needs none
        self.free = free_rooms(grid)
        self.opens = {pos: _opens(grid, pos) for pos in self.free}
        self._start()
        return self

    @staticmethod
    def _amenity(bot, rules, grid, pos, tile):
        return (pos, tile, AMENITY_BY_ID[tile]["rule"]["kind"], am.progress(tile, pos, grid),
                bot._reachable(rules, tile, pos, grid))

    @property
    def amenities(self):
        if self._amenities is None:
            bot, rules, grid = self.bot, self.rules, self.grid
            self._amenities = tuple([self._amenity(bot, rules, grid, pos, tile) for pos, tile, guest in self.cells
                                     if not guest and tile in AMENITY_BY_ID])
        return self._amenities

    @property
    def grid(self):
        """The lodge as {place: cell}, made when first asked for (a check-in needs none)."""
        if self._grid is None:
            self._grid = {pos: {"tile": tile, "guest": guest} for pos, tile, guest in self.cells}
        return self._grid

    def _start(self):
        self._places = self._points = None
        # The latest (turns, worth) asked for: one decision asks for one number of turns.
        self._value = self._future = (None, None)
        self.fits, self.half_fits, self.room_spots = {}, {}, {}
        # Appraisals of this lodge one build or one guest further (see Innkeeper._built and
        # Innkeeper._check_in), made when first needed: most lodges judged have none.
        self.built_on = self.check_ins = None

    def _grown(self, cells, grid):
        """A new appraisal sharing this one's bot and rules, for ``cells`` read as ``grid``."""
        child = Appraisal()
        child.bot, child.rules, child.cells, child._grid = self.bot, self.rules, cells, grid
        child._start()
        return child

    def built(self, cells, pos, tile):
        """The appraisal of this lodge with ``tile`` built on the unbuilt place ``pos`` (the
        last of ``cells``)."""
        grid = dict(self.grid)
        grid[pos] = {"tile": tile, "guest": None}
        child = self._grown(cells, grid)
        child.guest_points = self.guest_points
        bot, rules = self.bot, self.rules
        is_room = tile in ROOMS
        amenities = [a if is_room and a[2] in COUNTS_GUESTS else self._amenity(bot, rules, grid, a[0], a[1])
                     for a in self.amenities]
        if not is_room:
            amenities.append(self._amenity(bot, rules, grid, pos, tile))
            child.free = self.free
        else:
            empty = {p: entry[0] for p, entry in self.free.items()}
            empty[pos] = ROOMS[tile]
            free = child.free = dict(self.free)
            f, c = pos
            for n in ((f + df, c + dc) for df, dc in ORTHOGONAL):
                if n in empty and empty[n] != empty[pos]:
                    free[n] = _free_room(empty, n, empty[n])
            free[pos] = _free_room(empty, pos, empty[pos])
        opens = child.opens = dict(self.opens)
        f, c = pos
        for n in ((f + df, c + dc) for df, dc in ORTHOGONAL):
            if n in child.free:
                opens[n] = _opens(grid, n)
        if is_room:
            opens[pos] = _opens(grid, pos)
        child._amenities = tuple(amenities)
        return child

    def checked_in(self, cells, pos, room, guest):
        """The appraisal of this lodge with ``guest`` in the empty room ``room`` at ``pos``."""
        child = self._grown(cells, None)
        child.guest_points = self.guest_points + GUEST_POINTS + floor_bonus(guest, pos[0])
        amenities = []
        for a in self.amenities:
            if a[2] in COUNTS_GUESTS and a[3] < 1.0 and counts_guest(a[1], a[0], pos, room):
                need = AMENITY_BY_ID[a[1]]["rule"]["min"]
                a = (a[0], a[1], a[2], min(1.0, (round(a[3] * need) + 1) / need), a[4])
            amenities.append(a)
        child._amenities = tuple(amenities)
        free = child.free = dict(self.free)
        color, partners, _colors = free.pop(pos)
        for n in partners:  # its empty neighbours of another colour lose it as a partner
            own, theirs, _ = free[n]
            theirs = tuple([m for m in theirs if m != pos])
            free[n] = (own, theirs, tuple({free[m][0] for m in theirs}))
        child.opens = self.opens  # the same tiles, so the same unbuilt places
        return child

    # ---- the judgement's parts --------------------------------------------------------------
    def points_and_hopes(self, turns):
        """The lodge's score now (guests, floor bonuses, completed amenities) and the hope of
        its unfinished amenities: a share of their points, by progress and by the turns left
        to finish them (none for an amenity that can no longer be completed)."""
        if self._points is None:
            points, hope = self.guest_points, 0.0
            bot = self.bot
            for _pos, tile, kind, done, reachable in self.amenities:
                if done >= 1.0:
                    points += AMENITY_BY_ID[tile]["points"]
                elif reachable:
                    hope += AMENITY_BY_ID[tile]["points"] * (done + (1.0 - done) * bot.EASE[kind])
            self._points = (float(points), hope)
        points, hope = self._points
        if turns <= 0:
            hope = 0.0
        return points, hope * turns / (turns + self.bot.AMENITY_TURNS)

    def value_now(self, turns):
        """The points now plus the amenities' hope (:meth:`points_and_hopes`), added."""
        known, found = self._value
        if known != turns:
            value, hope = self.points_and_hopes(turns)
            value += hope
            found = value
            self._value = (turns, found)
        return found

    @property
    def places(self) -> dict:
        """For each (colour, other colour): the empty rooms of that colour with an empty room
        of the other colour beside them, as :func:`lodge_hotel.rules.lodge.check_in_places`
        gives them."""
        if self._places is None:
            self._places = places_among({p: entry[0] for p, entry in self.free.items()})
        return self._places

    def future_guests(self, turns):
        """The guests the empty rooms may still take in ``turns`` turns, in points.

        A room with an empty partner of another colour, or an unbuilt place beside it, fills
        with the chance :meth:`~lodge_hotel.bots.Innkeeper._fill_chance` gives (others never
        do), worth a guest's points and a share of its floor bonus. Empty rooms joined by
        partner colours form groups in which all but one room can fill (each guest needs an
        empty partner), so a group's sum is scaled by (size - 1) / size; the total is capped at
        GUESTS_PER_TURN guests a turn.
        """
        known, found = self._future
        if known == turns:
            return found
        bot, free, opens = self.bot, self.free, self.opens
        seen, total, count = set(), 0.0, 0.0
        for start in free:
            if start in seen:
                continue
            group, frontier = [start], [start]
            seen.add(start)
            while frontier:
                for n in free[frontier.pop()][1]:
                    if n not in seen:
                        seen.add(n)
                        group.append(n)
                        frontier.append(n)
            share = (len(group) - 1) / len(group) if len(group) > 1 else 1.0
            for pos in group:
                chance = bot._fill_chance(turns) if free[pos][1] or opens[pos] else 0.0
                total += share * chance * (GUEST_POINTS + bot.BONUS_SHARE * pos[0])
                count += share * chance
        cap = bot.GUESTS_PER_TURN * turns
        found = total if count <= cap else total * cap / count
        self._future = (turns, found)
        return found

    def spot_worth(self, guest, half):
        """What ``guest`` would score checking in now (0 if it cannot). With ``half``, a guest
        that cannot check in yet is worth ``HALF_FIT`` of what it would score beside an empty
        room of one of its colours with an unbuilt place next to it, where a room of its other
        colour could be built."""
        known = self.half_fits if half else self.fits
        found = known.get(guest)
        if found is not None:
            return found
        a, b = guest_colors(guest)
        pref = GUEST_BY_ID[guest]["floor"]
        near = 2 in self.rules
        best = worth_half = 0.0
        for pos, (color, _partners, colors) in self.free.items():
            if color == a:
                fits = b in colors
            elif color == b:
                fits = a in colors
            else:
                continue
            f = pos[0]
            if near and abs(f - pref) > 1:
                continue
            worth = GUEST_POINTS + (f if pref == f else 0)
            if fits:
                best = max(best, worth)
            elif half and self.opens[pos]:
                worth_half = max(worth_half, self.bot.HALF_FIT * worth)
        found = known[guest] = best or worth_half
        return found
