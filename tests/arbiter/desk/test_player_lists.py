"""CSV player lists: every bad line is named with its reason, and a bad list saves nothing."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arbiter.core.models import AuditEntry, Entry
from arbiter.desk.player_lists import detect_separator, parse_player_list
from arbiter.platform.spreadsheets import decode_upload
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db
FILES = Path(__file__).parents[2] / "data" / "player_lists"


def read(name: str) -> bytes:
    return (FILES / name).read_bytes()


def errors_of(text: str, tournament) -> list[str]:
    return [str(error) for error in parse_player_list(text, tournament).errors]


def test_a_good_list_parses_with_aliases_any_case_and_quoted_commas(bergen_open):
    parsed = parse_player_list(decode_upload(read("good.csv")), bergen_open)
    assert parsed.errors == []
    carlsen, tari, hansen, berg = parsed.rows
    assert (carlsen["name"], carlsen["title"], carlsen["fide_id"]) == (
        "Carlsen, Magnus",
        "GM",
        1503014,
    )
    assert (tari["title"], tari["federation"]) == ("GM", "NOR")
    assert (hansen["sex"], hansen["fide_id"], hansen["birth_year"]) == ("f", None, 2008)
    assert (berg["rating"], berg["federation"]) == (0, "SWE")


def test_every_bad_line_is_reported_with_its_number_and_reason(bergen_open):
    errors = errors_of(decode_upload(read("bad.csv")), bergen_open)
    assert errors == [
        "line 3: name: This field is required.",
        "line 4: rating: Enter a whole number.",
        "line 5: federation: Ensure this value has at most 3 characters (it has 6).",
        "line 6: FIDE id 1500001 is also on line 2",
        "line 7: expected 4 fields, found 2",
        "line 8: rating: Ensure this value is less than or equal to 3500.",
    ]


def test_a_windows_spreadsheet_export_with_tabs_is_read(bergen_open):
    parsed = parse_player_list(decode_upload(read("windows-1252-tabs.csv")), bergen_open)
    assert parsed.errors == []
    assert [row["name"] for row in parsed.rows] == ["Sørensen, Søren", "Åberg, Åse"]


def test_an_unknown_column_is_reported_on_the_header_line(bergen_open):
    assert errors_of("name,colour\nBerg, Ola,white\n", bergen_open)[0].startswith(
        "line 1: unknown column 'colour'"
    )


def test_a_list_without_a_name_column_is_refused(bergen_open):
    assert errors_of("rating\n2000\n", bergen_open) == [
        "line 1: the header line has no 'name' column"
    ]


def test_an_empty_list_is_refused(bergen_open):
    assert errors_of("\n\n", bergen_open) == ["line 1: the list is empty"]
    assert errors_of("name\n\n", bergen_open) == ["line 1: the list has a header but no players"]


def test_a_fide_id_already_entered_is_refused(bergen_open):
    EntryFactory(tournament=bergen_open, fide_id=1503014)
    errors = errors_of(decode_upload(read("good.csv")), bergen_open)
    assert errors == ["line 2: fide_id: A player with FIDE id 1503014 already exists here."]


def test_uploading_a_good_file_imports_everyone_and_numbers_them(anna_client, bergen_open):
    upload = SimpleUploadedFile("good.csv", read("good.csv"), content_type="text/csv")
    response = anna_client.post(reverse("players_import", args=[bergen_open.pk]), {"file": upload})
    assert response.status_code == 302
    numbered = bergen_open.entries.order_by("starting_number").values_list("name", flat=True)
    assert list(numbered) == ["Carlsen, Magnus", "Tari, Aryan", "Hansen, Ingrid", "Berg, Ola"]
    assert AuditEntry.objects.filter(action="entry.import").count() == 1


def test_uploading_a_bad_file_saves_nothing_and_lists_the_lines(anna_client, bergen_open):
    upload = SimpleUploadedFile("bad.csv", read("bad.csv"), content_type="text/csv")
    response = anna_client.post(reverse("players_import", args=[bergen_open.pk]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported." in page
    assert "Line 4: rating: Enter a whole number." in page
    assert "Line 7: expected 4 fields, found 2" in page
    assert not Entry.objects.filter(tournament=bergen_open).exists()
    assert not AuditEntry.objects.filter(action="entry.import").exists()


def test_a_pasted_list_is_imported(anna_client, bergen_open):
    text = "name;rating\nDahl, Per;2000\nLie, Jo;2100\n"
    response = anna_client.post(reverse("players_import", args=[bergen_open.pk]), {"text": text})
    assert response.status_code == 302
    assert bergen_open.entries.count() == 2


def test_nothing_pasted_and_no_file_is_a_clear_error(anna_client, bergen_open):
    response = anna_client.post(reverse("players_import", args=[bergen_open.pk]), {"text": "  "})
    assert "Paste a list or choose a file." in response.content.decode()


def test_a_name_with_an_unquoted_comma_is_refused_saying_it_needs_quotes(bergen_open):
    text = 'name,title,fed,rating\nCarlsen, Magnus,GM,NOR,2833\n"Tari, Aryan",GM,NOR,2650\n'
    assert errors_of(text, bergen_open) == [
        "line 2: expected 4 fields, found 5: a name or club with a comma in it must be in double "
        'quotes ("Carlsen, Magnus"), or separate the fields with semicolons or tabs'
    ]
    assert errors_of("name;rating\nBerg;Ola;2000\n", bergen_open) == [
        "line 2: expected 2 fields, found 3: a field with the separator in it must be in double "
        "quotes"
    ]
    assert errors_of("name,rating\nBerg\n", bergen_open) == ["line 2: expected 2 fields, found 1"]


@pytest.mark.parametrize(
    "text",
    [
        "Name;Title;Rtg\nCarlsen, Magnus;GM;2833\nTari, Aryan;GM;2650\n",  # a European Excel
        'Name;Title;Rtg\n"Carlsen, Magnus";GM;2833\n"Tari, Aryan";GM;2650\n',
        "Name\tTitle\tRtg\nCarlsen, Magnus\tGM\t2833\nTari, Aryan\tGM\t2650\n",
    ],
)
def test_semicolon_and_tab_lists_keep_the_commas_of_names(bergen_open, text):
    parsed = parse_player_list(text, bergen_open)
    assert parsed.errors == []
    assert [(row["name"], row["rating"]) for row in parsed.rows] == [
        ("Carlsen, Magnus", 2833),
        ("Tari, Aryan", 2650),
    ]


def test_a_list_of_names_only_is_not_cut_at_their_commas(bergen_open):
    parsed = parse_player_list("name\nCarlsen, Magnus\nTari, Aryan\n", bergen_open)
    assert parsed.errors == []
    assert [row["name"] for row in parsed.rows] == ["Carlsen, Magnus", "Tari, Aryan"]


@pytest.mark.parametrize(
    ("header", "lines", "separator"),
    [
        ("name,rating", ["Berg, Ola,2000"], ","),  # the header decides: its columns are known
        ("Name;Rating", ["Berg, Ola;2000"], ";"),
        ("name", ["Berg, Ola"], ";"),  # every separator names the column: the lines decide
        ("name", ["Berg"], ","),
        ("name\trating", ['"a;b"\t1'], "\t"),
        ("navn|elo", ["a|1"], ","),  # nothing fits: unknown columns, reported as such
    ],
)
def test_the_separator_is_the_one_that_reads_header_and_lines_alike(header, lines, separator):
    assert detect_separator(header, lines) == separator


def test_a_national_rating_column_is_read_beside_the_fide_rating(bergen_open):
    """Q145: the CSV list carries the national rating the initial order may rank by."""
    text = "name;rating;national rating\nVik, Ola;1800;1850\nBerg, Kari;;1620\n"
    parsed = parse_player_list(text, bergen_open)
    assert parsed.errors == []
    assert [(r["rating"], r["national_rating"]) for r in parsed.rows] == [(1800, 1850), (0, 1620)]
    [error] = errors_of('name,nrtg\n"Vik, Ola",4000\n', bergen_open)
    assert error.startswith("line 2: national_rating:")
