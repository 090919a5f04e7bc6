"""A player follows a team match on their phone: the round's matches fit a 390 px screen, and the
match score moves as the boards finish, without reloading."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Game
from tests.arbiter.teams.team_open import play_round, team_event
from tests.browser.conftest import screenshot
from tests.factories import changed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_follows_the_match_score_as_boards_finish(phone):
    tournament = team_event(
        ["Nordland Sjakklubb", "Trondheim Sjakkforening", "Bergens Schakklub", "Oslo Schakselskap"]
    )
    play_round(
        tournament,
        1,
        [
            ("Nordland Sjakklubb", "Trondheim Sjakkforening", ["1-0", "", "", ""]),
            ("Bergens Schakklub", "Oslo Schakselskap", ["1/2", "1/2", "1/2", "1/2"]),
        ],
    )
    phone.goto(f"/t/{tournament.pk}/teams/rounds/")
    expect(phone.get_by_role("heading", name="Round 1: matches")).to_be_visible()
    score = phone.locator("#match-1 .match-score")
    expect(score).to_have_text("(1 - 0)")
    expect(phone.locator("#match-2 .match-score")).to_have_text("2 - 2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.evaluate("window.notReloaded = true")

    for board, code in ((2, "0-1"), (3, "1-0"), (4, "1/2")):
        Game.objects.filter(round__tournament=tournament, board=board).update(result=code)
        changed(tournament)
    # board 2: the home team has Black and wins; board 3 White wins; board 4 a draw: 3½ - ½
    expect(score).to_have_text("3½ - ½")
    assert phone.evaluate("window.notReloaded") is True
    screenshot(phone, "team-round-390")

    phone.get_by_role("link", name="Team standings").click()
    expect(phone.locator("#team-standings tbody tr").first).to_contain_text("Nordland Sjakklubb")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
