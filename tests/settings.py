"""The test suite's settings: production's (DEBUG off, secure cookies, HSTS) over plain http.

The test client and the browser tests' live server speak http, so the redirect to https that
production gets by default (arbiter/settings.py) is the one thing turned off here;
tests/security/test_settings.py checks the production defaults themselves in a subprocess.
"""

from arbiter.settings import *  # noqa: F403

SECURE_SSL_REDIRECT = False
