"""A CSV player list and a TRF file, once imported, compared with FIDE's list in force by FIDE
id: the differences shown (the file's value, the list's), the players the list does not hold
named; nothing applied (docs/ratings.md, "Lookup and refresh")."""

import dataclasses
import datetime

import pytest
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry, Tournament
from pairing.engines.trf import TrfTournament, write_trf
from tests.pairing.trf_helpers import SMALL_PLAYERS

pytestmark = pytest.mark.django_db

CSV = """name;fide_id;rating;title;federation;born
Haugen, Sofia;1504321;2310;WFM;NOR;2004
Carlsen, Magnus;1503014;2839;GM;NOR;1990
Visitor, Vera;88888888;1700;;SWE;
Local, Lars;;1500;;NOR;
"""


@pytest.fixture
def november_open(bergen_open):
    bergen_open.start_date = datetime.date(2026, 11, 20)
    bergen_open.save()
    return bergen_open


def import_csv(client, tournament, text=CSV):
    return client.post(reverse("players_import", args=[tournament.pk]), {"text": text})


def test_a_csv_import_shows_how_its_players_differ_from_the_list(
    anna_client, november_open, fide_november
):
    response = import_csv(anna_client, november_open)
    checked = reverse("players_import_checked", args=[november_open.pk])
    assert response.status_code == 302 and response["Location"] == checked
    assert Entry.objects.filter(tournament=november_open).count() == 4
    body = anna_client.get(checked).content.decode()
    assert "4 players imported." in body
    assert "Compared with the FIDE list of 2026-11: 1 with differences, 1 not in the list." in body
    assert "3 players with a FIDE id, looked up in the FIDE list of 2026-11" in body
    assert "Rating: in the file 2310, in the list of 2026-11: 2224" in body
    assert "Title: in the file WFM, in the list of 2026-11: WIM" in body
    assert "Not in the list: Visitor, Vera (88888888)" in body
    assert "Carlsen" not in body.split('id="list-differences"')[1].split("</table>")[0]
    assert reverse("players_refresh", args=[november_open.pk]) in body


def test_the_import_shows_only_and_applies_nothing(anna_client, november_open, fide_november):
    import_csv(anna_client, november_open)
    assert Entry.objects.get(fide_id=1504321, tournament=november_open).rating == 2310
    audit = AuditEntry.objects.get(action="entry.import")
    assert audit.after["list_check"]["list"] == "2026-11"


def test_a_list_that_agrees_goes_to_the_players_page(anna_client, november_open, fide_november):
    text = 'name,fide_id,rating\n"Carlsen, Magnus",1503014,2839\n'
    response = import_csv(anna_client, november_open, text)
    assert response["Location"] == reverse("players", args=[november_open.pk])


def test_a_name_written_otherwise_is_a_difference(anna_client, november_open, fide_november):
    text = "name,fide_id,rating\nMagnus Carlsen,1503014,2839\n"
    response = import_csv(anna_client, november_open, text)
    body = anna_client.get(response["Location"]).content.decode()
    assert "Name: in the file Magnus Carlsen, in the list of 2026-11: Carlsen, Magnus" in body


def test_without_a_list_nothing_is_compared(anna_client, november_open):
    response = import_csv(anna_client, november_open)
    assert response["Location"] == reverse("players", args=[november_open.pk])
    body = anna_client.get(reverse("players_import_checked", args=[november_open.pk]))
    assert "The import was not compared with a rating list" in body.content.decode()


def test_the_comparison_is_for_the_tournaments_arbiters_only(client, boris_client, november_open):
    url = reverse("players_import_checked", args=[november_open.pk])
    assert boris_client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302


def trf_with_fide_ids() -> str:
    """The small TRF starting in November 2026 at 15 minutes + 10 seconds (rapid): Aas as
    Haugen (1504321, WFM 2300 in the file), Berg as Carlsen (1503014), Dahl with an id the
    list does not hold."""
    haugen, carlsen, dahl, *rest = SMALL_PLAYERS
    players = (
        dataclasses.replace(haugen, name="Haugen, Sofia", fide_id="1504321", birth="2004/01/01"),
        dataclasses.replace(carlsen, name="Carlsen, Magnus", fide_id="1503014", rating=2820,
                            title="g", federation="NOR", birth="1990/11/30"),
        dataclasses.replace(dahl, fide_id="66666666"),
        *rest,
    )  # fmt: skip
    tournament = TrfTournament(
        players=players,
        name="Small Open",
        rounds=3,
        initial_colour="w",
        start_date="2026/11/20",
        other_lines=("122 15 min + 10 sec per move",),
    )
    return write_trf(tournament, legacy=True)


def test_a_trf_import_reads_its_rating_type_and_shows_the_differences(anna_client, fide_november):
    response = anna_client.post(reverse("trf_import"), {"text": trf_with_fide_ids(), "name": ""})
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("trf_import_report", args=[tournament.pk])
    assert tournament.rating_type == "rapid"  # 15 + 10 = 25 minutes for 60 moves
    body = anna_client.get(response["Location"]).content.decode()
    assert "looked up in the FIDE list of 2026-11 (Rapid ratings)" in body
    # no rapid rating in the list: her standard one counts (B.02 7.2.1)
    assert "Rating: in the file 2300, in the list of 2026-11: 2224" in body
    assert "Title: in the file WFM, in the list of 2026-11: WIM" in body
    assert "Carlsen" not in body.split('id="list-differences"')[1].split("</table>")[0]
    assert "Not in the list: Dahl, Per (66666666)" in body
