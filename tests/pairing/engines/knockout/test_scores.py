"""A bout's score as the table keeps it: the IJF Refereeing Rules of 2018-2024 (edition "2022")
here; the 2025 rules (yuko, the default) in test_scores_2025.py."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.knockout.model import KnockoutError
from pairing.engines.knockout.scores import MAX_ENTRIES, Outcome, Score


def entered(*entries, edition="2022"):
    score = Score(edition)
    for entry in entries:
        score = score.time_up() if entry == "T" else score.add(entry[0], entry[1:])
    return score


def test_an_ippon_ends_the_bout_for_the_side_that_scored_it():
    assert entered("bippon").outcome() == Outcome("b", "ippon")


def test_two_waza_ari_make_ippon():
    score = entered("awaza-ari", "bshido", "awaza-ari")
    assert score.outcome() == Outcome("a", "waza-ari awasete ippon")
    assert score.points() == (10, 0)


def test_one_waza_ari_does_not_decide_before_time_is_up_and_wins_when_it_is():
    score = entered("awaza-ari")
    assert not score.decided()
    assert score.time_up().outcome() == Outcome("a", "waza-ari")
    assert score.time_up().points() == (7, 0)


def test_the_third_shido_is_hansoku_make_and_the_opponent_wins():
    score = entered("ashido", "ashido")
    assert not score.decided()
    assert score.add("a", "shido").outcome() == Outcome("b", "hansoku-make")


def test_shidos_do_not_decide_at_the_end_of_regular_time_level_scores_go_to_golden_score():
    score = entered("ashido", "ashido", "T")
    assert score.golden and not score.decided()


def test_in_golden_score_the_first_score_decides_and_a_shido_does_not():
    golden = entered("bwaza-ari", "awaza-ari", "T")
    assert not golden.add("b", "shido").decided()
    assert golden.add("a", "waza-ari").outcome() == Outcome("a", "waza-ari awasete ippon", True)
    assert entered("T").add("b", "waza-ari").outcome() == Outcome("b", "waza-ari", True)


def test_a_third_shido_in_golden_score_loses_the_bout():
    score = entered("bshido", "bshido", "T", "bshido")
    assert score.outcome() == Outcome("a", "hansoku-make", True)


def test_direct_hansoku_make_gives_the_bout_to_the_opponent_at_once():
    assert entered("awaza-ari", "ahansoku-make").outcome() == Outcome("b", "hansoku-make")


def test_fusen_gachi_is_only_a_bout_s_single_entry():
    assert entered("afusen-gachi").outcome() == Outcome("a", "fusen-gachi")
    with pytest.raises(KnockoutError, match="only entry"):
        entered("bshido", "afusen-gachi")


def test_kiken_gachi_ends_the_bout_when_the_opponent_withdraws():
    assert entered("bwaza-ari", "akiken-gachi").outcome() == Outcome("a", "kiken-gachi")


def test_hantei_decides_only_in_golden_score():
    with pytest.raises(KnockoutError, match="golden score"):
        entered("ahantei")
    assert entered("T", "bhantei").points() == (0, 1)


def test_golden_score_has_no_time_limit():
    with pytest.raises(KnockoutError, match="no time limit"):
        entered("T", "T")


def test_nothing_is_entered_after_the_bout_is_decided():
    with pytest.raises(KnockoutError, match="decided"):
        entered("aippon", "bwaza-ari")


def test_yuko_exists_only_in_the_2025_rules_and_counts_after_waza_ari():
    with pytest.raises(KnockoutError, match="no yuko"):
        entered("ayuko")
    assert entered("ayuko", "ayuko", "byuko", "T", edition="2025").outcome() == Outcome("a", "yuko")
    assert entered("ayuko", "ayuko", "bwaza-ari", "T", edition="2025").winner() == "b"
    assert entered("ayuko", "ayuko", "ayuko", edition="2025").decided() is False


def test_taking_back_the_last_entry_restores_the_score_before_it():
    score = entered("awaza-ari", "bshido")
    assert score.add("a", "waza-ari").undo() == score
    with pytest.raises(KnockoutError, match="no entry"):
        Score().undo()


def test_the_text_form_round_trips():
    score = entered("awaza-ari", "bwaza-ari", "bshido", "T", "awaza-ari")
    assert score.format() == "2022 aW bW bS T aW"
    assert Score.parse(score.format()) == score


@pytest.mark.parametrize(
    "text", ["", "2019", "2022 aX", "2022 cW", "2022 aIW", "2022 aI bW", "2022 " + "aS " * 61]
)
def test_a_malformed_or_illegal_text_is_refused(text):
    with pytest.raises(KnockoutError):
        Score.parse(text)


ENTRIES = st.lists(st.sampled_from(["aW", "bW", "aS", "bS", "aI", "bI", "aH", "aK", "T"]))


def legal_prefix(tokens):
    score = Score("2022")
    for token in tokens:
        try:
            score = Score(score.edition, (*score.entries, token))
        except KnockoutError:
            break
    return score


@given(ENTRIES)
def test_any_legal_score_round_trips_through_its_text(tokens):
    score = legal_prefix(tokens)
    assert Score.parse(score.format()) == score


@given(ENTRIES)
def test_a_decided_score_has_one_winner_whose_points_are_the_only_ones(tokens):
    score = legal_prefix(tokens)
    a, b = score.points()
    assert (a == 0 or b == 0) and (score.decided() == (a + b > 0))
    if not score.decided():
        assert all(score.tally(s).shido < 3 and score.tally(s).wazaari < 2 for s in "ab")


def test_the_log_is_bounded():
    with pytest.raises(KnockoutError, match="at most"):
        Score("2022", ("aS", "bS") * (MAX_ENTRIES // 2) + ("aS",))


def test_a_pool_ranks_two_level_on_wins_by_the_score_points_of_how_they_won():
    from pairing.engines.knockout import pool_standings

    scores = {1: entered("aippon"), 2: entered("awaza-ari", "T"), 3: entered("T", "bhantei")}
    matches = [(1, "x", "z"), (2, "y", "z"), (3, "x", "y")]
    results = {mid: (a if scores[mid].winner() == "a" else b) for mid, a, b in matches}
    points = {mid: score.points() for mid, score in scores.items()}
    rows = pool_standings({1: "x", 2: "y", 3: "z"}, results, matches, points)
    assert [(r.competitor, r.wins, r.points, r.rank) for r in rows] == [
        ("y", 2, 8, 1),
        ("x", 1, 10, 2),
        ("z", 0, 0, 3),
    ]


def test_where_the_event_lets_shidos_decide_the_fewer_win_at_time_up_and_in_golden_score():
    level = Score("2022", shido_decides=True).add("a", "waza-ari").add("b", "waza-ari")
    assert level.add("a", "shido").time_up().outcome() == Outcome("b", "shido")
    golden = level.time_up()
    assert golden.golden and golden.add("b", "shido").outcome() == Outcome("a", "shido", True)
    assert golden.add("b", "shido").points() == (1, 0)
    assert Score.parse(golden.format()) == golden and golden.format().startswith("2022+s ")
