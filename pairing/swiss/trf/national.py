"""The national ratings in a TRF-2026 file: record ``172`` (the national list's federation in
columns 5-7, the initial-order method in 9-13) and one ``NRS`` line per player rated on it (the
layout of ``001``, columns 1-3 the federation: starting number 5-8, name 15-47, national rating
49-52, origin 54-56, national id 58-68).

The export writes them from the entries (pairing/swiss/trf/export.py), the import reads them
back into the entries and the tournament's settings (pairing/swiss/trf/imports.py). The engine's
reader keeps both as records it does not know (``other_lines``), which is all it needs: the
starting numbers it pairs by are in the file already.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext

from arbiter.core.models import Entry, RatingMethod, Tournament
from pairing.engines.initial_order import METHODS
from pairing.engines.trf import TrfError


def national_lines(tournament: Tournament, entries: Iterable[Entry]) -> tuple[str, ...]:
    """``172`` and the ``NRS`` lines of the players with a national rating, by starting
    number; nothing for a tournament ranked by FIDE ratings whose players have none."""
    rated = [entry for entry in entries if entry.national_rating and entry.starting_number]
    method = tournament.rating_method
    if not rated and method == RatingMethod.FIDE:
        return ()
    federation = tournament.national_federation or tournament.federation
    lines = [f"172 {federation:<3} {method}"]
    for entry in sorted(rated, key=lambda e: e.starting_number):
        sex = {"m": "m", "f": "w"}.get(entry.sex, "")
        lines.append(
            f"{federation:<3} {entry.starting_number:>4} {sex:1}{entry.title:>3} "
            f"{entry.name[:33]:<33} {entry.national_rating:>4} {entry.federation:<3}".rstrip()
        )
    return tuple(lines)


@dataclass(frozen=True)
class National:
    """What a file's ``172`` and ``NRS`` lines say: the method and list (FIDE and none when the
    file has no ``172`` the app can apply), each starting number's national rating, and the
    file's other records, without those read."""

    method: str = RatingMethod.FIDE
    federation: str = ""
    ratings: dict[int, int] = field(default_factory=dict)
    rest: tuple[str, ...] = ()


_FEDERATION = re.compile(r"[A-Z]{3}")


def read_national(other_lines: Sequence[str], lines: Sequence[str]) -> National:
    """The ``172`` record and the ``NRS`` lines of its federation among ``other_lines`` (the
    records the engine's reader kept as written); ``lines`` are the file's, to name the line of
    an error. A ``172`` whose method the app does not offer (``OTHER``) is left as written, and
    its ``NRS`` lines with it."""
    header = next((raw for raw in other_lines if raw[:3] == "172"), None)
    method = header[8:13].strip().upper() if header else ""
    if header is None or method not in METHODS:
        return National(rest=tuple(other_lines))
    federation = header[4:7].strip().upper()
    ratings: dict[int, int] = {}
    rest = []
    for raw in other_lines:
        if raw is header:
            continue
        if not (federation and raw[:3] == federation and _FEDERATION.fullmatch(raw[:3])):
            rest.append(raw)
            continue
        line = lines.index(raw) + 1 if raw in lines else 0
        number = _number(raw[4:8], line, 5, gettext("starting number"))
        rating = _number(raw[48:52], line, 49, gettext("national rating"))
        if rating > 3500:
            raise TrfError(line, 49, gettext("rating %(rating)s is over 3500") % {"rating": rating})
        ratings[number] = rating
    return National(
        method, federation if _FEDERATION.fullmatch(federation) else "", ratings, tuple(rest)
    )


def _number(text: str, line: int, column: int, what: str) -> int:
    value = text.strip()
    if not value:
        return 0
    if not (value.isascii() and value.isdigit()):
        raise TrfError(
            line,
            column,
            gettext("invalid %(what)s %(value)s") % {"what": what, "value": repr(value)},
        )
    return int(value)
