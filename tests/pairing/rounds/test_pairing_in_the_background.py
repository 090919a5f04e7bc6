"""A pairing longer than a web request may take runs in a worker: the press answers at once and
the site goes on answering everyone else quickly while the engine works (issue 16)."""

import statistics
import threading
import time
import urllib.request

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from arbiter.core.models import BackgroundJob
from arbiter.core.services.results import record_result
from pairing.rounds import services as rounds
from tests.pairing import slow_engine
from tests.worker import run_worker

CSRF_TOKEN = "a" * 32  # any 32 letters the form sends back the same


def _logged_in(user) -> urllib.request.OpenerDirector:
    """An HTTP client with ``user``'s session and a CSRF cookie of its own."""
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    opener = urllib.request.build_opener()
    opener.addheaders = [("Cookie", f"sessionid={session}; csrftoken={CSRF_TOKEN}")]
    return opener


def _timed_get(opener, url: str) -> float:
    started = time.perf_counter()
    with opener.open(url) as response:
        assert response.status == 200
        response.read()
    return time.perf_counter() - started


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_long_pairing_leaves_the_site_answering_other_requests_in_under_100_ms(
    queued, live_server, anna, trondheim_open, monkeypatch
):
    round_1 = rounds.pair_next_round(anna, trondheim_open)
    rounds.publish_round(anna, round_1)
    for game in round_1.games.all():
        record_result(anna, game, "1-0")
    monkeypatch.setattr("pairing.swiss.services.pair_trf", slow_engine.pair_trf_in_3_seconds)
    arbiter = _logged_in(anna)

    started = time.perf_counter()
    press = urllib.request.Request(
        live_server.url + reverse("round_pair", args=[trondheim_open.pk]),
        data=b"",
        headers={"X-CSRFToken": CSRF_TOKEN, "HX-Request": "true"},
    )
    with arbiter.open(press) as response:
        assert 'id="job-step-queued"' in response.read().decode()
    assert time.perf_counter() - started < 1

    worker = threading.Thread(target=_work)
    worker.start()
    _wait_for(lambda: BackgroundJob.objects.get().state == "running")
    visitor = urllib.request.build_opener()
    job_page = live_server.url + reverse("job", args=[BackgroundJob.objects.get().pk])
    asked = [
        (visitor, live_server.url + reverse("tournament", args=[trondheim_open.pk])),
        (visitor, live_server.url + reverse("login")),
        (arbiter, job_page),  # the arbiter's page following the job
    ]
    for opener, page in asked:  # templates compiled, connections open: as on a running site
        _timed_get(opener, page)
    times = [_timed_get(opener, page) for opener, page in asked * 5]
    assert BackgroundJob.objects.get().state == "running"  # all of them while it paired
    worker.join()

    job = BackgroundJob.objects.get()
    assert job.state == "done" and job.ran >= 3
    assert trondheim_open.rounds.filter(number=2).exists()
    # A request waiting on the pairing would take its 3 s: none comes near; a loaded shared
    # machine (CI beside other jobs) may slow a few requests, never the typical one.
    assert statistics.median(times) < 0.1, times
    assert max(times) < 1, times


def _work() -> None:
    try:
        run_worker()
    finally:
        connections.close_all()


def _wait_for(condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the worker never started the job"
        time.sleep(0.05)
