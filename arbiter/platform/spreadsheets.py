"""An uploaded table (CSV or XLSX) read into rows of text cells, every size bounded, before
anything looks at what the cells mean (a competition's entry list: judo/competitor_lists.py).

- **CSV**: UTF-8 with or without a byte order mark, else Windows-1252 (what spreadsheet programs
  on Windows write; :func:`decode_upload`); comma, semicolon or tab, whichever
  splits the first line into the most fields; quoted fields as the csv module reads them.
- **XLSX**: read with openpyxl (read-only, values not formulas; defusedxml installed, so XML
  bombs are refused), the first sheet. The archive is looked at before openpyxl opens it: its
  members, unpacked, are at most :data:`UNPACKED_PER_BYTE` times ``MAX_UPLOAD_BYTES`` together
  (a zip bomb is refused without unpacking it). Old ``.xls``, ``.ods`` and encrypted workbooks
  are refused with what to save the file as.

Each row keeps the line (CSV) or row number (XLSX) the arbiter sees in their program; empty
rows and the empty cells that end a row are left out. At most ``max_rows`` rows with something
in them, :data:`MAX_COLUMNS` columns (those to the right are not read) and :data:`MAX_CELL`
characters a cell (a longer cell is cut one character past it, so the check of its field still
says it is too long).
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

MAX_COLUMNS = 50
MAX_CELL = 200
#: An XLSX archive unpacks to at most this many times MAX_UPLOAD_BYTES.
UNPACKED_PER_BYTE = 10
#: Empty rows a sheet may have besides its rows (a sheet of a million empty rows is refused).
MAX_EMPTY_ROWS = 1000
READ_SEPARATORS = (",", ";", "\t")


class TableError(ValueError):
    """The file cannot be read as a table; the message says why, for the arbiter."""


@dataclass
class Table:
    #: (line or row number, cells), the header first.
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    kind: str = "csv"


def decode_upload(raw: bytes) -> str:
    """A CSV file's text: UTF-8 (with or without BOM), else Windows-1252, which is what
    spreadsheet programs on Windows write."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def read_table(raw: bytes, file_name: str, *, max_rows: int) -> Table:
    """The rows of an uploaded CSV or XLSX file (by its content, whatever its name says)."""
    if raw.startswith(b"PK\x03\x04"):
        return _xlsx(raw, max_rows)
    if raw.startswith(b"\xd0\xcf\x11\xe0"):
        # An OLE file: Excel 97-2003 (.xls), or an XLSX encrypted with a password.
        raise TableError(
            _(
                "This is an old Excel file (.xls) or a workbook with a password: save it as "
                "Excel Workbook (.xlsx) or CSV and upload that."
            )
        )
    return _csv(decode_upload(raw), max_rows)


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())[: MAX_CELL + 1]


def _trimmed(cells: list[str]) -> list[str]:
    """The cells without the empty ones at the end of the row."""
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _too_many_rows(max_rows: int) -> TableError:
    return TableError(
        _("The file has more than %(n)s rows (MAX_PLAYERS). Nothing was read.") % {"n": max_rows}
    )


def _csv(text: str, max_rows: int) -> Table:
    table = Table(kind="csv")
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not first:
        raise TableError(_("The file is empty."))
    separator = max(READ_SEPARATORS, key=lambda s: len(next(csv.reader([first], delimiter=s))))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if any(cell.strip() for cell in cells):
                table.rows.append((line, _trimmed([_cell_text(c) for c in cells[:MAX_COLUMNS]])))
                if len(table.rows) > max_rows + 1:
                    raise _too_many_rows(max_rows)
    except csv.Error as error:
        raise TableError(
            _("Line %(line)s cannot be read: %(error)s") % {"line": start, "error": error}
        ) from None
    return table


def _xlsx(raw: bytes, max_rows: int) -> Table:
    _check_archive(raw)
    import openpyxl  # only when an XLSX comes: it is not small

    try:
        workbook = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as error:  # a hostile or broken file: whatever openpyxl finds wrong
        raise TableError(
            _("The file cannot be read as an Excel workbook (.xlsx): %(error)s")
            % {"error": type(error).__name__}
        ) from None
    try:
        sheets = [s for s in workbook.worksheets if getattr(s, "sheet_state", "") != "hidden"]
        if not sheets:
            raise TableError(_("The workbook has no sheet."))
        table = Table(kind="xlsx")
        empty = 0
        for number, row in enumerate(sheets[0].iter_rows(max_col=MAX_COLUMNS, values_only=True), 1):
            cells = _trimmed([_cell_text(value) for value in row])
            if not cells:
                empty += 1
                if empty > MAX_EMPTY_ROWS:
                    break
                continue
            table.rows.append((number, cells))
            if len(table.rows) > max_rows + 1:
                raise _too_many_rows(max_rows)
        if not table.rows:
            raise TableError(_("The first sheet of the workbook is empty."))
        return table
    except TableError:
        raise
    except Exception as error:
        raise TableError(
            _("The file cannot be read as an Excel workbook (.xlsx): %(error)s")
            % {"error": type(error).__name__}
        ) from None
    finally:
        workbook.close()


def _check_archive(raw: bytes) -> None:
    """A zip bomb refused from the archive's directory, before anything is unpacked."""
    try:
        members = zipfile.ZipFile(io.BytesIO(raw)).infolist()
    except (zipfile.BadZipFile, ValueError):
        raise TableError(
            _("The file is neither a CSV file nor an Excel workbook (.xlsx).")
        ) from None
    unpacked = sum(member.file_size for member in members)
    if len(members) > 1000 or unpacked > UNPACKED_PER_BYTE * settings.MAX_UPLOAD_BYTES:
        raise TableError(
            _("The workbook unpacks to more than %(n)s MB: it is refused.")
            % {"n": UNPACKED_PER_BYTE * settings.MAX_UPLOAD_BYTES // (1024 * 1024)}
        )
    if not any(member.filename.startswith("xl/") for member in members):
        raise TableError(
            _(
                "This is not an Excel workbook (.xlsx) (an OpenDocument sheet?): save it as "
                ".xlsx or CSV and upload that."
            )
        )


#: Field separators of the CSV downloads (``?sep=semicolon``).
SEPARATORS = {"comma": ",", "semicolon": ";"}
#: Cells starting with one of these are read as a formula by spreadsheet programs (OWASP).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Columns whose values come from the app's own fixed vocabulary (``--+``), never escaped.
_CODED_COLUMNS = frozenset({"result"})


def escape_cell(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula, with a ``'`` in front (OWASP)."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: list[dict[str, Any]], columns: list[str], separator: str = ",") -> str:
    """Rows as CSV for spreadsheet programs: BOM, the separator asked for, formulas escaped."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.DictWriter(out, fieldnames=columns, delimiter=separator, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: v if k in _CODED_COLUMNS else escape_cell(v) for k, v in row.items()})
    return out.getvalue()
