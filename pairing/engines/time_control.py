"""Which FIDE rating a time control is rated in: standard, rapid or blitz (FIDE Laws of Chess,
Appendix A.1, rapid, and Appendix B.1, blitz).

The rule reads the time for 60 moves: the time allotted plus 60 times any increment.

- **blitz**: 10 minutes or less (B.1);
- **rapid**: more than 10 minutes and less than 60 minutes (A.1);
- **standard**: 60 minutes or more.

A time control is free text (the settings form's field, a TRF's ``122`` record), written in many
ways: ``90+30``, ``90'+30"``, ``90 min + 30 s/move``, ``1:30 + 10 from move 1``, ``40/120, 60``,
``100'x40+15'+30"``, ``G/25;inc5``, ``3|2``. :func:`minutes_for_60_moves` reads them: a number
with a minute mark (``'``, ``min``, ``h:mm``) is a period's time; one with a second mark
(``"``, ``s``, ``sec``), or followed by "per move" or "increment", or after ``inc``, the
increment; one with ``moves`` (or the smaller of an unmarked ``40/120`` or ``90/40``) a move
count. An unmarked number is the base time when it comes first, the increment in ``90+30`` and
``3|2``, another period's time after a move count. Every period's time counts, a period after
move 60 too: a control with a move count is a standard one in practice, and the sum only makes
it more so. A text that gives no time at all is unreadable (None), and the event is then
standard (:func:`rating_type`), as most events entered here are.
"""

from __future__ import annotations

import re
from fractions import Fraction

#: The three ratings, as ``arbiter.core.models.RatingType`` stores them.
STANDARD = "standard"
RAPID = "rapid"
BLITZ = "blitz"

#: A.1: rapid is more than this many minutes for 60 moves; B.1: blitz is this many or fewer.
BLITZ_AT_MOST = 10
#: A.1: rapid is less than this many minutes; standard from it.
STANDARD_FROM = 60

#: Longer texts are not read (the model's field holds 100 characters).
MAX_LENGTH = 200

#: Primes, typographic quotes and the acute accent written for minute and second marks.
_PRIMES = str.maketrans(
    {"\u2032": "'", "\u2033": '"', "\u201c": '"', "\u201d": '"', "\u2019": "'", "\u00b4": "'"}
)
_FROM_MOVE = re.compile(r"\b(?:starting\s+)?from\s+move\s+\d+")
_HOURS_MINUTES = re.compile(r"\b(\d{1,2}):(\d{2})(?::\d{2})?\b")
_HOURS = re.compile(r"\b(\d{1,2})\s*(?:hours?|hrs?|h)\b")
_GAME_IN = re.compile(r"\b(?:g|sd)\s*/\s*")
# "90'/40", "100'x40", "90 min for 40 moves": the minutes first, marked
_MINUTES_FOR_MOVES = re.compile(
    r"(\d+)\s*(?:'(?!')|min\w*)\s*(?:/|x|for)\s*(\d+)\s*(?:moves?\b|mv\b|m\b)?"
)
# "40/120" (US Chess, PGN's TimeControl) or "90/40": unmarked, the smaller number the moves
_MOVES_IN = re.compile(r"(?<![\d'\"])(\d+)\s*/\s*(\d+)(?![\d'])(?!\s*(?:''|\"|s\b|sec))")
_QUANTITY = re.compile(
    r"(\d+(?:\.\d+)?)\s*(''|\"|'|min\w*|m\b|sec\w*|s\b|moves?\b|mv\b)?(?:\s*/\s*(?:move|mv|m)\b)?"
)
_PER_MOVE_AFTER = re.compile(r"^\s*(?:/\s*(?:move|mv|m)\b|per\s+move|increment|inc\b|bonus)")
_INCREMENT_BEFORE = re.compile(r"(?:\binc(?:rement)?|\bbonus|\bi)\s*[:=]?\s*$")


def minutes_for_60_moves(text: str) -> Fraction | None:
    """The time a player has for 60 moves under the control ``text``, in minutes (the time
    allotted plus 60 times the increment), or None when the text gives no time."""
    if not text or len(text) > MAX_LENGTH:
        return None
    t = text.translate(_PRIMES).lower()
    t = _FROM_MOVE.sub(" per move", t)
    t = _HOURS_MINUTES.sub(lambda m: f"{int(m[1]) * 60 + int(m[2])} min", t)
    t = _HOURS.sub(lambda m: f"{int(m[1]) * 60} min", t)
    t = _GAME_IN.sub(" ", t)
    t = _MINUTES_FOR_MOVES.sub(lambda m: f"{m[1]} min {m[2]} moves", t)
    t = _MOVES_IN.sub(_moves_and_minutes, t)
    minutes: list[Fraction] = []
    increment: Fraction | None = None
    moves = False
    for found in _QUANTITY.finditer(t):
        value, unit = Fraction(found[1]), found[2] or ""
        before, after = t[: found.start()], t[found.end() :]
        if unit.startswith("move") or unit == "mv":
            moves = True
        elif unit in ("'", "m") or unit.startswith("min"):
            minutes.append(value)
        elif _is_increment(unit, before, after):
            increment = value if increment is None else increment
        elif not minutes:
            minutes.append(value)
        elif increment is None and not moves and before.rstrip().endswith(("+", "|")):
            increment = value  # "90+30", "3|2": the increment in seconds
        else:
            minutes.append(value)  # another period's time: "40/120, 60"
    if not minutes:
        return None
    # 60 moves times the increment in seconds is that many minutes
    return sum(minutes, Fraction(0)) + (increment or 0)


def _is_increment(unit: str, before: str, after: str) -> bool:
    """A number with a second mark, or an unmarked one after ``inc`` or before "per move"."""
    if unit in ("''", '"', "s") or unit.startswith("sec"):
        return True
    return not unit and bool(_INCREMENT_BEFORE.search(before) or _PER_MOVE_AFTER.match(after))


def _moves_and_minutes(pair: re.Match[str]) -> str:
    """An unmarked ``a/b`` period: the smaller number is the move count (40 moves in 90 or 120
    minutes, written either way round)."""
    first, second = int(pair[1]), int(pair[2])
    moves, minutes = (first, second) if first <= second else (second, first)
    return f"{moves} moves {minutes} min"


def rating_type_of_minutes(minutes: Fraction | int) -> str:
    """A.1 / B.1: blitz at 10 minutes or less for 60 moves, rapid above that and below 60,
    standard from 60."""
    if minutes <= BLITZ_AT_MOST:
        return BLITZ
    if minutes < STANDARD_FROM:
        return RAPID
    return STANDARD


def rating_type(text: str) -> str:
    """The rating an event with the time control ``text`` is rated in; standard when the text
    cannot be read."""
    minutes = minutes_for_60_moves(text)
    return STANDARD if minutes is None else rating_type_of_minutes(minutes)
