"""The test suite's settings: production's (DEBUG off, secure cookies, HSTS) over plain http.

The test client and the browser tests' live server speak http, so the redirect to https that
production gets by default (arbiter/settings.py) is the one thing turned off here (and the
key is made up for the run);
tests/security/test_settings.py checks the production defaults themselves in a subprocess.
"""

import os
import secrets

# DEBUG is off here as in production, where the app refuses to start without a key of its own:
# a fresh one per run (subprocesses the tests start inherit it).
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from arbiter.settings import *  # noqa: F403

SECURE_SSL_REDIRECT = False

# Background jobs run at once, inside the request that asks for them (django-tasks' immediate
# backend), so that the test client and the browser tests see their outcome in the answer. The
# tests of the worker itself (tests/arbiter/test_jobs_worker.py) switch to the database backend
# and run db_worker's loop.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
