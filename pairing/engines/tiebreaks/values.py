"""Every tie-break except direct encounter: one value per player, higher ranks first."""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .club import COMPUTE as CLUB_COMPUTE
from .field import Element, Field
from .model import DRAW, VUR, WIN, WITH_OPPONENT, ZERO

Value = Decimal | int | None

#: FIDE rating regulations, table 8.1(a): rating difference dp by fractional score p,
#: for p = 0.50 ... 1.00 in steps of 0.01; below 0.50 dp(p) = -dp(1 - p).
DP_TABLE = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
    336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip


def round_half_up(value: Fraction | Decimal) -> int:
    """The nearest integer, halves rounded up."""
    return math.floor(Fraction(value) + Fraction(1, 2))


def dp(p: Fraction) -> int:
    """dp for the fraction of points scored, p rounded half up to two decimals."""
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return DP_TABLE[hundredths - 50]
    return -DP_TABLE[50 - hundredths]


def cut_sum(elements: tuple[Element, ...], low: int, high: int, vur_exception: bool) -> Decimal:
    """The sum of the contributions left after cutting (C.07 Art. 14, 16.5).

    Cutting the least significant value removes the element of the lowest-scoring opponent, the
    lowest contribution among equal scores (Art. 14). With ``vur_exception`` (Swiss, Art. 16.5)
    the lowest contribution among the VURs is cut instead when it is not lower than that of the
    least significant value; otherwise the least significant value is cut. Median cuts then remove
    the highest-scoring opponent. Cutting more elements than there are cuts everything.
    """
    left = list(elements)
    for _ in range(low):
        if not left:
            break
        chosen = min(left, key=lambda e: (e.score, e.contribution, e.round))
        vurs = [e for e in left if e.vur]
        if vur_exception and vurs:
            lowest_vur = min(vurs, key=lambda e: (e.contribution, e.score, e.round))
            if lowest_vur.contribution >= chosen.contribution:
                chosen = lowest_vur
        left.remove(chosen)
    for _ in range(high):
        if not left:
            break
        left.remove(max(left, key=lambda e: (e.score, e.contribution, -e.round)))
    return sum((e.contribution for e in left), ZERO)


def buchholz(field: Field, player_id: int, low: int = 0, high: int = 0) -> Decimal:
    """BH, BH-C1/C2, BH-M1/M2 (C.07 Art. 8.1, 14, 16): the opponents' scores."""
    elements = tuple(
        Element(e.round, e.score, e.score, e.vur) for e in field.opponent_elements(player_id)
    )
    return cut_sum(elements, low, high, field.swiss)


def sonneborn_berger(field: Field, player_id: int, low: int = 0) -> Decimal:
    """SB, SB-C1/C2 (C.07 Art. 9.1, 14, 16): the opponents' scores times the player's result."""
    return cut_sum(field.opponent_elements(player_id), low, 0, field.swiss)


def average_of_opponents_buchholz(field: Field, player_id: int) -> Decimal | None:
    """AOB (C.07 Art. 8.2): the mean Buchholz of the opponents met over the board; None without
    such an opponent.

    - ``2023``: rounded half up to two decimals, as TEC's exercises for the 2023 text do
      (exercise 9: "two decimal places") and FIDE's checker (Gacrux) does.
    - ``2026``: Art. 8.2 of the 2026 text says "average" and rounds nothing (it is 10.1, 10.4
      and 10.5 that round ARO, APRO and APPO), so the mean ranks as it is. It is given to the
      :func:`aob_decimals` that keep any two different means apart, so the rounded value ranks
      exactly as the mean (two decimals would tie 401/9 and 356.5/8 at 44.56).
    """
    games = field.games_over_the_board(player_id)
    if not games:
        return None
    # A game over the board always has its opponent (the filter only tells the type checker).
    total = sum((buchholz(field, r.opponent) for r in games if r.opponent is not None), ZERO)
    decimals = 2 if field.rules == "2023" else aob_decimals(field.rounds_counted)
    return (total / len(games)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)


def aob_decimals(rounds: int) -> int:
    """The decimals that keep apart any two different means of half points over at most
    ``rounds`` games: such means differ by at least 1 / (2·R·(R-1)), so a last decimal smaller
    than that never rounds two of them together. 2 up to 7 rounds, 3 up to 22, 4 up to 71."""
    decimals = 2
    while 10**decimals <= 2 * rounds * max(rounds - 1, 1):
        decimals += 1
    return decimals


def koya(field: Field, player_id: int, half_points: int = 0) -> Decimal:
    """KS (C.07 Art. 9.2): points scored against participants with at least half the maximum
    score; forfeits count as games against the scheduled opponent (Art. 15).

    KS-L1, KS-L2 (MTB26 ``KS/L1``, ``KS/L2``) raise that limit by one or two half points, so
    fewer opponents count; KS-L-1, KS-L-2 lower it by as much, so more count
    (``half_points`` is +1, +2, -1 or -2; docs/tiebreaks.md, decision 12).
    """
    limit = field.koya_limit + DRAW * half_points
    return sum(
        (
            r.points
            for r in field.rounds[player_id]
            if r.opponent is not None and field.score[r.opponent] >= limit
        ),
        ZERO,
    )


def rated_games(field: Field, player_id: int) -> list[tuple[int, Decimal]]:
    """(opponent's rating, points) of the games over the board against a rated opponent (an
    unrated one counts with ``unrated_rating`` when the caller gives it)."""
    games = []
    for r in field.games_over_the_board(player_id):
        assert r.opponent is not None  # a game over the board has its opponent
        rating = field.rating(r.opponent)
        if rating is not None:
            games.append((rating, r.points))
    return games


def average_rating(field: Field, player_id: int, low: int = 0) -> int | None:
    """ARO, ARO-C1 (C.07 Art. 10.1, 14): the mean rating of the opponents met over the board,
    rounded half up, after cutting the lowest ``low``; None when nothing is left."""
    ratings = sorted(rating for rating, _ in rated_games(field, player_id))[low:]
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def performance(field: Field, player_id: int) -> int | None:
    """TPR (C.07 Art. 10.2): ARO + dp(p) over the same games, p the fraction of points scored,
    rounded half up to an integer; None without a rated game over the board."""
    games = rated_games(field, player_id)
    if not games:
        return None
    mean = Fraction(sum(rating for rating, _ in games), len(games))
    p = Fraction(sum((points for _, points in games), ZERO)) / len(games)
    return round_half_up(mean + dp(p))


def progressive(field: Field, player_id: int, low: int = 0) -> Decimal:
    """PS, PS-C1/C2 (C.07 Art. 7.5, 14): the sum of the running scores, the first ``low``
    rounds' running scores cut."""
    running, total = ZERO, ZERO
    for r in field.rounds[player_id]:
        running += r.points
        if r.round > low:
            total += running
    return total


def wins(field: Field, player_id: int) -> int:
    """WIN (C.07 Art. 7.1): rounds that gave a win's points, with or without playing."""
    return sum(r.points == WIN for r in field.rounds[player_id])


def games_won(field: Field, player_id: int) -> int:
    """WON (C.07 Art. 7.2): games won over the board (and forfeit wins in a round robin)."""
    return sum(r.points == WIN for r in field.games_for_own_counts(player_id))


def black_games(field: Field, player_id: int) -> int:
    """BPG (C.07 Art. 7.3): games played with Black."""
    return sum(r.colour == "b" for r in field.games_for_own_counts(player_id))


def black_wins(field: Field, player_id: int) -> int:
    """BWG (C.07 Art. 7.4): games won with Black."""
    return sum(r.colour == "b" and r.points == WIN for r in field.games_for_own_counts(player_id))


def rounds_elected(field: Field, player_id: int) -> int:
    """REP (C.07 2026 Art. 7.6, the 2023 text's GE): the number of rounds less the half-point
    byes, zero-point byes (every round after a withdrawal is one, Art. 16.1) and forfeit losses
    (a double forfeit is one for each side): the rounds that are no VUR (Art. 16.1). A
    pairing-allocated bye, a full-point bye and a forfeit win are rounds one elected to play."""
    return sum(r.kind not in VUR for r in field.rounds[player_id])


def standard_points(field: Field, player_id: int) -> Decimal:
    """STD (C.07 2026 Art. 7.7): 1 for each round in which the player scores more points than
    the scheduled opponent, or obtains without playing more than a draw's points; ½ for each
    round with as many points as the scheduled opponent, or without playing as many as a draw.

    A forfeit has its scheduled opponent and compares with the opponent's points: a double
    forfeit (0 against 0) is ½ (docs/standings.md: FIDE's checker gives 0). The draw is the
    scoring's (``draw_points``), so STD is the 1/½/0 score under any scoring (3/1/0 and so on).
    """
    total = ZERO
    for r in field.rounds[player_id]:
        if r.kind in WITH_OPPONENT:
            assert r.opponent is not None  # a round with a scheduled opponent has it
            other = field.rounds[r.opponent][r.round - 1].points
        else:
            other = field.draw_points
        if r.points > other:
            total += WIN
        elif r.points == other:
            total += DRAW
    return total


def pairing_number(field: Field, player_id: int) -> int | None:
    """TPN, TPN-R (C.07 2026 Art. 7.8): the player's (final) tournament pairing number; TPN
    ranks the lower first, TPN-R (MTB26 ``TPN/R``) the higher first."""
    return field.players[player_id].tpn


def rating(field: Field, player_id: int) -> int | None:
    """RTNG, RTNG-R (C.07 2026 Art. 10.6): the player's own rating; RTNG ranks the higher first,
    RTNG-R (MTB26 ``RTNG/R``) the lower first."""
    return field.rating(player_id)


COMPUTE: dict[str, Callable[[Field, int], Value]] = {
    "WIN": wins,
    "WON": games_won,
    "BPG": black_games,
    "BWG": black_wins,
    "PS": progressive,
    "PS-C1": lambda f, p: progressive(f, p, 1),
    "PS-C2": lambda f, p: progressive(f, p, 2),
    "REP": rounds_elected,
    "STD": standard_points,
    "TPN": pairing_number,
    "TPN-R": pairing_number,
    "BH": buchholz,
    "BH-C1": lambda f, p: buchholz(f, p, 1),
    "BH-C2": lambda f, p: buchholz(f, p, 2),
    "BH-M1": lambda f, p: buchholz(f, p, 1, 1),
    "BH-M2": lambda f, p: buchholz(f, p, 2, 2),
    "AOB": average_of_opponents_buchholz,
    "SB": sonneborn_berger,
    "SB-C1": lambda f, p: sonneborn_berger(f, p, 1),
    "SB-C2": lambda f, p: sonneborn_berger(f, p, 2),
    "KS": koya,
    "KS-L1": lambda f, p: koya(f, p, 1),
    "KS-L2": lambda f, p: koya(f, p, 2),
    "KS-L-1": lambda f, p: koya(f, p, -1),
    "KS-L-2": lambda f, p: koya(f, p, -2),
    "ARO": average_rating,
    "ARO-C1": lambda f, p: average_rating(f, p, 1),
    "TPR": performance,
    "RTNG": rating,
    "RTNG-R": rating,
    **CLUB_COMPUTE,
}
