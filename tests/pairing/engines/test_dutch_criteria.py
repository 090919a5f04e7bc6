"""Unit tests of the Dutch engine, named after the criteria and articles they pin (C.04.3)."""

import pytest

from pairing.engines.dutch import NoValidPairing, pair_trf
from pairing.engines.dutch.state import build_state
from pairing.engines.trf import TrfError

from .helpers import tournament


def lines(t, rules="2026"):
    return pair_trf(t, rules).engine_lines()


def round_one(n, colour="white1"):
    return tournament(5, [("0.0", [])] * n, (f"XXC {colour}",))


def test_art_3_round_one_top_half_meets_bottom_half_and_art_5_2_5_initial_colour():
    # 8 players, initial colour White: 1-5, 6-2, 3-7, 8-4
    assert lines(round_one(8)) == ["4", "1 5", "6 2", "3 7", "8 4"]


def test_art_5_2_5_initial_colour_black():
    assert lines(round_one(4, "black1")) == ["2", "3 1", "2 4"]


def test_C6_odd_field_bye_to_the_last_player_in_round_one():
    out = lines(round_one(9))
    assert out[0] == "5" and out[-1] == "9 0"


def test_C5_bye_goes_to_lowest_score():
    # bbpPairings fixture dutch_2025_C5: 4 absent; 2-5 already met, so 1-3 cannot be the top pair
    t = tournament(
        3,
        [
            ("2.0", ["   4 w 1", "   2 b 1"]),
            ("1.0", ["   5 b 1", "   1 w 0"]),
            ("2.0", ["   6 w 1", "   4 b 1"]),
            ("0.0", ["   1 b 0", "   3 w 0", "0000 - Z"]),
            ("1.0", ["   2 w 0", "   6 b 1"]),
            ("0.0", ["   3 b 0", "   5 w 0"]),
        ],
    )
    assert lines(t) == ["3", "1 5", "3 2", "6 0"]


def test_C9_bye_minimises_the_assignees_unplayed_games():
    # bbpPairings fixture dutch_2025_C9: 5 was absent in round 1, so 4 gets the bye
    t = tournament(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 b 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 w 0"]),
            ("0.0", ["0000 - Z"]),
        ],
    )
    assert lines(t) == ["3", "2 1", "3 5", "4 0"]


def test_C1_no_rematch():
    t = tournament(
        3,
        [
            ("1.0", ["   2 w 1"]),
            ("0.0", ["   1 b 0"]),
            ("1.0", ["   4 w 1"]),
            ("0.0", ["   3 b 0"]),
        ],
        ("XXC white1",),
    )
    pairs = {frozenset(map(int, x.split())) for x in lines(t)[1:]}
    assert frozenset({1, 2}) not in pairs and frozenset({3, 4}) not in pairs


def test_C1_forfeited_game_is_not_a_played_game():
    # 1-2 was a forfeit: they may meet again (C.04.2 art. 3.5)
    t = tournament(
        3,
        [("1.0", ["   2 w +"]), ("0.0", ["   1 b -"])],
        ("XXC white1",),
    )
    assert lines(t)[0] == "1"


def test_C1_no_legal_pairing_raises():
    t = tournament(3, [("1.0", ["   2 w 1"]), ("0.0", ["   1 b 0"])])
    with pytest.raises(NoValidPairing):
        pair_trf(t)


def test_C2_no_second_pairing_allocated_bye():
    t = tournament(
        4,
        [
            ("1.0", ["   2 w 1"]),
            ("0.0", ["   1 b 0"]),
            ("1.0", ["0000 - U"]),
        ],
        ("XXC white1",),
    )
    assert lines(t)[-1] != "3 0"


def test_C2_2026_no_bye_after_a_forfeit_win():
    t = tournament(
        4,
        [
            ("1.0", ["   2 w 1"]),
            ("0.0", ["   1 b 0"]),
            ("1.0", ["   4 w +"]),
            ("0.0", ["   3 b -"]),
            ("0.0", ["0000 - Z"]),
        ],
        ("XXC white1",),
    )
    bye = lines(t)[-1]
    assert bye.endswith(" 0") and bye != "3 0"


def test_C3_same_absolute_colour_preference_never_meet():
    # 1 and 2 both had White twice (absolute preference for Black), 3 and 4 Black twice; every
    # other pair has met, and it is not the last round: no legal pairing exists
    t = tournament(
        5,
        [
            ("2.0", ["   3 w 1", "   4 w 1"]),
            ("2.0", ["   4 w 1", "   3 w 1"]),
            ("0.0", ["   1 b 0", "   2 b 0"]),
            ("0.0", ["   2 b 0", "   1 b 0"]),
        ],
        ("XXC white1",),
    )
    with pytest.raises(NoValidPairing):
        pair_trf(t)


def test_absent_player_in_round_to_pair_is_left_out():
    t = tournament(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 b 1"]),
            ("0.0", ["   1 b 0", "0000 - H"]),
            ("0.0", ["   2 w 0"]),
        ],
    )
    out = lines(t)
    assert all("3" not in x.split() for x in out[1:])
    assert out[0] == "2"


def test_forbidden_pairs_xxp_are_respected():
    t = tournament(5, [("0.0", [])] * 4, ("XXC white1", "XXP 1 3"))
    pairs = {frozenset(map(int, x.split())) for x in lines(t)[1:]}
    assert frozenset({1, 3}) not in pairs


def test_art_5_2_1_both_preferences_granted():
    t = tournament(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 b 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 w 0"]),
        ],
    )
    # 1 (had White) must get Black against 2 (had Black)
    assert "2 1" in lines(t)


def test_board_order_c0402_art_3_6():
    t = tournament(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 b 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 w 0"]),
        ],
    )
    out = lines(t)
    assert {int(x) for x in out[1].split()} == {1, 2}


def test_baku_acceleration_pairs_the_top_half_together_in_round_one():
    t = tournament(5, [("0.0", [])] * 8, ("XXC white1", "192 FIDE_DUTCH_2026_BAKU"))
    pairs = {frozenset(map(int, x.split())) for x in lines(t)[1:]}
    assert pairs == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}


@pytest.mark.parametrize(("players", "group_a"), [(8, 4), (9, 6), (10, 6), (14, 8), (161, 82)])
def test_baku_group_a_is_the_first_half_rounded_up_to_an_even_number(players, group_a):
    # C.04.7: "the first half of the players, rounded up to the nearest even number" (2*ceil(N/4);
    # bbpPairings' own Baku takes ceil(N/2): 5 for 9 players, 7 for 14)
    t = tournament(9, [("0.0", [])] * players, ("XXC white1", "192 FIDE_DUTCH_2026_BAKU"))
    accelerated = [p.index + 1 for p in build_state(t).players if any(p.accelerations)]
    assert accelerated == list(range(1, group_a + 1))


def test_baku_with_14_players_pairs_8_accelerated_in_round_one_and_explicit_groups_win():
    t = tournament(5, [("0.0", [])] * 14, ("XXC white1", "192 FIDE_DUTCH_2026_BAKU"))
    assert lines(t)[1:] == ["1 5", "6 2", "3 7", "8 4", "9 12", "13 10", "11 14"]
    # bbpPairings' sizing, given as explicit XXA records, is followed as written
    seven = tuple(f"XXA {n:>4}  1.0" for n in range(1, 8))
    t = tournament(5, [("0.0", [])] * 14, ("XXC white1", "192 FIDE_DUTCH_2026_BAKU", *seven))
    assert lines(t)[1:4] == ["1 4", "5 2", "3 6"]


def test_explanations_cover_every_player():
    t = tournament(
        3,
        [
            ("1.0", ["   3 w 1"]),
            ("1.0", ["   4 b 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 w 0"]),
            ("0.0", ["0000 - Z"]),
        ],
    )
    p = pair_trf(t)
    assert [e.player for e in p.explanations] == [1, 2, 3, 4, 5]
    bye = [e for e in p.explanations if e.colour == "bye"]
    assert len(bye) == 1 and "[C5]" in bye[0].reason
    assert all(e.colour_rule.startswith("art. 5") for e in p.explanations if e.colour != "bye")


def test_player_paired_twice_is_an_input_error():
    t = tournament(
        3,
        [("1.0", ["   2 w 1"]), ("0.0", ["   3 b 0"]), ("0.0", ["   2 w 0"])],
    )
    with pytest.raises(TrfError):
        build_state(t)


def test_points_not_matching_results_is_an_input_error():
    t = tournament(3, [("0.0", ["   2 w 1"]), ("0.0", ["   1 b 0"])])
    with pytest.raises(TrfError) as e:
        build_state(t)
    assert e.value.column == 81


def c5_fixture(extra=()):
    return tournament(
        3,
        [
            ("2.0", ["   4 w 1", "   2 b 1"]),
            ("1.0", ["   5 b 1", "   1 w 0"]),
            ("2.0", ["   6 w 1", "   4 b 1"]),
            ("0.0", ["   1 b 0", "   3 w 0", "0000 - Z"]),
            ("1.0", ["   2 w 0", "   6 b 1"]),
            ("0.0", ["   3 b 0", "   5 w 0"]),
        ],
        extra,
    )


def test_2017_rules_have_no_C5_the_bye_follows_the_brackets():
    # the 2017 text pairs 1-3 and 2-6 and gives the bye to 5 (a 1-point player)
    out = lines(c5_fixture(), "2017")
    pairs = {frozenset(map(int, x.split())) for x in out[1:-1]}
    assert pairs == {frozenset((1, 3)), frozenset((2, 6))}
    assert out[-1] == "5 0"


def test_rule_set_defaults_to_the_start_date():
    from pairing.engines.dutch import default_rules

    assert default_rules(c5_fixture(("042 2025/11/20",))) == "2017"
    assert default_rules(c5_fixture(("042 2026/02/01",))) == "2026"
    assert default_rules(c5_fixture(("192 FIDE_DUTCH_2017", "042 2026/05/01"))) == "2017"
    assert pair_trf(c5_fixture(("042 2025/11/20",))).rules == "2017"


def test_2017_float_every_unplayed_round_is_a_downfloat():
    from pairing.engines.dutch.pairer2017 import get_float_2017
    from pairing.engines.dutch.weights import FLOAT_DOWN, FLOAT_NONE, get_float

    st = build_state(
        tournament(3, [("0.0", ["0000 - Z"]), ("1.0", ["   3 w 1"]), ("0.0", ["   2 b 0"])])
    )
    absent = st.players[0]
    assert st.played_rounds == 1
    assert get_float_2017(st, absent, 1) == FLOAT_DOWN
    assert get_float(st, absent, 1) == FLOAT_NONE  # 2026: a zero-point absence is no float
