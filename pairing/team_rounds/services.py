"""What the team systems (team round robin, team Swiss) add to the round lifecycle
(pairing/rounds/services.py): a round of team matches made from the teams' lineups, its draft
edited team by team, a match's score from its boards, and a whole match forfeited
(docs/teams.md, "Rounds of team matches").

A pairer decides which teams meet and which is named first (White on board 1); this module
makes the matches of those pairs, board by board, from each team's lineup of the round
(``arbiter.teams.lineups.lineup_for``), the colours alternating from board 1
(``team_match.board_colours``).
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import Game, Round, Team, TeamMatch, Tournament
from arbiter.core.services.audit import record
from arbiter.teams.lineups import lineup_for
from arbiter.teams.models import TeamSettings
from arbiter.teams.services.rosters import settings_of
from pairing.engines import team_match
from pairing.engines.messages import N_
from pairing.rounds.services import (
    Proposal,
    RoundError,
    _editable,
    locked_round,
    locked_tournament,
    mark_changed,
)
from pairing.rounds.team_matches import MatchPlan, clear_matches, write_matches

#: A draft's "last change" and the audit log's summary (English, shown translated).
TEAMS_SWAPPED = N_(
    "Round %(number)s draft: swapped %(first)s (table %(first_table)s) "
    "and %(second)s (table %(second_table)s)"
)
FIRST_TEAM_SET = N_(
    "Round %(number)s draft, table %(table)s: %(team)s now named first (White on board 1)"
)
MATCH_FORFEITED = N_(
    "Round %(number)s, table %(table)s, %(home)s against %(away)s: match forfeited %(forfeit)s"
)
MATCH_FORFEIT_CLEARED = N_(
    "Round %(number)s, table %(table)s, %(home)s against %(away)s: match forfeit cleared"
)


def teams_in_order(user, tournament: Tournament) -> list[Team]:
    """The event's teams by pairing number (C.04.6 art. 1.1). Teams still without one get the
    next numbers, in the order of their names, when the first round is paired (the arbiter may
    number them before, on the teams page); the numbers are fixed from then on."""
    teams = list(tournament.teams.order_by("number", "name"))
    unnumbered = sorted((t for t in teams if t.number is None), key=lambda t: t.name)
    if unnumbered:
        if tournament.rounds.exists():
            raise RoundError(
                gettext("%(team)s has no pairing number: give it one on the teams page.")
                % {"team": unnumbered[0].name}
            )
        taken = max((t.number for t in teams if t.number is not None), default=0)
        for offset, team in enumerate(unnumbered, start=1):
            team.number = taken + offset
            team.save(update_fields=["number"])
        record(
            user,
            tournament,
            "team.number",
            f"Pairing numbers given to {len(unnumbered)} team(s) in the order of their names",
            after={team.name: team.number for team in unnumbered},
        )
    teams.sort(key=lambda t: t.number)
    if len(teams) < 2:
        raise RoundError(
            gettext("A team event needs at least two teams; this one has %(count)s.")
            % {"count": len(teams)}
        )
    return teams


def plan_match(home: Team, away: Team, number: int, settings: TeamSettings) -> MatchPlan:
    """The match of ``home`` (named first: White on board 1, colours alternating) against
    ``away`` in round ``number``, board by board from their lineups."""
    home_players = lineup_for(home, number, settings)
    away_players = lineup_for(away, number, settings)
    boards = []
    for colour, ours, theirs in zip(
        team_match.board_colours(settings.boards), home_players, away_players, strict=True
    ):
        mine = ours.pk if ours else None
        other = theirs.pk if theirs else None
        boards.append((mine, other) if colour == "W" else (other, mine))
    return MatchPlan(home.pk, away.pk, tuple(boards))


def propose(
    tournament: Tournament,
    number: int,
    pairs: list[tuple[Team, Team]],
    *,
    bye: Team | None,
    summary: str,
    audit: dict | None = None,
    keep=None,
    requested: dict[int, str] | None = None,
) -> Proposal:
    """The round lifecycle's proposal of a round of team matches: ``pairs`` (the team named
    first, the other) in table order, the team with the pairing-allocated bye, and the byes the
    teams asked for (``requested``: team id -> F, H or Z; those teams are not paired)."""
    settings = settings_of(tournament)
    matches = [plan_match(home, away, number, settings) for home, away in pairs]
    team_byes = dict(requested or {})
    if bye is not None:
        team_byes[bye.pk] = "U"
    return Proposal(
        boards=[],
        summary=summary,
        matches=matches,
        team_byes=team_byes,
        audit={
            "tables": [[home.number, away.number] for home, away in pairs],
            "team_bye": bye.number if bye else None,
            "requested_byes": sorted(requested.values()) if requested else [],
            **(audit or {}),
        },
        keep=keep,
    )


# --- editing a draft --------------------------------------------------------------------------


def met_before(round_: Round) -> set[frozenset[int]]:
    """The pairs of teams (ids) that met in an earlier round."""
    rows = TeamMatch.objects.filter(
        round__tournament=round_.tournament, round__number__lt=round_.number
    ).values_list("home_id", "away_id")
    return {frozenset(row) for row in rows}


def edit_warnings(round_: Round) -> list[fide_mode.RuleWarning]:
    """What the rules say about a team draft as it stands: two teams that met before meet
    again (C.04.6 art. 2.1.1 [C1]; a round robin's schedule has each pair once a cycle) —
    confirmed by the arbiter (level 3)."""
    if not round_.team_matches.exists():
        return []
    met = met_before(round_)
    cycle = round_.tournament.teams.count()
    cycle = cycle - 1 + cycle % 2
    warnings = []
    for match in round_.team_matches.select_related("home", "away").order_by("table"):
        if frozenset((match.home_id, match.away_id)) in met and round_.number <= cycle:
            warnings.append(
                fide_mode.RuleWarning(
                    fide_mode.Level.CONFIRM,
                    gettext("%(home)s and %(away)s have met already.")
                    % {"home": match.home.name, "away": match.away.name},
                )
            )
    return warnings


def _save_team_edit(user, round_: Round, plans, action, summary, confirmation, **audit) -> None:
    """Write the draft's matches again, asking for the confirmation of the warnings the edit
    adds (the transaction rolls the rows back until then), then the new version and the audit."""
    already = edit_warnings(round_)
    byes = dict(round_.team_byes.filter(kind="U").values_list("team_id", "kind"))
    clear_matches(round_)
    write_matches(round_, plans, byes)
    added = [w for w in edit_warnings(round_) if w not in already]
    fide_mode.require(round_.tournament.fide_mode, added, confirmation)
    mark_changed(user, round_, summary)
    record(user, round_.tournament, action, summary, **audit)


@transaction.atomic
def swap_teams(
    user,
    round_: Round,
    first: Team,
    second: Team,
    *,
    seen: str | None = None,
    confirmation: str = "",
) -> None:
    """Exchange two teams' places in a draft (their tables and sides, or the bye); each keeps
    its lineup of the round. A swap that makes teams meet again waits for the arbiter's
    confirmation (:func:`edit_warnings`)."""
    _, round_ = locked_round(round_)
    _editable(round_, seen, teams=True)
    if first.pk == second.pk:
        raise RoundError(gettext("Choose two different teams to swap."))
    settings = settings_of(round_.tournament)
    places: dict[int, tuple[int, str]] = {}
    pairs: list[list[Team]] = []
    for match in round_.team_matches.select_related("home", "away").order_by("table"):
        places[match.home_id] = (match.table, "home")
        places[match.away_id] = (match.table, "away")
        pairs.append([match.home, match.away])
    bye = round_.team_byes.filter(kind="U").select_related("team").first()
    for team in (first, second):
        if team.pk not in places and not (bye and bye.team_id == team.pk):
            raise RoundError(
                gettext("%(team)s is not paired in round %(number)s.")
                % {"team": team.name, "number": round_.number}
            )
    if first.pk in places and second.pk in places and places[first.pk][0] == places[second.pk][0]:
        raise RoundError(gettext("Those two teams already play each other."))

    def put(team: Team, where: tuple[int, str] | None) -> None:
        if where is None:
            round_.team_byes.filter(kind="U").update(team=team)
        else:
            pairs[where[0] - 1][0 if where[1] == "home" else 1] = team

    first_place, second_place = places.get(first.pk), places.get(second.pk)
    put(first, second_place)
    put(second, first_place)

    def shown(place):
        return str(place[0]) if place else gettext("bye")

    summary = TEAMS_SWAPPED % {
        "number": round_.number,
        "first": first.name,
        "first_table": shown(first_place),
        "second": second.name,
        "second_table": shown(second_place),
    }
    plans = [plan_match(home, away, round_.number, settings) for home, away in pairs]
    _save_team_edit(
        user,
        round_,
        plans,
        "round.swap_teams",
        summary,
        confirmation,
        before={first.name: shown(first_place), second.name: shown(second_place)},
        after={first.name: shown(second_place), second.name: shown(first_place)},
    )


@transaction.atomic
def set_first_team(
    user, round_: Round, table: int, team: Team, *, seen: str | None = None, confirmation: str = ""
) -> None:
    """Name ``team`` first in the match at ``table`` of a draft: it gets White on board 1 and
    the colours of its boards alternate from there (a state, not a toggle: asking for what the
    match has changes nothing)."""
    _, round_ = locked_round(round_)
    _editable(round_, seen, teams=True)
    match = round_.team_matches.select_related("home", "away").filter(table=table).first()
    if match is None:
        raise RoundError(
            gettext("Round %(number)s has no table %(table)s.")
            % {"number": round_.number, "table": table}
        )
    if team.pk not in (match.home_id, match.away_id):
        raise RoundError(
            gettext("%(team)s does not play at table %(table)s.")
            % {"team": team.name, "table": table}
        )
    if match.home_id == team.pk:
        return
    settings = settings_of(round_.tournament)
    pairs = [
        (m.away, m.home) if m.table == table else (m.home, m.away)
        for m in round_.team_matches.select_related("home", "away").order_by("table")
    ]
    plans = [plan_match(home, away, round_.number, settings) for home, away in pairs]
    summary = FIRST_TEAM_SET % {"number": round_.number, "table": table, "team": team.name}
    _save_team_edit(
        user,
        round_,
        plans,
        "round.set_first_team",
        summary,
        confirmation,
        before={"first": match.home.name},
        after={"first": team.name},
    )


# --- results ---------------------------------------------------------------------------------


def board_codes(match: TeamMatch, boards: int) -> list[str | None]:
    """The result codes of the match's boards in board order (pairing/engines/results.py):
    a game's result (None while it is on or adjourned), an empty board's forfeit."""
    codes: dict[int, str | None] = {}
    for game in match.games.all():
        codes[game.board - (match.table - 1) * boards] = game.result or None
    for empty in match.empty_boards.all():
        codes[empty.board] = empty.code
    return [codes.get(board) for board in range(1, boards + 1)]


def match_score(match: TeamMatch, settings: TeamSettings) -> team_match.MatchScore | None:
    """The match's score as its boards stand (None while a board is on), or its forfeit's."""
    return team_match.score(
        board_codes(match, settings.boards),
        settings.match_scoring(),
        boards=settings.boards,
        forfeit=match.forfeit,
    )


def partial_score(match: TeamMatch, settings: TeamSettings) -> tuple[Decimal, Decimal]:
    """The game points each side has so far, boards still on left out (what the page shows
    while the match is played)."""
    home = away = Decimal(0)
    colours = team_match.board_colours(settings.boards)
    for colour, code in zip(colours, board_codes(match, settings.boards), strict=True):
        result = team_match.results.from_code(code or "")
        if result is None:
            continue
        white, black = result.points()
        home += white if colour == "W" else black
        away += black if colour == "W" else white
    return home, away


def _forfeit_board_code(forfeit: str, home_colour: str) -> str:
    """The result a match forfeit gives a board where the team named first has ``home_colour``."""
    if forfeit == "--":
        return "--"
    home_wins = forfeit == "+-"
    return "+-" if home_wins == (home_colour == "W") else "-+"


@transaction.atomic
def forfeit_match(
    user, match: TeamMatch, forfeit: str, *, expected: str | None = None, confirm: bool = False
) -> TeamMatch:
    """Forfeit the whole match (TRF-2026 330): ``"+-"`` the team named first wins it, ``"-+"``
    the other, ``"--"`` neither; every game of the match takes the forfeit (the winners' players
    win theirs by forfeit), so the round completes and the players' scores follow. ``""`` clears
    the forfeit and the games' results it gave. A match with results entered on its boards is
    forfeited only with ``confirm`` (:class:`~pairing.rounds.services.ConfirmationNeeded` lists
    them). ``expected`` is the forfeit the page showed: when it changed meanwhile, nothing is
    done (a stale page)."""
    from arbiter.core.services.results import _update_round_state
    from pairing.rounds.services import ConfirmationNeeded

    if forfeit not in ("", *team_match.MATCH_FORFEITS):
        raise RoundError(gettext("Not a match forfeit: use +-, -+ or --."))
    tournament = locked_tournament(match.round.tournament)
    round_ = Round.objects.select_for_update().filter(pk=match.round_id).first()
    current = (
        TeamMatch.objects.select_for_update()
        .filter(pk=match.pk)
        .select_related("home", "away")
        .first()
    )
    if round_ is None or current is None:
        raise RoundError(gettext("That round no longer exists: it was deleted meanwhile."))
    round_.tournament = tournament
    match = current
    if round_.state == Round.State.DRAFT:
        raise RoundError(
            gettext("Round %(number)s is still a draft: publish it before entering results.")
            % {"number": round_.number}
        )
    if expected is not None and match.forfeit != expected:
        raise RoundError(
            gettext(
                "Table %(table)s changed under you: its match forfeit is now %(forfeit)s. "
                "Check it and enter yours again if it is still needed."
            )
            % {"table": match.table, "forfeit": match.forfeit or gettext("none")}
        )
    if match.forfeit == forfeit:
        return match
    settings = settings_of(tournament)
    games = list(match.games.select_related("white", "black").order_by("board"))
    if forfeit and not match.forfeit:
        entered = [g for g in games if g.result]
        if entered and not confirm:
            raise ConfirmationNeeded(
                gettext("Forfeiting the match replaces the results of %(count)s board(s).")
                % {"count": len(entered)},
                [
                    f"{g.board}: {g.white.name} {g.get_result_display()} {g.black.name}"
                    for g in entered
                ],
            )
    colours = team_match.board_colours(settings.boards)
    before = {"forfeit": match.forfeit, "results": {g.board: g.result for g in games}}
    for game in games:
        in_match = game.board - (match.table - 1) * settings.boards
        game.result = _forfeit_board_code(forfeit, colours[in_match - 1]) if forfeit else ""
        game.adjourned = False
    Game.objects.bulk_update(games, ["result", "adjourned"])
    match.forfeit = forfeit
    match.save(update_fields=["forfeit"])
    names = {
        "number": round_.number,
        "table": match.table,
        "home": match.home.name,
        "away": match.away.name,
    }
    summary = (
        MATCH_FORFEITED % {**names, "forfeit": forfeit}
        if forfeit
        else MATCH_FORFEIT_CLEARED % names
    )
    record(
        user,
        tournament,
        "match.forfeit",
        summary,
        before=before,
        after={"forfeit": forfeit, "results": {g.board: g.result for g in games}},
    )
    _update_round_state(user, round_)
    return match
