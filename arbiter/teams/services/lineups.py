"""Each round's lineups and their deadlines (docs/teams.md, "Lineups and captains").

A lineup names the player of each board (or nobody: that board is lost by forfeit). The rules
checked (:func:`lineup_problems`), each refused with its own message: exactly ``boards`` boards,
players of the team only, nobody twice, nobody withdrawn, at least one player, and with a fixed
board order the team's order kept (the lineup is a subsequence of the board order, so a reserve
plays only below the players they replace, and the empty boards come last: Olympiad practice,
spec §1.2).

Who and until when: an arbiter of the tournament until the round is paired (late lineups are
the arbiter's to take), the team's captain until the round's deadline (``LineupDeadline``; with
none set, until the round is paired) and only when the event lets captains enter lineups.

A page shows a lineup with its version (0: none yet); a lineup sent from a page that showed
another version is refused, saying who changed it and how, unless it is the very lineup now
stored (the same form sent twice: nothing changes).
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from arbiter.core.models import Entry, Team, Tournament
from arbiter.core.services.audit import record
from arbiter.teams.lineups import lineup_for
from arbiter.teams.models import Lineup, LineupBoard, LineupDeadline, TeamSettings
from arbiter.teams.services.rosters import settings_of


class LineupError(Exception):
    """A lineup refused; ``problems`` lists every rule it breaks, for the page."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


class StaleLineup(LineupError):
    """The lineup changed since the page was shown."""


def next_round_number(tournament: Tournament) -> int:
    """The round the lineups are for: the one after the last paired round."""
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def is_round_paired(tournament: Tournament, round_number: int) -> bool:
    return tournament.rounds.filter(number=round_number).exists()


def deadline_of(tournament: Tournament, round_number: int) -> LineupDeadline | None:
    return LineupDeadline.objects.filter(tournament=tournament, round_number=round_number).first()


def _when(moment) -> str:
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _names(boards: list[Entry | None]) -> str:
    return ", ".join(
        f"{n}: {entry.name if entry else '-'}" for n, entry in enumerate(boards, start=1)
    )


def lineup_problems(team: Team, settings: TeamSettings, boards: list[Entry | None]) -> list[str]:
    """Every rule the lineup breaks (empty: it may be played), in words for the page."""
    problems = []
    if len(boards) != settings.boards:
        problems.append(
            gettext("A lineup has exactly %(boards)s boards, not %(count)s.")
            % {"boards": settings.boards, "count": len(boards)}
        )
    players = [entry for entry in boards if entry is not None]
    if not players:
        problems.append(
            gettext("A lineup needs at least one player (a team with nobody loses the match).")
        )
    seen: dict[int, int] = {}
    for board, entry in enumerate(boards, start=1):
        if entry is None:
            continue
        if entry.team_id != team.pk:
            problems.append(
                gettext("%(name)s is not a player of %(team)s.")
                % {"name": entry.name, "team": team.name}
            )
        elif entry.withdrawn:
            problems.append(gettext("%(name)s has withdrawn.") % {"name": entry.name})
        if entry.pk in seen:
            problems.append(
                gettext("%(name)s is on board %(first)s and board %(second)s.")
                % {"name": entry.name, "first": seen[entry.pk], "second": board}
            )
        seen.setdefault(entry.pk, board)
    if settings.board_order == TeamSettings.Order.FIXED and not problems:
        problems += _order_problems(boards)
    return problems


def _order_problems(boards: list[Entry | None]) -> list[str]:
    """The fixed board order: each player below every player above them in the team's order,
    empty boards after the last player."""
    problems = []
    above: Entry | None = None
    empty_at = None
    for board, entry in enumerate(boards, start=1):
        if entry is None:
            empty_at = empty_at or board
            continue
        if empty_at is not None:
            problems.append(
                gettext(
                    "Board %(empty)s is empty above %(name)s on board %(board)s: with a fixed "
                    "board order the empty boards are the last ones."
                )
                % {"empty": empty_at, "name": entry.name, "board": board}
            )
            empty_at = None
        if above is not None and (entry.team_board or 0) < (above.team_board or 0):
            problems.append(
                gettext(
                    "%(name)s (number %(low)s of the board order) cannot play board %(board)s "
                    "below %(above)s (number %(high)s): the board order is fixed."
                )
                % {
                    "name": entry.name,
                    "low": entry.team_board,
                    "board": board,
                    "above": above.name,
                    "high": above.team_board,
                }
            )
        above = entry
    return problems


def read_boards(team: Team, ids: list[int | None]) -> list[Entry | None]:
    """The entries the ids name, in their order (None: an empty board); an id of another
    tournament's entry reads as an unknown player and is refused by :func:`lineup_problems`."""
    found = Entry.objects.filter(tournament=team.tournament_id, pk__in=[i for i in ids if i])
    by_id = {entry.pk: entry for entry in found}
    unknown = [i for i in ids if i and i not in by_id]
    if unknown:
        raise LineupError([gettext("A board names a player who is not in this tournament.")])
    return [by_id[i] if i else None for i in ids]


def stored(team: Team, round_number: int) -> Lineup | None:
    return team.lineups.filter(round_number=round_number).first()


def _stored_boards(lineup: Lineup | None) -> list[int | None]:
    if lineup is None:
        return []
    placed = dict(lineup.boards.values_list("board", "entry_id"))
    return [placed.get(board) for board in range(1, max(placed, default=0) + 1)]


@dataclass(frozen=True)
class Who:
    """Who is entering a lineup: an arbiter of the tournament, or the team's captain."""

    user: object
    captain: bool


def check_open(tournament: Tournament, team: Team, round_number: int, who: Who, now=None) -> None:
    """Refuse a lineup for a paired round, from a captain after the deadline, or from a captain
    when the event's arbiters enter every lineup."""
    if round_number < next_round_number(tournament) or is_round_paired(tournament, round_number):
        raise LineupError(
            [
                gettext(
                    "Round %(number)s has been paired: its lineups can no longer change (the "
                    "arbiter changes a paired round's boards)."
                )
                % {"number": round_number}
            ]
        )
    if not who.captain:
        return
    settings = settings_of(tournament)
    if not settings.captains_enter_lineups:
        raise LineupError([gettext("In this event the arbiters enter the lineups.")])
    deadline = deadline_of(tournament, round_number)
    if deadline is not None and (now or timezone.now()) > deadline.closes_at:
        raise LineupError(
            [
                gettext(
                    "The lineups of round %(number)s closed at %(when)s; ask the arbiter. "
                    "Your team plays with: %(lineup)s."
                )
                % {
                    "number": round_number,
                    "when": _when(deadline.closes_at),
                    "lineup": _names(lineup_for(team, round_number, settings)),
                }
            ]
        )


@transaction.atomic
def submit_lineup(
    who: Who,
    team: Team,
    round_number: int,
    ids: list[int | None],
    seen: int,
    *,
    now=None,
) -> Lineup:
    """Store the team's lineup of round ``round_number`` (board 1 first; None: an empty board)
    as entered by ``who``, from a page that showed the lineup at version ``seen`` (0: none)."""
    tournament = Tournament.objects.select_for_update().get(pk=team.tournament_id)
    team = Team.objects.select_for_update().get(pk=team.pk)
    settings = settings_of(tournament)
    check_open(tournament, team, round_number, who, now)
    lineup = Lineup.objects.select_for_update().filter(team=team, round_number=round_number).first()
    current = lineup.version if lineup else 0
    if current != seen:
        if _stored_boards(lineup) == list(ids):
            return lineup  # the same lineup sent twice
        raise StaleLineup([_changed_message(lineup, seen)])
    boards = read_boards(team, ids)
    problems = lineup_problems(team, settings, boards)
    if problems:
        raise LineupError(problems)
    before = {"team": team.pk, "round": round_number, "boards": _stored_boards(lineup)}
    if lineup is not None and before["boards"] == list(ids):
        return lineup  # nothing changes
    if lineup is None:
        lineup = Lineup(team=team, round_number=round_number, version=0)
    lineup.version += 1
    lineup.submitted_by = who.user
    lineup.submitted_at = now or timezone.now()
    lineup.by_captain = who.captain
    lineup.save()
    lineup.boards.all().delete()
    LineupBoard.objects.bulk_create(
        LineupBoard(lineup=lineup, board=board, entry=entry)
        for board, entry in enumerate(boards, start=1)
    )
    role = "captain" if who.captain else "arbiter"
    record(
        who.user,
        tournament,
        "lineup.submit",
        f"{team.name}, round {round_number} lineup ({role}): {_names(boards)}",
        before=before if before["boards"] else None,
        after={"team": team.pk, "round": round_number, "boards": list(ids), "by": role},
    )
    return lineup


def _changed_message(lineup: Lineup | None, seen: int) -> str:
    if lineup is None:
        return gettext("The lineup you saw was removed; the page now shows the current one.")
    by = lineup.submitted_by.username if lineup.submitted_by else "?"
    when = _when(lineup.submitted_at) if lineup.submitted_at else "?"
    boards = list(lineup.boards.select_related("entry").order_by("board"))
    return gettext(
        "The lineup was changed by %(user)s at %(when)s since you opened the page (your page "
        "showed version %(seen)s, it is now version %(version)s): %(lineup)s. Check it and "
        "send yours again."
    ) % {
        "user": by,
        "when": when,
        "seen": seen,
        "version": lineup.version,
        "lineup": _names([row.entry for row in boards]),
    }


@transaction.atomic
def set_deadline(user, tournament: Tournament, round_number: int, closes_at) -> None:
    """Until when captains may enter their lineups of a round (None: no deadline, until the
    round is paired)."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    found = deadline_of(tournament, round_number)
    before = found.closes_at.isoformat() if found else None
    after = closes_at.isoformat() if closes_at else None
    if before == after:
        return
    if closes_at is None:
        found.delete()
    elif found is None:
        LineupDeadline.objects.create(
            tournament=tournament, round_number=round_number, closes_at=closes_at
        )
    else:
        found.closes_at = closes_at
        found.save(update_fields=["closes_at"])
    record(
        user,
        tournament,
        "lineup.deadline",
        f"Round {round_number} lineups close: {after or 'at pairing'}",
        before={"round": round_number, "closes_at": before},
        after={"round": round_number, "closes_at": after},
    )
