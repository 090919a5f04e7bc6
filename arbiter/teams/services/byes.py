"""Requested byes and withdrawals of teams (docs/teams.md, "Requested byes and withdrawals of
teams"; C.04.6 art. 1.4 and [C2]; TRF-2026 240).

**A requested bye.** Before round N is paired the arbiter records that a team takes a
full-point (F), half-point (H) or zero-point (Z) bye in it; the team Swiss leaves the team out
of that round (it is not paired) and writes the ``TeamBye`` when it pairs the round. An FPB bars
a later PAB ([C2], read by ``pairing/team_rounds/history.py``). Refused once the round is paired
(its byes are then the round's) and in a team round robin (its schedule is fixed: a team's
match cannot be taken out of it). Undone by asking for no bye, before pairing only.

**A withdrawal.** From round N on the team is paired no more (team Swiss); its past results
stand; the standings mark it withdrawn. Its players are withdrawn with it only when the arbiter
asks (``withdraw_players``): a team leaving a league may keep players who play on elsewhere in
the event's individual pages. In a team round robin the schedule is fixed: its remaining
matches are paired as scheduled and the arbiter forfeits each (``TeamMatch.forfeit``, ``-+`` or
``+-``) once its round is published (docs/teams.md says why).

Every change is one audited function; the page sends what it showed (the bye's kind, "" for
none; the round the withdrawal started, 0 for none), so a stale page is refused with what the
team has now.
"""

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Team
from arbiter.core.services import entries as entry_service
from arbiter.core.services.audit import record
from arbiter.teams.models import RequestedTeamBye, TeamBye, TeamWithdrawal
from arbiter.teams.services.rosters import TeamError, _locked

#: What the arbiter may choose for a round: no bye ("") or one of these.
KINDS = ("", *RequestedTeamBye.KINDS)
#: The rounds a request may name (a bounded input).
MOST_ROUNDS = 99


def _kind_name(kind: str) -> str:
    if not kind:
        return gettext("no bye")
    return str(TeamBye.Kind(kind).label)


def _check_round(team: Team, round_number: int) -> None:
    if not 1 <= round_number <= MOST_ROUNDS:
        raise TeamError(gettext("Choose a round from 1 to %(most)s.") % {"most": MOST_ROUNDS})
    if team.tournament.rounds.filter(number=round_number).exists():
        raise TeamError(
            gettext(
                "Round %(number)s is paired already: a bye is requested before the round is "
                "paired (delete the round's draft to change it)."
            )
            % {"number": round_number}
        )


def requested_bye(team: Team, round_number: int) -> str:
    """The kind of bye the team asked for in round ``round_number`` ("" for none)."""
    found = RequestedTeamBye.objects.filter(team=team, round_number=round_number).first()
    return found.kind if found else ""


def requested_byes(tournament, round_number: int) -> dict[int, str]:
    """The requested byes of round ``round_number``: team id -> kind (one query)."""
    return dict(
        RequestedTeamBye.objects.filter(
            team__tournament=tournament, round_number=round_number
        ).values_list("team_id", "kind")
    )


def withdrawn_from(tournament, round_number: int) -> set[int]:
    """The ids of the teams withdrawn by round ``round_number`` (one query)."""
    return set(
        TeamWithdrawal.objects.filter(
            team__tournament=tournament, from_round__lte=round_number
        ).values_list("team_id", flat=True)
    )


@transaction.atomic
def request_bye(user, team: Team, round_number: int, kind: str, *, expected: str) -> str:
    """Record that ``team`` takes a ``kind`` bye (F, H or Z; "" takes the request back) in round
    ``round_number``, not yet paired. ``expected`` is the kind the page showed ("" for none):
    when it changed meanwhile nothing is done (a stale page). Returns the kind now stored."""
    tournament = _locked(team.tournament)
    team = Team.objects.select_related("tournament").get(pk=team.pk)
    if kind not in KINDS:
        raise TeamError(gettext("Not a bye: choose a full-point, half-point or zero-point bye."))
    if tournament.pairing_system.all_play_all:
        raise TeamError(
            gettext(
                "A team round robin has a fixed schedule: a team cannot take a bye in it. Its "
                "match may be forfeited once the round is published."
            )
        )
    _check_round(team, round_number)
    current = requested_bye(team, round_number)
    if current != expected:
        raise TeamError(
            gettext(
                "%(team)s's bye in round %(number)s changed under you: it is now %(kind)s. "
                "Check it and choose again if needed."
            )
            % {"team": team.name, "number": round_number, "kind": _kind_name(current)}
        )
    if current == kind:
        return kind
    if kind and TeamWithdrawal.objects.filter(team=team, from_round__lte=round_number).exists():
        raise TeamError(gettext("%(team)s has withdrawn: it takes no bye.") % {"team": team.name})
    if kind:
        RequestedTeamBye.objects.update_or_create(
            team=team, round_number=round_number, defaults={"kind": kind}
        )
    else:
        RequestedTeamBye.objects.filter(team=team, round_number=round_number).delete()
    summary = (
        f"{team.name}: {_kind_name(kind)} requested in round {round_number}"
        if kind
        else f"{team.name}: bye in round {round_number} taken back"
    )
    record(
        user,
        tournament,
        "team.request_bye",
        summary,
        before={"round": round_number, "kind": current},
        after={"round": round_number, "kind": kind},
    )
    return kind


@transaction.atomic
def withdraw_team(
    user,
    team: Team,
    from_round: int,
    *,
    expected: int,
    withdraw_players: bool = False,
    confirm: bool = False,
) -> TeamWithdrawal:
    """Withdraw ``team`` from round ``from_round`` on (a round not yet paired): it is paired no
    more, its past results stand. Its players are withdrawn too only with ``withdraw_players``.
    Done only with ``confirm`` (the page's confirm step). ``expected`` is the round the page
    showed the withdrawal starting at (0: not withdrawn): a stale page is refused."""
    tournament = _locked(team.tournament)
    team = Team.objects.select_related("tournament").get(pk=team.pk)
    current = TeamWithdrawal.objects.filter(team=team).first()
    if (current.from_round if current else 0) != expected:
        raise TeamError(
            gettext("%(team)s changed under you: it is now %(state)s. Check it and choose again.")
            % {
                "team": team.name,
                "state": (
                    gettext("withdrawn from round %(number)s") % {"number": current.from_round}
                    if current
                    else gettext("not withdrawn")
                ),
            }
        )
    if current is not None:
        raise TeamError(
            gettext("%(team)s has withdrawn already (from round %(number)s).")
            % {"team": team.name, "number": current.from_round}
        )
    _check_withdrawal_round(team, from_round)
    if not confirm:
        raise TeamError(
            gettext("Confirm that %(team)s withdraws from round %(number)s on.")
            % {"team": team.name, "number": from_round}
        )
    withdrawal = TeamWithdrawal.objects.create(
        team=team, from_round=from_round, players_withdrawn=withdraw_players
    )
    dropped = RequestedTeamBye.objects.filter(team=team, round_number__gte=from_round)
    dropped_rounds = list(dropped.values_list("round_number", flat=True))
    dropped.delete()
    players = []
    if withdraw_players:
        for entry in team.members.filter(withdrawn=False).order_by("team_board"):
            entry_service.set_withdrawn(user, entry, True)
            players.append(entry.name)
    record(
        user,
        tournament,
        "team.withdraw",
        f"{team.name} withdrawn from round {from_round} on"
        + (f" with its {len(players)} player(s)" if withdraw_players else ""),
        before={"withdrawn": False},
        after={
            "from_round": from_round,
            "players_withdrawn": players,
            "requested_byes_dropped": dropped_rounds,
        },
    )
    return withdrawal


def _check_withdrawal_round(team: Team, from_round: int) -> None:
    if not 1 <= from_round <= MOST_ROUNDS:
        raise TeamError(gettext("Choose a round from 1 to %(most)s.") % {"most": MOST_ROUNDS})
    if team.tournament.rounds.filter(number__gte=from_round).exists():
        raise TeamError(
            gettext(
                "Round %(number)s is paired already: a team withdraws from a round not yet "
                "paired (delete the round's draft first)."
            )
            % {"number": from_round}
        )


@transaction.atomic
def cancel_withdrawal(user, team: Team, *, expected: int) -> None:
    """Take a withdrawal back (entered by mistake) while its first round is not paired; the
    players withdrawn with it stay withdrawn (each may be reinstated on the players page)."""
    tournament = _locked(team.tournament)
    team = Team.objects.select_related("tournament").get(pk=team.pk)
    current = TeamWithdrawal.objects.filter(team=team).first()
    if (current.from_round if current else 0) != expected or current is None:
        raise TeamError(
            gettext("%(team)s changed under you: check it and choose again.") % {"team": team.name}
        )
    _check_withdrawal_round(team, current.from_round)
    current.delete()
    record(
        user,
        tournament,
        "team.cancel_withdrawal",
        f"{team.name}: withdrawal from round {current.from_round} taken back",
        before={"from_round": current.from_round},
        after={"withdrawn": False},
    )
