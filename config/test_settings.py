"""Settings for the test run: the same as production-shaped settings, minus background work.

Bots run inline so a test sees their moves at once; the clock sweeper thread stays off (tests
call ``clocks.sweep`` themselves); password hashing is cheap.
"""

import os

from .settings import *  # noqa: F403

BOTS_INLINE = True
CLOCK_INTERVAL = 0
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "replays": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "replays"},
}
# Pages refer to plain static names: no collectstatic manifest is needed to run the tests.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405

# Each test run gets its own SQLite file, so runs side by side (or xdist) never share a database.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}  # noqa: F405
BOT_PACE = 0
