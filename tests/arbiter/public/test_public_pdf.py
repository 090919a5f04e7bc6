"""Public PDFs are written by a task worker, not by the request that first asks for them: a
crowd asking for a big event's standings PDF queues one task and gets, at once, the last PDF
or (the very first time) a page saying it is being prepared that asks again by itself, never an
error; once the worker has run, everyone gets the PDF kept for that version."""

import threading
import time

import pytest
from django.core.cache import cache
from django.db import connections
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from arbiter.core.services.results import record_result
from arbiter.platform import jobs
from arbiter.public.views import exports
from pairing.knockout import services as knockout
from pairing.rounds import services as rounds
from tests.pairing.knockout.test_results import category
from tests.worker import run_worker

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip"}


@pytest.fixture
def played_open(anna, played_open):
    """Two rounds played and published, the third waiting as a draft."""
    rounds.pair_next_round(anna, played_open)
    return played_open


@pytest.fixture
def in_background(settings):
    """As in production with Redis: the worker shares the app's cache."""
    settings.PDFS_IN_BACKGROUND = True


def pdf_tasks() -> int:
    return DBTaskResult.objects.filter(task_path="arbiter.platform.tasks.build_public_pdf").count()


def standings_pdf(tournament) -> str:
    return reverse("export_standings_pdf", kwargs={"tournament_id": tournament.pk})


def test_a_crowd_asking_for_a_pdf_not_yet_written_queues_one_task_and_is_answered_at_once(
    client, played_open, in_background, queued, monkeypatch
):
    written = []
    monkeypatch.setattr(exports, "standings_pdf", lambda *args: written.append(args) or b"%PDF")
    url = standings_pdf(played_open)

    answers, seconds = [], []
    for _ in range(20):
        started = time.perf_counter()
        answers.append(client.get(url))
        seconds.append(time.perf_counter() - started)

    assert not written and pdf_tasks() == 1
    assert max(seconds) < 0.5
    for answer in answers:
        assert answer.status_code == 202
        assert answer["Retry-After"] == "3"
        assert answer["Cache-Control"] == "no-store"
        assert not answer.cookies
        html = answer.content.decode()
        assert "The PDF of the standings is being prepared" in html
        assert '<meta http-equiv="refresh" content="3">' in html
        assert "<script>" not in html and "csrf" not in html.lower()


@pytest.mark.django_db(transaction=True)  # the worker commits
def test_once_the_worker_has_run_everyone_gets_the_pdf_kept_for_the_version(
    client, played_open, in_background, queued
):
    url = standings_pdf(played_open)
    assert client.get(url).status_code == 202

    run_worker()

    response = client.get(url, headers=GZIP)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "standings-r2.pdf" in response["Content-Disposition"]
    assert "s-maxage" in response["Cache-Control"] and not response.cookies
    again = client.get(url, headers={**GZIP, "If-None-Match": response["ETag"]})
    assert again.status_code == 304
    assert client.get(url, headers=GZIP).content == response.content
    assert pdf_tasks() == 1


@pytest.mark.django_db(transaction=True)  # the worker commits
def test_after_a_change_the_last_pdf_is_served_until_the_new_one_is_written(
    client, anna, played_open, in_background, queued
):
    url = standings_pdf(played_open)
    client.get(url)
    run_worker()
    before = client.get(url)
    game = played_open.rounds.get(number=2).games.order_by("board").first()
    record_result(anna, game, "0-1" if game.result == "1-0" else "1-0")

    meanwhile = client.get(url)

    assert meanwhile.status_code == 200 and meanwhile.content == before.content
    assert meanwhile["Cache-Control"] == "no-cache"  # for this visitor, no shared cache
    assert meanwhile["ETag"] == before["ETag"]
    assert pdf_tasks() == 2
    run_worker()
    after = client.get(url)
    assert after["ETag"] != before["ETag"] and "s-maxage" in after["Cache-Control"]


def test_a_round_not_public_is_not_found_and_queues_nothing(
    client, played_open, in_background, queued
):
    url = reverse("export_round_pdf", kwargs={"tournament_id": played_open.pk, "number": 3})

    assert client.get(url).status_code == 404
    assert pdf_tasks() == 0


def test_with_tasks_run_at_once_the_request_serves_the_pdf_it_had_written(
    client, anna, played_open, in_background
):
    url = reverse("export_round_pdf", kwargs={"tournament_id": played_open.pk, "number": 2})

    response = client.get(url)

    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert "round-2.pdf" in response["Content-Disposition"]


@pytest.mark.django_db(transaction=True)  # the worker commits
def test_the_bracket_pdf_is_written_by_the_worker_too(client, anna, in_background, queued):
    cup = category(anna, 16)
    knockout.draw_bracket(anna, cup, random_seed=1)
    url = reverse("public_bracket_pdf", args=[cup.pk])

    waiting = client.get(url)
    run_worker()

    assert waiting.status_code == 202 and "The PDF of the bracket" in waiting.content.decode()
    assert client.get(url).content.startswith(b"%PDF")


def test_while_redis_is_down_the_request_writes_the_pdf_itself(
    client, played_open, in_background, queued, monkeypatch
):
    """The worker could not hand the PDF over: each process uses its own memory meanwhile."""
    monkeypatch.setattr(cache, "down", True, raising=False)

    response = client.get(standings_pdf(played_open))

    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert pdf_tasks() == 0


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)  # the worker commits
def test_a_crowd_during_the_builds_gets_a_pdf_or_a_page_that_asks_again_never_an_error(
    client, anna, played_open, in_background, queued, monkeypatch
):
    """Measured before: every request for a big PDF while it was built got a 503 page. Now the
    very first build answers a page that asks again by itself (202), and every later one the
    last PDF."""
    real = exports.standings_pdf
    building = threading.Event()

    def slow(*args):
        building.set()
        time.sleep(1.5)  # a big field's PDF takes seconds
        return real(*args)

    monkeypatch.setattr(exports, "standings_pdf", slow)
    url = standings_pdf(played_open)

    def crowd_during_a_build() -> list:
        assert client.get(url).status_code in (200, 202)  # queues the task
        building.clear()
        worker = threading.Thread(target=_work)
        worker.start()
        assert building.wait(10), "the worker never started the PDF"
        answers = []
        while worker.is_alive() and len(answers) < 40:
            answers.append(client.get(url, headers=GZIP))
            time.sleep(0.02)
        worker.join()
        return answers

    first = crowd_during_a_build()
    assert first and {answer.status_code for answer in first} == {202}
    for answer in first:
        assert answer["Retry-After"] == "3" and answer["Cache-Control"] == "no-store"
        assert "The PDF of the standings is being prepared." in answer.content.decode()
    pdf = client.get(url, headers=GZIP)
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"

    game = played_open.rounds.get(number=2).games.order_by("board").first()
    record_result(anna, game, "0-1" if game.result == "1-0" else "1-0")
    second = crowd_during_a_build()
    assert second and {answer.status_code for answer in second} == {200}
    assert all(answer.content == pdf.content for answer in second)  # the last one meanwhile
    assert client.get(url, headers=GZIP).content != pdf.content  # then the new one


def test_the_page_that_asks_again_is_in_the_visitor_s_language_and_keeps_nothing(
    client, played_open, in_background, queued
):
    url = "/sv" + standings_pdf(played_open)

    answer = client.get(url, headers={"Accept-Language": "sv"})

    html = answer.content.decode()
    assert answer.status_code == 202 and answer["Retry-After"] == "3"
    assert '<html lang="sv"' in html and "Fråga igen nu" in html and "<title>Förbereds" in html
    assert '<meta http-equiv="refresh" content="3">' in html
    assert not answer.cookies and "csrf" not in html.lower()


def _work() -> None:
    try:
        run_worker()
    finally:
        connections.close_all()


def test_a_large_field_s_pdf_waits_with_the_large_jobs_a_small_one_with_the_quick_ones(
    client, played_open, in_background, queued, settings
):
    client.get(standings_pdf(played_open))
    settings.TASK_LARGE_FIELD = played_open.entries.count()
    client.get(reverse("export_round_pdf", kwargs={"tournament_id": played_open.pk, "number": 2}))

    tasks = DBTaskResult.objects.order_by("enqueued_at")
    assert [task.queue_name for task in tasks] == ["default", "large"]
    assert {task.priority for task in tasks} == {jobs.PDF_PRIORITY}
