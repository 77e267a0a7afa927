"""A fake two-move game and deliberately broken plugins, for testing the plugin machinery."""
