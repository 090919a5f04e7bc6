"""A list a spreadsheet or a program writes (any of the three separators, quoting what holds one)
reads back as the same players: names "Lastname, Firstname", clubs with semicolons, quotes."""

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.desk.player_lists import parse_player_list

pytestmark = pytest.mark.django_db

LETTERS = st.characters(categories=["L"])
TEXT = st.lists(
    st.one_of(LETTERS, st.sampled_from([" ", ",", ";", '"', "'", "-", ".", "/"])),
    max_size=40,
).map(lambda chars: " ".join("".join(chars).split()))
NAMES = st.tuples(LETTERS, TEXT).map(lambda pair: (pair[0] + pair[1])[:100].strip())


@st.composite
def player_lists(draw) -> tuple[str, list[dict]]:
    """The text of a list and the players it holds."""
    others = draw(st.lists(st.sampled_from(["club", "rating"]), unique=True))
    columns = draw(st.permutations(["name", *others]))
    rows = draw(
        st.lists(
            st.fixed_dictionaries({"name": NAMES, "club": TEXT, "rating": st.integers(0, 3500)}),
            min_size=1,
            max_size=8,
        )
    )
    separator = draw(st.sampled_from([",", ";", "\t"]))
    out = io.StringIO()
    writer = csv.writer(
        out, delimiter=separator, lineterminator=draw(st.sampled_from(["\n", "\r\n"]))
    )
    writer.writerow(columns)
    writer.writerows([[row[column] for column in columns] for row in rows])
    players = [{column: row[column] for column in columns} for row in rows]
    return out.getvalue(), players


@pytest.mark.slow
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(written=player_lists())
def test_a_written_list_reads_back_as_the_same_players(bergen_open, written):
    text, players = written
    parsed = parse_player_list(text, bergen_open)
    assert [str(error) for error in parsed.errors] == []
    read = [{column: row[column] for column in players[0]} for row in parsed.rows]
    assert read == players
