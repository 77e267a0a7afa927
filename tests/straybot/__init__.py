"""A fake plugin whose bot names a game nobody registered (system check core.E014)."""
