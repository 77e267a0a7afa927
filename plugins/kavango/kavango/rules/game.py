"""The Kavango game object: options, whose turn it is, legal moves, one handler per move type."""

from __future__ import annotations

from core.engine import Game, IllegalMove, Option, OptionError, Result
from core.engine.fields import get_str
from core.engine.game import ranks_by

from .. import catalog as cat
from . import determinize, draft, investment, last, lodges, scoring, setup, turn, views

ACT_STEPS = {
    "use": turn.use_moves,
    "relocate": turn.relocate_moves,
    "exchange_give": turn.exchange_give_moves,
    "exchange_take": turn.exchange_take_moves,
    "rewild_free": lambda state, seat: [
        {"type": "rewild", "kind": k} for k in turn.rewild_kinds(state)
    ],
    "invest": investment.invest_moves,
    "carry": investment.drop_moves,
    "rearrange": investment.rearrange_moves,
    "place": investment.place_moves,
    "golden": investment.golden_moves,
}


class Kavango(Game):
    slug = "kavango"
    name = "Kavango"
    min_players = 1
    max_players = 5
    playing_time = "40-60 min"
    #: Using the drafted card and each Investment step, until "Done investing"; drafting is a
    #: simultaneous secret pick and stands once made.
    undoable = frozenset({"use", "protect", "climate", "research", "rewild", "sell", "place"})
    summary = (
        "Draft animals, producers and actions at the same time as everyone else, build a Nature "
        "Reserve in the Kavango region, and (with the Lodges expansion) build Lodges around it."
    )
    options = (
        Option(
            "lodges",
            "Lodges expansion",
            kind="bool",
            default=True,
            help="Lodge cards, Lodges and the expansion's climate rule.",
        ),
        Option(
            "golden_lodge",
            "Golden Lodge race",
            kind="bool",
            default=False,
            players=(2, 5),
            help="Three Golden Lodge cards are revealed; the first to meet one claims 10 points. "
            "Always on when a seat plays Intermediate or Maximum; never solo.",
        ),
        Option(
            "quick_sanctuary",
            "Quick Sanctuary (deal 2 animals each instead of the snake pick)",
            kind="bool",
            default=False,
        ),
        Option("expert_deal", "Deal 2 Experts, keep 1 (updated rule)", kind="bool", default=True),
        Option(
            "goal_deal",
            "Deal 2 Goals, keep both, score 1 (updated rule)",
            kind="bool",
            default=True,
        ),
        Option(
            "relocation_variant",
            "Two-player Relocation variant",
            kind="bool",
            default=True,
            players=(1, 2),
        ),
        Option(
            "oppo",
            "Oppo's level",
            default="intermediate",
            players=(1, 1),
            choices=(("easy", "Easy"), ("intermediate", "Intermediate"), ("expert", "Expert")),
        ),
        Option(
            "difficulty", "Lodges difficulty", default="lodges", per_seat=True, choices=lodges.DIFFICULTIES
        ),
        Option(
            "start_money",
            "Starting money ($m)",
            kind="int",
            default=2,
            min=0,
            max=5,
            per_seat=True,
            help="A handicap: players may start with different amounts.",
        ),
    )

    def validate_options(self, players, options, seat_options):
        if options.get("golden_lodge") and not options.get("lodges"):
            raise OptionError("The Golden Lodge needs the Lodges expansion.")

    # ---- contract ------------------------------------------------------------------------
    def setup(self, players, options, seat_options, rng):
        return setup.setup_game(players, options, seat_options, rng)

    def to_act(self, state):
        phase = state["phase"]
        if phase == "choose":
            return {s for s in range(state["players"]) if not setup.choosing_done(state, s)}
        if phase == "sanctuary":
            return {state["sanctuary_order"][0]}
        if phase == "draft":
            return {s for s, pick in enumerate(state["picks"]) if pick is None}
        if phase == "act":
            return {draft.acting_seat(state)}
        return set()

    def may_move(self, state, seat):
        """Whether ``seat`` is in :meth:`to_act`, found without building the set: every list of
        legal moves and every move asks, and in the draft and act phases one look answers."""
        phase = state["phase"]
        if phase == "act":
            return seat == draft.acting_seat(state)
        if phase == "draft":
            picks = state["picks"]
            return seat in range(len(picks)) and picks[seat] is None
        return seat in self.to_act(state)

    def legal_moves(self, state, seat):
        if not self.may_move(state, seat):
            return []
        phase = state["phase"]
        p = state["p"][seat]
        if phase == "choose":
            moves = []
            if p["expert"] is None:
                moves += [{"type": "expert", "card": e} for e in p["expert_options"]]
            done_levels = {cat.LODGES_BY_ID[c].level for c in p["lodges"]["kept"]}
            moves += [
                {"type": "return_lodge", "card": c}
                for c in p["lodges"]["dealt"]
                if cat.LODGES_BY_ID[c].level not in done_levels
            ]
            return moves
        if phase == "sanctuary":
            return [{"type": "sanctuary_pick", "card": c} for c in state["sanctuary_offer"]]
        if phase == "draft":
            return [{"type": "draft", "card": c} for c in state["hands"][seat]]
        return ACT_STEPS[state["step"]](state, seat)

    def apply(self, state, seat, move, rng):
        """Every move also records what it touched, for the board's last-move marks."""
        before = last.snapshot(state, seat)
        state = super().apply(state, seat, move, rng)
        state["last"] = last.touched(before, state, seat)
        return state

    def decision_basis(self, state, seat):
        """What ``seat`` decides on, leaving out what another seat's secret choice changes.

        The draft and the opening choice of Expert and Lodge cards are simultaneous. Another
        player's pick only flips their "has picked" flag, marks them as the last mover (a mark
        the default basis leaves out) and writes a log line; another player's Expert may change
        their own money or tracks. None of that changes what this seat's pick means, so a pick
        made before it still stands. When the last pick is revealed (or the last choice made),
        the phase moves on and the basis with it.
        """
        basis = super().decision_basis(state, seat)
        phase = state["phase"]
        if phase in ("draft", "choose"):
            players = basis["view"]["players"]
            if phase == "choose":
                basis["view"]["players"] = [p for p in players if p["seat"] == seat]
            for p in players:
                if p["seat"] != seat:
                    p.pop("has_picked", None)
        return basis

    def view(self, state, seat):
        return views.view(state, seat)

    def determinize(self, view, seat, rng):
        return determinize.determinize(view, seat, rng)

    def material(self, state):
        return determinize.material(state)

    def secrets(self, state, seat):
        return views.secrets(state, seat)

    def result(self, state):
        if state["phase"] != "over":
            return None
        rows = [scoring.breakdown(state, s) for s in range(state["players"])]
        scores = [sum(r.values()) for r in rows]
        details = {"awards": [scoring.awards(p) for p in state["p"]]}
        if state["solo"]:
            oppo = scoring.oppo_breakdown(state)
            oppo_score = sum(oppo.values())
            details.update(oppo_score=oppo_score, oppo_breakdown=oppo)
            won = [scores[0] >= oppo_score]
            return Result(
                scores, [1], tiebreak=solo_tie_note(scores[0], oppo_score), won=won,
                breakdown=rows, details=details,
            )
        ranks = ranks_by([(s,) for s in scores])
        tie = len(set(scores)) < len(scores)
        return Result(
            scores,
            ranks,
            tiebreak="Ties are not broken: a tie is a shared victory (nature is the winner)."
            if tie
            else "",
            breakdown=rows,
            details=details,
        )

    def progress(self, state):
        if state["phase"] == "over":
            return 1.0
        return max(0.0, (state["round"] * 10 + state["turn"] - 1) / 30)

    # ---- helpers -------------------------------------------------------------------------
    def _require(self, state, seat, phase, step=None):
        if state["phase"] != phase or (step and state["step"] != step):
            raise IllegalMove("That move does not fit this moment of the game.")
        if not self.may_move(state, seat):
            raise IllegalMove("It is not your turn.")

    # ---- setup moves ---------------------------------------------------------------------
    def move_expert(self, state, seat, move, rng):
        self._require(state, seat, "choose")
        card = get_str(move, "card")
        p = state["p"][seat]
        if p["expert"] is not None:
            raise IllegalMove("You have already chosen your Expert.")
        if card not in p["expert_options"]:
            raise IllegalMove("That Expert was not dealt to you.")
        setup.choose_expert(state, seat, card)
        state["log"].append(f"{p['name']} has chosen an Expert.")
        setup.maybe_finish_choosing(state)
        return state

    def move_return_lodge(self, state, seat, move, rng):
        self._require(state, seat, "choose")
        card = get_str(move, "card")
        if {"type": "return_lodge", "card": card} not in self.legal_moves(state, seat):
            raise IllegalMove(
                "Return one of the three dealt Lodge cards of a level not yet settled."
            )
        setup.return_lodge(state, seat, card)
        state["log"].append(f"{state['p'][seat]['name']} has kept two Lodge cards of a level.")
        setup.maybe_finish_choosing(state)
        return state

    def move_sanctuary_pick(self, state, seat, move, rng):
        self._require(state, seat, "sanctuary")
        card = get_str(move, "card")
        if card not in state["sanctuary_offer"]:
            raise IllegalMove("That animal is not among the revealed Sanctuary animals.")
        setup.pick_sanctuary(state, seat, card, rng)
        return state

    # ---- the draft -----------------------------------------------------------------------
    def move_draft(self, state, seat, move, rng):
        self._require(state, seat, "draft")
        card = get_str(move, "card")
        if card not in state["hands"][seat]:
            raise IllegalMove("That card is not in the hand in front of you.")
        draft.commit_pick(state, seat, card)
        return state

    # ---- using the card ------------------------------------------------------------------
    def move_use(self, state, seat, move, rng):
        self._require(state, seat, "act", "use")
        turn.use(state, seat, move)
        return state

    def move_relocate(self, state, seat, move, rng):
        self._require(state, seat, "act", "relocate")
        turn.relocate(state, seat, move)
        return state

    def move_exchange_give(self, state, seat, move, rng):
        self._require(state, seat, "act", "exchange_give")
        turn.exchange_give(state, seat, move)
        return state

    def move_exchange_take(self, state, seat, move, rng):
        self._require(state, seat, "act", "exchange_take")
        turn.exchange_take(state, seat, move)
        return state

    def move_rewild(self, state, seat, move, rng):
        if state["phase"] == "act" and state["step"] == "rewild_free":
            self._require(state, seat, "act", "rewild_free")
            turn.rewild_free(state, seat, move)
        else:
            self._require(state, seat, "act", "invest")
            investment.rewild(state, seat, move)
        return state

    # ---- the Investment stage ------------------------------------------------------------
    def _invest(self, state, seat, move, handler, step="invest"):
        self._require(state, seat, "act", step)
        handler(state, seat, move)
        return state

    def move_research(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.research)

    def move_protect(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.protect)

    def move_climate(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.climate)

    def move_sell(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.sell)

    def move_release(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.release)

    def move_place(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.place, step="place")

    def move_rearrange(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.rearrange)

    def move_finish_rearranging(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.finish_rearranging, step="rearrange")

    def move_lift(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.lift, step="rearrange")

    def move_drop(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.drop, step="carry")

    def move_build(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.build)

    def move_golden(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.golden, step="golden")

    def move_unlock(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.unlock)

    def move_solar(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.solar)

    def move_discard_lodge(self, state, seat, move, rng):
        return self._invest(state, seat, move, investment.discard_lodge)

    def move_done(self, state, seat, move, rng):
        self._require(state, seat, "act", "invest")
        draft.finish_acting(state)
        return state


def solo_tie_note(score: int, oppo_score: int) -> str:
    """The line under a solo game's final table, headed "Ties:": whether there was one and how it
    is settled (it goes to the player: nature is the winner), with Oppo's score beside the
    player's, since Oppo has no row of its own in the table."""
    if score == oppo_score:
        return f"You and Oppo both scored {score}: the tie is shared, so you win (nature is the winner)."
    return (f"None: you scored {score}, Oppo {oppo_score} (a tie with Oppo is shared, and counts "
            "as your win: nature is the winner).")
