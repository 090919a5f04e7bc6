"""A TRF player line's round blocks as the app reads and writes them: the one mapping the
importer and the export share, so that what one reads the other writes back (the columns naming
a person: arbiter/core/trf_columns.py)."""

from __future__ import annotations

from pairing.engines.trf import TrfResult


def block_text(result: TrfResult) -> str:
    """A round's block of a player line (opponent, colour, result: 8 columns) as the writer
    writes it: ``0000`` for no opponent, except a bye written without colour (lichess)."""
    opponent = "0000" if result.opponent is None else f"{result.opponent:>4}"
    if result.opponent is None and result.colour == " ":
        opponent = "    "
    return f"{opponent} {result.colour} {result.code}"


def block_result(text: str) -> TrfResult:
    """The inverse of :func:`block_text`."""
    opponent = text[:4].strip()
    number = int(opponent) if opponent.isdigit() and int(opponent) else None
    return TrfResult(number, text[5], text[7])
