"""Komodo: players share one growing map of terrain tiles and house animals in its enclosures."""
