"""Team standings from the boards: match and game points, the rank, the crosstable, the board
prizes (docs/teams.md, "Team standings and board prizes").

The Team Open is a team Swiss of four teams on four boards with one reserve each. Round 1:
Norway beat Sweden 3½-½, Denmark and Finland drew 2-2. Round 2: Norway and Denmark drew 2-2,
Sweden beat Finland 4-0.
"""

from decimal import Decimal

import pytest

from arbiter.core.models import Round
from arbiter.teams import standings as teams
from arbiter.teams.models import TeamBye
from arbiter.teams.trf_export import empty_board_model
from tests.arbiter.teams.team_open import TEAM_ROUND_ROBIN, play_round, team_event, teams_of

pytestmark = pytest.mark.django_db

NAMES = ["Norway", "Sweden", "Denmark", "Finland"]
HALF = Decimal("0.5")


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
            ("Norway", "Denmark", ["1/2", "1/2", "1/2", "1/2"]),
            ("Finland", "Sweden", ["0-1", "1-0", "0-1", "1-0"]),
        ],
    )
    return tournament


def ranking(tournament, asked=None):
    table = teams.team_standings(teams.read_event(tournament), asked)
    return [(r.rank, r.team.name, r.match_points, r.game_points) for r in table.rows]


def test_a_match_is_scored_from_its_boards_with_the_colours_alternating(team_open):
    event = teams.read_event(team_open)
    first = event.matches[0]
    assert (first.match.home.name, first.match.away.name) == ("Norway", "Sweden")
    assert first.score.first_game_points == Decimal("3.5")
    assert first.score.second_game_points == HALF
    assert (first.score.first_match_points, first.score.second_match_points) == (2, 0)
    assert [board.home_result for board in first.boards] == ["1 - 0", "1 - 0", "1 - 0", "½ - ½"]


def test_teams_rank_by_match_points_then_game_points(team_open):
    assert ranking(team_open) == [
        (1, "Norway", 3, Decimal("5.5")),
        (2, "Sweden", 2, Decimal("4.5")),
        (3, "Denmark", 2, 4),
        (4, "Finland", 1, 2),
    ]


def test_an_event_scored_by_game_points_ranks_by_them_first(team_open):
    team_open.team_settings.primary_score = "gp"
    team_open.team_settings.save()
    assert [name for _, name, *_ in ranking(team_open)] == [
        "Norway",
        "Sweden",
        "Denmark",
        "Finland",
    ]
    assert teams.team_standings(teams.read_event(team_open)).primary == "gp"


def test_the_standings_after_an_earlier_round(team_open):
    assert ranking(team_open, 1)[:2] == [
        (1, "Norway", 2, Decimal("3.5")),
        (2, "Denmark", 1, 2),
    ]


def test_teams_equal_on_both_scores_share_their_rank():
    tournament = team_event(NAMES)
    play_round(
        tournament,
        1,
        [("Norway", "Sweden", ["1/2"] * 4), ("Denmark", "Finland", ["1/2"] * 4)],
    )
    assert {rank for rank, *_ in ranking(tournament)} == {1}
    assert all(row.shared for row in teams.team_standings(teams.read_event(tournament)).rows)


def test_a_match_with_a_board_still_on_counts_for_nobody_but_shows_its_score_so_far():
    tournament = team_event(NAMES)
    play_round(
        tournament,
        1,
        [("Norway", "Sweden", ["1-0", "0-1", "", ""]), ("Denmark", "Finland", ["1/2"] * 4)],
    )
    event = teams.read_event(tournament)
    on = event.matches[0]
    assert not on.decided
    assert (on.home_so_far, on.away_so_far, on.finished_boards) == (2, 0, 2)
    by_team = {r.team.name: r for r in teams.team_standings(event).rows}
    assert by_team["Norway"].match_points == 0 and by_team["Denmark"].match_points == 1


def test_a_whole_match_forfeited_gives_the_winner_every_board():
    tournament = team_event(NAMES)
    play_round(
        tournament,
        1,
        [("Norway", "Sweden", ["", "", "", ""]), ("Denmark", "Finland", ["1/2"] * 4)],
        forfeits={1: "-+"},
    )
    by_team = {name: (mp, gp) for _, name, mp, gp in ranking(tournament)}
    assert by_team["Sweden"] == (2, 4)
    assert by_team["Norway"] == (0, 0)


def test_the_pairing_allocated_bye_gives_what_the_event_says():
    tournament = team_event(["Norway", "Sweden", "Denmark"])
    play_round(
        tournament,
        1,
        [("Norway", "Sweden", ["1/2"] * 4)],
        byes=[("Denmark", TeamBye.Kind.PAIRING_ALLOCATED)],
    )
    by_team = {name: (mp, gp) for _, name, mp, gp in ranking(tournament)}
    assert by_team["Denmark"] == (2, 2)  # 2 MP, half the boards when no game points are set


def test_a_draft_round_counts_for_nobody(team_open):
    play_round(team_open, 3, [("Norway", "Finland", ["1-0"] * 4)], state=Round.State.DRAFT)
    assert ranking(team_open)[0] == (1, "Norway", 3, Decimal("5.5"))
    assert [m.round for m in teams.read_event(team_open).matches] == [1, 1, 2, 2]


def test_reading_the_event_costs_the_same_queries_for_4_and_12_teams(
    django_assert_num_queries,
):
    small = team_event(NAMES)
    play_round(small, 1, [("Norway", "Sweden", ["1-0"] * 4), ("Denmark", "Finland", ["0-1"] * 4)])
    names = [f"Team {n}" for n in range(12)]
    large = team_event(names)
    play_round(large, 1, [(names[i], names[i + 1], ["1/2"] * 4) for i in range(0, 12, 2)])
    # the empty boards are a query more once the team systems' model exists
    read = 7 + (empty_board_model() is not None)
    for tournament in (small, large):
        with django_assert_num_queries(read):
            event = teams.read_event(tournament)
            teams.team_standings(event)
            teams.board_prizes(event)
            teams.team_crosstable(event, teams.team_standings(event))


def test_the_crosstable_of_a_team_swiss_has_a_column_per_round(team_open):
    event = teams.read_event(team_open)
    table = teams.team_crosstable(event, teams.team_standings(event))
    assert not table.berger and table.columns == [1, 2]
    norway = table.rows[0]
    assert norway.team.name == "Norway"
    assert norway.cells == ["2w 3½", "3w 2"]


def test_the_crosstable_of_a_team_round_robin_is_team_against_team():
    tournament = team_event(["Norway", "Sweden", "Denmark"], system=TEAM_ROUND_ROBIN)
    play_round(tournament, 1, [("Norway", "Sweden", ["1-0", "1/2", "1/2", "0-1"])])
    event = teams.read_event(tournament)
    table = teams.team_crosstable(event, teams.team_standings(event))
    assert table.berger and table.columns == [1, 2, 3]
    assert [row.cells for row in table.rows] == [["■", "3", ""], ["1", "■", ""], ["", "", "■"]]


def test_board_prizes_list_players_by_their_board_in_the_order_with_reserves_apart():
    tournament = team_event(["Norway", "Sweden"])
    play_round(tournament, 1, [("Norway", "Sweden", ["1-0", "0-1", "1/2", "1/2"])])
    # Norway's reserve (slot 5) plays board 4 in round 2, with White, and wins; board 3 is won
    # by forfeit, which is no game
    play_round(
        tournament,
        2,
        [("Sweden", "Norway", ["1/2", "1/2", "+-", "1-0"])],
        lineups={"Norway": [1, 2, 3, 5]},
    )
    prizes = {p.slot: p for p in teams.board_prizes(teams.read_event(tournament))}
    assert list(prizes) == [1, 2, 3, 4, teams.RESERVE]
    reserve = prizes[teams.RESERVE].lines
    assert [(ln.entry.name, ln.points, ln.games) for ln in reserve] == [("Norway 5, Player", 1, 1)]
    assert sorted((ln.entry.name, ln.games) for ln in prizes[3].lines) == [
        ("Norway 3, Player", 1),
        ("Sweden 3, Player", 1),
    ]
    board_one = prizes[1].lines
    assert [(ln.entry.name, ln.points, ln.games) for ln in board_one] == [
        ("Norway 1, Player", Decimal("1.5"), 2),
        ("Sweden 1, Player", HALF, 2),
    ]
    best = board_one[0]
    assert best.percentage == Decimal("75.0")
    assert best.performance == best.average_rating + 193  # dp(0.75), FIDE table 8.1.1


def test_each_player_has_a_seat_per_round_with_table_board_and_opposing_team(team_open):
    event = teams.read_event(team_open)
    norway = teams_of(team_open)["Norway"]
    first_board = norway.members.get(team_board=1)
    seat = teams.seats(event)[first_board.pk][2]
    assert (seat.table, seat.number, seat.white, seat.opponent_team.name) == (1, 1, True, "Denmark")
    lines = teams.team_rounds(event, norway)
    assert [(ln.opponent.name, ln.own, ln.match_points) for ln in lines] == [
        ("Sweden", Decimal("3.5"), 2),
        ("Denmark", 2, 1),
    ]


@pytest.fixture
def tied_leaders():
    """Norway and Denmark both won 3-1 and drew 2-2 with each other: 3 MP and 5 GP each, but
    Norway's points came on the top boards (board count 11 against Denmark's 14)."""
    tournament = team_event(NAMES)
    play_round(
        tournament,
        1,
        [
            ("Norway", "Sweden", ["1-0", "0-1", "1-0", "1-0"]),
            ("Denmark", "Finland", ["0-1", "0-1", "1-0", "0-1"]),
        ],
    )
    play_round(
        tournament,
        2,
        [("Norway", "Denmark", ["1/2"] * 4), ("Sweden", "Finland", ["1/2"] * 4)],
    )
    return tournament


def test_the_event_s_tie_breaks_split_teams_equal_on_both_scores(tied_leaders):
    tied_leaders.tiebreaks = "BC"
    table = teams.team_standings(teams.read_event(tied_leaders))
    assert table.legend == (("BC", str(teams.TIEBREAK_NAMES["BC"])),)
    assert [(r.rank, r.team.name, r.tiebreaks) for r in table.rows[:2]] == [
        (1, "Norway", (Decimal(11),)),
        (2, "Denmark", (Decimal(14),)),
    ]


def test_without_tie_breaks_of_its_own_a_team_event_takes_ours_for_its_system():
    assert teams.tiebreak_codes(team_event(NAMES)) == ("MPvGP", "ESB", "BH", "EDE")
    round_robin = team_event(NAMES, system=TEAM_ROUND_ROBIN)
    assert teams.tiebreak_codes(round_robin) == ("MPvGP", "EDE", "ESB")


def test_codes_the_team_engine_does_not_know_are_left_out(tied_leaders):
    tied_leaders.tiebreaks = "KS BC WIN"
    table = teams.team_standings(teams.read_event(tied_leaders))
    assert [heading for heading, _ in table.legend] == ["BC"]


def test_the_other_score_is_no_tie_break_column_where_it_ranks_second_anyway(tied_leaders):
    tied_leaders.tiebreaks = "MPvGP BC"
    table = teams.team_standings(teams.read_event(tied_leaders))
    assert [heading for heading, _ in table.legend] == ["BC"]
    tied_leaders.team_settings.secondary_used = False
    tied_leaders.team_settings.save()
    table = teams.team_standings(teams.read_event(tied_leaders))
    assert [heading for heading, _ in table.legend] == ["MPvGP", "BC"]


@pytest.mark.skipif(
    empty_board_model() is None, reason="the team systems' EmptyBoard is not merged"
)
def test_an_empty_board_is_a_forfeit_win_for_the_player_facing_it():
    tournament = team_event(["Norway", "Sweden"])
    round_ = play_round(tournament, 1, [("Norway", "Sweden", ["1-0", "1/2", "0-1", "1-0"])])
    # Sweden had nobody on board 4: Norway's player (Black there) wins it by forfeit
    game = round_.games.get(board=4)
    empty = empty_board_model().objects.create(match=game.team_match, board=4, black=game.black)
    game.delete()
    event = teams.read_event(tournament)
    match = event.matches[0]
    board = match.boards[3]
    assert (board.number, board.home_player, board.away_player) == (4, empty.black, None)
    assert board.home_result == "+ - -" and not board.played
    assert (match.score.first_game_points, match.score.second_game_points) == (
        Decimal("2.5"),
        Decimal("1.5"),
    )


def test_a_team_event_takes_the_team_tie_breaks_and_refuses_others(anna):
    from arbiter.core.standings import check_tiebreaks, tiebreak_codes
    from arbiter.core.systems import SYSTEMS

    system = SYSTEMS["team_swiss"]
    assert check_tiebreaks(["ede", "BH:GP/C1", "BC"], "2026", system) == ("EDE", "BH:GP/C1", "BC")
    with pytest.raises(ValueError, match="WIN is not a tie-break of team events"):
        check_tiebreaks(["EDE", "WIN"], "2026", system)
    event = team_event(["Norway", "Sweden"])
    event.tiebreaks = "EDE ESB"
    # the players of a team event stay ranked by the system's individual default
    assert tiebreak_codes(event) == system.default_tiebreaks
