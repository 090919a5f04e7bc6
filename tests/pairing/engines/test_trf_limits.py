"""The TRF reader reads within its limits: a short file cannot make it build a huge tournament,
and a file past a limit is refused with the line, fast."""

import time

import pytest

from pairing.engines.trf import TrfError, TrfLimits, parse_trf
from tests.pairing.trf_helpers import small_trf

APP = TrfLimits(players=5000, rounds=99, acceleration_cells=495_000)


def refusal(text: str, limits: TrfLimits = APP) -> str:
    # CPU time of this process: the work the refusal costs, whatever else the machine runs.
    start = time.process_time()
    with pytest.raises(TrfError) as raised:
        parse_trf(text, limits)
    assert time.process_time() - start < 1
    return str(raised.value)


def accelerated(rounds: tuple[int, int], players: tuple[int, int]) -> str:
    """A ``250`` record: one point from round to round for the players from one to another."""
    return f"250{'':6}{'1.0':>4} {rounds[0]:>3} {rounds[1]:>3} {players[0]:>4} {players[1]:>4}"


def test_a_record_longer_than_a_player_record_of_every_round_is_refused():
    assert APP.line_length == 1090
    text = small_trf() + "XXP " + " ".join(["1 2"] * 300) + "\n"
    assert refusal(text) == (
        "line 9, column 1091: the record is longer than 1090 characters "
        "(a player record of 99 rounds)"
    )


def test_the_issue_s_forbidden_pairs_line_of_236_kb_is_refused_at_once():
    line = "XXP " + " ".join(str(1 + i % 5) for i in range(118_000))
    assert len(line) > 236_000
    assert "line 9, column 1091: the record is longer" in refusal(small_trf() + line)
    assert "line 9, column 10091: the record is longer" in refusal(small_trf() + line, TrfLimits())


def test_forbidden_groups_are_bounded_by_their_pairs():
    group = "XXP " + " ".join(str(n) for n in range(1, 201))  # 19,900 pairs in 1 line
    assert refusal(small_trf() + "\n".join([group] * 3), APP) == (
        "line 11: more than 50000 forbidden pairs"
    )


def test_the_issue_s_hundred_acceleration_ranges_are_refused_at_once():
    whole = accelerated((1, 999), (1, 9999))
    assert "line 9, column 19: acceleration in round 999: 99 at most" in refusal(
        small_trf() + "\n".join([whole] * 100)
    )
    within = accelerated((1, 99), (1, 5000))
    assert refusal(small_trf() + "\n".join([within] * 100)) == (
        "line 10: accelerations for more than 495000 player-rounds"
    )
    assert refusal(small_trf() + "\n".join([whole] * 100), TrfLimits()) == (
        "line 9: accelerations for more than 500000 player-rounds"
    )


def test_accelerations_of_many_players_and_rounds_within_the_limits_are_read():
    parsed = parse_trf(small_trf() + accelerated((1, 99), (1, 5000)), APP)
    assert len(parsed.accelerations) == 5000
    assert parsed.accelerations[0] == (1, (10,) * 99)


def test_players_and_rounds_past_the_limits_are_refused():
    few = TrfLimits(players=4, rounds=3)
    assert refusal(small_trf(), few) == (
        "line 8, column 5: starting number 5: a file has at most 4 players"
    )
    assert refusal("XXR 4\n" + small_trf(), TrfLimits(rounds=3)) == (
        "line 1, column 5: more than 3 rounds"
    )
    assert "acceleration for player 6: a file has at most 5 players" in refusal(
        small_trf() + "XXA    6  1.0", TrfLimits(players=5)
    )
    assert "bye in round 7: 5 rounds at most" in refusal(
        small_trf() + "240 H   7    1", TrfLimits(rounds=5)
    )
