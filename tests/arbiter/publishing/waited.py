"""The venue's settings in the two-instance test (test_two_instances.py): the test suite's, with
a middleware that says in a response header how long the request waited for anything but the
CPU.

Linux counts for each thread the time it ran and the time it waited, runnable, for a CPU
(/proc/thread-self/schedstat); the rest of a request's wall time it was blocked: on a socket,
a lock, the disk. A request that waited on the network would show it there, whatever else
loads the machine, which a wall-clock time on a shared 2-core machine cannot tell apart.
"""

import time

from tests.settings import *  # noqa: F403
from tests.settings import MIDDLEWARE


def _schedstat() -> tuple[int, int]:
    with open("/proc/thread-self/schedstat") as stat:
        ran, queued, _slices = (int(n) for n in stat.read().split())
    return ran, queued


class WaitedMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        start, (ran, queued) = time.perf_counter_ns(), _schedstat()
        response = self.get_response(request)
        wall, (ran_after, queued_after) = time.perf_counter_ns() - start, _schedstat()
        blocked = wall - (ran_after - ran) - (queued_after - queued)
        response["X-Blocked-Ms"] = f"{max(blocked, 0) / 1e6:.1f}"
        response["X-Wall-Ms"] = f"{wall / 1e6:.1f}"
        return response


MIDDLEWARE = ["tests.arbiter.publishing.waited.WaitedMiddleware", *MIDDLEWARE]
