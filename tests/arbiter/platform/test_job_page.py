"""A background job's page (arbiter/platform/views/jobs.py): waiting, running, failed, done; polled
over
HTMX, refreshing itself without it; for the arbiter who asked and the tournament's arbiters."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from arbiter.core.models import BackgroundJob, TournamentArbiter
from tests.conftest import login

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def job(anna, trondheim_open):
    return BackgroundJob.objects.create(
        kind="pair",
        title="Pairing round 1",
        tournament=trondheim_open,
        started_by=anna,
        options={"round": 1},
        result_url=reverse("swiss", args=[trondheim_open.pk]),
    )


def page(client, job, **headers):
    return client.get(reverse("job", args=[job.pk]), headers=headers)


def test_a_waiting_job_shows_its_wait_and_refreshes_itself_without_javascript(anna_client, job):
    twenty_seconds_ago = timezone.now() - timedelta(seconds=20)
    BackgroundJob.objects.filter(pk=job.pk).update(created_at=twenty_seconds_ago)
    html = page(anna_client, job).content.decode()
    assert '<meta http-equiv="refresh" content="2">' in html
    assert 'id="job-step-queued">Waiting for a worker: 20 s' in html
    assert "is <code>python manage.py db_worker</code> running?" in html


def test_a_running_job_is_polled_every_second_with_its_time_so_far(anna_client, job):
    job.state, job.started_at = "running", timezone.now() - timedelta(seconds=7)
    job.save()
    html = page(anna_client, job, **HTMX).content.decode()
    assert html.lstrip().startswith('<div class="job job-running" id="job"')
    assert 'hx-trigger="every 1s"' in html and f'hx-get="/arbiter/jobs/{job.pk}/"' in html
    assert 'id="job-step-running">Running: 7 s' in html and "(stopped after 600 s)" in html


def test_a_finished_job_sends_the_page_on_to_its_outcome(anna_client, job):
    job.state, job.message = "done", "Round 1 paired by the engine (2026 rules): 5 boards"
    job.save()
    polled = page(anna_client, job, **HTMX)
    assert polled.status_code == 204 and polled["HX-Redirect"] == job.result_url
    shown = anna_client.get(job.result_url).content.decode()
    assert "Round 1 paired by the engine" in shown
    plain = page(anna_client, job)
    assert plain.status_code == 302 and plain["Location"] == job.result_url


def test_a_failed_import_shows_why_with_the_lines_at_fault_and_stops_polling(anna_client, anna):
    job = BackgroundJob.objects.create(
        kind="player_import",
        title="Importing a player list",
        started_by=anna,
        state="failed",
        message="Nothing was imported: correct these lines and try again.",
        options={"details": ["Line 2: rating: Enter a whole number."]},
    )
    html = page(anna_client, job).content.decode()
    assert 'id="job-failed"' in html and "<li>Line 2: rating: Enter a whole number.</li>" in html
    assert "hx-trigger" not in html and 'http-equiv="refresh"' not in html


def test_a_deputy_sees_the_job_and_another_arbiter_does_not(client, job, dag, boris):
    TournamentArbiter.objects.create(tournament=job.tournament, user=dag, role="deputy")
    assert page(login(client, dag), job).status_code == 200
    assert page(login(client, boris), job).status_code == 403


def notice(client, tournament, page: str = "players") -> str:
    """The line under the tournament's navigation that names its job, or ""."""
    response = client.get(reverse(page, args=[tournament.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    start = html.find('id="tournament-job"')
    return html[start : html.find("</p>", start)] if start >= 0 else ""


@pytest.mark.parametrize("page_name", ["players", "rounds", "tournament_settings", "audit_log"])
def test_a_waiting_job_is_named_on_the_tournaments_pages_with_a_link_to_its_progress(
    anna_client, trondheim_open, job, page_name
):
    line = notice(anna_client, trondheim_open, page_name)

    assert "Pairing round 1:" in line and "waiting for a worker" in line
    assert f'href="{reverse("job", args=[job.pk])}">Follow its progress' in line


def test_a_running_job_says_how_long_it_has_run(anna_client, trondheim_open, job):
    job.state, job.started_at = "running", timezone.now() - timedelta(seconds=42)
    job.save()

    assert "running (42 s)" in notice(anna_client, trondheim_open)


def test_a_job_that_failed_just_now_is_named_with_a_link_to_why(anna_client, trondheim_open, job):
    job.state, job.finished_at, job.message = "failed", timezone.now(), "Nothing to pair."
    job.save()

    line = notice(anna_client, trondheim_open)
    assert "failed, nothing was changed" in line and ">See why</a>" in line


def test_a_job_done_or_failed_long_ago_is_not_named(anna_client, trondheim_open, job):
    job.state, job.finished_at = "failed", timezone.now() - timedelta(minutes=16)
    job.save()
    BackgroundJob.objects.create(
        kind="player_import",
        title="Importing 3 players",
        tournament=trondheim_open,
        state="done",
        finished_at=timezone.now(),
    )

    assert notice(anna_client, trondheim_open) == ""


def test_another_tournaments_job_is_not_named(anna_client, bergen_open, job):
    TournamentArbiter.objects.get_or_create(
        tournament=bergen_open, user=job.started_by, defaults={"role": "chief"}
    )

    assert notice(anna_client, bergen_open) == ""


def test_a_failed_job_gives_way_to_a_later_one_of_its_kind_that_succeeded(
    anna_client, trondheim_open, anna
):
    """A failed player list import stays named until a later import succeeds; a later job of
    another kind does not clear it, nor does an earlier success."""

    def importing(state: str, kind: str = "player_import") -> BackgroundJob:
        return BackgroundJob.objects.create(
            kind=kind,
            title="Importing a player list" if kind == "player_import" else "Pairing round 1",
            tournament=trondheim_open,
            started_by=anna,
            state=state,
            finished_at=timezone.now(),
            message="Nothing was imported.",
        )

    importing("done")
    importing("failed")
    assert "Importing a player list:" in notice(anna_client, trondheim_open)
    importing("done", kind="pair")
    assert "failed, nothing was changed" in notice(anna_client, trondheim_open)

    importing("done")

    assert notice(anna_client, trondheim_open) == ""
    importing("failed")
    assert "failed, nothing was changed" in notice(anna_client, trondheim_open)
