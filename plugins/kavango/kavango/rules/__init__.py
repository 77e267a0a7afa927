"""Kavango's rules, pure Python (no Django): ``from kavango.rules import Kavango``.

Modules: setup (decks, choices, Sanctuary pick), draft (rounds, turns, passing), turn (using the
drafted card), investment (the Investment stage), reserve (symbols, requirements, climate),
lodges (the Lodges expansion), scoring, oppo (solo opponent), views (what each seat sees).
"""

from .game import Kavango

__all__ = ["Kavango"]
