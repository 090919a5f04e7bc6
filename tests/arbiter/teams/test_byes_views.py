"""The pages for a team's requested bye (Lineups) and its withdrawal (Teams): over HTMX the
team's part of the page comes back, without HTMX the page with the message."""

import pytest
from django.urls import reverse

from arbiter.teams.models import RequestedTeamBye, TeamWithdrawal
from tests.conftest import login

pytestmark = pytest.mark.django_db


def test_the_lineups_page_offers_each_team_a_requested_bye(client, anna, vikings, trolls):
    login(client, anna)
    page = client.get(reverse("lineups", args=[vikings.tournament_id])).content.decode()
    assert page.count('class="inline team-bye"') == 2


def test_an_arbiter_records_a_bye_without_htmx_and_sees_it_chosen(client, anna, vikings):
    login(client, anna)
    url = reverse("team_bye", args=[vikings.tournament_id])
    data = {"team": vikings.pk, "round": 1, "kind": "H", "expected": ""}
    page = client.post(url, data, follow=True).content.decode()
    assert "takes a bye in round 1" in page
    assert '<option value="H" selected>' in page
    assert RequestedTeamBye.objects.get(team=vikings).kind == "H"


def test_over_htmx_a_stale_bye_answers_with_the_form_and_what_the_team_has_now(
    client, anna, vikings
):
    login(client, anna)
    RequestedTeamBye.objects.create(team=vikings, round_number=1, kind="F")
    url = reverse("team_bye", args=[vikings.tournament_id])
    data = {"team": vikings.pk, "round": 1, "kind": "Z", "expected": ""}
    page = client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith("<form") and "changed under you" in page
    assert '<option value="F" selected>' in page


def test_a_bye_with_an_unknown_kind_is_refused_with_a_message(client, anna, vikings):
    login(client, anna)
    url = reverse("team_bye", args=[vikings.tournament_id])
    data = {"team": vikings.pk, "round": 1, "kind": "U", "expected": ""}
    page = client.post(url, data, follow=True).content.decode()
    assert "Choose a full-point" in page and not RequestedTeamBye.objects.exists()


def test_a_withdrawal_needs_the_confirm_box_then_shows_on_the_teams_page(client, anna, vikings):
    login(client, anna)
    url = reverse("team_withdraw", args=[vikings.tournament_id, vikings.pk])
    page = client.post(url, {"from_round": 2, "expected": 0}, follow=True).content.decode()
    assert "Confirm that" in page and not TeamWithdrawal.objects.exists()
    data = {"from_round": 2, "expected": 0, "confirm": "on"}
    page = client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert "Withdrawn from round 2" in page
    data = {"from_round": 2, "expected": 2, "cancel": "yes"}
    client.post(url, data)
    assert not TeamWithdrawal.objects.exists()
