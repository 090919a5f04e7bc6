"""A 60-player Swiss to round 4 at the venue (issue 15): the arbiter chooses the top player's
colour before round 1, enters round 1 by keyboard, gives a half-point bye before round 2 and
is told it was saved, swaps two players by typing their numbers and lands on the warnings,
records a withdrawal before round 3 and pairs round 4 on a phone with nothing off-screen. The
public never sees the withdrawn player in a later round. Rounds 2 and 3's results are entered
through the result service (the keyboard entry is walked in round 1).
"""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.browser.conftest import publish_edited, screenshot
from tests.browser.reach import assert_all_on_screen, assert_no_sideways_scroll, assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory
from tests.pairing.conftest import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = ["1", "=", "0", "1", "0"]


def name(n: int) -> str:
    return f"Spiller {n:02d}, Vestlandet Sjakklubb"


def pair(page, number: int, boards: int) -> None:
    page.get_by_role("button", name=f"Pair round {number}").click()
    expect(page.locator("#swiss-round h2")).to_contain_text(f"Round {number}")
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(boards)


def publish(page, number: int) -> None:
    page.get_by_role("button", name=f"Publish round {number}").click()
    expect(page.locator("#swiss-round")).to_contain_text(f"Round {number} is published")


def mark(page, number: int, player: int, kind: str, said: str) -> None:
    """Choose who plays in round ``number`` from the drop-down; the page says what was saved."""
    page.get_by_label(f"Round {number}: {name(player)}").select_option(kind)
    expect(page.locator("#attendance-saved")).to_have_text(
        f"Saved: {name(player)}, round {number}: {said}."
    )


def test_a_sixty_player_swiss_to_round_four_with_a_withdrawal_and_a_half_point_bye(
    page, phone, other_page
):
    anna = UserFactory(username="anna")
    swiss = TournamentFactory(
        name="Vestland Open", chief=anna, system=System.SWISS_DUTCH, planned_rounds=7
    )
    for n in range(1, 61):
        EntryFactory(tournament=swiss, name=name(n), rating=2400 - 10 * n, starting_number=None)
    log_in(page, "anna")
    public = other_page()

    # Before round 1: the top player's colour is the arbiter's choice, and saved visibly.
    page.goto(f"/arbiter/t/{swiss.pk}/swiss/")
    page.get_by_label("The top player's colour in round 1").select_option("b")
    expect(page.locator("#initial-colour-saved")).to_have_text(
        "Saved: the top player's colour in round 1 is Black."
    )
    pair(page, 1, 30)
    expect(page.locator("#board-1 td").nth(9)).to_have_text("1")  # no. 1 has Black
    publish(page, 1)
    swiss.refresh_from_db()
    assert swiss.initial_colour == "b" and swiss.rounds.get(number=1).seed is None

    page.goto(f"/arbiter/t/{swiss.pk}/rounds/1/")
    for board in range(1, 31):
        page.get_by_label("Board number").fill(str(board))
        page.get_by_label("Result", exact=True).fill(RESULTS[board % len(RESULTS)])
        page.keyboard.press("Enter")
        expect(page.locator("#quick-entry-log li").first).to_contain_text(f"Board {board}:")
    expect(page.locator("#round-state")).to_have_text("Complete")

    # Round 2: a half-point bye, said to be saved; a swap by typed numbers shows the warnings.
    page.goto(f"/arbiter/t/{swiss.pk}/swiss/")
    mark(page, 2, 17, "H", "half-point bye")
    pair(page, 2, 29)
    first = page.locator("#board-3 td").nth(1).inner_text()
    second = page.locator("#board-4 td").nth(1).inner_text()
    page.get_by_label("First player's starting number").fill(first)
    page.get_by_label("Second player's starting number").fill(second)
    page.get_by_role("button", name="Swap players").click()
    expect(page.locator("#warnings")).to_contain_text("the engine's pairing gave")
    expect(page.locator("#warnings")).to_be_in_viewport()
    screenshot(page, "venue-swiss-swap-warnings")
    publish_edited(page, 2)
    play(anna, swiss.rounds.get(number=2))

    # Round 3: a withdrawal from this round on.
    page.goto(f"/arbiter/t/{swiss.pk}/swiss/")
    mark(page, 3, 30, "W", "withdrawn from this round on")
    pair(page, 3, 29)
    expect(page.locator("#boards tbody:not(.byes)")).not_to_contain_text(name(30))
    publish(page, 3)
    play(anna, swiss.rounds.get(number=3))

    # Round 4 on the arbiter's phone: the attendance and every button of the draft on screen.
    log_in(phone, "anna")
    phone.goto(f"/arbiter/t/{swiss.pk}/swiss/")
    expect(phone.locator("#swiss-round h2").first).to_have_text("Round 4")
    assert_all_on_screen(phone, phone.locator("#attendance select"))
    assert_on_screen(phone, phone.get_by_role("button", name="Pair round 4"))
    pair(phone, 4, 29)
    assert_all_on_screen(phone, phone.locator("#swiss-round button:not(.link)"))
    assert_all_on_screen(phone, phone.locator("#swap-form input:not([type=hidden])"))
    assert_no_sideways_scroll(phone)
    screenshot(phone, "venue-swiss-draft-phone")
    publish(phone, 4)

    # The public: the withdrawn player is gone from rounds 3 and 4, the bye of round 2 is there.
    public.goto(f"/t/{swiss.pk}/rounds/2/")
    expect(public.locator("#pairings")).to_contain_text(name(17))
    expect(public.locator("#pairings")).to_contain_text(name(30))
    for number in (3, 4):
        public.goto(f"/t/{swiss.pk}/rounds/{number}/")
        expect(public.locator("#pairings")).not_to_contain_text(name(30))
        public.goto(f"/t/{swiss.pk}/rounds/{number}/?order=alpha")
        expect(public.locator("#find-my-board")).not_to_contain_text(name(30))
    public.goto(f"/t/{swiss.pk}/rounds/4/")
    expect(public.locator("#round-progress")).to_have_text("(not started)")
    public.goto(f"/t/{swiss.pk}/standings/")
    expect(public.get_by_role("heading", name="Rank after round 3")).to_be_visible()
    states = list(swiss.rounds.order_by("number").values_list("state", flat=True))
    assert states == [Round.State.COMPLETE] * 3 + [Round.State.PUBLISHED]
