"""Uploaded tables read into rows of text (arbiter/platform/spreadsheets.py): CSV in its dialects,
XLSX
through openpyxl, every size bounded and hostile files refused with a reason."""

import datetime
import io
import zipfile

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.platform.spreadsheets import MAX_CELL, MAX_COLUMNS, TableError, read_table


def rows(raw: bytes, max_rows=100):
    return read_table(raw, "list", max_rows=max_rows).rows


def xlsx(sheet_rows) -> bytes:
    workbook = openpyxl.Workbook()
    for row in sheet_rows:
        workbook.active.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


@pytest.mark.parametrize(
    "raw",
    [
        b'Name,Club\n"Berg, Ola","Oslo ""JK"""\n',
        b'Name;Club\r\n"Berg, Ola";Oslo "JK"\r\n',
        '\ufeffName;Club\n"Berg, Ola";Oslo "JK"\n'.encode(),
        b'Name\tClub\n"Berg, Ola"\tOslo "JK"\n',
    ],
)
def test_csv_with_commas_semicolons_tabs_quotes_and_a_bom(raw):
    assert rows(raw) == [(1, ["Name", "Club"]), (2, ["Berg, Ola", 'Oslo "JK"'])]


def test_windows_1252_and_line_numbers_past_blank_and_quoted_multiline_rows():
    raw = 'Name;Club\n\n"Åsa\nÖberg";Malmö\nPer;Lund\n'.encode("cp1252")
    assert rows(raw) == [(1, ["Name", "Club"]), (3, ["Åsa Öberg", "Malmö"]), (5, ["Per", "Lund"])]


def test_cells_and_columns_are_bounded():
    raw = ("A," * 80 + "\n" + "x" * 5000 + "\n").encode()
    header, line = rows(raw)
    assert len(header[1]) == MAX_COLUMNS
    assert len(line[1][0]) == MAX_CELL + 1  # cut, and still too long for any field


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_rows_past_the_bound_refuse_the_file(kind):
    def made(players: int) -> bytes:
        if kind == "xlsx":
            return xlsx([["Name"], *(["P"] for _ in range(players))])
        return b"Name\n" + b"P\n" * players

    with pytest.raises(TableError, match="more than 10 rows"):
        rows(made(11), max_rows=10)
    assert len(rows(made(10), max_rows=10)) == 11


def test_xlsx_cells_become_text():
    raw = xlsx(
        [
            ["Name", "Born", "Weight", None],
            [None, None, None, None],
            ["Lund, Eva", datetime.datetime(2001, 3, 4), 57.0, 63.4],
        ]
    )
    assert rows(raw) == [
        (1, ["Name", "Born", "Weight"]),
        (3, ["Lund, Eva", "2001-03-04", "57", "63.4"]),
    ]


def test_a_zip_bomb_is_refused_before_it_is_unpacked(settings):
    settings.MAX_UPLOAD_BYTES = 100_000
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * 2_000_000)
    assert len(out.getvalue()) < 10_000
    with pytest.raises(TableError, match="unpacks to more than"):
        rows(out.getvalue())


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "old Excel file"),
        (b"PK\x03\x04nonsense", "neither a CSV file nor an Excel workbook"),
        (b"\n\n  \n", "empty"),
    ],
)
def test_what_is_no_table_is_refused(raw, message):
    with pytest.raises(TableError, match=message):
        rows(raw)


def test_an_opendocument_sheet_is_refused_with_what_to_do():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<x/>")
    with pytest.raises(TableError, match=r"save it as \.xlsx or CSV"):
        rows(out.getvalue())


def test_a_sheet_of_empty_rows_is_not_read_to_its_end():
    workbook = openpyxl.Workbook()
    workbook.active["A1"] = "Name"
    workbook.active["A900000"] = "far away"
    out = io.BytesIO()
    workbook.save(out)
    assert rows(out.getvalue()) == [(1, ["Name"])]


def test_an_xml_bomb_in_the_sheet_is_refused():
    out = io.BytesIO()
    workbook = openpyxl.Workbook()
    workbook.active["A1"] = "Name"
    workbook.save(out)
    source = zipfile.ZipFile(io.BytesIO(out.getvalue()))
    bombed = io.BytesIO()
    with zipfile.ZipFile(bombed, "w") as archive:
        for member in source.infolist():
            data = source.read(member)
            if member.filename == "xl/worksheets/sheet1.xml":
                data = (
                    b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
                    b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                    + data.split(b"?>", 1)[-1].replace(b"Name", b"&b;")
                )
            archive.writestr(member, data)
    with pytest.raises(TableError, match="cannot be read as an Excel workbook"):
        rows(bombed.getvalue())


@given(st.lists(st.lists(st.text(max_size=20), min_size=1, max_size=5), max_size=20))
def test_any_csv_text_is_read_or_refused_never_crashes(table):
    import csv

    text = io.StringIO()
    csv.writer(text, delimiter=";").writerows(table)
    try:
        read = read_table(text.getvalue().encode(), "x.csv", max_rows=100)
    except TableError:
        return
    assert all(len(cells) <= MAX_COLUMNS for _, cells in read.rows)
