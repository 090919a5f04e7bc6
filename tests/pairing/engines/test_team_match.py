"""A team match is scored from its boards (C.04.6 art. 1.2; TRF-2026 362, 330, 352)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines import team_match
from pairing.engines.team_match import MatchScoring, board_colours, score


def test_boards_alternate_colours_from_the_first_board():
    assert board_colours(4) == "WBWB"
    assert board_colours(4, first_white_on_board_one=False) == "BWBW"
    assert board_colours(5) == "WBWBW"


def test_game_points_add_the_boards_and_match_points_compare_them():
    # first team White on boards 1 and 3: wins board 1, draws 2, loses 3, wins 4 as Black
    made = score(["1-0", "1/2", "0-1", "0-1"], boards=4)
    assert (made.first_game_points, made.second_game_points) == (Decimal("2.5"), Decimal("1.5"))
    assert (made.first_match_points, made.second_match_points) == (2, 0)


def test_a_drawn_match_gives_each_team_the_draw():
    made = score(["1-0", "1-0", "0-1", "0-1"], boards=4)
    assert (made.first_match_points, made.second_match_points) == (1, 1)


def test_a_board_forfeit_counts_for_the_team_present():
    made = score(["+-", "1/2", "1/2", "1/2"], boards=4)
    assert made.first_game_points == Decimal("2.5")


def test_a_match_with_a_game_still_on_has_no_score_yet():
    assert score(["1-0", None, "0-1", "0-1"], boards=4) is None


def test_a_whole_match_forfeited_gives_the_winner_every_board():
    made = score([None] * 4, boards=4, forfeit="-+")
    assert made == team_match.MatchScore(Decimal(0), Decimal(4), Decimal(0), Decimal(2))
    both = score([None] * 4, boards=4, forfeit="--")
    assert both.first_match_points == both.second_match_points == 0
    with pytest.raises(ValueError):
        team_match.forfeit_score("+", MatchScoring(), boards=4)


@given(st.lists(st.sampled_from(["1-0", "0-1", "1/2"]), min_size=1, max_size=10))
def test_the_two_teams_share_exactly_one_point_per_board(codes):
    made = score(codes, boards=len(codes))
    assert made.first_game_points + made.second_game_points == len(codes)
    mp = sorted([made.first_match_points, made.second_match_points])
    assert mp in ([0, 2], [1, 1])
