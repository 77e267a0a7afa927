"""Helpers for Kavango's tests: start games and put players in chosen situations (pure, no
Django). Importable as ``kavango.testing`` wherever the plugin is installed; the generic parts
(starting a table with options, applying moves as plies) come from :mod:`core.engine.testing`."""

from __future__ import annotations

from core.engine.play import play
from core.engine.testing import Table

from . import catalog as cat
from .rules import Kavango

GAME = Kavango()
SEED = 11


def new_game(players=3, lodges=False, seats=None, **options):
    return Table(GAME, players, SEED, seat_options=seats, lodges=lodges, **options).state


def act(state, seat, move, ply=1):
    return play(GAME, state, seat, move, ply, SEED)


def first_legal(state, seat):
    return GAME.legal_moves(state, seat)[0]


def to_draft(state):
    """Play the setup choices (first legal choice each time) until the first draft."""
    table = Table(GAME, seed=SEED, state=state)
    return table.advance(lambda s: s["phase"] not in ("choose", "sanctuary"))


def lodge_game(players=2, difficulty="lodges", **options):
    """A Lodges table at the draft, every seat at one difficulty."""
    seats = [{"difficulty": difficulty}] * players
    return to_draft(new_game(players, lodges=True, seats=seats, **options))


def keep(state, seat, cards):
    """Give a seat exactly these Lodge cards to build."""
    state["p"][seat]["lodges"]["kept"] = list(cards)
    return state


def investing(state, seat=0):
    """Put ``seat`` in its Investment stage of the current turn (a test shortcut)."""
    state["phase"] = "act"
    state["step"] = "invest"
    state["act_order"] = [seat] + [s for s in range(state["players"]) if s != seat]
    state["act_index"] = 0
    state["drafted"] = [None] * state["players"]
    return state


def using(state, seat, card):
    state = investing(state, seat)
    state["step"] = "use"
    state["drafted"][seat] = card
    return state


def card(kind, copy=1):
    return f"kav-{kind}-{copy}"


def place(state, seat, cells):
    """Put animals straight into the Reserve: ``{(r, c): kind}``."""
    for (r, c), kind in cells.items():
        state["p"][seat]["grid"][r][c] = card(kind, r * 8 + c + 1) if "-" not in kind else kind
    return state


def animal_of_type(t, min_vp=0):
    return next(a.id for a in cat.ANIMALS if a.type == t and a.vp >= min_vp)
