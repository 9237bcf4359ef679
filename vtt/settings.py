"""Tabula's only settings module: runs with nothing installed; production reads the environment."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from vtt.env import env_bool, env_int, env_list, env_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("VTT_DEBUG", default=False)
# The embedded demo's key (`make run`): refused below for a server others can reach.
LOCAL_ONLY_SECRET_KEY = "django-insecure-local-only"
SECRET_KEY = os.environ.get("VTT_SECRET_KEY", "").strip() or LOCAL_ONLY_SECRET_KEY

ALLOWED_HOSTS = env_list("VTT_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
if "*" in ALLOWED_HOSTS and not DEBUG:
    raise ImproperlyConfigured(
        "VTT_ALLOWED_HOSTS must list host names; '*' is only for VTT_DEBUG=1"
    )
CSRF_TRUSTED_ORIGINS = env_list("VTT_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",  # first, so runserver serves websockets too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "vtt",
    "vtt.accounts",
    "vtt.campaigns",
    "vtt.characters",
    "vtt.encounters",
    "vtt.eventlog",
    "vtt.library",
    "vtt.push",
    "vtt.remote",
    "vtt.scenes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "vtt.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "vtt.accounts.middleware.ProfileLanguageMiddleware",
    "vtt.badinput.RefuseNulMiddleware",  # after the language is known: the refusal is translated
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "vtt.dbretry.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "vtt.urls"
ASGI_APPLICATION = "vtt.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Embedded default: one SQLite file in WAL mode; writers queue (IMMEDIATE + busy timeout)
# instead of failing with "database is locked".
SQLITE_OPTIONS: dict[str, Any] = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}
DATABASES: dict[str, dict[str, Any]] = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": Path(os.environ.get("VTT_SQLITE_PATH", BASE_DIR / "vtt.sqlite3")),
        "OPTIONS": SQLITE_OPTIONS,
        "CONN_MAX_AGE": 0,
    }
}
if database_url := env_url("DATABASE_URL", ("postgres", "postgresql", "pgsql", "sqlite")):
    DATABASES["default"] = dict(dj_database_url.parse(database_url, conn_max_age=0))
    # A connection the server dropped (restart, pg_terminate_backend) is found dead before use.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
    elif env_bool("VTT_DB_POOL", default=True):
        # psycopg's pool; CONN_MAX_AGE stays 0 under ASGI. A pooled connection is pinged before
        # use, instead of a dropped one failing the next session lookup or action: by
        # vtt/postgresql, which replaces all the dead ones at once, not by the pool's own check
        # (CONN_HEALTH_CHECKS), which waits 1, 2, 4... s after each. A wait for a connection
        # (the database restarting) gives up after `timeout` s and the caller retries
        # (vtt/dbretry.py), rather than holding the sockets' one worker thread for 30 s.
        DATABASES["default"]["ENGINE"] = "vtt.postgresql"
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
        DATABASES["default"]["OPTIONS"] = {"pool": {"min_size": 2, "max_size": 20, "timeout": 1}}

CHANNEL_LAYERS: dict[str, Any] = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
if redis_url := env_url("REDIS_URL", ("redis", "rediss", "unix")):
    CHANNEL_LAYERS["default"] = {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            # redis-py 8 reads with a 5 s socket timeout by default, the same 5 s channels-redis
            # blocks in BZPOPMIN: a busy server then kills consumers with TimeoutError (1011).
            "hosts": [
                {
                    "address": redis_url,
                    "socket_timeout": env_int("VTT_REDIS_SOCKET_TIMEOUT", default=20),
                }
            ],
            # docs/realtime.md: the default capacity, 100, drops bursts silently; stale ones expire.
            "capacity": env_int("VTT_CHANNEL_CAPACITY", default=2000),
            "expiry": env_int("VTT_CHANNEL_EXPIRY", default=10),
            "prefix": os.environ.get("VTT_CHANNEL_PREFIX", "tabula"),
        },
    }

# Login and sign-up throttling counts here (vtt/accounts/throttle.py): shared by every process
# through Redis when there is one, else per process.
CACHES: dict[str, Any] = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if redis_url:
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": redis_url,
        "KEY_PREFIX": os.environ.get("VTT_CHANNEL_PREFIX", "tabula"),
        "OPTIONS": {"socket_timeout": 2, "socket_connect_timeout": 2},
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaigns:list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Daphne serves /static/ itself unless a reverse proxy does (docker-compose sets 0).
VTT_SERVE_STATIC = env_bool("VTT_SERVE_STATIC", default=True)

# Uploaded files (scene backgrounds, vtt/scenes): kept through Django's storage here, never
# under a public URL; each is fetched through a view that checks the campaign's membership.
MEDIA_ROOT = Path(os.environ.get("VTT_MEDIA_ROOT", "").strip() or BASE_DIR / "media")
MEDIA_URL = "/media/"
# Behind nginx (docker-compose.yml): the internal location the fetch view hands the file to
# (X-Accel-Redirect), so nginx sends the bytes; empty, Daphne sends them itself.
VTT_MEDIA_ACCEL = os.environ.get("VTT_MEDIA_ACCEL", "").strip()
# The largest background image accepted, in bytes (nginx's client_max_body_size for the upload
# location is a little more).
VTT_SCENE_IMAGE_MAX_BYTES = env_int("VTT_SCENE_IMAGE_MAX_BYTES", default=8 * 1024 * 1024)

# Behind TLS (production): secure cookies, HSTS and the redirect, all from one switch.
VTT_HTTPS = env_bool("VTT_HTTPS", default=False)
SESSION_COOKIE_SECURE = VTT_HTTPS
CSRF_COOKIE_SECURE = VTT_HTTPS
SECURE_SSL_REDIRECT = env_bool("VTT_SSL_REDIRECT", default=VTT_HTTPS)
SECURE_HSTS_SECONDS = env_int("VTT_HSTS_SECONDS", default=31536000 if VTT_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = VTT_HTTPS
SECURE_HSTS_PRELOAD = VTT_HTTPS
if VTT_HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The key signs sessions: with the published default anyone could forge a login. The embedded
# demo answers only to this machine's loopback names (the ALLOWED_HOSTS default) and may keep it;
# a server that answers to another name, or behind TLS, is production and does not start on it
# (docs/deploy.md, "Environment variables"). VTT_DEBUG=1 is a developer's machine.
# The image (Dockerfile) listens on every interface, where a client may send `Host: localhost`:
# it says so with VTT_NETWORK=1 and needs its own key whatever the hosts.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
VTT_NETWORK = env_bool("VTT_NETWORK", default=False)
REACHABLE_BY_OTHERS = VTT_HTTPS or VTT_NETWORK or not LOOPBACK_HOSTS.issuperset(ALLOWED_HOSTS)
if SECRET_KEY == LOCAL_ONLY_SECRET_KEY and REACHABLE_BY_OTHERS and not DEBUG:
    raise ImproperlyConfigured(
        "VTT_SECRET_KEY must be set to a long random string: the default key is only for "
        "the embedded demo on this machine (VTT_ALLOWED_HOSTS loopback only, no VTT_HTTPS, "
        "no VTT_NETWORK)"
    )
# The language cookie (Django's switch and vtt/accounts/middleware.py) as the session's: only
# over TLS behind it, and no script reads it (the table's websocket reads it on the server).
LANGUAGE_COOKIE_SECURE = VTT_HTTPS
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Behind the shipped nginx (deploy/nginx.conf): the client's address is the X-Real-IP it sets, for
# the login throttle (vtt/accounts/throttle.py); without it, the connection's own address.
VTT_BEHIND_PROXY = env_bool("VTT_BEHIND_PROXY", default=False)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# The live table (docs/realtime.md): heartbeat period and the largest websocket message accepted.
VTT_HEARTBEAT_SECONDS = env_int("VTT_HEARTBEAT_SECONDS", default=15)
VTT_MAX_MESSAGE_BYTES = 8 * 1024
# What one person may ask of a server process (docs/server.md): messages per second on a socket
# after a burst, then an error frame and close 1008; open sockets per user, the next one closed
# with 4429. 0 lifts a limit.
VTT_SOCKET_MESSAGES_PER_SECOND = env_int("VTT_SOCKET_MESSAGES_PER_SECOND", default=10)
VTT_SOCKET_MESSAGE_BURST = env_int("VTT_SOCKET_MESSAGE_BURST", default=40)
VTT_SOCKETS_PER_USER = env_int("VTT_SOCKETS_PER_USER", default=20)
# Whether a chat line's commit waits for PostgreSQL to flush it to disk (docs/deploy.md): on by
# default, so a line the table has seen survives a crash of the database machine as a game action
# does; 0 saves the flush (3-5 ms, most of a chat line's time) at the price of the last fraction
# of a second of chat on such a crash.
VTT_CHAT_WAITS_FOR_DISK = env_bool("VTT_CHAT_WAITS_FOR_DISK", default=True)
# The fast path (vtt/fast): the performance measures that earn their keep, or the plain Django
# and Channels reference path (docs/deploy.md, "The fast path"; docs/performance.md).
VTT_FAST = env_bool("VTT_FAST", default=True)
# How many days a new invite link works (docs/server.md, "Invite links"); the GM may choose
# another number for each link on the campaign page.
VTT_INVITE_DAYS = env_int("VTT_INVITE_DAYS", default=7)
if not 1 <= VTT_INVITE_DAYS <= 365:
    raise ImproperlyConfigured("VTT_INVITE_DAYS must be a number of days from 1 to 365")

# Turn notices by email (vtt/encounters/notices.py, docs/deploy.md "Email"): SMTP when
# VTT_EMAIL_HOST is set, else each message is printed on the console (as `make run` shows them).
EMAIL_HOST = os.environ.get("VTT_EMAIL_HOST", "").strip()
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("VTT_EMAIL_PORT", default=587)
EMAIL_HOST_USER = os.environ.get("VTT_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("VTT_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_bool("VTT_EMAIL_TLS", default=True)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("VTT_EMAIL_FROM", "").strip() or "tabula@localhost"
# The address links in emails start with (no trailing slash): the server as players reach it.
VTT_SITE_URL = os.environ.get("VTT_SITE_URL", "").strip().rstrip("/") or "http://127.0.0.1:8000"
# Notices go out from a thread after the action's commit, so a slow mail server never holds a
# move; tests send them at once.
VTT_NOTICES_IN_THREAD = env_bool("VTT_NOTICES_IN_THREAD", default=True)
# Web Push (vtt/push/, docs/deploy.md "Web Push"): the VAPID key pair messages are signed with,
# as `manage.py vapid_keys` prints it; without it the pair stored in the database (made on first
# use) serves. The subject is the contact push services may write to about this server.
VTT_VAPID_PRIVATE_KEY = os.environ.get("VTT_VAPID_PRIVATE_KEY", "").strip()
VTT_VAPID_PUBLIC_KEY = os.environ.get("VTT_VAPID_PUBLIC_KEY", "").strip()
if bool(VTT_VAPID_PRIVATE_KEY) != bool(VTT_VAPID_PUBLIC_KEY):
    raise ImproperlyConfigured("VTT_VAPID_PRIVATE_KEY and VTT_VAPID_PUBLIC_KEY go together")
VTT_VAPID_SUBJECT = (
    os.environ.get("VTT_VAPID_SUBJECT", "").strip() or f"mailto:{DEFAULT_FROM_EMAIL}"
)
# The push services a browser's subscription may name (host names; a subdomain of one counts):
# the server POSTs to whatever address is stored, so an address elsewhere is refused (else any
# member could make the server send requests into its own network).
VTT_PUSH_SERVICES = tuple(
    host.strip().lower()
    for host in os.environ.get(
        "VTT_PUSH_SERVICES",
        "fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com",
    ).split(",")
    if host.strip()
)

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("VTT_LOG_LEVEL", "WARNING")},
}
