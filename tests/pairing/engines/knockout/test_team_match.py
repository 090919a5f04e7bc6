"""The pure team match engine (pairing/engines/knockout/team_match.py): classes, eligibility,
bout order, the team score, fusen-gachi, the majority, fight-all and the decider's draw."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.knockout import KnockoutError
from pairing.engines.knockout import team_match as tm

EVERYONE = dict.fromkeys(tm.MIXED_CLASSES, "x")


def won(*sides: str) -> dict[str, tm.BoutResult]:
    return {
        code: tm.BoutResult(side, "ippon")
        for code, side in zip(tm.MIXED_CLASSES, sides, strict=False)
    }


def test_a_weight_lands_in_the_lightest_class_of_its_sex_that_holds_it_else_the_plus_class():
    assert tm.weighed_class(tm.MIXED_CLASSES, "M", Decimal("73.0")) == "M-73"
    assert tm.weighed_class(tm.MIXED_CLASSES, "M", Decimal("73.1")) == "M-90"
    assert tm.weighed_class(tm.MIXED_CLASSES, "M", Decimal("90.1")) == "M+90"
    assert tm.weighed_class(tm.MIXED_CLASSES, "F", Decimal("50")) == "F-57"
    assert tm.weighed_class(("M-73", "M-90"), "F", Decimal("50")) is None


def test_one_up_is_the_next_heavier_class_of_the_same_sex_only():
    classes = tm.MIXED_CLASSES
    assert tm.eligible(classes, "M", Decimal(70), "M-90", one_up=True)
    assert not tm.eligible(classes, "M", Decimal(70), "M+90", one_up=True)
    assert not tm.eligible(classes, "M", Decimal(70), "M-90", one_up=False)
    assert not tm.eligible(classes, "M", Decimal(85), "M-73", one_up=True)
    assert not tm.eligible(classes, "F", Decimal(56), "M-73", one_up=True)
    assert not tm.eligible(classes, "M", None, "M-73", one_up=True)


def test_classes_are_read_and_refused_with_a_reason():
    assert tm.check_classes(["M-66", "M+100"]) == ("M-66", "M+100")
    for wrong in (["M-73", "M-73"], ["M-73"], ["X-73", "M-90"], ["M73", "M-90"]):
        with pytest.raises(KnockoutError):
            tm.check_classes(wrong)


def test_the_bout_order_goes_round_from_the_drawn_start():
    assert tm.bout_order(("A", "B", "C"), 1) == ("B", "C", "A")


@given(st.integers(0, 2**31))
def test_the_same_seed_draws_the_same_start_and_decider(seed):
    assert tm.draw_start(tm.MIXED_CLASSES, seed) == tm.draw_start(tm.MIXED_CLASSES, seed)
    assert tm.draw_decider(tm.MIXED_CLASSES, seed) in tm.MIXED_CLASSES
    assert tm.draw_decider(tm.MIXED_CLASSES, seed) == tm.draw_decider(tm.MIXED_CLASSES, seed)


def test_four_wins_take_the_match_and_the_bouts_after_are_not_fought():
    state = tm.play(tm.MIXED_CLASSES, EVERYONE, EVERYONE, won("a", "a", "b", "a", "a"))
    assert (state.winner, state.wins, state.unfought) == ("a", (4, 1), ("M+90",))
    assert state.current is None


def test_fight_all_goes_on_to_the_last_class():
    state = tm.play(tm.MIXED_CLASSES, EVERYONE, EVERYONE, won("a", "a", "a", "a"), fight_all=True)
    assert state.current.code == "F+70" and state.winner is None


def test_a_class_both_teams_left_empty_is_won_by_nobody_and_one_left_empty_by_fusen_gachi():
    a = {**EVERYONE, "F-57": None, "M-73": None}
    b = {**EVERYONE, "F-57": None}
    state = tm.play(tm.MIXED_CLASSES, a, b, {})
    assert state.bouts[0].result is None and not state.bouts[0].fought
    assert state.bouts[1].result == tm.BoutResult("b", "fusen-gachi")
    assert state.wins == (0, 1) and state.current.code == "F-70"


def test_a_tie_needs_a_decider_drawn_among_classes_both_teams_fought():
    a = {**EVERYONE, "F-57": None}
    b = {**EVERYONE, "M-73": None}
    results = {
        c: tm.BoutResult(s, "ippon") for c, s in zip(tm.MIXED_CLASSES[2:], "abab", strict=True)
    }
    state = tm.play(tm.MIXED_CLASSES, a, b, results)
    assert state.wins == (3, 3) and state.needs_decider and state.winner is None
    assert tm.decider_candidates(state) == ("F-70", "M-90", "F+70", "M+90")
    decided = tm.play(
        tm.MIXED_CLASSES, a, b, results, decider="M-90", decider_result=tm.BoutResult("a", "yuko")
    )
    assert (decided.winner, decided.how) == ("a", "decider")
