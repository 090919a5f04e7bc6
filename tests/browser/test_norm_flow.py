"""From a typed FIDE id to the norm line on the player's card (issue 29, "What it must show"):
the arbiter enters a WIM of Norway from FIDE's list into a round robin of strong titled
players from six federations, the rounds are played, and the public card shows her GM norm
within reach ("needs 1 from the last 2 rounds"), then reached once the arbiter enters the last
result, each with its requirements (docs/ratings.md, "Title norms").

The field is the spec's Example 3 (tests/arbiter/ratings/test_norms.py): with its results,
6½ of 9 against an average of 2449 (1950 raised to 2200) is a performance of 2615. The drawing
of lots is the app's, with a fixed seed, so the rounds the opponents come in are always the
same: Ortega and Bernard, two GMs, in rounds 8 and 9."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from arbiter.core.models import Entry, Game
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from pairing.round_robin import services as round_robin
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.browser.test_fide_lookup import enter_from_list
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Example 3's opponents (name, rating, title, federation) and the seeker's result against
#: each, her own point first.
FIELD = [
    ("Keller, Max", 2610, "GM", "GER", "1-0"),
    ("Bernard, Luc", 2585, "GM", "FRA", "1/2"),
    ("Ortega, Pablo", 2540, "GM", "ESP", "1/2"),
    ("Lie, Kristian", 2502, "IM", "NOR", "1-0"),
    ("Berg, Erik", 2475, "IM", "SWE", "1/2"),
    ("Dahl, Ola", 2430, "FM", "NOR", "1-0"),
    ("Holm, Niels", 2390, "", "DEN", "1/2"),
    ("Rud, Per", 2310, "", "NOR", "1/2"),
    ("Nowak, Jan", 1950, "", "POL", "1-0"),
]
SEEKER = "Haugen, Sofia"  # WIM, NOR, 2224 in FIDE's November list (tests/conftest.py)
AGAINST = {name: result for name, _rating, _title, _federation, result in FIELD}
REVERSED = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2"}


def bergen_invitational():
    """Anna's round robin in standard chess (90+30) starting on 20 November 2026, hosted by
    Norway, its nine invited players entered already."""
    anna = UserFactory(username="anna")
    tournament = TournamentFactory(
        name="Bergen Invitational",
        chief=anna,
        system=System.ROUND_ROBIN,
        federation="NOR",
        start_date=datetime.date(2026, 11, 20),
        time_control="90+30",
    )
    for n, (name, rating, title, federation, _result) in enumerate(FIELD, start=1):
        EntryFactory(
            tournament=tournament,
            name=name,
            rating=rating,
            title=title,
            federation=federation,
            fide_id=4_100_000 + n,
        )
    return anna, tournament


def seeker_code(game: Game, seeker: Entry) -> str:
    """The game's result code giving the seeker her result against this opponent."""
    if game.white_id == seeker.pk:
        return AGAINST[game.black.name]
    return REVERSED[AGAINST[game.white.name]]


def play(anna, tournament, seeker: Entry, rounds, skip: Game | None = None) -> None:
    """Every result of ``rounds`` through the service the round page calls: the seeker's as
    FIELD gives them, every other game drawn; ``skip`` is left for the arbiter to enter."""
    games = Game.objects.filter(round__tournament=tournament, round__number__in=rounds)
    for game in games.select_related("white", "black").order_by("round__number", "board"):
        if game == skip:
            continue
        seeker_plays = seeker.pk in (game.white_id, game.black_id)
        record_result(anna, game, seeker_code(game, seeker) if seeker_plays else "1/2")


def requirement(norm, label: str):
    """The requirement's row of the norm's table."""
    return norm.locator("tr", has=norm.page.get_by_role("cell", name=label, exact=True))


def assert_requirement(norm, label: str, value: str, holds: bool) -> None:
    row = requirement(norm, label)
    expect(row).to_have_class("holds" if holds else "fails")
    expect(row.locator("td").nth(2)).to_have_text(value)
    expect(row.locator("td.check")).to_have_text("✓" if holds else "✗")


def test_a_typed_fide_id_to_the_norm_line_on_the_players_card(page, other_page, fide_november):
    anna, tournament = bergen_invitational()
    log_in(page, "anna")

    # The arbiter types the FIDE id, picks the player, and the list fills the form.
    filled = enter_from_list(page, tournament, "1504321", SEEKER, shot="norm-flow-lookup")
    assert (filled["Name"], filled["Federation"], filled["Title"], filled["Rating"]) == (
        SEEKER,
        "NOR",
        "WIM",
        "2224",
    )
    expect(page.locator("#player-list")).to_contain_text(SEEKER)
    seeker = Entry.objects.get(tournament=tournament, fide_id=1504321)
    assert (seeker.title, seeker.federation, seeker.rating, seeker.sex) == ("WIM", "NOR", 2224, "f")

    # The drawing of lots and seven rounds, through the services the pages call.
    drawing = round_robin.start_drawing(anna, tournament, seed=2026)
    for step in range(len(FIELD) + 1):
        round_robin.draw_for_player(anna, drawing, step)
    round_robin.confirm_drawing(anna, drawing)
    play(anna, tournament, seeker, range(1, 8))

    # A visitor finds her card from the tournament's public page.
    visitor = other_page(viewport={"width": 1280, "height": 900})
    visitor.goto(f"/t/{tournament.pk}/")
    visitor.get_by_role("link", name=SEEKER).first.click()
    expect(visitor.locator("#player-name")).to_have_text(f"WIM {SEEKER}")
    expect(visitor.locator("#player-points")).to_have_text("5½ after round 7")
    norms = visitor.locator("#player-norms")
    expect(norms.locator(".norm-line")).to_have_text(
        [
            "GM norm: needs 1 from the last 2 rounds",
            "IM norm: needs only to play the last 2 rounds",
            "WGM norm: needs only to play the last 2 rounds",
        ]
    )  # a WIM: no line for the title she holds
    gm = visitor.locator("#norm-gm")
    expect(gm.locator(".norm-requirements")).to_be_hidden()
    gm.locator("summary").click()
    expect(gm.locator(".norm-requirements")).to_be_visible()
    assert_requirement(gm, "Games", "7; at least 9", holds=False)
    assert_requirement(gm, "GMs among the opponents", "1; at least 3", holds=False)
    assert_requirement(
        gm,
        "Opponents' average rating (Ra)",
        "2417, with 1950 raised to 2200 (B.01 1.4.6); at least 2380",
        holds=True,
    )
    assert_requirement(
        gm,
        "Performance (Rp = Ra + dp)",
        "2647 (2646.7 before rounding); at least 2600",
        holds=True,
    )
    expect(gm).to_contain_text("The requirements as the games so far give them.")
    screenshot(visitor, "norm-flow-within-reach")

    # Round 8 and round 9's other boards are played; the arbiter enters her last game on the
    # round page, and the card, left open, follows (it asks for itself every second).
    last = Game.objects.select_related("white", "black").get(
        round__tournament=tournament, round__number=9, white=seeker
    )
    assert last.black.name == "Ortega, Pablo"
    play(anna, tournament, seeker, (8, 9), skip=last)
    expect(norms.locator("#norm-gm .norm-line")).to_have_text(
        "GM norm: needs ½ from the last round"
    )
    page.goto(f"/arbiter/t/{tournament.pk}/rounds/9/")
    board = page.locator(f"#board-{last.board}")
    expect(board).to_contain_text(SEEKER)
    board.get_by_role("button", name="½-½", exact=True).click()
    expect(board.locator("td.result")).to_have_text("½ - ½")
    expect(page.locator("#round-state")).to_have_text("Complete")

    expect(visitor.locator("#player-points")).to_have_text("6½ after round 9")
    expect(norms.locator(".norm-line")).to_have_text(
        ["GM norm: reached", "IM norm: reached", "WGM norm: reached"]
    )
    gm.locator("summary").click()
    assert_requirement(gm, "Games", "9; at least 9", holds=True)
    assert_requirement(
        gm,
        "Opponents' average rating (Ra)",
        "2449, with 1950 raised to 2200 (B.01 1.4.6); at least 2380",
        holds=True,
    )
    assert_requirement(
        gm,
        "Performance (Rp = Ra + dp)",
        "2615 (2615.1 before rounding); at least 2600",
        holds=True,
    )
    assert_requirement(gm, "Score", "6½ (72 %); at least 3½ (35 %)", holds=True)
    assert_requirement(gm, "GMs among the opponents", "3; at least 3", holds=True)
    assert_requirement(gm, "Federations other than the player's", "6; at least 2", holds=True)
    assert_requirement(gm, "Opponents from the player's federation", "3; at most 5", holds=True)
    expect(gm.locator("tr.fails")).to_have_count(0)
    expect(gm).to_contain_text("The norm counts as 9 games (B.01 1.4.1c-d, 1.7).")
    expect(gm).not_to_contain_text(re.compile("so far"))
    screenshot(visitor, "norm-flow-reached")
