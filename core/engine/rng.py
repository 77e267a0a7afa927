"""Deterministic randomness: one generator per (match seed, ply).

Deriving the generator from the ply (rather than threading one generator through the match)
means any single move can be re-applied in isolation during replay, audit or crash recovery.
Ply 0 is the setup; the n-th stored move is applied with ply n.
"""

from __future__ import annotations

import _random
import hashlib
import random
import struct
from typing import Any


class PlyRandom:
    """A ply's generator: it draws exactly the numbers ``random.Random(seed)`` would, but
    becomes that ``random.Random`` only when first drawn from.

    Every move and every bot decision gets a generator, and most moves never draw (placing a
    tile, ending a turn). Making a ``random.Random`` allocates its 2.5 KB of state and seeding
    it costs more than many whole moves, so this small object keeps the seed (or the text that
    names it, hashed only then too) and makes the seeded generator on the first draw. Each draw
    method hands the call to that generator, so ``choice``, ``shuffle`` and ``randrange`` run
    on it directly (through ``random.Random``'s own code and C draws), and any other method of
    ``random.Random`` (``gauss``, ``getstate``, ``seed``, ...) is reached the same way.

    It holds the generator and the generator holds nothing back, so it is freed as soon as it
    is dropped (a generator a ply in a reference cycle once left every one of them to the cycle
    collector). Copies and pickles are of the generator as it is then.
    """

    __slots__ = ("_seed", "_text", "_ply", "_drawn", "__weakref__")

    def __init__(self, seed: Any = None, text: str | int | None = None, ply: int | None = None) -> None:
        """Seeded with ``seed`` (anything ``random.Random`` takes), or (given ``text``) with
        :func:`seed_of` of that text, or of ``f"{text}:{ply}"`` given ``ply`` too (the
        generator of a ply of the match named ``text``): both are worked out on the first draw
        too, as hashing and formatting are a good part of what a generator costs a move that
        never draws."""
        self._seed, self._text, self._ply = seed, text, ply
        self._drawn: random.Random | None = None

    def _wake(self) -> random.Random:
        """The seeded generator, made now if this is the first draw."""
        drawn = self._drawn
        if drawn is None:
            if self._text is not None:
                self._seed = seed_of(self._text if self._ply is None else f"{self._text}:{self._ply}")
            drawn = self._drawn = seeded(self._seed)
        return drawn

    # The draws the games and bots make, handed on without a detour through __getattr__.
    def random(self) -> float:
        return (self._drawn or self._wake()).random()

    def getrandbits(self, k: int) -> int:
        return (self._drawn or self._wake()).getrandbits(k)

    @property
    def drawn_from(self) -> bool:
        """Whether anything was drawn (or the generator was reached at all): a move that used
        chance cannot be taken back (:mod:`core.engine.undo`)."""
        return self._drawn is not None

    def choice(self, seq):
        return (self._drawn or self._wake()).choice(seq)

    def shuffle(self, x) -> None:
        (self._drawn or self._wake()).shuffle(x)

    def randrange(self, start, stop=None, step=1):
        return (self._drawn or self._wake()).randrange(start, stop, step)

    def randint(self, a, b):
        return (self._drawn or self._wake()).randint(a, b)

    def sample(self, population, k, *, counts=None):
        return (self._drawn or self._wake()).sample(population, k, counts=counts)

    def __getattr__(self, name: str) -> Any:
        """Any other ``random.Random`` method or attribute, of the seeded generator. Special
        names are not handed on: copy and pickle look for them on this object, before (and
        while) its slots are set."""
        if name.startswith("__") or name in PlyRandom.__slots__:
            raise AttributeError(name)
        return getattr(self._drawn or self._wake(), name)

    def __reduce__(self):
        return (_resumed, (self._drawn or self._wake(),))


def _resumed(drawn: random.Random) -> PlyRandom:
    """A PlyRandom that goes on from the seeded generator ``drawn`` (copy and unpickle)."""
    again = PlyRandom()
    again._drawn = drawn
    return again


#: The C generator's own ``seed`` (``_random.Random.seed``).
_C_SEED = _random.Random.seed


def seeded(seed: Any) -> random.Random:
    """``random.Random(seed)``. With an int seed, the object is made and its state seeded by the
    C generator directly: exactly what ``random.Random.__init__`` and ``random.Random.seed`` do
    with an int after their Python-level checks, which cost a third as much again as the
    seeding itself, every ply. Any other seed goes through them."""
    if type(seed) is int:
        drawn = random.Random.__new__(random.Random)
        _C_SEED(drawn, seed)
        drawn.gauss_next = None
        return drawn
    return random.Random(seed)


#: The first 8 bytes of a digest read as a big-endian number, without slicing a copy off first.
_FIRST_8_BYTES = struct.Struct(">Q").unpack_from


def seed_of(text: str) -> int:
    """The Mersenne Twister seed a text names: the first 8 bytes of its SHA-256, big-endian."""
    return _FIRST_8_BYTES(hashlib.sha256(text.encode()).digest())[0]


def rng_for(seed: int | str, ply: int) -> PlyRandom:
    """The generator of ply ``ply`` of the match with ``seed``, seeded with
    ``seed_of(f"{seed}:{ply}")`` when first drawn from."""
    return PlyRandom(text=seed, ply=ply)
