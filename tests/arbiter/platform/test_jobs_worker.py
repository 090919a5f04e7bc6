"""Real workers (``manage.py db_worker`` processes on the test database): a worker killed in the
middle of a pairing is noticed and its job failed within a minute, after which the next press
pairs; and one arbiter's big imports never hold up another arbiter's small pairing (fair queues:
arbiter/platform/jobs.py, docs/background-tasks.md). Each test waits on states, bounded by
timeouts."""

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from arbiter.core.models import BackgroundJob, Round
from arbiter.platform import jobs
from pairing.engines.dutch.simulate import random_tournament
from pairing.engines.trf import write_trf
from tests.factories import UserFactory
from tests.pairing import slow_engine
from tests.worker import kill, run_worker, wait_until, worker_process

pytestmark = [
    pytest.mark.slow,  # worker processes, waiting on their leases
    pytest.mark.django_db(transaction=True),  # the workers see what the test commits
]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def press_pair(client: Client, tournament) -> BackgroundJob:
    client.post(reverse("round_pair", args=[tournament.pk]))
    return BackgroundJob.objects.filter(kind="pair", tournament=tournament).first()


def state(job: BackgroundJob) -> str:
    return BackgroundJob.objects.values_list("state", flat=True).get(pk=job.pk)


def test_a_killed_worker_s_job_is_failed_within_a_minute_and_the_next_press_pairs(
    queued, anna, trondheim_open, tmp_path, settings
):
    arbiter = logged_in(anna)
    engine = tmp_path / "engine-started"
    slow = {"SLOW_ENGINE_STARTED": str(engine)}
    with worker_process(tmp_path / "killed.log", module="tests.slow_worker", env=slow) as doomed:
        job = press_pair(arbiter, trondheim_open)
        # in the middle of the pairing: round 1's numbers given, its engine computing
        wait_until(engine.exists, "the worker's engine to start pairing")
        assert state(job) == "running"
        kill(doomed)
    killed = time.monotonic()
    assert state(job) == "running"  # nobody can know yet
    again = press_pair(arbiter, trondheim_open)
    assert again.pk == job.pk  # within the lease the press still joins it

    with worker_process(tmp_path / "restarted.log"):  # the worker restarted
        noticed = wait_until(lambda: state(job) == "failed", "the lost job to be failed", 60)
        assert noticed < 60 and time.monotonic() - killed < 60
        job.refresh_from_db()
        assert "Its worker stopped while it ran" in job.message
        assert DBTaskResult.objects.get(id=job.task_id).status == "FAILED"
        assert not trondheim_open.rounds.exists()  # nothing half-written:
        assert not trondheim_open.entries.filter(starting_number__isnull=False).exists()

        second = press_pair(arbiter, trondheim_open)
        assert second.pk != job.pk
        wait_until(lambda: state(second) != "queued" and state(second) != "running", "pairing")
    second.refresh_from_db()
    assert second.state == "done", second.message
    assert trondheim_open.rounds.get().state == Round.State.DRAFT
    assert trondheim_open.rounds.get().games.count() == 5
    assert not trondheim_open.entries.filter(starting_number__isnull=True).exists()  # numbered


def test_a_live_worker_s_job_is_never_taken_for_lost_however_long_it_runs(
    queued, anna, trondheim_open, settings, monkeypatch
):
    """Its lease is renewed while the engine works (on SQLite the job's write transaction keeps
    the keeper waiting instead: it can only look once the job is over)."""
    settings.TASK_LEASE_SECONDS = 1
    monkeypatch.setattr("pairing.swiss.services.pair_trf", slow_engine.pair_trf_in_3_seconds)
    job, _ = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    worker = threading.Thread(target=_work)
    worker.start()
    try:
        wait_until(lambda: state(job) == "running", "the worker to start pairing")
        reaped = 0
        while state(job) == "running":
            reaped += jobs.reap()
            time.sleep(0.3)
    finally:
        worker.join()
    assert reaped == 0 and state(job) == "done"
    assert trondheim_open.rounds.count() == 1


def _work() -> None:
    try:
        run_worker()
    finally:
        connections.close_all()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite has one writer at a time: a big import's transaction holds up every other "
    "write (docs/background-tasks.md, 'On SQLite'); CI runs this on PostgreSQL",
)
def test_six_big_imports_by_one_arbiter_do_not_hold_up_another_arbiter_s_small_pairing(
    queued, anna, trondheim_open, tmp_path, settings
):
    settings.TASKS_PER_ARBITER = 6  # the queue holds all six: fairness, not the bound, is shown
    importer = logged_in(UserFactory(username="ivar"))
    big = write_trf(random_tournament(2000, 5, 3, seed=1))
    with (
        worker_process(tmp_path / "all.log"),
        worker_process(tmp_path / "quick.log", "--queue-name", "default"),
    ):
        for _ in range(6):
            importer.post(reverse("trf_import"), {"text": big, "name": ""})
        imports = BackgroundJob.objects.filter(kind="trf_import")
        # one query: a job that starts between two counts would be counted twice
        assert imports.filter(state__in=BackgroundJob.ACTIVE).count() == 6
        wait_until(lambda: imports.filter(state="running").exists(), "the first import to run")

        started = time.monotonic()
        job = press_pair(logged_in(anna), trondheim_open)
        waited = wait_until(lambda: state(job) in ("done", "failed"), "the pairing", 30)
        still_to_do = imports.filter(state__in=BackgroundJob.ACTIVE).count()

    job.refresh_from_db()
    assert job.state == "done", job.message
    assert waited < 2 and time.monotonic() - started < 2, waited
    assert still_to_do >= 4  # the imports were ahead of it, and most still are
    assert DBTaskResult.objects.get(id=job.task_id).queue_name == "default"
    assert set(
        DBTaskResult.objects.exclude(id=job.task_id).values_list("queue_name", flat=True)
    ) == {"large"}
