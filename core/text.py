"""Words for numbers and lists, so no page says "1 cards" or "alice, ." again.

Pure Python (no Django) so rules code and log lines can use the same helpers as templates.
"""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, noun: str) -> str:
    """The noun in the form that agrees with ``count``.

    ``noun`` is either a regular singular ("card" -> "cards") or "singular,plural" for an irregular
    word ("fox,foxes", "person,people").
    """
    singular, _, irregular = noun.partition(",")
    singular = singular.strip()
    if _is_one(count):
        return singular
    return irregular.strip() if irregular else singular + "s"


def counted(count: int, noun: str) -> str:
    """"1 card", "2 cards", "0 cards", "-1 points" (only exactly one is singular)."""
    return f"{count} {plural(count, noun)}"


def and_list(items: Iterable[object], conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c"; blank items are left out, so a missing name cannot leave "a, ."."""
    words = [str(item) for item in items if item is not None and str(item).strip()]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def ordinal(number: int) -> str:
    """"1st", "2nd", "3rd", "4th", "11th", "22nd"."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _is_one(count) -> bool:
    try:
        return float(count) == 1
    except (TypeError, ValueError):
        return False
