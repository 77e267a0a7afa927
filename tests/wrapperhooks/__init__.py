"""A fake plugin that wraps ``register_games`` (``wrapper=True``): it sees every other plugin's
games and leaves out the one it is told to hide, the way a site could retire a game."""
