"""A player follows the tournament on a phone, and the arbiter prints the lists for the wall."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Long names and clubs, as real fields have them: they must wrap, not push the page sideways.
NAMES = [
    "Christiansen, Johan-Sebastian",
    "Nielsen, Peter Heine",
    "Grandelius, Nils",
    "Hammer, Jon Ludvig",
    "Hansen, Sune Berg",
    "Andersen, Mads",
    "Smith, Axel",
    "Hector, Jonny",
    "Tari, Aryan",
    "Moe, Kari",
    "Aune, Eva",
]

#: A4 less 12 mm margins on each side, in CSS pixels: 186 mm and, landscape, 277 mm less 20 mm.
A4_PORTRAIT_WIDTH = 703
A4_LANDSCAPE_WIDTH = 971


@pytest.fixture
def swiss():
    cache.clear()
    tournament = TournamentFactory(name="Bergen Chess Festival Open", system=System.SWISS_DUTCH)
    players = [
        EntryFactory(
            tournament=tournament,
            name=name,
            title="GM" if n < 3 else "",
            club="Sjakklubben av 1911, Bergen",
            fide_id=1500000 + n,
            starting_number=n,
            rating=2700 - 20 * n,
        )
        for n, name in enumerate(NAMES, start=1)
    ]
    half = len(players) // 2
    first = [(players[i], players[i + half], "1-0" if i % 2 else "1/2") for i in range(half)]
    play_round(tournament, 1, games=first, byes=[(players[-1], "U")], state=Round.State.COMPLETE)
    second = [(players[i + half], players[i], "") for i in range(half - 1)]
    second.append((players[-1], players[half - 1], "-+"))
    play_round(tournament, 2, games=second, byes=[(players[2 * half - 1], "H")])
    return tournament


def assert_fits(page, where: str) -> None:
    """No sideways scrolling: neither the page nor any table is wider than the screen."""
    widths = page.evaluate(
        """() => ({
            page: document.documentElement.scrollWidth,
            screen: window.innerWidth,
            tables: [...document.querySelectorAll('table.list')]
                .map(t => Math.ceil(t.getBoundingClientRect().right)),
            wraps: [...document.querySelectorAll('.table-wrap')]
                .map(w => w.scrollWidth - w.clientWidth),
        })"""
    )
    assert widths["page"] <= widths["screen"], (where, widths)
    assert all(right <= widths["screen"] for right in widths["tables"]), (where, widths)
    assert all(hidden <= 0 for hidden in widths["wraps"]), (where, widths)


def test_a_player_finds_their_board_and_card_on_a_phone(phone, swiss, tmp_path):
    phone.goto(f"/t/{swiss.pk}/")
    expect(phone.get_by_role("heading", name="Starting rank list")).to_be_visible()
    expect(phone.locator("#starting-list tbody tr")).to_have_count(len(NAMES))
    assert_fits(phone, "starting list")

    phone.get_by_role("link", name="Round 2").click()
    expect(phone.get_by_role("heading", name="Round 2")).to_be_visible()
    assert_fits(phone, "pairings")
    phone.get_by_role("link", name="Find my board").click()
    row = phone.locator("#find-my-board tr", has_text="Grandelius, Nils").first
    expect(row).to_contain_text("Black")
    expect(row).to_contain_text("Hector, Jonny")
    assert_fits(phone, "find my board")
    phone.screenshot(path=str(tmp_path / "phone-find-my-board.png"), full_page=True)

    row.get_by_role("link", name="Grandelius, Nils").click()
    expect(phone.locator("#player-name")).to_have_text("Grandelius, Nils")
    rounds = phone.locator("#player-rounds tbody tr")
    expect(rounds).to_have_count(2)
    expect(rounds.nth(1)).to_contain_text("Hector, Jonny")
    assert_fits(phone, "player card")

    phone.get_by_role("link", name="Standings").click()
    expect(phone.get_by_role("heading", name="Rank after round 2")).to_be_visible()
    assert_fits(phone, "standings")

    # chess-results' name search: part of a name, from any public page of the tournament
    phone.get_by_label("Find a player").fill("hamm")
    phone.get_by_label("Find a player").press("Enter")
    found = phone.locator("#found tbody tr")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Hammer, Jon Ludvig")
    assert_fits(phone, "name search")
    found.get_by_role("link", name="Hammer, Jon Ludvig").click()
    expect(phone.locator("#player-name")).to_have_text("Hammer, Jon Ludvig")


def print_check(page, path: str, width: int, shot) -> dict:
    page.set_viewport_size({"width": width, "height": 1000})
    page.goto(path)
    page.emulate_media(media="print")
    page.screenshot(path=str(shot), full_page=True)
    return page.evaluate(
        """() => ({
            width: document.documentElement.clientWidth,
            scroll: document.documentElement.scrollWidth,
            tables: [...document.querySelectorAll('table')]
                .map(t => t.getBoundingClientRect().right),
            hidden: [...document.querySelectorAll('header.site, nav, .tabs')]
                .every(e => getComputedStyle(e).display === 'none'),
            background: getComputedStyle(document.body).backgroundColor,
            ink: getComputedStyle(document.querySelector('table.list td')).color,
            headerRepeats: getComputedStyle(document.querySelector('table.list thead')).display,
        })"""
    )


def test_the_pairings_standings_and_wallchart_print_on_a4(page, swiss, tmp_path):
    for name, path, width in [
        ("pairings", f"/t/{swiss.pk}/rounds/2/", A4_PORTRAIT_WIDTH),
        ("standings", f"/t/{swiss.pk}/standings/", A4_PORTRAIT_WIDTH),
        ("crosstable", f"/t/{swiss.pk}/crosstable/", A4_LANDSCAPE_WIDTH),
    ]:
        shot = tmp_path / f"print-{name}.png"
        layout = print_check(page, path, width, shot)
        assert shot.stat().st_size > 0
        assert layout["hidden"], (name, "navigation printed")
        assert layout["scroll"] <= layout["width"], (name, layout)
        assert all(right <= layout["width"] for right in layout["tables"]), (name, layout)
        assert layout["ink"] == "rgb(0, 0, 0)", (name, layout)
        assert layout["background"] in {"rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"}, (name, layout)
        assert layout["headerRepeats"] == "table-header-group", (name, layout)
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
