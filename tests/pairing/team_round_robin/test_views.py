"""The team systems' pages: the pairing page of a round of team matches (pair, review, swap
teams, name the other team first, publish) and the results page (board results with the match's
score as boards finish, a whole match forfeited, stale pages refused)."""

import pytest
from django.test import Client
from django.urls import reverse

from arbiter.core.models import Game, Round
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.pairing.team_events import set_lineup, team_event

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


@pytest.fixture
def league(anna):
    return team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)


def test_only_the_tournament_s_arbiters_reach_the_team_pages(boris, league):
    anonymous, other = Client(), Client()
    other.force_login(boris)
    for name in ("team_round_robin", "team_swiss", "teams", "lineups"):
        assert anonymous.get(url(name, league)).status_code == 302
        assert other.get(url(name, league)).status_code == 403
    assert other.get(url("team_results", league, 1)).status_code == 403


def test_the_arbiter_pairs_a_round_and_sees_its_matches_board_by_board(anna_client, league):
    page = anna_client.get(url("team_round_robin", league)).content.decode()
    assert "Pair round 1" in page and "Team 1" in page
    rounds.pair_next_round(None, league)
    page = anna_client.get(url("team_round_robin", league)).content.decode()
    assert (
        "Table 1: Team 1 \N{EN DASH} Team 4" in page
        and "T1 P1" in page
        and "Publish round 1" in page
    )


def test_an_empty_board_shows_as_a_forfeit_on_the_draft(anna_client, league):
    team = league.teams.get(number=4)
    set_lineup(team, 1, [team.members.get(team_board=1), None])
    rounds.pair_next_round(None, league)
    page = anna_client.get(url("team_round_robin", league)).content.decode()
    # board 2: team 4 (White there) has nobody, team 1's player wins by forfeit
    assert '<td class="name">(empty board)</td><td class="result">-+</td>' in page


def test_swapping_two_teams_over_htmx_answers_with_the_section(anna_client, league):
    draft = rounds.pair_next_round(None, league)
    one, two = league.teams.get(number=1), league.teams.get(number=2)
    response = anna_client.post(
        url("team_round_swap", league, 1),
        {"first": one.pk, "second": two.pk, "seen": rounds.draft_token(draft)},
        headers=HTMX,
    )
    page = response.content.decode()
    assert page.strip().startswith('<section id="team-round"')
    assert (
        "Table 1: Team 2 \N{EN DASH} Team 4" in page
        and "Table 2: Team 1 \N{EN DASH} Team 3" in page
    )


def test_a_swap_from_a_stale_page_is_refused_with_what_changed(anna_client, league):
    draft = rounds.pair_next_round(None, league)
    seen = rounds.draft_token(draft)
    one, four = league.teams.get(number=1), league.teams.get(number=4)
    anna_client.post(
        url("team_round_first", league, 1), {"table": 1, "team": four.pk, "seen": seen}
    )
    page = anna_client.post(
        url("team_round_swap", league, 1),
        {"first": one.pk, "second": four.pk, "seen": seen},
        headers=HTMX,
    ).content.decode()
    assert "changed after your page was shown" in page
    assert "Team 4 now named first" in page


def test_a_board_result_answers_with_the_match_and_its_score_so_far(anna_client, league):
    round_ = rounds.publish_round(None, rounds.pair_next_round(None, league))
    games = list(round_.team_matches.get(table=1).games.order_by("board"))
    page = anna_client.post(
        url("team_board_result", league, games[0].pk),
        {"result": "1-0", "expected": ""},
        headers=HTMX,
    ).content.decode()
    assert page.strip().startswith('<section class="team-match" id="table-1"')
    assert "1 \N{EN DASH} 0" in page and "(playing)" in page
    page = anna_client.post(
        url("team_board_result", league, games[1].pk),
        {"result": "1/2", "expected": ""},
        headers=HTMX,
    ).content.decode()
    assert "1½ \N{EN DASH} ½" in page and "Match points 2 \N{EN DASH} 0" in page


def test_a_board_changed_by_someone_else_is_refused(anna_client, league):
    round_ = rounds.publish_round(None, rounds.pair_next_round(None, league))
    game = round_.games.first()
    anna_client.post(url("team_board_result", league, game.pk), {"result": "1-0", "expected": ""})
    page = anna_client.post(
        url("team_board_result", league, game.pk), {"result": "0-1", "expected": ""}, headers=HTMX
    ).content.decode()
    assert "changed under you" in page
    assert Game.objects.get(pk=game.pk).result == "1-0"


def test_forfeiting_a_match_with_results_asks_then_gives_every_board(anna_client, league):
    round_ = rounds.publish_round(None, rounds.pair_next_round(None, league))
    match = round_.team_matches.get(table=1)
    game = match.games.order_by("board").first()
    anna_client.post(url("team_board_result", league, game.pk), {"result": "0-1", "expected": ""})
    address = url("team_match_forfeit", league, match.pk)
    page = anna_client.post(
        address, {"forfeit": "+-", "expected": ""}, headers=HTMX
    ).content.decode()
    assert "Forfeit the match all the same" in page
    assert match.games.get(pk=game.pk).result == "0-1"
    page = anna_client.post(
        address, {"forfeit": "+-", "expected": "", "confirm": "yes"}, headers=HTMX
    ).content.decode()
    assert "forfeited +-" in page and "Match points 2 \N{EN DASH} 0" in page


def test_the_results_page_without_htmx_comes_back_with_a_message(anna_client, league):
    round_ = rounds.publish_round(None, rounds.pair_next_round(None, league))
    game = round_.games.first()
    response = anna_client.post(
        url("team_board_result", league, game.pk), {"result": "1-0", "expected": ""}, follow=True
    )
    assert "Board 1: 1 - 0." in response.content.decode() or "Board 1:" in response.content.decode()
    assert Round.objects.get(pk=round_.pk).games.get(pk=game.pk).result == "1-0"


def test_publishing_from_the_team_page_makes_the_round_public(anna_client, league, client):
    draft = rounds.pair_next_round(None, league)
    response = anna_client.post(
        url("round_publish", league, 1), {"seen": rounds.draft_token(draft)}, headers=HTMX
    )
    assert 'id="enter-results"' in response.content.decode()
    assert client.get(reverse("public_round", args=[league.pk, 1])).status_code == 200


def test_the_desk_s_round_pages_link_the_round_s_matches(anna_client, league):
    rounds.publish_round(None, rounds.pair_next_round(None, league))
    matches = url("team_results", league, 1)
    assert matches in anna_client.get(url("rounds", league)).content.decode()
    assert matches in anna_client.get(url("round_detail", league, 1)).content.decode()
