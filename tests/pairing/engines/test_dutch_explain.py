"""The explanation of a pairing names the facts and the criteria behind each float and the bye."""

from pairing.engines.dutch import pair_trf

from .helpers import tournament


def explanation(t, player):
    return next(e for e in pair_trf(t).explanations if e.player == player)


def test_it_says_an_odd_score_group_sends_its_lowest_player_down():
    t = tournament(
        4,
        [
            ("1.0", ["   4 w 1"]),
            ("1.0", ["   5 b 1"]),
            ("1.0", ["   6 w 1"]),
            ("0.0", ["   1 b 0"]),
            ("0.0", ["   2 w 0"]),
            ("0.0", ["   3 b 0"]),
        ],
    )
    e = explanation(t, 3)
    assert (e.float, e.opponent, e.bracket) == ("down", 4, "1.0")
    assert "3 left to pair among themselves, an odd number" in e.reason
    assert "could still have met 1, 2" in e.reason
    up = explanation(t, 4)
    assert up.float == "up" and "floats up to meet 3 (1.0)" in up.reason


def test_it_says_a_player_who_met_the_whole_group_must_float_C1():
    t = tournament(
        4,
        [
            ("1.5", ["   3 w 1", "   2 b ="]),
            ("1.5", ["   4 b 1", "   1 w ="]),
            ("0.5", ["   1 b 0", "   4 w ="]),
            ("0.5", ["   2 w 0", "   3 b ="]),
        ],
    )
    e = explanation(t, 1)
    assert e.float == "down"
    assert "already met, or may not meet for colours, everyone else in the group ([C1]" in e.reason


def test_it_says_a_lone_leader_has_nobody_in_the_group():
    t = bye_tournament()
    e = explanation(t, 1)
    assert e.float == "down" and "the only player on this score" in e.reason


def bye_tournament():
    # after two rounds 4 and 5 have had the pairing-allocated bye; 2, 3, 4, 5 have one point
    return tournament(
        4,
        [
            ("2.0", ["   3 w 1", "   2 w 1"]),
            ("1.0", ["   4 b 1", "   1 b 0"]),
            ("1.0", ["   1 b 0", "   5 b 1"]),
            ("1.0", ["   2 w 0", "0000 - U"]),
            ("1.0", ["0000 - U", "   3 w 0"]),
        ],
    )


def test_it_says_why_the_bye_skipped_the_lower_players_C2():
    e = explanation(bye_tournament(), 3)
    assert e.colour == "bye" and e.opponent is None
    assert "[C5]" in e.reason and "[C4]" in e.reason
    assert "below 3: 4, 5 already had a PAB or a forfeit win" in e.reason


def test_it_names_the_colour_rule_for_every_paired_player():
    for e in pair_trf(bye_tournament()).explanations:
        assert e.colour == "bye" or e.colour_rule.startswith("art. 5.2.")
