"""Tournament Report File (TRF) reader and writer: TRF-16 with the engine extensions, and TRF-2026.

Plain data in, plain data out. The reader understands:

* ``001`` player records (FIDE TRF-16 layout, columns 1-based): starting number at 5-8, sex at 10,
  title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79,
  points 81-84, rank 86-89, then one 10-column block per round from column 92: opponent (4),
  colour (``w``/``b``/``-``/blank), result code.
* result codes ``1 = 0`` (played), ``+ -`` (forfeits, not counted as played games), ``W D L``
  (games of less than one move), byes ``H F U Z`` and blank (absent);
* tournament records ``012 022 032 042 052 062 072 082 092 102 112 122 132``;
* engine extensions ``XXR`` (rounds), ``XXC`` (``white1``/``black1``/``rank``), ``XXA``
  (accelerations), ``XXP`` (forbidden pairs), ``XXS`` and ``BBW BBD BBL BBZ BBF BBU`` (points);
* TRF-2026 records ``142`` (rounds), ``152`` (initial colour), ``162`` (scoring), ``192``
  (tournament type), ``240`` (pre-announced byes), ``250`` (accelerations) and ``260``
  (forbidden pairs with a round range); ``###`` comment lines.

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
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "BYE_KINDS",
    "BYE_MARKER_NAMES",
    "PLAYED_CODES",
    "REQUESTED_BYE_KINDS",
    "RESULT_CODES",
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

#: Result codes of a game that was played over the board (TRF-16).
PLAYED_CODES = frozenset("1=0WDL")
#: Every result code the reader accepts (upper case; blank is an absence).
RESULT_CODES = frozenset("1=0WDL+-HFUZ ")
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


def _parse_player(raw: str, lineno: int) -> TrfPlayer:
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
    results: list[TrfResult] = []
    col = 92
    while col <= len(raw):
        block = _col(raw, col, col + 7)
        opp_s = block[0:4]
        colour = block[5]
        code = block[7].upper()
        if block[4] != " " or block[6] != " ":
            bad = col + 4 if block[4] != " " else col + 6
            raise TrfError(lineno, bad, "unexpected character in a round block")
        if opp_s.strip() in ("", "0000"):
            opponent = None
            if opp_s.strip() and not opp_s.strip() == "0000":
                raise TrfError(lineno, col, f"invalid opponent {opp_s!r}")
        else:
            opponent = _int(opp_s, lineno, col, "opponent")
            if opponent == 0:
                opponent = None
            elif opponent == number:
                raise TrfError(lineno, col, "player paired against themselves")
        if colour not in "wb- ":
            raise TrfError(lineno, col + 5, f"invalid colour {colour!r}")
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
        results.append(TrfResult(opponent, colour, code))
        col += 10
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


def parse_trf(text: str, limits: TrfLimits = TrfLimits()) -> TrfTournament:
    """Parse TRF text (lines ending in CR, LF or CRLF) into a :class:`TrfTournament`."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    _check_lengths(lines, limits)
    pairs = cells = 0
    players: list[TrfPlayer] = []
    seen: dict[int, int] = {}
    kw: dict[str, Any] = {}
    scoring = {}
    pab_explicit = False
    forbidden: list[TrfForbidden] = []
    accel: dict[int, list[int]] = {}
    accel_spec = False
    byes: list[tuple[str, int, tuple[int, ...]]] = []
    other: list[str] = []
    for lineno, raw in enumerate(lines, start=1):
        if len(raw.strip()) == 0:
            continue
        if raw.startswith("###"):
            other.append(raw.rstrip())
            continue
        if len(raw) < 3:
            raise TrfError(lineno, 1, "line too short for a record code")
        code = raw[:3]
        rest = raw[3:]
        if code == "001":
            p = _parse_player(raw, lineno)
            if p.number > limits.players:
                raise TrfError(lineno, 5, f"starting number {p.number}: {_most(limits)}")
            if p.number in seen:
                raise TrfError(
                    lineno, 5, f"starting number {p.number} repeated (line {seen[p.number]})"
                )
            seen[p.number] = lineno
            players.append(p)
        elif code == "012":
            kw["name"] = rest.strip()
        elif code == "042":
            kw["start_date"] = rest.strip()
        elif code == "052":
            kw["end_date"] = rest.strip()
        elif code in ("XXR", "142"):
            kw["rounds"] = _int(rest, lineno, 5, "number of rounds")
            if kw["rounds"] <= 0:
                raise TrfError(lineno, 5, "number of rounds must be positive")
            if kw["rounds"] > limits.rounds:
                raise TrfError(lineno, 5, f"more than {limits.rounds} rounds")
        elif code == "XXC":
            for tok in rest.split():
                if tok == "rank":
                    kw["use_rank"] = True
                elif tok == "white1":
                    kw["initial_colour"] = "w"
                elif tok == "black1":
                    kw["initial_colour"] = "b"
        elif code == "152":
            c = rest.strip()
            if c not in ("W", "B", "w", "b"):
                raise TrfError(lineno, 5, f"initial colour must be W or B, not {c!r}")
            kw["initial_colour"] = c.lower()
        elif code == "162":
            col = 6
            while col + 4 <= len(raw):
                sym = raw[col - 1]
                if sym == " " and not _col(raw, col, col + 4).strip():
                    col += 9
                    continue
                val = _points(_col(raw, col + 1, col + 4), lineno, col + 1)
                if sym == "W":
                    scoring["win"] = val
                    if not pab_explicit:
                        scoring["pab"] = val
                elif sym == "D":
                    scoring["draw"] = val
                elif sym == "L":
                    scoring["loss"] = val
                elif sym == "A":
                    scoring["zero_bye"] = val
                    scoring["forfeit_loss"] = val
                elif sym == "P":
                    scoring["pab"] = val
                    pab_explicit = True
                elif sym == "X":
                    pass
                else:
                    raise TrfError(lineno, col, f"unknown scoring symbol {sym!r}")
                col += 9
        elif code in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            val = _points(rest, lineno, 5)
            name = {
                "BBW": "win",
                "BBD": "draw",
                "BBL": "loss",
                "BBZ": "zero_bye",
                "BBF": "forfeit_loss",
                "BBU": "pab",
            }[code]
            scoring[name] = val
            if code == "BBW" and not pab_explicit:
                scoring["pab"] = val
            if code == "BBU":
                pab_explicit = True
        elif code == "XXS":
            for tok in rest.split():
                if "=" not in tok:
                    raise TrfError(lineno, 5, f"invalid XXS item {tok!r}")
                k, v = tok.split("=", 1)
                val = _points(v, lineno, 5)
                targets = {
                    "WW": ["win"],
                    "BW": ["win"],
                    "W": ["win", "pab"],
                    "WD": ["draw"],
                    "BD": ["draw"],
                    "D": ["draw"],
                    "WL": ["loss"],
                    "BL": ["loss"],
                    "ZPB": ["zero_bye"],
                    "FL": ["forfeit_loss"],
                    "PAB": ["pab"],
                    "HPB": [],
                    "FPB": [],
                    "FW": [],
                }.get(k.upper())
                if targets is None:
                    raise TrfError(lineno, 5, f"unknown XXS code {k!r}")
                for t in targets:
                    scoring[t] = val
                if k.upper() == "PAB":
                    pab_explicit = True
        elif code == "192":
            kw["system"] = rest.strip()
        elif code == "XXP":
            ids = []
            for tok in rest.split():
                if not _is_number(tok) or len(tok) > 9 or int(tok) == 0:
                    raise TrfError(lineno, raw.find(tok) + 1, f"invalid player number {tok[:20]!r}")
                ids.append(int(tok))
            forbidden.append(TrfForbidden(tuple(ids)))
            pairs = _count_pairs(pairs, len(ids), lineno, limits)
        elif code == "260":
            first = _int(_col(raw, 5, 7), lineno, 5, "first round")
            last = _int(_col(raw, 9, 11), lineno, 9, "last round")
            forbidden.append(TrfForbidden(_ids(raw, lineno, 13), first, last))
            pairs = _count_pairs(pairs, len(forbidden[-1].players), lineno, limits)
        elif code == "XXA":
            pid = _int(_col(raw, 5, 8), lineno, 5, "player number")
            if pid > limits.players:
                raise TrfError(lineno, 5, f"acceleration for player {pid}: {_most(limits)}")
            vals = []
            col = 10
            while col + 3 <= len(raw):
                chunk = _col(raw, col, col + 3)
                vals.append(_points(chunk, lineno, col, "acceleration") if chunk.strip() else 0)
                col += 5
            accel[pid] = vals
            accel_spec = True
        elif code == "250":
            gp = _points(_col(raw, 10, 13), lineno, 10, "acceleration points")
            r1 = _int(_col(raw, 15, 17), lineno, 15, "first round")
            r2 = _int(_col(raw, 19, 21), lineno, 19, "last round")
            p1 = _int(_col(raw, 23, 26), lineno, 23, "first player")
            p2 = _int(_col(raw, 28, 31), lineno, 28, "last player")
            if r2 > limits.rounds:
                raise TrfError(lineno, 19, f"acceleration in round {r2}: {limits.rounds} at most")
            if p2 > limits.players:
                raise TrfError(lineno, 28, f"acceleration for player {p2}: {_most(limits)}")
            cells += max(p2 - p1 + 1, 0) * max(r2 - r1 + 1, 0)
            if cells > limits.acceleration_cells:
                raise TrfError(
                    lineno,
                    0,
                    f"accelerations for more than {limits.acceleration_cells} player-rounds",
                )
            for pid in range(p1, p2 + 1):
                vals = accel.setdefault(pid, [])
                if len(vals) < r2:
                    vals.extend([0] * (r2 - len(vals)))
                if r1 <= r2:
                    vals[max(r1, 1) - 1 : r2] = [gp] * (r2 - max(r1, 1) + 1)
            accel_spec = True
        elif code == "240":
            kind = _col(raw, 5, 5)
            if kind not in ("F", "H", "Z"):
                raise TrfError(lineno, 5, f"bye type must be F, H or Z, not {kind!r}")
            rnd = _int(_col(raw, 7, 9), lineno, 7, "round")
            if rnd > limits.rounds:
                raise TrfError(lineno, 7, f"bye in round {rnd}: {limits.rounds} rounds at most")
            byes.append((kind, rnd, _ids(raw, lineno, 11)))
        elif code in ("013", "310"):
            raise TrfError(lineno, 1, "team tournaments are not supported")
        elif code == "299":
            raise TrfError(lineno, 1, "abnormal points (299) are not supported")
        else:
            other.append(raw)
    if not players:
        raise TrfError(0, 0, "no player records (001)")
    players.sort(key=lambda p: p.number)
    numbers = {p.number for p in players}
    for p in players:
        for r, res in enumerate(p.results):
            if res.opponent is not None and res.opponent not in numbers:
                raise TrfError(p.line, 92 + 10 * r, f"unknown opponent {res.opponent}")
    return TrfTournament(
        players=tuple(players),
        scoring=Scoring(**scoring),
        forbidden=tuple(forbidden),
        accelerations=tuple((k, tuple(v)) for k, v in sorted(accel.items())),
        accelerations_specified=accel_spec,
        byes=tuple(byes),
        other_lines=tuple(other),
        **kw,
    )


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


def _count_pairs(pairs: int, group: int, lineno: int, limits: TrfLimits) -> int:
    """The forbidden pairs so far, with those of a group of ``group`` players."""
    pairs += group * (group - 1) // 2
    if pairs > limits.forbidden_pairs:
        raise TrfError(lineno, 0, f"more than {limits.forbidden_pairs} forbidden pairs")
    return pairs


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

    Header records come first in the order of their codes, then the other records as read,
    then the engine records and the players. Control characters in any field (a line break in
    a name, say) are written as blanks: no text can forge a record. ``192`` is written as the
    endorsed engine reads it (:func:`endorsed_system`).

    With ``legacy`` the file is TRF-16 with the engines' extensions only: none of the TRF-2026
    records ``142 152 162 192 240 250 260``. Rounds and the initial colour stay as ``XXR`` and
    ``XXC``, forbidden pairs as ``XXP`` (TRF-16 has no round range: a ranged pair is written
    without it), a scoring other than 1/½/0 as bbpPairings' ``BBW BBD BBL BBZ BBF BBU``.
    Pre-announced byes (``240``) are dropped: TRF-16 carries them as ``0000 - H/Z/F`` in the
    round to pair, which is where the app's export writes them anyway.
    """
    headers = [(code, f"{code} {text}") for code, text in _own_headers(t) if text]
    headers += [(raw[:3], raw) for raw in t.other_lines if _HEADER.match(raw[:3])]
    out: list[str] = [raw for _, raw in sorted(headers, key=lambda item: item[0])]
    out.extend(raw for raw in t.other_lines if not _HEADER.match(raw[:3]))
    if t.rounds:
        if not legacy:
            out.append(f"142 {t.rounds}")
        out.append(f"XXR {t.rounds}")
    if t.initial_colour:
        if not legacy:
            out.append(f"152 {t.initial_colour.upper()}")
        out.append("XXC " + ("white1" if t.initial_colour == "w" else "black1"))
    s = t.scoring
    if s != Scoring() and legacy:
        items = [
            ("BBW", s.win),
            ("BBD", s.draw),
            ("BBL", s.loss),
            ("BBZ", s.zero_bye),
            ("BBF", s.forfeit_loss),
            ("BBU", s.pab),
        ]
        out.extend(f"{code} {format_points(v):>4}" for code, v in items)
    elif s != Scoring():
        items = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zero_bye), ("P", s.pab)]
        out.append(
            "162  " + "".join(f"{sym}{format_points(v):>4}    " for sym, v in items).rstrip()
        )
    if t.system and not legacy:
        out.append(f"192 {endorsed_system(t.system)}")
    for f in t.forbidden:
        if legacy or (f.first == 1 and f.last == 9999):
            out.append("XXP " + " ".join(str(x) for x in f.players))
        else:
            ids = " ".join(f"{x:>4}" for x in f.players)
            out.append(f"260 {f.first:>3} {f.last:>3} {ids}")
    if not legacy:
        for kind, rnd, bye_ids in t.byes:
            out.append(f"240 {kind} {rnd:>3} " + " ".join(f"{x:>4}" for x in bye_ids))
    for pid, vals in t.accelerations:
        out.append(f"XXA {pid:>4} " + " ".join(f"{format_points(v):>4}" for v in vals))
    out.extend(_player_line(p) for p in t.players)
    return newline.join(_CONTROL.sub(" ", line).rstrip() for line in out) + newline


#: Tournament header records (012 ... 132), written first in the order of their codes.
_HEADER = re.compile(r"^(0[1-9]2|1[0-3]2)$")
#: Control characters, line breaks included (also the Unicode ones): the writer puts a blank
#: in their place, so no text field can start a record of its own.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _own_headers(t: TrfTournament) -> tuple[tuple[str, str], ...]:
    return (("012", t.name), ("042", t.start_date), ("052", t.end_date))
