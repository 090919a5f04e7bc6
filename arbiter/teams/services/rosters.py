"""A team event's settings, its teams and their board order (docs/teams.md, "Teams and board
order"): one function per change, each audited, each refused with a message for the arbiter
when the event cannot take it.

**Board order.** A team's players stand in one order (``Entry.team_board`` 1, 2, ...): the
first ``boards`` are its regular boards, the rest its reserves (C.04.6 and Olympiad practice,
spec §1.2). With a fixed board order (``TeamSettings.board_order``) the order is locked once the
team's first match (or bye) is paired: Sharly Chess learned that a team changed after pairing
breaks the pairing it was paired on (spec §1.2, [SH-1518]).

**Pairing numbers.** A team gets the next number when added (the order teams came in); before
round 1 the arbiter may renumber every team by the average rating of the first ``boards``
players of its board order (spec §3.1's proposal). From the first round on a number is fixed
(C.04.6 art. 1.1.3).
"""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from arbiter.core.models import Entry, Team, TeamMatch, Tournament
from arbiter.core.services import entries as entry_service
from arbiter.core.services.audit import record, snapshot
from arbiter.teams.models import MOST_PLAYERS_PER_TEAM, TeamBye, TeamSettings


class TeamError(Exception):
    """A change the team event cannot take now; the message is for the arbiter."""


SETTINGS_FIELDS = [
    "boards",
    "most_players",
    "primary_score",
    "secondary_used",
    "match_win",
    "match_draw",
    "match_loss",
    "bye_match_points",
    "bye_game_points",
    "colours",
    "board_order",
    "missing_lineup",
    "captains_enter_lineups",
]
TEAM_FIELDS = ["name", "nickname", "federation"]
#: The ways of giving pairing numbers (:func:`number_teams`).
IN_ORDER, BY_RATING = "order", "rating"


def settings_of(tournament: Tournament) -> TeamSettings:
    """The event's team settings, created with the defaults on first use (a team system's
    tournament has them from its creation; any other gets them when a team page is opened)."""
    found = TeamSettings.objects.filter(tournament=tournament).first()
    if found is None:
        found, _ = TeamSettings.objects.get_or_create(tournament=tournament)
    tournament.team_settings = found
    return found


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def is_paired(team: Team) -> bool:
    """Has the team been paired in any round (a match, or a bye)?"""
    return (
        TeamMatch.objects.filter(Q(home=team) | Q(away=team)).exists()
        or TeamBye.objects.filter(team=team).exists()
    )


def paired_teams(tournament: Tournament) -> set[int]:
    """The ids of the tournament's teams paired in any round (two queries)."""
    matches = TeamMatch.objects.filter(round__tournament=tournament)
    paired = set(matches.values_list("home_id", flat=True))
    paired |= set(matches.values_list("away_id", flat=True))
    paired |= set(
        TeamBye.objects.filter(round__tournament=tournament).values_list("team_id", flat=True)
    )
    return paired


def order_locked(team: Team, settings: TeamSettings) -> bool:
    """Is the team's board order fixed for good (fixed order, and its first match paired)?"""
    return settings.board_order == TeamSettings.Order.FIXED and is_paired(team)


def _check_order_open(team: Team, settings: TeamSettings) -> None:
    if order_locked(team, settings):
        raise TeamError(
            gettext(
                "%(team)s's board order is fixed: its first match has been paired. With a "
                "fixed board order no player joins, leaves or changes place once a team is "
                "paired."
            )
            % {"team": team.name}
        )


# --- the event's settings ---------------------------------------------------------------------


@transaction.atomic
def update_settings(user, tournament: Tournament, data: dict) -> TeamSettings:
    """Save the team settings; the boards of a match once a round is paired (its matches and
    lineups were made with them), and fewer players than a team already has, are refused."""
    _locked(tournament)
    current = settings_of(tournament)
    before = snapshot(current, SETTINGS_FIELDS)
    boards = data.get("boards", current.boards)
    if boards != current.boards and tournament.rounds.exists():
        raise TeamError(
            gettext(
                "The boards of a match cannot change once a round is paired: its matches and "
                "lineups have %(boards)s boards."
            )
            % {"boards": current.boards}
        )
    most = data.get("most_players", current.most_players)
    largest = max((t.members.count() for t in tournament.teams.all()), default=0)
    if most < largest:
        raise TeamError(
            gettext("A team already has %(count)s players: the limit cannot be lower.")
            % {"count": largest}
        )
    if most < boards:
        raise TeamError(gettext("A team needs at least as many players as a match has boards."))
    for name in SETTINGS_FIELDS:
        if name in data:
            setattr(current, name, data[name])
    try:
        current.full_clean(exclude=["tournament"])
    except ValidationError as error:
        raise TeamError(" ".join(error.messages)) from error
    current.save()
    after = snapshot(current, SETTINGS_FIELDS)
    changed = [name for name in SETTINGS_FIELDS if before[name] != after[name]]
    if changed:
        record(
            user,
            tournament,
            "teams.settings",
            f"Team settings: {', '.join(changed)}",
            before={name: before[name] for name in changed},
            after={name: after[name] for name in changed},
        )
    return current


# --- teams ------------------------------------------------------------------------------------


def _check_name(tournament: Tournament, name: str, team: Team | None = None) -> None:
    taken = tournament.teams.filter(name__iexact=name)
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        raise TeamError(gettext("There is a team named %(name)s already.") % {"name": name})


@transaction.atomic
def add_team(user, tournament: Tournament, data: dict) -> Team:
    """A new team with the next pairing number (teams are numbered in the order they come in
    until the arbiter renumbers them by rating, :func:`number_teams`)."""
    _locked(tournament)
    _check_name(tournament, data["name"])
    last = tournament.teams.aggregate(last=Max("number"))["last"] or 0
    team = Team.objects.create(
        tournament=tournament, number=last + 1, **{f: data.get(f, "") for f in TEAM_FIELDS}
    )
    after = {"team": team.pk, "number": team.number, **snapshot(team, TEAM_FIELDS)}
    record(user, tournament, "team.add", f"Team {team.name} added", after=after)
    return team


@transaction.atomic
def update_team(user, team: Team, data: dict) -> Team:
    """A team's name, short name and federation."""
    tournament = _locked(team.tournament)
    team = Team.objects.get(pk=team.pk)
    _check_name(tournament, data.get("name", team.name), team)
    before = snapshot(team, TEAM_FIELDS)
    for name in TEAM_FIELDS:
        if name in data:
            setattr(team, name, data[name])
    team.save()
    after = snapshot(team, TEAM_FIELDS)
    changed = [name for name in TEAM_FIELDS if before[name] != after[name]]
    if changed:
        record(
            user,
            tournament,
            "team.update",
            f"Team {team.name}: {', '.join(changed)}",
            before={"team": team.pk, **{n: before[n] for n in changed}},
            after={"team": team.pk, **{n: after[n] for n in changed}},
        )
    return team


def deletion_refused(team: Team) -> str:
    """Why the team cannot be deleted (it has been paired), or ""."""
    if is_paired(team):
        return gettext(
            "%(team)s has been paired: a team that has played stays (its players can withdraw)."
        ) % {"team": team.name}
    return ""


@transaction.atomic
def delete_team(user, team: Team) -> None:
    """A team entered by mistake: its players stay entered, in no team; its lineups go."""
    tournament = _locked(team.tournament)
    team = Team.objects.get(pk=team.pk)
    if refused := deletion_refused(team):
        raise TeamError(refused)
    members = list(team.members.order_by("team_board").values_list("name", flat=True))
    team.members.update(team=None, team_board=None)
    before = {"team": team.pk, "number": team.number, "name": team.name, "players": members}
    team.delete()
    record(user, tournament, "team.delete", f"Team {before['name']} deleted", before=before)


def average_rating(team: Team, boards: int) -> int:
    """The average rating of the first ``boards`` players of the team's board order, unrated
    players left out (0 when none is rated)."""
    ratings = [e.rating for e in team.members.filter(withdrawn=False).order_by("team_board")]
    rated = [r for r in ratings[:boards] if r]
    return round(sum(rated) / len(rated)) if rated else 0


@transaction.atomic
def number_teams(user, tournament: Tournament, method: str) -> list[Team]:
    """Give every team its pairing number (C.04.6 art. 1.1): in the order the teams came in
    (``IN_ORDER``), or by the average rating of the first ``boards`` players of each board order
    (``BY_RATING``, highest first; equal averages by name). Refused once a round is paired:
    a number is fixed from then on (art. 1.1.3)."""
    _locked(tournament)
    if method not in (IN_ORDER, BY_RATING):
        raise TeamError(gettext("Choose how to number the teams."))
    if tournament.rounds.exists():
        raise TeamError(gettext("The teams' numbers are fixed once a round is paired."))
    teams = list(tournament.teams.order_by("pk"))
    if method == BY_RATING:
        boards = settings_of(tournament).boards
        teams.sort(key=lambda t: (-average_rating(t, boards), t.name.casefold()))
    before = {t.name: t.number for t in teams}
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(number=None)
    for number, team in enumerate(teams, start=1):
        team.number = number
    Team.objects.bulk_update(teams, ["number"])
    after = {t.name: t.number for t in teams}
    if before != after:
        summary = "Teams numbered by rating" if method == BY_RATING else "Teams numbered in order"
        record(user, tournament, "team.number", summary, before=before, after=after)
    return teams


# --- the board order --------------------------------------------------------------------------


def _members(team: Team) -> list[Entry]:
    return list(Entry.objects.select_for_update().filter(team=team).order_by("team_board", "pk"))


def _renumber(team: Team, members: list[Entry]) -> None:
    """Board order 1..n as ``members`` stand (cleared first: the order is unique per team)."""
    Entry.objects.filter(pk__in=[m.pk for m in members]).update(team_board=None)
    for place, member in enumerate(members, start=1):
        member.team, member.team_board = team, place
    Entry.objects.bulk_update(members, ["team", "team_board"])


def _check_room(team: Team, settings: TeamSettings, count: int) -> None:
    most = min(settings.most_players, MOST_PLAYERS_PER_TEAM)
    if count >= most:
        raise TeamError(
            gettext("%(team)s has %(count)s players already, the most a team may have.")
            % {"team": team.name, "count": count}
        )


@transaction.atomic
def add_member(user, team: Team, entry: Entry) -> Entry:
    """Place an entered player last in the team's board order (a reserve once the regular
    boards are filled); a player of another team is refused (moved off it first)."""
    tournament = _locked(team.tournament)
    settings = settings_of(tournament)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.tournament_id != tournament.pk:
        raise TeamError(gettext("That player is not entered in this tournament."))
    if entry.team_id == team.pk:
        return entry  # there already: a form sent twice
    if entry.team_id is not None:
        raise TeamError(
            gettext("%(name)s plays for %(team)s: take them off that team first.")
            % {"name": entry.name, "team": entry.team.name}
        )
    if entry.withdrawn:
        raise TeamError(gettext("%(name)s has withdrawn.") % {"name": entry.name})
    _check_order_open(team, settings)
    members = _members(team)
    _check_room(team, settings, len(members))
    _renumber(team, [*members, entry])
    record(
        user,
        tournament,
        "team.member_add",
        f"{entry.name} joins {team.name} at board order {entry.team_board}",
        after={"team": team.pk, "entry": entry.pk, "team_board": entry.team_board},
    )
    return entry


@transaction.atomic
def add_new_member(user, team: Team, data: dict) -> Entry:
    """Enter a new player (the players page's rules: a late entry that would move published
    starting numbers is refused here, asked about there) and place them last in the team."""
    tournament = team.tournament
    settings = settings_of(tournament)
    _check_order_open(team, settings)
    _check_room(team, settings, team.members.count())
    try:
        entry = entry_service.add_entry(user, tournament, data)
    except entry_service.NumbersWouldMove as question:
        raise TeamError(
            gettext(
                "Entering a player now would move published starting numbers: enter them on "
                "the players page, then place them in the team."
            )
        ) from question
    except entry_service.EntryError as error:
        raise TeamError(str(error)) from error
    return add_member(user, team, entry)


@transaction.atomic
def move_member(user, team: Team, entry: Entry, place: int) -> Entry:
    """Put a player at ``place`` of the team's board order (the others close up). The page's
    up and down buttons send the place they lead to, so a form sent twice moves once."""
    tournament = _locked(team.tournament)
    settings = settings_of(tournament)
    members = _members(team)
    if entry.pk not in {m.pk for m in members}:
        raise TeamError(gettext("%(name)s is not in this team.") % {"name": entry.name})
    if not 1 <= place <= len(members):
        raise TeamError(gettext("There is no such place in the board order."))
    current = next(m for m in members if m.pk == entry.pk)
    if current.team_board == place:
        return current
    _check_order_open(team, settings)
    old = current.team_board
    members.remove(current)
    members.insert(place - 1, current)
    _renumber(team, members)
    record(
        user,
        tournament,
        "team.member_move",
        f"{current.name} moves from {old} to {place} in {team.name}'s board order",
        before={"team": team.pk, "entry": current.pk, "team_board": old},
        after={"team": team.pk, "entry": current.pk, "team_board": place},
    )
    return current


@transaction.atomic
def remove_member(user, team: Team, entry: Entry) -> None:
    """Take a player off the team (they stay entered); the others close up."""
    tournament = _locked(team.tournament)
    settings = settings_of(tournament)
    members = _members(team)
    current = next((m for m in members if m.pk == entry.pk), None)
    if current is None:
        return  # gone already: a form sent twice
    _check_order_open(team, settings)
    old = current.team_board
    members.remove(current)
    Entry.objects.filter(pk=current.pk).update(team=None, team_board=None)
    _renumber(team, members)
    record(
        user,
        tournament,
        "team.member_remove",
        f"{current.name} leaves {team.name}",
        before={"team": team.pk, "entry": current.pk, "team_board": old},
    )


# --- captains ---------------------------------------------------------------------------------


@transaction.atomic
def name_captain(user, team: Team, username: str, *, create: bool = False):
    """Make the user ``username`` the team's captain (they enter its lineups with their own
    login: docs/teams.md, "Lineups and captains"). ``create``: a new account without a password,
    for which the page shows a one-time link to set one; an empty name: no captain."""
    tournament = _locked(team.tournament)
    team = Team.objects.select_for_update().get(pk=team.pk)
    users = get_user_model()
    username = users.normalize_username(username.strip())
    captain = None
    if username:
        captain = users.objects.filter(username=username).first()
        if create:
            if captain is not None:
                raise TeamError(
                    gettext("There is an account named %(name)s already: pick it instead.")
                    % {"name": username}
                )
            captain = users(username=username)
            captain.set_unusable_password()
            try:
                captain.full_clean(exclude=["password"])
            except ValidationError as error:
                raise TeamError(" ".join(error.messages)) from error
            captain.save()
        elif captain is None:
            raise TeamError(gettext("There is no account named %(name)s.") % {"name": username})
    old = team.captain.username if team.captain else None
    new = captain.username if captain else None
    if old == new and not create:
        return captain
    team.captain = captain
    team.save(update_fields=["captain"])
    record(
        user,
        tournament,
        "team.captain",
        f"{team.name}'s captain: {new or 'none'}" + (" (invited)" if create else ""),
        before={"team": team.pk, "captain": old},
        after={"team": team.pk, "captain": new, "invited": create},
    )
    return captain
