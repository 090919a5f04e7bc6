"""Reading rating lists: FIDE's monthly files and a national federation's CSV, streamed record by
record (docs/ratings.md, "Rating lists"; the formats: build spec §5, "FIDE rating lists").

Formats read:

- FIDE's combined TXT list (``players_list_foa.txt``, in ``players_list.zip``): latin-1, fixed
  columns. The columns are not hard-coded: they start where the header line's labels start
  (``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day
  Flag``), and each ends where the next begins, so both layouts in use (name 61 wide, or 60 with
  the columns after it shifted) and the one without ``FOA`` read alike.
- FIDE's per-type TXT lists (``standard_rating_list.txt``, ``rapid_…``, ``blitz_…``, and the
  monthly archives ``standard_oct26frl.zip``): the same header with one rating column, labelled
  with the month (``SEP26``), then ``Gms`` and ``K``; its ratings go to the type the file's name
  or the caller names.
- FIDE's XML list (``<playerslist><player><fideid>…``, UTF-8): read by expat as it streams, one
  player at a time, so memory stays flat whatever the size. (ElementTree's iterparse drives the
  same parser; expat's own callbacks also give each player's line and let a DOCTYPE, the way to
  an entity bomb, be refused.)
- A national list: CSV with a header line, the delimiter found on that line (comma, semicolon,
  tab or bar), UTF-8 (a BOM is skipped) or the encoding declared, and a mapping saying which
  column holds what (:data:`CSV_FIELDS`).

A zip file (FIDE ships every list zipped) is read by streaming its one member.

Everything that is not a list of that kind is refused with :class:`ListRefused`, naming the
line: a wrong encoding (UTF-16, NUL bytes, bytes that are not UTF-8 where UTF-8 is due), a header
that is not a list's, a malformed line (an id or rating that is not a number, a rating outside
0..3500, an implausible birth year), a file cut short (its last line cut, XML not closed) and a
FIDE id listed twice. The bounds (:class:`Bounds`) are checked as the file is read, before any
work they would cost: bytes, line length, players.

An unrated player's rating (blank or 0 in FIDE's files) is None, and so are that rating's games
and K.

The records are immutable named tuples rather than frozen dataclasses: a full FIDE list makes
1.5 million of them, and a tuple is made six times faster (and is the row the database is given).
"""

from __future__ import annotations

import codecs
import csv
import datetime
import functools
import io
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import IO, TYPE_CHECKING, NamedTuple
from xml.parsers import expat

from pairing.engines.messages import N_

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

# --- what is read --------------------------------------------------------------------------------


class Kind(Enum):
    """The format of a list file."""

    FIDE_TXT = "fide_txt"
    FIDE_XML = "fide_xml"
    NATIONAL_CSV = "national_csv"


class RatingKind(Enum):
    """The three FIDE ratings (as arbiter.core.models.RatingType, whose values these are)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class ListedRecord(NamedTuple):
    """One player as a list gives them. Ratings, games and K are None where the list has none."""

    fide_id: int | None
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    foa_title: str = ""
    standard: int | None = None
    standard_games: int | None = None
    standard_k: int | None = None
    rapid: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str = ""
    #: A national list's own id of the player (blank in FIDE's lists).
    national_id: str = ""


@dataclass(frozen=True)
class Bounds:
    """What a list may be: its players (``RATING_LIST_MAX_PLAYERS``), the bytes read from it,
    unpacked (``RATING_LIST_MAX_BYTES``; None: no bound) and the length of one line."""

    max_players: int = 3_000_000
    max_bytes: int | None = None
    max_line: int = 4096


@dataclass(frozen=True)
class Options:
    """How to read a list. ``kind`` None: from the file (a zip is looked into; ``<`` first is
    XML; a ``.csv`` name is a national list; else FIDE's TXT). ``rating_type`` None: from the
    file's name where a per-type list needs one. ``columns`` maps :data:`CSV_FIELDS` to a CSV's
    header labels (or 1-based column numbers); a field not mapped is looked for under its own
    name. ``federation`` is a national list's, given to players whose line names none.
    ``latest_birth_year``: a later one is implausible (None: this year)."""

    kind: Kind | None = None
    rating_type: RatingKind | None = None
    columns: Mapping[str, str] = field(default_factory=dict)
    encoding: str = "utf-8"
    federation: str = ""
    bounds: Bounds = Bounds()
    latest_birth_year: int | None = None


#: The rating range FIDE's lists hold (0 is unrated).
MAX_RATING = 3500
EARLIEST_BIRTH_YEAR = 1900
MAX_GAMES = 9999
MAX_K = 99
#: Field lengths (those of the database: arbiter/ratings/models.py).
MAX_NAME = 100
MAX_NATIONAL_ID = 20
MAX_OTHER_TITLES = 30
MAX_FIDE_ID_DIGITS = 15

# --- refusals ------------------------------------------------------------------------------------

LINE = N_("Line %(line)s")
UTF16 = N_("the file is in UTF-16 or UTF-32: save it as UTF-8 (or as FIDE ships it) and try again")
NUL = N_("it holds NUL bytes: this is not a text list (a UTF-16 file, or not a list at all?)")
NOT_UTF8 = N_(
    "it is not UTF-8 (byte %(byte)s at column %(column)s): say which encoding the file is in"
)
TOO_LONG = N_("it is longer than %(limit)s bytes: this is not a rating list's line")
TOO_MANY_BYTES = N_("the file is larger than %(limit)s bytes (RATING_LIST_MAX_BYTES)")
TOO_MANY_PLAYERS = N_("the list has more than %(limit)s players (RATING_LIST_MAX_PLAYERS)")
EMPTY = N_("the file is empty")
NOT_TXT_HEADER = N_(
    "this is not the header of a FIDE rating list (it starts with ID Number, then Name, Fed, "
    "... and the rating columns)"
)
NO_RATING_COLUMN = N_("the header names no rating column (SRtng, RRtng, BRtng, or the month's)")
WHICH_TYPE = N_(
    "the list has one rating column (%(label)s): say whether it is the standard, rapid or "
    "blitz list"
)
CUT_SHORT = N_("the line is cut short: the file ends in the middle of it (an incomplete copy?)")
CONTROL = N_("it holds a control character (%(code)s)")
NOT_A_NUMBER = N_("the %(what)s %(value)s is not a number")
OUT_OF_RANGE = N_("the %(what)s %(value)s is not between %(low)s and %(high)s")
BAD_BIRTH_YEAR = N_("the birth year %(value)s is not plausible (%(low)s to %(high)s)")
NO_ID = N_("it has no ID Number")
NO_NAME = N_("it has no name")
DUPLICATE_ID = N_("FIDE id %(id)s is listed a second time")
DUPLICATE_NATIONAL_ID = N_("the id %(id)s is listed a second time")
BAD_FEDERATION = N_("the federation %(value)s is not a three-letter code")
BAD_SEX = N_("the sex %(value)s is not M or F")
BAD_FLAG = N_("the flag %(value)s is not i, w or wi")
TOO_LONG_FIELD = N_("the %(what)s is longer than %(limit)s characters")
BAD_TITLE = N_("the title %(value)s is not a title")
NOT_XML_LIST = N_("this is not FIDE's XML list: its root is <%(tag)s>, not <playerslist>")
XML_DOCTYPE = N_("the file declares a DOCTYPE or entities, which no rating list does")
XML_BROKEN = N_("the XML is not well-formed (%(error)s)")
XML_INVALID = N_("it is not well-formed XML, or not UTF-8 (an invalid character)")
XML_CUT = N_("the file ends before the list is closed (</playerslist>): it is cut short")
XML_TOO_DEEP = N_("the XML nests deeper than a list of players does")
ZIP_BROKEN = N_("the zip file is damaged or cut short (%(error)s)")
ZIP_MEMBERS = N_("the zip file holds %(count)s files: a list's zip holds one")
ZIP_ENCRYPTED = N_("the zip file is encrypted")
UNKNOWN_ENCODING = N_("the encoding %(encoding)s is not known")
CSV_HEADER = N_("the header names no column for %(field)s (columns: %(columns)s)")
CSV_COLUMN = N_("the column %(column)s named for %(field)s is not in the header")
CSV_NO_DELIMITER = N_("the header has one column: a list's header names several")
CSV_FIELDS_COUNT = N_("it has %(found)s fields, the header %(expected)s")
CSV_BROKEN = N_("the CSV cannot be read (%(error)s)")
CSV_UNKNOWN_FIELD = N_("%(field)s is not a field of a list (fields: %(fields)s)")

what_names = {
    "id": N_("ID Number"),
    "rating": N_("rating"),
    "games": N_("number of games"),
    "k": N_("K-factor"),
    "birth": N_("birth year"),
}


class ListRefused(ValueError):
    """The file is not a list that can be read: ``reason`` says why, ``line`` (1-based) where.
    ``str()`` is the whole sentence ("Line 12: the rating x is not a number")."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        self.reason = reason
        self.line = line
        super().__init__(f"{LINE % {'line': line}}: {reason}" if line else reason)


def _shown(value: str, limit: int = 24) -> str:
    """A value quoted in a refusal: control characters made visible, long ones cut."""
    value = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
    value = value.replace("; ", ";")
    return repr(value if len(value) <= limit else value[:limit] + "…")


def _plain(text: str, limit: int = 80) -> str:
    """An error's own words in a refusal: control characters dropped, long ones cut."""
    text = _CONTROL.sub("", text).replace("; ", ", ")
    return text if len(text) <= limit else text[:limit] + "…"


# --- file names ----------------------------------------------------------------------------------

MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_ARCHIVE_MONTH = re.compile(r"(?<![a-z])(" + "|".join(MONTHS) + r")(\d\d)frl", re.IGNORECASE)
_ISO_MONTH = re.compile(r"(?<!\d)(20\d\d)[-_.]?(0[1-9]|1[0-2])(?!\d)")
_HEADER_MONTH = re.compile(r"^(" + "|".join(MONTHS) + r")(\d\d)$", re.IGNORECASE)
_TYPE_IN_NAME = re.compile(r"(?<![a-z])(standard|rapid|blitz)(?![a-z])", re.IGNORECASE)


def month_from_name(name: str) -> tuple[int, int] | None:
    """The (year, month) a file's name gives: FIDE's archive names (``standard_oct26frl.zip`` ->
    (2026, 10)) or a ``2026-10`` in it; None when it gives none (``players_list_foa.txt``)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    found = _ARCHIVE_MONTH.search(base)
    if found:
        return 2000 + int(found.group(2)), MONTHS.index(found.group(1).lower()) + 1
    iso = _ISO_MONTH.search(base)
    if iso:
        return int(iso.group(1)), int(iso.group(2))
    return None


def month_from_label(label: str) -> tuple[int, int] | None:
    """The (year, month) of a per-type list's rating column label (``SEP26``)."""
    found = _HEADER_MONTH.match(label)
    if not found:
        return None
    return 2000 + int(found.group(2)), MONTHS.index(found.group(1).lower()) + 1


def rating_kind_from_name(name: str) -> RatingKind | None:
    """The rating type a per-type list's name gives (``rapid_rating_list.txt`` -> rapid)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    found = _TYPE_IN_NAME.search(base)
    return RatingKind(found.group(1).lower()) if found else None


# --- lines ---------------------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# latin-1's C1 controls are never in a name: a file written as Windows-1252 has its Š, Ž, Œ, …
# there, which these give back (the five bytes Windows-1252 leaves undefined stay controls).
_CP1252 = {
    code: ch
    for code in range(0x80, 0xA0)
    if (ch := bytes([code]).decode("cp1252", errors="replace")) != "\ufffd"
}


class _Line(NamedTuple):
    number: int
    raw: bytes
    #: False for a last line the file ends in without a line break.
    ended: bool


class _Counter:
    """The bytes read so far from a stream (unpacked), for the byte bound."""

    def __init__(self) -> None:
        self.total = 0


def _lines(stream: IO[bytes], bounds: Bounds, counter: _Counter) -> Iterator[_Line]:
    """The stream's lines without their line break (LF or CRLF), numbered from 1, each read with
    a bound so that a file without line breaks is refused, not read whole."""
    readline = stream.readline
    limit = bounds.max_line + 2
    max_bytes = bounds.max_bytes
    number = 0
    while True:
        raw = readline(limit)
        if not raw:
            return
        number += 1
        counter.total += len(raw)
        if max_bytes is not None and counter.total > max_bytes:
            raise ListRefused(TOO_MANY_BYTES % {"limit": max_bytes}, number)
        ended = raw[-1:] == b"\n"
        if ended:
            raw = raw[:-2] if raw[-2:-1] == b"\r" else raw[:-1]
        if len(raw) > bounds.max_line:
            raise ListRefused(TOO_LONG % {"limit": bounds.max_line}, number)
        yield _Line(number, raw, ended)


def _check_start(head: bytes) -> None:
    """Refuse UTF-16 and UTF-32 by their byte order mark (or their NULs) before anything."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        raise ListRefused(UTF16, 1)
    if head[:2].count(b"\x00") and b"\n" not in head[:2]:
        raise ListRefused(UTF16, 1)


class _FideDecoder:
    """Decodes the lines of FIDE's TXT list: latin-1, with its C1 range read as Windows-1252.
    A file saved again as UTF-8 (by an editor) is read as UTF-8: the first line beyond ASCII
    decides, since latin-1 names are never valid UTF-8 in practice (é is one byte, not two)."""

    def __init__(self) -> None:
        self.utf8: bool | None = None

    def __call__(self, raw: bytes, number: int) -> str:
        if raw.isascii():
            text = raw.decode("ascii")
        elif self.utf8 is False:
            text = raw.decode("latin-1")
        else:
            try:
                text = raw.decode("utf-8")
                self.utf8 = True
            except UnicodeDecodeError:
                if self.utf8 is None:
                    self.utf8 = False
                text = raw.decode("latin-1")
        found = _CONTROL.search(text)
        if found is not None and "\x80" <= found.group() <= "\x9f":
            text = text.translate(_CP1252)
            found = _CONTROL.search(text)
        if found is not None:
            if found.group() == "\x00":
                raise ListRefused(NUL, number)
            raise ListRefused(CONTROL % {"code": f"U+{ord(found.group()):04X}"}, number)
        return text


# --- fields --------------------------------------------------------------------------------------

_TITLES = {
    # FIDE's codes, and the one- and two-letter codes some programs write (spec §5)
    "GM": "GM",
    "IM": "IM",
    "FM": "FM",
    "CM": "CM",
    "WGM": "WGM",
    "WIM": "WIM",
    "WFM": "WFM",
    "WCM": "WCM",
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}
_SEXES = {"": "", "M": "M", "F": "F", "W": "F"}
_FLAGS = frozenset(("", "i", "w", "wi"))
_TEXT_CODE = re.compile(r"^[A-Z]{1,3}$")
_OTHER_TITLES = re.compile(r"^[A-Za-z]{1,5}( ?, ?[A-Za-z]{1,5})*$")


def _number(text: str, what: str, number: int, low: int, high: int) -> int | None:
    """A whole number in ``low..high`` (blank: None), or the line refused."""
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ListRefused(NOT_A_NUMBER % {"what": what_names[what], "value": _shown(text)}, number)
    value = int(text)
    if not low <= value <= high:
        raise ListRefused(
            OUT_OF_RANGE
            % {"what": what_names[what], "value": _shown(text), "low": low, "high": high},
            number,
        )
    return value


def _rating(
    rating: str, games: str, k: str, number: int
) -> tuple[int | None, int | None, int | None]:
    """A rating with its games and K; unrated (blank or 0): all None."""
    value = _number(rating, "rating", number, 0, MAX_RATING)
    played = _number(games, "games", number, 0, MAX_GAMES)
    factor = _number(k, "k", number, 0, MAX_K)
    if not value:
        return None, None, None
    return value, played, factor or None


def _birth_year(text: str, number: int, latest: int) -> int | None:
    if not text or text.strip("0") == "":
        return None
    if not (text.isascii() and text.isdigit()):
        raise ListRefused(
            NOT_A_NUMBER % {"what": what_names["birth"], "value": _shown(text)}, number
        )
    year = int(text)
    if not EARLIEST_BIRTH_YEAR <= year <= latest:
        raise ListRefused(
            BAD_BIRTH_YEAR % {"value": _shown(text), "low": EARLIEST_BIRTH_YEAR, "high": latest},
            number,
        )
    return year


def _fide_id(text: str, number: int, required: bool) -> int | None:
    if not text:
        if required:
            raise ListRefused(NO_ID, number)
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_FIDE_ID_DIGITS:
        raise ListRefused(NOT_A_NUMBER % {"what": what_names["id"], "value": _shown(text)}, number)
    value = int(text)
    if value == 0:
        if required:
            raise ListRefused(NO_ID, number)
        return None
    return value


def _federation(text: str, number: int) -> str:
    if not text:
        return ""
    upper = text.upper()
    if len(upper) != 3 or not _TEXT_CODE.match(upper):
        raise ListRefused(BAD_FEDERATION % {"value": _shown(text)}, number)
    return upper


def _sex(text: str, number: int) -> str:
    sex = _SEXES.get(text.upper())
    if sex is None:
        raise ListRefused(BAD_SEX % {"value": _shown(text)}, number)
    return sex


def _title(text: str, number: int, women: bool = False) -> str:
    if not text:
        return ""
    title = _TITLES.get(text.upper())
    if title is None or (women and not title.startswith("W")):
        raise ListRefused(BAD_TITLE % {"value": _shown(text)}, number)
    return title


def _short(text: str, number: int, limit: int, what: str) -> str:
    """A code (FOA title, other titles) of at most ``limit`` characters, letters and commas."""
    if not text:
        return ""
    if len(text) > limit:
        raise ListRefused(TOO_LONG_FIELD % {"what": what, "limit": limit}, number)
    if not _OTHER_TITLES.match(text):
        raise ListRefused(BAD_TITLE % {"value": _shown(text)}, number)
    return text


def _flag(text: str, number: int) -> str:
    flag = text.lower()
    if flag not in _FLAGS:
        raise ListRefused(BAD_FLAG % {"value": _shown(text)}, number)
    return flag


def _name(text: str, number: int) -> str:
    name = " ".join(text.split())
    if not name:
        raise ListRefused(NO_NAME, number)
    if len(name) > MAX_NAME:
        raise ListRefused(TOO_LONG_FIELD % {"what": "name", "limit": MAX_NAME}, number)
    return name


class _Seen:
    """The ids listed so far: a second one is refused (a set of ints: about 60 bytes an id)."""

    def __init__(self) -> None:
        self.fide: set[int] = set()
        self.national: set[str] = set()

    def check(self, record: ListedRecord, number: int) -> None:
        if record.fide_id is not None:
            if record.fide_id in self.fide:
                raise ListRefused(DUPLICATE_ID % {"id": record.fide_id}, number)
            self.fide.add(record.fide_id)
        if record.national_id:
            if record.national_id in self.national:
                raise ListRefused(
                    DUPLICATE_NATIONAL_ID % {"id": _shown(record.national_id)}, number
                )
            self.national.add(record.national_id)


def _latest_birth_year(options: Options) -> int:
    return options.latest_birth_year or datetime.date.today().year


# --- FIDE's TXT lists ----------------------------------------------------------------------------

#: Header labels (case folded) -> the field they start. ``ID Number`` is two words.
_TXT_LABELS = {
    "id number": "id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "tit": "title",
    "wtit": "women_title",
    "otit": "other_titles",
    "foa": "foa",
    "srtng": "standard",
    "sgm": "standard_games",
    "sk": "standard_k",
    "rrtng": "rapid",
    "rgm": "rapid_games",
    "rk": "rapid_k",
    "brtng": "blitz",
    "bgm": "blitz_games",
    "bk": "blitz_k",
    "b-day": "birth",
    "flag": "flag",
    # the per-type lists: one rating (labelled with the month, or Rtng), its games and K
    "rtng": "single",
    "gms": "single_games",
    "gm": "single_games",
    "games": "single_games",
    "k": "single_k",
}

#: The combined list's header as FIDE writes it (name 61 wide); :func:`txt_line` writes to it.
FIDE_TXT_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


@dataclass(frozen=True)
class TxtLayout:
    """Where each field of a TXT list's lines is: field -> (start, end), 0-based, from the
    header; ``single`` is a per-type list's rating column, with its label (``SEP26``)."""

    slices: dict[str, tuple[int, int | None]]
    width: int
    single_label: str = ""

    @property
    def month(self) -> tuple[int, int] | None:
        """The month a per-type list's rating column is labelled with."""
        return month_from_label(self.single_label) if self.single_label else None


def txt_layout(header: str, number: int = 1) -> TxtLayout:
    """The layout the header line gives, or the header refused (``number``: its line)."""
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", header)]
    labels: list[tuple[int, str, str]] = []  # start, field, label
    index = 0
    while index < len(words):
        start, word = words[index]
        folded = word.casefold()
        if folded == "id" and index + 1 < len(words) and words[index + 1][1].casefold() == "number":
            folded, index = "id number", index + 1
        field_name = _TXT_LABELS.get(folded)
        if field_name is None and month_from_label(word):
            field_name = "single"
        labels.append((start, field_name or "", word))
        index += 1
    if len(labels) < 2 or labels[0][:2] != (0, "id") or labels[1][1] != "name":
        raise ListRefused(NOT_TXT_HEADER, number)
    slices: dict[str, tuple[int, int | None]] = {}
    single_label = ""
    for position, (start, field_name, label) in enumerate(labels):
        end = labels[position + 1][0] if position + 1 < len(labels) else None
        if field_name and field_name not in slices:
            slices[field_name] = (start, end)
            if field_name == "single":
                single_label = label
    if not {"standard", "rapid", "blitz", "single"} & slices.keys():
        raise ListRefused(NO_RATING_COLUMN, number)
    return TxtLayout(slices, len(header.rstrip()), single_label)


class _Slow(Exception):
    """A line the quick reading does not take as it is: read again, checked field by field."""


def _txt_records(
    lines: Iterator[_Line], layout: TxtLayout, single: RatingKind | None, options: Options
) -> Iterator[ListedRecord]:
    """The players of a TXT list's lines (after its header). Each line is read quickly when
    every field is as FIDE writes it (digits, known codes); any other line is read again by
    :func:`_txt_checked`, which either takes it (``m`` for ``M``) or says what is wrong."""
    slices = dict(layout.slices)
    if "single" in slices:
        if single is None:
            raise ListRefused(WHICH_TYPE % {"label": layout.single_label}, 1)
        for part in ("", "_games", "_k"):
            if "single" + part in slices:
                slices[single.value + part] = slices.pop("single" + part)
    blank = (0, 0)
    columns = {name: slices.get(name, blank) for name in _TXT_FIELDS}
    (i0, i1), (n0, n1), (f0, f1), (s0, s1) = (columns[n] for n in _TXT_FIELDS[:4])
    (t0, t1), (w0, w1), (o0, o1), (a0, a1) = (columns[n] for n in _TXT_FIELDS[4:8])
    (sr0, sr1), (sg0, sg1), (sk0, sk1) = (columns[n] for n in _TXT_FIELDS[8:11])
    (rr0, rr1), (rg0, rg1), (rk0, rk1) = (columns[n] for n in _TXT_FIELDS[11:14])
    (br0, br1), (bg0, bg1), (bk0, bk1) = (columns[n] for n in _TXT_FIELDS[14:17])
    (y0, y1), (g0, g1) = columns["birth"], columns["flag"]
    latest = _latest_birth_year(options)
    max_players = options.bounds.max_players
    # the codes seen valid so far (a federation is checked once, then looked up)
    federations: dict[str, str] = {"": ""}
    sexes = {"": "", "M": "M", "F": "F"}
    titles = {"": "", **{code: code for code in _TITLES.values()}}
    women_titles = {"": "", **{code: code for code in _TITLES.values() if code[0] == "W"}}
    other_titles: dict[str, str] = {"": ""}
    flags = {flag: flag for flag in _FLAGS}
    seen: set[int] = set()
    players = 0
    decode = _FideDecoder()

    def quick(text: str) -> ListedRecord:
        fide_id = text[i0:i1].strip()
        sr, sg, sk = text[sr0:sr1].strip(), text[sg0:sg1].strip(), text[sk0:sk1].strip()
        rr, rg, rk = text[rr0:rr1].strip(), text[rg0:rg1].strip(), text[rk0:rk1].strip()
        br, bg, bk = text[br0:br1].strip(), text[bg0:bg1].strip(), text[bk0:bk1].strip()
        born = text[y0:y1].strip()
        digits = "".join((fide_id, sr, sg, sk, rr, rg, rk, br, bg, bk, born))
        if not (fide_id and digits.isdigit() and digits.isascii()) or len(fide_id) > 15:
            raise _Slow
        s = int(sr) if sr else None
        r = int(rr) if rr else None
        b = int(br) if br else None
        year = int(born) if born else None
        if (
            (s is not None and s > MAX_RATING)
            or (r is not None and r > MAX_RATING)
            or (b is not None and b > MAX_RATING)
            or (year and not EARLIEST_BIRTH_YEAR <= year <= latest)
            or len(sk) > 2
            or len(rk) > 2
            or len(bk) > 2
            or len(sg) > 4
            or len(rg) > 4
            or len(bg) > 4
        ):
            raise _Slow
        name = " ".join(text[n0:n1].split())
        if not name or len(name) > MAX_NAME:
            raise _Slow
        standard: _Rated = (s, int(sg) if sg else None, int(sk) or None if sk else None)
        rapid: _Rated = (r, int(rg) if rg else None, int(rk) or None if rk else None)
        blitz: _Rated = (b, int(bg) if bg else None, int(bk) or None if bk else None)
        return ListedRecord(
            int(fide_id) or _slow(),
            name,
            federations[text[f0:f1].strip()],
            sexes[text[s0:s1].strip()],
            titles[text[t0:t1].strip()],
            women_titles[text[w0:w1].strip()],
            other_titles[text[o0:o1].strip()],
            other_titles[text[a0:a1].strip()],
            *(standard if s else _UNRATED),
            *(rapid if r else _UNRATED),
            *(blitz if b else _UNRATED),
            year or None,
            flags[text[g0:g1].strip()],
        )

    for number, raw, ended in lines:
        if not raw.strip():
            continue
        text = decode(raw, number)
        if not ended and len(text) < layout.width:
            raise ListRefused(CUT_SHORT, number)
        players += 1
        if players > max_players:
            raise ListRefused(TOO_MANY_PLAYERS % {"limit": max_players}, number)
        try:
            record = quick(text)
        except (_Slow, KeyError):
            record = _txt_checked(text, number, columns, latest)
            federations[record.federation] = record.federation
            other_titles[record.other_titles] = record.other_titles
            other_titles[record.foa_title] = record.foa_title
        fide_id = record.fide_id
        if fide_id in seen:
            raise ListRefused(DUPLICATE_ID % {"id": fide_id}, number)
        seen.add(fide_id)  # type: ignore[arg-type]
        yield record


_Rated = tuple[int | None, int | None, int | None]
_UNRATED: _Rated = (None, None, None)
_TXT_FIELDS = (
    "id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa",
    "standard",
    "standard_games",
    "standard_k",
    "rapid",
    "rapid_games",
    "rapid_k",
    "blitz",
    "blitz_games",
    "blitz_k",
    "birth",
    "flag",
)


def _slow() -> int:
    raise _Slow


def _txt_checked(
    text: str, number: int, columns: dict[str, tuple[int, int | None]], latest: int
) -> ListedRecord:
    """A TXT line read field by field: the record, or the line refused saying what is wrong."""

    def get(name: str) -> str:
        start, end = columns[name]
        return text[start:end].strip()

    return ListedRecord(
        _fide_id(get("id"), number, True),
        _name(get("name"), number),
        _federation(get("federation"), number),
        _sex(get("sex"), number),
        _title(get("title"), number),
        _title(get("women_title"), number, women=True),
        _short(get("other_titles"), number, MAX_OTHER_TITLES, "other titles"),
        _short(get("foa"), number, 3, "FOA title"),
        *_rating(get("standard"), get("standard_games"), get("standard_k"), number),
        *_rating(get("rapid"), get("rapid_games"), get("rapid_k"), number),
        *_rating(get("blitz"), get("blitz_games"), get("blitz_k"), number),
        _birth_year(get("birth"), number, latest),
        _flag(get("flag"), number),
    )


@functools.lru_cache(maxsize=8)
def _cached_layout(header: str) -> TxtLayout:
    return txt_layout(header)


def txt_line(record: ListedRecord, header: str = FIDE_TXT_HEADER) -> str:
    """``record`` as a line of the combined TXT list whose header is ``header``, padded to the
    header's width as FIDE pads them (the tests' and the benchmark's writer: what
    :func:`read_list` reads back). A value too wide for its column is a ValueError."""
    layout = _cached_layout(header)
    values = {
        "id": str(record.fide_id or ""),
        "name": record.name,
        "federation": record.federation,
        "sex": record.sex,
        "title": record.title,
        "women_title": record.women_title,
        "other_titles": record.other_titles,
        "foa": record.foa_title,
        "birth": str(record.birth_year or ""),
        "flag": record.flag,
    }
    for kind in ("standard", "rapid", "blitz"):
        for part in ("", "_games", "_k"):
            value = getattr(record, kind + part)
            values[kind + part] = "" if value is None else str(value)
    width = len(header)
    line = [" "] * width
    for name, (start, end) in layout.slices.items():
        value = values.get(name, "")
        room = (end - 1 if end is not None else width) - start  # a space before the next one
        if len(value) > room:
            raise ValueError(f"{name} {value!r} is wider than its {room} columns")
        line[start : start + len(value)] = value
    return "".join(line)


# --- FIDE's XML list -----------------------------------------------------------------------------

_XML_FIELDS = {
    "fideid": "id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "women_title",
    "o_title": "other_titles",
    "foa_title": "foa",
    "rating": "single",
    "games": "single_games",
    "k": "single_k",
    "rapid_rating": "rapid",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
    "birthday": "birth",
    "flag": "flag",
}
#: Characters kept of one element's text (longer values are refused by their field's bound).
_XML_TEXT_LIMIT = 256
_XML_CHUNK = 1 << 18


class _XmlState:
    def __init__(self) -> None:
        self.depth = 0
        self.values: dict[str, str] = {}
        self.text: list[str] = []
        self.text_length = 0
        self.root_seen = False
        self.player_line = 0
        self.done: list[tuple[int, dict[str, str]]] = []


def _xml_records(
    stream: IO[bytes], single: RatingKind | None, options: Options, counter: _Counter
) -> Iterator[ListedRecord]:
    """The players of FIDE's XML list, parsed as the bytes come (``rating``, ``games`` and ``k``
    are the standard rating's, or the named type's in a per-type XML list)."""
    bounds = options.bounds
    single = single or RatingKind.STANDARD
    parser = expat.ParserCreate(encoding="UTF-8")
    parser.buffer_text = True
    state = _XmlState()

    def refuse_doctype(*_: object) -> None:
        raise ListRefused(XML_DOCTYPE, parser.CurrentLineNumber)

    def start(tag: str, _attributes: dict[str, str]) -> None:
        state.depth += 1
        if state.depth == 1:
            if tag != "playerslist":
                raise ListRefused(NOT_XML_LIST % {"tag": _shown(tag)}, parser.CurrentLineNumber)
            state.root_seen = True
        elif state.depth == 2:
            state.values = {}
            state.player_line = parser.CurrentLineNumber
        elif state.depth == 3:
            state.text = []
            state.text_length = 0
        else:
            raise ListRefused(XML_TOO_DEEP, parser.CurrentLineNumber)

    def text(data: str) -> None:
        if state.depth == 3 and state.text_length <= _XML_TEXT_LIMIT:
            state.text.append(data)
            state.text_length += len(data)

    def end(tag: str) -> None:
        if state.depth == 3:
            name = _XML_FIELDS.get(tag)
            if name is not None:
                state.values[name] = "".join(state.text).strip()
        elif state.depth == 2 and tag == "player":
            state.done.append((state.player_line, state.values))
        state.depth -= 1

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text

    latest = _latest_birth_year(options)
    seen = _Seen()
    players = 0
    first = True
    while True:
        chunk = stream.read(_XML_CHUNK)
        if first:
            _check_start(chunk[:4])
            if not chunk:
                raise ListRefused(EMPTY)
            first = False
        counter.total += len(chunk)
        if bounds.max_bytes is not None and counter.total > bounds.max_bytes:
            raise ListRefused(
                TOO_MANY_BYTES % {"limit": bounds.max_bytes}, parser.CurrentLineNumber
            )
        try:
            parser.Parse(chunk, not chunk)
        except expat.ExpatError as error:
            if not chunk and state.root_seen:  # the end came before the list was closed
                raise ListRefused(XML_CUT, error.lineno) from None
            if error.code == expat.errors.codes[expat.errors.XML_ERROR_INVALID_TOKEN]:
                raise ListRefused(XML_INVALID, error.lineno) from None
            reason = expat.errors.messages[error.code]
            raise ListRefused(XML_BROKEN % {"error": reason}, error.lineno) from None
        for line, values in state.done:
            players += 1
            if players > bounds.max_players:
                raise ListRefused(TOO_MANY_PLAYERS % {"limit": bounds.max_players}, line)
            record = _xml_record(values, line, single, latest)
            seen.check(record, line)
            yield record
        state.done = []
        if not chunk:
            return


def _xml_record(values: dict[str, str], line: int, single: RatingKind, latest: int) -> ListedRecord:
    get = values.get
    for value in values.values():
        found = _CONTROL.search(value)
        if found:
            raise ListRefused(CONTROL % {"code": f"U+{ord(found.group()):04X}"}, line)
    ratings = {
        "standard": (None, None, None),
        "rapid": _rating(get("rapid", ""), get("rapid_games", ""), get("rapid_k", ""), line),
        "blitz": _rating(get("blitz", ""), get("blitz_games", ""), get("blitz_k", ""), line),
    }
    if "single" in values:
        ratings[single.value] = _rating(
            get("single", ""), get("single_games", ""), get("single_k", ""), line
        )
    return ListedRecord(
        _fide_id(get("id", ""), line, True),
        _name(get("name", ""), line),
        _federation(get("federation", ""), line),
        _sex(get("sex", ""), line),
        _title(get("title", ""), line),
        _title(get("women_title", ""), line, women=True),
        _short(get("other_titles", ""), line, MAX_OTHER_TITLES, "other titles"),
        _short(get("foa", ""), line, 3, "FOA title"),
        *ratings["standard"],
        *ratings["rapid"],
        *ratings["blitz"],
        _birth_year(_year_of(get("birth", "")), line, latest),
        _flag(get("flag", ""), line),
    )


_YEAR_IN_DATE = re.compile(r"^(\d{4})-\d{2}-\d{2}$|^\d{1,2}[./]\d{1,2}[./](\d{4})$")


def _year_of(text: str) -> str:
    """A birth date's year (``1990-05-01``, ``01.05.1990``); anything else as it is."""
    found = _YEAR_IN_DATE.match(text)
    if found:
        return found.group(1) or found.group(2)
    return text


# --- national CSV lists --------------------------------------------------------------------------

#: The fields a national list's columns can hold, and the labels looked for when the mapping
#: names none (case and spaces aside).
CSV_FIELDS: dict[str, tuple[str, ...]] = {
    "national_id": ("id", "national_id", "national id", "nr", "code"),
    "fide_id": ("fide_id", "fide id", "fideid", "fide"),
    "name": ("name", "player", "full name"),
    "surname": ("surname", "last name", "lastname", "family name"),
    "first_name": ("first_name", "first name", "firstname", "given name"),
    "federation": ("federation", "fed", "country"),
    "sex": ("sex", "gender"),
    "title": ("title", "tit"),
    "women_title": ("women_title", "wtit"),
    "rating": ("rating", "rtg", "elo", "standard"),
    "rapid": ("rapid", "rapid_rating"),
    "blitz": ("blitz", "blitz_rating"),
    "birth_year": ("birth_year", "birth year", "born", "birthday", "b-day", "year of birth"),
    "flag": ("flag",),
}
_CSV_DELIMITERS = (",", ";", "\t", "|")


def _decoded_lines(lines: Iterator[_Line], encoding: str, state: dict[str, int]) -> Iterator[str]:
    """The lines decoded (for the csv module, each with a line break again); ``state`` holds the
    last line's number and whether the file ended without a line break."""
    decode = codecs.getincrementaldecoder(encoding)("strict").decode
    utf8 = codecs.lookup(encoding).name == "utf-8"
    for number, raw, ended in lines:
        state["line"] = number
        state["cut"] = 0 if ended else 1
        if b"\x00" in raw:
            raise ListRefused(NUL, number)
        if number == 1 and utf8 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
        try:
            text = decode(raw, True)
        except UnicodeDecodeError as error:
            raise ListRefused(
                NOT_UTF8 % {"byte": f"0x{raw[error.start]:02X}", "column": error.start + 1}
                if utf8
                else CSV_BROKEN % {"error": str(error.reason)},
                number,
            ) from None
        yield text + "\n"


def _column_index(header: list[str], columns: Mapping[str, str], number: int) -> dict[str, int]:
    """field -> column (0-based): as the mapping names it, else by the field's usual labels."""
    folded = [" ".join(label.split()).casefold() for label in header]
    for name in columns:
        if name not in CSV_FIELDS:
            raise ListRefused(
                CSV_UNKNOWN_FIELD % {"field": _shown(name), "fields": ", ".join(CSV_FIELDS)}
            )
    found: dict[str, int] = {}
    for name, labels in CSV_FIELDS.items():
        wanted = (columns.get(name) or "").strip()
        if wanted:
            if wanted.isdigit() and 1 <= int(wanted) <= len(header):
                found[name] = int(wanted) - 1
                continue
            key = " ".join(wanted.split()).casefold()
            if key not in folded:
                raise ListRefused(CSV_COLUMN % {"column": _shown(wanted), "field": name}, number)
            found[name] = folded.index(key)
            continue
        for label in labels:
            if label in folded:
                found[name] = folded.index(label)
                break
    shown = ", ".join(header)[:200]
    if "name" not in found and "surname" not in found:
        raise ListRefused(CSV_HEADER % {"field": "name", "columns": shown}, number)
    if "national_id" not in found and "fide_id" not in found:
        raise ListRefused(CSV_HEADER % {"field": "national_id / fide_id", "columns": shown}, number)
    return found


def _csv_records(
    lines: Iterator[_Line], options: Options, single: RatingKind | None
) -> Iterator[ListedRecord]:
    """A national list's players: a header line, then one player a line."""
    try:
        codecs.lookup(options.encoding)
    except LookupError:
        raise ListRefused(UNKNOWN_ENCODING % {"encoding": _shown(options.encoding)}) from None
    state = {"line": 0, "cut": 0}
    text_lines = _decoded_lines(lines, options.encoding, state)
    header_text = next(text_lines, None)
    if header_text is None:
        raise ListRefused(EMPTY)
    counts = {d: header_text.count(d) for d in _CSV_DELIMITERS}
    delimiter = max(_CSV_DELIMITERS, key=lambda d: counts[d])
    if not counts[delimiter]:
        raise ListRefused(CSV_NO_DELIMITER, 1)
    header = next(csv.reader([header_text], delimiter=delimiter))
    index = _column_index(header, options.columns, 1)
    reader = csv.reader(text_lines, delimiter=delimiter, strict=True)
    latest = _latest_birth_year(options)
    seen = _Seen()
    players = 0
    kind = single or RatingKind.STANDARD
    width = len(header)
    default_federation = options.federation
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            if state["cut"]:
                raise ListRefused(CUT_SHORT, state["line"]) from None
            raise ListRefused(CSV_BROKEN % {"error": str(error)}, state["line"]) from None
        number = state["line"]
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != width:
            if state["cut"] and len(row) < width:
                raise ListRefused(CUT_SHORT, number)
            raise ListRefused(CSV_FIELDS_COUNT % {"found": len(row), "expected": width}, number)
        players += 1
        if players > options.bounds.max_players:
            raise ListRefused(TOO_MANY_PLAYERS % {"limit": options.bounds.max_players}, number)
        record = _csv_record(row, index, number, kind, latest, default_federation)
        seen.check(record, number)
        yield record


def _csv_record(
    row: list[str],
    index: dict[str, int],
    number: int,
    kind: RatingKind,
    latest: int,
    default_federation: str,
) -> ListedRecord:
    def get(name: str) -> str:
        column = index.get(name)
        return row[column].strip() if column is not None else ""

    for cell in row:
        found = _CONTROL.search(cell)
        if found:
            raise ListRefused(CONTROL % {"code": f"U+{ord(found.group()):04X}"}, number)
    name = get("name")
    if not name:
        surname, first = get("surname"), get("first_name")
        name = f"{surname}, {first}" if surname and first else surname or first
    national_id = get("national_id")
    if len(national_id) > MAX_NATIONAL_ID:
        raise ListRefused(TOO_LONG_FIELD % {"what": "id", "limit": MAX_NATIONAL_ID}, number)
    ratings: dict[str, tuple[int | None, int | None, int | None]] = {
        "standard": (None, None, None),
        "rapid": _rating(get("rapid"), "", "", number),
        "blitz": _rating(get("blitz"), "", "", number),
    }
    if "rating" in index:
        ratings[kind.value] = _rating(get("rating"), "", "", number)
    fide_id = _fide_id(get("fide_id"), number, False)
    if fide_id is None and not national_id:
        raise ListRefused(NO_ID, number)
    return ListedRecord(
        fide_id,
        _name(name, number),
        _federation(get("federation") or default_federation, number),
        _sex(get("sex"), number),
        _title(get("title"), number),
        _title(get("women_title"), number, women=True),
        "",
        "",
        *ratings["standard"],
        *ratings["rapid"],
        *ratings["blitz"],
        _birth_year(_year_of(get("birth_year")), number, latest),
        _flag(get("flag"), number),
        national_id,
    )


# --- opening and reading -------------------------------------------------------------------------


class ListReader:
    """A list file being read: :meth:`records` yields its players; ``kind``, ``member`` (a zip's
    file), ``month`` (from the names, or a per-type list's header once read) and ``bytes_read``
    (unpacked) say what it is and how far it is read. Use it as a context manager; the stream
    given stays the caller's (whose ``tell()`` is how far into the file, zipped or not)."""

    def __init__(self, stream: IO[bytes], name: str, options: Options = Options()) -> None:
        self.name = name
        self.options = options
        self.member = ""
        self._counter = _Counter()
        self._zip: zipfile.ZipFile | None = None
        self._source = stream
        self._stream: IO[bytes] = stream
        self.kind: Kind | None = options.kind
        self.layout: TxtLayout | None = None
        self._open()

    # what the file is

    @property
    def bytes_read(self) -> int:
        return self._counter.total

    @property
    def month(self) -> tuple[int, int] | None:
        """The month the file's names give, else a per-type list's rating column label."""
        for name in (self.name, self.member):
            if name and (found := month_from_name(name)):
                return found
        return self.layout.month if self.layout is not None else None

    @property
    def rating_kind(self) -> RatingKind | None:
        """The type a per-type list's ratings are: the caller's, else its names'."""
        if self.options.rating_type is not None:
            return self.options.rating_type
        for name in (self.member, self.name):
            if name and (found := rating_kind_from_name(name)):
                return found
        return None

    def _open(self) -> None:
        try:
            head = _peek(self._source, 4)
            if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
                self._open_zip()
                head = _peek(self._stream, 4)
            if not head:
                raise ListRefused(EMPTY)
            _check_start(head)
            if self.kind is None:
                self.kind = self._sniff()
        except _ZIP_ERRORS as error:  # the first bytes unpacked: a small member read whole
            raise ListRefused(ZIP_BROKEN % {"error": _plain(str(error))}) from None

    def _open_zip(self) -> None:
        try:
            archive = zipfile.ZipFile(self._source)
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) != 1:
                raise ListRefused(ZIP_MEMBERS % {"count": len(members)})
            if members[0].flag_bits & 0x1:
                raise ListRefused(ZIP_ENCRYPTED)
            member = archive.open(members[0])
        except _ZIP_ERRORS as error:
            raise ListRefused(ZIP_BROKEN % {"error": _plain(str(error))}) from None
        self._zip = archive
        self.member = members[0].filename
        # buffered: lines are then read at C speed (the member's own readline is Python)
        self._stream = io.BufferedReader(_ZipMember(member), 1 << 20)

    def _sniff(self) -> Kind:
        """XML when it starts with ``<``; a national list when named ``.csv``; else FIDE's TXT."""
        if _peek(self._stream, 256).lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            return Kind.FIDE_XML
        if any(name.lower().endswith(".csv") for name in (self.name, self.member) if name):
            return Kind.NATIONAL_CSV
        return Kind.FIDE_TXT

    # reading

    def records(self) -> Iterator[ListedRecord]:
        """The players, one by one; :class:`ListRefused` where the file is not a list."""
        try:
            yield from self._records()
        except _ZIP_ERRORS as error:
            raise ListRefused(ZIP_BROKEN % {"error": _plain(str(error))}) from None

    def _records(self) -> Iterator[ListedRecord]:
        options = self.options
        if self.kind is Kind.FIDE_XML:
            yield from _xml_records(self._stream, self.rating_kind, options, self._counter)
            return
        lines = _lines(self._stream, options.bounds, self._counter)
        if self.kind is Kind.NATIONAL_CSV:
            yield from _csv_records(lines, options, options.rating_type)
            return
        first = next(lines, None)
        if first is None:
            raise ListRefused(EMPTY)
        header = _FideDecoder()(first.raw.removeprefix(codecs.BOM_UTF8), 1)
        self.layout = txt_layout(header)
        single = self.rating_kind if "single" in self.layout.slices else None
        yield from _txt_records(lines, self.layout, single, options)

    def close(self) -> None:
        if self._zip is not None:
            self._stream.close()
            self._zip.close()

    def __enter__(self) -> ListReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


#: What a damaged or cut zip file raises as it is opened or unpacked.
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError, zlib.error)


class _ZipMember(io.RawIOBase):
    """A zip member as a raw stream, so that io.BufferedReader can buffer it."""

    def __init__(self, member: IO[bytes]) -> None:
        self._member = member

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        view = memoryview(buffer).cast("B")
        data = self._member.read(len(view))
        view[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._member.close()
        super().close()


def _peek(stream: IO[bytes], size: int) -> bytes:
    """The first bytes at the stream's position, leaving it there."""
    peek: Callable[[int], bytes] | None = getattr(stream, "peek", None)
    if peek is not None:
        return peek(size)[:size]
    position = stream.tell()
    head = stream.read(size)
    stream.seek(position)
    return head


def read_list(stream: IO[bytes], name: str, options: Options = Options()) -> Iterator[ListedRecord]:
    """The players of the list in ``stream`` (a file named ``name``), one by one."""
    with ListReader(stream, name, options) as reader:
        yield from reader.records()
