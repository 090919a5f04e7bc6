"""The test suite's settings: production's (DEBUG off, secure cookies, HSTS) over plain http.

The test client and the browser tests' live server speak http, so the redirect to https that
production gets by default (arbiter/settings.py) is the one thing turned off here (and the
key is made up for the run);
tests/security/test_settings.py checks the production defaults themselves in a subprocess.
"""

import os
import secrets
import tempfile
from pathlib import Path

# DEBUG is off here as in production, where the app refuses to start without a key of its own:
# a fresh one per run (subprocesses the tests start inherit it).
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from arbiter.settings import *  # noqa: F403

SECURE_SSL_REDIRECT = False

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, as in production (WAL, a busy timeout, immediate writes: arbiter/settings.py),
    # not the shared in-memory database, whose table locks ignore the busy timeout. One per run
    # (two runs at once must not share it), named in the environment for the run's subprocesses;
    # under pytest-xdist each worker's has the worker's id after it (pytest-django: `_gw0`).
    os.environ.setdefault(
        "TEST_SQLITE_FILE", str(Path(tempfile.gettempdir()) / f"arbiter-test-{os.getpid()}.sqlite3")
    )
    DATABASES["default"]["TEST"] = {"NAME": os.environ["TEST_SQLITE_FILE"]}  # noqa: F405

# Background jobs run at once, inside the request that asks for them (django-tasks' immediate
# backend), so that the test client and the browser tests see their outcome in the answer. The
# tests of the worker itself (tests/arbiter/platform/test_jobs_worker.py) switch to the database
# backend and run db_worker's loop.
# The browser tests watch public pages follow a change without waiting the production 20 s.
PUBLIC_POLL_SECONDS = 1
TASKS = {
    "default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
        "QUEUES": TASK_QUEUES,  # noqa: F405
    }
}

# The tests' fake push service listens on this machine (tests/arbiter/venue/test_push.py and the
# browser test of notifications): its http://127.0.0.1:port/ endpoints are accepted here only.
PUSH_ALLOW_LOOPBACK = True
