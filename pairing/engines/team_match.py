"""A team match's score from its boards, and the colours of its boards: what the team systems,
their standings, the TRF-2026 team records and the team tie-breaks all read (C.04.6 art. 1.2,
1.6.1; TRF-2026 records 352, 362, 320, 330; docs/teams.md).

Points are :class:`~decimal.Decimal`. A team's game points (GP) in a match are the sum of its
boards' points under chess scoring (a board it won by forfeit a win, one it lost or left empty
nothing); its match points (MP) compare the two GP totals (a win, a draw or a loss of
:class:`MatchScoring`). A whole match forfeited (``+-``, ``-+``, ``--``) is scored as if every
board were: the winner takes every board by forfeit.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from pairing.engines import results

#: The whole-match forfeits of TRF-2026 record 330: the first team wins, the second, neither.
MATCH_FORFEITS = ("+-", "-+", "--")


@dataclass(frozen=True)
class MatchScoring:
    """Match points of a won, drawn and lost match (TRF-2026 362: TW, TD, TL; defaults 2/1/0),
    and what the pairing-allocated bye gives (TRF-2026 320)."""

    win: Decimal = Decimal(2)
    draw: Decimal = Decimal(1)
    loss: Decimal = Decimal(0)
    bye_match_points: Decimal = Decimal(2)
    bye_game_points: Decimal = Decimal(2)

    def match_points(self, own: Decimal, other: Decimal) -> Decimal:
        """A side's match points for ``own`` game points against ``other``."""
        if own > other:
            return self.win
        if own == other:
            return self.draw
        return self.loss


@dataclass(frozen=True)
class MatchScore:
    """What each side of a match made of it: the first-named team's and the second's."""

    first_game_points: Decimal
    second_game_points: Decimal
    first_match_points: Decimal
    second_match_points: Decimal


def score(
    board_results: Iterable[str | None],
    scoring: MatchScoring = MatchScoring(),
    *,
    boards: int,
    first_white_on_board_one: bool = True,
    forfeit: str = "",
) -> MatchScore | None:
    """The score of a match from its boards' result codes in board order (``results`` codes,
    "1-0" meaning White won, None while a game is on), the first-named team having White on
    board 1 when ``first_white_on_board_one`` (and the colours alternating board by board,
    :func:`board_colours`). None while a board has no result, unless the whole match was
    forfeited (``forfeit`` one of :data:`MATCH_FORFEITS`)."""
    if forfeit:
        return forfeit_score(forfeit, scoring, boards=boards)
    first = second = Decimal(0)
    colours = board_colours(boards, first_white_on_board_one)
    for colour, code in zip(colours, board_results, strict=True):
        result = results.from_code(code or "")
        if result is None:
            return None
        white, black = result.points()
        first += white if colour == "W" else black
        second += black if colour == "W" else white
    return MatchScore(
        first, second, scoring.match_points(first, second), scoring.match_points(second, first)
    )


def forfeit_score(forfeit: str, scoring: MatchScoring, *, boards: int) -> MatchScore:
    """A whole match forfeited (TRF-2026 330): the side that won takes every board and the
    match; in a double forfeit neither scores."""
    if forfeit not in MATCH_FORFEITS:
        raise ValueError(f"not a match forfeit: {forfeit!r}")
    every_board = Decimal(boards)
    first = every_board if forfeit == "+-" else Decimal(0)
    second = every_board if forfeit == "-+" else Decimal(0)
    return MatchScore(
        first,
        second,
        scoring.win if forfeit == "+-" else scoring.loss,
        scoring.win if forfeit == "-+" else scoring.loss,
    )


def board_colours(boards: int, first_white_on_board_one: bool = True) -> str:
    """The colours of the first-named team's players, board by board (TRF-2026 352 gives the
    pattern of the team with White: ``WBWB``; the other team has the inverse). Colours
    alternate from board 1, so with an even number of boards each team has White on half of
    them; with an odd number, the team with White on board 1 has one White more."""
    pattern = "".join("W" if board % 2 == 0 else "B" for board in range(boards))
    return pattern if first_white_on_board_one else inverse(pattern)


def inverse(pattern: str) -> str:
    """The other team's colours: ``WBWB`` -> ``BWBW``."""
    return pattern.translate(str.maketrans("WB", "BW"))
