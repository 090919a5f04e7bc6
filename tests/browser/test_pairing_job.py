"""Pair with a real worker: the page shows the job waiting and running with its time, the
arbiter can leave and come back, and the draft appears by itself when the worker is done."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.pairing import slow_engine

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def swiss_after_round_1():
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Haugesund Swiss", chief=anna, system=System.SWISS_DUTCH, planned_rounds=5
    )
    for n in range(1, 13):
        EntryFactory(tournament=tournament, name=f"Player {n:02d}, Haugesund", rating=2500 - n)
    round_1 = rounds.pair_next_round(anna, tournament)
    rounds.publish_round(anna, round_1)
    for game in round_1.games.all():
        record_result(anna, game, "1-0")
    return tournament


def test_the_draft_appears_when_the_worker_has_paired_the_round(
    page, task_worker, swiss_after_round_1, monkeypatch
):
    monkeypatch.setattr("pairing.swiss.services.pair_trf", slow_engine.pair_trf_in_3_seconds)
    tournament = swiss_after_round_1
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/swiss/")
    page.get_by_role("button", name="Pair round 2").click()
    job = page.locator("#job")
    expect(job).to_contain_text("Pairing round 2")
    expect(page.locator("#job-step-running")).to_contain_text("Running: ")
    expect(page.get_by_role("button", name="Pair round 2")).to_have_count(0)

    page.goto(f"/arbiter/t/{tournament.pk}/players/")  # the arbiter leaves ...
    notice = page.locator("#tournament-job")  # ... and every page of the tournament names it
    expect(notice).to_contain_text("Pairing round 2: running")
    expect(notice.get_by_role("link", name="Follow its progress")).to_have_attribute(
        "href", re.compile(r"^/arbiter/jobs/\d+/$")
    )
    page.goto(f"/arbiter/t/{tournament.pk}/swiss/")  # ... and comes back while it runs
    expect(page.locator("#job-step-running")).to_contain_text("stopped after 600 s")

    expect(page.locator("#swiss-round")).to_contain_text(
        "Nothing is public until you publish", timeout=20_000
    )
    expect(page.locator(".messages")).to_contain_text("Round 2 paired by the engine")
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(6)
