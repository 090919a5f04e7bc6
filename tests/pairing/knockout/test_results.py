"""A judo category's results go where a judo arbiter looks for them (issue 15): the standings
are its placings, on the page and in the PDF; the bracket prints as a sheet; pages that only fit
rounds are not offered, and answer with a clear message when asked for by address."""

import re

import pytest
from django.urls import reverse

from arbiter.core.systems import System
from pairing.knockout import services as service
from tests.conftest import login
from tests.factories import EntryFactory, TournamentFactory

CLUBS = ["Oslo JK", "Bergen Judo", "Trondheim JK", "Stavanger JK", "Tromsø JK"]


def category(chief, size: int, name: str = "Judo Cup -73 kg"):
    cup = TournamentFactory(name=name, system=System.KNOCKOUT, chief=chief)
    for n in range(size):
        EntryFactory(tournament=cup, name=f"Judoka {n:02d}, Test", club=CLUBS[n % 5], rating=0)
    return cup


def fight_to_the_end(user, cup):
    while ready := service.sheet(cup).state.ready():
        service.record_bout(user, cup, ready[0].match.id, int(ready[0].a))


@pytest.fixture
def finished(anna):
    """A category of 20 in a bracket of 32 (IJF repechage), every match fought."""
    cup = category(anna, 20)
    service.draw_bracket(anna, cup, random_seed=3)
    fight_to_the_end(anna, cup)
    return cup


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def media_box(pdf: bytes) -> tuple[float, float]:
    width, height = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf).groups()
    return float(width), float(height)


def places_on(html: str) -> list[int]:
    table = html[html.index('id="medal-table"') :]
    table = table[: table.index("</table>")]
    return [int(p) for p in re.findall(r'<td class="num">(\d+)</td>', table)]


def test_the_public_standings_of_a_knockout_are_its_placings(client, finished):
    html = client.get(reverse("public_standings", args=[finished.pk])).content.decode()
    assert places_on(html) == [1, 2, 3, 3, 5, 5, 7, 7] + [9] * 8 + [17] * 4
    assert "Ranking before round 1" not in html and "Pts." not in html


def test_the_standings_pdf_of_a_knockout_prints_the_placings_not_round_zero(client, finished):
    response = client.get(reverse("export_standings_pdf", args=[finished.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert b"Standings: final results" in response.content
    assert b"after round 0" not in response.content


def test_the_public_tabs_of_a_knockout_are_the_bracket_and_the_standings(client, finished):
    html = client.get(reverse("tournament", args=[finished.pk])).content.decode()
    tabs = html[html.index('class="tabs public-tabs"') :]
    tabs = re.findall(r">([^<>]+)</a>", tabs[: tabs.index("</nav>")])
    assert tabs == ["Starting list", "Bracket", "Standings"]
    assert reverse("public_bracket_pdf", args=[finished.pk]) in html
    assert reverse("export_standings_pdf", args=[finished.pk]) in html


def test_a_knockout_has_no_crosstable_of_zeros(client, finished):
    assert client.get(reverse("crosstable", args=[finished.pk])).status_code == 404


def test_the_arbiters_rounds_page_of_a_knockout_sends_them_to_the_bracket(client, anna, finished):
    login(client, anna)
    for address in (
        reverse("rounds", args=[finished.pk]),
        reverse("round_detail", args=[finished.pk, 1]),
    ):
        response = client.get(address, follow=True)
        assert response.redirect_chain[-1][0] == reverse("bracket", args=[finished.pk])
        assert "This category has no rounds" in response.content.decode()


def test_the_medal_table_shows_the_seventh_places(client, anna, finished):
    login(client, anna)
    html = client.get(reverse("bracket", args=[finished.pk])).content.decode()
    assert places_on(html)[:8] == [1, 2, 3, 3, 5, 5, 7, 7]


def test_a_bracket_of_32_prints_on_one_a4_landscape_page_linked_from_both_bracket_pages(
    client, anna, finished
):
    public = client.get(reverse("public_bracket", args=[finished.pk])).content.decode()
    pdf_url = reverse("public_bracket_pdf", args=[finished.pk])
    assert pdf_url in public
    pdf = client.get(pdf_url).content
    assert pdf.startswith(b"%PDF") and pages(pdf) == 1
    assert media_box(pdf) == (841.89, 595.28)  # A4, landscape
    login(client, anna)
    arbiter = client.get(reverse("bracket", args=[finished.pk])).content.decode()
    assert reverse("bracket_pdf", args=[finished.pk]) in arbiter
    own = client.get(reverse("bracket_pdf", args=[finished.pk])).content
    assert pages(own) == 1 and media_box(own) == media_box(pdf)


@pytest.mark.parametrize(("size", "sheets"), [(40, 1), (70, 3)])
def test_a_bigger_bracket_prints_on_a3(client, anna, size, sheets):
    cup = category(anna, size, name=f"Open {size}")
    service.draw_bracket(anna, cup, random_seed=1)
    pdf = client.get(reverse("public_bracket_pdf", args=[cup.pk])).content
    assert pages(pdf) == sheets
    assert media_box(pdf) == (1190.55, 841.89)  # A3, landscape


def test_a_pool_prints_as_a_pool_sheet(client, anna):
    cup = category(anna, 4, name="Pool of four")
    service.draw_bracket(anna, cup, random_seed=1)
    fight_to_the_end(anna, cup)
    pdf = client.get(reverse("public_bracket_pdf", args=[cup.pk])).content
    assert pages(pdf) == 1 and b"round robin" in pdf
    html = client.get(reverse("public_standings", args=[cup.pk])).content.decode()
    assert sorted(places_on(html)) == places_on(html) and len(places_on(html)) == 4
