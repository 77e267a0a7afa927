"""Finding leaked identifiers in anything sent to a player.

Cards and tiles carry ids like ``snack-17``. A plain substring test would flag ``snack-1`` inside
``snack-17``, so an id only counts when it is not glued to further word characters or dashes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

TOKEN = re.compile(r"[\w-]+")


def find_leaks(text: str, secret_ids: Iterable[str]) -> list[str]:
    """Return the secret ids that occur in ``text`` as whole tokens (sorted).

    Ids made of word characters and dashes (the usual shape) are matched by splitting the text
    into tokens once; any other id falls back to a boundary-checked search of its own.
    """
    ids = set(secret_ids)
    if not ids:
        return []
    plain = {i for i in ids if TOKEN.fullmatch(i)}
    found = plain & set(TOKEN.findall(text))
    for odd in ids - plain:
        if re.search(r"(?<![\w-])" + re.escape(odd) + r"(?![\w-])", text):
            found.add(odd)
    return sorted(found)
