"""Deterministic randomness: one generator per (match seed, ply).

Deriving the generator from the ply (rather than threading one generator through the match)
means any single move can be re-applied in isolation during replay, audit or crash recovery.
Ply 0 is the setup; the n-th stored move is applied with ply n.
"""

from __future__ import annotations

import hashlib
import random


class PlyRandom(random.Random):
    """A ``random.Random`` seeded only when it is first drawn from.

    Seeding the Mersenne Twister costs more than most moves that never draw at all (placing a
    tile, ending a turn), and every move gets a generator. This one keeps its seed and seeds
    itself on the first draw (or ``getstate``), so it yields exactly the numbers
    ``random.Random(seed)`` would; after that, draws go straight to the seeded generator.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self.gauss_next = None

    def _wake(self) -> None:
        """Seed now; from here on ``random`` and ``getrandbits`` are the seeded generator's own
        (a method taken before waking, as ``random.Random`` methods do, still works)."""
        if "random" not in self.__dict__:
            random.Random.seed(self, self._seed)
            base = super()
            self.random = base.random
            self.getrandbits = base.getrandbits

    def random(self) -> float:
        self._wake()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._wake()
        return super().getrandbits(k)

    def seed(self, a=None, version=2) -> None:
        self._seed = a
        self._wake()
        random.Random.seed(self, a, version)

    def getstate(self):
        self._wake()
        return super().getstate()

    def setstate(self, state) -> None:
        self._wake()
        super().setstate(state)


def rng_for(seed: int | str, ply: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{ply}".encode()).digest()
    return PlyRandom(int.from_bytes(digest[:8], "big"))
