"""A player scans their card on a phone and checks in for the next round; the arbiter, who
turned the check-in by card on and showed the player their QR code, sees them in
(docs/venue.md, "Check-in")."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.slow
def test_a_player_scans_their_card_checks_in_and_the_arbiter_sees_them_in(page, phone):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Card Open", chief=anna, planned_rounds=5)
    for n in range(1, 7):
        EntryFactory(tournament=tournament, name=f"Player {n}, Card", starting_number=None)
    player = tournament.entries.get(name="Player 3, Card")
    log_in(page, "anna")

    page.goto(f"/arbiter/t/{tournament.pk}/players/")
    page.locator(".tournament-nav").get_by_role("link", name="Players' cards").click()
    expect(page.locator("#check-in-count")).to_contain_text("0 in, 6 missing")
    page.get_by_label("Players check in for the next round by scanning their card").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("The players' switches are saved.")).to_be_visible()

    page.goto(f"/arbiter/t/{tournament.pk}/players/{player.pk}/")
    page.locator("#player-card-link").click()
    expect(page.locator("#card-qr svg")).to_be_visible()
    card_url = page.locator("#card-url").get_attribute("href")
    assert card_url and "/card/" in card_url

    # the phone opens what the QR code holds
    phone.goto(card_url)
    expect(phone.locator("#card-name")).to_have_text("Player 3, Card")
    expect(phone.locator("#check-in-state")).to_contain_text("not checked in for round 1")
    button = phone.locator("#check-in-button")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    button.click()
    expect(phone.locator("#check-in-state")).to_contain_text("You are checked in for round 1")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "card-checked-in-phone")

    page.goto(f"/arbiter/t/{tournament.pk}/venue/")
    expect(page.locator("#check-in-count")).to_contain_text("1 in, 5 missing")
    expect(page.locator(f"#check-in-{player.pk}")).to_have_class("checked-in")
    expect(page.locator(f"#check-in-{player.pk}")).to_contain_text("✓ checked in")
    screenshot(page, "venue-check-in-list")
