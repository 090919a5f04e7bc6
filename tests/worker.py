"""db_worker's own loop, for the tests of background jobs queued in the database (the
``queued`` fixture, tests/conftest.py)."""

from django_tasks_db.management.commands.db_worker import Worker

#: The task backend of production: tasks wait in the database for a worker.
DATABASE_BACKEND = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def run_worker() -> None:
    """``manage.py db_worker --batch``'s loop, in this process: every queued task, then stop."""
    Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    ).run()
