"""The mat clock: a judo contest's clocks as the timekeeper runs them (IJF Refereeing Rules).

A pure, deterministic model: every command carries the moment it was given, in monotonic
milliseconds the caller supplies (the mat-side page's clock), never read from the machine here.
The same commands at the same moments always give the same clock, so the table's queued commands
replayed after a Wi-Fi loss rebuild the state the table showed (:func:`replay`).

The rules encoded (spec venue-live-and-offline.md, part A1; sources and choices in
docs/mat-clock.md):

- ``hajime`` starts the contest clock, ``matte`` stops it and ends any osaekomi;
  ``sono_mama`` freezes both the contest and the osaekomi clocks, ``yoshi`` restarts both from the
  frozen values [S9, S10].
- ``osaekomi`` starts the hold clock for its holder (the contest clock keeps running);
  ``toketa`` stops the hold clock only, and the score the hold reached is given.
- Osaekomi scores by edition (:data:`scores.RULES`): 2025 yuko 5 s, waza-ari 10 s, ippon 20 s;
  2018-2024 (edition "2022") waza-ari 10 s, ippon 20 s [S1-S4, S10, S12].
- **A hold's score goes into the score log once, when the hold ends** (toketa, matte, or the
  threshold that decides the contest): the hold's highest score reached. While it runs,
  :meth:`Clock.at` shows the score reached so far (:attr:`Reading.reached`), so a 2025 hold going
  from yuko to waza-ari is one log entry "waza-ari", never "yuko" then "waza-ari".
- The hold stops itself at the first threshold whose score decides the contest: ippon at 20 s;
  waza-ari awasete ippon at 10 s for a holder who has a waza-ari; in golden score the first
  threshold (yuko at 5 s under 2025, waza-ari at 10 s under 2018-2024) [S3, S10, S12].
- Time up (the contest clock reaches 0): the bell; with an osaekomi running the contest clock
  stays at 0 but the hold continues until ippon, toketa or matte, and its score counts: it is
  logged before the time up [S10].
- Time up with the technical scores level: golden score, counting up from 0, unlimited (IJF) or
  limited by the category (:attr:`ClockRules.golden_limit`); at the limit the clock stops and a
  decision (hantei) is due, which the table enters with :meth:`Clock.award` [S5-S7].
  ``golden_limit=0``: no golden score at all, the decision is due at time up.

Sides are the board's colours, "white" (the bracket's side "a", called first) and "blue" ("b").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .model import KnockoutError
from .scores import DEFAULT_EDITION, KINDS, RULES, Score

#: The board's colours and the score log's sides: white is called first (spec A1).
SIDES = {"white": "a", "blue": "b"}
#: Regular contest time of seniors, juniors and cadets (IJF SOR §1.12, spec A1 [S5]).
SENIOR_SECONDS = 240
#: The longest contest or golden-score time accepted (one hour): a bound on bad input.
MAX_SECONDS = 3600
#: The most commands a replay takes: a contest has far fewer; a bound on a bad queue.
MAX_COMMANDS = 2000
#: The latest moment accepted (ms): JavaScript's largest exact integer, a browser's clock fits.
MAX_MS = 2**53 - 1

WAITING = "waiting"  # before hajime, after matte, at the start of golden score
RUNNING = "running"  # after hajime or yoshi
FROZEN = "frozen"  # after sono-mama
OVER = "over"  # the score log says the contest is decided


class ClockError(KnockoutError):
    """A command the clock cannot take in its state; the message is for the timekeeper."""


@dataclass(frozen=True)
class ClockRules:
    """A category's timing, as data (spec A1: per category, as JudoShiai's next-match message).

    `contest_seconds`: regular time. `golden_limit`: golden score's limit in seconds, None for
    unlimited (the IJF rule since 2013), 0 for no golden score (decision at time up).
    `hold`: the osaekomi thresholds (seconds, score), shortest first; by default the edition's
    (:data:`scores.RULES`).
    """

    edition: str = DEFAULT_EDITION
    contest_seconds: int = SENIOR_SECONDS
    golden_limit: int | None = None
    hold: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if self.edition not in RULES:
            raise ClockError(f"Unknown rules edition {self.edition!r}.")
        if not 0 < self.contest_seconds <= MAX_SECONDS:
            raise ClockError(f"Contest time must be 1 to {MAX_SECONDS} seconds.")
        if self.golden_limit is not None and not 0 <= self.golden_limit <= MAX_SECONDS:
            raise ClockError(f"Golden score's limit must be 0 to {MAX_SECONDS} seconds.")
        if not self.hold:
            object.__setattr__(self, "hold", RULES[self.edition].hold)
        seconds = [s for s, _ in self.hold]
        if seconds != sorted(set(seconds)) or seconds[0] <= 0:
            raise ClockError("Hold-down thresholds must be positive and increasing.")
        if any(kind not in KINDS.values() for _, kind in self.hold):
            raise ClockError("A hold-down threshold gives a score (yuko, waza-ari, ippon).")
        if not RULES[self.edition].yuko and any(kind == "yuko" for _, kind in self.hold):
            raise ClockError(f"There is no yuko in the {RULES[self.edition].name} rules.")
        if self.hold[-1][1] != "ippon":
            raise ClockError("The last hold-down threshold gives ippon.")


@dataclass(frozen=True)
class Command:
    """One of the referee's calls, or a score the table enters (`award`).

    Text form (the offline queue's): ``"hajime"``, ``"osaekomi white"``, ``"award blue shido"``.
    """

    call: str
    side: str = ""
    kind: str = ""

    CALLS = ("hajime", "matte", "sono_mama", "yoshi", "osaekomi", "toketa", "award")

    def __post_init__(self) -> None:
        if self.call not in self.CALLS:
            raise ClockError(f"Not a call: {self.call!r}.")
        needs_side = self.call in ("osaekomi", "award")
        if needs_side != (self.side in SIDES) or (needs_side is False and self.side):
            raise ClockError(f"{self.call} takes {'a side' if needs_side else 'no side'}.")
        if (self.call == "award") != (self.kind in KINDS.values()):
            raise ClockError(f"{self.call} takes {'a score' if self.call == 'award' else 'none'}.")

    def format(self) -> str:
        return " ".join(p for p in (self.call, self.side, self.kind) if p)

    @classmethod
    def parse(cls, text: str) -> Command:
        if len(text) > 40:
            raise ClockError("This command text is too long.")
        parts = text.split()
        if not 1 <= len(parts) <= 3:
            raise ClockError(f"Not a command: {text!r}.")
        return cls(*parts)


@dataclass(frozen=True)
class Reading:
    """What the board shows at a moment: the clock brought up to it (`clock`), the contest time
    left in regular time (ms, 0 in golden score), golden score's time counting up (ms), the
    osaekomi time (ms, 0 without a hold), the score the running hold has reached (not yet in the
    log: it goes in when the hold ends), and `events`: the score log entries that fell due since
    the last command (a hold stopped at its deciding threshold, time up)."""

    clock: Clock
    remaining_ms: int
    golden_ms: int
    hold_ms: int
    holder: str | None
    reached: str | None
    events: tuple[str, ...]


@dataclass(frozen=True)
class Clock:
    """A contest's clocks at the moment `mark` (the last command's): the current period's
    elapsed time (regular time, or golden score once the log has its time up), the hold's
    holder and elapsed time, the state (waiting, running, frozen, over) and the score log, which
    the clock extends with the holds' scores and the time up, and the table with :meth:`award`.
    """

    rules: ClockRules
    score: Score
    state: str = WAITING
    mark: int = 0
    elapsed_ms: int = 0
    holder: str | None = None
    hold_ms: int = 0
    bell: bool = False  # the period's time is up while a hold runs on

    @classmethod
    def start(cls, rules: ClockRules, score: Score | None = None) -> Clock:
        """A contest's clock before its first hajime; `score`: the table's log so far."""
        score = score if score is not None else Score(rules.edition)
        if score.edition != rules.edition:
            raise ClockError("The clock and the score follow different rules editions.")
        clock = cls(rules, score)
        if score.golden:
            clock = replace(clock, state=OVER if score.decided() else WAITING)
        elif score.decided():
            clock = replace(clock, state=OVER)
        return clock

    # -- what the clock says ------------------------------------------------------------------
    @property
    def golden(self) -> bool:
        """Golden score: time was up with the scores level (the log has its time up)."""
        return self.score.golden

    @property
    def period_ms(self) -> int | None:
        """The current period's length: regular time, golden score's limit, None: unlimited."""
        if not self.golden:
            return self.rules.contest_seconds * 1000
        limit = self.rules.golden_limit
        return None if limit is None else limit * 1000

    @property
    def decision_due(self) -> bool:
        """Golden score reached its limit (or there is none) and no hold runs on past it: the
        referees decide (hantei)."""
        period = self.period_ms
        return (
            self.golden
            and self.state == WAITING
            and period is not None
            and self.elapsed_ms >= period
        )

    def at(self, now: int) -> Reading:
        """The board at `now` (ms, not before the last command): nothing is changed."""
        clock = self._settle(now)
        period = clock.period_ms
        remaining = 0 if clock.golden or period is None else max(0, period - clock.elapsed_ms)
        return Reading(
            clock=clock,
            remaining_ms=remaining,
            golden_ms=clock.elapsed_ms if clock.golden else 0,
            hold_ms=clock.hold_ms if clock.holder else 0,
            holder=clock.holder,
            reached=clock._reached(),
            events=clock.score.entries[len(self.score.entries) :],
        )

    def hold_stop_seconds(self, holder: str) -> int:
        """The hold second at which a hold by `holder` would stop itself on the log as it
        stands (the first threshold whose score decides: ippon, awasete ippon, golden score)."""
        if holder not in SIDES:
            raise ClockError(f"The holder is white or blue, not {holder!r}.")
        for seconds, kind in self.rules.hold:
            if self.score.add(SIDES[holder], kind).decided():
                return seconds
        return self.rules.hold[-1][0]  # unreachable with valid rules: the last one is ippon

    def rescore(self, score: Score) -> Clock:
        """The clock after the table changed the log by hand (a score button, time up, taking
        the last entry back): the clocks keep their times; a decided log stops them (over), an
        undecided one after a decided one waits for hajime; a log entering or leaving golden
        score starts its period at 0, stopped."""
        if score.edition != self.rules.edition:
            raise ClockError("The clock and the score follow different rules editions.")
        if score.decided():
            return replace(self, score=score, state=OVER, holder=None, hold_ms=0, bell=False)
        clock = replace(self, score=score)
        if score.golden != self.score.golden:
            return replace(clock, state=WAITING, elapsed_ms=0, holder=None, hold_ms=0, bell=False)
        if self.state == OVER:
            return replace(clock, state=WAITING, holder=None, hold_ms=0, bell=False)
        return clock

    # -- the referee's calls ------------------------------------------------------------------
    def hajime(self, now: int) -> Clock:
        """Hajime: the contest clock starts (or restarts after matte, or golden score starts)."""
        clock = self._settle(now)
        if clock.state != WAITING:
            raise ClockError(f"Hajime: the clock is {clock.state}, not stopped.")
        if clock.decision_due:
            raise ClockError("Hajime: golden score's time is up; the referees decide (hantei).")
        return replace(clock, state=RUNNING)

    def matte(self, now: int) -> Clock:
        """Matte: the contest clock stops and any osaekomi ends with the score it reached."""
        clock = self._settle(now)
        if clock.state not in (RUNNING, FROZEN):
            raise ClockError(f"Matte: the clock is {clock.state}, not running.")
        return clock._end_hold()._stop()

    def sono_mama(self, now: int) -> Clock:
        """Sono-mama: both the contest and the osaekomi clocks freeze."""
        clock = self._settle(now)
        if clock.state != RUNNING:
            raise ClockError(f"Sono-mama: the clock is {clock.state}, not running.")
        return replace(clock, state=FROZEN)

    def yoshi(self, now: int) -> Clock:
        """Yoshi: both clocks restart from the values sono-mama froze."""
        clock = self._settle(now)
        if clock.state != FROZEN:
            raise ClockError(f"Yoshi: the clock is {clock.state}, not frozen by sono-mama.")
        return replace(clock, state=RUNNING)

    def osaekomi(self, now: int, holder: str) -> Clock:
        """Osaekomi: the hold clock starts for `holder` ("white"/"blue"); the contest clock
        keeps running."""
        if holder not in SIDES:
            raise ClockError(f"Osaekomi: the holder is white or blue, not {holder!r}.")
        clock = self._settle(now)
        if clock.state != RUNNING:
            raise ClockError(f"Osaekomi: the clock is {clock.state}, not running.")
        if clock.holder is not None:
            raise ClockError("Osaekomi: a hold is already running (toketa first).")
        return replace(clock, holder=holder, hold_ms=0)

    def toketa(self, now: int) -> Clock:
        """Toketa: the hold clock stops (the contest clock runs on); its score is given."""
        clock = self._settle(now)
        if clock.state != RUNNING or clock.holder is None:
            raise ClockError("Toketa: no osaekomi is running.")
        clock = clock._end_hold()
        return clock._stop() if clock.bell or clock.state == OVER else clock

    def award(self, now: int, side: str, kind: str) -> Clock:
        """The table gives `side` a score or penalty ("waza-ari", "shido", "hantei"...); a score
        that decides the contest stops the clock (and ends any hold without its score)."""
        if side not in SIDES:
            raise ClockError(f"A score goes to white or blue, not {side!r}.")
        clock = self._settle(now)
        if clock.state == OVER:
            raise ClockError("The contest is decided.")
        try:
            score = clock.score.add(SIDES[side], kind)
        except KnockoutError as error:  # a yuko before 2025, fusen-gachi after the start...
            raise ClockError(str(error)) from error
        if score.decided():
            return replace(clock, score=score, state=OVER, holder=None, hold_ms=0, bell=False)
        return replace(clock, score=score)

    def apply(self, now: int, command: Command) -> Clock:
        """The clock after `command` given at `now`."""
        if command.call == "osaekomi":
            return self.osaekomi(now, command.side)
        if command.call == "award":
            return self.award(now, command.side, command.kind)
        call = {
            "hajime": Clock.hajime,
            "matte": Clock.matte,
            "sono_mama": Clock.sono_mama,
            "yoshi": Clock.yoshi,
            "toketa": Clock.toketa,
        }[command.call]
        return call(self, now)

    # -- the clocks running -------------------------------------------------------------------
    def _settle(self, now: int) -> Clock:
        """The clock brought to `now`: the running clocks advanced and what fell due on the
        way applied in time order (a hold reaching its deciding threshold, the bell)."""
        if type(now) is not int or not 0 <= now <= MAX_MS:
            raise ClockError(f"A command's time is a whole number of ms, not {now!r}.")
        if now < self.mark:
            raise ClockError(f"A command at {now} ms comes before the last one ({self.mark} ms).")
        clock = self
        while clock.state == RUNNING:
            hold_end = clock._hold_stop_ms()
            to_hold = None if hold_end is None else hold_end - clock.hold_ms
            period = clock.period_ms
            to_bell = None if period is None or clock.bell else period - clock.elapsed_ms
            due = [d for d in (to_hold, to_bell) if d is not None and clock.mark + d <= now]
            if not due:
                break
            step = min(due)
            clock = clock._advance(clock.mark + step)
            if step == to_hold:  # the hold first when both fall together: its score counts
                clock = clock._end_hold()
                if clock.state != OVER and clock.bell:
                    clock = clock._stop()
            elif clock.holder is not None:
                clock = replace(clock, bell=True)
            else:
                clock = clock._stop(bell=True)
        return clock._advance(now) if clock.state == RUNNING else replace(clock, mark=now)

    def _advance(self, now: int) -> Clock:
        dt = now - self.mark
        period = self.period_ms
        elapsed = self.elapsed_ms + dt
        if period is not None:
            elapsed = min(elapsed, period)
        hold = self.hold_ms + dt if self.holder else 0
        return replace(self, mark=now, elapsed_ms=elapsed, hold_ms=hold)

    def _reached(self) -> str | None:
        """The score the hold has reached so far (None: no hold, or below the first threshold)."""
        if self.holder is None:
            return None
        kinds = [kind for seconds, kind in self.rules.hold if self.hold_ms >= seconds * 1000]
        return kinds[-1] if kinds else None

    def _hold_stop_ms(self) -> int | None:
        """When the running hold stops itself: the first threshold whose score decides the
        contest (ippon; waza-ari awasete ippon; any score in golden score)."""
        if self.holder is None:
            return None
        for seconds, kind in self.rules.hold:
            if self.score.add(SIDES[self.holder], kind).decided():
                return seconds * 1000
        return None  # unreachable with valid rules: the last threshold is ippon

    def _end_hold(self) -> Clock:
        """The hold ends: its score (if it reached one) goes into the log."""
        if self.holder is None:
            return self
        kind = self._reached()
        score = self.score if kind is None else self.score.add(SIDES[self.holder], kind)
        state = OVER if score.decided() else self.state
        return replace(self, score=score, state=state, holder=None, hold_ms=0)

    def _stop(self, bell: bool = False) -> Clock:
        """The contest clock stops; at the end of its period (the bell, or a hold that ran past
        it) regular time's end goes into the log, golden score's leaves a decision due."""
        clock = replace(self, holder=None, hold_ms=0, bell=False)
        if clock.state == OVER:
            return clock
        if (bell or self.bell) and not clock.golden:
            score = clock.score.time_up()
            if score.decided():
                return replace(clock, score=score, state=OVER)
            return replace(clock, score=score, state=WAITING, elapsed_ms=0)
        return replace(clock, state=WAITING)


def replay(
    rules: ClockRules, commands: Iterable[tuple[int, Command]], score: Score | None = None
) -> Clock:
    """The clock after `commands` ((ms, command) in the order given), from a contest's start
    with the log `score`: how the table's queued commands rebuild its state."""
    clock = Clock.start(rules, score)
    for n, (now, command) in enumerate(commands):
        if n == MAX_COMMANDS:
            raise ClockError(f"A contest's queue holds at most {MAX_COMMANDS} commands.")
        clock = clock.apply(now, command)
    return clock
