"""The team room's pages: who gets in, what they show, and what a post does."""

import pytest
from django.test import Client
from django.urls import reverse

from arbiter.core.models import AuditEntry, Team
from arbiter.teams.models import Lineup
from tests.arbiter.teams.conftest import board_order, team_of
from tests.conftest import login

pytestmark = pytest.mark.django_db


def lineup_post(team, players, version=0, round_number=1):
    data = {"team": team.pk, "round": round_number, "version": version}
    for board, entry in enumerate(players, start=1):
        data[f"board-{board}"] = entry.pk if entry else ""
    return data


def test_the_teams_page_shows_each_team_s_board_order_with_its_reserves(client, anna, vikings):
    login(client, anna)
    page = client.get(reverse("teams", args=[vikings.tournament_id])).content.decode()
    assert "Vikings" in page and board_order(vikings)[5].name in page
    assert page.count("reserve</small>") == 2


def test_the_teams_page_costs_the_same_queries_for_two_teams_as_for_eight(
    client, anna, league, vikings, trolls, django_assert_num_queries
):
    login(client, anna)
    url = reverse("teams", args=[league.pk])
    client.get(url)
    with django_assert_num_queries(14):
        client.get(url)
    for n in range(6):
        team_of(anna, league, f"Team {n}", players=4)
    with django_assert_num_queries(14):
        client.get(url)


def test_an_arbiter_adds_a_team_and_a_form_sent_twice_adds_it_once(client, anna, league):
    login(client, anna)
    data = {
        "name": "Elves",
        "nickname": "ELF",
        "federation": "nor",
        "once": "8e0d7a8e-0c7a-4c52-9d4f-0c1f2f1f1f1f",
    }
    url = reverse("teams", args=[league.pk])
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    assert Team.objects.filter(tournament=league, name="Elves", federation="NOR").count() == 1


def test_a_team_name_with_a_control_character_or_too_long_is_refused(client, anna, league):
    login(client, anna)
    url = reverse("teams", args=[league.pk])
    for name in ("Bad\x07Team", "x" * 101):
        response = client.post(url, {"name": name})
        assert response.status_code == 200
    assert not Team.objects.filter(tournament=league).exists()


def test_the_arbiter_moves_a_reserve_up_from_the_page(client, anna, vikings):
    login(client, anna)
    fifth = board_order(vikings)[4]
    url = reverse("team_member_move", args=[vikings.tournament_id, vikings.pk, fifth.pk])
    assert client.post(url, {"place": 4}).status_code == 302
    assert board_order(vikings)[3] == fifth


def test_another_tournament_s_arbiter_gets_403_on_every_team_page(client, boris, vikings):
    login(client, boris)
    t = vikings.tournament_id
    for url in (
        reverse("teams", args=[t]),
        reverse("team_settings", args=[t]),
        reverse("lineups", args=[t]),
        reverse("team_edit", args=[t, vikings.pk]),
        reverse("captain_lineup", args=[t, vikings.pk]),
    ):
        assert client.get(url).status_code == 403, url


def test_a_captain_sees_only_their_own_team_s_lineup_page(client, carl, vikings, trolls):
    login(client, carl)
    own = reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])
    other = reverse("captain_lineup", args=[trolls.tournament_id, trolls.pk])
    assert client.get(own).status_code == 200
    assert client.get(other).status_code == 403
    assert client.post(other, lineup_post(trolls, board_order(trolls)[:4])).status_code == 403
    assert client.get(reverse("teams", args=[vikings.tournament_id])).status_code == 403
    assert not Lineup.objects.exists()


def test_a_captain_cannot_send_their_form_to_another_team_s_page(client, carl, vikings, trolls):
    """The form names its team: one for Vikings posted to the Trolls' address is refused (403)."""
    login(client, carl)
    other = reverse("captain_lineup", args=[trolls.tournament_id, trolls.pk])
    assert client.post(other, lineup_post(vikings, board_order(vikings)[:4])).status_code == 403


def test_the_captain_submits_a_lineup_and_sees_it_as_entered(client, carl, vikings):
    login(client, carl)
    url = reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])
    assert "Default lineup" in client.get(url).content.decode()
    players = board_order(vikings)
    response = client.post(url, lineup_post(vikings, [*players[:3], players[4]]), follow=True)
    page = response.content.decode()
    assert "Lineup entered" in page and "saved" in page
    lineup = Lineup.objects.get(team=vikings)
    assert lineup.by_captain and lineup.submitted_by == carl
    assert AuditEntry.objects.filter(action="lineup.submit", user=carl).exists()


def test_a_refused_lineup_shows_its_reasons_on_the_captain_s_page(client, carl, vikings):
    login(client, carl)
    url = reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])
    players = board_order(vikings)
    response = client.post(url, lineup_post(vikings, [players[0], players[0], players[1], None]))
    assert response.status_code == 200
    assert "on board 1 and board 2" in response.content.decode()
    assert not Lineup.objects.exists()


def test_the_arbiters_lineups_page_marks_default_lineups_and_takes_a_lineup(
    client, anna, vikings, trolls
):
    login(client, anna)
    url = reverse("lineups", args=[vikings.tournament_id])
    assert client.get(url).content.decode().count("Default lineup") == 2
    players = board_order(trolls)
    response = client.post(f"{url}?round=1", lineup_post(trolls, players[:4]), follow=True)
    page = response.content.decode()
    assert page.count("Default lineup") == 1 and "Entered by anna" in page
    assert not Lineup.objects.get(team=trolls).by_captain


def test_the_arbiter_names_an_invited_captain_who_gets_a_one_time_link(client, anna, vikings):
    login(client, anna)
    url = reverse("team_captain", args=[vikings.tournament_id, vikings.pk])
    page = client.post(url, {"username": "ingrid", "invite": "on"}).content.decode()
    assert "/accounts/reset/" in page
    link = page.split("/accounts/reset/")[1].split("<")[0]
    invited = Client()
    form = invited.get(f"/accounts/reset/{link}", follow=True)
    assert form.status_code == 200
    set_url = form.redirect_chain[-1][0]
    new = {"new_password1": "a fine long passphrase", "new_password2": "a fine long passphrase"}
    assert invited.post(set_url, new).status_code == 302
    assert invited.login(username="ingrid", password="a fine long passphrase")
    assert (
        invited.get(reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])).status_code
        == 200
    )
    # the link works once
    assert (
        "invalid" in Client().get(f"/accounts/reset/{link}", follow=True).content.decode().lower()
    )


def test_every_post_needs_the_csrf_token(carl, vikings):
    client = Client(enforce_csrf_checks=True)
    login(client, carl)
    url = reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])
    assert client.post(url, lineup_post(vikings, board_order(vikings)[:4])).status_code == 403
    assert not Lineup.objects.exists()


def test_an_anonymous_visitor_is_sent_to_the_login_page(client, vikings):
    url = reverse("captain_lineup", args=[vikings.tournament_id, vikings.pk])
    assert client.get(url)["Location"].startswith("/accounts/login/")


def test_an_unknown_team_is_404(client, carl, vikings):
    login(client, carl)
    unknown = reverse("captain_lineup", args=[vikings.tournament_id, 999999])
    assert client.get(unknown).status_code == 404


def test_over_htmx_a_move_answers_with_the_team_s_section_alone(client, anna, vikings):
    login(client, anna)
    fifth = board_order(vikings)[4]
    url = reverse("team_member_move", args=[vikings.tournament_id, vikings.pk, fifth.pk])
    response = client.post(url, {"place": 1}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200 and page.lstrip().startswith("<section")
    assert f'id="team-{vikings.pk}"' in page and board_order(vikings)[0] == fifth


def test_over_htmx_a_refused_move_says_why_in_the_section(client, anna, league, vikings, trolls):
    from arbiter.core.models import Round, TeamMatch

    TeamMatch.objects.create(
        round=Round.objects.create(tournament=league, number=1), table=1, home=vikings, away=trolls
    )
    login(client, anna)
    first = board_order(vikings)[0]
    url = reverse("team_member_move", args=[league.pk, vikings.pk, first.pk])
    page = client.post(url, {"place": 2}, headers={"HX-Request": "true"}).content.decode()
    assert "board order is fixed" in page and "board order locked" in page


def test_over_htmx_a_lineup_answers_with_the_team_s_lineup_section(client, anna, trolls):
    login(client, anna)
    url = reverse("lineups", args=[trolls.tournament_id]) + "?round=1"
    players = board_order(trolls)
    response = client.post(url, lineup_post(trolls, players[:4]), headers={"HX-Request": "true"})
    page = response.content.decode()
    assert f'id="team-lineup-{trolls.pk}"' in page and "lineup saved" in page
    assert "Entered by anna" in page


def test_deleting_a_team_asks_first(client, anna, league):
    team = team_of(anna, league, "Elves", players=1)
    login(client, anna)
    url = reverse("team_delete", args=[league.pk, team.pk])
    assert "its lineups go" in client.post(url).content.decode()
    assert Team.objects.filter(pk=team.pk).exists()
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert not Team.objects.filter(pk=team.pk).exists()


def test_the_team_page_shows_the_captain_named(client, anna, vikings):
    login(client, anna)
    page = client.get(reverse("team_edit", args=[vikings.tournament_id, vikings.pk]))
    assert 'value="carl"' in page.content.decode()
