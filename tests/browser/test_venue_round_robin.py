"""A 12-player round robin at the venue (issue 15), on the chief arbiter's phone: the Varma
drawing of lots in the players' own alphabetical order, then rounds 1-3 played while the whole
schedule is public. The standings stand after round 3, not after round 11; rounds not started
say so, to the public and on the arbiter's round list; the standings PDF agrees. Results are
entered through the result service (the result page is walked in the Swiss and Monrad tests).
"""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Game
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.reach import assert_all_on_screen, assert_no_sideways_scroll, assert_on_screen
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIELD = [
    ("Åsen, Kari", "NOR"),
    ("Zahl, Ola", "NOR"),
    ("Ødegaard, Per", "NOR"),
    ("Berg, Eva", "NOR"),
    ("Öberg, Jan", "SWE"),
    ("Åberg, Ulf", "SWE"),
    ("Ängel, Eva", "SWE"),
    ("Ørsted, Ib", "DEN"),
    ("Andersen, Bo", "DEN"),
    ("Virtanen, Aino", "FIN"),
    ("Äijälä, Eero", "FIN"),
    ("Ólafsson, Helgi", "ISL"),
]
#: C.05 Annex 2 point 2: the largest federation first, then by code; names in their alphabet.
DRAWING_ORDER = [
    "Berg, Eva",  # NOR: A-Z, then Æ Ø Å
    "Zahl, Ola",
    "Ødegaard, Per",
    "Åsen, Kari",
    "Åberg, Ulf",  # SWE: A-Z, then Å Ä Ö
    "Ängel, Eva",
    "Öberg, Jan",
    "Andersen, Bo",  # DEN
    "Ørsted, Ib",
    "Virtanen, Aino",  # FIN
    "Äijälä, Eero",
    "Ólafsson, Helgi",  # ISL
]


def play_rounds(anna, tournament, numbers, results=("1-0", "1/2", "0-1")):
    for game in Game.objects.filter(round__tournament=tournament, round__number__in=numbers):
        record_result(anna, game, results[game.board % len(results)])


def test_a_twelve_player_round_robin_with_the_varma_drawing_on_a_phone(phone, browser, live_server):
    anna = UserFactory(username="anna")
    event = TournamentFactory(name="Nordic Invitational", chief=anna, system=System.ROUND_ROBIN)
    for rating, (name, federation) in enumerate(FIELD):
        EntryFactory(tournament=event, name=name, federation=federation, rating=2600 - rating)
    log_in(phone, "anna")

    phone.goto(f"/arbiter/t/{event.pk}/drawing/")
    start = phone.get_by_role("button", name="Start the drawing")
    assert_on_screen(phone, start)
    start.click()
    order = phone.locator("#drawing-order tbody td:nth-child(2)")
    expect(order).to_have_count(12)
    assert order.all_inner_texts() == DRAWING_ORDER
    turn = phone.locator("#whose-turn")
    for drawer in DRAWING_ORDER:
        expect(turn).to_contain_text(drawer)
        assert_all_on_screen(phone, phone.locator("#lot-drawing a.envelope"))
        draw = phone.get_by_role("button", name=f"Let the app draw for {drawer}")
        assert_on_screen(phone, draw)
        draw.click()
    expect(phone.get_by_role("heading", name="Everyone has drawn")).to_be_visible()
    assert_no_sideways_scroll(phone)
    confirm = phone.get_by_role("button", name="Confirm the numbers and create the rounds")
    assert_on_screen(phone, confirm)
    confirm.click()
    expect(phone.get_by_text("the starting numbers are locked")).to_be_visible()
    screenshot(phone, "venue-round-robin-drawn-phone")

    games = Game.objects.filter(round__tournament=event).select_related("round", "white", "black")
    assert games.count() == 66
    late = [g for g in games if g.round.number >= 9 and g.white.federation == g.black.federation]
    assert late == []  # the Varma envelopes keep compatriots apart in the last three rounds

    # Rounds 1-3 played; the whole schedule of 11 rounds is public.
    play_rounds(anna, event, (1, 2, 3))
    public = phone
    public.goto(f"/t/{event.pk}/standings/")
    heading = public.get_by_role("heading", level=2).first
    expect(heading).to_have_text("Rank after round 3")
    expect(public.locator("#being-played")).to_have_count(0)
    expect(public.locator(".tabs.order a")).to_have_count(3)  # after rounds 1, 2, 3 only
    assert_no_sideways_scroll(public)
    link = public.get_by_role("link", name="standings after round 3 (PDF)")
    pdf = public.request.get(link.get_attribute("href"))
    assert pdf.ok and "-standings-r3.pdf" in pdf.headers["content-disposition"]
    for number in (4, 11):
        public.goto(f"/t/{event.pk}/rounds/{number}/")
        expect(public.locator("#round-progress")).to_have_text("(not started)")
    public.goto(f"/t/{event.pk}/rounds/3/")
    expect(public.locator("#round-progress")).to_have_count(0)

    # One game of round 4 is in: it is being played, and the standings say so.
    first = Game.objects.filter(round__tournament=event, round__number=4).first()
    record_result(anna, first, "1-0")
    public.goto(f"/t/{event.pk}/rounds/4/")
    expect(public.locator("#round-progress")).to_have_text("(being played)")
    public.goto(f"/t/{event.pk}/standings/")
    expect(heading).to_have_text("Rank after round 3 (round 4 being played)")
    screenshot(public, "venue-round-robin-standings-phone")

    phone.goto(f"/arbiter/t/{event.pk}/rounds/")
    rows = phone.locator("#round-list tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.nth(2)).to_contain_text("Complete")
    expect(rows.nth(3)).to_contain_text("being played")
    expect(rows.nth(4)).to_contain_text("not started")
    assert_all_on_screen(phone, phone.locator("#round-list a"))
