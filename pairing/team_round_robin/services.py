"""The team round robin's pairer (docs/teams.md, "Team round robin"): FIDE's Berger tables
(C.05 Annex 1, pairing/engines/berger.py) on the teams' pairing numbers, one round at a time
through the round lifecycle, so each round's matches are made from the lineups of that round.

The team Berger names first (White on board 1) has White on the odd boards and Black on the even
ones (``team_match.board_colours``). Played twice (the planned rounds hold two cycles), the
second cycle repeats the first with the teams' colours reversed. An odd field gives the team
the table's extra number meets a free round: the round's team bye.
"""

from django.utils.translation import gettext

from arbiter.core.models import Tournament
from pairing.engines.berger import schedule
from pairing.engines.messages import N_
from pairing.rounds.services import Proposal, RoundError
from pairing.team_rounds.services import propose, teams_in_order

#: A round's summary (English, shown translated; docs/i18n.md).
PAIRED = N_("Round %(number)s paired by the Berger tables: %(matches)s matches")
PAIRED_WITH_BYE = N_(
    "Round %(number)s paired by the Berger tables: %(matches)s matches, %(team)s free"
)


def cycle_rounds(teams: int) -> int:
    """The rounds of one cycle: one fewer than the teams, or as many when they are odd."""
    return teams - 1 + teams % 2


def is_double(tournament: Tournament, teams: int) -> bool:
    """Two cycles when the planned rounds hold them (docs/teams.md: the number of rounds says
    single or double)."""
    return bool(tournament.planned_rounds) and tournament.planned_rounds >= 2 * cycle_rounds(teams)


def propose_round(user, tournament: Tournament, number: int) -> Proposal:
    """Round ``number`` of the Berger schedule of the teams (the registry's pairer)."""
    teams = teams_in_order(user, tournament)
    numbers = [team.number for team in teams]
    if numbers != list(range(1, len(teams) + 1)):
        raise RoundError(
            gettext("The teams' pairing numbers must run from 1 to %(count)s without a gap.")
            % {"count": len(teams)}
        )
    berger = schedule(len(teams), double=is_double(tournament, len(teams)))
    if number > len(berger):
        raise RoundError(
            gettext("All %(rounds)s rounds of the Berger schedule have been paired.")
            % {"rounds": len(berger)}
        )
    by_number = {team.number: team for team in teams}
    scheduled = berger[number - 1]
    pairs = [(by_number[game.white], by_number[game.black]) for game in scheduled.games]
    bye = by_number[scheduled.bye] if scheduled.bye is not None else None
    summary = (PAIRED_WITH_BYE if bye else PAIRED) % {
        "number": number,
        "matches": len(pairs),
        "team": bye.name if bye else "",
    }
    return propose(tournament, number, pairs, bye=bye, summary=summary)


def rounds_possible(tournament: Tournament, players: int) -> int:
    """The rounds of the schedule (two cycles at most); counted from the teams, not players."""
    teams = tournament.teams.count()
    return 2 * cycle_rounds(teams) if teams >= 2 else 0


def round_robin_type(tournament: Tournament) -> str:
    """The ``192`` type of its TRF-2026 (ETT26): ``FIDE_TEAM_ROUNDROBIN``, or
    ``FIDE_TEAM_DOUBLEROUNDROBIN`` for two cycles."""
    teams = tournament.teams.count()
    return (
        "FIDE_TEAM_DOUBLEROUNDROBIN"
        if teams >= 2 and is_double(tournament, teams)
        else "FIDE_TEAM_ROUNDROBIN"
    )
