"""A tournament's status from the facts, and its version: both follow every change.

Every change writes its audit entry (arbiter/core/services/audit.py), and that is where
:func:`tournament_changed` runs, in the change's own transaction: the version moves on (the
public pages and drafts compare it) and the status is worked out again from what the tournament
holds, by its system's rule (arbiter/core/systems.py, ``progress``). Nothing else sets either.
"""

from django.db.models import F

from arbiter.core.models import Game, Round, Tournament
from arbiter.core.public_cache import forget

Status = Tournament.Status


def rounds_progress(tournament: Tournament) -> str:
    """A system with rounds: preparing until a round is published, finished once every planned
    round is complete and no game is adjourned (no final standings while a result is missing:
    FIDE's checklist Q161, Q169); a season without a number of rounds never finishes by
    itself."""
    states = list(tournament.rounds.values_list("state", flat=True))
    if not any(state != Round.State.DRAFT for state in states):
        return Status.PREPARING
    planned = tournament.planned_rounds
    complete = states.count(Round.State.COMPLETE)
    if planned and complete >= planned and complete == len(states):
        adjourned = Game.objects.filter(round__tournament=tournament, adjourned=True)
        return Status.RUNNING if adjourned.exists() else Status.FINISHED
    return Status.RUNNING


def status_of(tournament: Tournament) -> str:
    progress = tournament.pairing_system.progress or rounds_progress
    return progress(tournament)


def has_begun(tournament: Tournament) -> bool:
    """A round exists (a draft too), or the system's own progress says so (a drawn bracket):
    from then on the system stands."""
    return tournament.rounds.exists() or status_of(tournament) != Status.PREPARING


def tournament_changed(tournament: Tournament) -> None:
    """The tournament has just changed: a new version, and the status its facts give. The public
    pages read the new version at their next request (arbiter/core/public_cache.py)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        version=F("version") + 1, status=status_of(tournament)
    )
    forget(tournament.pk)
