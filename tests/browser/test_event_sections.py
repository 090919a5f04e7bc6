"""An organiser creates an event and gives it its sections (issue 31): three chess tournaments
(two Swiss opens and a round-robin blitz) and a judo competition day, added on the event's page
without reloading it; the four are listed there, and on the event's public page."""

import pytest
from playwright.sync_api import expect

from arbiter.events.models import Event
from tests.browser.conftest import screenshot
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECTIONS = [
    ("Open A", "swiss_dutch", "9", "Swiss, FIDE Dutch"),
    ("Open B", "swiss_dutch", "7", "Swiss, FIDE Dutch"),
    ("Blitz", "round_robin", "", "Round robin (Berger)"),
]


def log_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()


def test_an_organiser_creates_an_event_with_three_sections_and_a_competition_day(page):
    UserFactory(username="anna")
    log_in(page, "anna")

    page.locator("#events").get_by_role("link", name="New event").click()
    expect(page.get_by_role("heading", name="New event")).to_be_visible()
    page.locator("#id_name").fill("Oslo Chess Festival")
    page.locator("#id_city").fill("Oslo")
    page.locator("#id_start_date").fill("2026-07-01")
    page.locator("#id_end_date").fill("2026-07-09")
    page.locator("#id_is_published").check()
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Oslo Chess Festival")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("Now add its sections")

    # A marker on the window survives only if HTMX swaps the sections instead of reloading.
    page.evaluate("window.notReloaded = true")
    rows = page.locator("#section-list tr.section")
    for count, (name, system, rounds, _label) in enumerate(SECTIONS, start=1):
        form = page.locator("#add-tournament")
        form.locator("#tournament_name").fill(name)
        form.locator("#tournament_system").select_option(system)
        form.locator("#tournament_planned_rounds").fill(rounds)
        form.get_by_role("button", name="Add tournament").click()
        expect(rows).to_have_count(count)
        expect(page.locator("#sections .messages")).to_contain_text(f"{name} added")

    form = page.locator("#add-competition")
    form.locator("#competition_name").fill("Judo Day")
    form.locator("#competition_mats").fill("3")
    form.get_by_role("button", name="Add competition day").click()
    expect(rows).to_have_count(4)
    assert page.evaluate("window.notReloaded") is True

    for row, (name, _system, rounds, label) in zip(rows.all(), SECTIONS, strict=False):
        expect(row).to_contain_text(name)
        expect(row).to_contain_text(label)
        expect(row).to_contain_text("Preparing")
        if rounds:
            expect(row).to_contain_text(f"/{rounds}")
    expect(rows.nth(3)).to_contain_text("Judo Day")
    expect(rows.nth(3)).to_contain_text("Competition day")
    screenshot(page, "event-sections")

    # each section's own desk is one click away
    rows.nth(0).get_by_role("link", name="Open A").click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()

    event = Event.objects.get(name="Oslo Chess Festival")
    page.goto(f"/e/{event.pk}/")
    public = page.locator("#sections li")
    expect(public).to_have_count(4)
    for index, name in enumerate(["Open A", "Open B", "Blitz", "Judo Day"]):
        expect(public.nth(index)).to_contain_text(name)
