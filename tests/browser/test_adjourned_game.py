"""An adjourned game holds back the final standings (FIDE's checklist Q161, Q169): Anna marks the
last round's first board adjourned, the public standings say they are provisional and name the
game; once its result is in they are final."""

import pytest
from playwright.sync_api import expect

from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.pairing.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_an_adjourned_game_holds_back_the_final_standings(page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Adjourned Open", chief=anna, system=System.SWISS_DUTCH, planned_rounds=2
    )
    for number, name in enumerate(["Aas, Kari", "Berg, Ola", "Dahl, Per", "Lie, Jo"], 1):
        EntryFactory(tournament=tournament, name=name, rating=2000 - number)
    play(anna, rounds.pair_next_round(anna, tournament))
    last = rounds.publish_round(anna, rounds.pair_next_round(anna, tournament))
    record_result(anna, last.games.get(board=2), "1-0")
    first = last.games.select_related("white", "black").get(board=1)

    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/2/")
    board_1 = page.locator("#board-1")
    board_1.get_by_text("Forfeit…").click()
    board_1.get_by_role("button", name="adjourned").click()
    expect(page.locator("#board-1 td.result")).to_have_text("adjourned")
    expect(page.locator("#round-state")).to_have_text("Complete")

    page.goto(f"/t/{tournament.pk}/standings/")
    state = page.locator("#standings-state")
    expect(state).to_contain_text("Provisional standings")
    expect(state).to_contain_text(f"round 2 board 1, {first.white.name} - {first.black.name}")
    expect(page.get_by_text("Final standings.")).to_have_count(0)
    expect(page.locator("#standings abbr.adjourned")).to_have_count(2)
    screenshot(page, "standings-provisional-adjourned")

    page.goto(f"/arbiter/t/{tournament.pk}/rounds/2/")
    page.locator("#board-1").get_by_role("button", name="½-½").click()
    expect(page.locator("#board-1 td.result")).to_have_text("½ - ½")

    page.goto(f"/t/{tournament.pk}/standings/")
    expect(page.locator("#standings-state")).to_have_text("Final standings.")
    expect(page.locator("#standings abbr.adjourned")).to_have_count(0)
