"""From a typed FIDE id to the filled player: the arbiter types in the players page's lookup, the
candidates come as she types (HTMX), a pick fills the add form from FIDE's list in force, and
saving enters the player as the list has them (docs/ratings.md, "Lookup and refresh").

``enter_from_list`` is the flow itself, for tests that go on from the entered player (the norm
line on the player's card)."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Entry
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def november_open():
    """Anna's Swiss starting on 20 November 2026: FIDE's November list (``fide_november``) is the
    one in force."""
    anna = UserFactory(username="anna")
    return TournamentFactory(
        name="November Open", chief=anna, start_date=datetime.date(2026, 11, 20), planned_rounds=9
    )


def field(form, label: str):
    """The form's field of ``label`` (Django writes "Name:")."""
    return form.get_by_label(re.compile(rf"^{re.escape(label)}:?$"))


def enter_from_list(page, tournament, typed: str, name: str, shot: str = "") -> dict[str, str]:
    """On the tournament's players page, type ``typed`` (a FIDE id or the start of a name) in the
    lookup, pick ``name`` among the candidates and add the player as the list fills the form,
    all without reloading the page (HTMX swaps in place). Returns the form's fields as they
    were saved; ``shot`` names the screenshots of the candidates and of the filled form."""
    page.goto(f"/arbiter/t/{tournament.pk}/players/")
    page.evaluate("window.notReloaded = true")  # a reload would drop it
    page.get_by_label("FIDE id or name").press_sequentially(typed, delay=20)
    candidates = page.locator("#lookup-results")
    expect(candidates).to_contain_text(name)
    if shot:
        screenshot(page, f"{shot}-candidates")
    candidates.get_by_role("link", name=f"Pick {name}").click()
    form = page.locator("#add-player")
    expect(form.locator("#filled-from-list")).to_contain_text("Filled from the FIDE list of")
    expect(field(form, "Name")).to_have_value(name)
    filled = {
        label: field(form, label).input_value()
        for label in ("Name", "Title", "Sex", "Federation", "Rating", "FIDE id", "K-factor",
                      "Birth year")
    }  # fmt: skip
    if shot:
        screenshot(page, f"{shot}-filled")
    form.get_by_role("button", name="Add player").click()
    expect(page.locator("#players-section").get_by_role("status")).to_contain_text(f"{name} added")
    assert page.evaluate("window.notReloaded") is True
    return filled


def test_a_typed_fide_id_fills_the_player_and_saves_them(page, fide_november):
    tournament = november_open()
    log_in(page, "anna")
    filled = enter_from_list(page, tournament, "1504321", "Haugen, Sofia", shot="fide-lookup")

    assert filled == {
        "Name": "Haugen, Sofia",
        "Title": "WIM",
        "Sex": "f",
        "Federation": "NOR",
        "Rating": "2224",
        "FIDE id": "1504321",
        "K-factor": "20",
        "Birth year": "2004",
    }
    entry = Entry.objects.get(tournament=tournament)
    assert (entry.name, entry.title, entry.sex, entry.federation) == (
        "Haugen, Sofia",
        "WIM",
        "f",
        "NOR",
    )
    assert (entry.rating, entry.fide_id, entry.k_factor, entry.birth_year) == (
        2224,
        1504321,
        20,
        2004,
    )
    expect(page.locator("#player-list")).to_contain_text("Haugen, Sofia")
    screenshot(page, "fide-lookup-entered")

    # typed again, the player is entered already: no pick is offered
    page.get_by_label("FIDE id or name").press_sequentially("1504321", delay=20)
    expect(page.locator("#lookup-results")).to_contain_text("already entered")
    expect(
        page.locator("#lookup-results").get_by_role("link", name=re.compile("^Pick"))
    ).to_have_count(0)
    assert page.evaluate("window.notReloaded") is True


def test_the_start_of_a_name_without_its_accents_finds_the_player(page, fide_november):
    tournament = november_open()
    log_in(page, "anna")
    filled = enter_from_list(page, tournament, "carnog", "Čarnogurská, Jana")
    assert (filled["Title"], filled["Federation"], filled["Rating"]) == ("IM", "SVK", "2410")
    assert Entry.objects.get(tournament=tournament).fide_id == 14912345
