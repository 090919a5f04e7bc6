"""FIDE rating change and initial rating (B.02 8.1, 8.3, 7.1) on the spec's examples
(fide-mode-and-ratings.md §6), and the tables against FIDE's own gacrux."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.rating import (
    Game,
    KReason,
    RatedPlayer,
    expected_score,
    initial_rating,
    k_factor,
    rating_change,
    rating_difference,
    score_probability,
)

WIN, DRAW, LOSS = Decimal(1), Decimal("0.5"), Decimal(0)
RATED_20 = RatedPlayer(1850, games_completed=100)


@pytest.mark.parametrize(
    ("difference", "pd"),
    [(0, "0.50"), (3, "0.50"), (4, "0.51"), (100, "0.64"), (150, "0.70"), (200, "0.76"),
     (300, "0.85"), (400, "0.92"), (735, "0.99"), (736, "1.00"), (2000, "1.00"), (-70, "0.40"),
     (-736, "0.00")],
)  # fmt: skip
def test_score_probability_sample_points(difference, pd):
    assert score_probability(difference) == Decimal(pd)


def test_example_1_rated_player_gains_8():
    games = (
        Game(1920, WIN),
        Game(1700, DRAW),
        Game(2310, LOSS),
        Game(1400, WIN),
        Game(1850, DRAW),
    )
    result = rating_change(RATED_20, games)
    assert (result.k, result.reason, result.capped) == (20, KReason.UNDER_2400, False)
    assert result.delta == Decimal("0.40")
    assert RATED_20.rating + result.change == 1858


def test_the_400_point_rule_stops_at_2650():
    assert expected_score(2700, 2200) == Decimal("0.96")
    assert expected_score(2640, 2140) == Decimal("0.92")
    assert expected_score(2140, 2640) == Decimal("0.08")


def test_unrated_opponents_forfeits_and_byes_do_not_count():
    games = (Game(1850, WIN), Game(None, WIN), Game(1700, WIN, played=False))
    assert rating_change(RATED_20, games).games == (Game(1850, WIN),)


@pytest.mark.parametrize(
    ("player", "games", "k", "reason"),
    [
        (RatedPlayer(1600, 29), 5, 40, KReason.NEW),
        (RatedPlayer(2250, 80, junior=True), 5, 40, KReason.JUNIOR),
        (RatedPlayer(2350, 80, junior=True), 5, 20, KReason.UNDER_2400),
        (RatedPlayer(2390, 80, reached_2400=True), 5, 10, KReason.REACHED_2400),
        (RatedPlayer(2400, 80), 5, 10, KReason.REACHED_2400),
    ],
)
def test_k_factor_and_its_reason(player, games, k, reason):
    assert k_factor(player, games) == (k, reason, False)


def test_the_lists_k_stands_for_the_rules_and_is_capped_too():
    # A 2390 player whose list gives K 10 (the rating reached 2400 once, which the app cannot see)
    assert k_factor(RatedPlayer(2390, 0, junior=True, k=10), 5) == (10, KReason.GIVEN, False)
    assert k_factor(RatedPlayer(1600, 100, k=40), 20) == (35, KReason.GIVEN, True)  # 40 x 20


def test_k_times_games_is_capped_at_700():
    assert k_factor(RatedPlayer(1600, 0), 18) == (38, KReason.NEW, True)  # 40 x 18 = 720
    assert k_factor(RatedPlayer(1600, 0), 17) == (40, KReason.NEW, False)  # 680


def test_the_sum_is_rounded_not_each_game():
    # Two draws against a player 10 points stronger: ΔR +0.01 each; K 40 -> 0.4 + 0.4.
    # Rounding each game gives 0 + 0; rounding the sum 0.8 gives 1.
    games = (Game(1610, DRAW), Game(1610, DRAW))
    assert rating_change(RatedPlayer(1600, 0), games).change == 1


def test_half_rounds_away_from_zero():
    # K 10, D 35 (PD .55 / .45): a win by the higher rated +4.5 -> +5, the loss -4.5 -> -5
    # (banker's rounding would give 4 and -4).
    assert rating_change(RatedPlayer(2435, 90), (Game(2400, WIN),)).change == 5
    assert rating_change(RatedPlayer(2400, 90), (Game(2435, LOSS),)).change == -5


@given(
    st.integers(1000, 2900),
    st.integers(1000, 2900),
    st.sampled_from([WIN, DRAW, LOSS]),
)
def test_one_game_is_zero_sum_for_the_same_k(a, b, score):
    # Zero-sum holds while both are treated alike by the 400-point rule (both under 2650 or the
    # difference within 400).
    if (a < 2650) != (b < 2650) and abs(a - b) > 400:
        return
    first = rating_change(RatedPlayer(a, 100), (Game(b, score),))
    second = rating_change(RatedPlayer(b, 100), (Game(a, 1 - score),))
    assert first.delta + second.delta == 0


def test_example_2_initial_rating_1770():
    games = (
        Game(1650, WIN),
        Game(1720, DRAW),
        Game(1580, WIN),
        Game(1800, LOSS),
        Game(1690, DRAW),
    )
    result = initial_rating(games)
    assert result is not None
    assert (result.average, result.rating, result.published) == (Decimal(1720), 1770, True)


def test_initial_rating_needs_five_rated_games_and_a_score():
    four = tuple(Game(1700, WIN) for _ in range(4))
    zero = tuple(Game(1700, LOSS) for _ in range(5))
    assert not initial_rating(four).published
    assert not initial_rating(zero).published
    assert initial_rating((Game(None, WIN),)) is None


def test_initial_rating_cap_and_floor():
    strong = initial_rating(tuple(Game(2400, WIN) for _ in range(9)))
    weak = initial_rating(tuple(Game(1000, DRAW) for _ in range(9)))
    assert (strong.rating, strong.published) == (2200, True)
    assert weak.rating < 1400 and not weak.published


def test_tables_agree_with_gacrux():
    fidetables = pytest.importorskip("gacrux.fidetables")
    assert [score_probability(d) * 100 for d in range(801)] == fidetables.DiffToPd[:801]
    assert [rating_difference(Decimal(p) / 100) for p in range(101)] == fidetables.ScoreToDp


@given(st.lists(st.integers(1000, 2800), min_size=1, max_size=11), st.data())
def test_initial_rating_agrees_with_gacrux_performance(opponents, data):
    rating = pytest.importorskip("gacrux.rating")
    games = tuple(Game(r, data.draw(st.sampled_from([WIN, DRAW, LOSS]))) for r in opponents)
    score = sum(g.score for g in games) + 1
    theirs = rating.ComputeTournamentPerformanceRating(score, [*opponents, 1800, 1800])
    assert initial_rating(games).rating == min(2200, theirs)
