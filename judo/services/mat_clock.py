"""The mat clock of the bout being fought (docs/mat-clock.md): the table's calls (hajime, matte,
osaekomi...) kept as a command log beside the bout's live score, replayed with the clock engine
(``pairing/engines/knockout/clock.py``) at every new command.

The log's times are the table's device's milliseconds (``Date.now()``), so commands queued while
the Wi-Fi was down keep the moments they were given. The clock's automatic scores (a hold that
reached its score, the bell) go into the bout's one score log, the one the table's score buttons
write and :func:`judo.services.mats.confirm` reads. Each command is a change of the bout like a
score entry: made only on the version the page showed, audited, and a resend of an entry already
applied (the same entry id: a queue whose answer was lost) changes nothing.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.core.services.audit import record
from judo.models import Category, LiveScore
from judo.services.competition import CompetitionError
from judo.services.mats import CLOCK_SCORE_LINE, _bout, _rule_set, live_score
from pairing.engines import knockout as ko
from pairing.engines.knockout.clock import (
    MAX_COMMANDS,
    MAX_MS,
    Clock,
    ClockError,
    ClockRules,
    Command,
)

#: A device's entry id: letters, digits and dashes (a random id the page makes per command).
ENTRY_ID = re.compile(r"[A-Za-z0-9-]{1,40}")
#: The command that only brings the clock up to a moment, saving what fell due on the way
#: (a hold that reached its deciding score, the bell).
TICK = "tick"


@dataclass(frozen=True)
class Applied:
    """What :func:`clock` did: the clock after the command, the live score's version, and
    whether the command was applied now (False: a resend of an entry applied before)."""

    clock: Clock
    version: int
    applied: bool


def rules_of(state: dict, edition: str, contest_seconds: int) -> ClockRules:
    """The bout's clock rules: its score's edition and the contest time its log began with."""
    return ClockRules(edition=edition, contest_seconds=int(state.get("contest", contest_seconds)))


def replay(rules: ClockRules, log: list, score: ko.Score) -> Clock:
    """The clock a stored log gives; `score` is the bout's log as kept (the clock follows it
    should the two ever differ: the live score is what the bracket gets)."""
    clock = Clock.start(rules, score) if not log else None
    for ms, text, _entry in log:
        if text.startswith(CLOCK_SCORE_LINE):
            given = ko.Score.parse(text[1:])
            clock = Clock.start(rules, given) if clock is None else clock.rescore(given)
        elif clock is None:
            clock = Clock.start(rules, score)
            clock = clock.apply(ms, Command.parse(text))
        elif text == TICK:
            clock = clock.at(ms).clock
        else:
            clock = clock.apply(ms, Command.parse(text))
    assert clock is not None
    if clock.score != score:
        clock = clock.rescore(score)
    return clock


def clock_of(live: LiveScore | None, category: Category, score: ko.Score) -> Clock:
    """The clock of a bout as stored (a fresh one before the first command)."""
    return stored_clock((live.clock if live else None) or {}, category, score)


def stored_clock(state: dict, category: Category, score: ko.Score) -> Clock:
    """The clock of a bout's stored clock `state` (``LiveScore.clock``) and score."""
    rules = rules_of(state, score.edition, category.contest_seconds)
    return replay(rules, state.get("log", []), score)


def now_ms() -> int:
    return int(time.time() * 1000)


@transaction.atomic
def clock(
    user,
    category: Category,
    match: int,
    command: str,
    at_ms: int | None,
    *,
    seen: int,
    mat: int | None = None,
    entry: str = "",
) -> Applied:
    """One of the table's clock commands (``"hajime"``, ``"osaekomi white"``, ``"award blue
    shido"``, or ``"tick"``: bring the clock to `at_ms` and save what fell due) given at `at_ms`
    (the table's ms; None: now, by the server's clock in the table's time). Refused when the
    bout is not the one the page showed (``seen``), when the clock refuses the command (with its
    reason), or from the page of another mat. ``entry``: the page's id of this command; a
    command whose id is in the log already is answered as applied, and changes nothing."""
    if entry and not ENTRY_ID.fullmatch(entry):
        raise CompetitionError(_("This entry's id is not readable: load the page again."))
    if at_ms is not None and not 0 <= at_ms <= MAX_MS:
        raise CompetitionError(_("This entry's time is not readable: load the page again."))
    bracket, _match = _bout(category, match, mat)
    live = LiveScore.objects.select_for_update().filter(bracket=bracket, match=match).first()
    state = dict(live.clock) if live and live.clock else {}
    log = [list(line) for line in state.get("log", [])]
    current = live_score(live, _rule_set(category))
    if entry and live and any(line[2] == entry for line in log):
        return Applied(clock_of(live, category, current), live.version, False)
    if (live.version if live else 0) != seen:
        raise CompetitionError(
            _(
                "“%(command)s” was refused: the score of this bout was changed from another "
                "page since yours was loaded. Look at the bout as it stands and enter it again "
                "if it still applies."
            )
            % {"command": command[:40]}
        )
    if len(log) >= MAX_COMMANDS:
        raise CompetitionError(_("This bout's clock holds too many commands."))
    server = now_ms()
    if at_ms is None:
        at_ms = max(0, server - int(state.get("offset", 0)))
        if log:
            at_ms = max(at_ms, log[-1][0])
    try:
        rules = rules_of(state, current.edition, category.contest_seconds)
        before = replay(rules, log, current)
        if not log:
            log.append([at_ms, CLOCK_SCORE_LINE + current.format(), ""])
        if command == TICK:
            after = before.at(at_ms).clock
        else:
            after = before.apply(at_ms, Command.parse(command))
    except ko.KnockoutError as error:  # ClockError, or a score text the engine refuses
        raise CompetitionError(str(error)) from error
    log.append([at_ms, command, entry])
    offset = server - at_ms
    state.update(
        log=log,
        contest=rules.contest_seconds,
        offset=min(offset, int(state["offset"])) if "offset" in state else offset,
    )
    if live is None:
        live = LiveScore(bracket=bracket, match=match, version=0)
    before_text, after_text = current.format(), after.score.format()
    live.score = after_text
    live.clock = state
    live.version += 1
    live.save()
    added = after.score.entries[len(current.entries) :]
    said = f"M{match}: {command}" + (f" ({' '.join(added)} in the score)" if added else "")
    record(
        user,
        category.tournament,
        "bout.clock",
        said,
        before={"score": before_text, "clock": before.state},
        after={"score": after_text, "clock": after.state, "at": at_ms},
        moves_version=False,
    )
    return Applied(after, live.version, True)


__all__ = ["Applied", "ClockError", "clock", "clock_of", "replay"]
