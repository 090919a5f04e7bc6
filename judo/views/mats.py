"""The mats of a competition day for the table officials: every mat's current bout and what is
left (the index), and the mat-side page where the table keeps the score and confirms the result
in two taps (docs/competition.md, "The mats: table and public pages").

Every button posts the live score's version the page showed (``seen``): a second tab or a stale
page is refused with the score as it stands. The mat's bout section is swapped over HTMX
(partial ``mat-bout``), which also asks for itself every few seconds so two tables stay in
step; without JavaScript every button is a plain form and the page reloads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter.core.models import Entry
from arbiter.platform.routes import Routes
from judo.access import competition_arbiter_required
from judo.models import Category, Competition
from judo.services import call_times, mat_clock, teams
from judo.services import mats as service
from judo.services.competition import CompetitionError
from pairing.engines import knockout as ko
from pairing.engines.knockout.clock import Clock
from pairing.engines.knockout.schedule import who_may_fill
from pairing.knockout.models import Bracket

routes = Routes("arbiter/c/<int:competition_id>/mats/")

#: The table's buttons for each side, in the order the page shows them.
SIDE_BUTTONS = (
    ("ippon", gettext_lazy("Ippon")),
    ("waza-ari", gettext_lazy("Waza-ari")),
    ("yuko", gettext_lazy("Yuko")),
    ("shido", gettext_lazy("Shido")),
    ("hansoku-make", gettext_lazy("Hansoku-make")),
    ("kiken-gachi", gettext_lazy("Kiken-gachi")),
    ("fusen-gachi", gettext_lazy("Fusen-gachi")),
)
SIDE_NAMES = {"a": gettext_lazy("White"), "b": gettext_lazy("Blue")}
#: How often the mat page asks for the score as it stands (another table may score).
POLL_EVERY = "4s"
#: The bouts named after the next one ("then ...").
THEN = 3


@dataclass(frozen=True)
class Shown:
    """A bout as the mat pages show it: the called bout and its scoreboard."""

    called: service.Called
    white: ko.Tally
    blue: ko.Tally
    golden: bool
    outcome: ko.Outcome | None
    entries: int
    clock: ClockPanel | None = None

    @property
    def result(self) -> str:
        """ "White wins by ippon" once the score decides the bout, else ""."""
        if self.outcome is None:
            return ""
        return _("%(side)s wins by %(how)s%(golden)s") % {
            "side": SIDE_NAMES[self.outcome.winner],
            "how": self.outcome.how,
            "golden": _(" in golden score") if self.outcome.golden else "",
        }

    @property
    def sides(self) -> tuple[tuple[str, Entry | None, ko.Tally], ...]:
        """("white", the competitor, their counts), then blue: a row each on the public page."""
        return (("white", self.called.white, self.white), ("blue", self.called.blue, self.blue))

    @property
    def yuko(self) -> bool:
        """The bout is scored by rules with yuko (IJF 2025)."""
        return self.called.score.rules.yuko

    @property
    def rules(self) -> str:
        """The rules the bout is scored by, as the competition's settings name them."""
        return Competition.RuleSet(self.called.score.edition).label

    @property
    def hold(self) -> str:
        """The hold-down times of those rules: "yuko 5 s, waza-ari 10 s, ippon 20 s"."""
        return ", ".join(f"{kind} {seconds} s" for seconds, kind in self.called.score.rules.hold)

    @property
    def winner(self) -> Entry | None:
        if self.outcome is None:
            return None
        return self.called.white if self.outcome.winner == "a" else self.called.blue


@dataclass(frozen=True)
class ClockPanel:
    """The mat clock as the pages show it, for their script to run on (static/js/mat_clock.js):
    the clock at its last command (``mark``, in the table's ms; ``server_mark`` the same moment
    by the server's clock, for the public pages), the period's length and elapsed time, the
    hold, the thresholds, and the hold second at which each side's hold stops by the rules for
    the score as it stands."""

    clock: Clock
    offset: int

    @property
    def server_mark(self) -> int:
        return self.clock.mark + self.offset

    @property
    def period(self) -> int:
        """The period's length in ms (-1: golden score without limit)."""
        period = self.clock.period_ms
        return -1 if period is None else period

    @property
    def thresholds(self) -> str:
        return " ".join(f"{seconds}:{kind}" for seconds, kind in self.clock.rules.hold)

    @property
    def stop_white(self) -> int:
        return self.clock.hold_stop_seconds("white")

    @property
    def stop_blue(self) -> int:
        return self.clock.hold_stop_seconds("blue")

    @property
    def shown_time(self) -> str:
        """The contest time at the last command, as the board shows it without script."""
        clock = self.clock
        ms = clock.elapsed_ms if clock.golden else max(0, self.period - clock.elapsed_ms)
        seconds = ms // 1000 if clock.golden else -(-ms // 1000)
        return f"{'+' if clock.golden else ''}{seconds // 60}:{seconds % 60:02d}"

    @property
    def hold_seconds(self) -> int:
        return self.clock.hold_ms // 1000


def clock_panel(called: service.Called) -> ClockPanel | None:
    """The clock of an individual bout (a team match's bouts are scored without it)."""
    if called.category.team:
        return None
    try:
        clock = mat_clock.stored_clock(called.clock, called.category, called.score)
    except ko.KnockoutError:  # a log the engine no longer reads: the page shows no clock
        return None
    return ClockPanel(clock, int(called.clock.get("offset", 0)))


def shown(called: service.Called | None) -> Shown | None:
    if called is None:
        return None
    score = called.score
    return Shown(
        called,
        score.tally("a"),
        score.tally("b"),
        score.golden,
        score.outcome(),
        len(score.entries),
        clock_panel(called),
    )


def fought_summary(text: str, won: bool) -> str:
    """A kept score in words for one side: "won by ippon", "lost by waza-ari (golden score)"."""
    try:
        outcome = ko.Score.parse(text).outcome() if text else None
    except ko.KnockoutError:
        outcome = None
    if outcome is None:
        return _("won") if won else _("lost")
    values = {"how": outcome.how, "golden": _(" (golden score)") if outcome.golden else ""}
    if won:
        return _("won by %(how)s%(golden)s") % values
    return _("lost by %(how)s%(golden)s") % values


def route(state: ko.State, ms: ko.MatchState, who: str) -> str:
    """How `who` gets into the bout `ms`: "" when they are in it, else "if they win bout 3"."""
    if who in (ms.a, ms.b):
        return ""
    for ref, value in ((ms.match.a, ms.a), (ms.match.b, ms.b)):
        if value == ko.PENDING and who in who_may_fill(state, ref, value):
            if ref.kind == "winner":
                return _("if they win bout %(n)s") % {"n": ref.number}
            if ref.kind == "loser":
                return _("if they lose bout %(n)s") % {"n": ref.number}
            return _("if the one who beat them wins bout %(n)s") % {"n": ref.number}
    return _("if the bouts before go their way")


def side_label(state: ko.State, ref: ko.Ref, value: str | None, entries: dict) -> str:
    """One side of a bout still to fight: the competitor, or who it waits for."""
    if value not in (None, ko.PENDING):
        entry = entries.get(value)
        return entry.name if entry else ""
    if value is None:
        return _("nobody")
    if ref.kind == "winner":
        return _("winner of bout %(n)s") % {"n": ref.number}
    return _("loser of bout %(n)s") % {"n": ref.number}


def sides(sheet, match) -> dict[str, str]:
    """Both sides of a bout on a category's sheet, as the public pages and screens show them:
    ``white`` (its first side) and ``blue`` (its second)."""
    return {
        "white": side_label(sheet.state, match.match.a, match.a, sheet.entries),
        "blue": side_label(sheet.state, match.match.b, match.b, sheet.entries),
    }


def buttons(score: ko.Score | None) -> tuple:
    """The side buttons the rules of the bout's score allow (no yuko before 2025)."""
    if score is not None and score.rules.yuko:
        return SIDE_BUTTONS
    return tuple(b for b in SIDE_BUTTONS if b[0] != "yuko")


def mat_number(competition: Competition, mat: int) -> int:
    if not 1 <= mat <= competition.mats:
        raise Http404("No such mat.")
    return mat


@dataclass(frozen=True)
class TeamShown:
    """A team match on the mat as its pages show it: the teams' wins, the strip of bouts, the
    bout on the mat (its class and athletes), the decider, and the winner once decided."""

    match: teams.Match
    strip: tuple[dict, ...]
    #: The athlete the decided score on the mat gives the bout (None while it goes on).
    bout_winner: object = None

    @property
    def wins(self) -> tuple[int, int]:
        return self.match.state.wins

    @property
    def ready(self) -> bool:
        return self.match.ready

    @property
    def on_mat(self) -> bool:
        """A bout of the match is on the mat (line-ups in, match not decided)."""
        return self.match.ready and self.match.state.current is not None

    @property
    def code(self) -> str:
        bout = self.match.state.current
        return bout.code if bout else ""

    @property
    def athletes(self) -> tuple:
        return self.match.current_athletes

    @property
    def decider(self) -> str:
        return self.match.state.decider or ""

    @property
    def confirmed(self) -> bool:
        """A bout of the match was confirmed (the table may take it back)."""
        row = self.match.row
        return row is not None and bool(row.results or row.decider_result)

    @property
    def winner(self) -> Entry | None:
        return self.match.winner if self.match.ready else None

    @property
    def how(self) -> str:
        return self.match.state.how


def _bout_text(result) -> str:
    """A bout's result in words: "White by ippon"."""
    if result is None:
        return ""
    side = SIDE_NAMES[result.winner]
    return _("%(side)s by %(how)s") % {"side": side, "how": result.how}


def team_shown(called: service.Called, sheet) -> tuple[TeamShown, service.Called]:
    """The team match of `called` and the called bout with the score of the bout on the mat
    (a decider not begun yet shows golden score)."""
    match = teams.match_of(called.category, called.match.match.id, sheet=sheet)
    state = match.state
    strip = []
    for bout in state.bouts:
        a, b = match.athlete("a", bout.code), match.athlete("b", bout.code)
        strip.append(
            {
                "code": bout.code,
                "a": a.name if a else "",
                "b": b.name if b else "",
                "result": _bout_text(bout.result)
                or (_("no bout") if not bout.fought and bout.result is None else ""),
                "current": state.current is not None and bout.code == state.current.code,
            }
        )
    if state.decider:
        a, b = match.athlete("a", state.decider), match.athlete("b", state.decider)
        strip.append(
            {
                "code": state.decider,
                "a": a.name if a else "",
                "b": b.name if b else "",
                "result": _bout_text(state.decider_result) or _("decider"),
                "current": state.current is not None,
            }
        )
    if state.decider and state.current is not None and not called.score.entries:
        called = replace(called, score=called.score.time_up())
    return TeamShown(match, tuple(strip)), called


def team_board(
    now: service.Called | None, today: service.Day
) -> tuple[TeamShown | None, Shown | None]:
    """The bout on the mat's scoreboard and, for a team match, the team match around it."""
    if now is None or not now.category.team:
        return None, shown(now)
    team, now = team_shown(now, today.sheets[now.category.pk])
    board = shown(now)
    if board is not None and team.decider and now.score.entries == ("T",):
        board = replace(board, entries=0)  # the decider begins in golden score: nothing to undo
    if board is not None and board.outcome is not None:
        team = replace(team, bout_winner=team.athletes[0 if board.outcome.winner == "a" else 1])
    return team, board


def mat_context(competition: Competition, mat: int) -> dict:
    """The mat's current bout with its scoreboard, the next one and the few after it (the mat's
    categories only are read: each mat is ordered on its own). A team match shows its team
    score and the bout of it on the mat (``team``)."""
    today = service.day(competition, mat)
    order = today.order(mat)
    now, after = service.on_the_mat(order)
    team, board = team_board(now, today)
    return {
        "competition": competition,
        "mat": mat,
        "team": team,
        "now": board,
        "next": after[0] if after else None,
        "then": after[1 : 1 + THEN],
        "left": len(order),
        "buttons": buttons(now.score if now else None),
        "poll_every": POLL_EVERY,
        "error": None,
        "times": call_times.of_day(today, mats=[mat])[mat],
    }


# --- the arbiter's pages ------------------------------------------------------------------------


@routes.get("", name="mats")
@competition_arbiter_required
def index(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Every mat with its current bout and the number of bouts left; the schedule's breaches."""
    today = service.day(competition)
    times = call_times.of_day(today)
    rows = []
    for mat in range(1, competition.mats + 1):
        order = today.order(mat)
        now, _after = service.on_the_mat(order)
        rows.append({"mat": mat, "now": now, "left": len(order), "times": times[mat]})
    breaches = [
        {
            "category": today.category(b.category),
            "bout": b.bout,
            "earlier": b.earlier,
            "earlier_category": today.category(b.earlier_category),
            "rest": b.rest,
        }
        for b in today.plan.breaches
    ]
    unassigned = [c for c in today.drawn() if not c.mat]
    context = {
        "competition": competition,
        "mats": rows,
        "breaches": breaches,
        "rest": today.plan.rest,
        "unassigned": unassigned,
    }
    return render(request, "pairing/mats/index.html", context)


@routes.get("<int:mat>/", name="mat")
@competition_arbiter_required
def mat_page(request: HttpRequest, competition: Competition, mat: int) -> HttpResponse:
    return _mat_section(request, competition, mat_number(competition, mat))


def _mat_section(request: HttpRequest, competition: Competition, mat: int, **extra) -> HttpResponse:
    context = {**mat_context(competition, mat), **extra}
    template = "pairing/mats/mat.html"
    return render(request, f"{template}#mat-bout" if request.htmx else template, context)


def _answer(
    request: HttpRequest, competition: Competition, mat: int, error: str = "", notice: str = ""
) -> HttpResponse:
    """The mat's bout section again (HTMX) with what was refused or done, else the page after a
    redirect."""
    if request.htmx:
        return _mat_section(request, competition, mat, error=error or None, notice=notice or None)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect(reverse("mat", args=[competition.pk, mat]))


def _posted_bout(request: HttpRequest, competition: Competition) -> tuple[Category, int, int]:
    """The category, bout and live score version the page showed (refused when not readable)."""
    category_id, match, seen = (
        _whole(request.POST.get(name, "")) for name in ("category", "match", "seen")
    )
    if category_id is None or match is None or seen is None:
        raise CompetitionError(_("This page did not say which bout: load it again."))
    category = (
        Category.objects.select_related("tournament")
        .filter(pk=category_id, competition=competition)
        .first()
    )
    if category is None:
        raise CompetitionError(_("This bout is not part of the competition."))
    return category, match, seen


@routes.post("<int:mat>/score/", name="mat_score")
@competition_arbiter_required
def score(request: HttpRequest, competition: Competition, mat: int) -> HttpResponse:
    """One entry of the table (a side's score, time up, or taking the last entry back)."""
    mat = mat_number(competition, mat)
    action = request.POST.get("action", "")[:20]
    try:
        category, match, seen = _posted_bout(request, competition)
        scorer = teams.score if category.team else service.score
        scorer(request.user, category, match, action, seen=seen, mat=mat)
    except Bracket.DoesNotExist:
        return _answer(request, competition, mat, error=_("This category is not drawn."))
    except CompetitionError as error:
        return _answer(request, competition, mat, error=str(error))
    return _answer(request, competition, mat)


@routes.post("<int:mat>/confirm/", name="mat_confirm")
@competition_arbiter_required
def confirm(request: HttpRequest, competition: Competition, mat: int) -> HttpResponse:
    """The table confirms the decided score: the winner goes on, the mat calls its next bout."""
    mat = mat_number(competition, mat)
    try:
        category, match, seen = _posted_bout(request, competition)
        if category.team:
            done = teams.confirm(request.user, category, match, seen=seen, mat=mat)
            return _answer(request, competition, mat, notice=_team_notice(category, match, done))
        winner = service.confirm(request.user, category, match, seen=seen, mat=mat)
    except Bracket.DoesNotExist:
        return _answer(request, competition, mat, error=_("This category is not drawn."))
    except CompetitionError as error:
        return _answer(request, competition, mat, error=str(error))
    notice = _("Bout %(n)s of %(category)s: %(name)s wins.") % {
        "n": match,
        "category": category.label,
        "name": winner.name,
    }
    return _answer(request, competition, mat, notice=notice)


def _team_notice(category: Category, match: int, done: teams.Confirmed) -> str:
    values = {"n": match, "category": category.label, "code": done.code, "decider": done.decider}
    if done.winner is not None:
        return _("Match %(n)s of %(category)s: %(name)s wins.") % {
            **values,
            "name": done.winner.name,
        }
    if done.decider:
        return (
            _("Match %(n)s of %(category)s is tied: the decider is drawn in %(decider)s.") % values
        )
    return _("Match %(n)s of %(category)s: the bout in %(code)s is confirmed.") % values


def _whole(text: str) -> int | None:
    """A whole number from a form: ASCII digits only, at most 9 of them."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


#: The clock's calls the mat-side page sends, as the engine's text form writes them.
CLOCK_COMMANDS = re.compile(
    r"hajime|matte|sono_mama|yoshi|toketa|tick|osaekomi (white|blue)"
    r"|award (white|blue) (ippon|waza-ari|yuko|shido|hansoku-make|kiken-gachi|fusen-gachi)"
)


@routes.post("<int:mat>/clock/", name="mat_clock")
@competition_arbiter_required
def clock(request: HttpRequest, competition: Competition, mat: int) -> HttpResponse:
    """One of the clock's commands, given at ``at`` (the table's ms; empty: now) with the page's
    ``entry`` id. The page's script learns from the header ``X-Clock`` whether it was applied
    (or had been before) or refused: its queue goes on, or stops and shows why."""
    mat = mat_number(competition, mat)
    command = request.POST.get("command", "")[:60]
    at = request.POST.get("at", "")
    entry = request.POST.get("entry", "")[:60]
    try:
        category, match, seen = _posted_bout(request, competition)
        if not CLOCK_COMMANDS.fullmatch(command):
            raise CompetitionError(_("Not a clock command."))
        at_ms = None
        if at:
            if not (at.isascii() and at.isdigit() and len(at) <= 16):
                raise CompetitionError(_("This entry's time is not readable: load the page again."))
            at_ms = int(at)
        mat_clock.clock(
            request.user, category, match, command, at_ms, seen=seen, mat=mat, entry=entry
        )
    except Bracket.DoesNotExist:
        answer = _answer(request, competition, mat, error=_("This category is not drawn."))
        answer["X-Clock"] = "refused"
        return answer
    except CompetitionError as error:
        answer = _answer(request, competition, mat, error=str(error))
        answer["X-Clock"] = "refused"
        return answer
    answer = _answer(request, competition, mat)
    answer["X-Clock"] = "applied"
    return answer
