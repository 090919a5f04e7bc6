"""Player lists pasted or uploaded as CSV, parsed and checked line by line before any is saved.

The first line names the columns (any order, any case). Accepted names and their aliases are in
COLUMNS; only `name` is required. Commas, semicolons and tabs are all accepted as separators
(:func:`detect_separator`); a field holding the separator is written in double quotes
(`"Carlsen, Magnus"`), as spreadsheets write it, and a line with more fields than the header
says so. Uploaded files are decoded by :func:`arbiter.platform.spreadsheets.decode_upload`.
A list is refused whole, before its lines are checked, when it would take the tournament past
``MAX_PLAYERS``; the errors reported stop at :data:`MAX_LINE_ERRORS`.
"""

import csv
import io
from dataclasses import dataclass, field

from django.conf import settings
from django.utils.translation import gettext

from arbiter.core.models import Entry, Tournament
from arbiter.desk.forms import EntryForm

COLUMNS: dict[str, str] = {
    "name": "name",
    "player": "name",
    "title": "title",
    "tit": "title",
    "sex": "sex",
    "gender": "sex",
    "federation": "federation",
    "fed": "federation",
    "club": "club",
    "club/city": "club",
    "rating": "rating",
    "rtg": "rating",
    "elo": "rating",
    "national_rating": "national_rating",
    "national rating": "national_rating",
    "nrtg": "national_rating",
    "national": "national_rating",
    "fide_id": "fide_id",
    "fide id": "fide_id",
    "fideid": "fide_id",
    "id": "fide_id",
    "birth_year": "birth_year",
    "birth year": "birth_year",
    "born": "birth_year",
    "byear": "birth_year",
}
SEPARATORS = [",", ";", "\t"]
#: The data lines :func:`detect_separator` reads to choose between separators.
SEPARATOR_SAMPLE_LINES = 100
#: The errors one list reports: a list with more is not worth reading further.
MAX_LINE_ERRORS = 100


@dataclass(frozen=True)
class LineError:
    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass
class ParsedList:
    rows: list[dict] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)


def parse_player_list(text: str, tournament: Tournament) -> ParsedList:
    """Every line checked like the player form checks it; the result has rows or errors."""
    result = ParsedList()
    lines = text.splitlines()
    header_index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_index is None:
        result.errors.append(LineError(1, gettext("the list is empty")))
        return result
    too_many = _too_many_players(lines[header_index + 1 :], tournament)
    if too_many:
        result.errors.append(LineError(header_index + 1, too_many))
        return result
    separator = detect_separator(lines[header_index], lines[header_index + 1 :])
    reader = _Lines(csv.reader(io.StringIO("\n".join(lines)), delimiter=separator), result)
    columns = _read_header(next(_skip(reader, header_index), []), header_index + 1, result)
    if columns is None:
        return result

    seen_fide_ids: dict[int, int] = {}
    known_fide_ids = set(
        Entry.objects.filter(tournament=tournament, fide_id__isnull=False).values_list(
            "fide_id", flat=True
        )
    )
    for cells in reader:
        line = reader.line_num
        if len(result.errors) >= MAX_LINE_ERRORS:
            result.errors.append(
                LineError(line, gettext("and more: correct the lines above first"))
            )
            break
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) != len(columns):
            result.errors.append(LineError(line, _field_count_error(columns, cells, separator)))
            continue
        data = {column: cell.strip() for column, cell in zip(columns, cells, strict=True)}
        form = EntryForm(data=data, tournament=tournament, taken_fide_ids=known_fide_ids)
        if not form.is_valid():
            for name, messages in form.errors.items():
                label = gettext("row") if name == "__all__" else name
                result.errors.extend(LineError(line, f"{label}: {m}") for m in messages)
            continue
        fide_id = form.cleaned_data.get("fide_id")
        if fide_id is not None:
            if fide_id in seen_fide_ids:
                result.errors.append(
                    LineError(
                        line,
                        gettext("FIDE id %(fide_id)s is also on line %(line)s")
                        % {"fide_id": fide_id, "line": seen_fide_ids[fide_id]},
                    )
                )
                continue
            seen_fide_ids[fide_id] = line
        result.rows.append(form.cleaned_data)
    if not result.rows and not result.errors:
        result.errors.append(
            LineError(header_index + 1, gettext("the list has a header but no players"))
        )
    return result


def detect_separator(header: str, lines: list[str]) -> str:
    """The separator of a list: among those that split the header into known column names, the
    one that gives the most of the first data lines as many fields as the header; ties go to
    the one the header uses most, then to the comma. When none names known columns, the one the
    header uses most (its unknown column is then reported).

    So a one-column list of names ("name" over "Carlsen, Magnus") is not cut at the comma, and
    a semicolon list whose names hold commas is read by its semicolons."""
    sample = [line for line in lines if line.strip()][:SEPARATOR_SAMPLE_LINES]

    def cells(line: str, separator: str) -> list[str]:
        try:
            return next(csv.reader([line], delimiter=separator), [])
        except csv.Error:
            return []

    def names_columns(separator: str) -> bool:
        return all(cell.strip().lower() in COLUMNS for cell in cells(header, separator))

    candidates = [sep for sep in SEPARATORS if names_columns(sep)]
    if not candidates:
        return max(SEPARATORS, key=header.count)

    def fit(separator: str) -> tuple[int, int]:
        width = len(cells(header, separator))
        matching = sum(1 for line in sample if len(cells(line, separator)) == width)
        return matching, header.count(separator)

    return max(candidates, key=fit)  # max keeps the first of equals: SEPARATORS' order


def _field_count_error(columns: list[str], cells: list[str], separator: str) -> str:
    """Fields missing, or too many: then most often a name written "Lastname, Firstname"
    without quotes in a comma-separated list."""
    counts = {"expected": len(columns), "found": len(cells)}
    if len(cells) < len(columns):
        return gettext("expected %(expected)d fields, found %(found)d") % counts
    if separator == ",":
        return (
            gettext(
                "expected %(expected)d fields, found %(found)d: a name or club with a comma in it "
                'must be in double quotes ("Carlsen, Magnus"), or separate the fields with '
                "semicolons or tabs"
            )
            % counts
        )
    return (
        gettext(
            "expected %(expected)d fields, found %(found)d: a field with the separator in it must "
            "be in double quotes"
        )
        % counts
    )


def _too_many_players(lines: list[str], tournament: Tournament) -> str:
    """Why the list cannot be taken whole ("" if it can): the players it adds and those
    entered already are more than ``MAX_PLAYERS``."""
    listed = sum(1 for line in lines if line.strip())
    entered = Entry.objects.filter(tournament=tournament).count()
    if listed + entered <= settings.MAX_PLAYERS:
        return ""
    return gettext(
        "the list has %(listed)s players and %(entered)s are entered already: a tournament "
        "takes at most %(most)s (MAX_PLAYERS)"
    ) % {"listed": listed, "entered": entered, "most": settings.MAX_PLAYERS}


def _skip(reader, count: int):
    for _ in range(count):
        next(reader, None)
    return reader


class _Lines:
    """The CSV reader's rows; a line it cannot read (a field over the csv module's limit of
    128 KiB) is reported with its number and ends the list."""

    def __init__(self, reader, result: ParsedList) -> None:
        self.reader = reader
        self.result = result

    @property
    def line_num(self) -> int:
        return self.reader.line_num

    def __iter__(self):
        return self

    def __next__(self) -> list[str]:
        try:
            return next(self.reader)
        except csv.Error as error:
            self.result.errors.append(
                LineError(
                    self.reader.line_num, gettext("cannot read it: %(error)s") % {"error": error}
                )
            )
            raise StopIteration from error


def _read_header(cells: list[str], line: int, result: ParsedList) -> list[str] | None:
    columns = []
    for cell in cells:
        name = COLUMNS.get(cell.strip().lower())
        if name is None:
            known = ", ".join(sorted(set(COLUMNS.values())))
            result.errors.append(
                LineError(
                    line,
                    gettext("unknown column %(column)s (known columns: %(known)s)")
                    % {"column": repr(cell.strip()), "known": known},
                )
            )
            return None
        if name in columns:
            result.errors.append(
                LineError(line, gettext("column %(column)s appears twice") % {"column": repr(name)})
            )
            return None
        columns.append(name)
    if "name" not in columns:
        result.errors.append(LineError(line, gettext("the header line has no 'name' column")))
        return None
    return columns
