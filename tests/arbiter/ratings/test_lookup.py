"""The lookup's speed kept honest (arbiter/ratings/lookup.py): the name prefix is answered from
the name index on both databases, exactly as the plain prefix would be; names are folded
character by character exactly as whole."""

from __future__ import annotations

import datetime
import unicodedata

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st

from arbiter.ratings import lookup
from arbiter.ratings.models import ListedPlayer, RatingList

NAMES = [
    "Aagaard, Jacob", "Åberg, Anna", "Abrahamyan, Tatev", "Carlsen, Magnus", "Carlsen, Henrik",
    "Čarnogurský, Ján", "Caruana, Fabiano", "Car_los, X", "Car%los, Y", "Çarkçi, Ali",
    "Müller, Hans", "Mueller, Jan", "Zöllner, Ö",
]  # fmt: skip


@pytest.fixture
def listed(db):
    rating_list = RatingList.objects.create(
        source="fide", month=datetime.date(2026, 10, 1), file_name="x.txt", state="complete"
    )
    ListedPlayer.objects.bulk_create(
        ListedPlayer(
            rating_list=rating_list, fide_id=100 + n, name=name, name_key=lookup.name_key(name)
        )
        for n, name in enumerate(NAMES)
    )
    # two players of one name: the id decides
    ListedPlayer.objects.create(
        rating_list=rating_list, fide_id=99, name="Carlsen, Magnus", name_key="carlsen, magnus"
    )
    return rating_list


def names(found) -> list[tuple[str, int]]:
    return [(p.name, p.fide_id) for p in found]


def test_a_prefix_finds_the_names_starting_with_it_folded_in_name_then_id_order(listed):
    assert names(lookup.find(listed, "carl")) == [
        ("Carlsen, Henrik", 104), ("Carlsen, Magnus", 99), ("Carlsen, Magnus", 103),
    ]  # fmt: skip
    assert names(lookup.find(listed, "  CAR")) == names(lookup.find(listed, "car"))
    assert [p.name for p in lookup.find(listed, "car")] == [
        "Car%los, Y", "Car_los, X", "Çarkçi, Ali",
        "Carlsen, Henrik", "Carlsen, Magnus", "Carlsen, Magnus", "Čarnogurský, Ján",
        "Caruana, Fabiano",
    ]  # fmt: skip
    assert [p.name for p in lookup.find(listed, "mu")] == ["Mueller, Jan", "Müller, Hans"]
    assert [p.name for p in lookup.find(listed, "zöll")] == ["Zöllner, Ö"]
    assert lookup.find(listed, "carlsen, magnus", limit=1)[0].fide_id == 99


def test_wildcards_in_a_prefix_are_letters(listed):
    assert [p.name for p in lookup.find(listed, "car_")] == ["Car_los, X"]
    assert [p.name for p in lookup.find(listed, "car%")] == ["Car%los, Y"]


def test_an_id_finds_its_player_and_odd_digits_find_nothing(listed):
    assert names(lookup.find(listed, "105")) == [("Čarnogurský, Ján", 105)]
    assert lookup.find(listed, "9" * 16) == []  # past any id a column holds
    assert lookup.find(listed, "²") == []  # a digit to isdigit(), not to int()
    assert lookup.find(listed, "   ") == []


def test_the_name_prefix_is_read_from_the_name_index(listed):
    """SQLite: the range the lookup asks for is searched in the index (its LIKE would scan
    every name of the list); PostgreSQL: the names come in the index's own order, so that no
    sort of every name of the prefix comes before the limit."""
    with CaptureQueriesContext(connection) as queries:
        lookup.find(listed, "carl")
    (query,) = queries.captured_queries  # as the database got it, values in place
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + query["sql"])
            plan = " ".join(str(row[-1]) for row in cursor.fetchall())
            assert (
                "USING INDEX listed_by_name_key (rating_list_id=? AND name_key>? AND name_key<?)"
            ) in plan
        else:
            cursor.execute("SET LOCAL enable_seqscan = off")  # a tiny table: as a large one
            cursor.execute("SET LOCAL enable_bitmapscan = off")
            # a full sort would cost nothing on so few rows: refused, to see whether the plan
            # can do without one (with ORDER BY name_key, under the database's collation, it
            # cannot)
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute("EXPLAIN " + query["sql"])
            steps = [row[0].strip() for row in cursor.fetchall()]
            assert any("Index Scan using listed_by_name_key" in step for step in steps), steps
            assert any("Incremental Sort" in step for step in steps), steps
            assert not any(step.startswith("->  Sort") for step in steps), steps


def _folded_whole(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


@given(st.text(max_size=40))
def test_a_name_is_folded_as_folding_it_whole_would(name):
    assert lookup.name_key(name) == _folded_whole(name)


@given(st.text(alphabet=st.characters(max_codepoint=0x52F), max_size=40))
def test_a_latin_greek_or_cyrillic_name_is_folded_as_folding_it_whole_would(name):
    assert lookup.name_key(name) == _folded_whole(name)
