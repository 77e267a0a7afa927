"""Database backends of the portal (see :mod:`core.db.sqlite3`)."""
