"""Settings from environment variables, with embedded defaults that need no other service.

MEEPLEHALL_VAR the folder for var/ (default: beside manage.py in a checkout, else the working folder)
DATABASE_URL   default: SQLite file var/db.sqlite3 (any dj-database-url URL, e.g. postgres://)
REDIS_URL      unset: in-memory channel layer (one process); set: channels-redis (many processes)
REDIS_MAX_CONNECTIONS, CHANNEL_CAPACITY  channel-layer limits per process (2000 / 10000)
SECRET_KEY     unset: a random key generated once into var/secret_key and kept there
DEBUG          "1"/"true" for development (default off; `make dev` turns it on)
SECURE_COOKIES "1": session and CSRF cookies only over HTTPS (default on when DEBUG is off)
CONTENT_SECURITY_POLICY  the header sent with every page (default: scripts and styles from this site)
PERMISSIONS_POLICY  the header sent with every response (default: no camera, microphone, location...)
HSTS_SECONDS   Strict-Transport-Security max-age over HTTPS (default a year when DEBUG is off and
               cookies are Secure, else 0); HSTS_INCLUDE_SUBDOMAINS, HSTS_PRELOAD "1" to add those
TLS_PROXY      "1": trust X-Forwarded-Proto from the TLS proxy in front (default off)
ALLOWED_HOSTS  comma separated (default localhost names)
CLOCK_INTERVAL seconds between clock sweeps in the server process (0 disables the sweeper)
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from core.keys import kept
from core.plugins import discover_apps

BASE_DIR = Path(__file__).resolve().parent.parent


def default_var_dir() -> Path:
    """Where the secret key, the SQLite file and collected static files go unless MEEPLEHALL_VAR
    says: var/ beside manage.py in a checkout, else var/ in the working folder. An installed
    portal's BASE_DIR is site-packages, which is no place for data (and a test run, a daphne or
    the ``meeplehall`` command started in an author's folder keep theirs there)."""
    return BASE_DIR / "var" if (BASE_DIR / "manage.py").exists() else Path.cwd() / "var"


VAR_DIR = Path(os.environ.get("MEEPLEHALL_VAR") or default_var_dir())
VAR_DIR.mkdir(parents=True, exist_ok=True)
(VAR_DIR / "staticfiles").mkdir(exist_ok=True)


def env_flag(name: str, default: bool) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in ("1", "true", "yes", "on")


def kept_secret_key(path: Path) -> str:
    """The key stored in ``path``, made on first use (:func:`core.keys.kept`): sessions stay valid
    across restarts, and no key is ever shared through the source code."""
    key = kept(path, lambda: secrets.token_urlsafe(50))
    if len(key) < 50:
        raise ImproperlyConfigured(f"{path} holds no usable secret key; delete it to make a new one.")
    return key


DEBUG = env_flag("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or kept_secret_key(VAR_DIR / "secret_key")

ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

GAME_APPS = discover_apps()

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "core",
    *GAME_APPS,
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.ContentSecurityPolicyMiddleware",
    "core.middleware.refuse_control_characters",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "core.dblock.DatabaseLockedMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.portal",
            ],
        },
    }
]

DATABASES = {"default": dj_database_url.parse(os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while a move commits; IMMEDIATE makes writers queue for the
    # lock at BEGIN (no deadlock upgrading a read lock), and waiting writers give up after
    # `timeout` seconds (the page then shows a readable 503). synchronous=NORMAL in WAL mode
    # keeps every commit through a process crash (kill -9); only a power cut may lose the last.
    # Connections go back to a per-process pool when a request or task ends (core.db.sqlite3),
    # so CONN_MAX_AGE stays 0: keeping one per thread is useless when threads live one request.
    DATABASES["default"]["ENGINE"] = "core.db.sqlite3"
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
elif env_flag("DATABASE_POOL", True) and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under ASGI every request runs on a fresh thread, so CONN_MAX_AGE keeps nothing: a
    # process-wide psycopg pool reuses connections instead (and bounds them per process).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2, "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "20")), "timeout": 20,
    }
else:
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # All sockets of a process share one Redis pool and one Redis queue. Past either limit
    # channels-redis drops the message: redis-py refuses connections beyond max_connections
    # (default 100), and a process queue holding `capacity` messages (default 100) takes no more.
    # A dropped group_send is an update a socket never shows, so both are sized for a busy process.
    # redis-py 8 gives every read a 5 s timeout by default, the same 5 s channels-redis blocks in
    # BZPOPMIN waiting for a message: an idle socket's receive then fails with a TimeoutError and
    # the socket closes with 1011 (django/channels_redis#422). Reads get room above that block.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "core.layers.ListeningRedisChannelLayer",
            "CONFIG": {
                "hosts": [{
                    "address": REDIS_URL,
                    "max_connections": int(os.environ.get("REDIS_MAX_CONNECTIONS", "2000")),
                    "socket_timeout": 30,
                }],
                "capacity": int(os.environ.get("CHANNEL_CAPACITY", "10000")),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "core.layers.FastInMemoryChannelLayer"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"


def email_settings(url: str) -> dict:
    """``EMAIL_URL`` as Django's ``EMAIL_*`` settings, read by dj-email-url: ``smtp://user:pw@host:port``
    (plain), ``smtp+tls://...`` (STARTTLS), ``smtp+ssl://...`` (TLS from the start), ``console://``
    (print each mail, the default), ``memory://`` (tests)."""
    import dj_email_url

    scheme, _, rest = url.partition("://")
    secure = {"smtp+tls": "tls=1", "smtp+ssl": "ssl=1"}.get(scheme)
    if secure:
        url = f"smtp://{rest}{'&' if '?' in rest else '?'}{secure}"
    return dj_email_url.parse(url)


_email = email_settings(os.environ.get("EMAIL_URL", "console://"))
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_HOST = _email["EMAIL_HOST"] or "localhost"
EMAIL_PORT = _email["EMAIL_PORT"] or 25
EMAIL_HOST_USER = _email["EMAIL_HOST_USER"] or ""
EMAIL_HOST_PASSWORD = _email["EMAIL_HOST_PASSWORD"] or ""
EMAIL_USE_TLS, EMAIL_USE_SSL = _email["EMAIL_USE_TLS"], _email["EMAIL_USE_SSL"]
EMAIL_TIMEOUT = _email["EMAIL_TIMEOUT"] or 20  # a mail server that hangs must not hold the sender
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Meeple Hall <noreply@meeplehall.local>")
#: Where links in mails point (mails are sent outside any request, so the site cannot ask one).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
#: Correspondence tables one player may sit at at once (open or in play); 0 = no limit.
CORRESPONDENCE_TABLES_MAX = int(os.environ.get("CORRESPONDENCE_TABLES_MAX", "30"))
#: Web Push: the VAPID private key as PEM (unset: made once into var/vapid_private_key.pem), and
#: the contact push services may write to about this site's pushes.
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_CONTACT = os.environ.get("WEBPUSH_CONTACT", "mailto:admin@meeplehall.local")
#: Vacation days a player may take each calendar year (their correspondence clocks stand still).
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "30"))
#: Whether players (not only staff) may open tournaments.
TOURNAMENTS_BY_USERS = os.environ.get("TOURNAMENTS_BY_USERS", "1") not in ("0", "false", "no")
#: When the daily digest goes out (hour of the day, UTC).
NOTICE_DIGEST_HOUR = int(os.environ.get("NOTICE_DIGEST_HOUR", "7"))

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "meeplehall_cache",
    },
    # Replay snapshots of finished matches, in a table of their own so they never push the
    # log-in throttle's counters out of the default cache.
    "replays": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "meeplehall_replays",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
}
# A replay stores the state every this many moves, so showing any step applies at most this many.
REPLAY_SNAPSHOT_EVERY = int(os.environ.get("REPLAY_SNAPSHOT_EVERY", "20"))

CLOCK_INTERVAL = float(os.environ.get("CLOCK_INTERVAL", "5"))
# Bots: seconds between bot moves at a table where a person plays (all-bot tables: none), the
# threads playing bot moves at tables where a person plays and at all-bot tables (each table's
# chain runs on its own; all-bot tables, which never wait, get fewer so people's tables come
# first), and how long a due bot move may wait before the clock sweep of any process takes the
# table over (a process died).
BOT_PACE = float(os.environ.get("BOT_PACE", "0.7"))
BOT_WORKERS = int(os.environ.get("BOT_WORKERS", "4"))
BOT_UNATTENDED_WORKERS = int(os.environ.get("BOT_UNATTENDED_WORKERS", "1"))
BOT_STALL = float(os.environ.get("BOT_STALL", "10"))
# Hard (search) bots think in this many worker processes, and so do bots whose decisions take
# more than BOT_INLINE_MS milliseconds on average in the web process; a decision that takes longer
# than BOT_THINK_TIMEOUT seconds is played by the normal bot instead (core/services/thinking.py).
# The workers run BOT_THINKER_NICE steps nicer than the web process, which comes first.
BOT_THINKERS = int(os.environ.get("BOT_THINKERS", "1"))
BOT_THINK_TIMEOUT = float(os.environ.get("BOT_THINK_TIMEOUT", "5"))
BOT_INLINE_MS = float(os.environ.get("BOT_INLINE_MS", "5"))
BOT_THINKER_NICE = int(os.environ.get("BOT_THINKER_NICE", "5"))
# Websockets one client address / one user may hold per server process (0 = no limit).
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "200"))
SOCKETS_PER_USER = int(os.environ.get("SOCKETS_PER_USER", "30"))
# Log-in tries per window: per client address and username, per username from all browsers new
# to the account whatever their address (past it only browsers that logged in to it before may
# try, `attempts` each), per address over all usernames (see core/views/accounts.py). Counted
# atomically in the database (core/throttle.py).
LOGIN_THROTTLE = {"attempts": 5, "window_seconds": 300, "per_user_attempts": 50, "per_address_attempts": 100}
CHAT_RATE = {"messages": 5, "window_seconds": 10}
# Password-reset requests per client address per window, and at most one mail per e-mail address
# every mail_every_seconds whoever asks (see core/views/accounts.py).
PASSWORD_RESET_THROTTLE = {"per_client_requests": 10, "window_seconds": 3600, "mail_every_seconds": 300}

# `make run` serves plain HTTP on the loopback and passes SECURE_COOKIES=0; behind a TLS proxy
# leave it unset (on), or browsers would send the session cookie unencrypted.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_flag("SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Served over TLS (DEBUG off, Secure cookies: production), browsers are told to use HTTPS only
# for a year (Strict-Transport-Security, sent by Django on HTTPS responses only). Behind a TLS
# proxy Django sees plain HTTP: TLS_PROXY=1 makes it trust the proxy's X-Forwarded-Proto (set it
# only when daphne is reachable through the proxy alone, see README), which also makes invite
# links and password-reset mails say https://.
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", 31536000 if not DEBUG and SESSION_COOKIE_SECURE else 0))
# Only the host knows whether every subdomain serves HTTPS too (and wants the preload list).
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_flag("HSTS_PRELOAD", False)
if env_flag("TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Sent with every response (core/middleware.py): the portal uses none of these browser features,
# so no page (nor anything a page might embed) may ask for them.
PERMISSIONS_POLICY = os.environ.get("PERMISSIONS_POLICY", ", ".join(f"{feature}=()" for feature in (
    "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "fullscreen",
    "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment",
    "picture-in-picture", "publickey-credentials-get", "screen-wake-lock", "usb",
    "xr-spatial-tracking",
)))

# No inline script anywhere: every script is a file under /static/ (htmx is told not to inject
# its indicator <style> and not to eval hx-on attributes, see templates/base.html). Style
# attributes stay allowed (boards place pieces with them); <style> elements do not.
CONTENT_SECURITY_POLICY = os.environ.get("CONTENT_SECURITY_POLICY", "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
]))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}
