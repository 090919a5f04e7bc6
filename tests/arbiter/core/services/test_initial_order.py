"""The initial order (C.04.2) by the tournament's rating method (TRF-2026 record 172, Q145),
its tie-break other than the alphabet (Q146), and late entries' numbers (Q156)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import Entry, RatingMethod
from arbiter.core.services.entries import add_entry, initial_ranking_key, renumber_by_rating
from arbiter.core.services.tournaments import TournamentError, update_tournament
from arbiter.desk.forms import TournamentForm
from pairing.engines.initial_order import tournament_rating
from pairing.rounds import services as rounds
from tests.factories import EntryFactory, TournamentFactory
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db


def settle(user, tournament, data: dict) -> None:
    """Change the settings, and the test's copy of the tournament with them."""
    update_tournament(user, tournament, data)
    tournament.refresh_from_db()


def by_number(tournament) -> list[str]:
    return list(tournament.entries.order_by("starting_number").values_list("name", flat=True))


@pytest.fixture
def two_lists(anna):
    """Four players rated on the FIDE list, the national one, or both."""
    tournament = TournamentFactory(chief=anna, federation="NOR")
    for name, fide, national in [
        ("Fide, Only", 2000, 0),
        ("National, Only", 0, 2100),
        ("Both, Higher Fide", 1900, 1700),
        ("Both, Higher National", 1800, 2050),
    ]:
        EntryFactory(
            tournament=tournament,
            name=name,
            rating=fide,
            national_rating=national,
            starting_number=None,
        )
    renumber_by_rating(tournament)
    return tournament


EXPECTED = {
    RatingMethod.FIDE: [
        "Fide, Only",
        "Both, Higher Fide",
        "Both, Higher National",
        "National, Only",
    ],
    RatingMethod.NRO: [
        "National, Only",
        "Both, Higher National",
        "Both, Higher Fide",
        "Fide, Only",
    ],
    RatingMethod.FIDON: [
        "National, Only",
        "Fide, Only",
        "Both, Higher Fide",
        "Both, Higher National",
    ],
    RatingMethod.NIDOF: [
        "National, Only",
        "Both, Higher National",
        "Fide, Only",
        "Both, Higher Fide",
    ],
    RatingMethod.HBFN: [
        "National, Only",
        "Both, Higher National",
        "Fide, Only",
        "Both, Higher Fide",
    ],
    RatingMethod.LBFN: [
        "National, Only",
        "Fide, Only",
        "Both, Higher National",
        "Both, Higher Fide",
    ],
}


@pytest.mark.parametrize("method", list(EXPECTED))
def test_q145_starting_numbers_follow_the_chosen_tournament_rating(anna, two_lists, method):
    settle(anna, two_lists, {"rating_method": method, "national_federation": "NOR"})
    assert by_number(two_lists) == EXPECTED[method]


def test_q145_the_method_cannot_change_once_a_round_is_paired(anna, two_lists):
    rounds.pair_next_round(anna, two_lists)
    with pytest.raises(TournamentError, match="initial order"):
        update_tournament(anna, two_lists, {"rating_method": RatingMethod.NRO})
    form = TournamentForm(
        data={"name": two_lists.name, "system": two_lists.system, "rating_method": "NRO"},
        instance=two_lists,
    )
    assert "rating_method" in form.errors


def test_a_national_method_takes_the_tournaments_federation_for_its_list(two_lists):
    data = {"name": "N", "system": two_lists.system, "federation": "nor", "rating_method": "NRO"}
    form = TournamentForm(data=data, instance=two_lists)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["national_federation"] == "NOR"
    data = {"name": "N", "system": two_lists.system, "rating_method": "NRO"}
    assert "national_federation" in TournamentForm(data=data, instance=two_lists).errors


def test_q145_a_late_entry_is_ranked_by_the_tournament_rating(anna, two_lists):
    settle(anna, two_lists, {"rating_method": "NRO", "national_federation": "NOR"})
    late = add_entry(anna, two_lists, {"name": "Late, Nat", "rating": 0, "national_rating": 2075})
    assert late.starting_number == 2


@pytest.fixture
def equals(anna):
    """Six unrated players without a title: only the last criterion tells them apart."""
    tournament = TournamentFactory(chief=anna, lots_seed=12345)
    for name in ["Aas, A", "Berg, B", "Dahl, D", "Eik, E", "Fjell, F", "Gran, G"]:
        EntryFactory(tournament=tournament, name=name, rating=0, starting_number=None)
    renumber_by_rating(tournament)
    return tournament


def test_q146_equal_rating_and_title_go_alphabetically_unless_lots_are_chosen(anna, equals):
    assert by_number(equals) == ["Aas, A", "Berg, B", "Dahl, D", "Eik, E", "Fjell, F", "Gran, G"]
    settle(anna, equals, {"initial_order_by_lot": True})
    drawn = by_number(equals)
    assert sorted(drawn) == sorted(by_number(equals)) and drawn != sorted(drawn)


def test_q146_the_drawing_of_lots_is_repeatable_from_the_tournaments_seed(anna, equals):
    settle(anna, equals, {"initial_order_by_lot": True})
    drawn = by_number(equals)
    renumber_by_rating(equals)
    assert by_number(equals) == drawn
    other = TournamentFactory(lots_seed=54321, initial_order_by_lot=True)
    for name in drawn:
        EntryFactory(tournament=other, name=name, rating=0, starting_number=None)
    renumber_by_rating(other)
    assert by_number(other) != drawn  # another tournament draws its own lots


def test_q146_lots_only_break_ties_rating_and_title_still_come_first(anna, equals):
    settle(anna, equals, {"initial_order_by_lot": True})
    add_entry(anna, equals, {"name": "Zz, Rated", "rating": 1500})
    add_entry(anna, equals, {"name": "Zz, Titled", "rating": 0, "title": "WCM"})
    assert by_number(equals)[:2] == ["Zz, Rated", "Zz, Titled"]


def test_q146_a_late_entrants_lot_leaves_the_others_order(anna, equals):
    settle(anna, equals, {"initial_order_by_lot": True})
    drawn = by_number(equals)
    add_entry(anna, equals, {"name": "Late, L", "rating": 0})
    assert [name for name in by_number(equals) if name != "Late, L"] == drawn


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    method=st.sampled_from(RatingMethod.values),
    players=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=8),
    by_lot=st.booleans(),
)
def test_the_initial_ranking_never_puts_a_lower_tournament_rating_first(
    anna, method, players, by_lot
):
    """Property: whatever the method and tie-break, numbers follow the tournament rating."""
    tournament = TournamentFactory(rating_method=method, initial_order_by_lot=by_lot)
    entries = [
        Entry(tournament=tournament, name=f"P{i}", rating=1000 * f, national_rating=1000 * n)
        for i, (f, n) in enumerate(players)
    ]
    ranked = sorted(entries, key=initial_ranking_key(tournament))
    strengths = [tournament_rating(method, e.rating, e.national_rating) for e in ranked]
    assert strengths == sorted(strengths, reverse=True)


def test_q156_a_late_entry_after_round_four_is_paired_with_the_next_number(anna, trondheim_open):
    """C.04.2: numbers are fixed once round 4 is paired; the late entrant takes the next one,
    however strong, and round 5 is paired with everyone's numbers as they were."""
    for seed in range(4):
        play(anna, rounds.pair_next_round(anna, trondheim_open), seed=seed)
    before = dict(trondheim_open.entries.values_list("name", "starting_number"))
    late = add_entry(anna, trondheim_open, {"name": "Late, Strong", "rating": 2700})
    assert late.starting_number == 11
    assert (
        dict(trondheim_open.entries.exclude(pk=late.pk).values_list("name", "starting_number"))
        == before
    )
    fifth = rounds.pair_next_round(anna, trondheim_open)
    paired = {e for game in fifth.games.all() for e in (game.white_id, game.black_id)}
    paired |= set(fifth.byes.values_list("entry_id", flat=True))
    assert late.pk in paired
