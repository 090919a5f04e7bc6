"""How far the rounds are, as the public and the arbiter read it (issue 15).

The Oslo Round Robin's whole schedule is public from the drawing on: round 1 is complete, round
2 has one result of two, round 3 has none. The Bergen Swiss has a player who withdrew before
round 2: a zero-point bye stands for him in every later round, which the public lists leave out.
"""

import pytest
from django.urls import reverse

from arbiter.core.models import Bye, Round
from arbiter.core.standings import BEING_PLAYED, COMPLETE, NOT_STARTED, round_progress, standings
from arbiter.core.systems import System
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def schedule(oslo_rr, oslo_players):
    """Three rounds of four published at once; results in for round 1 and half of round 2."""
    aas, berg, dahl, lie = oslo_players
    play_round(oslo_rr, 1, [(aas, lie, "1-0"), (berg, dahl, "1/2")], state=Round.State.COMPLETE)
    play_round(oslo_rr, 2, [(lie, dahl, "0-1"), (aas, berg, "")])
    play_round(oslo_rr, 3, [(berg, lie, ""), (dahl, aas, "")])
    return oslo_rr


def page(client, name, *args, query=""):
    response = client.get(reverse(name, args=args) + query)
    assert response.status_code == 200
    return response.content.decode()


def test_a_published_round_without_a_result_is_not_started(schedule):
    assert round_progress(schedule) == [(1, COMPLETE), (2, BEING_PLAYED), (3, NOT_STARTED)]


def test_round_robin_standings_stand_after_the_last_round_with_every_result_in(schedule):
    table = standings(schedule)
    assert table.through_round == 1 and table.being_played == (2,)
    points = {row.entry.name: row.points for row in table.rows}
    assert points["Dahl, Per"] == 0.5  # his round 2 win is not counted yet


def test_the_standings_page_says_after_which_round_and_which_is_being_played(client, schedule):
    html = page(client, "public_standings", schedule.pk)
    assert "Rank after round 1" in html and "(round 2 being played)" in html
    assert "Rank after round 3" not in html and "round 3 being played" not in html
    assert 'href="?round=3"' not in html  # no standings "after" a round not started


def test_the_standings_pdf_stands_after_the_same_round(client, schedule):
    response = client.get(reverse("export_standings_pdf", args=[schedule.pk]))
    assert response.status_code == 200
    assert "-standings-r1.pdf" in response["Content-Disposition"]


def test_a_round_without_any_result_reads_not_started_on_its_public_page(client, schedule):
    assert "(not started)" in page(client, "public_round", schedule.pk, 3)
    assert "(being played)" in page(client, "public_round", schedule.pk, 2)
    first = page(client, "public_round", schedule.pk, 1)
    assert "not started" not in first and "being played" not in first


def test_the_arbiter_s_round_list_tells_not_started_from_being_played(anna_client, schedule):
    html = page(anna_client, "rounds", schedule.pk)
    rows = html[html.index('id="round-list"') :].split("<tr>")
    assert "Complete" in rows[2]
    assert "being played" in rows[3] and "not started" in rows[4]


def test_a_swiss_still_follows_its_round_live(anna):
    swiss = TournamentFactory(system=System.SWISS_DUTCH, chief=anna)
    a, b, c, d = (EntryFactory(tournament=swiss) for _ in range(4))
    play_round(swiss, 1, [(a, b, "1-0"), (c, d, "0-1")], state=Round.State.COMPLETE)
    play_round(swiss, 2, [(d, a, "1-0"), (b, c, "")])
    assert standings(swiss).through_round == 2
    play_round(swiss, 3, [(a, c, ""), (b, d, "")])
    assert standings(swiss).through_round == 2  # round 3 published, not started


# A withdrawn player ----------------------------------------------------------------------------


@pytest.fixture
def withdrawal(anna):
    """Six players; Foss plays round 1, withdraws, and gets the zero-point bye of the absent
    (TRF "0000 - Z") in rounds 2 and 3, as the Swiss service writes it."""
    swiss = TournamentFactory(name="Bergen Swiss", system=System.SWISS_DUTCH, chief=anna)
    names = ["Aune, Eva", "Bakke, Ola", "Dahle, Siv", "Foss, Tor", "Haug, Lise", "Lund, Per"]
    aune, bakke, dahle, foss, haug, lund = (
        EntryFactory(tournament=swiss, name=name, starting_number=n)
        for n, name in enumerate(names, start=1)
    )
    play_round(
        swiss,
        1,
        [(aune, foss, "1-0"), (bakke, haug, "1-0"), (dahle, lund, "1/2")],
        state="complete",
    )
    foss.withdrawn = True
    foss.save()
    play_round(
        swiss,
        2,
        [(aune, bakke, "1-0"), (lund, haug, "")],
        byes=[(dahle, Bye.Kind.HALF_POINT), (foss, Bye.Kind.ZERO_POINT)],
    )
    return swiss


def test_a_withdrawn_player_is_not_listed_in_the_rounds_after_the_withdrawal(client, withdrawal):
    first = page(client, "public_round", withdrawal.pk, 1)
    assert "Foss, Tor" in first
    for query in ("", "?order=alpha"):
        later = page(client, "public_round", withdrawal.pk, 2, query=query)
        assert "Foss, Tor" not in later, query
        assert "Dahle, Siv" in later and "bye" in later  # the half-point bye is listed
    assert withdrawal.rounds.get(number=2).byes.filter(entry__name="Foss, Tor").exists()


def test_the_pairings_pdf_leaves_the_withdrawn_player_out(client, withdrawal, monkeypatch):
    printed: list[list[str]] = []
    monkeypatch.setattr(
        "arbiter.platform.pdf._Document.grid", lambda doc, rows, widths, align: printed.extend(rows)
    )
    response = client.get(reverse("export_round_pdf", args=[withdrawal.pk, 2]))
    assert response.status_code == 200
    names = [cell for row in printed for cell in row]
    assert "Dahle, Siv" in names and "Foss, Tor" not in names


def test_a_player_absent_before_coming_back_is_still_listed_with_the_bye(client, withdrawal):
    foss = withdrawal.entries.get(name="Foss, Tor")
    foss.withdrawn = False
    foss.save()
    assert "Foss, Tor" in page(client, "public_round", withdrawal.pk, 2)
