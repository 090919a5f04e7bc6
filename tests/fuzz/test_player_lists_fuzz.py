"""Bad CSV player lists: every line is read into a player or a reason with its line number, and a
list with any bad line saves no player at all."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry, Entry
from arbiter.core.services.entries import EntryError, import_entries
from arbiter.desk.player_lists import LineError, parse_player_list
from arbiter.platform.spreadsheets import decode_upload
from tests.fuzz.mutations import mutated, random_text
from tests.fuzz.tally import tried

LISTS = Path(__file__).resolve().parents[1] / "data" / "player_lists"
FILES = [decode_upload(p.read_bytes()) for p in sorted(LISTS.glob("*.csv"))]
EXTRA_LINES = [
    "name,rating,fed,extra",
    "name;name",
    "rating,fed",
    "",
    '"Unclosed, quote,2000',
    "Doe, Jane,,,,,,,,,,,",
    "Doe\tJane\t2000\tNOR",
    "X" * 200,
    "name,rating\n" + "a," + "9" * 5000,
    "Sørensen, Søren;DEN;2010",
    "Carlsen, Magnus,GM,NOR,99999999999999999999,1503014,1990,Club,m",
    '"Long, Field",' + "y" * 140_000,
]


def _separator(text: str, separator: str) -> str:
    return text.replace(",", separator)


def player_lists():
    return st.one_of(
        mutated(FILES, EXTRA_LINES),
        st.tuples(st.sampled_from(FILES), st.sampled_from([";", "\t", "|", " ", ""])).map(
            lambda pair: _separator(*pair)
        ),
        st.sampled_from(FILES).map(lambda text: text.split("\n", 1)[-1]),  # no header
        st.sampled_from(FILES).map(lambda text: text.replace("\n", ",surplus\n")),
        random_text(),
    )


def uploads():
    """The bytes of an uploaded file: a list in UTF-8 or Windows-1252, or random bytes."""
    return st.one_of(
        st.tuples(player_lists(), st.sampled_from(["utf-8", "utf-8-sig", "cp1252"])).map(
            lambda pair: pair[0].encode(pair[1], errors="replace")
        ),
        st.binary(max_size=400),
    )


@pytest.mark.django_db
@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(raw=uploads())
def test_a_damaged_player_list_gives_players_or_reasons_by_line_and_saves_all_or_nothing(
    anna, bergen_open, raw
):
    tried("CSV player list (parse_player_list + import_entries)")
    text = decode_upload(raw)
    entries, audit = Entry.objects.count(), AuditEntry.objects.count()
    parsed = parse_player_list(text, bergen_open)
    for error in parsed.errors:
        assert isinstance(error, LineError)
        assert error.line >= 1 and error.reason.strip()
        assert str(error).startswith(f"line {error.line}: ")
    if parsed.errors:
        assert Entry.objects.count() == entries
        return
    assert parsed.rows
    try:
        imported = import_entries(anna, bergen_open, parsed.rows)
    except EntryError as error:
        assert str(error).strip()
        assert (Entry.objects.count(), AuditEntry.objects.count()) == (entries, audit)
    else:
        assert Entry.objects.count() == entries + len(imported) == entries + len(parsed.rows)
