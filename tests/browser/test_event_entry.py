"""A player enters an event on a phone and the organiser approves them (issue 31): the player
opens the event's page at 390 px, taps its entry link, enters themselves and is told the entry
waits for approval; the organiser, in another browser, places them in a section, approves them and
records the fee paid; the printed check-in list shows the player with the amount paid."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from arbiter.events.models import Registration
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_all_on_screen, assert_no_sideways_scroll
from tests.factories import (
    PASSWORD,
    EventFactory,
    SectionFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_enters_on_a_phone_and_the_organiser_approves_and_records_the_fee(
    phone, other_page
):
    anna = UserFactory(username="anna")
    event = EventFactory(
        name="Oslo Chess Festival", organiser=anna, entries_open=True, entry_fee=Decimal("30")
    )
    open_a = SectionFactory(event=event, tournament=TournamentFactory(name="Open A")).tournament
    open_b = SectionFactory(event=event, tournament=TournamentFactory(name="Open B")).tournament

    phone.goto(f"/e/{event.pk}/")
    phone.get_by_role("link", name="Enter this event").click()
    expect(phone.get_by_role("heading", name="Oslo Chess Festival")).to_be_visible()
    form = phone.locator("#enter-form")
    assert_all_on_screen(phone, form.locator("input:visible, select, textarea, button"))
    assert_no_sideways_scroll(phone)
    phone.get_by_label("Name").fill("Haugen, Sofia")
    phone.get_by_label("Year of birth").fill("2004")
    phone.get_by_label("Federation").fill("NOR")
    phone.get_by_label("Section").select_option(label="Open A")
    screenshot(phone, "event-entry-form-phone")
    phone.get_by_role("button", name="Send my entry").click()
    expect(phone.locator("#entered")).to_contain_text("waits for the organiser's approval")
    screenshot(phone, "event-entry-phone")
    assert_no_sideways_scroll(phone)
    registration = Registration.objects.get(name="Haugen, Sofia")
    assert registration.state == "pending" and registration.tournament == open_a

    desk = other_page(viewport={"width": 1280, "height": 900})
    desk.goto(f"/arbiter/e/{event.pk}/registrations/")
    desk.get_by_label("Username").fill("anna")
    desk.get_by_label("Password").fill(PASSWORD)
    desk.get_by_role("button", name="Log in").click()
    row = desk.locator(f"#registration-{registration.pk}")
    expect(row).to_contain_text("Waiting for approval")

    row.get_by_label("Section").select_option(label="Open B")
    row.get_by_role("button", name="Place").click()
    expect(row.locator(".row-message")).to_contain_text("placed")
    row.get_by_role("button", name="Approve").click()
    expect(row.locator(".reg-state")).to_have_text("Approved")
    row.locator("form:has(input[name=kind][value=paid]) input[name=amount]").fill("30")
    row.get_by_role("button", name="Paid", exact=True).click()
    expect(row.locator(".row-message")).to_contain_text("Payment of Haugen, Sofia saved")
    expect(row.locator(".owed")).to_have_count(0)
    expect(desk.locator("#registration-totals")).to_contain_text("paid 30.00, owed 0.00")
    screenshot(desk, "event-registrations")
    registration.refresh_from_db()
    assert registration.entry.tournament == open_b and registration.fee_paid == Decimal("30")

    desk.goto(f"/arbiter/e/{event.pk}/check-in/")
    line = desk.locator(f"#check-in-{registration.pk}")
    expect(line).to_contain_text("Haugen, Sofia")
    expect(line.locator(".paid")).to_have_text("30.00")
    expect(desk.locator(".check-in-section h2").first).to_have_text("Open B")
    screenshot(desk, "event-check-in-list")
