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


def standing(result: dict, names: list[str], seat: int | None) -> str:
    """One sentence for whoever looks at a finished match: "You won.", "You placed 2nd of 4.",
    or for spectators "alice won." (``names`` per seat, ``seat`` None for spectators)."""
    ranks = list(result.get("ranks") or [])
    won = result.get("won")
    count = len(names)
    if seat is not None and seat in (result.get("resigned") or []):
        return "You resigned, so the game counts as lost." if won is not None or count == 1 \
            else f"You resigned, so you placed {ordinal(ranks[seat])} of {count}, whatever the bot scored."
    if won is not None:
        if seat is not None:
            return "You won." if won[seat] else "You lost."
        winners = [name for name, w in zip(names, won, strict=False) if w]
        if winners:
            return f"{and_list(winners)} won."
        return f"{names[0]} lost." if count == 1 else "Nobody won."
    if count == 1:
        score = _number(result.get("scores", [0])[0])
        who = "You" if seat is not None else names[0]
        return f"{who} scored {counted(score, 'point')}."
    if seat is not None:
        rank = ranks[seat]
        tied = ranks.count(rank) > 1
        if rank == 1:
            return "You tied for 1st place." if tied else "You won."
        return f"You {'tied for' if tied else 'placed'} {ordinal(rank)} of {count}."
    winners = [name for name, rank in zip(names, ranks, strict=False) if rank == 1]
    if len(winners) > 1:
        return f"{and_list(winners)} tied for 1st place."
    return f"{and_list(winners)} won." if winners else ""


def _number(value):
    """A score as people write it: 12 rather than 12.0."""
    try:
        return int(value) if float(value).is_integer() else round(float(value), 1)
    except (TypeError, ValueError):
        return value
