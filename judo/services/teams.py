"""Judo team events on a competition day (docs/competition.md "Team matches", spec
team-events.md §6): a team category, its teams and their athletes, the line-ups of each match,
the bouts scored on the mat, the decider of a tied match and the match result into the bracket.

A team category is a knockout category like any other (``Category.team``): its entries are the
teams (name, club, country), so its bracket, seeds, separation, placings and medals are the
knockout's. What a team match adds is kept beside it: :class:`TeamMatch` (the bouts' results,
the decider) and :class:`TeamLineup` rows. The bout on the mat is scored entry by entry in the
match's :class:`LiveScore`, exactly as an individual bout, so the mats' order, the stale-page
checks and the public pages' versions follow it unchanged. The rules of the match are the pure
engine's (``pairing/engines/knockout/team_match.py``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.core.services.audit import record
from arbiter.core.services.entries import add_entry
from judo.models import (
    Category,
    Competition,
    LiveScore,
    TeamEvent,
    TeamLineup,
    TeamMatch,
    TeamMember,
)
from judo.services import mats
from judo.services.competition import CompetitionError, add_category, not_drawn
from pairing.engines import knockout as ko
from pairing.engines.knockout import team_match as tm
from pairing.knockout import services as knockout
from pairing.knockout.models import Bracket
from pairing.rounds.services import locked_tournament

#: The classes of a single-sex team when the event names none (IJF-style five classes).
SINGLE_SEX_CLASSES = {
    "M": ("M-66", "M-73", "M-81", "M-90", "M+90"),
    "F": ("F-52", "F-57", "F-63", "F-70", "F+70"),
}


@transaction.atomic
def create_team_category(
    user,
    competition: Competition,
    *,
    sex: str,
    age_group: str,
    classes: tuple[str, ...] | list[str] = (),
    order: str = TeamEvent.Order.FIXED,
    one_up: bool = True,
    fight_all: bool = False,
    tie_break: str = TeamEvent.TieBreak.IJF,
    order_seed: int | None = None,
) -> Category:
    """A team category: mixed (sex "X": the IJF mixed team's six classes unless others are
    given) or single-sex (its classes of that sex). Its bracket is the repechage knockout
    whatever the number of teams (two bronzes, spec §6)."""
    if sex == Category.Sex.MIXED:
        classes = tuple(classes) or tm.MIXED_CLASSES
    elif sex in SINGLE_SEX_CLASSES:
        classes = tuple(classes) or SINGLE_SEX_CLASSES[sex]
    else:
        raise CompetitionError(_("Not a team category's sex."))
    try:
        classes = tm.check_classes(classes)
    except ko.KnockoutError as error:
        raise CompetitionError(str(error)) from error
    if sex != Category.Sex.MIXED and any(c[0] != sex for c in classes):
        raise CompetitionError(_("A single-sex team has classes of its sex only."))
    if order not in TeamEvent.Order.values or tie_break not in TeamEvent.TieBreak.values:
        raise CompetitionError(_("Not a team event's setting."))
    category = add_category(
        user, competition, sex=sex, age_group=age_group, weight_limit=None, team=True
    )
    bracket = knockout.bracket_of(category.tournament)
    bracket.pool_up_to = 0
    bracket.separate_by = Bracket.SeparateBy.COUNTRY
    bracket.save(update_fields=["pool_up_to", "separate_by"])
    seed = order_seed if order_seed is not None else secrets.randbelow(2**31)
    event = TeamEvent.objects.create(
        category=category,
        classes=list(classes),
        order=order,
        order_seed=seed if order == TeamEvent.Order.DRAWN else None,
        one_up=one_up,
        fight_all=fight_all,
        tie_break=tie_break,
    )
    record(
        user,
        category.tournament,
        "team.event",
        f"Team category {category.label}: classes {' '.join(classes)}, order {order}"
        + (f" (start {bout_order(event)[0]}, seed {seed})" if event.order_seed is not None else ""),
        after={
            "classes": list(classes),
            "order": order,
            "order_seed": event.order_seed,
            "one_up": one_up,
            "fight_all": fight_all,
            "tie_break": tie_break,
        },
    )
    return category


def bout_order(event: TeamEvent) -> tuple[str, ...]:
    """The classes in the order every match of the event fights them."""
    start = 0
    if event.order == TeamEvent.Order.DRAWN and event.order_seed is not None:
        start = tm.draw_start(event.classes, event.order_seed)
    return tm.bout_order(event.classes, start)


def _event(category: Category) -> TeamEvent:
    event = TeamEvent.objects.filter(category=category).first()
    if event is None:
        raise CompetitionError(
            _("%(category)s is not a team category.") % {"category": category.label}
        )
    return event


@transaction.atomic
def add_team(user, category: Category, data: dict) -> Entry:
    """A team entered in a team category (name, club, country), before its draw."""
    _event(category)
    locked_tournament(category.tournament)
    not_drawn(category, _("%(category)s is drawn: teams are entered only before the draw."))
    values = {k: data.get(k, "") for k in ("name", "club", "federation")}
    return add_entry(user, category.tournament, values)


@transaction.atomic
def add_member(user, team: Entry, *, name: str, sex: str, weight: Decimal | None) -> TeamMember:
    """An athlete of a team with their weight at the weigh-in (empty: not weighed yet)."""
    category = Category.objects.select_related("tournament").get(tournament=team.tournament_id)
    event = _event(category)
    locked_tournament(category.tournament)
    if sex not in {c[0] for c in event.classes}:
        raise CompetitionError(_("This team event has no class of that sex."))
    member = TeamMember(team=team, name=" ".join(name.split()), sex=sex, weight=weight)
    member.full_clean()
    member.save()
    record(
        user,
        category.tournament,
        "team.member",
        f"{member.name} ({sex}, {weight if weight is not None else 'not weighed'}) in {team.name}",
        after={"team": team.pk, "name": member.name, "sex": sex, "weight": str(weight)},
    )
    return member


@transaction.atomic
def weigh_member(user, member: TeamMember, weight: Decimal) -> TeamMember:
    """A team athlete's weight at the weigh-in (again: the last weighing counts)."""
    category = Category.objects.select_related("tournament").get(
        tournament=member.team.tournament_id
    )
    locked_tournament(category.tournament)
    member = TeamMember.objects.get(pk=member.pk)
    before = member.weight
    member.weight = Decimal(weight).quantize(Decimal("0.1"))
    member.full_clean()
    member.save(update_fields=["weight"])
    record(
        user,
        category.tournament,
        "team.weigh_in",
        f"{member.name} of {member.team.name} weighed {member.weight} kg",
        before={"weight": str(before)},
        after={"weight": str(member.weight)},
    )
    return member


def weighed_class(event: TeamEvent, member: TeamMember) -> str | None:
    if member.weight is None:
        return None
    return tm.weighed_class(event.classes, member.sex, member.weight)


@dataclass(frozen=True)
class Match:
    """A team match as the pages show it: the bracket's match, the two teams, the line-ups
    (class -> athlete or None), its stored row and the engine's state."""

    category: Category
    event: TeamEvent
    match: int
    a: Entry | None
    b: Entry | None
    row: TeamMatch | None
    lineup: dict[str, dict[str, TeamMember | None]]
    state: tm.MatchState

    @property
    def ready(self) -> bool:
        """Both line-ups are in: the match can be fought."""
        return self.row is not None and set(self.row.lineups_in) == {"a", "b"}

    def athlete(self, side: str, code: str) -> TeamMember | None:
        return self.lineup[side].get(code)

    @property
    def current_athletes(self) -> tuple[TeamMember | None, TeamMember | None]:
        bout = self.state.current
        if bout is None:
            return None, None
        return self.athlete("a", bout.code), self.athlete("b", bout.code)

    @property
    def winner(self) -> Entry | None:
        if self.state.winner is None:
            return None
        return self.a if self.state.winner == "a" else self.b


def _result(data: dict | None) -> tm.BoutResult | None:
    return tm.BoutResult(data["winner"], data["how"]) if data else None


def match_of(category: Category, match: int, sheet: knockout.BracketSheet | None = None) -> Match:
    """The team match `match` of `category` as it stands (nothing is written)."""
    event = _event(category)
    sheet = sheet or knockout.sheet(category.tournament)
    if sheet.state is None or not any(ms.match.id == match for ms in sheet.state.matches):
        raise CompetitionError(
            _("%(category)s has no match %(bout)s.") % {"category": category.label, "bout": match}
        )
    ms = sheet.state[match]
    row = TeamMatch.objects.filter(bracket=sheet.bracket, match=match).first()
    lineup: dict[str, dict[str, TeamMember | None]] = {"a": {}, "b": {}}
    if row is not None:
        for line in row.lineup.select_related("member"):
            lineup[line.side][line.code] = line.member
    ids = {side: {c: (str(m.pk) if m else None) for c, m in lineup[side].items()} for side in "ab"}
    state = tm.play(
        bout_order(event),
        ids["a"],
        ids["b"],
        {c: tm.BoutResult(r["winner"], r["how"]) for c, r in (row.results if row else {}).items()},
        fight_all=event.fight_all,
        tie_break=event.tie_break,
        decider=(row.decider or None) if row else None,
        decider_result=_result(row.decider_result) if row else None,
    )
    a = sheet.entries.get(ms.a) if ms.a and ms.a != ko.PENDING else None
    b = sheet.entries.get(ms.b) if ms.b and ms.b != ko.PENDING else None
    return Match(category, event, match, a, b, row, lineup, state)


def _locked_match(category: Category, match: int, mat: int | None) -> tuple[Bracket, Match]:
    """The category and its bracket locked, the match checked (drawn, undecided, both teams
    known, on `mat` when a mat's page asks) and read."""
    bracket, _ms = mats._bout(category, match, mat, team=True)
    return bracket, match_of(category, match)


@transaction.atomic
def set_lineup(
    user, category: Category, match: int, side: str, chosen: dict[str, int | None], *, seen: int
) -> TeamMatch:
    """One team's line-up for a match: class -> athlete id (None: the class is left empty).
    Every athlete must be of the team, fight one class at most, and be eligible for it (their
    weighed class, or the one above when the event allows). Refused once a bout of the match
    is scored (the line-up is fixed during a match) or when the match changed since the page
    showed it (``seen``: the match's version)."""
    bracket, current = _locked_match(category, match, None)
    if side not in ("a", "b"):
        raise CompetitionError(_("Not a side of the match."))
    row = current.row or TeamMatch.objects.create(bracket=bracket, match=match)
    row = TeamMatch.objects.select_for_update().get(pk=row.pk)
    if row.version != seen:
        raise CompetitionError(
            _("The line-ups of this match were changed from another page: look at them again.")
        )
    live = LiveScore.objects.filter(bracket=bracket, match=match).first()
    if row.results or (live and live.score.split()[1:]):
        raise CompetitionError(_("The match has begun: its line-ups are fixed."))
    team = current.a if side == "a" else current.b
    members = {m.pk: m for m in TeamMember.objects.filter(team=team)}
    event = current.event
    used: set[int] = set()
    lines = []
    for code in event.classes:
        pk = chosen.get(code)
        member = members.get(pk) if pk is not None else None
        if pk is not None and member is None:
            raise CompetitionError(_("That athlete is not of %(team)s.") % {"team": team.name})
        if member is not None:
            if member.pk in used:
                raise CompetitionError(
                    _("%(name)s is in the line-up twice.") % {"name": member.name}
                )
            if not tm.eligible(event.classes, member.sex, member.weight, code, one_up=event.one_up):
                raise CompetitionError(_not_eligible(event, member, code))
            used.add(member.pk)
        lines.append(TeamLineup(team_match=row, side=side, code=code, member=member))
    row.lineup.filter(side=side).delete()
    TeamLineup.objects.bulk_create(lines)
    row.lineups_in = "".join(sorted(set(row.lineups_in) | {side}))
    row.version += 1
    row.save(update_fields=["lineups_in", "version"])
    record(
        user,
        category.tournament,
        "team.lineup",
        f"M{match}: line-up of {team.name}",
        after={
            "side": side,
            "lineup": {ln.code: ln.member.name if ln.member else None for ln in lines},
        },
    )
    return row


def _not_eligible(event: TeamEvent, member: TeamMember, code: str) -> str:
    weighed = weighed_class(event, member)
    if weighed is None:
        return _("%(name)s has no weighed class: weigh them first.") % {"name": member.name}
    if event.one_up:
        return _(
            "%(name)s weighed into %(weighed)s: they may fight there or one class up, not in "
            "%(code)s."
        ) % {"name": member.name, "weighed": weighed, "code": code}
    return _("%(name)s weighed into %(weighed)s: they fight there only, not in %(code)s.") % {
        "name": member.name,
        "weighed": weighed,
        "code": code,
    }


def _ready(current: Match) -> None:
    if not current.ready:
        raise CompetitionError(
            _("Match %(n)s of %(category)s waits for both line-ups.")
            % {"n": current.match, "category": current.category.label}
        )


def _live(current: Match, live: LiveScore | None, rule_set: str) -> ko.Score:
    """The bout on the mat's score: the live one, or a new one (the decider begins in golden
    score, IJF)."""
    score = mats.live_score(live, rule_set)
    if not score.entries and current.state.decider and current.state.current is not None:
        return ko.Score(score.edition).time_up()
    return score


@transaction.atomic
def score(
    user, category: Category, match: int, action: str, *, seen: int, mat: int | None = None
) -> ko.Score:
    """One entry of the table for the bout of the team match on the mat (as
    :func:`judo.services.mats.score` for an individual bout)."""
    bracket, current = _locked_match(category, match, mat)
    _ready(current)
    live = mats._checked_live(bracket, match, seen)
    if action == "undo" and not mats.live_score(live, mats._rule_set(category)).entries:
        return _reopen(user, category, bracket, current, live)
    bout = current.state.current
    if bout is None:
        raise CompetitionError(_("The match is decided: confirm its result."))
    now = _live(current, live, mats._rule_set(category))
    return mats.enter(user, category, (bracket, match, live), now, action, f"M{match} {bout.code}")


def _reopen(
    user, category: Category, bracket: Bracket, current: Match, live: LiveScore | None
) -> ko.Score:
    """ "Undo" with nothing entered in the bout on the mat takes back the last confirmed bout of
    the match (the decider's, else the last class fought): its result leaves the match and its
    score is on the mat again, decided, so the next "undo" takes back its last entry. A decider
    drawn by that bout's confirmation is drawn no more."""
    row = TeamMatch.objects.select_for_update().get(pk=current.row.pk)
    dropped = ""
    if row.decider_result:
        code, kept = row.decider, row.decider_result
        row.decider_result = None
    else:
        fought = [c for c in bout_order(current.event) if c in row.results]
        if not fought:
            raise CompetitionError(_("There is no entry to take back."))
        code, kept = fought[-1], row.results[fought[-1]]
        row.results = {c: r for c, r in row.results.items() if c != code}
        if row.decider:
            dropped = f", decider {row.decider} (seed {row.decider_seed}) no longer drawn"
            row.decider, row.decider_seed = "", None
    row.version += 1
    row.save(update_fields=["results", "decider", "decider_seed", "decider_result", "version"])
    if live is None:
        live = LiveScore(bracket=bracket, match=current.match, version=0)
    live.score = kept["score"]
    live.version += 1
    live.save()
    record(
        user,
        category.tournament,
        "team.bout",
        f"M{current.match} {code}: confirmed result taken back{dropped}",
        before={"code": code, **kept},
        after={"code": code, "score": kept["score"]},
        moves_version=bool(dropped),
    )
    return ko.Score.parse(kept["score"])


@dataclass(frozen=True)
class Confirmed:
    """What a confirmation did: a bout's result kept (its class), a decider drawn, or the
    match's winner into the bracket."""

    code: str = ""
    decider: str = ""
    winner: Entry | None = None


@transaction.atomic
def confirm(
    user, category: Category, match: int, *, seen: int, mat: int | None = None
) -> Confirmed:
    """The table confirms what the score decides: the bout on the mat (its result kept, the
    next bout called; at a tie the decider's class drawn), or, once the match is decided, the
    winning team into the bracket."""
    bracket, current = _locked_match(category, match, mat)
    _ready(current)
    live = mats._checked_live(bracket, match, seen)
    state = current.state
    row = TeamMatch.objects.select_for_update().get(pk=current.row.pk)
    if state.current is None and state.winner is not None:
        winner = current.a if state.winner == "a" else current.b
        knockout.record_bout(user, category.tournament, match, winner.pk, score="")
        if live is not None:
            live.delete()
        record(
            user,
            category.tournament,
            "team.match",
            f"M{match}: {winner.name} wins {state.wins[0]}-{state.wins[1]}"
            + (f" (decider {state.decider})" if state.how == "decider" else ""),
            after={"wins": list(state.wins), "points": list(state.points), "how": state.how},
        )
        return Confirmed(winner=winner)
    if state.current is None:
        raise CompetitionError(_("The match decides no winner yet."))
    now = _live(current, live, mats._rule_set(category))
    outcome = now.outcome()
    if outcome is None:
        raise CompetitionError(_("The score decides no winner yet."))
    kept = {"winner": outcome.winner, "how": outcome.how, "score": now.format()}
    code = state.current.code
    if state.decider:
        row.decider_result = kept
    else:
        row.results = {**row.results, code: kept}
    row.save(update_fields=["results", "decider_result"])
    if live is None:
        live = LiveScore(bracket=bracket, match=match, version=0)
    live.score = ko.Score(mats._rule_set(category)).format()
    live.version += 1
    live.save()
    record(
        user,
        category.tournament,
        "team.bout",
        f"M{match} {code}: {'white' if outcome.winner == 'a' else 'blue'} wins by {outcome.how}",
        after={"code": code, **kept},
        moves_version=False,
    )
    after = match_of(category, match)
    drawn = ""
    if after.state.needs_decider and not after.state.decider:
        drawn = _draw_decider(user, category, row)
    return Confirmed(code=code, decider=drawn)


def _draw_decider(user, category: Category, row: TeamMatch, *, seed: int | None = None) -> str:
    """The class of the decider of a tied match, drawn with a seed kept (reproducible:
    ``tm.draw_decider`` with the same seed and classes draws it again) among the classes where
    both teams had an athlete; audited with the seed and the classes drawn from."""
    current = match_of(category, row.match)
    candidates = tm.decider_candidates(current.state)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    try:
        code = tm.draw_decider(candidates, seed)
    except ko.KnockoutError as error:
        raise CompetitionError(str(error)) from error
    row.decider, row.decider_seed = code, seed
    row.version += 1
    row.save(update_fields=["decider", "decider_seed", "version"])
    record(
        user,
        category.tournament,
        "team.decider",
        f"M{row.match}: tied {current.state.wins[0]}-{current.state.wins[1]}, decider drawn: "
        f"{code} (seed {seed}, among {' '.join(candidates)})",
        after={"decider": code, "seed": seed, "candidates": list(candidates)},
    )
    return code
