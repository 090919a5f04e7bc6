"""The manual-pairing checks: each absolute rule an arbiter can break by hand is named."""

from pairing.engines.dutch.manual import check_manual_pairing
from pairing.engines.dutch.state import build_state

from .helpers import tournament


def history():
    # after two rounds: 1 had White twice (against 3 and 4); 2 and 5 have had the PAB
    return build_state(
        tournament(
            5,
            [
                ("2.0", ["   3 w 1", "   4 w 1"]),
                ("1.0", ["   4 b 0", "0000 - U"]),
                ("1.0", ["   1 b 0", "   5 b 1"]),
                ("1.0", ["   2 w 1", "   1 b 0"]),
                ("1.0", ["0000 - U", "   3 w 0"]),
            ],
        )
    )


def codes(warnings):
    return sorted(w.code for w in warnings)


def test_a_legal_pairing_has_no_warning():
    assert check_manual_pairing(history(), [(2, 1), (4, 5)], 3) == []


def test_it_warns_when_both_players_get_the_colour_they_do_not_expect_Q67():
    """4 (White, then Black) expects White, 5 (White in round 2) expects Black."""
    warnings = check_manual_pairing(history(), [(2, 1), (5, 4)], 3)
    assert codes(warnings) == ["colours_reversed"] and warnings[0].players == (5, 4)


def test_it_warns_of_a_rematch_C1():
    warnings = check_manual_pairing(history(), [(2, 4), (5, 1)], 3)
    assert codes(warnings) == ["rematch"] and "2 and 4 have already played" in warnings[0].message


def test_it_warns_of_a_third_white_in_a_row_C3():
    warnings = check_manual_pairing(history(), [(1, 2), (5, 4)], 3)
    assert "colour_row" in codes(warnings)
    assert "1 would have White three times in a row" in " ".join(w.message for w in warnings)


def test_it_warns_of_a_colour_difference_over_two_C3():
    # 1 played White, White, Black, White: a fourth White makes 4 to 1
    state = build_state(
        tournament(
            5,
            [
                ("3.0", ["   2 w 1", "   3 w 1", "   4 b 0", "   5 w 1"]),
                ("3.0", ["   1 b 0", "   5 w 1", "   6 w 1", "   4 w 1"]),
                ("3.0", ["   4 w 1", "   1 b 0", "   5 w 1", "   6 w 1"]),
                ("2.0", ["   3 b 0", "   6 w 1", "   1 w 1", "   2 b 0"]),
                ("1.0", ["   6 w 1", "   2 b 0", "   3 b 0", "   1 b 0"]),
                ("0.0", ["   5 b 0", "   4 b 0", "   2 b 0", "   3 b 0"]),
            ],
        )
    )
    warnings = check_manual_pairing(state, [(1, 6)], None)
    messages = " ".join(w.message for w in warnings if w.code == "colour_difference")
    assert "1 would have 4 Whites and 1 Blacks, a difference over 2" in messages
    assert not any(w.code == "colour_row" and w.players == (1,) for w in warnings)


def test_it_warns_of_a_bye_for_a_player_who_had_one_C2():
    warnings = check_manual_pairing(history(), [(3, 1)], 5)
    assert "bye" in codes(warnings)


def test_it_shows_the_engines_choice_beside_each_difference():
    warnings = check_manual_pairing(history(), [(2, 1), (4, 5)], 3, [(2, 1), (5, 4)], 3)
    messages = [w.message for w in warnings if w.code == "engine"]
    assert "4 has White against 5; the engine's pairing gave 4 Black against 5" in messages
    assert len(messages) == 2
