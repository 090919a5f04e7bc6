"""A player finds their pairing from the event's public page in two taps, on a 390 px phone
(issue 31, "the player finds their pairing from the event page in two taps").

Two ways, both of two taps from the event page:

- by the search: tap 1 is the search box (the name typed, the keyboard's Go sends it); the
  results already show the current round's board, colour and opponent; tap 2 is the player's
  name, to their card with the same line;
- by the section: tap 1 is the section's "Round 2 pairings", tap 2 "Find my board
  (alphabetical)", the pairings by name with the board and colour.
"""

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from arbiter.core.models import Game
from tests.arbiter.public.test_events import judo_day, swiss
from tests.browser.conftest import screenshot
from tests.factories import EventFactory, SectionFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 390


def festival():
    """An event of two Swiss sections (Open A in round 2, an even field: no bye) and a judo
    day; the player, and their game of round 2."""
    anna = UserFactory(username="anna")
    event = EventFactory(name="Oslo Chess Festival", organiser=anna)
    open_a = swiss(
        anna,
        "Open A",
        [
            "Ødegård, Åse",
            "Carlsen, Magnus",
            "Tari, Aryan",
            "Hammer, Jon Ludvig",
            "Berg, Kari",
            "Lie, Tor",
        ],
        published_rounds=2,
    )
    open_b = swiss(anna, "Open B", ["Nansen, Fridtjof", "Ibsen, Henrik"], published_rounds=1)
    day, _ = judo_day(anna, "Judo Day", ["Lie, Per", "Berg, Ola"])
    SectionFactory(event=event, tournament=open_a, position=1)
    SectionFactory(event=event, tournament=open_b, position=2)
    SectionFactory(event=event, tournament=None, competition=day, position=3)
    player = open_a.entries.get(name="Ødegård, Åse")
    game = Game.objects.get(
        Q(white=player) | Q(black=player), round__tournament=open_a, round__number=2
    )
    return event, open_a, player, game


def fits(phone) -> None:
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_player_finds_their_pairing_by_the_event_search_in_two_taps(phone):
    event, _open_a, player, game = festival()
    white = game.white_id == player.pk
    opponent = game.black if white else game.white
    phone.goto(f"/e/{event.pk}/")
    expect(phone.locator("#sections")).to_contain_text("Open A")
    fits(phone)
    screenshot(phone, "event-page-phone")
    # tap 1: the search box; the name typed without its accents, the keyboard's Go
    box = phone.get_by_role("searchbox")
    box.tap()
    box.fill("odegard")
    box.press("Enter")
    hit = phone.locator("#found .hit").filter(has_text="Ødegård, Åse")
    expect(hit).to_contain_text(f"Round 2, board {game.board}")
    expect(hit).to_contain_text("white" if white else "black")
    expect(hit).to_contain_text(opponent.name)
    fits(phone)
    screenshot(phone, "event-search-phone")
    # tap 2: the name, to the card with the round's board, colour and opponent
    hit.get_by_role("link", name="Ødegård, Åse").tap()
    expect(phone.locator("#player-name")).to_contain_text("Ødegård, Åse")
    expect(phone.locator("body")).to_contain_text(opponent.name)
    assert phone.url.endswith(f"/t/{game.round.tournament_id}/players/{player.pk}/")


def test_a_player_finds_their_pairing_by_the_sections_round_link_in_two_taps(phone):
    event, open_a, player, game = festival()
    phone.goto(f"/e/{event.pk}/")
    section = phone.locator(".section").filter(has_text="Open A")
    # tap 1: the section's current round
    section.get_by_role("link", name="Round 2 pairings").tap()
    expect(phone.locator("h2").first).to_contain_text("Round 2")
    # tap 2: the pairings by name
    phone.get_by_role("link", name="Find my board (alphabetical)").tap()
    # her own row comes first (by name): her board and colour
    row = phone.locator("#find-my-board tbody tr").filter(
        has=phone.locator("td:first-child", has_text="Ødegård, Åse")
    )
    expect(row).to_contain_text(str(game.board))
    expect(row).to_contain_text("White" if game.white_id == player.pk else "Black")
    # the way back to the event, at the top of the section's page
    expect(phone.locator("#event-link")).to_contain_text(event.name)
    assert open_a.pk
