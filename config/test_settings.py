"""Settings for the test run: the same as production-shaped settings, minus background work.

Bots run inline so a test sees their moves at once; the clock sweeper thread stays off (tests
call ``clocks.sweep`` themselves); password hashing is cheap.
"""

from .settings import *  # noqa: F403

BOTS_INLINE = True
CLOCK_INTERVAL = 0
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
