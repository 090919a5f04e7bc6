"""The tie-breaks of the ``club`` rule set: a Swedish attendance Monrad's standing after score
(docs/monrad.md, "Standing"). Not C.07: only games over the board have an opponent (a bye or a
forfeit has none, and no dummy stands in), opponents count with their plain score, and the
points are the club's (3/2/1 or 1/½/0), so a win is a round worth the scoring's win.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from .field import Field
from .model import ZERO, Kind


def games_played(field: Field, player_id: int) -> int:
    """GP: games played over the board; fewer rank first (the same points from fewer games were
    better results, and the club scoring has already rewarded coming)."""
    return len(field.games_over_the_board(player_id))


def opponents_scores(field: Field, player_id: int, cut: int) -> Decimal:
    """OS-C1, OS-C2: the scores of the opponents met over the board without the ``cut`` lowest
    (the SSF's kvalitetspoäng cuts one, the NSF and DSU two)."""
    scores = sorted(field.score[opponent] for opponent, _ in _met(field, player_id))
    return sum(scores[cut:], ZERO)


def sonneborn_berger(field: Field, player_id: int) -> Decimal:
    """CSB: the scores of the opponents beaten over the board plus half those of the drawn."""
    total = ZERO
    for opponent, points in _met(field, player_id):
        if points == field.win_points:
            total += field.score[opponent]
        elif points == field.draw_points:
            total += field.score[opponent] / 2
    return total


def games_won(field: Field, player_id: int) -> int:
    """GW: games won, over the board or by forfeit (a bye is no game)."""
    return sum(
        r.kind == Kind.FORFEIT_WIN or (r.kind == Kind.PLAYED and r.points == field.win_points)
        for r in field.rounds[player_id]
    )


def _met(field: Field, player_id: int) -> list[tuple[int, Decimal]]:
    """(opponent, points) of each game over the board (which always has its opponent)."""
    return [
        (r.opponent, r.points)
        for r in field.games_over_the_board(player_id)
        if r.opponent is not None
    ]


COMPUTE: dict[str, Callable[[Field, int], Decimal | int]] = {
    "GP": games_played,
    "OS-C1": lambda f, p: opponents_scores(f, p, 1),
    "OS-C2": lambda f, p: opponents_scores(f, p, 2),
    "CSB": sonneborn_berger,
    "GW": games_won,
}
