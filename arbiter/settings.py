"""Settings, read from environment variables only (each one is documented in the README)."""

import email.utils
import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from pythonjsonlogger.core import RESERVED_ATTRS

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_bool("DEBUG")
# The fallback key is for development only (DEBUG on): without DEBUG the app refuses to start on
# it, since anyone can read it here and forge sessions, reset links and signed backups.
SECRET_KEY = os.environ.get("SECRET_KEY", "django-insecure-development-key-do-not-deploy")
if not DEBUG and SECRET_KEY.startswith("django-insecure-"):
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. Set it in the environment to a long random value, e.g. "
        "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
        "or set DEBUG=1 for development on this machine only."
    )
# Backups are signed with this key (arbiter/desk/backup.py); a restore needs the same one.
BACKUP_KEY = os.environ.get("BACKUP_KEY") or SECRET_KEY
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", "")

DATABASES = {
    # No DATABASE_URL: the embedded SQLite file; postgres://... for PostgreSQL.
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        conn_health_checks=True,
    )
}
SQLITE_BUSY_TIMEOUT = int(os.environ.get("SQLITE_BUSY_TIMEOUT", "20"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite as an embedded server (docs/hardening.md, "SQLite"): in WAL mode readers never wait
    # for a writer; a write transaction takes the write lock when it begins (IMMEDIATE), so two
    # writers queue for up to SQLITE_BUSY_TIMEOUT seconds instead of failing half-way with
    # "database is locked"; synchronous=NORMAL is safe with WAL (a power cut may lose the last
    # commits, never corrupt the file).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_TIMEOUT,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "django_guid",
    # The rooms (docs/layout.md), each importing only those above it in this list's reverse:
    # the core (events, entries, rounds, games, results, audit, versions), the platform (jobs,
    # languages, limits, logs, backup, caches; before django_tasks_db: its db_worker command is
    # ours, the lease keeper of all queues), the rating lists (rating change, norms), the
    # pairing systems, the judo competition day, the events (festivals of sections), publishing
    # from the venue, the live pages' push, the players' side of the venue (cards, check-in,
    # their results, web push), the arbiter's desk and the public site.
    "arbiter.core",
    "arbiter.platform",
    "arbiter.ratings",
    "arbiter.teams",
    "django_tasks",
    "django_tasks_db",
    "pairing",
    "judo",
    "arbiter.events",
    "arbiter.publishing",
    "arbiter.live",
    "arbiter.venue",
    "arbiter.desk",
    "arbiter.public",
]

MIDDLEWARE = [
    # first: every line logged while a request is served carries its id (DJANGO_GUID below)
    "django_guid.middleware.guid_middleware",
    "arbiter.platform.limits.RequestSizeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session (an arbiter's kept language), before CommonMiddleware and the URL
    # resolution (the public pages' /sv/... prefixes resolve in the language it activates).
    "arbiter.platform.i18n.LanguageMiddleware",
    # On a public site that receives from venues (PUBLISH_RECEIVE): a page a venue pushed is
    # answered from the mirror, in the language the middleware above activated.
    "arbiter.publishing.mirror.MirrorMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "arbiter.urls"
WSGI_APPLICATION = "arbiter.wsgi.application"

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
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "home"

# Languages (docs/i18n.md). English is the default and has no URL prefix; the public pages of
# the others live under /sv/, /ru/, /fi/, /fr/ (arbiter/urls.py), the arbiter's pages follow the
# arbiter's kept choice (arbiter/platform/i18n.py). Translations:
# locale/<language>/LC_MESSAGES/django.po.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("sv", "Svenska"),
    ("ru", "Русский"),
    ("fi", "Suomi"),
    ("fr", "Français"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language cookie says what a visitor chose; it is read only to redirect an unprefixed
# public page and on the arbiter's pages. Never needed by scripts.
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")

# Caches (arbiter/platform/cache.py). With REDIS_URL (redis://host:6379/0) both live in that Redis,
# shared by every app server: "default", the public pages' rendered bodies
# (arbiter/platform/public_live.py), and "logins", the login-failure counts and locks
# (arbiter/platform/views/auth.py), each under a key prefix of its own. Without it, each process's
# memory (the one-command SQLite start needs no Redis); several gunicorn workers then count failed
# logins apart (up to workers x a limit). PUBLIC_PAGE_CACHE=0 stops keeping rendered pages (to
# measure, or to debug); the login counts are kept whatever it says.
REDIS_URL = os.environ.get("REDIS_URL", "")


def _cache(prefix: str) -> dict:
    if REDIS_URL:
        return {
            "BACKEND": "arbiter.platform.cache.RedisOrMemoryCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    # a 1000-player event keeps a page per player: more than the default 300 entries
    return {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": prefix,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }


CACHES = {
    "default": _cache("arbiter-pages")
    if _env_bool("PUBLIC_PAGE_CACHE", True)
    else {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    "logins": _cache("arbiter-logins"),
}
USE_I18N = True
USE_TZ = True
# Dates and numbers follow the active language's formats (Django's localization, always on since
# Django 5; docs/i18n.md); English's short date is ISO's (arbiter/platform/formats/en/formats.py).
FORMAT_MODULE_PATH = ["arbiter.platform.formats"]

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG

# Long work (pairing a round, importing a file) runs as a background task (arbiter/platform/jobs.py,
# docs/background-tasks.md): queued in the database, run by `manage.py db_worker` processes, on
# this machine or others sharing the database. A job running longer than TASK_TIME_LIMIT
# seconds is stopped and changes nothing.
# Two queues (arbiter/platform/jobs.py): "default" for quick jobs, "large" for large fields and
# files.
TASK_QUEUES = ["default", "large"]
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": TASK_QUEUES}}
TASK_TIME_LIMIT = int(os.environ.get("TASK_TIME_LIMIT", "600"))
# A running job's worker renews its lease every sixth of TASK_LEASE_SECONDS; a job whose lease
# ran out lost its worker (killed, machine gone) and is failed, changing nothing.
TASK_LEASE_SECONDS = int(os.environ.get("TASK_LEASE_SECONDS", "30"))
# Fair queues (docs/background-tasks.md, "Fair queues"): a job on a field (or a file) of at least
# TASK_LARGE_FIELD players goes to the "large" queue, which the workers for quick jobs leave
# alone; an arbiter has at most TASKS_PER_ARBITER jobs waiting or running at once.
TASK_LARGE_FIELD = int(os.environ.get("TASK_LARGE_FIELD", "200"))
TASKS_PER_ARBITER = int(os.environ.get("TASKS_PER_ARBITER", "3"))
if TASK_LEASE_SECONDS < 1:
    raise ImproperlyConfigured(f"TASK_LEASE_SECONDS is at least 1, not {TASK_LEASE_SECONDS}.")
if TASKS_PER_ARBITER < 1:
    raise ImproperlyConfigured(f"TASKS_PER_ARBITER is at least 1, not {TASKS_PER_ARBITER}.")
# How often an open public page asks whether something changed (arbiter/platform/public_live.py).
PUBLIC_POLL_SECONDS = int(os.environ.get("PUBLIC_POLL_SECONDS", "20"))
# Public PDFs not yet kept are written by a worker, not by the request
# (arbiter/platform/public_pdf.py) when the worker can hand them over: through the cache it shares
# with the app, Redis.
PDFS_IN_BACKGROUND = bool(REDIS_URL)

# Pushed updates (docs/live.md). LIVE_URL: where browsers open the push service's event streams,
# "/live/" behind the project's nginx or an absolute URL (its origin is added to the CSP's
# connect-src); empty: no push, the public pages poll every PUBLIC_POLL_SECONDS as before. A
# committed change is published to LIVE_REDIS_URL (REDIS_URL unless set), which the push service
# (arbiter/live/service.py, its own process) subscribes to.
LIVE_URL = os.environ.get("LIVE_URL", "")
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL", "") or REDIS_URL

# Publishing from the venue (docs/publishing.md). The venue: the public site its events are
# pushed to by `manage.py publish_events` (each event's page may name another), the languages
# of the pages pushed, how many pages one event may have, and the seconds a connection may take
# to open or to answer. The public site: PUBLISH_RECEIVE=1 accepts signed pushes from the
# venues registered with `manage.py publishing_venue` and serves what they pushed.
PUBLISH_URL = os.environ.get("PUBLISH_URL", "").strip().rstrip("/")
PUBLISH_RECEIVE = _env_bool("PUBLISH_RECEIVE")
PUBLISH_LANGUAGES = _env_list("PUBLISH_LANGUAGES", ",".join(code for code, _ in LANGUAGES))
if not set(PUBLISH_LANGUAGES) <= {code for code, _ in LANGUAGES}:
    raise ImproperlyConfigured(f"PUBLISH_LANGUAGES names unknown languages: {PUBLISH_LANGUAGES}")
PUBLISH_MAX_PAGES = int(os.environ.get("PUBLISH_MAX_PAGES", "20000"))
PUBLISH_MAX_BLOB_BYTES = int(os.environ.get("PUBLISH_MAX_BLOB_BYTES", str(16 * 1024 * 1024)))
PUBLISH_TIMEOUT = float(os.environ.get("PUBLISH_TIMEOUT", "10"))

# Limits on what comes in (README, "Configuration"; docs/hardening.md, "Limits"): a refusal
# says which limit, saves nothing, and comes before the work it would have cost.
MAX_UPLOAD_BYTES = int(os.environ.get("MAX_UPLOAD_BYTES", str(5 * 1024 * 1024)))
MAX_PLAYERS = int(os.environ.get("MAX_PLAYERS", "5000"))
MAX_ROUNDS = int(os.environ.get("MAX_ROUNDS", "99"))
if not 1 <= MAX_ROUNDS <= 99:
    # the database keeps an acceleration's round to 99 (pairing/models.py): lower only
    raise ImproperlyConfigured(f"MAX_ROUNDS is 1 to 99, not {MAX_ROUNDS}.")
# Rating lists (arbiter/ratings/importing.py, docs/ratings.md "Rating lists"): the largest list
# file accepted, uploaded or placed (FIDE's combined TXT is about 300 MB unpacked, 40 MB zipped;
# a zip may unpack to eight times this), the players of one list, the months kept of each
# source (FIDE, each national federation), and the folder uploads are kept in while they are
# imported and where an arbiter may place list files for the page to offer.
RATING_LIST_MAX_BYTES = int(os.environ.get("RATING_LIST_MAX_BYTES", str(512 * 1024 * 1024)))
RATING_LIST_MAX_PLAYERS = int(os.environ.get("RATING_LIST_MAX_PLAYERS", "3000000"))
RATING_LISTS_KEPT = int(os.environ.get("RATING_LISTS_KEPT", "3"))
RATING_LISTS_DIR = Path(os.environ.get("RATING_LISTS_DIR") or BASE_DIR / "rating-lists")
if RATING_LISTS_KEPT < 1:
    raise ImproperlyConfigured(f"RATING_LISTS_KEPT is at least 1, not {RATING_LISTS_KEPT}.")
# A backup file `manage.py restore` reads whole (all tournaments of a server: much more).
MAX_BACKUP_BYTES = int(os.environ.get("MAX_BACKUP_BYTES", str(256 * 1024 * 1024)))
# A request whose body is larger than a file, a paste and the form around them is answered
# 413 from its Content-Length, before it is read (arbiter/platform/limits.py).
MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024
# Django's own guards, set from those: the form fields of one request (a paste included), the
# fields of one form (the knockout seeding sends one per competitor), one file per request;
# an accepted file stays in memory (it is read whole anyway) instead of a temporary file.
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = MAX_PLAYERS + 100
DATA_UPLOAD_MAX_NUMBER_FILES = 1
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES

# HTTPS and browser protections (README, "Configuration"). With DEBUG off they default to what a
# public deployment behind TLS needs (`manage.py check --deploy` is clean); with DEBUG on they
# default to plain http, so `scripts/serve.sh` works on http://127.0.0.1:8000/.
BEHIND_PROXY = _env_bool("BEHIND_PROXY")
if BEHIND_PROXY:
    # The TLS-terminating proxy says which scheme the visitor used; trust it only behind one.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = _env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = _env_bool("CSRF_COOKIE_SECURE", not DEBUG)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
# Preloading commits the whole domain to HTTPS in every browser: the operator opts in.
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD")
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# Login and password-reset limits (arbiter/platform/views/auth.py; README, "Configuration"):
# failures are counted per username and address together (slowed down, then locked for that address
# only), per address, and per username from every address (then only addresses the username
# logged in from before may still try).
LOGIN_SLOWDOWN_AFTER = int(os.environ.get("LOGIN_SLOWDOWN_AFTER", "3"))
LOGIN_FAILURES_PER_USERNAME_AND_IP = int(os.environ.get("LOGIN_FAILURES_PER_USERNAME_AND_IP", "10"))
LOGIN_FAILURES_PER_IP = int(os.environ.get("LOGIN_FAILURES_PER_IP", "20"))
LOGIN_FAILURES_PER_USERNAME = int(os.environ.get("LOGIN_FAILURES_PER_USERNAME", "50"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
PASSWORD_RESET_MAILS_PER_ADDRESS = int(os.environ.get("PASSWORD_RESET_MAILS_PER_ADDRESS", "3"))
PASSWORD_RESET_REQUESTS_PER_IP = int(os.environ.get("PASSWORD_RESET_REQUESTS_PER_IP", "10"))
# The public entry form of an event: posts per client address within LOGIN_LOCKOUT_SECONDS.
EVENT_ENTRY_POSTS_PER_IP = int(os.environ.get("EVENT_ENTRY_POSTS_PER_IP", "20"))
# Players' cards (docs/venue.md): wrong card secrets one client address may try within
# LOGIN_LOCKOUT_SECONDS before every card page answers it 429.
CARD_GUESSES_PER_IP = int(os.environ.get("CARD_GUESSES_PER_IP", "20"))
# The address players' phones reach the app at in the hall, for the QR codes printed on their
# cards (docs/venue.md, "QR codes"): "https://chess.club.example" or "http://192.168.1.10:8000";
# empty: the address of the request that printed them.
CARD_BASE_URL = os.environ.get("CARD_BASE_URL", "").strip().rstrip("/")

# Web push from players' cards (docs/venue.md, "Notifications"): the site's VAPID key pair
# (``manage.py vapid_keys`` prints a fresh one; both or neither) and the contact the push
# services may write to (mailto: or https:). Unset: notifications are off and the cards say so.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "")
if bool(VAPID_PUBLIC_KEY) != bool(VAPID_PRIVATE_KEY):
    raise ImproperlyConfigured("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together.")
if VAPID_PUBLIC_KEY and not VAPID_SUBJECT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured("VAPID_SUBJECT is a mailto: or https:// contact.")
# Sign-ups for notifications one client address may send within LOGIN_LOCKOUT_SECONDS (a venue's
# Wi-Fi puts every phone behind one address: generous), and browsers one card may notify.
PUSH_SUBSCRIPTIONS_PER_IP = int(os.environ.get("PUSH_SUBSCRIPTIONS_PER_IP", "60"))
PUSH_SUBSCRIPTIONS_PER_CARD = int(os.environ.get("PUSH_SUBSCRIPTIONS_PER_CARD", "5"))
# The push services a subscription's endpoint may name (a host, or a domain with its leading
# dot): the server posts to it, so an endpoint is never an address of the operator's network.
PUSH_SERVICE_HOSTS = _env_list(
    "PUSH_SERVICE_HOSTS",
    ".googleapis.com,.push.services.mozilla.com,.push.apple.com,.notify.windows.com",
)
# Endpoints on this machine (http://127.0.0.1:port/) for development and the tests' fake push
# service; never in production.
PUSH_ALLOW_LOOPBACK = DEBUG

# Mail (password reset links): SMTP when EMAIL_HOST is set; otherwise each mail is written to
# the server's log, where an administrator can hand the link on, instead of failing the request.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "arbiter@localhost")

# Errors are mailed to ADMINS when there is a mail server: "Name <address>" or addresses,
# comma-separated.
ADMINS = [
    (name or address, address)
    for name, address in map(email.utils.parseaddr, _env_list("ADMINS", ""))
    if address
]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

# Request ids (django-guid; docs/platform.md, "Request ids and JSON logs"): the proxy's
# X-Request-ID when it is a UUID (nginx's $request_id is 32 hex digits), else a new one; sent back
# in the response's X-Request-ID.
DJANGO_GUID = {
    "GUID_HEADER_NAME": "X-Request-ID",
    "VALIDATE_GUID": True,
    "RETURN_HEADER": True,
    "EXPOSE_HEADER": False,
}

# Logging (arbiter/platform/logs.py, README "Logging"): one JSON object per line on stderr
# (python-json-logger), with the request's id; errors (500s and their tracebacks) also go to
# ADMINS when EMAIL_HOST is set.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
_log_handlers = ["stderr"] + (["mail_admins"] if EMAIL_HOST and ADMINS else [])
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {
            "()": "django_guid.log_filters.CorrelationId",
            "correlation_id_field": "request_id",
        },
        "request_fields": {"()": "arbiter.platform.logs.RequestFields"},
    },
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": ["levelname", "name", "request_id", "message"],
            "rename_fields": {
                "levelname": "level",
                "name": "logger",
                "exc_info": "exception",
                "status_code": "status",
            },
            "timestamp": "time",
            # the request object itself: its method, path and user are fields of their own
            "reserved_attrs": [*RESERVED_ATTRS, "request"],
            "json_ensure_ascii": False,
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_id", "request_fields"],
            "formatter": "json",
        },
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["request_id"],
        },
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": _log_handlers, "level": LOG_LEVEL, "propagate": False},
        "arbiter": {"handlers": _log_handlers, "level": LOG_LEVEL, "propagate": False},
        "pairing": {"handlers": _log_handlers, "level": LOG_LEVEL, "propagate": False},
        # it says at INFO, for every request, whether the id came from the proxy
        "django_guid": {"level": "WARNING"},
    },
}

# Content-Security-Policy (django-csp): scripts and styles from this site only, so an injected
# <script> or on...= attribute does not run; htmx is configured not to evaluate code and not to
# inject its own <style> (templates/base.html). Style attributes stay allowed (a form's width).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
_live_origin = "{0.scheme}://{0.netloc}".format(urlsplit(LIVE_URL)) if "://" in LIVE_URL else ""
if _live_origin:
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["connect-src"] = ["'self'", _live_origin]
