"""An arbiter logs in, creates a tournament and enters players through the HTMX form."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Tournament
from tests.browser.conftest import screenshot
from tests.factories import PASSWORD, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()


def test_an_arbiter_creates_a_tournament_and_adds_players_without_reloading(page):
    UserFactory(username="anna")
    log_in(page, "anna")

    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name").fill("Tromsø Autumn Open")
    page.get_by_label("System").select_option("swiss_dutch")
    page.get_by_label("Planned rounds").fill("7")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()

    # A marker on the window survives only if HTMX swaps the list instead of reloading the page.
    page.evaluate("window.notReloaded = true")
    form = page.locator("#add-player")
    for name, rating in [("Berg, Ola", "1950"), ("Aas, Kari", "2210"), ("Lie, Jo", "1720")]:
        form.get_by_label("Name").fill(name)
        form.get_by_label(re.compile("^Rating")).fill(rating)
        form.get_by_role("button", name="Add player").click()
        expect(page.locator("#players-section").get_by_role("status")).to_contain_text(
            f"{name} added"
        )
        expect(page.locator("#add-player").get_by_label("Name")).to_have_value("")

    assert page.evaluate("window.notReloaded") is True
    rows = page.locator("#player-list tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Aas, Kari")  # starting numbers follow the rating

    rows.nth(2).get_by_role("button", name="Withdraw…").click()
    question = page.locator("#player-list").get_by_role("alert")
    expect(question).to_contain_text("Withdraw Lie, Jo? They will not be paired")
    question.get_by_role("button", name="Withdraw", exact=True).click()
    expect(page.locator("#player-list tbody tr.withdrawn")).to_contain_text("Lie, Jo")
    assert page.evaluate("window.notReloaded") is True
    screenshot(page, "players-after-htmx-adds")

    tournament = Tournament.objects.get(name="Tromsø Autumn Open")
    assert list(
        tournament.entries.order_by("starting_number").values_list("name", "withdrawn")
    ) == [
        ("Aas, Kari", False),
        ("Berg, Ola", False),
        ("Lie, Jo", True),
    ]


def test_a_form_error_shows_in_place_and_nothing_is_saved(page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Error Open", chief=anna)
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/players/")
    form = page.locator("#add-player")
    form.get_by_label("Name").fill("Berg, Ola")
    form.get_by_label(re.compile("^Rating")).fill("9999")
    form.get_by_role("button", name="Add player").click()
    expect(page.locator("#add-player .errorlist")).to_contain_text("less than or equal to 3500")
    assert tournament.entries.count() == 0


def test_the_public_player_list_reads_on_a_phone(phone):
    tournament = TournamentFactory(name="Phone Open")
    from tests.factories import EntryFactory

    EntryFactory.create_batch(12, tournament=tournament, club="A club with a long name")
    phone.goto(f"/t/{tournament.pk}/")
    expect(phone.get_by_role("heading", name="Phone Open")).to_be_visible()
    # Nothing is wider than the screen: no sideways scrolling of the whole page.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "public-list-phone")


def test_the_demo_arbiter_finds_the_demo_and_adds_a_player(page):
    from django.core.management import call_command

    call_command("load_demo")
    page.goto("/")
    # the Bergen Open is a section of the demo's festival: the home lists the event
    page.get_by_role("link", name="Bergen Chess Festival 2026").click()
    expect(page.get_by_role("link", name="Bergen Open 2026")).to_be_visible()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill("demo-arbiter")
    page.get_by_role("button", name="Log in").click()
    for name in ["Oslo Spring Round Robin 2026", "Bergen Open 2026", "Nordic Judo Cup 2026"]:
        expect(page.get_by_role("link", name=name)).to_be_visible()

    page.get_by_role("link", name="Bergen Open 2026").click()
    form = page.locator("#add-player")
    form.get_by_label("Name").fill("Nyberg, Tove")
    form.get_by_label(re.compile("^Rating")).fill("2105")
    form.get_by_role("button", name="Add player").click()
    expect(page.locator("#player-list")).to_contain_text("Nyberg, Tove")
    assert Tournament.objects.get(name="Bergen Open 2026").entries.filter(name="Nyberg, Tove")
