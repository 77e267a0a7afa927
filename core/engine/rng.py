"""Deterministic randomness: one generator per (match seed, ply).

Deriving the generator from the ply (rather than threading one generator through the match)
means any single move can be re-applied in isolation during replay, audit or crash recovery.
Ply 0 is the setup; the n-th stored move is applied with ply n.
"""

from __future__ import annotations

import hashlib
import random


def rng_for(seed: int | str, ply: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{ply}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
