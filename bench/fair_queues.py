"""How long one arbiter's 10-player pairing waits while another arbiter's big imports are queued.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/fair_queues.py
        [--imports 6] [--players 2000]

A throwaway test database (PostgreSQL: SQLite has one writer at a time, docs/background-tasks.md)
receives ``--imports`` TRF imports of ``--players`` players each from one arbiter, queued as the
import page queues them; once a worker runs the first, another arbiter's 10-player Swiss is
paired. Real ``manage.py db_worker`` processes run the jobs, in two layouts: one worker of every
queue, then the same with a worker of the quick queue beside it (docs/background-tasks.md, "Fair
queues"). Prints the seconds from the press to the draft and how many imports were still to run.
Figures, not a test (tests/arbiter/platform/test_jobs_worker.py holds the 2 s bound).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)

LAYOUTS = {
    "one worker of every queue": [()],
    "and one of the quick queue": [(), ("--queue-name", "default")],
}


def run(layout: list[tuple[str, ...]], imports: int, trf: str, directory: Path) -> tuple:
    from django.conf import settings
    from django_tasks_db.models import DBTaskResult

    from arbiter.core.models import BackgroundJob
    from arbiter.platform import jobs
    from tests.factories import EntryFactory, TournamentFactory, UserFactory
    from tests.worker import wait_until, worker_process

    settings.TASKS_PER_ARBITER = imports
    importer, arbiter = UserFactory(), UserFactory()
    small = TournamentFactory(name="Small Open", chief=arbiter)
    EntryFactory.create_batch(10, tournament=small, starting_number=None)
    with ExitStack() as stack:
        for number, options in enumerate(layout):
            stack.enter_context(worker_process(directory / f"worker-{number}.log", *options))
        for _ in range(imports):
            jobs.start(importer, "trf_import", "Importing a TRF file", payload=trf)
        queued = BackgroundJob.objects.filter(kind="trf_import")
        wait_until(lambda: queued.filter(state="running").exists(), "the first import", 60)
        started = time.perf_counter()
        job, _ = jobs.start(arbiter, "pair", "Pairing round 1", tournament=small)
        wait_until(lambda: not BackgroundJob.objects.get(pk=job.pk).active, "the pairing", 600)
        seconds = time.perf_counter() - started
        left = queued.filter(state__in=BackgroundJob.ACTIVE).count()
    assert BackgroundJob.objects.get(pk=job.pk).state == "done"
    BackgroundJob.objects.all().delete()
    DBTaskResult.objects.all().delete()  # the imports left by the workers stopped
    return seconds, left


def main() -> None:
    from common import options, set_up_django

    args = options(__doc__, imports=6, players=2000)
    set_up_django()
    from django.db import connection
    from scenarios import throwaway_database

    from pairing.engines.dutch.simulate import random_tournament
    from pairing.engines.trf import write_trf

    if connection.vendor != "postgresql":
        sys.exit("PostgreSQL only (DATABASE_URL=postgres://...): SQLite has one writer at a time")
    trf = write_trf(random_tournament(args.players, 5, 3, seed=1))
    with throwaway_database(), tempfile.TemporaryDirectory() as directory:
        print(f"{args.imports} imports of {args.players} players queued by one arbiter, then")
        print("another arbiter's 10-player pairing: seconds from the press to the draft")
        for name, layout in LAYOUTS.items():
            seconds, left = run(layout, args.imports, trf, Path(directory))
            print(f"  {name:<28} {seconds:6.2f} s   imports still to run: {left}")


if __name__ == "__main__":
    main()
