"""FIDE tie-breaks (C.07, the 2023 text and the one applied from 1 March 2026), and the club
rule set of a Swedish attendance Monrad.

Pure Python, no Django: frozen dataclasses in, frozen dataclasses out, the same output for the
same input. The standings engine (pairing/engines/standings.py) builds :class:`Player` records
and calls :func:`rank`; see docs/tiebreaks.md for the list, the unplayed-round rules and the
decisions taken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal

from .codes import (
    ASCENDING,
    LEGEND,
    RULE_SETS,
    available_codes,
    check_codes,
    legend,
    mtb26,
    normalise,
    unrated_rule,
)
from .direct_encounter import direct_encounter
from .field import Field
from .model import DRAW, WIN, Kind, Player, RoundResult, Row, validate
from .values import COMPUTE, DP_TABLE, Value, dp

__all__ = [
    "DP_TABLE",
    "LEGEND",
    "RULE_SETS",
    "Kind",
    "Player",
    "RoundResult",
    "Row",
    "available_codes",
    "check_codes",
    "dp",
    "legend",
    "mtb26",
    "normalise",
    "rank",
    "unrated_rule",
]


def _descending(value: Value) -> tuple[bool, Value]:
    """Sort key: higher first, None (no value) after every value."""
    return (value is not None, value if value is not None else 0)


def _ranking(code: str, value: Value) -> Value:
    """The value as it ranks: higher first, so an ascending code's value is negated."""
    return -value if code in ASCENDING and value is not None else value


def rank(
    players: Iterable[Player],
    tiebreaks: Sequence[str] = (),
    *,
    rules: str = "2026",
    round_robin: bool = False,
    through_round: int | None = None,
    unrated_rating: int | None = None,
    win_points: Decimal = WIN,
    draw_points: Decimal = DRAW,
) -> tuple[Row, ...]:
    """The standings after ``through_round`` (every round given when None).

    Players are ordered by points, then each tie-break in turn splits the groups still tied
    (C.07 Art. 4.2); direct encounter works on the group as it stands when its turn comes and
    applies itself again to a subgroup it leaves tied. Players share a rank only when their
    points and every tie-break are equal; within a shared rank they are listed by id.
    ``round_robin``: the games were paired in advance by a round robin (C.07 Art. 15: forfeits
    are games), not round by round by a Swiss system (Art. 16). ``unrated_rating``: the rating
    the organiser gives unrated players in ARO, TPR and RTNG (C.07 Art. 10); None, as C.07
    leaves it when nothing was published, leaves games against them out. ``win_points`` and
    ``draw_points``: what the scoring gives a win and a draw (the club rule set's codes read
    them; C.07's assume 1 and ½).

    Raises ValueError for an unknown rule set or code, or records that contradict each
    other (a game one side does not have).
    """
    players = tuple(players)
    codes = check_codes(tiebreaks, rules, round_robin=round_robin)
    validate(players)
    if through_round is None:
        through_round = max((r.round for p in players for r in p.results), default=0)
    field = Field(
        players,
        rules=rules,
        round_robin=round_robin,
        through_round=through_round,
        unrated_rating=unrated_rating,
        win_points=win_points,
        draw_points=draw_points,
    )
    values: dict[int, list[Value]] = {p.id: [None] * len(codes) for p in players}
    for column, code in enumerate(codes):
        if code != "DE":
            for player in players:
                values[player.id][column] = COMPUTE[code](field, player.id)

    groups = _split(sorted(field.score), lambda p: field.score[p])
    for column, code in enumerate(codes):
        split: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
            elif code == "DE":
                blocks, de_values = direct_encounter(field, group)
                for player_id, value in de_values.items():
                    values[player_id][column] = value
                split.extend(blocks)
            else:
                split.extend(_split(group, lambda p, c=column: _ranking(codes[c], values[p][c])))
        groups = split

    rows: list[Row] = []
    for group in groups:
        position = len(rows) + 1
        for player_id in sorted(group):
            rows.append(Row(player_id, position, field.score[player_id], tuple(values[player_id])))
    return tuple(rows)


def _split(group: list[int], value: Callable[..., Value]) -> list[list[int]]:
    """The group in subgroups of equal value, highest first, each listed by id."""
    ordered = sorted(group, key=lambda p: (_descending(value(p)), -p), reverse=True)
    result: list[list[int]] = []
    previous: object = object()
    for player_id in ordered:
        current = value(player_id)
        if not result or current != previous:
            result.append([])
        result[-1].append(player_id)
        previous = current
    return [sorted(g) for g in result]
