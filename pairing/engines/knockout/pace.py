"""Call times that learn: a mat's real pace during the day, the estimated call of each bout to
come, and how late (or early) the mat runs against the plan the day started with.

Input is plain data on one clock, minutes of the day (the caller turns clock times into minutes
after midnight and back): for each mat, the bouts it fought today (when each began, its first
score entry, and when it ended, its result confirmed), the bout now on the mat (when it began,
if it did), how many bouts are still to come, the plan's bout minutes and the plan's start of
the day. Nothing is stored; the same input gives the same output.

**Pace** (:func:`pace`). A bout's *length* is its end minus its beginning; the *changeover* is
the gap between a bout's end and the next bout's beginning on the mat (bowing out, the next
pair called, the table ready). Gaps of :func:`break_minutes` or more are breaks (lunch, a
medal ceremony), not changeovers, and count for neither. From the last :data:`WINDOW` bouts
fought the mat's observed pace is the median length plus the median changeover: a median, so
one golden score of eight minutes or one ippon in ten seconds does not swing the estimate (both
happen every few bouts in judo). The plan's ``bout_minutes`` (which already includes the
changeover) counts as :data:`PRIOR` bouts fought at that pace, so the pace moves from the plan
to what the mat really does as bouts are fought: what is seen weighs 1/4 after one bout, 1/2
after three, 3/4 after nine (the "credibility" blend of a prior with observed data). One early
quick bout does not announce the mat early, and a mat that is really slow is believed within a
few bouts.

**Calls** (:func:`estimate`). The bout on the mat is called at its real beginning if the table
has begun it; the next one a pace later (never before now: a bout running long pushes the rest
on); each following one a pace after the one before. A mat between bouts calls its next bout at
the last end plus the changeover, or now if that is past. A mat with no bout fought yet follows
the plan: its first call at the day's start (or now, if that is past), then one each
``bout_minutes``.

**Delay.** The plan the day started with calls the mat's k-th bout of the day (k from 0) at
``start + k * bout_minutes``. With k the bouts the mat fought today, the bout on the mat is its
k-th: the delay is when it began (or will begin) minus its planned start, or, when a bout begun
runs past the planned start of the next one, how far past that the clock is now. Positive: the
mat runs late; negative: early. :func:`running` rounds it for the public pages ("running 15 min
late"), with :data:`ON_TIME` minutes either way shown as "on time".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from .model import KnockoutError

#: The plan's bout minutes weigh as this many bouts fought at that pace.
PRIOR = 3
#: The mat's pace is learned from its last this many bouts.
WINDOW = 9
#: Delays within this many minutes either way are "on time".
ON_TIME = 5
#: Delays are shown rounded to this many minutes.
SHOWN_STEP = 5


@dataclass(frozen=True)
class Fought:
    """A bout the mat fought today: `began` the minute of its first score entry (None: not
    known, e.g. its result was entered on the bracket page), `ended` the minute its result was
    confirmed."""

    began: float | None
    ended: float


@dataclass(frozen=True)
class Pace:
    """A mat's minutes per bout (`minutes`, the changeover included) and what it comes from:
    the plan's `planned`, the observed median `length` and `changeover` (None: not seen yet) and
    the number of bouts `observed`."""

    minutes: float
    planned: float
    length: float | None
    changeover: float | None
    observed: int


@dataclass(frozen=True)
class MatDay:
    """One mat's day so far: the plan's `planned` minutes a bout and `start` (minute of the day;
    None: not known), the bouts `fought` today in the order they ended, `to_come` bouts still
    to fight (the one on the mat first) and when the one on the mat `began` (None: not begun)."""

    planned: float
    start: float | None
    fought: tuple[Fought, ...]
    to_come: int
    began: float | None = None


@dataclass(frozen=True)
class Estimate:
    """A mat's pace, the estimated call of each bout to come (minutes of the day, the bout on
    the mat first: its real beginning when begun) and its `delay` in minutes against the plan
    (positive: late; None: no plan start known, or nothing left to fight)."""

    pace: Pace
    calls: tuple[float, ...]
    delay: float | None


@dataclass(frozen=True)
class Running:
    """A delay as the public pages say it: `state` "late", "early" or "on time", and the
    `minutes` rounded to :data:`SHOWN_STEP` (0 on time)."""

    state: str
    minutes: int


def break_minutes(planned: float) -> float:
    """A gap between two bouts this long or longer is a break, not a changeover: three planned
    bouts, at least a quarter of an hour."""
    return max(15.0, 3 * planned)


def median(values: Sequence[float]) -> float:
    """The middle value (the mean of the two middle ones for an even count)."""
    if not values:
        raise KnockoutError("No values to take the median of.")
    ordered = sorted(values)
    half = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[half]
    return (ordered[half - 1] + ordered[half]) / 2


def pace(planned: float, fought: Sequence[Fought]) -> Pace:
    """The mat's minutes per bout from the plan's `planned` and its last :data:`WINDOW` bouts
    `fought` (in the order they ended): see the module doc."""
    if not planned > 0 or not math.isfinite(planned):
        raise KnockoutError("A bout takes more than 0 minutes.")
    recent = list(fought)[-WINDOW:]
    earlier = list(fought)[-WINDOW - 1 : -WINDOW] if len(fought) > WINDOW else []
    lengths = [b.ended - b.began for b in recent if b.began is not None and b.ended >= b.began]
    gaps = []
    longest = break_minutes(planned)
    chain = [*earlier, *recent]  # the gap before the window's first bout counts too
    for before, bout in itertools.pairwise(chain):
        if bout.began is None:
            continue
        gap = max(0.0, bout.began - before.ended)
        if gap < longest:
            gaps.append(gap)
    if not lengths:
        return Pace(planned, planned, None, None, 0)
    length = median(lengths)
    changeover = median(gaps) if gaps else None
    observed = length + (changeover or 0.0)
    n = len(lengths)
    minutes = (PRIOR * planned + n * observed) / (PRIOR + n)
    return Pace(minutes, planned, length, changeover, n)


def estimate(mat: MatDay, now: float) -> Estimate:
    """The mat's pace, the estimated calls of its bouts to come and its delay at minute `now`
    (see the module doc)."""
    if mat.to_come < 0:
        raise KnockoutError("The bouts to come are 0 or more.")
    learned = pace(mat.planned, mat.fought)
    step = learned.minutes
    if mat.to_come == 0:
        return Estimate(learned, (), None)
    calls: list[float] = []
    if mat.began is not None:
        calls.append(mat.began)
        first = max(mat.began + step, now)
    else:
        if mat.fought:
            first = max(now, mat.fought[-1].ended + (learned.changeover or 0.0))
        elif mat.start is not None:
            first = max(now, mat.start)
        else:
            first = now
        calls.append(first)
        first += step
    while len(calls) < mat.to_come:
        calls.append(first)
        first += step
    return Estimate(learned, tuple(calls), _delay(mat, calls[0], now))


def _delay(mat: MatDay, called: float, now: float) -> float | None:
    """The minutes the bout on the mat is behind its planned start (see the module doc)."""
    if mat.start is None:
        return None
    k = len(mat.fought)
    planned = mat.start + k * mat.planned
    if mat.began is None:
        return called - planned
    return max(mat.began - planned, now - (planned + mat.planned))


def running(delay: float | None) -> Running | None:
    """`delay` as shown: "late" or "early" by its minutes rounded to :data:`SHOWN_STEP`,
    "on time" within :data:`ON_TIME` minutes (None: no delay known)."""
    if delay is None:
        return None
    if abs(delay) < ON_TIME:
        return Running("on time", 0)
    minutes = max(SHOWN_STEP, SHOWN_STEP * math.floor(abs(delay) / SHOWN_STEP + 0.5))
    return Running("late" if delay > 0 else "early", minutes)
