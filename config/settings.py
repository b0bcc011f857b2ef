"""Django settings, read from the environment (README "Configuration").

Embedded defaults make `make run` work anywhere: without DATABASE_URL an SQLite file under var/,
without CELERY_BROKER_URL/REDIS_URL Celery runs tasks eagerly in-process. Production is safe by
default: DEBUG is off and SECRET_KEY must be set.
"""

from __future__ import annotations

import logging
import os
from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.env import broker_url, database_from_url, env_bool, env_int, env_list

BASE_DIR = Path(__file__).resolve().parent.parent
# The templates, static files and user manual: the checkout's, or the installed wheel's copy of
# them (build_support.py, issue 34).
FILES_DIR = BASE_DIR if (BASE_DIR / "templates").is_dir() else BASE_DIR / "config" / "bundled"
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment, or set DEBUG=1 for development."
        )
    SECRET_KEY = "insecure-development-key-only-for-DEBUG"  # noqa: S105 - DEBUG only

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "tournaments",
    "pairing",
    "standings",
    "hub",
    "ninja",  # the API's documentation page (Swagger UI, served from our own static files)
    "corsheaders",
]

MIDDLEWARE = [
    "corsheaders.middleware.CorsMiddleware",  # before anything that may answer (docs/api.md)
    "django.middleware.security.SecurityMiddleware",
    "config.private_pages.PrivatePagesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.database_retry.DatabaseRetryMiddleware",  # after whitenoise: static files need no DB
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [FILES_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL, BASE_DIR)}
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "db.sqlite3"),
            # WAL: readers never wait for the writer (the hall's many phones, issue 34).
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# A request waits up to this long for the database to answer (a PostgreSQL restart) before its
# 500; a GET that lost its connection is run once more (config/database_retry.py). 0: off.
DATABASE_RETRY_SECONDS = float(os.environ.get("DATABASE_RETRY_SECONDS", "5"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The interface in four languages (docs/translations.md): the language comes from the switcher's
# cookie, else the browser's Accept-Language, else English. Each app's catalogue is in
# <app>/locale/; the project's own (the base template, the error pages) in config/locale/.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italiano"), ("fr", "Français"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "config" / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [FILES_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Security: behind HTTPS (HTTPS=1) cookies are secure and HTTP is redirected; HSTS is opt-in.
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS and env_bool("SECURE_SSL_REDIRECT", True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# The hall (issue 34, `swiss-arbiter hall`): the address players reach on the hall's network,
# which the QR codes and printed sheets name (empty: the address the page was asked with), the
# hall's Wi-Fi name printed beside it, and the database snapshots (SQLite) with how many are kept.
PUBLIC_ADDRESS = os.environ.get("PUBLIC_ADDRESS", "").rstrip("/")
HALL_WIFI = os.environ.get("HALL_WIFI", "")
HALL_BACKUP_DIR = Path(os.environ.get("HALL_BACKUP_DIR", VAR_DIR / "backups"))
HALL_BACKUPS_KEPT = env_int("HALL_BACKUPS_KEPT", 20)

# Cache: public pages and standings, keyed by the tournament's version (docs/public-pages.md).
# Redis when CACHE_URL is set (e.g. redis://127.0.0.1:6379/1; shared by every worker), else
# local memory in each process.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES = {
    "default": {
        # Redis, answered from each process's memory while Redis is down (config/fallback_cache.py)
        "BACKEND": "config.fallback_cache.FallbackRedisCache",
        "LOCATION": CACHE_URL,
        "TIMEOUT": env_int("CACHE_TIMEOUT", 3600),
    }
    if CACHE_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": env_int("CACHE_TIMEOUT", 3600),
        "OPTIONS": {"MAX_ENTRIES": 1000},
    }
}
# Sessions live in the database only (Django's default), never in Redis: with Redis down the
# arbiters stay signed in and every page still answers (issue 30).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Push: public pages listen to /t/<slug>/events/ (server-sent events) for this many seconds a
# connection, then reconnect. 0 (the default) turns push off and the pages only poll: with sync
# workers every listener would hold a worker; turn it on with threaded workers (gthread, many
# threads) or behind a proxy that streams (docs/public-pages.md).
PUBLIC_PUSH_SECONDS = env_int("PUBLIC_PUSH_SECONDS", 0)

# Content-Security-Policy (django-csp): scripts, styles and requests from this site only; no
# inline script or style (htmx's indicator style is off: the htmx-config meta tag of _base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

# The client's address (config/client_address.py): requests from these proxies (addresses or
# networks, e.g. the shipped nginx) are believed about the client's address in X-Forwarded-For.
# Empty: every client is REMOTE_ADDR. Logins and the account forms' limits count by it.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

# Login rate limiting (django-axes, database handler; docs/deployment.md "Login lockout"): after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is refused for
# AXES_COOLOFF_MINUTES from the last counted failure (refused tries don't count, so nobody can
# extend it); an address with AXES_ADDRESS_FAILURE_LIMIT wrong passwords over all usernames
# (password spraying) is refused likewise. A successful login clears the pair's count;
# `manage.py axes_reset` clears everything.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_ADDRESS_FAILURE_LIMIT = env_int("AXES_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HANDLER = "config.login_attempts.LoginAttemptsHandler"
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"
AXES_USERNAME_CALLABLE = "config.login_attempts.attempted_username"

# E-mail (the arbiters' password reset): SMTP (EMAIL_HOST and the EMAIL_* variables) in
# production; the console under DEBUG or without EMAIL_HOST.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST and not DEBUG
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600)
# Posts an hour to the account forms and the events' public entry form (config/rate_limits.py):
# per client address, and for the password reset and the entry form also per e-mail address.
RATE_LIMITS = {
    "signup": env_int("SIGNUP_LIMIT_PER_HOUR", 10),
    "password_reset": env_int("PASSWORD_RESET_LIMIT_PER_HOUR", 5),
    # a hall's players may share one address (the venue's Wi-Fi): generous, the codes carry
    # 50 bits (issue 32)
    "check_in": env_int("CHECK_IN_LIMIT_PER_HOUR", 300),
    "entry": env_int("ENTRY_LIMIT_PER_HOUR", 20),
    # The read API and the feeds (issue 35, docs/api.md): requests a minute per client address
    "api": env_int("API_LIMIT_PER_MINUTE", 300),
}

# CORS (docs/api.md): any site's page may read the API and the feeds from a browser, without
# credentials (no cookie is sent or read), with the ETag to revalidate.
CORS_URLS_REGEX = r"^/(api/v1/|feeds/|t/[^/]+/(rounds\.atom|rounds\.ics)$).*"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS")
CORS_ALLOW_HEADERS = ("accept", "accept-language", "if-none-match")
CORS_EXPOSE_HEADERS = ("ETag", "Retry-After")
CORS_PREFLIGHT_MAX_AGE = 86400

# Celery: a Redis broker when configured, otherwise tasks run eagerly in the web process.
CELERY_BROKER_URL = broker_url()
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# acks_late: a task's message is acknowledged when it ends; Redis gives an unacknowledged message
# to another worker after the visibility timeout, which must outlast the longest pairing (34 s
# wall at 9999 players on a loaded machine, docs/engine.md) plus its wait in the queue. A dead
# worker's run does not wait for it: the sweep below sends it again.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 600)}
# Pairing runs (docs/pairing-runs.md "When a service stops"): the worker renews its claim every
# PAIRING_RUN_HEARTBEAT seconds while the engine runs; a claim not renewed for
# PAIRING_RUN_STALE_AFTER seconds is a dead worker's, and the sweep (every
# PAIRING_RUN_SWEEP_SECONDS, Celery beat, and at each worker's start) sends that run again, as
# it does a pending run not claimed PAIRING_RUN_RESEND_AFTER seconds after it was sent (or that
# the queue refused).
PAIRING_RUN_HEARTBEAT = env_int("PAIRING_RUN_HEARTBEAT", 5)
PAIRING_RUN_STALE_AFTER = env_int("PAIRING_RUN_STALE_AFTER", 30)
PAIRING_RUN_RESEND_AFTER = env_int("PAIRING_RUN_RESEND_AFTER", 30)
PAIRING_RUN_SWEEP_SECONDS = env_int("PAIRING_RUN_SWEEP_SECONDS", 15)
# Background jobs (the TRF import and its preview; docs/deployment.md "Background jobs"): the
# worker writes the progress and renews its claim every BACKGROUND_JOB_HEARTBEAT seconds; the
# same sweep's rules send lost jobs again, and a job claimed BACKGROUND_JOB_MAX_ATTEMPTS times
# fails.
BACKGROUND_JOB_HEARTBEAT = env_int("BACKGROUND_JOB_HEARTBEAT", 1)
BACKGROUND_JOB_STALE_AFTER = env_int("BACKGROUND_JOB_STALE_AFTER", 30)
BACKGROUND_JOB_RESEND_AFTER = env_int("BACKGROUND_JOB_RESEND_AFTER", 30)
BACKGROUND_JOB_MAX_ATTEMPTS = env_int("BACKGROUND_JOB_MAX_ATTEMPTS", 3)
CELERY_BEAT_SCHEDULE = {
    "pairing-runs-sweep": {
        "task": "pairing.tasks.pairing_runs_sweep_task",
        "schedule": float(PAIRING_RUN_SWEEP_SECONDS),
    },
    "background-jobs-sweep": {
        "task": "pairing.tasks.background_jobs_sweep_task",
        "schedule": float(PAIRING_RUN_SWEEP_SECONDS),
    },
}
# FIDE's combined rating list, checked every RATING_LISTS_FETCH_HOURS hours and imported whenever
# FIDE's file is newer than the stored copy (docs/rating-lists.md "Keeping the lists current";
# VCL4THP Q135, Q136). FIDE's own address by default; set it empty to turn the download off (a
# site without Internet: officers import the lists, and the pages warn about out-of-date lists).
# RATING_LISTS_FETCH_HOURS 0: checked only when an officer asks. That is the hall's default
# (config.hall, HALL_WORKER): there the one in-process worker pairs, and a list's import would
# hold SQLite's writes for minutes in the middle of an event.
RATING_LISTS_FETCH_URL = os.environ.get(
    "RATING_LISTS_FETCH_URL", "https://ratings.fide.com/download/players_list.zip"
)
RATING_LISTS_FETCH_HOURS = env_int(
    "RATING_LISTS_FETCH_HOURS", 0 if os.environ.get("HALL_WORKER") else 6
)
if not 0 <= RATING_LISTS_FETCH_HOURS <= 24:
    raise ImproperlyConfigured(
        f"RATING_LISTS_FETCH_HOURS={RATING_LISTS_FETCH_HOURS}: from 1 to 24 (the lists may be "
        "at most a day behind FIDE's, VCL4THP Q135), or 0 (only when an officer asks)."
    )
RATING_LISTS_FETCH_AUTOMATIC = bool(RATING_LISTS_FETCH_URL) and RATING_LISTS_FETCH_HOURS > 0
"""Whether Celery beat and each worker's start check FIDE's list by themselves."""
if RATING_LISTS_FETCH_AUTOMATIC:
    CELERY_BEAT_SCHEDULE["rating-lists-fetch"] = {
        "task": "tournaments.tasks.fetch_rating_lists_task",
        "schedule": RATING_LISTS_FETCH_HOURS * 3600.0,
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

if CELERY_TASK_ALWAYS_EAGER:
    logging.getLogger("config").info(
        "No CELERY_BROKER_URL/REDIS_URL: Celery tasks run eagerly in-process."
    )
