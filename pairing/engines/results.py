"""Game results as arbiters write them: one value per result, read by every part of the app.

A :class:`Result` knows its stored code (``"1-0"``), how it is printed, what each colour scored
under a scoring, whether the game was played (C.04.1 art. 4: a game won by forfeit is not
played, for pairing and for tie-breaks alike), its TRF-16 result codes (FIDE TRF, field "result"
of the ``001`` record: ``1 = 0 + -``), the symbol each player sees on a crosstable or a card,
and the keys that enter it from the keyboard.

Besides the usual results, a game played over the board can be scored ½-0, 0-½ or 0-0 by the
arbiter (after an irregularity, say: FIDE's checklist Q180-186). Each side keeps the outcome it
was scored (a half point is a draw's, nothing a loss's), so such a game is played for the
pairing and the tie-breaks (C.04.1 art. 4, C.07), scores as it was scored, and goes to a TRF as
``=``/``0`` (or ``0``/``0``).

Pure Python: the app's models, pages, exports and the Monrad engine all read this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pairing.engines.messages import N_

#: What one side made of a game: a win, draw or loss over the board, or a forfeit won or lost.
WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS = "win", "draw", "loss", "forfeit win", "forfeit loss"

#: The symbol a side's outcome shows on a crosstable or a card, and its TRF-16 result code.
_SYMBOL = {WIN: "1", DRAW: "½", LOSS: "0", FORFEIT_WIN: "+", FORFEIT_LOSS: "-"}
_TRF_CODE = {WIN: "1", DRAW: "=", LOSS: "0", FORFEIT_WIN: "+", FORFEIT_LOSS: "-"}


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw and a loss over the board. A forfeit win scores a win; the side
    that forfeited scores ``forfeit_loss`` (nothing, as an absent player)."""

    win: Any
    draw: Any
    loss: Any
    forfeit_loss: Any = 0

    def of(self, outcome: str) -> Any:
        return {
            WIN: self.win,
            DRAW: self.draw,
            LOSS: self.loss,
            FORFEIT_WIN: self.win,
            FORFEIT_LOSS: self.forfeit_loss,
        }[outcome]


#: Chess scoring (C.04.1): 1, ½, 0.
CHESS = Scoring(Decimal(1), Decimal("0.5"), Decimal(0), Decimal(0))


@dataclass(frozen=True)
class Result:
    code: str  # as stored: "1-0", "0-1", "1/2", "+-", "-+", "--", "=-0", "0-=", "0-0"
    label: str  # as a pairing list prints it: "1 - 0", "½ - ½", "+ - -"
    button: str  # on a result button: "1-0", "½-½"
    title: str  # in words: "White wins by forfeit"
    ascii: str  # for other programs (CSV, JSON): "1-0", "1/2-1/2", "+--"
    white: str  # White's outcome (WIN, DRAW, ...)
    black: str
    keys: tuple[str, ...]  # what the keyboard entry accepts besides the code

    @property
    def played(self) -> bool:
        """Played over the board (C.04.1 art. 4): forfeits are not."""
        return self.white in (WIN, DRAW, LOSS)

    @property
    def is_forfeit(self) -> bool:
        return not self.played

    @property
    def is_double_forfeit(self) -> bool:
        return self.white == self.black == FORFEIT_LOSS

    @property
    def winner(self) -> str | None:
        """ "white", "black" or None (a draw or a double forfeit)."""
        if self.white in (WIN, FORFEIT_WIN):
            return "white"
        if self.black in (WIN, FORFEIT_WIN):
            return "black"
        return None

    def outcome(self, colour: str) -> str:
        """One side's outcome; ``colour`` is "white"/"w" or "black"/"b"."""
        return self.white if colour[0] == "w" else self.black

    def points(self, scoring: Scoring = CHESS) -> tuple[Any, Any]:
        """White's and Black's points under ``scoring``."""
        return scoring.of(self.white), scoring.of(self.black)

    def symbol(self, colour: str) -> str:
        """What one side sees on a crosstable or card: "1", "½", "0", "+" or "-"."""
        return _SYMBOL[self.outcome(colour)]

    @property
    def trf(self) -> tuple[str, str]:
        """White's and Black's TRF-16 result codes."""
        return _TRF_CODE[self.white], _TRF_CODE[self.black]


WHITE_WINS = Result("1-0", "1 - 0", "1-0", N_("White wins"), "1-0", WIN, LOSS, ("1",))
DRAW_GAME = Result("1/2", "½ - ½", "½-½", N_("Draw"), "1/2-1/2", DRAW, DRAW, ("=", "½", "5"))
BLACK_WINS = Result("0-1", "0 - 1", "0-1", N_("Black wins"), "0-1", LOSS, WIN, ("0",))
WHITE_WINS_BY_FORFEIT = Result(
    "+-", "+ - -", "+ - -", N_("White wins by forfeit"), "+--", FORFEIT_WIN, FORFEIT_LOSS, ("+",)
)
BLACK_WINS_BY_FORFEIT = Result(
    "-+", "- - +", "- - +", N_("Black wins by forfeit"), "--+", FORFEIT_LOSS, FORFEIT_WIN, ("-",)
)
DOUBLE_FORFEIT = Result(
    "--", "- - -", "- - -", N_("Double forfeit"), "---", FORFEIT_LOSS, FORFEIT_LOSS, ()
)
# played over the board, scored so by the arbiter (checklist Q180-186)
WHITE_HALF_BLACK_ZERO = Result(
    "=-0", "½ - 0", "½-0", N_("White scores ½, Black 0"), "1/2-0", DRAW, LOSS, ()
)
WHITE_ZERO_BLACK_HALF = Result(
    "0-=", "0 - ½", "0-½", N_("White scores 0, Black ½"), "0-1/2", LOSS, DRAW, ()
)
BOTH_LOSE = Result("0-0", "0 - 0", "0-0", N_("Both score 0"), "0-0", LOSS, LOSS, ())

#: Every result, in the order the database's choices list them.
RESULTS: tuple[Result, ...] = (
    WHITE_WINS,
    BLACK_WINS,
    DRAW_GAME,
    WHITE_WINS_BY_FORFEIT,
    BLACK_WINS_BY_FORFEIT,
    DOUBLE_FORFEIT,
    WHITE_HALF_BLACK_ZERO,
    WHITE_ZERO_BLACK_HALF,
    BOTH_LOSE,
)
#: The result buttons: the games played first, then, behind "Forfeit…", the forfeits and the
#: unusual scores of a game played.
OVER_THE_BOARD = (WHITE_WINS, DRAW_GAME, BLACK_WINS)
FORFEITS = (WHITE_WINS_BY_FORFEIT, BLACK_WINS_BY_FORFEIT, DOUBLE_FORFEIT)
UNUSUAL = (WHITE_HALF_BLACK_ZERO, WHITE_ZERO_BLACK_HALF, BOTH_LOSE)
BY_CODE: dict[str, Result] = {r.code: r for r in RESULTS}
PLAYED_CODES = frozenset(r.code for r in RESULTS if r.played)
_BY_KEY = {key: r for r in RESULTS for key in (r.code, *r.keys)}
_BY_TRF = {r.trf: r for r in RESULTS}


def from_code(code: str) -> Result | None:
    """The stored result, or None for "" (the game is on) and anything unknown."""
    return BY_CODE.get(code)


def from_keys(typed: str) -> Result | None:
    """A result typed at the keyboard ("1", "=", "0", "+", "-", or a code), or None."""
    return _BY_KEY.get(typed.strip())


def from_trf(white: str, black: str) -> Result | None:
    """The result of a game from both players' TRF-16 codes (``"1"``, ``"0"``), or None when
    they do not make one game (``"1"`` and ``"1"``, say)."""
    return _BY_TRF.get((white, black))
