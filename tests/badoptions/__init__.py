"""A fake plugin whose game declares malformed options (system check core.E015)."""
