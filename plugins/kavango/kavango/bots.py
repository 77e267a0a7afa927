"""Warden, a heuristic Kavango bot: drafts what it can place, plans Lodges, invests with care.

It decides from its own seat's information (its hand, its board, the public table), always picks
one of the legal moves, and never looks at other hands or decks.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from core.engine import Bot

from . import catalog as cat
from . import constants as K
from .rules import lodges, scoring
from .rules.reserve import climate_room, empty_cells, requirement_gaps, sanctuary_spaces, symbols
from .rules.scoring import Tally, metric, research_reward, research_tier
from .rules.turn import action_usable

ACTION_VALUE = {
    "grant": 3.5,
    "rewilding_project": 3.0,
    "anti_poaching_unit": 3.0,
    "habitat_restoration": 3.0,
    "climate_action": 2.5,
    "wildlife_exchange": 1.5,
    "relocation": 1.5,
}


def _count(types) -> dict[str, int]:
    """Animals by type, as a plain dict: a Counter's own bookkeeping cost more than the
    counting, at several hundred thousand counts in a hard decision's rollouts."""
    found: dict[str, int] = {}
    for t in types:
        found[t] = found.get(t, 0) + 1
    return found


@cache
def _requires(card: str) -> dict[str, int]:
    """A Lodge or Golden Lodge card's animals by type (read only: shared by every ask)."""
    lodge = cat.LODGES_BY_ID.get(card) or cat.GOLDEN_BY_ID[card]
    return _count(lodge.requires)


#: The Lodge blocks (by their top-left space) that hold each space of the Reserve.
_POINTS_AT = {
    (r, c): [point for point in lodges.points() if (r, c) in lodges.block(point)]
    for r in range(K.ROWS) for c in range(K.COLS)
}


class _Standing:
    """A seat's standing when it drafts, worked out once for all the cards offered and only as
    far as they ask: its food symbols, the research tiers and goal worth that a card's gain is
    measured from, and the worth of a space in its Reserve for each type of animal (two cards of
    one type score every space alike where no Golden Lodge card is open)."""

    __slots__ = ("warden", "state", "seat", "tally", "_tiers", "_goal", "_needed", "_bonus")

    def __init__(self, warden: Warden, state: dict, seat: int) -> None:
        self.warden, self.state, self.seat = warden, state, seat
        self.tally = Tally(state["p"][seat])
        self._tiers = self._goal = self._needed = None
        self._bonus: dict[str, float] = {}

    def tiers(self) -> dict[str, int]:
        """The tier reached now of every research card this seat has not claimed."""
        if self._tiers is None:
            p = self.state["p"][self.seat]
            self._tiers = {r: research_tier(p, r, self.tally) for r in self.state["research"] if r not in p["claims"]}
        return self._tiers

    def goal_worth(self) -> float:
        if self._goal is None:
            self._goal = self.warden._goal_worth(self.state["p"][self.seat], self.tally)
        return self._goal

    def needed_symbols(self) -> Counter:
        if self._needed is None:
            self._needed = self.warden._needed_symbols(self.state, self.seat, self.tally.symbols())
        return self._needed

    def placement_bonus(self, card: str) -> float:
        if lodges.golden_options_open(self.state, self.seat):
            return self.warden._placement_bonus(self.state, self.seat, card)
        kind = cat.animal(card).type
        if kind not in self._bonus:
            self._bonus[kind] = self.warden._placement_bonus(self.state, self.seat, card)
        return self._bonus[kind]


class Warden(Bot):
    name = "warden"
    label = "Warden (heuristic)"
    game = "kavango"

    #: Search (the hard bot) cuts its rollouts after this many plies: a game between Wardens
    #: runs to some 230 (random play, some 900).
    search_horizon = 30
    #: A cut rollout is judged by the size of each seat's lead, not by who leads: 30 plies into
    #: a game of some 230 the same seat mostly leads after either of two moves, so most paired
    #: rollouts told the moves nothing. ``bench/leads.py kavango --games 300``: a lead worth
    #: three chances in four was some 40 points in the second quarter of a game, 28 in the
    #: third and 10 in the last (in the first, leads are a few points and tell nothing).
    search_lead_scale = 20.0
    #: The search keeps the Warden's move until the game is half over: a lead in the first two
    #: quarters tells next to nothing of who wins (``bench/leads.py``: log loss 0.69 and 0.68, a
    #: coin flip's 0.69), so a search there left the Warden's move on noise and the interim
    #: scores' short view (money kept over research and buildings). Hard vs normal, 2 seats, 1 s,
    #: seed 300 --mirror: searching all game won 7 of the first 21 games (11.6 points a game
    #: behind the Warden), from half-way 26 of 40 (216.5 points a game against 203.2).
    search_from = 0.5
    #: Money not yet spent, in points, when a rollout cut short is judged.
    MONEY_WORTH = 0.3

    def interim_scores(self, state):
        """How a game cut short stands, for the search bot: each seat's points as the final
        scoring counts them so far, plus a little for money in hand; solo, the margin over Oppo."""
        scores = [sum(scoring.breakdown(state, s).values()) + self.MONEY_WORTH * state["p"][s]["money"]
                  for s in range(state["players"])]
        if state["solo"]:
            return [scores[0] - sum(scoring.oppo_breakdown(state).values())]
        return scores

    def root_moves(self, game, state, seat, rng):
        """The search bot's shortlist: at Investment every move but starting a rearrangement
        (unless that is the Warden's own move: the search adds it), and within a rearrangement
        (a lift, or putting the lifted animal down) the Warden's own move alone. A
        rearrangement pays only through a Lodge plan, which the Warden follows; without one the
        rollouts after a lift put the animal back, so a detour won on noise alone (hard vs
        normal, 2 seats, 5 games: 197 of the hard bot's 1,183 decisions were a rearrangement or
        a lift instead of the Warden's move, each a second of thinking and a move of the stage's
        allowance spent for nothing). Starting a rearrangement and finishing it with no lift
        changes nothing, so nothing else ends a search that keeps preferring it: a two-seat
        bench game was still at it at ply 1,321 (a whole game takes some 880). Letting the
        search finish a rearrangement the Warden meant to use (it did 120 times in 21 games)
        could start that cycle again from the other end. Left to the search, putting a lifted
        animal down set the Warden's Lodge plan aside too (4 seats, 8 games: 62 of the hard
        bot's 1,364 decisions put an animal somewhere else)."""
        if seat not in game.to_act(state) or state["phase"] != "act":
            return None
        if state["step"] == "invest":
            return [m for m in game.legal_moves(state, seat) if m["type"] != "rearrange"]
        if state["step"] in ("rearrange", "carry"):
            return [self.choose(game, state, seat, rng)]
        return None

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        step = state["phase"] if state["phase"] != "act" else state["step"]
        handler = getattr(self, f"_{step}", None)
        move = handler(state, seat, moves) if handler else None
        return move if move in moves else moves[-1]

    # ---- setup ---------------------------------------------------------------------------
    def _choose(self, state, seat, moves):
        experts = [m for m in moves if m["type"] == "expert"]
        prefer = (
            "expert-fundraiser",
            "expert-ecologist",
            "expert-ranger",
            "expert-researcher",
            "expert-botanist",
            "expert-climate",
            "expert-carnivore",
            "expert-vet",
            "expert-liaison",
            "expert-ornithologist",
        )
        if experts:
            return min(experts, key=lambda m: prefer.index(m["card"]))
        returns = [m for m in moves if m["type"] == "return_lodge"]
        return min(
            returns, key=lambda m: -self._lodge_difficulty(cat.LODGES_BY_ID[m["card"]].requires)
        )

    @staticmethod
    def _lodge_difficulty(requires):
        rare = {"predator": 3, "bird_of_prey": 3, "large_mammal": 2, "medium_mammal": 1}
        return sum(rare.get(t, 0) for t in requires) + 2 * (len(set(requires)) < 4)

    def _sanctuary(self, state, seat, moves):
        return max(moves, key=lambda m: cat.animal(m["card"]).vp)

    # ---- draft ---------------------------------------------------------------------------
    def _draft(self, state, seat, moves):
        now = _Standing(self, state, seat)
        return max(moves, key=lambda m: self._card_value(state, seat, m["card"], now))

    def _card_value(self, state, seat, card, now):
        p = state["p"][seat]
        kind = cat.card_kind(card)
        late = state["round"] == 2 and state["turn"] >= 9
        if kind == "animal":
            a = cat.animal(card)
            gaps = requirement_gaps(state, p, card, now.tally.symbols())
            bonus = 3 * self._lodge_fit(state, seat, a.type)
            if not gaps and empty_cells(p):
                return (
                    a.vp
                    + 2
                    + now.placement_bonus(card)
                    + self._plan_gain(state, seat, card, now)
                    - self._crowding(state, seat, a.vp)
                )
            if late or len(p["sanctuary"]) >= sanctuary_spaces(p):
                return 1
            return a.vp * 0.5 / max(1, len(gaps)) + bonus * 0.5
        if kind == "producer":
            need = now.needed_symbols()
            sym = cat.producer_symbols(card)
            return (
                (4.5, 3.0, 0.5)[state["round"]]
                + sum(need[s] for s in sym) * 0.8
                + self._plan_gain(state, seat, card, now)
            )
        value = ACTION_VALUE.get(cat.kind_of(card), 1)
        return value if action_usable(state, seat, card) else 1

    def _needed_symbols(self, state, seat, have=None):
        p = state["p"][seat]
        have = symbols(p) if have is None else have
        need = Counter()
        pool = list(p["sanctuary"]) + list(state["hands"][seat])
        for card in pool:
            a = cat.animal(card)
            if a:
                for sym, n in a.food.items():
                    if have[sym] < n:
                        need[sym] += 1
        return need

    def _placement_bonus(self, state, seat, card):
        """Worth of the best space for this animal: finishing a Lodge block is worth a Lodge,
        finishing a Golden Lodge block is worth the Golden Lodge."""
        if not lodges.uses_lodges(state, seat):
            return 0
        p = state["p"][seat]
        cell_score = self._cell_scorer(p, cat.animal(card).type)
        best = 0.0
        for r, c in empty_cells(p):
            score = cell_score(r, c)
            value = K.LODGE_POINTS if score >= 8 else score * 0.2
            best = max(best, value + self._golden_score(state, seat, card, r, c))
        return best

    def _golden_score(self, state, seat, card, r, c):
        """How far this animal on this space brings a block towards a revealed Golden Lodge card:
        the card's 10 points when it completes one, a share of them for a promising start."""
        p = state["p"][seat]
        if not lodges.golden_options_open(state, seat):
            return 0.0
        a = cat.animal(card)
        best = 0.0
        used = lodges.used_points(p)
        for point in lodges.points():
            cells = lodges.block(point)
            if (r, c) not in cells or point in used:
                continue
            others = [p["grid"][rr][cc] for rr, cc in cells if (rr, cc) != (r, c)]
            if any(p["cp"][rr][cc] is not None for rr, cc in cells if (rr, cc) != (r, c)):
                continue
            present = [cat.animal(x) for x in others if x]
            types = Counter([x.type for x in present] + [a.type])
            value = sum(x.vp for x in present) + a.vp
            missing = 4 - len(present) - 1
            for g in state["golden"]["cards"]:
                gc = cat.GOLDEN_BY_ID[g]
                need = Counter(gc.requires)
                if any(types[t] > need[t] for t in types):
                    continue
                if missing == 0 and value >= gc.min_value:
                    best = max(best, K.GOLDEN_LODGE_POINTS + 2)
                elif missing and value + 9 * missing >= gc.min_value:
                    best = max(best, K.GOLDEN_LODGE_POINTS * (3 - missing) / 6)
        return best

    def _crowding(self, state, seat, vp):
        """A cheap animal takes a space a big round-3 animal may need: count that cost once the
        Reserve's free spaces run short of the turns still to come."""
        p = state["p"][seat]
        turns_left = (K.ROUNDS - 1 - state["round"]) * K.TURNS_PER_ROUND + (
            K.TURNS_PER_ROUND - state["turn"]
        )
        if len(empty_cells(p)) > turns_left * 0.8:
            return 0.0
        return max(0, 7 - vp) * 1.0

    def _plan_gain(self, state, seat, card, now):
        """What this card adds towards this round's research tiers and the better goal card
        (``now``: the seat's :class:`_Standing` before it)."""
        p = state["p"][seat]
        after = dict(p)
        if cat.card_kind(card) == "producer":
            after["producers"] = list(p["producers"]) + [card]
        else:
            cells = empty_cells(p)
            if not cells:
                return 0.0
            r, c = cells[0]
            after["grid"] = [list(row) for row in p["grid"]]
            after["grid"][r][c] = card
        gain = 0.0
        then = Tally(after)  # counted once for every research and goal card asked
        for research, was in now.tiers().items():
            tier = research_tier(after, research, then)
            if tier > was:
                gain += self._tier_worth(state, tier) - self._tier_worth(state, was)
        return gain + self._goal_worth(after, then) - now.goal_worth()

    @staticmethod
    def _tier_worth(state, tier):
        if not tier:
            return 0.0
        money, vp = research_reward(state["round"], tier)
        return money * 0.6 + vp

    @staticmethod
    def _goal_worth(p, tally=None):
        """The better goal card's points, plus a share of its next step for progress towards it
        (``tally``: the player's :class:`~kavango.rules.scoring.Tally`, if the caller has one)."""
        best = 0.0
        tally = tally or Tally(p)
        for goal_id in p["goals"]:
            goal = cat.GOALS_BY_ID[goal_id]
            have = metric(p, goal.metric, tally)
            worth = max([vp for need, vp in goal.steps if have >= need], default=0)
            step = next(((need, vp) for need, vp in goal.steps if have < need), None)
            if step:
                worth += (step[1] - worth) * min(have, step[0]) / step[0] * 0.4
            best = max(best, worth)
        return best

    def _lodge_fit(self, state, seat, animal_type):
        if not lodges.uses_lodges(state, seat):
            return 0
        p = state["p"][seat]
        return int(
            any(animal_type in cat.LODGES_BY_ID[c].requires for c in lodges.unbuilt_cards(p))
        )

    # ---- using the card ------------------------------------------------------------------
    def _use(self, state, seat, moves):
        card = state["drafted"][seat]
        reserve = [m for m in moves if m.get("how") == "reserve"]
        if reserve:
            return self._best_cell(state, seat, card, reserve)
        by_how = {m["how"]: m for m in moves}
        if "producer" in by_how:
            return by_how["producer"]
        if "action" in by_how and ACTION_VALUE.get(cat.kind_of(card), 0) >= 1.5:
            return by_how["action"]
        if (
            "sanctuary" in by_how
            and cat.animal(card).vp >= 4
            and state["round"] < 2 + (state["turn"] < 7)
        ):
            return by_how["sanctuary"]
        return by_how["discard"]

    def _best_cell(self, state, seat, card, options):
        p = state["p"][seat]
        if not lodges.uses_lodges(state, seat):
            return options[0]
        cell_score = self._cell_scorer(p, cat.animal(card).type)
        return max(
            options,
            key=lambda m: (
                cell_score(m["row"], m["col"])
                + self._golden_score(state, seat, card, m["row"], m["col"]),
                -abs(m["row"] - 1),
                -m["col"],
            ),
        )

    def _cell_scorer(self, p, animal_type):
        """How far a space, holding an animal of this type, advances some kept Lodge card, as
        a function of the space: two a block animal (this one included) less one a locked
        space, in the best block whose animals some unbuilt Lodge card could still take. A draft
        weighs every empty space for every card offered, and an empty space's blocks score the
        same whichever of their empty spaces it is, so each block is judged once per card."""
        cards = [_requires(card) for card in lodges.unbuilt_cards(p)]
        used = set(lodges.used_points(p))
        grid, cp = p["grid"], p["cp"]
        judged: dict[tuple[int, int], int] = {}

        def block_score(point, r, c):
            cells = lodges.block(point)
            have = _count(cat.animal(grid[rr][cc]).type for rr, cc in cells
                          if grid[rr][cc] and (rr, cc) != (r, c))
            have[animal_type] = have.get(animal_type, 0) + 1
            if not any(all(n <= need.get(t, 0) for t, n in have.items()) for need in cards):
                return 0
            return sum(have.values()) * 2 - sum(1 for rr, cc in cells if cp[rr][cc] is not None)

        def score(r, c):
            best = 0
            for point in _POINTS_AT[(r, c)] if cards else ():
                if point in used:
                    continue
                if grid[r][c]:  # an occupied space is judged without its own animal
                    found = block_score(point, r, c)
                else:
                    found = judged.get(point)
                    if found is None:
                        found = judged[point] = block_score(point, r, c)
                best = max(best, found)
            return best

        return score

    def _relocate(self, state, seat, moves):
        p = state["p"][seat]

        def worth(m):
            a = cat.animal(m["card"])
            if a:
                return a.vp if not requirement_gaps(state, p, m["card"]) else 0
            return 2 if cat.card_kind(m["card"]) == "producer" else 0

        return max(moves, key=worth)

    def _exchange_give(self, state, seat, moves):
        return min(moves, key=lambda m: cat.animal(m["card"]).vp)

    def _exchange_take(self, state, seat, moves):
        p = state["p"][seat]
        return max(
            moves,
            key=lambda m: (not requirement_gaps(state, p, m["card"]), cat.animal(m["card"]).vp),
        )

    def _rewild_free(self, state, seat, moves):
        need = self._needed_symbols(state, seat)
        return max(moves, key=lambda m: need[m["kind"]])

    def _golden(self, state, seat, moves):
        """Several blocks meet a Golden Lodge card: the most valuable one wins same-turn ties."""
        p = state["p"][seat]
        return max(moves, key=lambda m: lodges.block_value(p, (m["row"], m["col"])))

    def _place(self, state, seat, moves):
        p = state["p"][seat]
        return self._best_cell(state, seat, p["placing"], moves)

    def _carry(self, state, seat, moves):
        r, c = state["p"][seat]["carry"]
        plan = self._lodge_plan(state, seat)
        for (sr, sc), (tr, tc) in plan or []:
            if (sr, sc) == (r, c):
                return {"type": "drop", "row": tr, "col": tc}
        return {"type": "drop", "row": r, "col": c}

    def _rearrange(self, state, seat, moves):
        plan = self._lodge_plan(state, seat)
        if plan:
            (r, c), _target = plan[0]
            return {"type": "lift", "row": r, "col": c}
        return {"type": "finish_rearranging"}

    def _lodge_plan(self, state, seat):
        """The fewest swaps that complete a kept Lodge card, or a revealed Golden Lodge card
        (tried first: it is worth more), somewhere: [(from, to), ...]."""
        p = state["p"][seat]
        lifts = K.REARRANGE_PER_STAGE - p["stage"]["moves"] + (1 if p["carry"] else 0)
        if not lodges.uses_lodges(state, seat) or lifts <= 0:
            return None
        grid = p["grid"]
        fixed = lodges.fixed_cells(p)
        kind = {(r, c): cat.animal(grid[r][c]) for r in range(K.ROWS) for c in range(K.COLS) if grid[r][c]}
        # the movable animals, most valuable first, and the blocks a Lodge may still go on
        movable = sorted((cell for cell in kind if cell not in fixed), key=lambda cell: -kind[cell].vp)
        if not movable:
            return None
        used = lodges.used_points(p)
        # the open blocks holding enough animals to be finished in the lifts left, each with its
        # animals by type, so that a card's kept animals there are counted before any plan is
        # tried: most blocks need more lifts than are left
        limit = min(lifts, 2)
        open_blocks = []
        for point in lodges.points():
            cells = lodges.block(point)
            if point in used or any(p["cp"][r][c] is not None for r, c in cells):
                continue
            present = _count(kind[cell].type for cell in cells if cell in kind)
            if sum(present.values()) + limit >= len(cells):
                open_blocks.append((cells, present))
        best = None
        wanted = [(_requires(c), cat.LODGES_BY_ID[c].level, 0) for c in lodges.unbuilt_cards(p)]
        if lodges.golden_options_open(state, seat):
            wanted += [(_requires(g), 4, cat.GOLDEN_BY_ID[g].min_value) for g in state["golden"]["cards"]]
        for requires, level, min_value in wanted:
            for cells, present in open_blocks:
                if not 0 < len(cells) - sum(min(n, present.get(t, 0)) for t, n in requires.items()) <= limit:
                    continue
                remaining = dict(requires)
                keep = set()
                for cell in cells:
                    if cell in kind and remaining.get(kind[cell].type, 0) > 0:
                        remaining[kind[cell].type] -= 1
                        keep.add(cell)
                targets = [cell for cell in cells if cell not in keep]
                if any(cell in kind and cell in fixed for cell in targets):
                    continue
                plan, sources = [], set()
                for animal_type in (t for t, n in remaining.items() for _ in range(n)):
                    source = next(
                        (
                            cell
                            for cell in movable
                            if cell not in cells and kind[cell].type == animal_type and cell not in sources
                        ),
                        None,
                    )
                    if source is None:
                        break
                    plan.append((source, targets[len(plan)]))
                    sources.add(source)
                value = sum(kind[cell].vp for cell in keep) + sum(kind[cell].vp for cell, _to in plan)
                if len(plan) < len(targets) or value < min_value:
                    continue
                if best is None or (len(plan), -level) < best[0]:
                    best = ((len(plan), -level), plan)
        return best[1] if best else None

    # ---- the Investment stage ------------------------------------------------------------
    def _invest(self, state, seat, moves):
        p = state["p"][seat]
        kinds = {}
        for m in moves:
            kinds.setdefault(m["type"], []).append(m)
        late_round = state["turn"] >= 8
        last_turn = state["round"] == 2 and state["turn"] == 10
        if "build" in kinds:
            return max(kinds["build"], key=lambda m: cat.LODGES_BY_ID[m["card"]].level)
        for m in kinds.get("research", []):
            tier = m["tier"]
            if tier == 3 or late_round or tier > research_tier(p, m["card"]):
                return m
        if "release" in kinds:
            return max(kinds["release"], key=lambda m: cat.animal(m["card"]).vp)
        if "unlock" in kinds and len(empty_cells(p)) <= 3:
            return min(kinds["unlock"], key=lambda m: (p["cp"][m["row"]][m["col"]], -m["col"]))
        if "solar" in kinds and state["round"] == 2 and late_round:
            return max(kinds["solar"], key=lambda m: sum(m["markers"]))
        if "discard_lodge" in kinds and (
            last_turn or (state["turn"] == 10 and state["round"] == 1)
        ):
            return max(kinds["discard_lodge"], key=lambda m: cat.LODGES_BY_ID[m["card"]].level)
        if "rearrange" in kinds and self._lodge_plan(state, seat):
            return kinds["rearrange"][0]
        protect = self._protection_goal(state, seat, kinds.get("protect", []), last_turn)
        if protect:
            return protect
        climate = kinds.get("climate", [])
        free = [m for m in climate if m.get("free")]
        if free:
            return free[0]
        if climate and self._wants_climate(state, seat):
            return climate[0]
        if "rewild" in kinds and state["round"] >= 1 and p["money"] >= 5:
            need = self._needed_symbols(state, seat)
            best = max(kinds["rewild"], key=lambda m: need[m["kind"]])
            if need[best["kind"]]:
                return best
        if "sell" in kinds and state["round"] == 2 and late_round:
            for m in kinds["sell"]:
                if requirement_gaps(state, p, m["card"]):
                    return m
        return {"type": "done"}

    def _protection_goal(self, state, seat, options, last_turn):
        p = state["p"][seat]
        wanted = {"habitat": 0, "smuggling": 0}
        for card in list(p["sanctuary"]) + list(state["hands"][seat]):
            a = cat.animal(card)
            if a:
                wanted["habitat"] = max(wanted["habitat"], a.protection.get("H", 0))
                wanted["smuggling"] = max(wanted["smuggling"], a.protection.get("S", 0))
        for m in options:
            track = m["track"]
            cost = K.protection_step_cost(p[track])
            if p[track] < wanted[track] and p["money"] >= cost:
                return m
            if p[track] >= 2 and state["round"] >= 1 and p["money"] >= cost + 1:
                return m
            if last_turn and p[track] == K.MAX_PROTECTION - 1:
                return m
        return None

    def _wants_climate(self, state, seat):
        p = state["p"][seat]
        if p["climate_markers"] >= K.CLIMATE_AWARD_MARKERS or climate_room(state, p) <= 0:
            return False
        remaining_turns = (2 - state["round"]) * 10 + (10 - state["turn"])
        behind = K.CLIMATE_AWARD_MARKERS - p["climate_markers"]
        return p["money"] >= 3 or (remaining_turns < 8 and behind <= p["money"] + remaining_turns)
