"""A team's captain enters the lineup of the next round on a phone (issue 30): they log in with
their own account, open their team's lineup page, put a reserve on board 4, submit and see it
confirmed; the arbiter's lineups page shows the lineup as the captain's."""

import pytest
from playwright.sync_api import expect

from tests.arbiter.teams.conftest import board_order, team_of
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_all_on_screen, assert_no_sideways_scroll
from tests.factories import PASSWORD, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, username: str) -> None:
    """The login page the lineup page sent the visitor to; back to that page once in."""
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


def test_a_captain_enters_a_lineup_on_a_phone_and_the_arbiter_sees_it(phone, other_page):
    from arbiter.teams.models import TeamSettings

    anna = UserFactory(username="anna")
    carl = UserFactory(username="carl")
    league = TournamentFactory(name="Nordic League", chief=anna)
    TeamSettings.objects.create(tournament=league, boards=4, most_players=6)
    vikings = team_of(anna, league, "Vikings", captain=carl)
    team_of(anna, league, "Trolls")
    players = board_order(vikings)

    phone.goto(f"/captain/t/{league.pk}/team/{vikings.pk}/lineup/")
    log_in(phone, "carl")
    expect(phone.get_by_role("heading", name="Vikings")).to_be_visible()
    expect(phone.locator("#lineup-state")).to_contain_text("Default lineup")
    assert_all_on_screen(phone, phone.locator("#captain-lineup select"))
    assert_no_sideways_scroll(phone)

    phone.get_by_label("Board 4").select_option(str(players[4].pk))  # the first reserve
    phone.get_by_role("button", name="Submit lineup").click()

    expect(phone.locator(".messages")).to_contain_text("Lineup of round 1 saved")
    expect(phone.locator("#lineup-state")).to_contain_text("Lineup entered")
    expect(phone.locator("#current-lineup li").nth(3)).to_have_text(players[4].name)
    screenshot(phone, "captain-lineup-phone")
    assert_no_sideways_scroll(phone)

    desk = other_page(viewport={"width": 1280, "height": 900})
    desk.goto(f"/arbiter/t/{league.pk}/lineups/")
    log_in(desk, "anna")
    section = desk.locator(f"#team-lineup-{vikings.pk}")
    expect(section).to_contain_text("by the captain")
    expect(section.locator(".lineup-boards li").nth(3)).to_have_text(players[4].name)
    expect(desk.locator(".default-lineup")).to_have_count(1)  # the Trolls entered none
