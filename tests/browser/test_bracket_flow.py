"""Anna seeds a 13-competitor judo category, chooses its draw rules, draws it, records every
fight up to the final by pressing the winners' names, and the medal table appears; the public
bracket shows it too."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.systems import System
from pairing.knockout import services as service
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUBS = ["Oslo JK", "Bergen Judo", "Trondheim JK", "Stavanger JK"]


def test_an_arbiter_draws_a_category_and_fights_it_to_the_medals(page, other_page):
    anna = UserFactory(username="anna")
    cup = TournamentFactory(name="Nordic Cup -73 kg", chief=anna, system=System.KNOCKOUT)
    for n in range(13):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Nordic", club=CLUBS[n % 4])
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{cup.pk}/bracket/")
    page.get_by_label("Seed of Judoka 00, Nordic").select_option("1")
    page.get_by_label("Seed of Judoka 01, Nordic").select_option("2")
    page.get_by_role("button", name="Save the seeds").click()
    expect(page.locator("#last-change")).to_contain_text("seeds set (anna)")
    # the event's draw rules: seeds 3 and 4 by lot, byes to the best seeds first
    page.get_by_label("Seeds 3 and 4").select_option("lot")
    page.get_by_label("Byes go to the best seeds first").check()
    page.get_by_role("button", name="Save the rules").click()
    expect(page.locator("#last-change")).to_contain_text("draw rules set (anna)")
    expect(page.locator("#draw-rules")).to_contain_text("drawn by lot")
    page.get_by_role("button", name="Draw the bracket").click()
    expect(page.locator("#bracket-sheet")).to_contain_text("drawn with random seed")
    expect(page.locator("#draw-rules")).to_contain_text("byes to the best seeds first")
    drawn = service.bracket_of(cup)
    assert drawn.seeding == "lot"
    for entry in drawn.seeds:  # 13 in 16 places: seeds 1 and 2 have a bye
        place = drawn.slots.index(int(entry))
        assert drawn.slots[place ^ 1] is None
    # press the first competitor's name in each match the bracket says is ready, until the
    # medal table has no place left to fight for
    fights = 0
    while ready := service.sheet(cup).state.ready():
        match = ready[0]
        bout = page.locator(f"#bout-{match.match.id}")
        with page.expect_response(lambda r: "/bracket/bout/" in r.url):
            bout.locator("button.win").first.click()
        expect(page.locator(f"#bout-{match.match.id}")).not_to_have_class(
            re.compile("status-ready")
        )
        fights += 1
    assert fights >= 12
    table = page.locator("#medal-table")
    expect(table).to_be_visible()
    expect(table).not_to_contain_text("to be fought")
    expect(table.locator("tbody tr")).to_have_count(13)  # 1, 2, 3, 3, 5, 5, 7, 7, then 9 x 5
    screenshot(page, "bracket-after-the-final")

    public = other_page()
    public.goto(f"/t/{cup.pk}/bracket/")
    expect(public.locator("#medal-table")).to_contain_text("Judoka")
    expect(public.locator(".bout button.win")).to_have_count(0)
    public.context.close()
