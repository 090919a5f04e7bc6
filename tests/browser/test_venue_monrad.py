"""A Monrad club evening at the venue, on the club arbiter's phone (issue 15): 11 of the 15
members come, each checked in with a tap on a button that is on screen, the evening is paired
and every result entered from the phone; the public starting list is in card order and says so.
"""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_all_on_screen, assert_no_sideways_scroll, assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEMBERS = [
    "Abrahamsen-Kristiansen, Marie Elisabeth",
    "Berg, Ola",
    "Christoffersen, Thorbjørn",
    "Dahl, Per",
    "Eriksen, Kari",
    "Fjeldstad-Haugland, Sigurd Alexander",
    "Gundersen, Lise",
    "Halvorsen, Jo",
    "Iversen, Tor",
    "Johansen, Siv",
    "Karlsen, Eva",
    "Larsen, Nils",
    "Moen, Dag",
    "Nilsen, Ann",
    "Olsen, Bo",
]
PRESENT = MEMBERS[:11]


def test_a_monrad_evening_with_eleven_of_fifteen_members_on_a_phone(phone):
    anna = UserFactory(username="anna")
    club = TournamentFactory(name="Tuesday Club", chief=anna, system=System.MONRAD)
    for rating, name in enumerate(MEMBERS):
        EntryFactory(tournament=club, name=name, rating=1500 + 37 * rating, starting_number=None)
    log_in(phone, "anna")

    phone.goto(f"/arbiter/t/{club.pk}/monrad/")
    expect(phone.locator("#monrad-evening h2").first).to_have_text("Round 1: who is here")
    for count, name in enumerate(PRESENT, start=1):
        button = phone.get_by_role("button", name=f"{name} present")
        assert_on_screen(phone, button)  # the check-in button is not clipped on a phone
        button.click()
        expect(phone.locator("#present-count")).to_have_text(str(count))
    assert_all_on_screen(phone, phone.locator("#check-in button"))
    assert_no_sideways_scroll(phone)
    screenshot(phone, "venue-monrad-check-in-phone")

    pair = phone.get_by_role("button", name="Pair round 1")
    assert_on_screen(phone, pair)
    pair.click()
    boards = phone.locator("#boards tbody tr[id^=board-]")
    expect(boards).to_have_count(5)
    expect(phone.locator("#bye")).to_be_visible()  # eleven present: one has the bye
    for name in MEMBERS[11:]:
        expect(phone.locator("#boards")).not_to_contain_text(name)
    assert_all_on_screen(phone, phone.locator("#boards button"))
    assert_no_sideways_scroll(phone)
    screenshot(phone, "venue-monrad-boards-phone")

    for board in range(1, 6):
        row = phone.locator(f"#board-{board}")
        win = row.get_by_role("button", name="1-0")
        assert_on_screen(phone, win)
        win.click()
        if board < 5:
            expect(phone.locator(f"#board-{board} [aria-pressed=true]")).to_have_text("1-0")
    expect(phone.locator("#monrad-evening h2").first).to_have_text("Round 2: who is here")
    expect(phone.locator("#standing tbody tr").first.locator("td").nth(2)).to_have_text("3")
    assert club.rounds.get().state == Round.State.COMPLETE

    # The public starting list: in card order, and headed so.
    phone.goto(f"/t/{club.pk}/")
    expect(phone.get_by_role("heading", name="Starting list by card number")).to_be_visible()
    current = phone.locator("#starting-list-orders [aria-current=page]")
    expect(current).to_have_text("By card number")
    numbers = phone.locator("#starting-list tbody tr td:first-child").all_inner_texts()
    assert numbers == [str(n) for n in range(1, 16)]
    phone.get_by_role("link", name="By rating").click()
    expect(current).to_have_text("By rating")
    expect(phone.locator("#starting-list tbody tr").first).to_contain_text(MEMBERS[-1])
    assert_no_sideways_scroll(phone)
