"""Background jobs (arbiter/platform/jobs.py): pressing Pair queues a job a worker runs; a second
press joins it; a job acts on the tournament as the arbiter saw it; whatever goes wrong, nothing of
it is kept."""

import dataclasses
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from arbiter.core import systems
from arbiter.core.models import AuditEntry, BackgroundJob, Round
from arbiter.core.systems import System
from arbiter.platform import jobs
from pairing.swiss import records as swiss_records
from tests.worker import run_worker

HTMX = {"HX-Request": "true"}
TRF = (
    "012 Job Open\n"
    "001    1      Alpha, Anna                       2100                             0.0\n"
    "001    2      Beta, Bo                          2000                             0.0\n"
)


def pair(client, tournament, **headers):
    return client.post(reverse("round_pair", args=[tournament.pk]), headers=headers)


@pytest.mark.django_db
def test_pressing_pair_runs_a_job_that_pairs_the_round_and_shows_the_draft(
    anna_client, trondheim_open
):
    html = pair(anna_client, trondheim_open, **HTMX).content.decode()
    job = BackgroundJob.objects.get()
    assert (job.kind, job.state, job.title) == ("pair", "done", "Pairing round 1")
    assert job.message.startswith("Round 1 paired by the engine") and job.ran >= 0
    assert "Round 1" in html and "Draft" in html and html.count('<tr id="board-') == 5
    assert AuditEntry.objects.filter(action="round.pair", tournament=trondheim_open).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_queued_job_is_picked_up_by_the_worker_and_pairs_the_round(
    queued, anna_client, trondheim_open
):
    html = pair(anna_client, trondheim_open, **HTMX).content.decode()
    assert not trondheim_open.rounds.exists()
    assert 'id="job-step-queued">Waiting for a worker' in html and 'id="pair"' not in html
    assert DBTaskResult.objects.get().status == "READY"
    run_worker()
    assert BackgroundJob.objects.get().state == "done"
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert trondheim_open.rounds.get().state == Round.State.DRAFT


@pytest.mark.django_db(transaction=True)
def test_a_second_press_joins_the_job_instead_of_queueing_another(
    queued, anna, anna_client, trondheim_open
):
    pair(anna_client, trondheim_open)
    html = pair(anna_client, trondheim_open, **HTMX).content.decode()
    assert "Pairing round 1 was already asked for by anna" in html
    assert BackgroundJob.objects.count() == 1 and DBTaskResult.objects.count() == 1
    run_worker()
    assert trondheim_open.rounds.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_presses_at_the_same_moment_make_one_job(queued, anna, trondheim_open, monkeypatch):
    """Both looked before either wrote: the database's constraint refuses the second job, which
    then joins the first."""
    first, joined = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    assert not joined
    monkeypatch.setattr(jobs, "unfinished", _not_seen_the_first_time(jobs.unfinished))
    second, joined = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    assert joined and second.pk == first.pk
    assert BackgroundJob.objects.count() == 1 and DBTaskResult.objects.count() == 1


def _not_seen_the_first_time(look):
    calls = []

    def unfinished(tournament, kind):
        calls.append(kind)
        return None if len(calls) == 1 else look(tournament, kind)

    return unfinished


@pytest.mark.django_db
def test_the_database_keeps_one_unfinished_job_of_a_kind_per_tournament(anna, trondheim_open):
    BackgroundJob.objects.create(kind="pair", title="a", tournament=trondheim_open)
    with pytest.raises(IntegrityError):
        BackgroundJob.objects.create(kind="pair", title="b", tournament=trondheim_open)


@pytest.mark.django_db(transaction=True)
def test_a_job_refuses_a_tournament_that_changed_after_pair_was_pressed(
    queued, anna, dag, anna_client, trondheim_open, trondheim_players
):
    pair(anna_client, trondheim_open)
    swiss_records.set_player_round_record(dag, trondheim_open, trondheim_players[3], 1, "H")
    run_worker()
    job = BackgroundJob.objects.get()
    assert job.state == "failed"
    assert job.message.startswith("The tournament changed after Pair was pressed: ")
    assert "(dag)" in job.message and "Nothing was paired" in job.message
    assert not trondheim_open.rounds.exists()
    html = anna_client.get(reverse("swiss", args=[trondheim_open.pk])).content.decode()
    assert 'id="job-failed"' in html and "changed after Pair was pressed" in html
    assert 'id="pair"' in html  # the arbiter can look and press again


@pytest.mark.django_db
def test_an_unexpected_error_fails_the_job_with_a_message_and_keeps_nothing(
    anna_client, trondheim_open, monkeypatch
):
    def broken(user, tournament, number):
        tournament.entries.update(rating=0)
        raise ZeroDivisionError("a bug")

    swiss = systems.SYSTEMS[System.SWISS_DUTCH]
    monkeypatch.setitem(systems.SYSTEMS, swiss.code, dataclasses.replace(swiss, pairer=broken))
    html = pair(anna_client, trondheim_open, **HTMX).content.decode()
    job = BackgroundJob.objects.get()
    assert job.state == "failed" and "An unexpected error stopped it" in job.message
    assert "An unexpected error stopped it: nothing was changed" in html
    assert not trondheim_open.entries.filter(rating=0).exists()
    assert not trondheim_open.rounds.exists()


@pytest.mark.django_db
def test_a_job_whose_lease_ran_out_no_longer_blocks_the_next_press(anna, trondheim_open, settings):
    stuck = BackgroundJob.objects.create(
        kind="pair", title="Pairing round 1", tournament=trondheim_open, state="running"
    )
    silent = stuck.created_at - timedelta(seconds=settings.TASK_LEASE_SECONDS + 1)
    BackgroundJob.objects.filter(pk=stuck.pk).update(started_at=silent, heartbeat_at=silent)
    job, joined = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    assert not joined and job.state == "done"
    stuck.refresh_from_db()
    assert stuck.state == "failed" and "Its worker stopped" in stuck.message


@pytest.mark.django_db
def test_a_running_job_whose_lease_is_renewed_is_joined(anna, trondheim_open, settings):
    beating = BackgroundJob.objects.create(
        kind="pair", title="Pairing round 1", tournament=trondheim_open, state="running"
    )
    long_ago = beating.created_at - timedelta(hours=1)
    BackgroundJob.objects.filter(pk=beating.pk).update(
        started_at=long_ago, heartbeat_at=beating.created_at
    )
    job, joined = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    assert joined and job.pk == beating.pk and job.state == "running"


@pytest.mark.django_db
def test_a_player_list_is_imported_by_a_job(anna_client, trondheim_open):
    address = reverse("players_import", args=[trondheim_open.pk])
    response = anna_client.post(address, {"text": "name;rating\nNew, Nina;1900\n"})
    assert response.status_code == 302 and response["Location"].endswith("/players/")
    job = BackgroundJob.objects.get()
    assert (job.kind, job.state, job.payload) == ("player_import", "done", "")
    assert trondheim_open.entries.filter(name="New, Nina").exists()


@pytest.mark.django_db
def test_a_wrong_player_list_lists_its_lines_and_saves_nothing(anna_client, trondheim_open):
    address = reverse("players_import", args=[trondheim_open.pk])
    response = anna_client.post(address, {"text": "name;rating\nNew, Nina;many\n"})
    html = response.content.decode()
    assert response.status_code == 200 and "Line 2: rating" in html
    assert BackgroundJob.objects.get().state == "failed"
    assert trondheim_open.entries.count() == 10


@pytest.mark.django_db(transaction=True)
def test_a_second_list_while_one_is_being_imported_is_refused_with_a_message(
    queued, anna_client, trondheim_open
):
    address = reverse("players_import", args=[trondheim_open.pk])
    first = anna_client.post(address, {"text": "name;rating\nNew, Nina;1900\n"})
    job = BackgroundJob.objects.get()
    assert first["Location"] == reverse("job", args=[job.pk])
    second = anna_client.post(address, {"text": "name;rating\nOther, Olga;1800\n"})
    assert "A player list is being imported, asked for by anna" in second.content.decode()
    run_worker()
    assert trondheim_open.entries.filter(name="New, Nina").exists()
    assert not trondheim_open.entries.filter(name="Other, Olga").exists()


@pytest.mark.django_db(transaction=True)
def test_a_trf_file_is_imported_by_the_worker_and_its_page_leads_to_the_tournament(
    queued, anna_client
):
    text = (
        "012 Job Open\n"
        "001    1      Alpha, Anna                       2100                             0.0\n"
        "001    2      Beta, Bo                          2000                             0.0\n"
    )
    response = anna_client.post(reverse("trf_import"), {"text": text, "name": ""})
    job = BackgroundJob.objects.get()
    assert response["Location"] == reverse("job", args=[job.pk]) and job.state == "queued"
    run_worker()
    job.refresh_from_db()
    assert job.state == "done" and job.tournament.entries.count() == 2, job.message
    shown = anna_client.get(reverse("job", args=[job.pk]), follow=True).content.decode()
    assert "imported: 2 players, 0 rounds" in shown


@pytest.mark.django_db(transaction=True)
def test_a_job_failed_as_lost_while_it_ran_keeps_nothing_of_its_work(
    queued, anna, trondheim_open, monkeypatch
):
    """The worker stalled past its lease and the job was failed meanwhile (as another worker's
    keeper does): when the worker goes on, its pairing is rolled back, not committed beside a
    failed job."""

    @contextmanager
    def stalled(job_id):
        jobs.reap()
        yield

    monkeypatch.setattr(jobs, "heartbeat", stalled)
    monkeypatch.setattr("django.conf.settings.TASK_LEASE_SECONDS", -1)
    job, _ = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    run_worker()
    job.refresh_from_db()
    assert job.state == "failed" and "Its worker stopped" in job.message
    assert not trondheim_open.rounds.exists()
    assert not AuditEntry.objects.filter(action="round.pair").exists()
    assert DBTaskResult.objects.get(id=job.task_id).status == "FAILED"


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_s_jobs_are_bounded_imports_included_and_the_refusal_names_them(
    queued, anna, anna_client, trondheim_open, bergen_open, settings
):
    settings.TASKS_PER_ARBITER = 2
    anna_client.post(reverse("trf_import"), {"text": TRF, "name": ""})
    pair(anna_client, trondheim_open)
    assert BackgroundJob.objects.filter(started_by=anna, state="queued").count() == 2

    again = pair(anna_client, trondheim_open, **HTMX).content.decode()
    assert "was already asked for by anna" in again  # a second press joins: not a new job

    refused = anna_client.post(
        reverse("players_import", args=[bergen_open.pk]), {"text": "name\nNew, Nina\n"}
    ).content.decode()
    assert "You have 2 jobs waiting or running (Importing a TRF file; Pairing round 1)" in refused
    assert "at most 2 at once: TASKS_PER_ARBITER" in refused
    trf = anna_client.post(reverse("trf_import"), {"text": TRF, "name": ""}).content.decode()
    assert "this one was not started" in trf
    other = pair(anna_client, bergen_open, **HTMX)
    assert "You have 2 jobs waiting or running" in other.content.decode()
    assert BackgroundJob.objects.count() == 2 and DBTaskResult.objects.count() == 2

    run_worker()
    assert not bergen_open.entries.filter(name="New, Nina").exists()
    done = anna_client.post(
        reverse("players_import", args=[bergen_open.pk]), {"text": "name\nNew, Nina\n"}
    )
    assert done.status_code == 302 and BackgroundJob.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_large_jobs_go_to_their_own_queue_and_another_arbiter_s_first_job_goes_first(
    queued, anna, dag, trondheim_open, bergen_open, settings
):
    settings.TASK_LARGE_FIELD = 5  # the ten players of Trondheim are a large field here
    first, _ = jobs.start(anna, "trf_import", "Importing a TRF file", payload=TRF)
    anna_s_pairing, _ = jobs.start(anna, "pair", "Pairing round 1", tournament=trondheim_open)
    dag_s_import, _ = jobs.start(dag, "trf_import", "Importing a TRF file", payload=TRF * 3)
    small, _ = jobs.start(dag, "pair", "Pairing round 1", tournament=bergen_open)

    tasks = {task.args_kwargs["args"][0]: task for task in DBTaskResult.objects.all()}
    assert tasks[first.pk].queue_name == "default"  # three lines: a small file
    assert tasks[dag_s_import.pk].queue_name == "large"
    assert tasks[anna_s_pairing.pk].queue_name == "large"
    assert tasks[small.pk].queue_name == "default"
    # what a worker of every queue takes next: quick jobs first, then, among the large ones,
    # dag's first before anna's second
    order = [task.args_kwargs["args"][0] for task in DBTaskResult.objects.ready()]
    assert order == [first.pk, small.pk, dag_s_import.pk, anna_s_pairing.pk]
