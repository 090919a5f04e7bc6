"""What the tie-break engine reads and writes: frozen dataclasses, exact Decimal points.

Scoring is chess scoring (win 1, draw ½, loss 0), which is what FIDE C.07 assumes for every
tie-break implemented here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

WIN = Decimal(1)
DRAW = Decimal("0.5")
ZERO = Decimal(0)


class Kind(StrEnum):
    """What happened to a player in one round."""

    PLAYED = "played"  # a game over the board
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"  # both absent: a forfeit loss for each
    # pairing-allocated bye (the odd player out; 0 in a round robin), and any other round
    # without a game that nobody requested (a TRF's "0000 - =": C.07 Art. 16.2.1, not a VUR)
    PAB = "pab"
    HPB = "hpb"  # half-point bye (requested)
    FPB = "fpb"  # full-point bye
    ZPB = "zpb"  # zero-point bye, absent (requested)
    NOT_PAIRED = "not_paired"  # withdrawn: counts as a zero-point bye (C.07 2026 Art. 16.1)


#: Rounds with a scheduled opponent.
WITH_OPPONENT = frozenset({Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})
#: Requested byes (C.07 Art. 16.1): HPB and ZPB; every round after a withdrawal is a ZPB.
REQUESTED_BYES = frozenset({Kind.HPB, Kind.ZPB, Kind.NOT_PAIRED})
#: Voluntary unplayed rounds (C.07 Art. 16.1): a requested bye or a forfeit loss.
VUR = REQUESTED_BYES | {Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT}
#: Forfeits (C.07 Art. 15: played in a round robin, except for rating-based tie-breaks).
FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})


@dataclass(frozen=True)
class RoundResult:
    """One round of one player.

    ``points`` are what the round gave the player (a PAB's point in a Swiss, 0 in a round robin).
    ``opponent`` is the scheduled opponent's id for a game or a forfeit, None for a bye.
    ``colour`` is ``"w"``, ``"b"`` or None (a bye, or a forfeit whose colour is unknown).
    """

    round: int
    kind: Kind
    points: Decimal
    opponent: int | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Player:
    """A participant: id (any int the caller likes, e.g. the entry's key), rating (None if
    unrated), the rounds in any order (a round with no record counts as NOT_PAIRED) and the
    tournament pairing number, TPN (C.07 Art. 7.8; None when the player has none)."""

    id: int
    rating: int | None
    results: tuple[RoundResult, ...] = ()
    tpn: int | None = None


@dataclass(frozen=True)
class Row:
    """One line of the standings.

    ``tiebreaks`` follows the order of the codes asked for: Decimal for points-like values,
    int for ARO, TPR and the counts, None where a tie-break has no value for the player (TPR
    without a rated game, DE where it did not apply).
    """

    player_id: int
    rank: int
    points: Decimal
    tiebreaks: tuple[Decimal | int | None, ...]


def validate(players: tuple[Player, ...] | list[Player]) -> None:
    """Refuse what cannot be a tournament: a ValueError naming the player and round."""
    by_id: dict[int, dict[int, RoundResult]] = {}
    for player in players:
        if player.id in by_id:
            raise ValueError(f"player {player.id} appears twice")
        rounds: dict[int, RoundResult] = {}
        for result in player.results:
            where = f"player {player.id}, round {result.round}"
            if result.round < 1:
                raise ValueError(f"{where}: rounds are numbered from 1")
            if result.round in rounds:
                raise ValueError(f"{where}: two results for one round")
            if not isinstance(result.points, Decimal) or result.points < 0:
                raise ValueError(f"{where}: points must be a non-negative Decimal")
            if (result.kind in WITH_OPPONENT) != (result.opponent is not None):
                raise ValueError(f"{where}: a {result.kind} needs an opponent only with a game")
            if result.colour not in (None, "w", "b"):
                raise ValueError(f"{where}: colour is 'w', 'b' or None")
            rounds[result.round] = result
        by_id[player.id] = rounds
    mirror = {
        Kind.PLAYED: Kind.PLAYED,
        Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
        Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
        Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT,
    }
    for player_id, rounds in by_id.items():
        for number, result in rounds.items():
            if result.opponent is None:
                continue
            where = f"player {player_id}, round {number}"
            other = by_id.get(result.opponent, {}).get(number)
            if result.opponent == player_id:
                raise ValueError(f"{where}: a player cannot meet himself")
            if other is None or other.opponent != player_id or other.kind != mirror[result.kind]:
                raise ValueError(
                    f"{where}: opponent {result.opponent} has no matching {mirror[result.kind]}"
                )
