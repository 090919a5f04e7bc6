"""The C.04.6 Swiss Team Pairing System, rule by rule (pairing/engines/team_swiss)."""

from fractions import Fraction

import pytest

from pairing.engines.team_swiss import (
    NoValidPairing,
    Preference,
    Rules,
    TeamState,
    allocate,
    colour_preference,
    first_team,
    pair_round,
    read_team_trf,
)
from pairing.engines.team_swiss.api import pair_file
from pairing.engines.team_swiss.pairer import _profiles, _Round, _upfloater_sets

WORKED_EXAMPLE = """\
012 Demo Team Swiss
022 Oslo
032 NOR
042 2026/03/10
052 2026/03/12
062 20
082 5
102 Arbiter, Anna
142 5
152 W
192 FIDE_TEAM_TYPEA_MP_GP
352 WBWB
001    1 m    Alpha, Player1                    2400 NOR        1001 2000/01/01  1.0    1     9 w 1
001    2 m    Alpha, Player2                    2380 NOR        2001 2000/01/01  0.5    2    10 b =
001    3 m    Alpha, Player3                    2360 NOR        3001 2000/01/01  0.0    3    11 w 0
001    4 m    Alpha, Player4                    2340 NOR        4001 2000/01/01  1.0    4    12 b 1
001    5 m    Bravo, Player1                    2350 NOR        5001 2000/01/01  0.5    5    13 b =
001    6 m    Bravo, Player2                    2330 NOR        6001 2000/01/01  1.0    6    14 w 1
001    7 m    Bravo, Player3                    2310 NOR        7001 2000/01/01  0.0    7    15 b 0
001    8 m    Bravo, Player4                    2290 NOR        8001 2000/01/01  0.5    8    16 w =
001    9 m    Charlie, Player1                  2300 NOR        9001 2000/01/01  0.0    9     1 b 0
001   10 m    Charlie, Player2                  2280 NOR       10001 2000/01/01  0.5   10     2 w =
001   11 m    Charlie, Player3                  2260 NOR       11001 2000/01/01  1.0   11     3 b 1
001   12 m    Charlie, Player4                  2240 NOR       12001 2000/01/01  0.0   12     4 w 0
001   13 m    Delta, Player1                    2250 NOR       13001 2000/01/01  0.5   13     5 w =
001   14 m    Delta, Player2                    2230 NOR       14001 2000/01/01  0.0   14     6 b 0
001   15 m    Delta, Player3                    2210 NOR       15001 2000/01/01  1.0   15     7 w 1
001   16 m    Delta, Player4                    2190 NOR       16001 2000/01/01  0.5   16     8 b =
001   17 m    Echo, Player1                     2200 NOR       17001 2000/01/01  0.0   17  0000 - U
001   18 m    Echo, Player2                     2180 NOR       18001 2000/01/01  0.0   18  0000 - U
001   19 m    Echo, Player3                     2160 NOR       19001 2000/01/01  0.0   19  0000 - U
001   20 m    Echo, Player4                     2140 NOR       20001 2000/01/01  0.0   20  0000 - U
310   1 Alpha                            Alpha      0    2.0    2.5   1     1    2    3    4
310   2 Bravo                            Bravo      0    1.0    2.0   2     5    6    7    8
310   3 Charlie                          Charl      0    0.0    1.5   3     9   10   11   12
310   4 Delta                            Delta      0    1.0    2.0   4    13   14   15   16
310   5 Echo                             Echo       0    2.0    2.0   5    17   18   19   20
320  2.0  2.0   5
"""


def team(tpn: int, score: float = 0, colours: str = "", **kw: object) -> TeamState:
    s = Fraction(score)
    return TeamState(tpn=tpn, score=s, primary=s, colours=colours, **kw)  # type: ignore[arg-type]


def rules(model: str = "typea", rnd: int = 3, rounds: int = 9, **kw: object) -> Rules:
    return Rules(round=rnd, rounds=rounds, colour_model=model, **kw)  # type: ignore[arg-type]


# Art. 1.7: colour preferences


@pytest.mark.parametrize("model", ["typea", "typeb"])
def test_a_team_two_blacks_behind_wants_white_in_both_models(model):
    assert colour_preference(team(1, colours="bwbb"), rules(model)) == Preference("w")
    assert colour_preference(team(1, colours="bb"), rules(model)) == Preference("w")


def test_after_two_whites_in_a_row_a_balanced_team_wants_black():
    assert colour_preference(team(1, colours="bbww"), rules()) == Preference("b")


def test_plus_one_after_two_blacks_is_nothing_in_type_a_and_mild_black_in_type_b():
    # CD +1 with the last two played Black: the contrast the spec notes with the Dutch system
    sequence = "wwwbb"
    assert colour_preference(team(1, colours=sequence), rules("typea")) is None
    assert colour_preference(team(1, colours=sequence), rules("typeb")) == Preference(
        "b", strong=False
    )


def test_type_b_mild_preference_alternates_when_balanced_except_in_the_last_round():
    assert colour_preference(team(1, colours="wb"), rules("typeb", rnd=3)) == Preference(
        "w", strong=False
    )
    assert colour_preference(team(1, colours="wb"), rules("typeb", rnd=9, rounds=9)) is None


def test_a_team_that_never_played_has_no_preference():
    assert colour_preference(team(1), rules("typeb")) is None


def test_no_colour_model_means_no_preference_at_all():
    assert colour_preference(team(1, colours="bbb"), rules("none")) is None


# Art. 3.4: the PAB


def test_the_pab_goes_to_the_lowest_score_then_most_played_then_largest_tpn():
    teams = [
        team(1, 2, "wb"),
        team(2, 0, "w"),
        team(3, 0, "wb"),
        team(4, 0, "bw"),
        team(5, 4, "bw"),
    ]
    assert pair_round(teams, rules()).bye == 4  # 3 and 4 played more than 2; 4 is larger


def test_a_team_with_a_pab_or_forfeit_win_never_gets_another():
    teams = [team(1, 2), team(2, 2), team(3, 0, bye_barred=True)]
    assert pair_round(teams, rules()).bye != 3


def test_the_pab_must_leave_a_legal_pairing_for_the_rest():
    # 3 would be the PAB by score, but 1 and 2 have met: 3 must play
    teams = [
        team(1, 2, "w", opponents=frozenset({2})),
        team(2, 2, "b", opponents=frozenset({1})),
        team(3, 0),
    ]
    assert pair_round(teams, rules()).bye != 3


def test_a_round_no_pairing_exists_for_is_refused():
    teams = [team(1, 2, "w", opponents=frozenset({2})), team(2, 2, "b", opponents=frozenset({1}))]
    with pytest.raises(NoValidPairing):
        pair_round(teams, rules())


# Art. 3.5: upfloater sets in lexicographic order


def test_the_upfloater_sets_come_in_the_order_of_the_example_of_3_5_4():
    teams = [team(t, 3) for t in (2, 6, 8)] + [team(t, 2.5) for t in (1, 3, 5)] + [team(9, 4)]
    rnd = _Round(teams, rules())
    lower = rnd.order([1, 2, 3, 5, 6, 8])
    three, two_and_a_half = rnd.level[2], rnd.level[1]
    profile = (three, three, two_and_a_half)
    sets = list(_upfloater_sets(rnd, lower, profile))
    assert sets[:4] == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1]]
    assert sets[-1] == [6, 8, 5]
    assert len(sets) == 9


def test_score_profiles_put_the_highest_lowest_upfloater_first():
    # C5: maximise the upfloaters' scores taken in ascending order
    profiles = list(_profiles({3: 1, 2: 2, 1: 1}, 2))
    assert profiles == [(2, 3), (2, 2), (1, 3), (1, 2)]


def test_no_upfloater_when_the_scoregroup_pairs_itself():
    teams = [team(1, 2, "w"), team(2, 2, "b"), team(3, 0, "b"), team(4, 0, "w")]
    pairing = pair_round(teams, rules())
    assert {frozenset((m.white, m.black)) for m in pairing.matches} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }


def test_an_odd_scoregroup_takes_the_highest_upfloater_with_the_smallest_tpn():
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 2), team(5, 2), team(6, 2)]
    pairing = pair_round(teams, rules(rnd=2))
    assert pairing.brackets[0] == (1, 2, 3, 4)


def test_an_upfloater_that_floated_last_round_is_avoided_c7():
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 2, floated=True), team(5, 2), team(6, 2)]
    assert pair_round(teams, rules(rnd=3)).brackets[0] == (1, 2, 3, 5)


def test_in_the_last_two_rounds_c7_no_longer_applies():
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 2, floated=True), team(5, 2), team(6, 2)]
    assert pair_round(teams, rules(rnd=8, rounds=9)).brackets[0] == (1, 2, 3, 4)


# Art. 3.6: the bracket


def test_the_bracket_takes_the_lexicographically_first_identifier():
    teams = [team(t, 2) for t in range(1, 5)]
    pairs = {
        (min(m.white, m.black), max(m.white, m.black))
        for m in pair_round(teams, rules(rnd=2)).matches
    }
    # identifiers: (1,2|3,4) for 1-3 2-4 comes before (1,2|4,3) and (1,3|2,4)
    assert pairs == {(1, 3), (2, 4)}


def test_colour_preferences_outweigh_the_identifier_c8():
    # 1 and 2 both want White: (1,3|2,4) would leave one of them without; (1,2|3,4) does not
    teams = [team(1, 2, "bb"), team(2, 2, "bb"), team(3, 2, "ww"), team(4, 2, "ww")]
    pairs = {(m.white, m.black) for m in pair_round(teams, rules(rnd=3)).matches}
    assert pairs == {(1, 3), (2, 4)}


# Art. 4: colours


def test_4_2_first_team_is_higher_score_then_secondary_then_smaller_tpn():
    a = TeamState(tpn=2, primary=Fraction(3), secondary=Fraction(5))
    b = TeamState(tpn=1, primary=Fraction(3), secondary=Fraction(4))
    assert first_team(a, b, rules())
    assert not first_team(a, b, rules(secondary_used=False))


def test_4_3_1_initial_colour_to_an_odd_first_team_else_the_opposite():
    assert allocate(team(1), team(2), rules(initial_colour="w")).white == 1
    assert allocate(team(2), team(4), rules(initial_colour="w")).white == 4


def test_4_3_2_the_only_preference_is_granted():
    m = allocate(team(1, 2, "wb"), team(2, 2, "wbbb"), rules())
    assert (m.white, m.rule) == (2, "4.3.2")


def test_4_3_3_opposite_preferences_are_both_granted():
    m = allocate(team(1, 2, "ww"), team(2, 2, "bb"), rules())
    assert (m.white, m.rule) == (2, "4.3.3")


def test_4_3_4_type_b_the_strong_preference_wins_over_the_mild_one():
    m = allocate(team(1, 2, "wb"), team(2, 2, "wbb"), rules("typeb"))
    assert (m.white, m.rule) == (2, "4.3.4")


def test_4_3_5_white_to_the_lower_colour_difference():
    m = allocate(team(1, 2, "w"), team(2, 2, "bbw"), rules())
    assert (m.white, m.rule) == (2, "4.3.5")


def test_4_3_6_back_to_the_last_round_the_colours_differed():
    # the same colours in the last two rounds; in round 2 team 1 had Black: now White
    m = allocate(team(1, 2, "wbwb"), team(2, 2, "bwwb"), rules())
    assert (m.white, m.rule) == (1, "4.3.6")


def test_4_3_7_the_first_teams_preference_when_both_want_the_same():
    m = allocate(team(1, 2, "bb"), team(2, 2, "bb"), rules())
    assert (m.white, m.rule) == (1, "4.3.7")


def test_4_3_8_the_first_team_alternates():
    m = allocate(team(1, 2, "w"), team(2, 2, "w"), rules())
    assert (m.black, m.rule) == (1, "4.3.8")


def test_4_3_9_the_other_team_alternates_when_the_first_never_played():
    m = allocate(team(1, 2, ""), team(2, 2, "wb"), rules())
    assert (m.white, m.rule) == (2, "4.3.9")


# The worked example (spec 5.2, verified with gacrux, spec 3.9)


def test_round_one_of_the_worked_example():
    f = read_team_trf("".join(x + "\n" for x in WORKED_EXAMPLE.splitlines() if x[:3] != "320"))
    assert pair_file(f, 1).bbp() == "3\n1 3\n4 2\n5 0\n"


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("typea", "3\n4 1\n2 5\n3 0\n"),
        ("typeb", "3\n2 1\n5 4\n3 0\n"),
        ("none", "3\n4 1\n2 5\n3 0\n"),
    ],
)
def test_round_two_of_the_worked_example_in_each_colour_model(model, expected):
    assert pair_file(read_team_trf(WORKED_EXAMPLE), 2, model).bbp() == expected


def test_type_b_keeps_two_strong_preferences_apart_c9():
    # all four want White; 1 and 3 strongly, 2 and 4 mildly. (1,2|3,4) pairs 1-3: two strong
    # preferences, one of them missed; (1,2|4,3) misses only mild ones
    teams = [team(1, 2, "bb"), team(2, 2, "b"), team(3, 2, "bb"), team(4, 2, "b")]
    pairing = pair_round(teams, rules("typeb"))
    assert {frozenset((m.white, m.black)) for m in pairing.matches} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }
