"""The 2026 pairer solves each bracket over a window (the bracket and the next one) and checks
that the players below can still complete the round ([C4]); whenever it answers, the answer must
be the one the matching over every player gives."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engines.dutch import pairer
from pairing.engines.dutch.completion import RestPairing, pair_leaving
from pairing.engines.dutch.simulate import random_tournament
from pairing.engines.dutch.state import build_state


def pair_both_ways(state):
    """The whole field's pairing (None when there is no legal one) and the window's (None when
    it hands over to the whole field)."""
    try:
        full = pairer.pair_2026(state, windowed=False)
    except pairer.NoValidPairing:
        full = None
    try:
        window = pairer.pair_2026(state, windowed=True)
    except pairer.NeedFullGraph:
        window = None
    return full, window


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(9, 70),
    played=st.integers(1, 7),
    seed=st.integers(0, 10**6),
)
def test_the_window_pairs_every_round_as_the_full_graph_does(n, played, seed):
    state = build_state(random_tournament(n, 9, played, seed))
    full, window = pair_both_ways(state)
    assert window is None or window == full  # never a pairing where the rules allow none


@pytest.mark.slow
def test_the_window_answers_without_the_full_graph_in_a_large_open():
    state = build_state(random_tournament(300, 9, 6, 7))
    full, window = pair_both_ways(state)
    assert window == full


def test_the_rest_takes_floaters_it_can_pair_and_refuses_those_it_cannot():
    # 0-1 have met, so 0 can only be paired through 2-3
    def compatible(a, b):
        return {a, b} != {0, 1}

    rest = RestPairing([2, 3], compatible, [False] * 4)
    assert rest.settle()
    assert rest.can_take([0, 1])
    lonely = RestPairing([], compatible, [False] * 4)
    assert not lonely.can_take([0, 1])


def test_the_one_left_out_of_the_rest_must_be_able_to_take_the_bye():
    candidate = [False, False, True]
    rest = RestPairing([0, 1, 2], lambda a, b: True, candidate)
    assert rest.settle()
    assert rest.free() == [2]
    rest.candidate = [False, False, False]
    assert not rest.settle()


def test_the_bye_goes_to_the_lowest_group_only_when_the_others_can_all_be_paired():
    rest = RestPairing(range(5), lambda a, b: True, [True] * 5)
    assert rest.lowest_bye([[4]]) == 4
    assert rest.free() == [4]

    # 3 has met everybody but 4: leaving 4 out would leave 3 alone too
    def compatible(a, b):
        return 3 not in (a, b) or 4 in (a, b)

    blocked = RestPairing(range(5), compatible, [True] * 5)
    assert blocked.lowest_bye([[4]]) is None


def test_the_next_bracket_pairs_among_itself_leaving_as_many_as_asked():
    def compatible(a, b):
        return {a, b} != {0, 1}

    left = pair_leaving([0, 1, 2, 3], compatible, 0)
    assert left == []
    left = pair_leaving([0, 1, 2, 3], compatible, 2)
    assert len(left) == 2
    assert pair_leaving([0, 1], compatible, 0) is None


@pytest.mark.slow
def test_the_window_pairs_the_early_rounds_of_an_open_as_the_full_graph_does():
    # big score groups: the next bracket's stand-ins and the rest are both busy
    for played in (1, 2):
        state = build_state(random_tournament(120, 9, played, 3))
        full, window = pair_both_ways(state)
        assert window == full


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 41), seed=st.integers(0, 10**6))
def test_round_one_is_the_natural_pairing_the_full_graph_finds(n, seed):
    state = build_state(random_tournament(n, 9, 0, seed))
    assert pairer.first_round_pairing(state) == pairer.pair_2026(state, windowed=False)


def test_round_one_with_a_forbidden_pair_goes_through_the_rules():
    from tests.pairing.engines.helpers import tournament

    t = tournament(5, [("0", []) for _ in range(6)], ("XXP 1 4",))
    assert pairer.first_round_pairing(build_state(t)) is None


def test_a_round_with_no_legal_pairing_is_left_to_the_whole_field_which_says_so():
    state = build_state(random_tournament(9, 9, 7, 0))  # nine players after seven rounds
    assert pair_both_ways(state) == (None, None)
    with pytest.raises(pairer.NoValidPairing):
        pairer.compute_matching(state)


def test_when_the_rest_cannot_take_the_floaters_its_players_join_the_window(monkeypatch):
    from pairing.engines.dutch.window import WindowGraph

    widened = []
    widen = WindowGraph._widen
    monkeypatch.setattr(WindowGraph, "_widen", lambda g: widened.append(1) or widen(g))
    state = build_state(random_tournament(20, 9, 6, 0))
    full, window = pair_both_ways(state)
    assert widened
    assert window == full


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 12), density=st.floats(0.2, 0.9), seed=st.integers(0, 10**6))
def test_the_rest_is_paired_whenever_a_perfect_pairing_exists(n, density, seed):
    import random

    from pairing.engines.matching import max_weight_matching

    rng = random.Random(seed)
    n -= n % 2
    edges = {(a, b) for a in range(n) for b in range(a) if rng.random() < density}

    def compatible(a, b):
        return (max(a, b), min(a, b)) in edges

    mate = max_weight_matching(n, [(a, b, 1) for a, b in edges])
    perfect = all(m >= 0 for m in mate)
    assert RestPairing(range(n), compatible, [False] * n).settle() == perfect
