"""A hall screen shows a 40-player round's pairings alphabetically, a page at a time, and turns
to the next page by itself (docs/screens.md)."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.browser.conftest import screenshot
from tests.factories import EntryFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def forty():
    cache.clear()
    tournament = TournamentFactory(name="Bergen Open", system=System.SWISS_DUTCH)
    players = [
        EntryFactory(tournament=tournament, name=f"Player{40 - n:02d}, Kari", starting_number=n + 1)
        for n in range(40)
    ]
    play_round(tournament, 1, games=[(players[i], players[i + 20], "") for i in range(20)])
    return tournament


def test_the_pairings_screen_turns_its_pages_by_itself(browser, live_server, forty):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1920, "height": 1080}
    )
    screen = context.new_page()
    errors = []
    screen.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    screen.goto(f"/screen/t/{forty.pk}/pairings/?every=5")
    first, second = screen.locator("#screen-page-1"), screen.locator("#screen-page-2")
    expect(first).to_be_visible()
    expect(first.get_by_text("Page 1 of 3")).to_be_visible()
    expect(first.get_by_role("cell", name="Player01, Kari", exact=True)).to_be_visible()
    expect(second).to_be_hidden()
    # the page's lines fit the screen, large type
    box = first.locator("table").bounding_box()
    assert box["y"] + box["height"] <= 1080, box
    size = screen.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('td.name')).fontSize)"
    )
    assert size >= 36, size
    screenshot(screen, "venue-screen-pairings")
    # by itself, after about 5 seconds
    expect(second).to_be_visible(timeout=9_000)
    expect(second.get_by_text("Page 2 of 3")).to_be_visible()
    expect(second.get_by_role("cell", name="Player16, Kari", exact=True).first).to_be_visible()
    expect(first).to_be_hidden()
    assert not errors, errors  # no script refused by the Content-Security-Policy
    context.close()
