"""The tournament rating of each TRF-2026 record 172 method (Q145), as properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.initial_order import (
    FIDE,
    FIDON,
    HBFN,
    LBFN,
    METHODS,
    NIDOF,
    NRO,
    tournament_rating,
    uses_national,
)

ratings = st.integers(min_value=0, max_value=3500)


@given(fide=ratings, national=ratings)
def test_q145_each_method_reads_the_ratings_as_trf26_defines_it(fide, national):
    present = [r for r in (fide, national) if r]
    assert tournament_rating(FIDE, fide, national) == fide
    assert tournament_rating(NRO, fide, national) == national
    assert tournament_rating(FIDON, fide, national) == (fide if fide else national)
    assert tournament_rating(NIDOF, fide, national) == (national if national else fide)
    assert tournament_rating(HBFN, fide, national) == max(present, default=0)
    assert tournament_rating(LBFN, fide, national) == min(present, default=0)


@given(method=st.sampled_from(METHODS), fide=ratings, national=ratings)
def test_a_tournament_rating_is_one_of_the_players_ratings(method, fide, national):
    assert tournament_rating(method, fide, national) in (fide, national)


@given(method=st.sampled_from(METHODS), rating=ratings)
def test_a_player_with_one_rating_on_both_lists_has_it_whatever_the_method(method, rating):
    assert tournament_rating(method, rating, rating) == rating


@given(method=st.sampled_from(METHODS))
def test_an_unrated_player_stays_unrated(method):
    assert tournament_rating(method, 0, 0) == 0


def test_lbfn_does_not_take_a_missing_rating_for_the_lower_one():
    assert tournament_rating(LBFN, 1800, 0) == 1800
    assert tournament_rating(LBFN, 0, 1750) == 1750


def test_only_fide_reads_no_national_list():
    assert [m for m in METHODS if not uses_national(m)] == [FIDE]


def test_other_is_not_a_method_a_program_can_apply():
    with pytest.raises(ValueError, match="OTHER"):
        tournament_rating("OTHER", 1800, 1700)
