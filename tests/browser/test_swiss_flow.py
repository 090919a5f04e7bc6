"""Anna runs three rounds of a 20-player Swiss from the pairing page: pair, swap (and see the
warning), publish, results by keyboard; the public sees each round only once it is published."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.browser.conftest import publish_edited, screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = ["1", "=", "0", "1", "1", "0", "=", "1", "0", "1"]


def enter_results(page, tournament, number):
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/{number}/")
    for board, result in enumerate(RESULTS, start=1):
        page.get_by_label("Board number").fill(str(board))
        page.get_by_label("Result", exact=True).fill(result)
        page.keyboard.press("Enter")
        expect(page.locator("#quick-entry-log li").first).to_contain_text(f"Board {board}:")
    expect(page.locator("#round-state")).to_have_text("Complete")


def pair_and_publish(page, tournament, number, swap=False):
    page.goto(f"/arbiter/t/{tournament.pk}/swiss/")
    page.get_by_role("button", name=f"Pair round {number}").click()
    expect(page.locator("#swiss-round h2")).to_contain_text(f"Round {number}")
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(10)
    expect(page.locator("#warnings")).to_contain_text("No warnings")
    if swap:
        page.get_by_label("First player's starting number").fill("6")
        page.get_by_label("Second player's starting number").fill("7")
        page.get_by_role("button", name="Swap players").click()
        expect(page.locator("#warnings")).to_contain_text("the engine's pairing gave")
        screenshot(page, "swiss-draft-with-warning")
    if swap:
        publish_edited(page, number)
        return
    page.get_by_role("button", name=f"Publish round {number}").click()
    expect(page.locator("#swiss-round")).to_contain_text(f"Round {number} is published")


def test_an_arbiter_runs_three_swiss_rounds_and_the_public_follows(page, other_page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Stavanger Swiss", chief=anna, system=System.SWISS_DUTCH, planned_rounds=5
    )
    for n in range(1, 21):
        EntryFactory(
            tournament=tournament,
            name=f"Player {n:02d}, Swiss",
            rating=2500 - 10 * n,
            starting_number=None,
        )
    log_in(page, "anna")
    public = other_page()

    page.goto(f"/arbiter/t/{tournament.pk}/swiss/")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("#swiss-round")).to_contain_text("Nothing is public until you publish")
    assert public.goto(f"/t/{tournament.pk}/rounds/1/").status == 404
    page.get_by_role("button", name="Delete the draft").click()
    expect(page.get_by_role("button", name="Pair round 1")).to_be_visible()

    pair_and_publish(page, tournament, 1, swap=True)
    public.goto(f"/t/{tournament.pk}/rounds/1/")
    expect(public.locator("table")).to_contain_text("Player 07, Swiss")
    enter_results(page, tournament, 1)
    for number in (2, 3):
        pair_and_publish(page, tournament, number)
        enter_results(page, tournament, number)

    public.goto(f"/t/{tournament.pk}/rounds/3/")
    expect(public.locator("table")).to_contain_text("½ - ½")
    screenshot(public, "swiss-public-round-3")
    states = list(tournament.rounds.order_by("number").values_list("state", flat=True))
    assert states == [Round.State.COMPLETE] * 3
