"""Publish on a long Swiss draft (issue 26): with 200 players the draft is some 5000 px high,
and its Publish stands at the foot. The draft's actions stick to the window's foot, so Publish
is on screen as the page opens, at 1280 px and on a 390 px phone; it is still the one form,
with its CSRF token and the draft version the page showed (a draft changed meanwhile is
refused, not published)."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def big_draft():
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Big Swiss", chief=anna, system=System.SWISS_DUTCH, planned_rounds=9
    )
    for n in range(1, 201):
        EntryFactory(
            tournament=tournament,
            name=f"Player {n:03d}, Big Swiss",
            rating=2700 - 5 * n,
            starting_number=None,
        )
    draft = rounds.pair_next_round(anna, tournament)
    assert draft.state == Round.State.DRAFT and draft.games.count() == 100
    return anna, tournament, draft


def open_draft(page, tournament):
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/swiss/")
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(100)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 4 * page.viewport_size["height"], height  # a long page indeed
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("screen", ["page", "phone"])
def test_publish_is_on_screen_on_a_long_draft_and_publishes_it(request, screen, big_draft):
    page = request.getfixturevalue(screen)
    _, tournament, draft = big_draft
    open_draft(page, tournament)
    publish = page.get_by_role("button", name="Publish round 1")
    expect(publish).to_have_count(1)  # one form, not a copy at the top
    expect(publish).to_be_in_viewport()
    expect(page.get_by_role("button", name="Delete the draft")).to_be_in_viewport()
    screenshot(page, f"long-draft-publish-{screen}")
    publish.click()
    expect(page.locator("#swiss-round")).to_contain_text("Round 1 is published")
    draft.refresh_from_db()
    assert draft.state == Round.State.PUBLISHED


def test_publish_from_the_bar_still_refuses_a_draft_changed_meanwhile(page, big_draft):
    anna, tournament, draft = big_draft
    open_draft(page, tournament)
    first, second = (g.white for g in draft.games.order_by("board")[:2])
    rounds.swap_players(anna, draft, first, second)  # a second arbiter, in another tab
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator("#swiss-round")).to_contain_text("changed after your page was shown")
    draft.refresh_from_db()
    assert draft.state == Round.State.DRAFT
