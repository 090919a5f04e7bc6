"""Anna runs a ten-team round robin from the team pairing page through all nine rounds: each
round paired from the teams' lineups, published, and its board results entered match by match,
the match's score following board by board; the lower-numbered team wins every board, so Team 1
wins every match and the league."""

import re

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Game, Round
from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import UserFactory
from tests.pairing.team_events import team_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS, BOARDS, ROUNDS = 10, 2, 9


def pair_and_publish(page, tournament, number):
    page.goto(f"/arbiter/t/{tournament.pk}/team-round-robin/")
    page.get_by_role("button", name=f"Pair round {number}").click()
    expect(page.locator("#team-round h2")).to_contain_text(f"Round {number}")
    expect(page.locator("#team-round table.team-match")).to_have_count(TEAMS // 2)
    page.get_by_role("button", name=f"Publish round {number}").click()
    expect(page.locator("#team-round")).to_contain_text(f"Round {number} is published")


def enter_results(page, tournament, number):
    """Each board won by the player of the lower-numbered team, clicked match by match."""
    page.locator("#enter-results").click()
    expect(page.locator("h1")).to_contain_text(f"Round {number}")
    games = Game.objects.filter(round__tournament=tournament, round__number=number)
    for game in games.select_related("white__team", "black__team", "team_match").order_by("board"):
        result = "1-0" if game.white.team.number < game.black.team.number else "0-1"
        row = page.locator(f"#board-{game.board}")
        row.locator(f"button[value='{result}']").click()
        expect(row.locator("td.result")).to_have_text(result.replace("-", " - "))
    for table in range(1, TEAMS // 2 + 1):
        # a whole match decided, whichever side the winners were named on
        expect(page.locator(f"#score-{table}")).to_have_text(re.compile("^(2 – 0|0 – 2)$"))  # noqa: RUF001
        expect(page.locator(f"#match-points-{table}")).to_be_visible()
    expect(page.locator("#round-state")).to_have_text("Complete")


def test_an_arbiter_runs_a_ten_team_round_robin_to_its_winner(page):
    anna = UserFactory(username="anna")
    league = team_event(anna, System.TEAM_ROUND_ROBIN, teams=TEAMS, boards=BOARDS)
    log_in(page, "anna")
    for number in range(1, ROUNDS + 1):
        pair_and_publish(page, league, number)
        enter_results(page, league, number)
        if number == 1:
            screenshot(page, "team-round-robin-results")
    page.goto(f"/arbiter/t/{league.pk}/team-round-robin/")
    expect(page.locator("#all-paired")).to_contain_text("All 9 rounds are paired")
    assert list(league.rounds.values_list("state", flat=True)) == [Round.State.COMPLETE] * ROUNDS
    # the public team standings: Team 1 first with 18 match points and 18 game points of 18
    page.goto(f"/t/{league.pk}/teams/standings/")
    expect(page.locator("#standings-state")).to_have_text("Final standings.")
    first = page.locator("#team-standings tbody tr").first
    expect(first.locator("td.name")).to_have_text("Team 1")
    expect(first.locator("td strong")).to_have_text("18")
    expect(page.locator("#team-standings tbody tr")).to_have_count(TEAMS)
    screenshot(page, "team-round-robin-standings")
