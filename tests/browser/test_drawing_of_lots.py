"""Anna runs the Oslo Invitational's drawing of lots on a tablet, step by step, without reloads."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Game
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tablet(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1024, "height": 768}, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def draw_for_current_player(page) -> None:
    with page.expect_response(lambda r: r.url.endswith("/drawing/random/")):
        page.get_by_role("button", name="Let the app draw for").click()


def test_a_whole_drawing_keeps_compatriots_apart_in_the_last_three_rounds(
    tablet, oslo_invitational
):
    page = tablet
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{oslo_invitational.pk}/drawing/")
    page.get_by_role("button", name="Start the drawing").click()
    turn = page.locator("#whose-turn")
    expect(turn).to_contain_text("Carlsen, Magnus")
    page.evaluate("window.notReloaded = true")

    # Carlsen's pick is recorded by hand: the envelope, then the number he pulled out.
    with page.expect_response(lambda r: "envelope=NOR" in r.url):
        page.get_by_role("button", name="NOR").click()
    with page.expect_response(lambda r: r.url.endswith("/drawing/pick/")):
        page.locator(".numbers button").first.click()
    expect(turn).to_contain_text("Christiansen, Johan-Sebastian")

    # A wrong click is undone, then the app draws for everyone else.
    draw_for_current_player(page)
    expect(turn).to_contain_text("Hammer, Jon Ludvig")
    with page.expect_response(lambda r: r.url.endswith("/drawing/undo/")):
        page.get_by_role("button", name="Undo the last pick").click()
    expect(turn).to_contain_text("Christiansen, Johan-Sebastian")
    for _ in range(9):
        draw_for_current_player(page)
    expect(page.get_by_role("heading", name="Everyone has drawn")).to_be_visible()
    assert page.evaluate("window.notReloaded") is True
    screenshot(page, "drawing-finished-tablet")

    page.get_by_role("button", name="Confirm the numbers and create the rounds").click()
    expect(page.get_by_text("the starting numbers are locked")).to_be_visible()

    numbers = sorted(oslo_invitational.entries.values_list("starting_number", flat=True))
    assert numbers == list(range(1, 11))
    games = Game.objects.filter(round__tournament=oslo_invitational).select_related(
        "round", "white", "black"
    )
    assert games.count() == 45
    last_three = [g for g in games if g.round.number >= 7]
    assert len(last_three) == 15
    assert [g for g in last_three if g.white.federation == g.black.federation] == []
