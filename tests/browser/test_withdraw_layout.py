"""The withdraw confirmation on the arbiter's players page stays on screen, its question and both
buttons, at 1280 px (it ran off the table's right edge) and on a 390 px phone."""

import pytest
from playwright.sync_api import expect

from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_withdraw_confirmation_and_its_buttons_are_on_screen(page, width):
    anna = UserFactory(username="anna")
    swiss = TournamentFactory(name="Layout Open", system=System.SWISS_DUTCH, chief=anna)
    for n in range(1, 6):
        EntryFactory(
            tournament=swiss,
            name=f"Christiansen-Lindqvist, Johan-Sebastian {n}",
            club="Stavanger Sjakklubb og Omegn Schakselskap",
            federation="NOR",
            rating=2600 - n,
        )
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{swiss.pk}/players/")

    listed = page.locator("#player-list")
    listed.locator("tr", has_text="Johan-Sebastian 3").get_by_role(
        "button", name="Withdraw…"
    ).click()
    question = listed.get_by_role("alert")
    expect(question).to_contain_text("Withdraw Christiansen-Lindqvist, Johan-Sebastian 3?")
    question.scroll_into_view_if_needed()
    assert_on_screen(page, question)
    withdraw = listed.get_by_role("button", name="Withdraw", exact=True)
    for control in (withdraw, listed.get_by_role("link", name="Keep", exact=True)):
        assert_on_screen(page, control)
    screenshot(page, f"withdraw-confirmation-{width}")

    withdraw.click()
    expect(listed.locator("tr.withdrawn")).to_contain_text("Johan-Sebastian 3")
    expect(page.get_by_role("alert")).to_have_count(0)
