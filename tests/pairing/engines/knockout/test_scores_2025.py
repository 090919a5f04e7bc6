"""The IJF Refereeing Rules of 2025 (the default edition): the yuko, how scores compare, golden
score ended by the first score, and the pool points of a yuko win (spec A1 of
venue-live-and-offline.md; docs/knockout.md, "Competition day: engines")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.knockout import pool_standings
from pairing.engines.knockout.model import KnockoutError
from pairing.engines.knockout.scores import (
    DEFAULT_EDITION,
    RULES,
    Outcome,
    Score,
    Tally,
    compare,
)


def entered(*entries, edition="2025"):
    score = Score(edition)
    for entry in entries:
        score = score.time_up() if entry == "T" else score.add(entry[0], entry[1:])
    return score


def test_the_2025_rules_are_the_default_edition():
    assert DEFAULT_EDITION == "2025" and Score().edition == "2025"
    assert Score().rules.yuko and not RULES["2022"].yuko


def test_a_hold_down_gives_yuko_from_5_s_waza_ari_from_10_s_ippon_at_20_s():
    assert RULES["2025"].hold == ((5, "yuko"), (10, "waza-ari"), (20, "ippon"))
    assert RULES["2022"].hold == ((10, "waza-ari"), (20, "ippon"))


def test_one_waza_ari_beats_any_number_of_yuko_at_time_up():
    score = entered("ayuko", "ayuko", "ayuko", "ayuko", "bwaza-ari", "T")
    assert score.outcome() == Outcome("b", "waza-ari")
    assert score.points() == (0, 7)


def test_yuko_never_add_up_to_a_waza_ari():
    score = entered(*["ayuko"] * 10)
    assert not score.decided()
    assert score.tally("a") == Tally(wazaari=0, yuko=10)


def test_with_waza_ari_level_the_more_yuko_win_at_time_up():
    score = entered("awaza-ari", "bwaza-ari", "byuko", "ayuko", "byuko", "T")
    assert score.outcome() == Outcome("b", "yuko")
    assert score.points() == (0, 5)


def test_a_yuko_beats_a_clean_record_of_shidos_which_never_decide():
    score = entered("ayuko", "ashido", "ashido", "T")
    assert score.outcome() == Outcome("a", "yuko")
    level = entered("ashido", "ashido", "T")
    assert level.golden and not level.decided()


def test_a_third_shido_is_hansoku_make_whatever_the_yuko():
    score = entered("ayuko", "ayuko", "ashido", "ashido", "ashido")
    assert score.outcome() == Outcome("b", "hansoku-make")


def test_level_yuko_at_time_up_go_to_golden_score_and_a_yuko_ends_it():
    golden = entered("ayuko", "byuko", "T")
    assert golden.golden and not golden.decided()
    assert not golden.add("a", "shido").decided()
    ended = golden.add("b", "yuko")
    assert ended.outcome() == Outcome("b", "yuko", True)
    assert ended.points() == (0, 5)
    with pytest.raises(KnockoutError, match="decided"):
        ended.add("a", "waza-ari")


def test_two_waza_ari_are_still_ippon_in_2025():
    score = entered("byuko", "awaza-ari", "awaza-ari")
    assert score.outcome() == Outcome("a", "waza-ari awasete ippon")


def test_the_2018_2024_rules_refuse_a_yuko():
    with pytest.raises(KnockoutError, match="no yuko"):
        entered("ayuko", edition="2022")


def test_a_yuko_score_round_trips_through_its_text_with_its_edition():
    score = entered("ayuko", "byuko", "bshido", "T", "ayuko")
    assert score.format() == "2025 aY bY bS T aY"
    assert Score.parse(score.format()) == score


def test_a_pool_ranks_a_yuko_win_below_a_waza_ari_win_and_above_a_decision():
    """Three competitors, one win each: the score points of how they won decide (10/7/5/1)."""
    scores = {
        1: entered("ayuko", "T"),  # x beats y by yuko: 5
        2: entered("awaza-ari", "T"),  # y beats z by waza-ari: 7
        3: entered("T", "ahantei"),  # z beats w by decision: 1
        4: entered("bippon"),  # x beats w by ippon: 10
    }
    matches = [(1, "x", "y"), (2, "y", "z"), (3, "z", "w"), (4, "w", "x")]
    results = {mid: (a if scores[mid].winner() == "a" else b) for mid, a, b in matches}
    points = {mid: score.points() for mid, score in scores.items()}
    rows = pool_standings({1: "x", 2: "y", 3: "z", 4: "w"}, results, matches, points)
    assert [(r.competitor, r.wins, r.points) for r in rows] == [
        ("x", 2, 15),
        ("y", 1, 7),
        ("z", 1, 1),
        ("w", 0, 0),
    ]
    assert entered("T", "byuko").points() == (0, 5)


# --- properties ---------------------------------------------------------------------------------

TALLIES = st.builds(
    Tally,
    wazaari=st.integers(0, 1),
    yuko=st.integers(0, 30),
    shido=st.integers(0, 2),
    ippon=st.integers(0, 1),
)


def by_the_rules(a: Tally, b: Tally) -> int:
    """The rule read aloud: ippon decides, else the waza-ari count, else the yuko count."""
    for mine, theirs in ((a.ippon, b.ippon), (a.wazaari, b.wazaari), (a.yuko, b.yuko)):
        if mine != theirs:
            return 1 if mine > theirs else -1
    return 0


@given(TALLIES, TALLIES, TALLIES)
def test_the_comparison_is_a_total_order_consistent_with_the_lexicographic_rule(a, b, c):
    assert compare(a, b, "2025") == by_the_rules(a, b) == -compare(b, a, "2025")
    assert compare(a, a, "2025") == 0
    if compare(a, b, "2025") >= 0 and compare(b, c, "2025") >= 0:
        assert compare(a, c, "2025") >= 0
    if compare(a, b, "2025") > 0 and compare(b, c, "2025") >= 0:
        assert compare(a, c, "2025") > 0


@given(TALLIES, TALLIES, st.integers(0, 2))
def test_shidos_never_change_the_comparison(a, b, shido):
    other = Tally(a.wazaari, a.yuko, shido, a.ippon)
    assert compare(other, b, "2025") == compare(a, b, "2025")


@given(st.integers(0, 1), st.integers(0, 60), st.integers(0, 60))
def test_no_number_of_yuko_makes_up_for_a_waza_ari(wazaari, many, few):
    assert compare(Tally(wazaari + 1, few), Tally(wazaari, many), "2025") == 1


ENTRIES = st.lists(st.sampled_from(["aW", "bW", "aY", "bY", "aS", "bS", "aI", "bI", "bH", "T"]))


def legal_prefix(tokens):
    score = Score("2025")
    for token in tokens:
        try:
            score = Score("2025", (*score.entries, token))
        except KnockoutError:
            break
    return score


@given(ENTRIES)
def test_time_up_gives_the_bout_to_the_side_the_comparison_puts_ahead(tokens):
    score = legal_prefix(tokens)
    if score.decided() or score.golden:
        return
    lead = compare(score.tally("a"), score.tally("b"), "2025")
    after = score.time_up()
    if lead == 0:
        assert after.golden and not after.decided()
    else:
        assert after.winner() == ("a" if lead > 0 else "b")
        assert after.outcome().how in ("waza-ari", "yuko")


@given(ENTRIES, st.sampled_from(["a", "b"]), st.sampled_from(["yuko", "waza-ari", "ippon"]))
def test_in_golden_score_the_first_score_of_any_kind_ends_the_bout(tokens, side, kind):
    score = legal_prefix(tokens)
    if score.golden or score.decided():
        return
    golden = score.time_up()
    if golden.decided():
        return
    ended = golden.add(side, kind)
    assert ended.winner() == side and ended.outcome().golden


@given(ENTRIES)
def test_any_legal_2025_score_round_trips_and_has_one_winner_with_points(tokens):
    score = legal_prefix(tokens)
    assert Score.parse(score.format()) == score
    a, b = score.points()
    assert (a == 0 or b == 0) and score.decided() == (a + b > 0)
