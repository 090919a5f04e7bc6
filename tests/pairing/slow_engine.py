"""A Dutch engine slowed down on purpose, for the tests of long pairings: it imports nothing from
Django, so the time limit's child process (arbiter/platform/time_limit.py) can run it as it runs the
real one."""

import os
import time
from pathlib import Path

from pairing.engines.dutch import pair_trf


def pair_trf_in_3_seconds(trf, rules=None):
    """The real pairing, after three seconds: longer than a page may take."""
    time.sleep(3)
    return pair_trf(trf, rules)


def pair_trf_forever(trf, rules=None):
    """A pairing that never ends (ten minutes)."""
    time.sleep(600)
    return pair_trf(trf, rules)


def pair_trf_forever_said(trf, rules=None):
    """A pairing that never ends, which first creates the file ``SLOW_ENGINE_STARTED`` names: a
    test in another process waits for it (tests/slow_worker.py)."""
    Path(os.environ["SLOW_ENGINE_STARTED"]).touch()
    return pair_trf_forever(trf, rules)
