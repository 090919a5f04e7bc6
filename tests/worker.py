"""db_worker's own loop, for the tests of background jobs queued in the database (the
``queued`` fixture, tests/conftest.py)."""

from django_tasks_db.management.commands.db_worker import Worker

#: The task backend of production: tasks wait in the database for a worker.
DATABASE_BACKEND = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def db_worker(worker_id: str, *, batch: bool, interval: float) -> Worker:
    """``manage.py db_worker``'s loop on the default queue: with `batch`, every queued task and
    then stop; without, look for tasks every `interval` seconds until ``running`` is False."""
    return Worker(
        queue_names=["default"],
        interval=interval,
        batch=batch,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id,
        excluded_queue_names=[],
    )


def run_worker() -> None:
    """``manage.py db_worker --batch``'s loop, in this process: every queued task, then stop."""
    db_worker("test-worker", batch=True, interval=0).run()
