"""The medal table: golds, then silvers, then bronzes; equal rows share a rank."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.knockout import Competitor, KnockoutError, Placing
from pairing.engines.knockout.medals import medal_table


def people(*clubs):
    return [Competitor(str(i), f"P{i}", club, country=club[:1]) for i, club in enumerate(clubs)]


def places(*pairs):
    return [Placing(place, competitor) for place, competitor in pairs]


def rows(table):
    return [(r.name, r.gold, r.silver, r.bronze, r.rank) for r in table]


def test_one_gold_outranks_any_number_of_silvers():
    cat1 = (places((1, "0"), (2, "1"), (3, "2"), (3, "3")), people("A", "B", "B", "B"))
    cat2 = (places((1, "1"), (2, "0")), people("A", "B"))
    assert rows(medal_table([cat1, cat2])) == [("B", 1, 1, 2, 1), ("A", 1, 1, 0, 2)]


def test_rows_equal_in_every_medal_share_the_rank_and_list_by_name():
    cat = (places((1, "0"), (2, "1"), (3, "2"), (3, "3")), people("b", "c", "A", "D"))
    assert rows(medal_table([cat])) == [
        ("b", 1, 0, 0, 1),
        ("c", 0, 1, 0, 2),
        ("A", 0, 0, 1, 3),
        ("D", 0, 0, 1, 3),
    ]


def test_a_single_bronze_system_gives_one_bronze_and_fourth_place_nothing():
    cat = (places((1, "0"), (2, "1"), (3, "2"), (4, "3"), (5, "4")), people(*"ABCDE"))
    assert [r.total for r in medal_table([cat])] == [1, 1, 1]


def test_medals_by_country_add_up_the_clubs_of_a_country():
    cat = (places((1, "0"), (2, "1")), people("Xa", "Xb"))
    assert rows(medal_table([cat], by="country")) == [("X", 1, 1, 0, 1)]


def test_empty_and_provisional_places_give_no_medal_yet_nor_do_competitors_without_a_club():
    cat = ([Placing(1, None), Placing(2, "0", final=False), Placing(3, "1")], people("A", ""))
    assert medal_table([cat]) == ()


def test_a_placing_naming_a_stranger_or_an_unknown_grouping_is_refused():
    with pytest.raises(KnockoutError, match="not a competitor"):
        medal_table([(places((1, "9")), people("A"))])
    with pytest.raises(KnockoutError, match="club or by country"):
        medal_table([], by="region")


CATEGORY = st.lists(st.sampled_from("ABCD"), min_size=4, max_size=8).map(
    lambda clubs: (places((1, "0"), (2, "1"), (3, "2"), (3, "3")), people(*clubs))
)


@given(st.lists(CATEGORY, max_size=6))
def test_every_medal_is_counted_once_and_the_ranks_follow_the_olympic_order(categories):
    table = medal_table(categories)
    assert sum(r.gold for r in table) == len(categories)
    assert sum(r.total for r in table) == 4 * len(categories)
    keys = [(-r.gold, -r.silver, -r.bronze) for r in table]
    assert keys == sorted(keys)
    for above, below in itertools.pairwise(table):
        same = (above.gold, above.silver, above.bronze) == (below.gold, below.silver, below.bronze)
        assert below.rank == (above.rank if same else table.index(below) + 1)
