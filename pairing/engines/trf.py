"""Tournament Report File (TRF) reader and writer: TRF-16 with the engine extensions, and TRF-2026.

Plain data in, plain data out. The reader understands:

* ``001`` player records (FIDE TRF-16 layout, columns 1-based): starting number at 5-8, sex at 10,
  title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79,
  points 81-84, rank 86-89, then one 10-column block per round from column 92: opponent (4),
  colour (``w``/``b``/``-``/blank), result code.
* result codes ``1 = 0`` (played), ``+ -`` (forfeits, not counted as played games), ``W D L``
  (games of less than one move), byes ``H F U Z`` and blank (absent), and ``?``: a game whose
  result is unknown, an adjourned game (TRF-2026 record 162 symbol ``X``), which scores ``X``'s
  points, a draw's unless ``162`` says otherwise; any other symbol of a game is read as ``?``
  and noted in ``adjustments`` (FIDE's checklist, Q157, Q166, Q167);
* tournament records ``012 022 032 042 052 062 072 082 092 102 112 122 132``;
* engine extensions ``XXR`` (rounds), ``XXC`` (``white1``/``black1``/``rank``), ``XXA``
  (accelerations), ``XXP`` (forbidden pairs), ``XXS`` and ``BBW BBD BBL BBZ BBF BBU`` (points);
* TRF-2026 records ``142`` (rounds), ``152`` (initial colour), ``162`` (scoring), ``192``
  (tournament type), ``240`` (pre-announced byes), ``250`` (accelerations) and ``260``
  (forbidden pairs with a round range); ``###`` comment lines, kept in order.

The format is detected (``TrfTournament.format``: TRF06, TRF16 or TRF26, :func:`_detect_format`)
and every adjustment made for what an older format lacks is listed in
``TrfTournament.adjustments`` (the checklist's Q47-Q50: a TRF06 file gives no number of rounds,
:attr:`TrfTournament.number_of_rounds` infers it).

Points are kept in tenths (``25`` means 2.5) so that all arithmetic is exact. A file is read
within :class:`TrfLimits` (players, rounds, the length of a record, forbidden pairs and
accelerations), so that what it costs to read is bounded by its size. Every error is a
:class:`TrfError` naming the line and the column. Every record is kept as written, so that
:func:`write_trf` gives the file back up to the normalisations listed in docs/trf.md. Files are
read from bytes by :func:`decode_trf` (UTF-8 with or without BOM, else Windows-1252).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = [
    "BYE_KINDS",
    "BYE_MARKER_NAMES",
    "PLAYED_CODES",
    "REQUESTED_BYE_KINDS",
    "RESULT_CODES",
    "UNKNOWN_RESULT",
    "Scoring",
    "TrfError",
    "TrfForbidden",
    "TrfLimits",
    "TrfPlayer",
    "TrfResult",
    "TrfTournament",
    "decode_trf",
    "endorsed_system",
    "format_points",
    "parse_date",
    "parse_trf",
    "write_trf",
]

#: The result code of a game whose result is unknown, an adjourned game (TRF-2026: ``?`` in the
#: round block, ``X`` in record 162); it counts as a draw for pairing (checklist Q157, Q167).
UNKNOWN_RESULT = "?"
#: Result codes of a game that was played over the board (TRF-16), an adjourned one included.
PLAYED_CODES = frozenset("1=0WDL" + UNKNOWN_RESULT)
#: Every result code the reader accepts (upper case; blank is an absence).
RESULT_CODES = frozenset("1=0WDL+-HFUZ " + UNKNOWN_RESULT)
#: A round without an opponent, by its result code: the bye it is. ``U``, and ``+`` alone, are
#: the pairing-allocated bye; ``H`` the half-point bye the player requested; ``=`` alone a half
#: point without a game that nobody requested (Swiss Master writes the odd player out given
#: half a point so, beside ``H`` for the requested byes of the same round; FIDE's tie-break
#: checker reads it as no voluntary unplayed round); ``F`` the full-point bye; ``Z``, and ``-``
#: alone, an absence (zero-point bye).
BYE_KINDS = {"U": "U", "+": "U", "H": "H", "=": "=", "F": "F", "Z": "Z", "-": "Z"}
#: The byes a player asks for before the round is paired: TRF-2026's ``240`` records.
REQUESTED_BYE_KINDS = frozenset("HFZ")


#: Names under which programs write a dummy player who only marks the bye (Swiss-Manager's
#: "spielfrei"), compared without case, spaces or punctuation.
BYE_MARKER_NAMES = frozenset(
    {"spielfrei", "bye", "freilos", "free", "dummy", "exempt", "libre", "vrij", "pauze", "pause"}
)


class TrfError(ValueError):
    """A TRF input error at ``line`` (1-based) and ``column`` (1-based, 0 if the whole line).

    ``line`` 0 is an error of the file as a whole (no player at all, a rule about every
    record): the message then says "the file", never "line 0".
    """

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        where = "the file"
        if line:
            where = f"line {line}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class TrfResult:
    """One round of a player: ``opponent`` is a starting number or ``None`` (``0000``/blank)."""

    opponent: int | None
    colour: str  # "w", "b", "-" or " "
    code: str  # upper-case result code, " " for blank

    @property
    def played(self) -> bool:
        """True for a game played over the board (forfeits are not played games)."""
        return self.opponent is not None and self.colour in "wb" and self.code in PLAYED_CODES

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and self.colour == " " and self.code == " "


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    name: str = ""
    rating: int = 0
    points: int = 0  # tenths
    results: tuple[TrfResult, ...] = ()
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    rank: int | None = None  # the rank column, None when blank
    line: int = 0

    @property
    def fide_number(self) -> int | None:
        """The FIDE id, None when blank or ``0`` (the usual placeholder for "no id")."""
        number = int(self.fide_id) if _is_number(self.fide_id) else 0
        return number or None

    @property
    def is_bye_marker(self) -> bool:
        """A dummy player who only marks the bye, as Swiss-Manager writes "spielfrei": a name
        of :data:`BYE_MARKER_NAMES` and no round against an opponent. An importer drops it."""
        name = re.sub(r"[\W_]+", "", self.name).lower()
        return name in BYE_MARKER_NAMES and all(r.opponent is None for r in self.results)


@dataclass(frozen=True)
class Scoring:
    """Points in tenths: win, draw, loss, zero-point bye/absence, forfeit loss, PAB."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    zero_bye: int = 0
    forfeit_loss: int = 0
    pab: int = 10
    adjourned: int | None = None  # record 162's X, a game whose result is unknown; None: a draw

    @property
    def unknown(self) -> int:
        """The points of a game whose result is unknown (``?``): ``X``'s, a draw's by default."""
        return self.draw if self.adjourned is None else self.adjourned


@dataclass(frozen=True)
class TrfForbidden:
    """Players who may not meet each other, from round ``first`` to ``last`` (1-based)."""

    players: tuple[int, ...]
    first: int = 1
    last: int = 9999


@dataclass(frozen=True)
class TrfTournament:
    players: tuple[TrfPlayer, ...]
    name: str = ""
    start_date: str = ""
    end_date: str = ""
    rounds: int = 0  # XXR / 142; 0 if not given
    initial_colour: str = ""  # "w", "b" or "" (not given)
    scoring: Scoring = field(default_factory=Scoring)
    system: str = ""  # 192 code, e.g. FIDE_DUTCH_2026
    use_rank: bool = False  # XXC rank
    forbidden: tuple[TrfForbidden, ...] = ()
    accelerations: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (player, per-round tenths)
    accelerations_specified: bool = False
    byes: tuple[tuple[str, int, tuple[int, ...]], ...] = ()  # 240: (type, round, players)
    other_lines: tuple[str, ...] = ()  # every other record, as written (022 032 062 ... 132)
    format: str = ""  # "TRF06", "TRF16" or "TRF26" as read (_detect_format); "" if not read
    adjustments: tuple[str, ...] = ()  # what the reader made up for the format's gaps

    @property
    def number_of_rounds(self) -> int:
        """``XXR``/``142``, or, when the file does not give it (TRF06, a TRF-16 rating report),
        the rounds its player records and its ``132`` round dates show."""
        if self.rounds:
            return self.rounds
        held = max((len(p.results) for p in self.players), default=0)
        dates = (raw for raw in self.other_lines if raw[:3] == "132")
        return max(held, _round_dates(next(dates, "")))

    def header(self, code: str) -> str:
        """The text of the first ``code`` record (e.g. ``"022"``, the city), "" if none."""
        for raw in self.other_lines:
            if raw[:3] == code:
                return raw[4:].strip()
        return ""

    @property
    def bye_markers(self) -> tuple[int, ...]:
        """Starting numbers of the dummy players who only mark the bye (``is_bye_marker``)."""
        return tuple(p.number for p in self.players if p.is_bye_marker)


@dataclass(frozen=True)
class TrfLimits:
    """What one file may ask of the reader, refused with a :class:`TrfError` as it is read.

    The defaults are the format's own bounds (four columns for a starting number, three for a
    round); an application passes its own. A record is at most :attr:`line_length` characters
    (a player record with a block for every round, and blanks after it); the forbidden pairs
    of all ``XXP``/``260`` groups together and the player-rounds all ``250`` records write are
    bounded too, since a short record can name very many of either.
    """

    players: int = 9999
    rounds: int = 999
    forbidden_pairs: int = 50_000
    acceleration_cells: int = 500_000  # every round of 5000 players in 99 rounds

    @property
    def line_length(self) -> int:
        return 100 + 10 * self.rounds


def decode_trf(raw: bytes) -> str:
    """The text of a TRF file: UTF-8 (a BOM is dropped), else Windows-1252, where the five
    bytes that code page leaves undefined are read as Latin-1. Every reader uses this."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1").translate(_CP1252)


#: Latin-1 to Windows-1252: the code points 0x80-0x9F that Windows-1252 defines otherwise.
_CP1252 = {
    code: bytes([code]).decode("cp1252")
    for code in range(0x80, 0xA0)
    if code not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}


_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january", "januar", "janvier", "enero", "gennaio"),
            ("feb", "february", "februar", "fevrier", "février", "febrero", "febbraio"),
            ("mar", "march", "märz", "maerz", "mars", "marzo"),
            ("apr", "april", "avril", "abril", "aprile"),
            ("may", "mai", "mayo", "maggio"),
            ("jun", "june", "juni", "juin", "junio", "giugno"),
            ("jul", "july", "juli", "juillet", "julio", "luglio"),
            ("aug", "august", "aout", "août", "agosto"),
            ("sep", "sept", "september", "septembre", "septiembre", "settembre"),
            ("oct", "okt", "october", "oktober", "octobre", "octubre", "ottobre"),
            ("nov", "november", "novembre", "noviembre"),
            ("dec", "dez", "december", "dezember", "decembre", "décembre", "diciembre", "dicembre"),
        ),
        start=1,
    )
    for name in names
}
_NUMERIC_DATE = re.compile(r"^(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})\.?$")
_MONTH_NAME_DATE = re.compile(
    r"^(?:(\d{1,2})\.?\s+([^\W\d]+)\.?|([^\W\d]+)\.?\s+(\d{1,2}),?)\s+(\d{4})$"
)


def parse_date(text: str) -> datetime.date | None:
    """A date as programs write it in ``042``, ``052``, ``132`` or a birth date; None if the
    text is no date (a year alone, ``2005/00/00``, blank).

    - Year first (four digits): ``2005/07/28``, ``2005-07-28``, ``2005.07.28``: year, month, day.
    - Year last: ``28/07/2005``, ``28. 07. 2005``, ``28-07-2005``: day, month, year (the
      European order every TRF-writing program uses); ``07/28/2005`` is read month first only
      when the second number cannot be a month (over 12).
    - Two-digit years (``24/09/10``, as ``132`` writes them: ``YY/MM/DD``) are year first,
      20YY.
    - Month names in English, German, French, Spanish or Italian: ``May 29, 2020``,
      ``29 May 2020``, ``29. Mai 2020``.
    """
    value = text.strip()
    m = _NUMERIC_DATE.match(value)
    if m:
        a, b, c = (int(x) for x in m.groups())
        if len(m.group(1)) == 4:
            year, month, day = a, b, c
        elif len(m.group(3)) == 4:
            year, month, day = (c, a, b) if b > 12 >= a else (c, b, a)
        else:
            year, month, day = 2000 + a, b, c
        return _date(year, month, day)
    m = _MONTH_NAME_DATE.match(value)
    if m:
        day_text, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month_number = _MONTHS.get(name.lower())
        return _date(int(m.group(5)), month_number, int(day_text)) if month_number else None
    return None


def _date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def endorsed_system(system: str) -> str:
    """The ``192`` spelling the endorsed engine reads for a tournament type we write.

    bbpPairings 6 accepts exactly ``FIDE_DUTCH``, ``FIDE_DUTCH_2025``, ``FIDE_DUTCH_BAKU`` and
    ``FIDE_DUTCH_2025_BAKU`` (2025 is the draft name of the rules applied from 2026), so the
    2026 rules are written ``FIDE_DUTCH_2025``. The 2017 rules keep ETT26's
    ``FIDE_DUTCH_2017``: the engines that pair by them (bbpPairings 5, JaVaFo) ignore ``192``,
    and bbpPairings 6, which cannot pair by them, refuses it rather than pair by others.
    """
    code = system.strip().upper()
    baku = code.endswith("_BAKU")
    base = code.removesuffix("_BAKU")
    if base == "FIDE_DUTCH_2026":
        base = "FIDE_DUTCH_2025"
    return base + ("_BAKU" if baku else "") if base else ""


_POINTS_RE = re.compile(r"^\s*(\d{1,4})(?:[.,](\d))?\s*$")


def _points(text: str, line: int, column: int, what: str = "points") -> int:
    m = _POINTS_RE.match(text)
    if not m:
        raise TrfError(line, column, f"invalid {what} {text.strip()!r}")
    return int(m.group(1)) * 10 + int(m.group(2) or 0)


def format_points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def _is_number(s: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int`` refuses."""
    return s.isascii() and s.isdigit()


def _int(text: str, line: int, column: int, what: str) -> int:
    s = text.strip()
    if not _is_number(s):
        raise TrfError(line, column, f"invalid {what} {s[:20]!r}")
    if len(s) > 9:
        raise TrfError(line, column, f"{what} {s[:20]}... is too large")
    return int(s)


def _col(s: str, a: int, b: int) -> str:
    """Columns a..b, 1-based inclusive, padded with blanks."""
    return s[a - 1 : b].ljust(b - a + 1)


def _round_dates(raw: str) -> int:
    """TRF-16 record 132: how many round dates it writes (round r at 92+10(r-1), 8 columns)."""
    return sum(1 for col in range(92, len(raw) + 1, 10) if _col(raw, col, col + 7).strip())


def _parse_player(raw: str, lineno: int, notes: list[str]) -> TrfPlayer:
    """TRF-16 record 001: a player's identity columns, points and rank, then the round blocks
    (an adjustment made to one of them is added to ``notes``)."""
    if len(raw) < 84:
        raise TrfError(lineno, len(raw) + 1, "player record shorter than 84 columns (points)")
    number = _int(_col(raw, 5, 8), lineno, 5, "starting number")
    if number == 0:
        raise TrfError(lineno, 5, "starting number 0")
    rating_s = _col(raw, 49, 52).strip()
    rating = _int(rating_s, lineno, 49, "rating") if rating_s else 0
    points = _points(_col(raw, 81, 84), lineno, 81)
    rank_s = _col(raw, 86, 89).strip()
    rank = int(rank_s) if _is_number(rank_s) else None
    results = [_round_block(raw, col, number, lineno, notes) for col in range(92, len(raw) + 1, 10)]
    while results and results[-1].is_blank:
        results.pop()
    return TrfPlayer(
        number=number,
        name=_col(raw, 15, 47).strip(),
        rating=rating,
        points=points,
        results=tuple(results),
        sex=_col(raw, 10, 10).strip(),
        title=_col(raw, 11, 13).strip(),
        federation=_col(raw, 54, 56).strip(),
        fide_id=_col(raw, 58, 68).strip(),
        birth=_col(raw, 70, 79).rstrip(),  # keeps its columns: "    /  /" (no year) too
        rank=rank,
        line=lineno,
    )


def _round_block(raw: str, col: int, number: int, lineno: int, notes: list[str]) -> TrfResult:
    """TRF-16 record 001, one round from column ``col``: opponent (4 columns), blank, colour,
    blank, result code; a bye has no opponent, a game played over the board has a colour. A
    game's result symbol that no format defines is read as an unknown result (``?``, checklist
    Q166) and noted; a round without an opponent has no result to be unknown, and is refused."""
    block = _col(raw, col, col + 7)
    if block[4] != " " or block[6] != " ":
        bad = col + 4 if block[4] != " " else col + 6
        raise TrfError(lineno, bad, "unexpected character in a round block")
    opponent = _opponent(block[0:4], col, number, lineno)
    colour = block[5]
    code = block[7].upper()
    if colour not in "wb- ":
        raise TrfError(lineno, col + 5, f"invalid colour {colour!r}")
    if code not in RESULT_CODES and opponent is not None and colour in "wb":
        notes.append(
            f"line {lineno}, column {col + 7}: result {block[7]!r} of player {number} against "
            f"{opponent} is no TRF result code: read as an unknown result (?)"
        )
        code = UNKNOWN_RESULT
    if code not in RESULT_CODES:
        raise TrfError(lineno, col + 7, f"unknown result code {block[7]!r}")
    if code in "HFUZ" and opponent is not None:
        raise TrfError(lineno, col + 7, f"bye code {code!r} with an opponent")
    if code in PLAYED_CODES and code != " ":
        if opponent is None and not (code == "=" and colour in "- "):
            raise TrfError(lineno, col, f"result {code!r} without an opponent")
        if opponent is not None and colour not in "wb":
            raise TrfError(lineno, col + 5, "played game without a colour")
    if opponent is None and colour in "wb":
        raise TrfError(lineno, col + 5, "colour without an opponent")
    return TrfResult(opponent, colour, code)


def _opponent(text: str, col: int, number: int, lineno: int) -> int | None:
    """TRF-16 record 001: the opponent's starting number; None for ``0000`` or blank (a bye)."""
    if text.strip() in ("", "0000"):
        return None
    opponent = _int(text, lineno, col, "opponent")
    if opponent == number:
        raise TrfError(lineno, col, "player paired against themselves")
    return opponent or None


def _ids(text: str, lineno: int, start_col: int, step: int = 5) -> tuple[int, ...]:
    out = []
    col = start_col
    while col <= len(text):
        chunk = _col(text, col, col + 3)
        if chunk.strip():
            v = _int(chunk, lineno, col, "player number")
            if v == 0:
                raise TrfError(lineno, col, "player number 0")
            out.append(v)
        col += step
    return tuple(out)


def parse_trf(text: str, limits: TrfLimits = TrfLimits(), *, teams: bool = False) -> TrfTournament:
    """Parse TRF text (lines ending in CR, LF or CRLF) into a :class:`TrfTournament`.

    A team record (``013``, ``310``) is refused unless ``teams``: then every team record is
    kept as written in ``other_lines``, for :mod:`pairing.engines.trf_team` to read."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    _check_lengths(lines, limits)
    reader = _TrfReader(limits)
    reader.teams = teams
    for lineno, raw in enumerate(lines, start=1):
        reader.read(raw, lineno)
    return reader.tournament()


#: The scoring fields a ``162`` symbol sets (TRF-2026 record 162).
_SCORING_162 = {
    "W": ("win",),
    "D": ("draw",),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "P": ("pab",),
    "X": ("adjourned",),
}
#: The scoring field each of bbpPairings' ``BBW BBD BBL BBZ BBF BBU`` records sets.
_SCORING_BB = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pab",
}
#: The scoring fields a JaVaFo ``XXS`` item sets (``HPB FPB FW`` are read and ignored; ``W``
#: sets the pairing-allocated bye too, whatever was said of it before).
_SCORING_XXS = {
    "WW": ("win",),
    "BW": ("win",),
    "W": ("win", "pab"),
    "WD": ("draw",),
    "BD": ("draw",),
    "D": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_bye",),
    "FL": ("forfeit_loss",),
    "PAB": ("pab",),
    "HPB": (),
    "FPB": (),
    "FW": (),
}
#: Records whose text is a field of the tournament as written: TRF-16 ``012`` (name), ``042``
#: and ``052`` (dates), TRF-2026 ``192`` (tournament type).
_TEXT_RECORDS = {"012": "name", "042": "start_date", "052": "end_date", "192": "system"}


class _TrfReader:
    """What :func:`parse_trf` has read so far, one record at a time, within ``limits``."""

    def __init__(self, limits: TrfLimits) -> None:
        self.limits = limits
        self.players: list[TrfPlayer] = []
        self.line_of: dict[int, int] = {}  # starting number -> line of its 001 record
        self.fields: dict[str, Any] = {}  # TrfTournament fields set by a record
        self.scoring: dict[str, int] = {}
        self.pab_explicit = False  # the PAB was given itself: a win's points no longer set it
        self.forbidden: list[TrfForbidden] = []
        self.forbidden_pairs = 0
        self.accelerations: dict[int, list[int]] = {}
        self.accelerations_specified = False
        self.acceleration_cells = 0
        self.byes: list[tuple[str, int, tuple[int, ...]]] = []
        self.other: list[str] = []
        self.codes: set[str] = set()  # the record codes read, for _detect_format
        self.notes: list[str] = []  # the adjustments made, TrfTournament.adjustments
        self.teams = False  # team records (013, 310) kept as written rather than refused

    def read(self, raw: str, lineno: int) -> None:
        """One line: blank lines are skipped, ``###`` comments and unknown records kept."""
        if len(raw.strip()) == 0:
            return
        if raw.startswith("###"):
            self.codes.add("###")
            self.other.append(raw.rstrip())
            return
        if len(raw) < 3:
            raise TrfError(lineno, 1, "line too short for a record code")
        self.codes.add(raw[:3])
        _RECORDS.get(raw[:3], _TrfReader.other_record)(self, raw, lineno)

    def tournament(self) -> TrfTournament:
        """The file read: its players in starting-number order, every opponent one of them."""
        if not self.players:
            raise TrfError(0, 0, "no player records (001)")
        players = sorted(self.players, key=lambda p: p.number)
        _check_opponents(players)
        read = TrfTournament(
            players=tuple(players),
            scoring=Scoring(**self.scoring),
            forbidden=tuple(self.forbidden),
            accelerations=tuple((k, tuple(v)) for k, v in sorted(self.accelerations.items())),
            accelerations_specified=self.accelerations_specified,
            byes=tuple(self.byes),
            other_lines=tuple(self.other),
            **self.fields,
        )
        return _adjusted(read, _detect_format(self.codes, players), self.notes)

    def other_record(self, raw: str, lineno: int) -> None:
        """Any other record (022 032 062 ... 132, or one we do not know), kept as written."""
        self.other.append(raw)

    def player(self, raw: str, lineno: int) -> None:
        """TRF-16 record 001: a player, whose starting number is new and within the limits."""
        p = _parse_player(raw, lineno, self.notes)
        if p.number > self.limits.players:
            raise TrfError(lineno, 5, f"starting number {p.number}: {_most(self.limits)}")
        if p.number in self.line_of:
            raise TrfError(
                lineno, 5, f"starting number {p.number} repeated (line {self.line_of[p.number]})"
            )
        self.line_of[p.number] = lineno
        self.players.append(p)

    def text(self, raw: str, lineno: int) -> None:
        """TRF-16 records 012, 042, 052 and TRF-2026 record 192: their text, as written."""
        self.fields[_TEXT_RECORDS[raw[:3]]] = raw[3:].strip()

    def rounds(self, raw: str, lineno: int) -> None:
        """``XXR`` (engine extension) or TRF-2026 record 142: the number of rounds."""
        rounds = _int(raw[3:], lineno, 5, "number of rounds")
        if rounds <= 0:
            raise TrfError(lineno, 5, "number of rounds must be positive")
        if rounds > self.limits.rounds:
            raise TrfError(lineno, 5, f"more than {self.limits.rounds} rounds")
        self.fields["rounds"] = rounds

    def configuration(self, raw: str, lineno: int) -> None:
        """``XXC`` (engine extension): ``rank`` (pair by the rank column), ``white1`` or
        ``black1`` (the top player's colour in round 1); other words are ignored."""
        for word in raw[3:].split():
            if word == "rank":
                self.fields["use_rank"] = True
            elif word == "white1":
                self.fields["initial_colour"] = "w"
            elif word == "black1":
                self.fields["initial_colour"] = "b"

    def initial_colour(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 152: the top player's colour in round 1, ``W`` or ``B``."""
        colour = raw[3:].strip()
        if colour not in ("W", "B", "w", "b"):
            raise TrfError(lineno, 5, f"initial colour must be W or B, not {colour!r}")
        self.fields["initial_colour"] = colour.lower()

    def score(self, name: str, tenths: int) -> None:
        """Set one scoring field: a win's points are the PAB's too until the PAB is given."""
        self.scoring[name] = tenths
        if name == "win" and not self.pab_explicit:
            self.scoring["pab"] = tenths
        if name == "pab":
            self.pab_explicit = True

    def scoring_162(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 162: 9-column items from column 6, a symbol then the points."""
        col = 6
        while col + 4 <= len(raw):
            sym = raw[col - 1]
            if sym == " " and not _col(raw, col, col + 4).strip():
                col += 9
                continue
            tenths = _points(_col(raw, col + 1, col + 4), lineno, col + 1)
            if sym not in _SCORING_162:
                raise TrfError(lineno, col, f"unknown scoring symbol {sym!r}")
            for name in _SCORING_162[sym]:
                self.score(name, tenths)
            col += 9

    def scoring_bb(self, raw: str, lineno: int) -> None:
        """bbpPairings' ``BBW BBD BBL BBZ BBF BBU``: the points of one result."""
        self.score(_SCORING_BB[raw[:3]], _points(raw[3:], lineno, 5))

    def scoring_xxs(self, raw: str, lineno: int) -> None:
        """JaVaFo's ``XXS``: ``CODE=points`` items (:data:`_SCORING_XXS`)."""
        for item in raw[3:].split():
            if "=" not in item:
                raise TrfError(lineno, 5, f"invalid XXS item {item!r}")
            code, value = item.split("=", 1)
            tenths = _points(value, lineno, 5)
            names = _SCORING_XXS.get(code.upper())
            if names is None:
                raise TrfError(lineno, 5, f"unknown XXS code {code!r}")
            for name in names:
                self.scoring[name] = tenths
            if code.upper() == "PAB":
                self.pab_explicit = True

    def forbid(self, forbidden: TrfForbidden, lineno: int) -> None:
        """Keep a group of players who may not meet; all groups' pairs stay within the limit."""
        self.forbidden.append(forbidden)
        group = len(forbidden.players)
        self.forbidden_pairs += group * (group - 1) // 2
        if self.forbidden_pairs > self.limits.forbidden_pairs:
            raise TrfError(lineno, 0, f"more than {self.limits.forbidden_pairs} forbidden pairs")

    def forbidden_xxp(self, raw: str, lineno: int) -> None:
        """``XXP`` (engine extension): players who may not meet, in any round."""
        ids = []
        for word in raw[3:].split():
            if not _is_number(word) or len(word) > 9 or int(word) == 0:
                raise TrfError(lineno, raw.find(word) + 1, f"invalid player number {word[:20]!r}")
            ids.append(int(word))
        self.forbid(TrfForbidden(tuple(ids)), lineno)

    def forbidden_260(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 260: players who may not meet from a first to a last round."""
        first = _int(_col(raw, 5, 7), lineno, 5, "first round")
        last = _int(_col(raw, 9, 11), lineno, 9, "last round")
        self.forbid(TrfForbidden(_ids(raw, lineno, 13), first, last), lineno)

    def acceleration_xxa(self, raw: str, lineno: int) -> None:
        """``XXA`` (engine extension): a player's added points, round by round from column 10."""
        pid = _int(_col(raw, 5, 8), lineno, 5, "player number")
        if pid > self.limits.players:
            raise TrfError(lineno, 5, f"acceleration for player {pid}: {_most(self.limits)}")
        vals = []
        for col in range(10, len(raw) - 2, 5):
            chunk = _col(raw, col, col + 3)
            vals.append(_points(chunk, lineno, col, "acceleration") if chunk.strip() else 0)
        self.accelerations[pid] = vals
        self.accelerations_specified = True

    def acceleration_250(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 250: points added to a range of players over a range of rounds."""
        tenths = _points(_col(raw, 10, 13), lineno, 10, "acceleration points")
        r1 = _int(_col(raw, 15, 17), lineno, 15, "first round")
        r2 = _int(_col(raw, 19, 21), lineno, 19, "last round")
        p1 = _int(_col(raw, 23, 26), lineno, 23, "first player")
        p2 = _int(_col(raw, 28, 31), lineno, 28, "last player")
        if r2 > self.limits.rounds:
            raise TrfError(lineno, 19, f"acceleration in round {r2}: {self.limits.rounds} at most")
        if p2 > self.limits.players:
            raise TrfError(lineno, 28, f"acceleration for player {p2}: {_most(self.limits)}")
        self.acceleration_cells += max(p2 - p1 + 1, 0) * max(r2 - r1 + 1, 0)
        if self.acceleration_cells > self.limits.acceleration_cells:
            raise TrfError(
                lineno,
                0,
                f"accelerations for more than {self.limits.acceleration_cells} player-rounds",
            )
        for pid in range(p1, p2 + 1):
            vals = self.accelerations.setdefault(pid, [])
            if len(vals) < r2:
                vals.extend([0] * (r2 - len(vals)))
            if r1 <= r2:
                vals[max(r1, 1) - 1 : r2] = [tenths] * (r2 - max(r1, 1) + 1)
        self.accelerations_specified = True

    def requested_byes(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 240: the players who asked for a bye (``F``, ``H`` or ``Z``) in a
        round before it is paired."""
        kind = _col(raw, 5, 5)
        if kind not in ("F", "H", "Z"):
            raise TrfError(lineno, 5, f"bye type must be F, H or Z, not {kind!r}")
        rnd = _int(_col(raw, 7, 9), lineno, 7, "round")
        if rnd > self.limits.rounds:
            raise TrfError(lineno, 7, f"bye in round {rnd}: {self.limits.rounds} rounds at most")
        self.byes.append((kind, rnd, _ids(raw, lineno, 11)))

    def team_record(self, raw: str, lineno: int) -> None:
        """TRF-16 record 013 and TRF-2026 record 310: teams, kept as written when the file is
        read as a team file (:mod:`pairing.engines.trf_team`), refused otherwise."""
        if self.teams:
            self.other.append(raw)
            return
        raise TrfError(lineno, 1, "team tournaments are not supported")

    def abnormal_points(self, raw: str, lineno: int) -> None:
        """TRF-2026 record 299: points given outside the results, which no engine here reads."""
        raise TrfError(lineno, 1, "abnormal points (299) are not supported")


_Record = Callable[[_TrfReader, str, int], None]
#: What each record code does; a code not listed is kept as written (:meth:`other_record`).
_RECORDS: dict[str, _Record] = {
    "001": _TrfReader.player,
    **dict.fromkeys(_TEXT_RECORDS, _TrfReader.text),
    "XXR": _TrfReader.rounds,
    "142": _TrfReader.rounds,
    "XXC": _TrfReader.configuration,
    "152": _TrfReader.initial_colour,
    "162": _TrfReader.scoring_162,
    **dict.fromkeys(_SCORING_BB, _TrfReader.scoring_bb),
    "XXS": _TrfReader.scoring_xxs,
    "XXP": _TrfReader.forbidden_xxp,
    "260": _TrfReader.forbidden_260,
    "XXA": _TrfReader.acceleration_xxa,
    "250": _TrfReader.acceleration_250,
    "240": _TrfReader.requested_byes,
    "013": _TrfReader.team_record,
    "310": _TrfReader.team_record,
    "299": _TrfReader.abnormal_points,
}


#: Records TRF-2026 added (comments ``###`` too): a file with one of them is a TRF26 file.
_TRF26_RECORDS = frozenset(
    {"###", "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260"}
    | {"299", "300", "310", "320", "330", "352", "362", "801", "802"}
)
#: Records a TRF-16 file may add to TRF06's (``001 012``-``132 013``): the pairing engines'
#: extensions, written with TRF-16 (JaVaFo's TRF(x), bbpPairings).
_TRF16_RECORDS = frozenset({"XXR", "XXC", "XXA", "XXP", "XXS", *_SCORING_BB})
#: Titles as TRF-16 writes them (columns 11-13); TRF06 wrote one or two letters (``g m f c wg
#: wm wf wc``).
_TRF16_TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})


def _detect_format(codes: set[str], players: list[TrfPlayer]) -> str:
    """TRF26 when a record only TRF-2026 defines is there; TRF16 when an engine extension is,
    or a title is written the TRF-16 way; otherwise TRF06 (Krause's 2006 format, whose records
    TRF-16 kept: the two differ in how a file is written, not in what it can say)."""
    if codes & _TRF26_RECORDS:
        return "TRF26"
    if codes & _TRF16_RECORDS or any(p.title.upper() in _TRF16_TITLES for p in players):
        return "TRF16"
    return "TRF06"


def _adjusted(t: TrfTournament, fmt: str, notes: list[str]) -> TrfTournament:
    """The tournament with its format and the adjustments made for the format's gaps: the
    number of rounds inferred when no ``XXR``/``142`` gives it, the points of an unknown result
    taken as a draw's when ``162`` gives no ``X``."""
    adjustments = list(notes)
    if not t.rounds:
        adjustments.append(
            f"no number of rounds (XXR or 142): {t.number_of_rounds} inferred from the "
            "player records and the round dates (132)"
        )
    unknown = any(r.code == UNKNOWN_RESULT for p in t.players for r in p.results)
    if unknown and t.scoring.adjourned is None:
        adjustments.append(
            "games with an unknown result (?) count as draws: no X in record 162 says otherwise"
        )
    return replace(t, format=fmt, adjustments=tuple(adjustments))


def _check_opponents(players: list[TrfPlayer]) -> None:
    """TRF-16 record 001: every opponent named in a round block is a player of the file."""
    numbers = {p.number for p in players}
    for p in players:
        for r, res in enumerate(p.results):
            if res.opponent is not None and res.opponent not in numbers:
                raise TrfError(p.line, 92 + 10 * r, f"unknown opponent {res.opponent}")


def _check_lengths(lines: list[str], limits: TrfLimits) -> None:
    """No record is longer than a player record with a block for every round allowed."""
    for lineno, raw in enumerate(lines, start=1):
        if len(raw) > limits.line_length:
            raise TrfError(
                lineno,
                limits.line_length + 1,
                f"the record is longer than {limits.line_length} characters "
                f"(a player record of {limits.rounds} rounds)",
            )


def _most(limits: TrfLimits) -> str:
    return f"a file has at most {limits.players} players"


def _player_line(p: TrfPlayer) -> str:
    rank = "" if p.rank is None else str(p.rank)
    head = (
        f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth[:10]:<10} {format_points(p.points):>4} {rank:>4}"
    )
    parts = [head]
    for res in p.results:
        opp = "0000" if res.opponent is None else f"{res.opponent:>4}"
        if res.is_blank or (res.opponent is None and res.colour == " "):
            opp = "    "  # a bye written without opponent number (lichess): kept so
        parts.append(f"  {opp} {res.colour} {res.code}")
    return "".join(parts).rstrip()


def write_trf(t: TrfTournament, *, newline: str = "\n", legacy: bool = False) -> str:
    """Write a TRF-2026 file (with the legacy ``XXR``/``XXC`` lines for older engines).

    ``###`` comments that open the file come first; header records follow in the order of
    their codes, then the other ``###`` comments and the other records as read, then the engine
    records and the players.
    Control characters in any field (a line break in a name, say) are written as blanks: no
    text can forge a record. ``192`` is written as the endorsed engine reads it
    (:func:`endorsed_system`).

    With ``legacy`` the file is TRF-16 with the engines' extensions only: none of the TRF-2026
    records ``142 152 162 192 240 250 260``. Rounds and the initial colour stay as ``XXR`` and
    ``XXC``, forbidden pairs as ``XXP`` (TRF-16 has no round range: a ranged pair is written
    without it), a scoring other than 1/½/0 as bbpPairings' ``BBW BBD BBL BBZ BBF BBU``.
    Pre-announced byes (``240``) are dropped: TRF-16 carries them as ``0000 - H/Z/F`` in the
    round to pair, which is where the app's export writes them anyway.
    """
    out = _header_lines(t)
    out += _rounds_and_colour_lines(t, legacy)
    unknown = any(r.code == UNKNOWN_RESULT for p in t.players for r in p.results)
    if legacy and t.scoring != Scoring():
        out += _bb_scoring_lines(t.scoring)
    elif not legacy and (unknown or t.scoring != Scoring()):
        out.append(_scoring_162_line(t.scoring, unknown))
    if t.system and not legacy:
        out.append(f"192 {endorsed_system(t.system)}")
    out += [_forbidden_line(f, legacy) for f in t.forbidden]
    if not legacy:
        for kind, rnd, bye_ids in t.byes:
            out.append(f"240 {kind} {rnd:>3} " + " ".join(f"{x:>4}" for x in bye_ids))
    for pid, vals in t.accelerations:
        out.append(f"XXA {pid:>4} " + " ".join(f"{format_points(v):>4}" for v in vals))
    out.extend(_player_line(p) for p in t.players)
    return newline.join(_CONTROL.sub(" ", line).rstrip() for line in out) + newline


def _header_lines(t: TrfTournament) -> list[str]:
    """The ``###`` comments that open the file (a generator's seed line), the tournament header
    records (012 ... 132) in the order of their codes, the other ``###`` comments in their order
    (an export's paper trail), then every other record kept as read."""
    lines = list(t.other_lines)
    opening = 0
    while opening < len(lines) and lines[opening].startswith("###"):
        opening += 1
    out = lines[:opening]
    rest = lines[opening:]
    headers = [(code, f"{code} {text}") for code, text in _own_headers(t) if text]
    headers += [(raw[:3], raw) for raw in rest if _HEADER.match(raw[:3])]
    out += [raw for _, raw in sorted(headers, key=lambda item: item[0])]
    out += [raw for raw in rest if raw.startswith("###")]
    out += [raw for raw in rest if not _HEADER.match(raw[:3]) and not raw.startswith("###")]
    return out


def _rounds_and_colour_lines(t: TrfTournament, legacy: bool) -> list[str]:
    """The number of rounds (TRF-2026 ``142``, and ``XXR``) and the top player's colour in
    round 1 (``152``, and ``XXC white1``/``black1``)."""
    out = []
    if t.rounds:
        if not legacy:
            out.append(f"142 {t.rounds}")
        out.append(f"XXR {t.rounds}")
    if t.initial_colour:
        if not legacy:
            out.append(f"152 {t.initial_colour.upper()}")
        out.append("XXC " + ("white1" if t.initial_colour == "w" else "black1"))
    return out


def _bb_scoring_lines(s: Scoring) -> list[str]:
    """bbpPairings' ``BBW BBD BBL BBZ BBF BBU``: the points of each result."""
    values = (s.win, s.draw, s.loss, s.zero_bye, s.forfeit_loss, s.pab)
    return [f"{code} {format_points(v):>4}" for code, v in zip(_SCORING_BB, values, strict=True)]


def _scoring_162_line(s: Scoring, unknown: bool = False) -> str:
    """TRF-2026 record 162: the points of a win, draw, loss, absence and PAB, and of an unknown
    result (``X``) when a game has one (``?``) or the file gave them."""
    items = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zero_bye), ("P", s.pab)]
    if unknown or s.adjourned is not None:
        items.append(("X", s.unknown))
    return "162  " + "".join(f"{sym}{format_points(v):>4}    " for sym, v in items).rstrip()


def _forbidden_line(f: TrfForbidden, legacy: bool) -> str:
    """``XXP`` for players who may never meet (and for every group in a legacy file), else
    TRF-2026 record 260 with its round range."""
    if legacy or (f.first == 1 and f.last == 9999):
        return "XXP " + " ".join(str(x) for x in f.players)
    ids = " ".join(f"{x:>4}" for x in f.players)
    return f"260 {f.first:>3} {f.last:>3} {ids}"


#: Tournament header records (012 ... 132), written first in the order of their codes.
_HEADER = re.compile(r"^(0[1-9]2|1[0-3]2)$")
#: Control characters, line breaks included (also the Unicode ones): the writer puts a blank
#: in their place, so no text field can start a record of its own.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _own_headers(t: TrfTournament) -> tuple[tuple[str, str], ...]:
    return (("012", t.name), ("042", t.start_date), ("052", t.end_date))
