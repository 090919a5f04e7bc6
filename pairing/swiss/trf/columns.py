"""A TRF player line's columns and round blocks as the app reads and writes them: the one
mapping the importer and the export share, so that what one reads the other writes back."""

from __future__ import annotations

import re

from arbiter.core.models import Title
from pairing.engines.trf import TrfResult, parse_date

#: TRF-16 title codes (columns 11-13) and the full titles the app writes.
TITLES = {"g": "GM", "m": "IM", "wg": "WGM", "f": "FM", "wm": "WIM", "c": "CM", "wf": "WFM"}
TITLES |= {"wc": "WCM"} | {title.lower(): title for title in Title.values}


def entry_title(written: str) -> str:
    """The title a TRF title column names (TRF-16 letters or the full title), "" if none."""
    return TITLES.get(written.strip().lower(), "")


def entry_sex(written: str) -> str:
    """The sex a TRF sex column names (``m``; ``w`` or ``f`` for women), "" if none."""
    return {"m": "m", "w": "f", "f": "f"}.get(written.strip().lower(), "")


def birth_year(written: str) -> int | None:
    """The year of a TRF birth date in any spelling (``1969.12.06``, ``1969/00/00``, ``1969``)."""
    date = parse_date(written)
    if date is not None:
        return date.year if 1900 <= date.year <= 2100 else None
    found = re.search(r"(?<!\d)(19|20)\d\d(?!\d)", written)
    return int(found.group()) if found else None


def is_federation_code(text: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z]{3}", text.strip()))


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
