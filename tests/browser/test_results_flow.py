"""Anna enters a round robin round's results board by board; the public crosstable shows them."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Aas, Kari", "Berg, Ola", "Dahl, Per", "Lie, Jo", "Moen, Siv", "Nes, Tor"]


def test_an_arbiter_enters_three_results_without_reloading_and_the_crosstable_shows_them(page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Oslo Spring RR", chief=anna, system=System.ROUND_ROBIN)
    p = [
        EntryFactory(tournament=tournament, name=name, starting_number=number)
        for number, name in enumerate(PLAYERS, start=1)
    ]
    play_round(tournament, 1, games=[(p[0], p[5], ""), (p[1], p[4], ""), (p[2], p[3], "")])

    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/players/")
    page.get_by_role("link", name="Rounds").click()
    page.get_by_role("link", name="Round 1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator("#round-state")).to_have_text("Published")
    page.evaluate("window.notReloaded = true")

    # Board 1 with the mouse; the keyboard then stands on board 2's first button.
    page.locator("#board-1").get_by_role("button", name="1-0").click()
    expect(page.locator("#board-1 td.result")).to_have_text("1 - 0")
    expect(page.locator("#board-2").get_by_role("button", name="1-0")).to_be_focused()

    # Board 2 from the keyboard alone: one Tab to ½-½, then Enter.
    page.keyboard.press("Tab")
    expect(page.locator("#board-2").get_by_role("button", name="½-½")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#board-2 td.result")).to_have_text("½ - ½")

    # Board 3: Black wins by forfeit, from the small menu.
    board_3 = page.locator("#board-3")
    board_3.get_by_text("Forfeit…").click()
    board_3.get_by_role("button", name="- - +").click()
    expect(page.locator("#board-3 td.result")).to_have_text("- - +")
    expect(page.locator("#round-state")).to_have_text("Complete")

    assert page.evaluate("window.notReloaded") is True
    screenshot(page, "round-results-entered")
    assert Round.objects.get(tournament=tournament, number=1).state == Round.State.COMPLETE

    page.goto(f"/t/{tournament.pk}/crosstable/")
    expect(page.get_by_role("heading", name="Crosstable after round 1")).to_be_visible()
    rows = page.locator("#crosstable tbody tr")
    expect(rows).to_have_count(6)
    # Row 1 beat 6; row 2 drew with 5; row 4 won against 3 by forfeit.
    expect(rows.nth(0).locator("td.cell").nth(5)).to_have_text("1")
    expect(rows.nth(5).locator("td.cell").nth(0)).to_have_text("0")
    expect(rows.nth(1).locator("td.cell").nth(4)).to_have_text("½")
    expect(rows.nth(2).locator("td.cell").nth(3)).to_have_text("-")
    expect(rows.nth(3).locator("td.cell").nth(2)).to_have_text("+")
    expect(rows.nth(3).locator("td").nth(-2)).to_have_text("1")
    screenshot(page, "crosstable-after-round-1")


def test_the_crosstable_scrolls_inside_its_frame_on_a_phone(phone):
    tournament = TournamentFactory(name="Phone RR", system=System.ROUND_ROBIN)
    players = EntryFactory.create_batch(14, tournament=tournament)
    play_round(tournament, 1, games=[(players[i], players[i + 1], "1/2") for i in range(0, 14, 2)])
    phone.goto(f"/t/{tournament.pk}/crosstable/")
    expect(phone.locator("#crosstable")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate("document.querySelector('.table-wrap').scrollWidth") > 390
    screenshot(phone, "crosstable-phone")


def test_results_typed_without_waiting_for_the_page_are_each_saved_once_in_order(page):
    """Enter is safe at any moment: each press sends what the fields held then, even while the
    previous result is still on its way, and the page never falls back to a plain form post."""
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Oslo Blitz", chief=anna, system=System.ROUND_ROBIN)
    p = [
        EntryFactory(tournament=tournament, name=name, starting_number=number)
        for number, name in enumerate(PLAYERS, start=1)
    ]
    play_round(tournament, 1, games=[(p[0], p[5], ""), (p[1], p[4], ""), (p[2], p[3], "")])
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/1/")
    page.evaluate("window.notReloaded = true")

    board, result = page.get_by_label("Board number"), page.get_by_label("Result", exact=True)
    for number, typed in ((1, "1"), (2, "="), (3, "0")):
        board.fill(str(number))
        result.fill(typed)
        result.press("Enter")
    result.press("Enter")  # an extra Enter on the emptied form sends nothing

    expect(page.locator("#round-state")).to_have_text("Complete")
    expect(page.locator("#quick-entry-log li")).to_have_text(
        ["Board 3: 0 - 1 saved.", "Board 2: ½ - ½ saved.", "Board 1: 1 - 0 saved."]
    )
    assert page.evaluate("window.notReloaded") is True
    results = Round.objects.get(tournament=tournament, number=1).games.order_by("board")
    assert list(results.values_list("result", flat=True)) == ["1-0", "1/2", "0-1"]


LONG = "Wolfeschlegelsteinhausenberger, Hubert"  # 37 characters and more, as real names are


def boards_with_long_names(anna):
    tournament = TournamentFactory(name="Long Names Open", chief=anna, system=System.ROUND_ROBIN)
    names = [LONG, "Berg, Ola", "Dahl, Per", f"{LONG} Jr", "Moen, Siv", "Nes, Tor"]
    p = [
        EntryFactory(tournament=tournament, name=name, starting_number=number, title="GM")
        for number, name in enumerate(names, start=1)
    ]
    play_round(tournament, 1, games=[(p[0], p[3], ""), (p[1], p[4], ""), (p[2], p[5], "")])
    return tournament


def within(page, locator) -> bool:
    """Wholly inside the page's width (nothing cut off, no sideways scroll to reach it)."""
    box = locator.bounding_box()
    return (
        box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    )


def test_every_result_button_is_on_screen_with_long_names_at_1280_px(page):
    anna = UserFactory(username="anna")
    tournament = boards_with_long_names(anna)
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/1/")
    row = page.locator("#board-1")
    row.get_by_text("Forfeit…").click()
    for name in ("1-0", "½-½", "0-1", "+ - -", "- - +", "- - -"):
        assert within(page, row.get_by_role("button", name=name, exact=True)), name
    screenshot(page, "round-long-names-1280")


def test_on_a_phone_the_buttons_sit_under_the_players_they_belong_to(phone):
    anna = UserFactory(username="anna")
    tournament = boards_with_long_names(anna)
    log_in(phone, "anna")
    phone.goto(f"/arbiter/t/{tournament.pk}/rounds/1/")
    row = phone.locator("#board-1")
    white = row.locator("td.name").first
    assert within(phone, white)
    for name in ("1-0", "½-½", "0-1"):
        button = row.get_by_role("button", name=name, exact=True)
        assert within(phone, button), name
        assert button.bounding_box()["y"] > white.bounding_box()["y"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    row.get_by_role("button", name="½-½", exact=True).click()
    expect(phone.locator("#board-1 td.result")).to_have_text("½ - ½")
    screenshot(phone, "round-long-names-390")


def test_a_result_is_corrected_from_the_keyboard_and_a_board_changed_meanwhile_is_refused(page):
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(name="Oslo Rapid", chief=anna, system=System.ROUND_ROBIN)
    p = [
        EntryFactory(tournament=tournament, name=name, starting_number=number)
        for number, name in enumerate(PLAYERS, start=1)
    ]
    round_ = play_round(tournament, 1, games=[(p[0], p[5], ""), (p[1], p[4], ""), (p[2], p[3], "")])
    log_in(page, "anna")
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/1/")
    board, result = page.get_by_label("Board number"), page.get_by_label("Result", exact=True)
    for typed, shown in (("1", "1 - 0"), ("0", "0 - 1")):  # entered, then corrected
        board.fill("1")
        result.fill(typed)
        result.press("Enter")
        expect(page.locator("#board-1 td.result")).to_have_text(shown)
    expect(page.locator("#quick-entry-log li").first).to_have_text("Board 1: 0 - 1 saved.")

    record_result(anna, round_.games.get(board=2), "1-0")  # another arbiter, another page
    board.fill("2")
    result.fill("=")
    result.press("Enter")
    expect(page.locator("#quick-entry-log li").first).to_contain_text(
        "Board 2 changed under you: it now says 1 - 0"
    )
    assert round_.games.get(board=2).result == "1-0"
