"""Anna runs a club evening: she checks six members in with a tap each, pairs the evening,
enters the three results and sees the standing change."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_check_in_six_members_pair_enter_results_and_see_the_standing_change(page):
    anna = UserFactory(username="anna")
    club = TournamentFactory(name="Tuesday Club", chief=anna, system=System.MONRAD)
    names = [f"Member {n}, Club" for n in range(1, 9)]
    for name in names:
        EntryFactory(tournament=club, name=name, starting_number=None)
    log_in(page, "anna")

    page.goto(f"/arbiter/t/{club.pk}/monrad/")
    expect(page.locator("#monrad-evening h2").first).to_have_text("Round 1: who is here")
    for count, name in enumerate(names[:6], start=1):
        page.get_by_role("button", name=f"{name} present").click()
        expect(page.locator("#present-count")).to_have_text(str(count))
    expect(page.get_by_role("button", name=f"{names[6]} present")).to_have_text("not here")

    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(3)
    boards = page.locator("#boards")
    for name in names[6:]:
        expect(boards).not_to_contain_text(name)
    standing = page.locator("#standing tbody tr")
    expect(standing.first.locator("td").nth(2)).to_have_text("0")
    screenshot(page, "monrad-evening-paired")

    for board in (1, 2, 3):
        row = page.locator(f"#board-{board}")
        row.get_by_role("button", name="1-0").click()
        if board < 3:
            expect(page.locator(f"#board-{board} [aria-pressed=true]")).to_have_text("1-0")
    # the round is complete: the check-in for round 2 opens and the standing has changed
    expect(page.locator("#monrad-evening h2").first).to_have_text("Round 2: who is here")
    expect(standing.first.locator("td").nth(2)).to_have_text("3")
    expect(standing.nth(3).locator("td").nth(2)).to_have_text("1")
    expect(standing.nth(6).locator("td").nth(2)).to_have_text("0")
    screenshot(page, "monrad-standing-after-round-1")
    assert club.rounds.get().state == Round.State.COMPLETE
