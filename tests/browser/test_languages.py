"""Issue 21: Anna runs a Monrad evening in Swedish (chosen with the switch on her pages, kept for
her), and a player follows the public standings on a phone whose browser asks for Russian.

The selectors are the pages' ids and the buttons' values; the words checked are the
translators' (FIDE's Swedish "lottning" and "rond", Russian "тур")."""

import pytest
from playwright.sync_api import expect

from arbiter.core.models import UserLanguage
from arbiter.core.systems import System
from tests.browser.conftest import screenshot
from tests.browser.test_arbiter_flow import log_in
from tests.factories import EntryFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_monrad_evening_in_swedish_and_the_public_standings_in_russian(
    page, browser, live_server
):
    anna = UserFactory(username="anna")
    club = TournamentFactory(
        name="Tisdagsklubben", chief=anna, system=System.MONRAD, is_published=True
    )
    members = [EntryFactory(tournament=club, name=f"Åström {n}, Per", starting_number=None)
               for n in range(1, 7)]  # fmt: skip
    log_in(page, "anna")

    # the switch on her page: Svenska, kept for her
    page.locator("form.languages").get_by_role("button", name="Svenska").click()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("link", name="Mina turneringar")).to_be_visible()
    assert UserLanguage.objects.get(user=anna).language == "sv"

    page.goto(f"/arbiter/t/{club.pk}/monrad/")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_role("heading", level=1)).to_have_text("Klubbkväll")
    for count, member in enumerate(members, start=1):
        page.locator(f"#member-{member.pk} button").click()
        expect(page.locator("#present-count")).to_have_text(str(count))
    expect(page.locator("#pair")).to_have_text("Lotta rond 1")
    page.locator("#pair").click()
    expect(page.locator("#boards tbody tr[id^=board-]")).to_have_count(3)
    for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
        page.locator(f"#board-{board} button[value='{result}']").click()
        if board < 3:
            expect(page.locator(f"#board-{board} [aria-pressed=true]")).to_have_attribute(
                "value", result
            )
    expect(page.locator("#standing tbody tr").first.locator("td").nth(2)).to_have_text("3")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    screenshot(page, "monrad-evening-in-swedish")

    # a phone asking for Russian: the unprefixed public URL sends it to /ru/
    phone = browser.new_context(base_url=live_server.url, locale="ru-RU", is_mobile=True)
    try:
        reader = phone.new_page()
        reader.goto(f"/t/{club.pk}/standings/")
        expect(reader).to_have_url(f"{live_server.url}/ru/t/{club.pk}/standings/")
        expect(reader.locator("html")).to_have_attribute("lang", "ru")
        expect(reader.get_by_role("link", name="Турнирная таблица")).to_be_visible()
        heading = "Места после 1-го тура"  # noqa: RUF001 (Russian, as the page writes it)
        expect(reader.get_by_role("heading", name=heading)).to_be_visible()
        standings = reader.locator("#standings tbody tr")
        expect(standings).to_have_count(6)
        # FIDE's notation in any language: the draw's ½ is ½
        expect(reader.locator("#standings")).to_contain_text("½")
        # the links stay Russian, and no cookie was set by the public pages
        reader.locator(f"a[href='/ru/t/{club.pk}/']").first.click()
        expect(reader).to_have_url(f"{live_server.url}/ru/t/{club.pk}/")
        assert not [c for c in phone.cookies() if c["name"] in ("sessionid", "csrftoken")]
        screenshot(reader, "public-standings-in-russian")
    finally:
        phone.close()
