"""Workers for the tests of background jobs queued in the database (the ``queued`` fixture,
tests/conftest.py): db_worker's own loop in the test's process, or a real ``manage.py
db_worker`` process on the test database."""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import connection
from django_tasks_db.management.commands.db_worker import Worker

ROOT = Path(__file__).resolve().parents[1]

#: The task backend of production: tasks wait in the database for a worker.
DATABASE_BACKEND = {
    "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": settings.TASK_QUEUES}
}


def db_worker(worker_id: str, *, batch: bool, interval: float) -> Worker:
    """``manage.py db_worker``'s loop on every queue: with `batch`, every queued task and then
    stop; without, look for tasks every `interval` seconds until ``running`` is False."""
    return Worker(
        queue_names=["*"],
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


def database_url() -> str:
    """The test database as a URL other processes open (PostgreSQL's test database, or the
    SQLite file tests/settings.py names, ``_gw0`` after it under pytest-xdist): the test must
    commit (``transaction=True``)."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "postgresql":
        return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + name))
    assert ".sqlite3" in str(name), "the SQLite test database must be a file"
    return f"sqlite:///{name}"


@contextmanager
def worker_process(
    log: Path, *options: str, module: str = "manage", env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen]:
    """A real ``manage.py db_worker`` process on the test database, with production's settings,
    in a process group of its own (its engines' processes too); yields it once it has started
    (its log says so) and kills the whole group at the end. `module` runs the command through
    another entry point (tests/slow_worker.py)."""
    command = (
        [sys.executable, "manage.py"] if module == "manage" else [sys.executable, "-m", module]
    )
    command += ["db_worker", "--no-startup-delay", "--interval", "1", *options]
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "arbiter.settings",
        "DATABASE_URL": database_url(),
        "DEBUG": "0",
        "LOG_LEVEL": "WARNING",
        "PYTHONWARNINGS": "ignore",
        **(env or {}),
    }
    with log.open("w") as output:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until(
            lambda: "Starting worker" in log.read_text() or process.poll() is not None,
            "the worker to start",
        )
        assert process.poll() is None, log.read_text()
        yield process
    finally:
        kill(process)


def kill(process: subprocess.Popen) -> None:
    """SIGKILL to the worker and every process it started (its engine's)."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def wait_until(condition, what: str, seconds: float = 30) -> float:
    """Wait for `condition` (looked at every 50 ms), failing after `seconds`; returns the
    seconds waited."""
    started = time.monotonic()
    while not condition():
        waited = time.monotonic() - started
        assert waited < seconds, f"waited {seconds} s for {what} in vain"
        time.sleep(0.05)
    return time.monotonic() - started
