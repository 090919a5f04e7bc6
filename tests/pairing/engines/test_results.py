"""The one result type: every reader of a game's result gets the same facts from it."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines import results
from pairing.engines.results import (
    BLACK_WINS,
    BLACK_WINS_BY_FORFEIT,
    BOTH_LOSE,
    DOUBLE_FORFEIT,
    DRAW_GAME,
    RESULTS,
    WHITE_HALF_BLACK_ZERO,
    WHITE_WINS,
    WHITE_WINS_BY_FORFEIT,
    WHITE_ZERO_BLACK_HALF,
)


def test_chess_scoring_gives_one_half_and_nothing():
    assert WHITE_WINS.points() == (Decimal(1), Decimal(0))
    assert DRAW_GAME.points() == (Decimal("0.5"), Decimal("0.5"))
    assert BLACK_WINS.points() == (Decimal(0), Decimal(1))


def test_a_forfeit_scores_a_win_for_the_player_who_came_and_nothing_for_the_other():
    club = results.Scoring(Fraction(3), Fraction(2), Fraction(1))
    assert WHITE_WINS_BY_FORFEIT.points(club) == (3, 0)
    assert BLACK_WINS_BY_FORFEIT.points(club) == (0, 3)
    assert DOUBLE_FORFEIT.points(club) == (0, 0)
    assert WHITE_WINS.points(club) == (3, 1)  # turning up is worth something


def test_only_games_over_the_board_are_played_c_04_1_art_4():
    assert [r.code for r in RESULTS if r.played] == ["1-0", "0-1", "1/2", "=-0", "0-=", "0-0"]
    assert DOUBLE_FORFEIT.is_double_forfeit and not WHITE_WINS_BY_FORFEIT.is_double_forfeit


def test_unusual_results_score_as_the_arbiter_scored_them_q180_186():
    club = results.Scoring(Fraction(3), Fraction(2), Fraction(1))
    assert WHITE_HALF_BLACK_ZERO.points() == (Decimal("0.5"), Decimal(0))
    assert WHITE_ZERO_BLACK_HALF.points() == (Decimal(0), Decimal("0.5"))
    assert BOTH_LOSE.points() == (Decimal(0), Decimal(0))
    assert WHITE_HALF_BLACK_ZERO.points(club) == (2, 1)
    assert all(r.played and not r.is_double_forfeit for r in results.UNUSUAL)
    assert (WHITE_ZERO_BLACK_HALF.symbol("w"), WHITE_ZERO_BLACK_HALF.symbol("b")) == ("0", "½")


def test_each_colour_sees_its_own_symbol():
    assert (WHITE_WINS.symbol("white"), WHITE_WINS.symbol("b")) == ("1", "0")
    assert (DRAW_GAME.symbol("w"), DRAW_GAME.symbol("black")) == ("½", "½")
    assert (BLACK_WINS_BY_FORFEIT.symbol("w"), BLACK_WINS_BY_FORFEIT.symbol("b")) == ("-", "+")
    assert DOUBLE_FORFEIT.symbol("w") == DOUBLE_FORFEIT.symbol("b") == "-"


def test_the_winner_is_named_and_a_draw_or_double_forfeit_has_none():
    assert [r.winner for r in RESULTS] == ["white", "black", None, "white", "black", None] + [
        None
    ] * 3


def test_trf_codes_are_those_of_the_001_record():
    assert [r.trf for r in RESULTS] == [
        ("1", "0"),
        ("0", "1"),
        ("=", "="),
        ("+", "-"),
        ("-", "+"),
        ("-", "-"),
        ("=", "0"),
        ("0", "="),
        ("0", "0"),
    ]


@pytest.mark.parametrize("result", RESULTS)
def test_trf_codes_read_back_as_the_same_result(result):
    assert results.from_trf(*result.trf) is result


def test_two_winners_are_no_game():
    assert results.from_trf("1", "1") is None


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1", "1-0"),
        ("0", "0-1"),
        ("=", "1/2"),
        ("½", "1/2"),
        ("5", "1/2"),
        ("+", "+-"),
        ("-", "-+"),
        ("--", "--"),
        (" 1-0 ", "1-0"),
        ("1/2", "1/2"),
    ],
)
def test_the_keyboard_shorthand(typed, code):
    assert results.from_keys(typed).code == code


@given(st.text(max_size=4))
def test_anything_else_typed_is_no_result(typed):
    known = {key for r in RESULTS for key in (r.code, *r.keys)}
    assert (results.from_keys(typed) is None) == (typed.strip() not in known)


def test_the_game_on_has_no_result():
    assert results.from_code("") is None
