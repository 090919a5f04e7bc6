"""A TRF player line's columns that name a person (title, sex, birth year, federation), as
every TRF import and export of the app reads them: the individual files (pairing/swiss/trf/) and
the team files (arbiter/teams/)."""

from __future__ import annotations

import re

from django.utils.translation import gettext

from arbiter.core.models import Title
from pairing.engines.trf import TrfError, TrfPlayer, parse_date

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


def check_player(p: TrfPlayer, fide_ids: dict[int, int]) -> None:
    """A player line the app can enter: a name, a plausible rating, a FIDE id of digits that no
    earlier player of the file (``fide_ids``: FIDE id -> starting number, filled here) has.
    TrfError naming the line and column otherwise."""
    if not p.name:
        raise TrfError(p.line, 15, gettext("player %(number)s has no name") % {"number": p.number})
    if p.rating > 3500:
        raise TrfError(p.line, 49, gettext("rating %(rating)s is over 3500") % {"rating": p.rating})
    if p.fide_id and not (p.fide_id.isascii() and p.fide_id.isdigit()):
        raise TrfError(
            p.line, 58, gettext("invalid FIDE id %(fide_id)s") % {"fide_id": repr(p.fide_id)}
        )
    number = p.fide_number  # None for 0, the usual placeholder for "no id"
    if number is None:
        return
    if number in fide_ids:
        raise TrfError(
            p.line,
            58,
            gettext("FIDE id %(fide_id)s repeated (player %(number)s)")
            % {"fide_id": number, "number": fide_ids[number]},
        )
    fide_ids[number] = p.number
