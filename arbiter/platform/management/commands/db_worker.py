"""``manage.py db_worker``: django-tasks-db's worker, serving every queue unless told which, with
a keeper thread that fails the jobs whose worker was lost (their lease ran out:
arbiter/platform/jobs.py).

The library leaves a task whose worker died "running" for ever (django-tasks-db issue 5); every
worker started with this command notices such a job within TASK_LEASE_SECONDS and a sixth, so a
tournament is never left waiting for a dead worker (docs/background-tasks.md, "A worker lost").
"""

import threading

from django.conf import settings
from django.db import DatabaseError, connections
from django_tasks_db.management.commands import db_worker

from arbiter.platform import jobs
from arbiter.platform.time_limit import warm_up


class Command(db_worker.Command):
    help = (
        "Run a background worker (every queue unless --queue-name names some: 'default' for "
        "quick jobs, 'large' for large fields and files); it also fails jobs whose worker was lost."
    )

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(queue_name="*")

    def handle(self, *args, **options) -> None:
        warm_up()  # the engines' fork server: the first pairing is as quick as the next
        stop = threading.Event()
        keeper = threading.Thread(target=keep, args=(stop,), name="job-lease-keeper", daemon=True)
        keeper.start()
        try:
            super().handle(*args, **options)
        finally:
            stop.set()


def keep(stop: threading.Event) -> None:
    """Every sixth of TASK_LEASE_SECONDS, fail the jobs whose lease ran out (any worker's)."""
    try:
        while not stop.wait(settings.TASK_LEASE_SECONDS / 6):
            try:
                jobs.reap()
            except DatabaseError as error:  # busy or away: the next round tries again
                jobs.log_missed(error, "Could not look for jobs whose worker was lost")
    finally:
        connections.close_all()  # this thread's own
