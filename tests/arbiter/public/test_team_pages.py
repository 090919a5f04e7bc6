"""What the public sees of a team event: each round's matches with their boards and the score
live as boards finish, the team standings, the team crosstable, the board prizes, each team's
page, each player's card with their team and board, and the PDFs (docs/teams.md, "Public pages
of team events").

The Team Open is a team Swiss of four teams on four boards: round 1 complete (Norway beat Sweden
3½-½, Denmark and Finland drew), round 2 being played (Norway-Denmark has two boards finished,
Finland-Sweden is over: Sweden won 4-0), round 3 a draft nobody outside may see.
"""

import pytest
from django.core.cache import caches
from django.urls import reverse

from arbiter.core.models import Game, Round
from arbiter.teams.trf_export import empty_board_model
from tests.arbiter.teams.team_open import (
    TEAM_ROUND_ROBIN,
    play_round,
    team_event,
    teams_of,
)
from tests.factories import TournamentFactory, changed

pytestmark = pytest.mark.django_db

NAMES = ["Norway", "Sweden", "Denmark", "Finland"]


@pytest.fixture
def team_open():
    tournament = team_event(NAMES)
    play_round(
        tournament,
        1,
        [
            ("Norway", "Sweden", ["1-0", "0-1", "1-0", "1/2"]),
            ("Denmark", "Finland", ["1/2", "1/2", "1/2", "1/2"]),
        ],
        state=Round.State.COMPLETE,
    )
    play_round(
        tournament,
        2,
        [
            ("Norway", "Denmark", ["1-0", "1/2", "", ""]),
            ("Finland", "Sweden", ["0-1", "1-0", "0-1", "1-0"]),
        ],
    )
    play_round(tournament, 3, [("Sweden", "Denmark", ["", "", "", ""])], state=Round.State.DRAFT)
    return tournament


def url(name, tournament, *args):
    return reverse(name, args=[tournament.pk, *args])


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_a_round_lists_each_match_with_its_score_and_board_lines(client, team_open):
    page = text(client.get(url("public_team_round", team_open, 1)))
    assert "Round 1: matches" in page
    assert 'id="match-1"' in page and 'id="match-2"' in page
    assert "3½ - ½" in page  # Norway - Sweden
    assert "Norway 1, Player" in page and "Sweden 4, Player" in page
    assert page.count('class="colour-w"') == 8 and page.count('class="colour-b"') == 8


def test_a_match_being_played_shows_the_boards_finished_so_far(client, team_open):
    page = text(client.get(url("public_team_round", team_open, 2)))
    assert "(being played)" in page
    assert "(1½ - ½)" in page  # Norway - Denmark, two boards in
    assert "0 - 4" in page  # Finland - Sweden, over


def test_the_match_score_moves_on_as_a_board_finishes(client, team_open):
    address = url("public_team_round", team_open, 2)
    assert "(1½ - ½)" in text(client.get(address))
    game = Game.objects.get(round__tournament=team_open, round__number=2, board=3)
    game.result = "1-0"
    game.save()
    changed(team_open)
    assert "(2½ - ½)" in text(client.get(address))


def test_the_polling_body_is_204_while_nothing_changed(client, team_open):
    address = url("public_team_round", team_open, 2)
    page = text(client.get(address))
    version = page.split('data-version="')[1].split('"')[0]
    again = client.get(address, {"since": version}, HTTP_HX_REQUEST="true")
    assert again.status_code == 204


def test_the_matches_tab_opens_the_round_being_played(client, team_open):
    page = text(client.get(url("public_team_rounds", team_open)))
    assert "Round 2: matches" in page


def test_before_any_round_the_matches_tab_says_none_is_published(client):
    tournament = team_event(NAMES)
    page = text(client.get(url("public_team_rounds", tournament)))
    assert "No round is published yet." in page
    assert client.get(url("public_team_round", tournament, 1)).status_code == 404


def test_the_team_standings_rank_by_match_points_then_game_points(client, team_open):
    # Sweden 2 MP 4½ GP, Norway 2 MP 3½ GP (its match of round 2 still on counts for nobody)
    page = text(client.get(url("public_team_standings", team_open)))
    rows = page.split('id="team-standings"')[1]
    assert rows.index("Sweden") < rows.index("Norway") < rows.index("Denmark")
    assert "Team ranking after round 2" in page and "(round 2 being played)" in page


def test_the_team_standings_after_an_earlier_round_and_not_after_a_draft(client, team_open):
    assert "Team ranking after round 1" in text(
        client.get(url("public_team_standings", team_open), {"round": 1})
    )
    assert client.get(url("public_team_standings", team_open), {"round": 3}).status_code == 404


def test_the_team_crosstable_has_a_column_per_round_in_a_team_swiss(client, team_open):
    page = text(client.get(url("public_team_crosstable", team_open)))
    assert "2w 3½" in page  # Norway against team 2 (Sweden), White on board 1
    assert "(1½)" in page  # the match being played, so far


def test_a_team_round_robin_crosstable_is_team_against_team(client):
    tournament = team_event(["Norway", "Sweden", "Denmark"], system=TEAM_ROUND_ROBIN)
    play_round(tournament, 1, [("Norway", "Sweden", ["1-0", "1/2", "1/2", "0-1"])])
    page = text(client.get(url("public_team_crosstable", tournament)))
    assert "berger" in page and "■" in page


def test_board_prizes_list_each_board_with_points_games_percentage_and_performance(
    client, team_open
):
    page = text(client.get(url("public_board_prizes", team_open)))
    assert "Board 1" in page and "Board 4" in page
    assert "TPR" in page and "Norway 1, Player" in page


def test_a_teams_page_lists_its_players_by_board_and_its_matches(client, team_open):
    norway = teams_of(team_open)["Norway"]
    page = text(client.get(url("public_team", team_open, norway.pk)))
    roster = page.split('id="team-roster"')[1].split("</table>")[0]
    assert roster.index("Norway 1, Player") < roster.index("Norway 5, Player")
    assert "1w</span> 1" in roster  # round 1: board 1, White, a win
    matches = page.split('id="team-matches"')[1]
    assert "Sweden" in matches and "3½ - ½" in matches and "Denmark" in matches


def test_a_team_of_another_tournament_has_no_page_here(client, team_open):
    other = team_event(["Iceland", "Faroe"])
    iceland = teams_of(other)["Iceland"]
    assert client.get(url("public_team", team_open, iceland.pk)).status_code == 404


def test_a_players_card_shows_their_team_and_table_and_board_per_round(client, team_open):
    norway = teams_of(team_open)["Norway"]
    second = norway.members.get(team_board=2)
    page = text(client.get(reverse("player_card", args=[team_open.pk, second.pk])))
    assert 'id="player-team"' in page and "Norway" in page
    assert ">1.2<" in page  # round 1 and 2: table 1, board 2
    assert "(Sweden)" in page and "(Denmark)" in page


def test_the_tabs_of_a_team_event_lead_to_its_team_pages(client, team_open):
    page = text(client.get(reverse("tournament", args=[team_open.pk])))
    for name in ("public_team_rounds", "public_team_standings", "public_team_crosstable"):
        assert url(name, team_open) in page
    assert url("public_board_prizes", team_open) in page
    assert url("export_team_standings_pdf", team_open) in page  # under the starting list


def test_the_team_pairings_and_standings_come_as_pdf(client, team_open):
    for address in (
        url("export_team_round_pdf", team_open, 2),
        url("export_team_standings_pdf", team_open) + "?round=1",
    ):
        response = client.get(address)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert b"".join(response).startswith(b"%PDF")


def test_nothing_of_a_draft_round_is_public(client, team_open):
    assert client.get(url("public_team_round", team_open, 3)).status_code == 404
    assert client.get(url("export_team_round_pdf", team_open, 3)).status_code == 404
    standings = text(client.get(url("public_team_standings", team_open)))
    assert ">3<" not in standings.split("After round")[-1].split("</p>")[0]


def test_an_unpublished_team_event_has_no_public_page(client):
    hidden = team_event(NAMES, published=False)
    play_round(hidden, 1, [("Norway", "Sweden", ["1-0"] * 4)])
    for name in ("public_team_rounds", "public_team_standings", "public_board_prizes"):
        assert client.get(url(name, hidden)).status_code == 404


def test_a_tournament_of_players_has_no_team_pages(client):
    swiss = TournamentFactory()
    assert client.get(url("public_team_standings", swiss)).status_code == 404


def many_teams(count):
    names = [f"Team {n:02d}" for n in range(count)]
    tournament = team_event(names)
    pairs = [(names[i], names[i + 1], ["1-0", "1/2", "0-1", "1/2"]) for i in range(0, count, 2)]
    play_round(tournament, 1, pairs, state=Round.State.COMPLETE)
    play_round(tournament, 2, [(b, a, codes) for a, b, codes in pairs])
    return tournament


@pytest.mark.parametrize("count", [4, 16])
def test_every_team_page_costs_the_same_queries_whatever_the_number_of_teams(
    client, count, django_assert_num_queries
):
    tournament = many_teams(count)
    # the empty boards are read too once the team systems' model exists
    read = 9 + (empty_board_model() is not None)  # with the page's head (event, last change)
    team = tournament.teams.first()
    player = team.members.first()
    pages = [
        # tournament + version, then the event read once (settings, rounds, teams, players,
        # matches, games, byes); the standings from it
        (url("public_team_round", tournament, 2), read),
        (url("public_team_standings", tournament), read),
        (url("public_team_crosstable", tournament), read),
        (url("public_board_prizes", tournament), read),
        (url("public_team", tournament, team.pk), read),
    ]
    for address, queries in pages:
        for kept in caches.all():  # nothing kept: the page and the event read again
            kept.clear()
        with django_assert_num_queries(queries):
            assert client.get(address).status_code == 200
    with django_assert_num_queries(0):  # kept: the page and the tournament's row
        client.get(pages[-1][0])
    card = reverse("player_card", args=[tournament.pk, player.pk])
    assert client.get(card).status_code == 200
