"""From results to standings rows: the one engine behind every page, PDF, export and TRF that
shows points or ranks (docs/standings.md).

Plain data in: the players, each round's games (their :class:`~pairing.engines.results.Result`,
None while the game is on) and byes (by TRF kind), and a :class:`RuleSet`: a scoring and a
tie-break list under one of the tie-break engine's rule sets (FIDE C.07 2023 or 2026, or the
club rule of a Swedish attendance Monrad). Rows out: rank, whether it is shared, points and the
tie-break values. Pure Python, no Django: arbiter/core/standings.py reads a tournament into these
records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from pairing.engines import results
from pairing.engines import tiebreaks as tb

ZERO, HALF, ONE = Decimal(0), Decimal("0.5"), Decimal(1)

#: The kinds of bye, as a TRF writes them and the app stores them.
PAIRING_ALLOCATED, FULL_POINT, HALF_POINT, ZERO_POINT = "U", "F", "H", "Z"
#: A half point without a game that the player did not ask for (a TRF's ``0000 - =``).
HALF_POINT_NOT_REQUESTED = "="

#: One side's outcome of a game -> its kind for the tie-breaks (a double forfeit has its own).
_GAME_KINDS = {
    results.WIN: tb.Kind.PLAYED,
    results.DRAW: tb.Kind.PLAYED,
    results.LOSS: tb.Kind.PLAYED,
    results.FORFEIT_WIN: tb.Kind.FORFEIT_WIN,
    results.FORFEIT_LOSS: tb.Kind.FORFEIT_LOSS,
}
_BYE_KINDS = {
    PAIRING_ALLOCATED: tb.Kind.PAB,
    HALF_POINT: tb.Kind.HPB,
    FULL_POINT: tb.Kind.FPB,
    ZERO_POINT: tb.Kind.ZPB,
    # not requested: the category of the PAB and FPB (C.07 Art. 16.2.1), never a VUR
    HALF_POINT_NOT_REQUESTED: tb.Kind.PAB,
}


@dataclass(frozen=True)
class Scoring:
    """What each result is worth. A game by its outcome: a forfeit win scores a win, a forfeit
    loss nothing (as an absent player). A bye by its kind: a full-point bye a win, a half-point
    bye (requested or not) a draw, a zero-point bye nothing, and the pairing-allocated bye
    ``pab``: a win in a Swiss (C.04.1 art. 4), nothing in a round robin, where it is the free
    round against Berger's "dummy"."""

    win: Decimal = ONE
    draw: Decimal = HALF
    loss: Decimal = ZERO
    pab: Decimal = ONE

    def game(self, result: results.Result | None) -> tuple[Decimal, Decimal]:
        """White's and Black's points; a game without its result gives nobody anything yet."""
        if result is None:
            return ZERO, ZERO
        white, black = result.points(results.Scoring(self.win, self.draw, self.loss, ZERO))
        return Decimal(white), Decimal(black)

    def bye(self, kind: str) -> Decimal:
        """The points of a bye of this kind (ValueError for an unknown kind)."""
        worth = {
            PAIRING_ALLOCATED: self.pab,
            FULL_POINT: self.win,
            HALF_POINT: self.draw,
            ZERO_POINT: ZERO,
            HALF_POINT_NOT_REQUESTED: self.draw,
        }
        if kind not in worth:
            raise ValueError(f"unknown bye kind {kind!r}: {', '.join(worth)}")
        return worth[kind]


#: Chess scoring (C.04.1): 1, ½, 0, the pairing-allocated bye a win.
CHESS = Scoring()


@dataclass(frozen=True)
class RuleSet:
    """How a tournament ranks: one of the tie-break engine's rule sets (``"2023"``, ``"2026"``
    or ``"club"``), its tie-breaks in order and the scoring.

    ``round_robin``: the games were paired in advance (C.07 Art. 15). ``unrated_rating``: the
    rating unrated opponents count with (C.07 Art. 10). ``piles``: the club rule's order inside a
    score pile for rows sharing a rank (``"previous"`` or ``"number"``, see :func:`settle`);
    None lists them in the players' own order.
    """

    rules: str = "2026"
    tiebreaks: tuple[str, ...] = ()
    scoring: Scoring = CHESS
    round_robin: bool = False
    unrated_rating: int | None = None
    piles: str | None = None

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        """(column heading, what it is) for each tie-break, in order."""
        return tb.legend(self.tiebreaks, unrated_rating=self.unrated_rating)


# --- the club rule of a Swedish attendance Monrad (docs/monrad.md, "Standing") -----------------

#: The club's scorings: win, draw, loss. 3/2/1 (turning up is worth something) or chess scoring.
CLUB_SCORINGS: Mapping[str, tuple[Decimal, Decimal, Decimal]] = {
    "3-2-1": (Decimal(3), Decimal(2), ONE),
    "1-0.5-0": (ONE, HALF, ZERO),
}
#: What the pairing-allocated bye is worth: a win (default, as FIDE's), a draw, a loss, nothing.
CLUB_BYES = ("win", "draw", "loss", "zero")
#: The club's tie-break after score and games played, by its setting's name -> its code.
CLUB_TIEBREAKS: Mapping[str, str] = {"bh-c1": "OS-C1", "bh-c2": "OS-C2", "sb": "CSB", "wins": "GW"}
#: The order inside a score pile: before the previous round (the seed) or the card number (NSF).
PILE_ORDERS = ("previous", "number")


def club_rules(
    scoring: str = "3-2-1", bye: str = "win", tiebreak: str = "bh-c1", piles: str = "previous"
) -> RuleSet:
    """The club rule: the club's points, then fewer games played over the board, then the club's
    tie-break; players equal on all three share a rank and are listed in position order (the
    score piles). ValueError names a choice that is not one."""
    for value, choices, what in (
        (scoring, CLUB_SCORINGS, "scoring"),
        (bye, CLUB_BYES, "bye value"),
        (tiebreak, CLUB_TIEBREAKS, "tie-break"),
        (piles, PILE_ORDERS, "order"),
    ):
        if value not in choices:
            raise ValueError(f"Unknown {what} {value!r}: use {', '.join(choices)}.")
    win, draw, loss = CLUB_SCORINGS[scoring]
    pab = {"win": win, "draw": draw, "loss": loss, "zero": ZERO}[bye]
    return RuleSet(
        "club", ("GP", CLUB_TIEBREAKS[tiebreak]), Scoring(win, draw, loss, pab), piles=piles
    )


Key = TypeVar("Key", bound=Hashable)


def settle(
    previous: Sequence[Key], cards: Sequence[Key], score: Callable[[Key], Any], piles: str
) -> list[Key]:
    """The position order after a round (docs/monrad.md, step 2): score piles, highest first;
    inside a pile the order before the round (``"previous"``) or the card order (``"number"``).
    ``previous`` and ``cards`` hold the same players."""
    return sorted(previous if piles == "previous" else cards, key=lambda key: -score(key))


# --- records in, rows out ------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    """A player: ``id`` is any int the caller likes (the entry's key); ``order`` lists the
    players who share a rank (the starting or card numbers), and is the card order the club
    rule's score piles start from; ``tpn`` is the tournament pairing number the TPN tie-breaks
    rank by (C.07 2026 Art. 7.8; None without one)."""

    id: int
    rating: int | None = None
    order: int = 0
    tpn: int | None = None


@dataclass(frozen=True)
class Game:
    round: int
    white: int
    black: int
    result: results.Result | None = None  # None: on, no result yet


@dataclass(frozen=True)
class Bye:
    round: int
    player: int
    kind: str  # PAIRING_ALLOCATED, FULL_POINT, HALF_POINT, ZERO_POINT, HALF_POINT_NOT_REQUESTED


@dataclass(frozen=True)
class Row:
    """One line of the standings: ``tiebreaks`` in the order of the rule set's codes (None where
    a tie-break has no value); ``shared`` when another row has the same rank."""

    player_id: int
    rank: int
    points: Decimal
    tiebreaks: tuple[Decimal | int | None, ...] = ()
    shared: bool = False


def records(
    games: Iterable[Game],
    byes: Iterable[Bye],
    scoring: Scoring,
    through_round: int | None = None,
) -> dict[int, list[tb.RoundResult]]:
    """Each player's rounds as the tie-breaks read them, with the points the scoring gives,
    up to ``through_round`` (every round when None). A game without its result is no record
    yet: until it is in, the round reads as not played."""
    kept: dict[int, list[tb.RoundResult]] = {}

    def keep(player: int, record: tb.RoundResult) -> None:
        if through_round is None or record.round <= through_round:
            kept.setdefault(player, []).append(record)

    for game in games:
        if game.result is None:
            continue
        white, black = scoring.game(game.result)
        kinds = _kinds(game.result)
        keep(game.white, tb.RoundResult(game.round, kinds[0], white, game.black, "w"))
        keep(game.black, tb.RoundResult(game.round, kinds[1], black, game.white, "b"))
    for bye in byes:
        keep(bye.player, tb.RoundResult(bye.round, _BYE_KINDS[bye.kind], scoring.bye(bye.kind)))
    return kept


def points(
    games: Iterable[Game],
    byes: Iterable[Bye],
    scoring: Scoring,
    through_round: int | None = None,
) -> dict[int, Decimal]:
    """The points of every player with a record up to ``through_round`` (the others have none:
    read it with ``.get(player, ZERO)``)."""
    return {
        player: sum((r.points for r in rounds), ZERO)
        for player, rounds in records(games, byes, scoring, through_round).items()
    }


def standings(
    players: Iterable[Player],
    games: Iterable[Game],
    byes: Iterable[Bye],
    rules: RuleSet = RuleSet(),
    through_round: int | None = None,
) -> tuple[Row, ...]:
    """The standings after ``through_round`` (every round given when None): points, then each
    tie-break in turn (pairing/engines/tiebreaks); players share a rank only when their points
    and every tie-break are equal, and are then listed by ``order`` (the club rule: by position,
    :func:`settle`). Records of anyone else are left out.

    ValueError for an unknown rule set, code or bye kind, or records that contradict each other.
    """
    players = tuple(players)
    kept = records(games, byes, rules.scoring, through_round)
    ids = {p.id for p in players}
    histories = [
        tb.Player(p.id, p.rating, tuple(r for r in kept.get(p.id, []) if _among(r, ids)), p.tpn)
        for p in players
    ]
    ranked = tb.rank(
        histories,
        rules.tiebreaks,
        rules=rules.rules,
        round_robin=rules.round_robin,
        through_round=through_round,
        unrated_rating=rules.unrated_rating,
        win_points=rules.scoring.win,
        draw_points=rules.scoring.draw,
    )
    listed = _listing(players, kept, rules.piles)
    sharing = Counter(row.rank for row in ranked)
    rows = (Row(r.player_id, r.rank, r.points, r.tiebreaks, sharing[r.rank] > 1) for r in ranked)
    return tuple(sorted(rows, key=lambda row: (row.rank, listed[row.player_id])))


def _kinds(result: results.Result) -> tuple[tb.Kind, tb.Kind]:
    if result.is_double_forfeit:
        return tb.Kind.DOUBLE_FORFEIT, tb.Kind.DOUBLE_FORFEIT
    return _GAME_KINDS[result.white], _GAME_KINDS[result.black]


def _among(record: tb.RoundResult, ids: set[int]) -> bool:
    """A bye, or a game against one of the players."""
    return record.opponent is None or record.opponent in ids


def _listing(
    players: tuple[Player, ...], kept: Mapping[int, list[tb.RoundResult]], piles: str | None
) -> dict[int, int]:
    """Where each player is listed among those sharing a rank: by ``order``, or with ``piles``
    by position after the last round (the score piles round by round, :func:`settle`)."""
    cards = [p.id for p in sorted(players, key=lambda p: (p.order, p.id))]
    if piles is not None:
        score = dict.fromkeys(cards, ZERO)
        by_round: dict[int, dict[int, Decimal]] = {}
        for player, rounds in kept.items():
            for r in rounds:
                by_round.setdefault(r.round, {})[player] = r.points
        order = list(cards)
        for number in sorted(by_round):
            for player, worth in by_round[number].items():
                if player in score:
                    score[player] += worth
            order = settle(order, cards, score.__getitem__, piles)
        cards = order
    return {player: position for position, player in enumerate(cards)}
