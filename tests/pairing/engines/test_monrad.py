"""The Monrad engine, step by step, on small hand-built evenings (players are named by their
card number: "1" drew card 1)."""

from fractions import Fraction

import pytest

from pairing.engines.monrad import (
    Evening,
    Game,
    MonradError,
    Player,
    Settings,
    allocate_colours,
    bye_candidates,
    count_present,
    pair_evening,
    pair_from_top,
    position_order,
    season,
)


def members(n):
    return [Player(str(i), i, f"Player {i}") for i in range(1, n + 1)]


def evening(*games, bye=None):
    return Evening(tuple(Game(w, b, r) for w, b, r in games), bye)


def ids(cards):
    return [c.id for c in cards]


def boards(pairing):
    return [(b.white, b.black) for b in pairing.boards]


def everyone(n):
    return [str(i) for i in range(1, n + 1)]


# Step 1 -------------------------------------------------------------------------------------


def test_step_1_counts_only_the_cards_of_the_players_present():
    cards = season(members(6), [])
    assert count_present(cards, ["1", "3", "4"]) == 3


def test_step_1_refuses_a_present_player_without_a_card():
    with pytest.raises(MonradError, match="Unknown present"):
        count_present(season(members(3), []), ["1", "9"])


# Step 2 -------------------------------------------------------------------------------------


def test_step_2_orders_by_score_piles_and_keeps_the_order_from_before_the_previous_round():
    # Round 1: 2 beats 1, 4 beats 3 -> 2, 4, 1, 3. Round 2: 4 beats 2, 1 beats 3 -> 2 and 1
    # both have 4 points: 2 stays above 1, as before round 2.
    played = [
        evening(("2", "1", "1-0"), ("4", "3", "1-0")),
        evening(("2", "4", "0-1"), ("3", "1", "0-1")),
    ]
    cards = season(members(4), played)
    assert [(c.id, c.score) for c in cards] == [("4", 6), ("2", 4), ("1", 4), ("3", 2)]


def test_step_2_can_order_a_pile_by_card_number_instead():
    played = [
        evening(("2", "1", "1-0"), ("4", "3", "1-0")),
        evening(("2", "4", "0-1"), ("3", "1", "0-1")),
    ]
    cards = season(members(4), played, Settings(tie_order="number"))
    assert ids(cards) == ["4", "1", "2", "3"]


def test_step_2_numbers_the_present_players_only_and_absentees_score_nothing():
    played = [evening(("2", "1", "1-0"), ("4", "3", "1/2"))]
    order = position_order(season(members(5), played), ["1", "2", "3", "5"])
    assert [(c.id, c.position, c.score) for c in order] == [
        ("2", 1, 3),
        ("3", 2, 2),
        ("1", 3, 1),
        ("5", 4, 0),
    ]


def test_step_2_puts_a_new_member_at_the_bottom_with_zero_points():
    played = [evening(("2", "1", "1-0"), ("4", "3", "0-1"))]
    late = [*members(4), Player("5", 5, "Late")]
    order = position_order(season(late, played), everyone(5))
    assert ids(order)[-1] == "5" and order[-1].score == 0


# Step 3 -------------------------------------------------------------------------------------


def test_step_3_gives_the_bye_to_the_lowest_placed_present_player():
    pairing = pair_evening(members(5), [], everyone(5))
    assert pairing.bye == "5"
    assert boards(pairing) == [("2", "1"), ("4", "3")]


def test_step_3_odd_number_present_and_the_lowest_has_had_the_bye_so_the_next_one_up_gets_it():
    # Round 1: 5 had the bye, worth a loss at this club: 5 ends last on 1 point, with 1 and 3.
    played = [evening(("2", "1", "1-0"), ("4", "3", "1-0"), bye="5")]
    settings = Settings(bye="loss")
    order = position_order(season(members(5), played, settings), everyone(5))
    assert [(c.id, c.score, c.had_bye) for c in order][-2:] == [("3", 1, False), ("5", 1, True)]
    pairing = pair_evening(members(5), played, everyone(5), settings)
    assert pairing.bye == "3"
    assert boards(pairing) == [("4", "2"), ("5", "1")]


def test_step_3_with_everyone_present_having_had_the_bye_gives_a_marked_second_one():
    played = [
        evening(("2", "1", "1-0"), bye="3"),
        evening(("3", "2", "1-0"), bye="1"),
        evening(("1", "3", "1/2"), bye="2"),
    ]
    candidates, second = bye_candidates(position_order(season(members(3), played), everyone(3)))
    assert second is True and len(candidates) == 3
    pairing = pair_evening(members(3), played, everyone(3))
    assert pairing.second_bye and pairing.needs_acceptance
    assert pairing.bye == pairing.cards[-1].id


# Step 4 -------------------------------------------------------------------------------------


def test_step_4_pairs_round_one_as_one_two_three_four_five_six():
    pairing = pair_evening(members(6), [], everyone(6))
    assert sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards) == [
        ("1", "2"),
        ("3", "4"),
        ("5", "6"),
    ]


def test_step_4_the_top_player_meets_the_highest_placed_player_not_met():
    # After round 1 the order is 2, 4, 1, 3 and 2 has met 1: 2 meets 4, then 1 meets 3.
    played = [evening(("2", "1", "1-0"), ("4", "3", "1-0"))]
    pairing = pair_evening(members(4), played, everyone(4))
    pairs = [tuple(sorted((b.white, b.black))) for b in pairing.boards]
    assert pairs == [("2", "4"), ("1", "3")]
    # Round 3: 4 beat 2; order 4, 2, 1, 3 (if 1 beat 3); 4 has met 3 and 2, so 4 meets 1.
    played.append(evening(("4", "2", "1-0"), ("3", "1", "0-1")))
    pairing = pair_evening(members(4), played, everyone(4))
    assert [tuple(sorted((b.white, b.black))) for b in pairing.boards] == [("1", "4"), ("2", "3")]
    assert pairing.backtracks == 0


# Step 5 -------------------------------------------------------------------------------------


def test_step_5_round_one_gives_white_to_the_higher_number():
    pairing = pair_evening(members(6), [], everyone(6))
    assert boards(pairing) == [("2", "1"), ("4", "3"), ("6", "5")]


def test_step_5_the_player_with_fewer_whites_gets_white_whatever_the_position():
    played = [evening(("2", "1", "1-0"), ("4", "3", "0-1"))]
    order = position_order(season(members(4), played), everyone(4))
    # 2 (one White) is above 3 (no White): 3 gets White although 2 is placed higher.
    assert ids(order)[:2] == ["2", "3"]
    white, black = allocate_colours(order[0], order[1])
    assert (white.id, black.id) == ("3", "2")


def test_step_5_colour_tie_break_gives_white_to_the_lower_positioned_player():
    played = [evening(("2", "1", "1-0"), ("4", "3", "1-0"))]
    order = position_order(season(members(4), played), everyone(4))
    assert ids(order) == ["2", "4", "1", "3"]
    # 2 and 4 both had White once: the lower-positioned (4) gets White again.
    white, black = allocate_colours(order[0], order[1])
    assert (white.id, black.id) == ("4", "2")
    # 1 and 3 both had Black: 3, placed lower, gets White.
    white, black = allocate_colours(order[2], order[3])
    assert (white.id, black.id) == ("3", "1")


def test_step_5_unplayed_games_do_not_count_as_a_colour():
    played = [evening(("2", "1", "+-"))]
    cards = {c.id: c for c in season(members(2), played)}
    assert (cards["2"].whites, cards["1"].blacks) == (0, 0)


# Step 6 -------------------------------------------------------------------------------------


def test_step_6_backtracks_one_pair_when_the_last_pair_has_met():
    met = {frozenset(p) for p in [("5", "6")]}
    pairs, undone = pair_from_top(everyone(6), met)
    assert pairs == [("1", "2"), ("3", "5"), ("4", "6")]
    assert undone == 1


def test_step_6_a_backtrack_can_go_up_several_pairs_to_board_one():
    # 5, 6, 7 and 8 have all met each other: each needs one of 1-4, so board 1 must change.
    bottom = ["5", "6", "7", "8"]
    met = {frozenset((a, b)) for a in bottom for b in bottom if a < b}
    pairs, undone = pair_from_top(everyone(8), met)
    assert pairs == [("1", "5"), ("2", "6"), ("3", "7"), ("4", "8")]
    assert undone >= 4  # 1-2, 1-3, 1-4 undone on board 1, and pairs below them


def test_two_newcomers_cannot_save_four_who_all_met_each_other_from_one_repeat():
    # 3, 4, 5 and 6 have all met; 1 and 2 missed every evening (0 points, at the bottom).
    played = [
        evening(("4", "3", "1-0"), ("6", "5", "1-0")),
        evening(("5", "3", "1-0"), ("6", "4", "1-0")),
        evening(("6", "3", "1-0"), ("5", "4", "1-0")),
    ]
    pairing = pair_evening(members(6), played, everyone(6))
    assert [(b.white, b.black, b.repeat) for b in pairing.boards] == [
        ("1", "6", False),
        ("2", "5", False),
        ("3", "4", True),
    ]
    assert pairing.repeats == 1 and pairing.needs_acceptance


def test_an_evening_where_a_repeat_cannot_be_avoided_offers_the_fewest_repeats_marked():
    # 1 has met 2, 3 and 4; 2 has met 4; 3 has met 4: only 1-4 / 2-3 keeps it to one repeat.
    played = [
        evening(("2", "1", "1-0"), ("4", "3", "1-0")),
        evening(("3", "1", "1/2"), ("4", "2", "1/2")),
        evening(("4", "1", "0-1")),
    ]
    pairing = pair_evening(members(4), played, everyone(4))
    assert pairing.repeats == 1 and pairing.needs_acceptance
    assert any("No pairing without a repeat" in note for note in pairing.notes)
    marked = {frozenset((b.white, b.black)): b.repeat for b in pairing.boards}
    assert marked == {frozenset(("1", "4")): True, frozenset(("2", "3")): False}


def test_a_repeat_free_evening_needs_no_acceptance():
    pairing = pair_evening(members(4), [], everyone(4))
    assert pairing.repeats == 0 and not pairing.needs_acceptance and pairing.notes == ()


# Scoring (the standing is the standings engine's: tests/pairing/engines/test_standings.py) ---


def test_scoring_is_three_two_one_and_the_bye_a_win_by_default():
    played = [evening(("2", "1", "1-0"), ("4", "3", "1/2"), bye="5")]
    scores = {c.id: c.score for c in season(members(5), played)}
    assert scores == {"1": 1, "2": 3, "3": 2, "4": 2, "5": 3}


def test_scoring_and_bye_value_are_settings():
    played = [evening(("2", "1", "1-0"), ("4", "3", "1/2"), bye="5")]
    chess = Settings(scoring="1-0.5-0", bye="draw")
    scores = {c.id: c.score for c in season(members(5), played, chess)}
    assert scores == {"1": 0, "2": 1, "3": Fraction(1, 2), "4": Fraction(1, 2), "5": Fraction(1, 2)}


def test_a_forfeit_scores_the_win_and_nothing_for_the_absent_player_and_is_no_meeting():
    played = [evening(("2", "1", "+-"))]
    cards = {c.id: c for c in season(members(2), played)}
    assert (cards["2"].score, cards["1"].score) == (3, 0)
    assert cards["2"].opponents == ()


def test_settings_refuse_an_unknown_choice():
    with pytest.raises(MonradError, match="scoring"):
        Settings(scoring="2-1-0")
