"""FIDE rating change and initial rating (FIDE Rating Regulations B.02, in force 1 March 2024;
8.3.1 amended 1 October 2025 by the FIDE Council: the 400-point rule only below 2650).

The two conversion tables are data here, written from the text of B.02 8.1.1 (p -> dp) and
8.1.2 (D -> PD) (FIDE Handbook, chapter B.02; the same tables have stood in the rating
regulations since the 2000s, read here in public transcriptions of them). A test checks every
entry against FIDE's own gacrux ``fidetables``.
"""

from bisect import bisect_left
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

# 8.1.2: upper end of each band of rating difference D -> PD of the higher rated player, in
# hundredths; the lower rated player's PD is 1 - PD. Above 735 the higher rated player's PD is 1.00.
PD_BANDS: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip

# 8.1.1: percentage score p (in hundredths, 50..100) -> rating difference dp; below 50 %, dp is
# the negative of the mirror entry. 1.00 -> 800 as the regulations' table gives it.
DP_FROM_HALF: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
    336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

DIFFERENCE_CAP = 400  # 8.3.1
CAP_LIMIT = 2650  # 8.3.1 as amended 1 October 2025: the cap applies only below this rating
K_TIMES_GAMES_MAX = 700  # 8.3.3
FICTITIOUS_OPPONENT = 1800  # initial rating: two fictitious opponents, both games drawn
INITIAL_MAXIMUM = 2200
RATING_FLOOR = 1400  # lowest published rating since March 2024
INITIAL_MIN_GAMES = 5

HALF = Decimal("0.5")
HUNDRED = Decimal(100)


def round_half_away(value: Decimal) -> int:
    """Round to a whole number, .5 away from zero (8.3.4)."""
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def score_probability(difference: int) -> Decimal:
    """PD from table 8.1.2 for a player whose rating minus the opponent's is ``difference``."""
    band = bisect_left([upper for upper, _ in PD_BANDS], abs(difference))
    higher = PD_BANDS[band][1] if band < len(PD_BANDS) else 100
    return Decimal(higher if difference >= 0 else 100 - higher) / HUNDRED


def expected_score(player: int, opponent: int) -> Decimal:
    """PD of ``player`` against ``opponent`` (8.3.1, 8.3.2a): a difference over 400 counts as 400
    for a player rated below 2650; from 2650 the real difference is used."""
    difference = player - opponent
    if player < CAP_LIMIT:
        difference = max(-DIFFERENCE_CAP, min(DIFFERENCE_CAP, difference))
    return score_probability(difference)


def rating_difference(percentage: Decimal) -> int:
    """dp from table 8.1.1 for a fractional score ``percentage`` (0..1), rounded to whole %."""
    hundredths = round_half_away(percentage * HUNDRED) - 50
    dp = DP_FROM_HALF[abs(hundredths)]
    return dp if hundredths >= 0 else -dp


@dataclass(frozen=True)
class Game:
    """One game of the period: the opponent's rating (None if unrated), the player's score
    (1, ½ or 0) and whether it was played over the board (not a forfeit, bye or game under
    one move: those are never rated)."""

    opponent: int | None
    score: Decimal
    played: bool = True


@dataclass(frozen=True)
class RatedPlayer:
    """What 8.3.3 needs of a rated player: rating, games completed before the period, whether the
    period falls before the end of the year of the 18th birthday, whether the published rating
    has ever reached 2400; or ``k``, the K-factor as the rating list gives it (FIDE publishes
    each player's K with the list, from the player's whole record), which then stands for
    those."""

    rating: int
    games_completed: int
    junior: bool = False
    reached_2400: bool = False
    k: int | None = None


class KReason(Enum):
    """Why a K-factor applies (8.3.3)."""

    NEW = "fewer than 30 games completed"
    JUNIOR = "until the end of the year of the 18th birthday, rated under 2300"
    UNDER_2400 = "rated under 2400"
    REACHED_2400 = "published rating has reached 2400"
    GIVEN = "as the rating list gives it"


@dataclass(frozen=True)
class RatingChange:
    """The period's result for a rated player: K and why, ``capped`` when K x n > 700 lowered it,
    ΣPD, ΣΔR, the rounded change (8.3.2d, 8.3.4) and the games counted."""

    k: int
    reason: KReason
    capped: bool
    expected: Decimal
    delta: Decimal
    change: int
    games: tuple[Game, ...]


@dataclass(frozen=True)
class InitialRating:
    """An unrated player's first rating: Ra and p with the two fictitious 1800 draws, the rating
    Ra + dp (rounded, at most 2200), and whether it is published (≥ 5 rated opponents, a
    non-zero score against them, at least 1400)."""

    average: Decimal
    percentage: Decimal
    rating: int
    published: bool
    games: tuple[Game, ...]


def counted_games(games: tuple[Game, ...]) -> tuple[Game, ...]:
    """The games that count: played ones against rated opponents (8.3.1: "against a rated
    player"; forfeits, byes and games under one move are not rated)."""
    return tuple(game for game in games if game.played and game.opponent is not None)


def k_factor(player: RatedPlayer, games: int) -> tuple[int, KReason, bool]:
    """K for a period of ``games`` rated games (8.3.3): 40 until 30 games are completed, 40 to the
    end of the year of the 18th birthday while under 2300, 10 once the published rating has
    reached 2400, else 20 (the list's K when it gives one); lowered to the largest whole number
    with K x n ≤ 700, whichever way K was found."""
    if player.k is not None:
        k, reason = player.k, KReason.GIVEN
    elif player.games_completed < 30:
        k, reason = 40, KReason.NEW
    elif player.junior and player.rating < 2300:
        k, reason = 40, KReason.JUNIOR
    elif player.reached_2400 or player.rating >= 2400:
        k, reason = 10, KReason.REACHED_2400
    else:
        k, reason = 20, KReason.UNDER_2400
    if games and k * games > K_TIMES_GAMES_MAX:
        return K_TIMES_GAMES_MAX // games, reason, True
    return k, reason, False


def rating_change(player: RatedPlayer, games: tuple[Game, ...]) -> RatingChange:
    """The rating change for a period (8.3.2): K x Σ(score - PD), the sum rounded once (8.3.4)."""
    counted = counted_games(games)
    k, reason, capped = k_factor(player, len(counted))
    expected = sum(
        (expected_score(player.rating, g.opponent) for g in counted if g.opponent is not None),
        Decimal(0),
    )
    delta = sum((g.score for g in counted), Decimal(0)) - expected
    return RatingChange(k, reason, capped, expected, delta, round_half_away(k * delta), counted)


def initial_rating(games: tuple[Game, ...]) -> InitialRating | None:
    """An unrated player's initial rating (B.02 7.1, summary in the spec §6): None without a game
    against a rated opponent. Ra = mean of the rated opponents' ratings and two fictitious 1800
    opponents; p = the score plus the two fictitious draws over those games; Ru = Ra + dp(p),
    rounded, capped at 2200; published with ≥ 5 rated opponents, a score above zero against
    them and Ru ≥ 1400."""
    counted = counted_games(games)
    if not counted:
        return None
    ratings = [g.opponent for g in counted if g.opponent is not None]
    ratings += [FICTITIOUS_OPPONENT, FICTITIOUS_OPPONENT]
    score = sum((g.score for g in counted), Decimal(0))
    average = Decimal(sum(ratings)) / len(ratings)
    percentage = (score + 2 * HALF) / len(ratings)
    rating = min(INITIAL_MAXIMUM, round_half_away(average + rating_difference(percentage)))
    published = len(counted) >= INITIAL_MIN_GAMES and score > 0 and rating >= RATING_FLOOR
    return InitialRating(average, percentage, rating, published, counted)
