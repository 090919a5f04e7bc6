"""Call times that learn (pairing/engines/knockout/pace.py): a mat's pace from its real bouts,
blended with the plan while few are fought, the calls of the bouts to come and the delay."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.knockout import KnockoutError
from pairing.engines.knockout.pace import (
    ON_TIME,
    PRIOR,
    WINDOW,
    Fought,
    MatDay,
    Running,
    break_minutes,
    estimate,
    median,
    pace,
    running,
)

NINE = 9 * 60.0  # 09:00 as minutes of the day


def fought(*bouts):
    """Bouts as (began, ended) minutes after 09:00."""
    return tuple(Fought(None if b is None else NINE + b, NINE + e) for b, e in bouts)


def test_a_mat_with_no_bout_fought_follows_the_plan():
    mat = MatDay(planned=5, start=NINE, fought=(), to_come=4)
    got = estimate(mat, now=NINE - 30)
    assert got.pace.minutes == 5 and got.pace.observed == 0
    assert got.calls == (NINE, NINE + 5, NINE + 10, NINE + 15)
    assert got.delay == 0


def test_a_mat_that_has_not_begun_at_the_start_runs_late_by_the_clock():
    mat = MatDay(planned=5, start=NINE, fought=(), to_come=2)
    got = estimate(mat, now=NINE + 12)
    assert got.calls == (NINE + 12, NINE + 17)
    assert got.delay == 12 and running(got.delay) == Running("late", 10)


def test_the_pace_is_the_median_length_and_changeover_blended_with_the_plan():
    # three bouts of 6 minutes with 2-minute changeovers: observed 8, the plan 4
    bouts = fought((0, 6), (8, 14), (16, 22))
    learned = pace(4, bouts)
    assert learned.length == 6 and learned.changeover == 2 and learned.observed == 3
    assert learned.minutes == pytest.approx((PRIOR * 4 + 3 * 8) / (PRIOR + 3))  # 6: halfway


def test_one_golden_score_does_not_swing_the_pace():
    steady = fought((0, 4), (5, 9), (10, 14), (15, 19), (20, 24))
    with_golden = fought((0, 4), (5, 9), (10, 22), (23, 27), (28, 32))
    assert pace(5, steady).length == pace(5, with_golden).length == 4


def test_a_break_is_not_a_changeover():
    # lunch of 45 minutes between the second and third bouts
    bouts = fought((0, 4), (5, 9), (54, 58), (59, 63))
    assert pace(5, bouts).changeover == 1
    assert break_minutes(5) == 15 and break_minutes(10) == 30


def test_bouts_without_a_known_beginning_teach_nothing():
    learned = pace(5, fought((None, 4), (None, 9)))
    assert learned.minutes == 5 and learned.observed == 0 and learned.length is None


def test_only_the_recent_bouts_count():
    slow_morning = [(10 * i, 10 * i + 9) for i in range(10)]
    quick_now = [(100 + 4 * i, 100 + 4 * i + 3) for i in range(WINDOW)]
    learned = pace(5, fought(*slow_morning, *quick_now))
    assert learned.length == 3 and learned.changeover == 1


def test_a_bout_on_the_mat_is_called_at_its_beginning_and_pushes_the_rest_on():
    bouts = fought((0, 4), (5, 9), (10, 14))
    mat = MatDay(planned=5, start=NINE, fought=bouts, to_come=3, began=NINE + 15)
    got = estimate(mat, now=NINE + 17)
    step = got.pace.minutes
    assert got.calls == (NINE + 15, NINE + 15 + step, NINE + 15 + 2 * step)
    assert got.delay == 0  # the fourth bout of the day, planned at 09:15, began at 09:15
    long_bout = estimate(mat, now=NINE + 35)  # still fought: the next cannot begin before now
    assert long_bout.calls[1] == NINE + 35
    assert long_bout.delay == 35 - 20  # past the next bout's planned start by 15 minutes


def test_a_mat_running_late_says_so():
    # planned 4 minutes a bout from 09:00; each bout took 6 with 1-minute changeovers
    bouts = fought(*[(7 * i, 7 * i + 6) for i in range(6)])
    mat = MatDay(planned=4, start=NINE, fought=bouts, to_come=5, began=NINE + 42)
    got = estimate(mat, now=NINE + 43)
    assert got.delay == 42 - 24  # the seventh bout planned at 09:24 began at 09:42
    assert running(got.delay) == Running("late", 20)
    assert got.pace.minutes > 4


def test_a_mat_between_bouts_calls_after_the_changeover():
    bouts = fought((0, 4), (6, 10))
    mat = MatDay(planned=5, start=NINE, fought=bouts, to_come=2)
    got = estimate(mat, now=NINE + 10.5)
    assert got.calls[0] == NINE + 12  # the last end and the 2-minute changeover
    assert got.delay == 12 - 10


def test_without_a_start_there_is_no_delay():
    got = estimate(MatDay(planned=5, start=None, fought=(), to_come=2), now=NINE)
    assert got.calls == (NINE, NINE + 5) and got.delay is None
    assert running(None) is None


def test_nothing_to_come_has_no_calls_and_no_delay():
    got = estimate(MatDay(planned=5, start=NINE, fought=fought((0, 4)), to_come=0), now=NINE + 9)
    assert got.calls == () and got.delay is None


@pytest.mark.parametrize(
    ("delay", "shown"),
    [
        (0, Running("on time", 0)),
        (ON_TIME - 0.1, Running("on time", 0)),
        (-(ON_TIME - 0.1), Running("on time", 0)),
        (5, Running("late", 5)),
        (7.4, Running("late", 5)),
        (7.5, Running("late", 10)),
        (15.2, Running("late", 15)),
        (-12, Running("early", 10)),
        (-13, Running("early", 15)),
    ],
)
def test_a_delay_is_shown_rounded(delay, shown):
    assert running(delay) == shown


def test_refused_inputs():
    with pytest.raises(KnockoutError):
        pace(0, ())
    with pytest.raises(KnockoutError):
        estimate(MatDay(planned=5, start=None, fought=(), to_come=-1), now=0)
    with pytest.raises(KnockoutError):
        median([])
    assert median([3, 1, 2]) == 2 and median([4, 1, 3, 2]) == 2.5


# --- properties ---------------------------------------------------------------------------------

minutes = st.floats(min_value=0, max_value=40, allow_nan=False)


@st.composite
def mat_days(draw):
    """A mat's day: bouts one after the other from 08:00 with random lengths and gaps (some
    beginnings unknown), maybe a bout on the mat, some to come, a plan start or none."""
    planned = draw(st.floats(min_value=1, max_value=30, allow_nan=False))
    clock = 8 * 60.0 + draw(minutes)
    bouts = []
    for _ in range(draw(st.integers(0, 15))):
        began = clock + draw(minutes)
        ended = began + draw(st.floats(min_value=0, max_value=15, allow_nan=False))
        bouts.append(Fought(None if draw(st.booleans()) and bouts else began, ended))
        clock = ended
    to_come = draw(st.integers(0, 12))
    began = clock + draw(minutes) if to_come and draw(st.booleans()) else None
    start = draw(st.one_of(st.none(), st.floats(min_value=7 * 60, max_value=10 * 60)))
    now = max(clock, began or 0) + draw(minutes)
    return MatDay(planned, start, tuple(bouts), to_come, began), now


@given(mat_days())
def test_the_calls_follow_the_order_and_none_to_come_is_before_now(day_now):
    mat, now = day_now
    got = estimate(mat, now)
    assert len(got.calls) == mat.to_come
    assert all(a < b for a, b in itertools.pairwise(got.calls))
    waiting = got.calls[1:] if mat.began is not None else got.calls
    assert all(call >= now for call in waiting)
    if mat.began is not None:
        assert got.calls[0] == mat.began


@given(mat_days())
def test_the_pace_lies_between_the_plan_and_what_is_observed(day_now):
    mat, _now = day_now
    learned = pace(mat.planned, mat.fought)
    if learned.observed == 0:
        assert learned.minutes == mat.planned
    else:
        observed = learned.length + (learned.changeover or 0)
        low, high = sorted((mat.planned, observed))
        assert low - 1e-9 <= learned.minutes <= high + 1e-9


@given(mat_days())
def test_a_mat_with_no_bout_fought_uses_the_plan(day_now):
    mat, now = day_now
    fresh = MatDay(mat.planned, mat.start, (), mat.to_come)
    got = estimate(fresh, now)
    assert got.pace.minutes == mat.planned
    first = max(now, mat.start) if mat.start is not None else now
    assert got.calls == pytest.approx([first + i * mat.planned for i in range(mat.to_come)])


@given(mat_days(), st.floats(min_value=0, max_value=60, allow_nan=False))
def test_a_later_clock_never_brings_a_call_forward_nor_shrinks_the_delay(day_now, wait):
    mat, now = day_now
    before, after = estimate(mat, now), estimate(mat, now + wait)
    assert all(b >= a for a, b in zip(before.calls, after.calls, strict=True))
    if before.delay is not None:
        assert after.delay >= before.delay


@given(mat_days())
def test_the_same_day_gives_the_same_estimate(day_now):
    mat, now = day_now
    assert estimate(mat, now) == estimate(mat, now)
