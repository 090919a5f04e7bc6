"""The import as a real background job (arbiter/ratings/import_jobs.py): queued on the large
queue, run by a worker outside any transaction of the job's (each batch commits on its own),
and undone when its job is failed as lost while it runs."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tasks_db.models import DBTaskResult

from arbiter.core.models import BackgroundJob
from arbiter.platform import jobs
from arbiter.ratings import import_jobs, importing
from arbiter.ratings.models import ListedPlayer, RatingList
from tests.arbiter.ratings.lists import fide_txt, players
from tests.conftest import login
from tests.factories import UserFactory
from tests.worker import run_worker

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def staff_client(client, settings, tmp_path, queued, monkeypatch):
    settings.RATING_LISTS_DIR = tmp_path
    monkeypatch.setattr(importing, "BATCH", 2)
    return login(client, UserFactory(username="admin", is_staff=True))


def press_import(client, data: bytes):
    return client.post(
        "/arbiter/ratings/",
        {"file": SimpleUploadedFile("list.txt", data), "source": "fide", "month": "2026-10"},
    )


def test_a_worker_imports_the_list_batch_by_batch_from_the_large_queue(staff_client, tmp_path):
    press_import(staff_client, fide_txt(players(5)))
    job = BackgroundJob.objects.get()
    assert job.state == "queued" and job.payload == ""
    assert DBTaskResult.objects.get().queue_name == jobs.LARGE_QUEUE
    page = staff_client.get("/arbiter/ratings/").content.decode()
    assert "Waiting for a worker" in page and 'hx-trigger="every 1s"' in page
    run_worker()
    job.refresh_from_db()
    assert job.state == "done", job.message
    assert RatingList.objects.get().state == "complete"
    assert ListedPlayer.objects.count() == 5
    assert not any((tmp_path / "uploads").iterdir())


def test_a_job_failed_as_lost_meanwhile_stops_and_undoes_its_import(staff_client, monkeypatch):
    calls = []

    def reaped_meanwhile(job):
        calls.append(job.pk)
        if len(calls) == 2:  # the keeper fails it (its lease ran out) after two batches
            BackgroundJob.objects.filter(pk=job.pk).update(state="failed")
            return False
        return True

    monkeypatch.setattr(import_jobs, "still_running", reaped_meanwhile)
    press_import(staff_client, fide_txt(players(9)))
    run_worker()
    stopped = RatingList.objects.get()
    assert stopped.state == "failed"
    assert stopped.message.startswith("The import stopped before it was whole")
    assert not ListedPlayer.objects.exists()
