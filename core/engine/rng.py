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
    ``random.Random(seed)`` would.

    Every draw goes through :meth:`random` or :meth:`getrandbits` (``random.Random`` builds
    ``choice``, ``shuffle``, ``randrange`` and the rest on them), which check a flag and call the
    C generator. The seeded generator's methods are not stored on the instance instead: a bound
    method held by its own object is a reference cycle, and a generator per ply in a cycle left
    every one of them (with its 2.5 KB of state) to the cycle collector, which then ran every few
    plies.
    """

    def __init__(self, seed: int | None = None, text: str | None = None) -> None:
        """Seeded with ``seed``, or (given ``text``) with the number :func:`seed_of` makes of
        that text, worked out on the first draw too: most plies never draw from the rules'
        generator, and hashing is a good part of what making one costs."""
        self._seed = seed
        self._text = text
        self._seeded = False
        self.gauss_next = None

    def _wake(self) -> None:
        """Seed now, once."""
        if not self._seeded:
            self._seeded = True
            if self._text is not None:
                self._seed = seed_of(self._text)
            random.Random.seed(self, self._seed)

    def random(self) -> float:
        if not self._seeded:
            self._wake()
        return _C_RANDOM(self)

    def getrandbits(self, k: int) -> int:
        if not self._seeded:
            self._wake()
        return _C_GETRANDBITS(self, k)

    def seed(self, a=None, version=2) -> None:
        self._seed, self._text = a, None
        self._seeded = True
        random.Random.seed(self, a, version)

    def getstate(self):
        self._wake()
        return super().getstate()

    def setstate(self, state) -> None:
        self._seeded = True
        super().setstate(state)


#: The Mersenne Twister's own draws (``_random.Random``'s C methods), past the overrides above.
_C_RANDOM = random.Random.random
_C_GETRANDBITS = random.Random.getrandbits


def seed_of(text: str) -> int:
    """The Mersenne Twister seed a text names: the first 8 bytes of its SHA-256, big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def rng_for(seed: int | str, ply: int) -> random.Random:
    """The generator of ply ``ply`` of the match with ``seed``, seeded with
    ``seed_of(f"{seed}:{ply}")`` when first drawn from."""
    return PlyRandom(text=f"{seed}:{ply}")
