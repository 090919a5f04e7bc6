"""What a listed player fills in (the entry's fields, the rating of the event's type, the highest
title), and an imported list compared with FIDE's list in force by id (docs/ratings.md, "Lookup
and refresh")."""

import datetime

import pytest

from arbiter.ratings.listed import (
    check_against_list_in_force,
    check_list,
    entry_values,
    highest_title,
    listed_rating,
)
from arbiter.ratings.models import ListedPlayer
from tests.factories import ListedPlayerFactory, RatingListFactory

pytestmark = pytest.mark.django_db


def listed(fide_november, fide_id: int) -> ListedPlayer:
    return ListedPlayer.objects.get(rating_list=fide_november, fide_id=fide_id)


def test_a_pick_fills_every_field_of_the_entry(fide_november):
    assert entry_values(listed(fide_november, 1503014), "standard") == {
        "name": "Carlsen, Magnus",
        "federation": "NOR",
        "title": "GM",
        "birth_year": 1990,
        "sex": "m",
        "rating": 2839,
        "fide_id": 1503014,
        "k_factor": 10,
    }


@pytest.mark.parametrize(("kind", "rating", "k"), [("rapid", 2820, 10), ("blitz", 2880, 10)])
def test_the_rating_and_k_are_those_of_the_tournaments_type(fide_november, kind, rating, k):
    values = entry_values(listed(fide_november, 1503014), kind)
    assert (values["rating"], values["k_factor"]) == (rating, k)


def test_a_player_unrated_in_rapid_is_rated_with_the_standard_rating(fide_november):
    """B.02 7.2.1: the standard rating is used; its K is the standard one's, so none is set."""
    haugen = listed(fide_november, 1504321)
    assert listed_rating(haugen, "rapid").standard_used
    values = entry_values(haugen, "rapid")
    assert (values["rating"], values["k_factor"]) == (2224, None)
    assert entry_values(haugen, "standard")["k_factor"] == 20


def test_a_player_unrated_in_every_list_is_unrated(fide_november):
    nobody = ListedPlayerFactory(rating_list=fide_november, standard=None, standard_k=None)
    assert listed_rating(nobody, "blitz").rating is None
    assert entry_values(nobody, "blitz")["rating"] == 0


@pytest.mark.parametrize(
    ("title", "women_title", "held"),
    [("IM", "WGM", "IM"), ("", "WGM", "WGM"), ("WIM", "", "WIM"), ("FM", "WIM", "FM"),
     ("CM", "", "CM"), ("", "", ""), ("AGM", "", ""), ("gm", "", "GM")],
)  # fmt: skip
def test_the_highest_of_the_two_title_columns_is_entered(title, women_title, held):
    assert highest_title(ListedPlayer(title=title, women_title=women_title)) == held


def test_a_list_value_an_entry_cannot_hold_is_left_empty(fide_november):
    odd = ListedPlayerFactory(
        rating_list=fide_november, federation="??", sex="X", birth_year=1850, standard_k=0
    )
    values = entry_values(odd, "standard")
    assert (values["federation"], values["sex"], values["birth_year"], values["k_factor"]) == (
        "",
        "",
        None,
        None,
    )


def test_an_imported_list_is_compared_field_by_field(fide_november):
    rows = [
        {"name": "Haugen,  Sofia", "fide_id": 1504321, "rating": 2310, "title": "WFM",
         "federation": "NOR", "birth_year": 2004},
        {"name": "Carlsen, Magnus", "fide_id": 1503014, "rating": 2839, "title": "GM"},
        {"name": "Nobody, Known", "fide_id": 99999999, "rating": 1500},
        {"name": "No Id, Player", "rating": 1400},
    ]  # fmt: skip
    check = check_list(rows, fide_november, "standard")
    assert (check.month, check.checked) == ("2026-11", 3)
    [haugen] = check.differing
    assert [(d.field, d.in_file, d.in_list) for d in haugen.differences] == [
        ("title", "WFM", "WIM"),
        ("rating", 2310, 2224),
    ]
    assert check.missing == (("Nobody, Known", 99999999),)


def test_a_field_the_file_leaves_empty_is_not_a_difference(fide_november):
    rows = [{"name": "Moen, Jon", "fide_id": 1509999, "rating": 0, "title": "", "federation": ""}]
    assert check_list(rows, fide_november, "standard").differing == ()


def test_the_check_survives_the_audit_entry(fide_november):
    rows = [{"name": "Haugen, Sofia", "fide_id": 1504321, "rating": 2310}]
    check = check_list(rows, fide_november, "standard")
    assert type(check).from_json(check.as_json()) == check


def test_the_list_in_force_at_the_start_is_the_one_compared(fide_november):
    rows = [{"name": "Haugen, Sofia", "fide_id": 1504321, "rating": 2210}]
    october = check_against_list_in_force(rows, datetime.date(2026, 10, 31), "standard")
    november = check_against_list_in_force(rows, datetime.date(2026, 11, 1), "standard")
    assert (october.month, october.differing) == ("2026-10", ())
    assert november.month == "2026-11" and november.differing[0].differences[0].in_list == 2224


def test_nothing_is_compared_without_a_list_or_without_ids(db):
    rows = [{"name": "Haugen, Sofia", "fide_id": 1504321, "rating": 2310}]
    assert check_against_list_in_force(rows, None, "standard") is None
    RatingListFactory(month=datetime.date(2026, 11, 1))
    assert check_against_list_in_force([{"name": "No Id"}], None, "standard") is None


def test_the_comparison_costs_one_query_per_500_ids(fide_november, django_assert_num_queries):
    rows = [{"name": f"P{n}", "fide_id": 80_000_000 + n, "rating": 1500} for n in range(600)]
    with django_assert_num_queries(2):
        check = check_list(rows, fide_november, "standard")
    assert len(check.missing) == 600
