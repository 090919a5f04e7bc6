"""The competition day on the mats: the contest order, the bout being fought and its score, the
result confirmed by the table, "when do I fight", placings and the medal table
(docs/competition.md).

The contest order is not stored: it is the engine's plan (``knockout.schedule``) of the bouts
still to fight, worked out from the categories' brackets as they stand, so a result entered on
one mat moves every page on at once and nothing can drift apart. The score of the bout being
fought is kept (:class:`LiveScore`) entry by entry; each entry is a change of its category
(audited, versioned) made only on the score the table's page showed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.core.public_cache import KEEP_SECONDS
from arbiter.core.services.audit import record
from judo.models import Category, Competition, LiveScore
from judo.services.competition import CompetitionError, competition_changed, locked_competition
from pairing.engines import knockout as ko
from pairing.knockout import services as knockout
from pairing.knockout.models import Bracket
from pairing.rounds.services import locked_tournament

#: What the table can enter for a side, in the order the page shows the buttons.
SIDE_KINDS = ("ippon", "waza-ari", "yuko", "shido", "hansoku-make", "kiken-gachi", "fusen-gachi")
SIDES = {"a": "white", "b": "blue"}
#: What begins a line of the mat clock's log that sets the bout's score log (the table's score
#: buttons, outside the clock: judo/services/mat_clock.py): "=2025 aW".
CLOCK_SCORE_LINE = "="


@dataclass(frozen=True)
class Called:
    """A bout on a mat's list: its place in the order, when it should start (minutes after the
    mat starts), its category and sides (white first) and its score so far."""

    position: int
    start: float
    category: Category
    match: ko.MatchState
    white: Entry | None
    blue: Entry | None
    score: ko.Score
    #: The version of the live score the page shows (0: nothing entered yet).
    version: int
    #: The mat clock as stored (``LiveScore.clock``; empty before its first command).
    clock: dict = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return self.white is not None and self.blue is not None


@dataclass(frozen=True)
class Day:
    """Everything the mat pages show, read at once (a handful of queries for the whole day)."""

    competition: Competition
    categories: tuple[Category, ...]
    sheets: dict[int, knockout.BracketSheet]  # by category id
    plan: ko.Schedule
    live: dict[tuple[int, int], LiveScore]  # (category id, match)

    def drawn(self) -> list[Category]:
        return [c for c in self.categories if self.sheets[c.pk].state is not None]

    def order(self, mat: int) -> list[Called]:
        """The bouts still to fight on `mat`, in the order the mat calls them."""
        by_id = {str(c.pk): c for c in self.categories}
        called = []
        for item in self.plan.mat(mat):
            category = by_id[item.category]
            sheet = self.sheets[category.pk]
            ms = sheet.state[item.bout]
            live = self.live.get((category.pk, item.bout))
            called.append(
                Called(
                    item.position,
                    item.start,
                    category,
                    ms,
                    sheet.entries.get(ms.a) if ms.a else None,
                    sheet.entries.get(ms.b) if ms.b else None,
                    live_score(live, self.competition.rule_set),
                    live.version if live else 0,
                    live.clock if live else {},
                )
            )
        return called

    def now_and_next(self, mat: int) -> tuple[Called | None, Called | None]:
        """The bout on the mat (:func:`on_the_mat`) and the one after it."""
        now, after = on_the_mat(self.order(mat))
        return now, (after[0] if after else None)

    def when(self, entry: Entry) -> ko.Call | None:
        """When `entry` fights next (None: no more bouts, or the category is not drawn)."""
        states = {str(c.pk): self.sheets[c.pk].state for c in self.drawn()}
        return ko.next_bout(self.plan, states, str(entry.pk))

    def category(self, key: str) -> Category:
        return next(c for c in self.categories if str(c.pk) == key)

    def placings(self, category: Category) -> list[tuple[ko.Placing, Entry | None]]:
        return self.sheets[category.pk].placings()

    def medal_table(self, by: str) -> tuple[ko.MedalRow, ...]:
        """Medals by club or by country over every category's final places; by team, the team
        categories' medals of each team (a team is counted under its name)."""
        rows = []
        for category in self.drawn():
            if by == "team" and not category.team:
                continue
            sheet = self.sheets[category.pk]
            competitors = [
                ko.Competitor(
                    pk, e.name, club=e.name if by == "team" else e.club, country=e.federation
                )
                for pk, e in sheet.entries.items()
            ]
            rows.append((ko.placings(sheet.state, sheet.points), competitors))
        return ko.medal_table(rows, "club" if by == "team" else by)


def on_the_mat(order: list[Called]) -> tuple[Called | None, list[Called]]:
    """The bout being fought on a mat whose `order` is given (one the table has begun scoring,
    else the first whose sides are known: the order may move while a bout is fought) and the
    ready bouts after it."""
    ready = [c for c in order if c.ready]
    begun = [c for c in ready if c.version]
    now = begun[0] if begun else (ready[0] if ready else None)
    return now, [c for c in ready if c is not now]


def live_score(live: LiveScore | None, rule_set: str) -> ko.Score:
    """The score a bout stands at: the one the table began, under the rules it was begun by
    (kept in its text), else an empty one under the competition's rules."""
    score = ko.Score.parse(live.score) if live else None
    return score if score and score.entries else ko.Score(rule_set)


def rest_in_bouts(competition: Competition) -> int:
    return ko.rest_in_bouts(competition.rest_minutes, float(competition.bout_minutes))


#: While :func:`read_once` holds: the days read, by (competition, mat, order).
_read: ContextVar[dict | None] = ContextVar("mats_day_read", default=None)


@contextmanager
def read_once() -> Iterator[None]:
    """Within it, :func:`day` reads each (competition, mat) once: the live pages' push renders a
    mat's page and its screen in several languages after one change (arbiter/live/publisher.py)."""
    token = _read.set({})
    try:
        yield
    finally:
        _read.reset(token)


def day(competition: Competition, mat: int | None = None, *, order: bool = True) -> Day:
    """The competition as the mats see it now (nothing is written): every category, or only
    those on `mat` (each mat is ordered on its own, so its page needs no other); without
    `order`, the brackets only (results and medals need no contest order)."""
    kept = _read.get()
    if kept is None:
        return _day(competition, mat, order)
    key = (competition.pk, mat, order)
    if key not in kept:
        kept[key] = _day(competition, mat, order)
    return kept[key]


def _day(competition: Competition, mat: int | None, order: bool) -> Day:
    categories = competition.categories.select_related("tournament")
    if mat is not None:
        categories = categories.filter(mat=mat)
    categories = tuple(categories)
    shown = knockout.sheets([c.tournament for c in categories])
    sheets = {c.pk: shown[c.tournament_id] for c in categories}
    states = {
        str(c.pk): sheets[c.pk].state
        for c in categories
        if sheets[c.pk].state is not None and c.mat and order
    }
    plan = _plan(competition, categories, states)
    by_bracket = {sheets[c.pk].bracket.pk: c for c in categories if sheets[c.pk].bracket.pk}
    live = {
        (by_bracket[s.bracket_id].pk, s.match): s
        for s in LiveScore.objects.filter(bracket__in=list(by_bracket))
    }
    return Day(competition, categories, sheets, plan, live)


#: A cached plan is a pickled ``ko.Schedule``: this moves on whenever its classes change shape
#: (2: ``ScheduledBout`` and ``Schedule.bouts``), so a plan cached by an earlier release is never
#: read back.
PLAN_FORMAT = 2


def _plan(competition: Competition, categories: tuple[Category, ...], states: dict) -> ko.Schedule:
    """The contest order of the mats of `states`, each mat's kept in the cache under the versions
    it follows from (the competition's: its mats, rest and bout estimate; and its categories'):
    a score entry or a result on another mat does not work it out again."""
    rest, minutes = rest_in_bouts(competition), float(competition.bout_minutes)
    scheduled, breaches = [], []
    for mat in sorted({c.mat for c in categories if str(c.pk) in states}):
        mine = [c for c in categories if c.mat == mat and str(c.pk) in states]
        versions = [(c.pk, c.tournament_id, c.tournament.version) for c in mine]
        made = competition.created_at.timestamp()
        key = f"plan{PLAN_FORMAT}:{competition.pk}:{made}:{competition.version}:{mat}:{versions}"
        key = "mats:" + hashlib.blake2b(key.encode(), digest_size=16).hexdigest()
        plan = cache.get(key)
        if plan is None:
            plan = ko.schedule(
                {str(c.pk): states[str(c.pk)] for c in mine},
                dict.fromkeys((str(c.pk) for c in mine), mat),
                rest,
                minutes,
            )
            cache.set(key, plan, KEEP_SECONDS)
        scheduled += plan.bouts
        breaches += plan.breaches
    return ko.Schedule(rest, tuple(scheduled), tuple(breaches))


@transaction.atomic
def assign_mats(user, competition: Competition, mats: dict[int, int | None], *, seen: int) -> None:
    """Each category's mat (category id -> mat number, None: none yet)."""
    competition = locked_competition(competition, seen)
    before, after = {}, {}
    for category in competition.categories.all():
        if category.pk not in mats:
            continue
        mat = mats[category.pk]
        if mat is not None and not 1 <= mat <= competition.mats:
            raise CompetitionError(_("The mats are 1 to %(mats)s.") % {"mats": competition.mats})
        if category.mat != mat:
            before[str(category.pk)], after[str(category.pk)] = category.mat, mat
            category.mat = mat
            category.save(update_fields=["mat"])
    competition_changed(competition)
    record(
        user,
        None,
        "competition.mats",
        f"Assigned the mats of the competition {competition.name}",
        before={"competition": competition.pk, "mats": before},
        after={"competition": competition.pk, "mats": after},
    )


def propose_mats(user, competition: Competition, *, seen: int) -> None:
    """Spread the categories over the mats by their number of bouts (``ko.propose_mats``)."""
    current = day(competition)
    counts = {}
    for category in current.categories:
        state = current.sheets[category.pk].state
        entries = current.sheets[category.pk].entries.values()
        counts[str(category.pk)] = (
            len(ko.to_fight(state)) if state else sum(1 for e in entries if not e.withdrawn)
        )
    proposal = ko.propose_mats(counts, competition.mats)
    assign_mats(user, competition, {int(k): v for k, v in proposal.items()}, seen=seen)


def _bout(
    category: Category, match: int, mat: int | None, *, team: bool = False
) -> tuple[Bracket, ko.MatchState]:
    """The category's bracket locked, and the match to score: drawn, undecided, sides known,
    and fought on `mat` when a mat's page asks (None: any mat). A team category's matches are
    scored bout by bout (``team``: judo/services/teams.py), never as one bout."""
    if category.team != team:
        raise CompetitionError(
            _("%(category)s is a team category: its bouts are scored in its team matches.")
            % {"category": category.label}
            if category.team
            else _("%(category)s is not a team category.") % {"category": category.label}
        )
    locked_tournament(category.tournament)
    bracket = Bracket.objects.select_for_update().get(tournament=category.tournament_id)
    if mat is not None:
        _check_mat(category, match, mat)
    sheet = knockout.sheet(category.tournament)
    if sheet.state is None:
        raise CompetitionError(_("%(category)s is not drawn.") % {"category": category.label})
    if not any(ms.match.id == match for ms in sheet.state.matches):
        raise CompetitionError(
            _("%(category)s has no bout %(bout)s.") % {"category": category.label, "bout": match}
        )
    ms = sheet.state[match]
    if ms.decided:
        raise CompetitionError(
            _("Bout %(bout)s of %(category)s is decided already.")
            % {"bout": match, "category": category.label}
        )
    if ms.a is None or ms.b is None:
        raise CompetitionError(
            _("Bout %(bout)s of %(category)s waits for its competitors.")
            % {"bout": match, "category": category.label}
        )
    return bracket, ms


def _check_mat(category: Category, match: int, mat: int) -> None:
    """A mat's page scores the bouts of its own mat only: refused when the category is fought
    on another mat (a page left open after the arbiter moved it, or a mistaken post)."""
    now = Category.objects.filter(pk=category.pk).values_list("mat", flat=True).first()
    if now == mat:
        return
    values = {"bout": match, "category": category.label, "mat": mat, "now": now}
    if now is None:
        raise CompetitionError(
            _("Bout %(bout)s of %(category)s is on no mat now, not on mat %(mat)s.") % values
        )
    raise CompetitionError(
        _(
            "Bout %(bout)s of %(category)s is fought on mat %(now)s, not on mat %(mat)s: "
            "score it on the page of mat %(now)s."
        )
        % values
    )


def _checked_live(bracket: Bracket, match: int, seen: int) -> LiveScore | None:
    live = LiveScore.objects.select_for_update().filter(bracket=bracket, match=match).first()
    if (live.version if live else 0) != seen:
        raise CompetitionError(
            _(
                "The score of this bout was changed from another page since yours was loaded: "
                "look at it again."
            )
        )
    return live


@transaction.atomic
def score(
    user, category: Category, match: int, action: str, *, seen: int, mat: int | None = None
) -> ko.Score:
    """One entry of the table: ``"a:ippon"`` (a kind for white, "a", or blue, "b"), ``"time"``
    (regular time is up) or ``"undo"`` (take the last entry back). Refused when the score is
    not the one the page showed (``seen``: its version), when the entry breaks the rules (those
    the bout was begun under: the competition's ``rule_set`` at its first entry), or when the
    page of `mat` posts for a bout of another mat."""
    bracket, _match = _bout(category, match, mat)
    live = _checked_live(bracket, match, seen)
    current = live_score(live, _rule_set(category))
    return enter(user, category, (bracket, match, live), current, action, f"M{match}")


def enter(
    user,
    category: Category,
    bout: tuple[Bracket, int, LiveScore | None],
    current: ko.Score,
    action: str,
    name: str,
) -> ko.Score:
    """Apply one entry of the table (``action``, as :func:`score` takes it) to the bout's score
    ``current`` and keep it as the bout's live score (``bout``: its bracket, match and live row,
    None before its first entry), the entry in the audit log under ``name``: an individual bout
    and a team match's bout alike."""
    bracket, match, live = bout
    side, _colon, kind = action.partition(":")
    try:
        if action == "time":
            updated, said = current.time_up(), "time up"
        elif action == "undo":
            updated, said = current.undo(), "last entry taken back"
        elif side in SIDES and kind in SIDE_KINDS:
            updated, said = current.add(side, kind), f"{kind} to {SIDES[side]}"
        else:
            raise CompetitionError(_("Not a score entry."))
    except ko.KnockoutError as error:
        raise CompetitionError(str(error)) from error
    if live is None:
        live = LiveScore(bracket=bracket, match=match, version=0)
    live.score = updated.format()
    if live.clock:  # a clock in use follows the table's entry (judo/services/mat_clock.py)
        log = live.clock.get("log")
        if log:
            log.append([log[-1][0], CLOCK_SCORE_LINE + live.score, ""])
    live.version += 1
    live.save()
    record(
        user,
        category.tournament,
        "bout.score",
        f"{name}: {said}",
        before={"score": current.format()},
        after={"score": live.score},
        moves_version=False,
    )
    return updated


@transaction.atomic
def confirm(user, category: Category, match: int, *, seen: int, mat: int | None = None) -> Entry:
    """The table confirms the decided score: the winner goes into the bracket with the score,
    and the mat calls its next bout. Refused while the score decides nothing, or when the page
    of `mat` posts for a bout of another mat."""
    bracket, ms = _bout(category, match, mat)
    live = _checked_live(bracket, match, seen)
    current = live_score(live, _rule_set(category))
    outcome = current.outcome()
    if outcome is None:
        raise CompetitionError(_("The score decides no winner yet."))
    winner = ms.a if outcome.winner == "a" else ms.b
    knockout.record_bout(user, category.tournament, match, int(winner), score=current.format())
    live.delete()
    return Entry.objects.get(pk=winner)


def _rule_set(category: Category) -> str:
    """The competition's rules as they are now (read in the transaction, not from the page)."""
    return Competition.objects.values_list("rule_set", flat=True).get(pk=category.competition_id)
