"""What each part of the tic-tac-toe board is, said where it sits (issue 46).

Nine squares share three kinds of words, so the board writes each kind once and every square
points at its kind (``aria-describedby``): screen readers say them after the square's name, and
static/js/explain.js shows them on hover, focus and a long press.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from core.templatetags.meeple import explanations_html

register = template.Library()

#: The words of each kind of part, keyed by the suffix of their id (``explain-tictactoe-...``).
PARTS = {
    "tictactoe-square": "A free square. On your turn, click it to put your mark here; three of "
    "your marks in a line (across, down or corner to corner) win.",
    "tictactoe-mark": "A taken square: the mark shows whose it is (see the key below the board). "
    "It stays for the rest of the game; nobody can take it back.",
    "tictactoe-line": "Part of the winning line: three marks of one player in a row, which ended "
    "the game in that player's favour.",
}


@register.simple_tag(takes_context=True)
def tictactoe_explanations(context) -> str:
    """``{% tictactoe_explanations %}``: the words of the kinds this board draws, once each (a
    board without a winning line carries no words for one)."""
    cells = context["view"]["cells"]
    drawn = {"tictactoe-line" if c["win"] else "tictactoe-mark" if c["mark"] else "tictactoe-square"
             for c in cells}
    return mark_safe(explanations_html({k: v for k, v in PARTS.items() if k in drawn}))
