"""What the team Swiss pairs on (C.04.6 art. 1.2-1.6): each team's match and game points, the
colours of its played matches, its opponents, whether it floated in the previous round and
whether a PAB is barred, read from the published rounds (docs/teams.md, "Team Swiss in the
app"). The team standings and their tie-breaks are the public pages' (arbiter/public).

A board still without a result when the next round is paired counts as a draw (it is adjourned
by the round lifecycle, as an individual game is, FIDE's checklist Q159-160). A whole match
forfeited is no played match: it gives no colour and no opponent (art. 1.6.1), and its winner
may no longer get the PAB ([C2], art. 2.1.2), as after an FPB.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from arbiter.core.models import Round, TeamMatch, Tournament
from arbiter.teams.models import TeamBye, TeamSettings
from pairing.engines import team_match
from pairing.team_rounds.services import board_codes


@dataclass
class TeamRecord:
    """One team's history before a round."""

    number: int
    match_points: Decimal = Decimal(0)
    game_points: Decimal = Decimal(0)
    colours: str = ""  # "w"/"b" of each played match
    opponents: set[int] = field(default_factory=set)
    bye_barred: bool = False
    #: The pairing score each round started with, and whether it floated (round -> bool).
    floated: dict[int, bool] = field(default_factory=dict)


def _match_points(
    match: TeamMatch, settings: TeamSettings
) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """(home GP, away GP, home MP, away MP), boards without a result counted as draws."""
    codes = [code or "1/2" for code in board_codes(match, settings.boards)]
    score = team_match.score(
        codes, settings.match_scoring(), boards=settings.boards, forfeit=match.forfeit
    )
    assert score is not None  # every board has a code now
    return (
        score.first_game_points,
        score.second_game_points,
        score.first_match_points,
        score.second_match_points,
    )


def _bye_points(kind: str, settings: TeamSettings) -> tuple[Decimal, Decimal]:
    """(MP, GP) of a team's bye: the PAB as the event says (TRF-2026 320); a full-point bye a
    won match with every board, a half-point bye a drawn one, a zero-point bye nothing."""
    rules = settings.match_scoring()
    if kind == TeamBye.Kind.PAIRING_ALLOCATED:
        return rules.bye_match_points, rules.bye_game_points
    if kind == TeamBye.Kind.FULL_POINT:
        return rules.win, Decimal(settings.boards)
    if kind == TeamBye.Kind.HALF_POINT:
        return rules.draw, Decimal(settings.boards) / 2
    return Decimal(0), Decimal(0)


def team_records(tournament: Tournament, before_round: int) -> dict[int, TeamRecord]:
    """Every numbered team's record (by team id) from the rounds before ``before_round``."""
    settings = TeamSettings.objects.get_or_create(tournament=tournament)[0]
    primary_mp = settings.primary_score == TeamSettings.Score.MATCH_POINTS
    records = {
        team.pk: TeamRecord(team.number)
        for team in tournament.teams.exclude(number=None).order_by("number")
    }
    rounds = tournament.rounds.filter(number__lt=before_round).exclude(state=Round.State.DRAFT)
    matches = (
        TeamMatch.objects.filter(round__in=rounds)
        .select_related("round")
        .prefetch_related("games", "empty_boards")
    )
    by_round: dict[int, list[TeamMatch]] = {}
    for match in matches:
        by_round.setdefault(match.round.number, []).append(match)
    byes: dict[int, list[TeamBye]] = {}
    for bye in TeamBye.objects.filter(round__in=rounds).select_related("round"):
        byes.setdefault(bye.round.number, []).append(bye)

    def pairing_score(record: TeamRecord) -> Decimal:
        return record.match_points if primary_mp else record.game_points

    for number in sorted(set(by_round) | set(byes)):
        start = {pk: pairing_score(record) for pk, record in records.items()}
        for match in by_round.get(number, []):
            home, away = records.get(match.home_id), records.get(match.away_id)
            if home is None or away is None:
                continue
            home_gp, away_gp, home_mp, away_mp = _match_points(match, settings)
            home.game_points += home_gp
            away.game_points += away_gp
            home.match_points += home_mp
            away.match_points += away_mp
            if match.forfeit:
                home.bye_barred |= match.forfeit == "+-"
                away.bye_barred |= match.forfeit == "-+"
                continue
            home.colours += "w"
            away.colours += "b"
            home.opponents.add(away.number)
            away.opponents.add(home.number)
            differ = start[match.home_id] != start[match.away_id]
            home.floated[number] = away.floated[number] = differ
        for bye in byes.get(number, []):
            record = records.get(bye.team_id)
            if record is None:
                continue
            mp, gp = _bye_points(bye.kind, settings)
            record.match_points += mp
            record.game_points += gp
            record.bye_barred |= bye.kind in (
                TeamBye.Kind.PAIRING_ALLOCATED,
                TeamBye.Kind.FULL_POINT,
            )
    return records
