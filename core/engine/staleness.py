"""Per-seat staleness: a short fingerprint of what a seat decided its move on.

Pages hand the fingerprint to the browser with each move (``seen``); a move made on an older
version is accepted when the seat's fingerprint now is the same (see ``Game.decision_basis``).
The fingerprint is a hash, so it reveals nothing beyond what the seat's own page shows.
"""

from __future__ import annotations

import hashlib
import json

from .game import Game, State


def basis_token(game: Game, state: State, seat: int) -> str:
    """A 20-character hex digest of ``game.decision_basis(state, seat)``."""
    basis = json.dumps(game.decision_basis(state, seat), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(basis.encode(), digest_size=10).hexdigest()
