"""Finding leaked identifiers in anything sent to a player.

Cards and tiles carry ids like ``snack-17``. A plain substring test would flag ``snack-1`` inside
``snack-17``, so an id only counts when it is not glued to further word characters or dashes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def find_leaks(text: str, secret_ids: Iterable[str]) -> list[str]:
    """Return the secret ids that occur in ``text`` as whole tokens (sorted)."""
    ids = sorted(set(secret_ids))
    if not ids:
        return []
    found = set()
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])"
    )
    for match in pattern.finditer(text):
        found.add(match.group(1))
    return sorted(found)
