"""A fake plugin whose profile section asks to come first (``tryfirst``)."""
