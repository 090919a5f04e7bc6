"""Call times that learn (docs/competition.md, "Call times that learn"): each mat's real pace
during the day, the estimated call of each bout still to come and how late the mat runs
against the plan, worked out by the engine (``pairing/engines/knockout/pace.py``) from times
already kept, with no table of its own:

- a bout *began* at its first score entry: the first ``bout.score`` entry of its category's
  audit log for it today (its summary starts with the bout's name, ``M12`` or ``M12 F-57``
  for a team match's bout);
- a bout *ended* when its result was confirmed: its ``Bout.recorded_at``, read with the
  brackets already (``BracketSheet.fought``);
- the plan starts at the competition's ``starts_at`` today, else at the first bout begun today
  on any of its mats; on a day other than the competition's ``date`` (when it has one) there is
  no plan to be late against (the call times still follow the mat's pace from now).

Reading costs one query for the whole competition (the first entry of every bout begun today,
grouped in the database), whatever the number of bouts, on top of :func:`mats.day`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Min, Value
from django.db.models.functions import Left, StrIndex
from django.utils import timezone

from arbiter.core.models import AuditEntry
from judo.models import Competition
from judo.services import mats as service
from judo.services import public_day
from pairing.engines.knockout import pace

#: The public pages showing call times are kept under their versions and this tick of the
#: clock (seconds): an idle mat's delay grows, so its page is built again this often at most.
TICK_SECONDS = 300

_BOUT_NAME = re.compile(r"M(\d+)(?: |$)")


@dataclass(frozen=True)
class MatCalls:
    """A mat's call times: the engine's `estimate`, the estimated call (local time) of each
    bout to come by (category id, match), and its delay as the pages say it (`running`)."""

    mat: int
    estimate: pace.Estimate
    calls: dict[tuple[int, int], datetime.datetime]
    running: pace.Running | None
    #: The bout on the mat has begun (its call is its real beginning).
    begun: bool

    def call(self, category_id: int, match: int) -> datetime.datetime | None:
        return self.calls.get((category_id, match))

    @property
    def pace_minutes(self) -> float:
        return round(self.estimate.pace.minutes, 1)

    @property
    def delay_minutes(self) -> int | None:
        delay = self.estimate.delay
        return None if delay is None else round(delay)


def clock() -> datetime.datetime:
    """Now (a function of its own so that a test may set the clock)."""
    return timezone.now()


def tick(now: datetime.datetime | None = None) -> str:
    """What a page showing call times adds to its version: the clock's current tick."""
    return f"t{int((now or clock()).timestamp()) // TICK_SECONDS}"


def mat_version(competition: Competition, mat: int) -> str:
    """What a public page showing `mat`'s call times is kept under: the mat's version
    (judo/services/public_day.py) and the clock's tick, so an idle mat's delay grows on it."""
    return competition.versions.mat(mat, public_day.live(competition)) + tick()


def _midnight(now: datetime.datetime) -> datetime.datetime:
    """The beginning of `now`'s day in the project's time zone (settings.TIME_ZONE), in UTC:
    minutes counted from it are minutes elapsed, right on the days the clocks change too."""
    local = timezone.localtime(now)
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight.astimezone(datetime.UTC)


def _minutes(at: datetime.datetime, midnight: datetime.datetime) -> float:
    return (at - midnight).total_seconds() / 60


def first_entries(
    competition: Competition, since: datetime.datetime
) -> dict[tuple[int, int], datetime.datetime]:
    """When each bout of `competition` begun since `since` had its first score entry, by
    (tournament id, match): one query, grouped by the bout's name in the entry's summary."""
    rows = (
        AuditEntry.objects.filter(
            tournament__category__competition=competition, action="bout.score", at__gte=since
        )
        .annotate(bout=Left("summary", StrIndex("summary", Value(":")) - 1))
        .values("tournament_id", "bout")
        .annotate(first=Min("at"))
        .order_by()
        .values_list("tournament_id", "bout", "first")
    )
    out: dict[tuple[int, int], datetime.datetime] = {}
    for tournament, name, first in rows:
        found = _BOUT_NAME.match(name or "")
        if found is None:
            continue
        key = (tournament, int(found.group(1)))
        out[key] = min(first, out.get(key, first))  # a team match: its first bout's first entry
    return out


def of_day(
    day: service.Day, now: datetime.datetime | None = None, mats: Iterable[int] | None = None
) -> dict[int, MatCalls]:
    """The call times of the mats `mats` of `day` (every mat of the competition by default) at
    `now` (the clock by default): one query for them all."""
    now = now or clock()
    midnight = _midnight(now)
    competition = day.competition
    began = first_entries(competition, midnight)
    start: float | None
    if competition.date is not None and competition.date != timezone.localdate(now):
        start = None  # the plan is of the competition's day: no delay on another
    elif competition.starts_at is not None:
        day_of = timezone.localdate(now)
        starts = timezone.make_aware(datetime.datetime.combine(day_of, competition.starts_at))
        start = _minutes(starts, midnight)
    else:
        start = min((_minutes(at, midnight) for at in began.values()), default=None)
    minute = _minutes(now, midnight)
    planned = float(competition.bout_minutes)
    wanted = range(1, competition.mats + 1) if mats is None else mats
    return {
        mat: _mat_calls(day, mat, began, start, planned, minute, midnight, now) for mat in wanted
    }


def _mat_calls(
    day: service.Day,
    mat: int,
    began: dict[tuple[int, int], datetime.datetime],
    start: float | None,
    planned: float,
    clock: float,
    midnight: datetime.datetime,
    now: datetime.datetime,
) -> MatCalls:
    fought = []
    for category in day.categories:
        if category.mat != mat:
            continue
        for match, bout in day.sheets[category.pk].fought.items():
            if bout.recorded_at < midnight or bout.recorded_at > now:
                continue
            first = began.get((category.tournament_id, match))
            fought.append(
                pace.Fought(
                    _minutes(first, midnight) if first is not None else None,
                    _minutes(bout.recorded_at, midnight),
                )
            )
    fought.sort(key=lambda b: b.ended)
    order = day.order(mat)
    current, _after = service.on_the_mat(order)
    sequence = order if current is None else [current, *(c for c in order if c is not current)]
    first = (
        began.get((current.category.tournament_id, current.match.match.id))
        if current is not None and current.version
        else None
    )
    estimate = pace.estimate(
        pace.MatDay(
            planned,
            start,
            tuple(fought),
            len(sequence),
            _minutes(first, midnight) if first is not None else None,
        ),
        clock,
    )
    calls = {
        (c.category.pk, c.match.match.id): timezone.localtime(
            midnight + datetime.timedelta(minutes=minutes)
        )
        for c, minutes in zip(sequence, estimate.calls, strict=True)
    }
    return MatCalls(mat, estimate, calls, pace.running(estimate.delay), first is not None)
