"""Which rating a time control is rated in (FIDE Laws of Chess A.1, B.1): the time for 60 moves,
each rule at its edges, and the ways arbiters and TRF files write a control."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.time_control import (
    BLITZ,
    RAPID,
    STANDARD,
    minutes_for_60_moves,
    rating_type,
    rating_type_of_minutes,
)


@pytest.mark.parametrize(
    ("minutes", "kind"),
    [
        (1, BLITZ),
        (10, BLITZ),  # B.1: 10 minutes or less is blitz
        (Fraction(21, 2), RAPID),  # more than 10 is rapid
        (11, RAPID),
        (59, RAPID),  # A.1: less than 60 is rapid
        (Fraction(119, 2), RAPID),
        (60, STANDARD),  # 60 or more is standard
        (120, STANDARD),
    ],
)
def test_the_minutes_for_60_moves_give_the_rating(minutes, kind):
    assert rating_type_of_minutes(minutes) == kind


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("90+30", 120),  # base plus 60 times 30 s = 30 min
        ("45+15", 60),  # standard at exactly 60
        ("45+10", 55),
        ("10+0", 10),
        ("5+5", 10),  # blitz at exactly 10
        ("8+3", 11),
        ("3|2", 5),
        ("3 + 2", 5),
        ("60", 60),
        ("25", 25),
        ("G/60", 60),
        ("G/25;inc5", 30),
        ("90'+30\"", 120),
        ("15'+10''", 25),
        ("90 min + 30 s/move", 120),  # the demo's
        ("15 min + 5 s/move", 20),
        ("90 mins + 30sec increment", 120),
        ("1:30+30sec", 120),
        ("1:30 + 10 from move 1", 100),  # "move 1" is no quantity
        ("2h", 120),
        ("120 minutes per player per game", 120),
        ("All moves in 90 minutes, plus 10 seconds per move", 100),
        ("Standard: 90 minutes with 30 second increment from move 1", 120),
        ("15 minutes plus 10 sec per move", 25),
        ("40/120, 60", 180),  # 40 moves in 120 minutes, then 60 minutes
        ("90/40+30+30", 150),  # the smaller number of a/b is the move count
        ("100'x40+15'+30\"", 145),
        ("90 min/40 moves + 30 min + 30 s/move", 150),
        ("90 minutes plus 30 sec plus 30 min after 40 moves", 150),
        ("90\u2032+30\u2033", 120),  # primes
    ],
)
def test_time_controls_as_they_are_written(text, minutes):
    assert minutes_for_60_moves(text) == minutes


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("90+30", STANDARD),
        ("45+15", STANDARD),
        ("45+10", RAPID),
        ("15+10", RAPID),
        ("8+3", RAPID),
        ("5+5", BLITZ),
        ("3+2", BLITZ),
        ("10", BLITZ),
    ],
)
def test_the_rating_type_of_a_time_control(text, kind):
    assert rating_type(text) == kind


@pytest.mark.parametrize("text", ["", "moves/time, increment", "classical", "x" * 300])
def test_an_unreadable_time_control_is_standard(text):
    assert minutes_for_60_moves(text) is None
    assert rating_type(text) == STANDARD


@given(st.text(max_size=120))
def test_any_text_gives_one_of_the_three_ratings(text):
    assert rating_type(text) in (STANDARD, RAPID, BLITZ)
