"""The team Swiss's pairer (docs/teams.md, "Team Swiss in the app"): FIDE's C.04.6, paired by
the pure engine (pairing/engines/team_swiss) from the teams' history (pairing/team_rounds/
history.py), one round at a time through the round lifecycle; each match made board by board
from the lineups of the round (pairing/team_rounds/services.py).
"""

import random
from dataclasses import replace
from fractions import Fraction

from django.utils.translation import gettext

from arbiter.core.models import Tournament
from arbiter.core.services.audit import record
from arbiter.teams.models import TeamSettings
from arbiter.teams.services import byes
from pairing.engines.messages import N_
from pairing.engines.team_swiss import NoValidPairing, Rules, TeamState, TeamSwissError, pair_round
from pairing.rounds.services import Proposal, RoundError
from pairing.team_rounds.history import team_records
from pairing.team_rounds.services import propose, settings_of, teams_in_order

#: A round's summary (English, shown translated; docs/i18n.md).
PAIRED = N_("Round %(number)s paired by C.04.6: %(matches)s matches")
PAIRED_WITH_BYE = N_("Round %(number)s paired by C.04.6: %(matches)s matches, PAB %(team)s")


def _fraction(value) -> Fraction:
    return Fraction(str(value))


def initial_colour(user, tournament: Tournament) -> tuple[str, int | None]:
    """Art. 4.1: the initial colour, drawn by lot before round 1 (the seed kept) unless the
    arbiter chose it (``Tournament.initial_colour``)."""
    if tournament.initial_colour:
        return tournament.initial_colour, None
    seed = random.SystemRandom().randrange(2**62)
    tournament.initial_colour = random.Random(seed).choice("wb")
    tournament.save(update_fields=["initial_colour"])
    record(
        user,
        tournament,
        "team_swiss.initial_colour",
        f"Initial colour drawn by lot: {'White' if tournament.initial_colour == 'w' else 'Black'}",
        after={"initial_colour": tournament.initial_colour, "seed": seed},
    )
    return tournament.initial_colour, seed


def states(
    tournament: Tournament, number: int, absent: set[int] | frozenset[int] = frozenset()
) -> list[TeamState]:
    """The teams as the engine sees them before round ``number`` (C.04.6 art. 1.2-1.6), but
    the teams ``absent`` (ids) from it: a requested bye or a withdrawal (they are not paired)."""
    settings = settings_of(tournament)
    primary_mp = settings.primary_score == TeamSettings.Score.MATCH_POINTS
    found = []
    for team_id, record_ in team_records(tournament, number).items():
        if team_id in absent:
            continue
        primary = record_.match_points if primary_mp else record_.game_points
        secondary = record_.game_points if primary_mp else record_.match_points
        found.append(
            TeamState(
                tpn=record_.number,
                score=_fraction(primary),
                primary=_fraction(primary),
                secondary=_fraction(secondary),
                colours=record_.colours,
                floated=record_.floated.get(number - 1, False),
                opponents=frozenset(record_.opponents),
                bye_barred=record_.bye_barred,
            )
        )
    return found


def propose_round(user, tournament: Tournament, number: int) -> Proposal:
    """Round ``number`` paired by the C.04.6 engine (the registry's pairer)."""
    teams = teams_in_order(user, tournament)
    settings = settings_of(tournament)
    colour, seed = (
        initial_colour(user, tournament)
        if number == 1
        else (tournament.initial_colour or "w", None)
    )
    rules = Rules(
        round=number,
        rounds=max(tournament.planned_rounds or number, number),
        colour_model=settings.colours,
        secondary_used=settings.secondary_used,
        initial_colour=colour,
    )
    requested = byes.requested_byes(tournament, number)
    withdrawn = byes.withdrawn_from(tournament, number)
    requested = {pk: kind for pk, kind in requested.items() if pk not in withdrawn}
    try:
        pairing = pair_round(states(tournament, number, set(requested) | withdrawn), rules)
    except (NoValidPairing, TeamSwissError) as error:
        raise RoundError(
            gettext("No pairing of round %(number)s satisfies C.04.6: %(error)s")
            % {"number": number, "error": error}
        ) from error
    by_number = {team.number: team for team in teams}
    pairs = [(by_number[m.white], by_number[m.black]) for m in pairing.matches]
    bye = by_number[pairing.bye] if pairing.bye is not None else None
    summary = (PAIRED_WITH_BYE if bye else PAIRED) % {
        "number": number,
        "matches": len(pairs),
        "team": bye.name if bye else "",
    }
    proposal = propose(
        tournament,
        number,
        pairs,
        bye=bye,
        summary=summary,
        audit={
            "colour_rules": [m.rule for m in pairing.matches],
            "withdrawn": sorted(t.number for t in teams if t.pk in withdrawn),
        },
        requested=requested,
    )
    return replace(proposal, seed=seed)


def rounds_possible(tournament: Tournament, players: int) -> int:
    """Each team meets another at most once ([C1]): one round fewer than the teams."""
    teams = tournament.teams.count()
    return max(teams - 1, 0)


def team_swiss_type(tournament: Tournament) -> str:
    """The ``192`` type of its TRF-2026: ``FIDE_TEAM_`` with the colour model (``TYPEA_``,
    ``TYPEB_``, nothing for none) and the scores (``MP_GP``, ``GP_MP``, or one alone when the
    other is not used), as gacrux reads it (docs/teams.md)."""
    settings = TeamSettings.objects.filter(tournament=tournament).first() or TeamSettings()
    model = {"typea": "TYPEA_", "typeb": "TYPEB_"}.get(settings.colours, "")
    primary, other = ("MP", "GP") if settings.primary_score == "mp" else ("GP", "MP")
    scores = f"{primary}_{other}" if settings.secondary_used else primary
    return f"FIDE_TEAM_{model}{scores}"
