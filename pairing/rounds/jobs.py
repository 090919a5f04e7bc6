"""Pairing a round as a background job (arbiter/platform/jobs.py). The runner calls the service
function the command line calls, in its one transaction: refused, failed or stopped at the time
limit, it has changed nothing."""

from django.urls import reverse

from arbiter.core import fide_mode
from arbiter.core.models import BackgroundJob, Tournament
from arbiter.platform.jobs import JobKind, JobRefused, Outcome, latest
from pairing.engines.messages import N_
from pairing.rounds.services import RoundError, pair_next_round

#: The jobs' titles, stored in English and shown in the reader's language through engine_text
#: (docs/i18n.md).
PAIRING_ROUND = N_("Pairing round %(number)s")


def round_page(tournament: Tournament) -> str:
    """The page where the system pairs its rounds, which shows a pairing job and its draft."""
    return reverse(tournament.pairing_system.round_page, args=[tournament.pk])


def next_round_number(tournament: Tournament) -> int:
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def pair_round(job: BackgroundJob) -> Outcome:
    """Pair the next round of the tournament as it was when Pair was pressed."""
    tournament = job.tournament
    try:
        round_ = pair_next_round(
            job.started_by,
            tournament,
            seen_version=job.seen_version,
            confirmation=job.options.get("confirmation", ""),
        )
    except (RoundError, fide_mode.NeedsConfirmation, fide_mode.RefusedInFideMode) as error:
        raise JobRefused(str(error)) from error
    return Outcome(round_.last_change, round_page(tournament))


def shown_pair_job(tournament: Tournament) -> BackgroundJob | None:
    """The pairing job the round page shows: one waiting or running, or the last one's failure
    while its round is still unpaired (a done job shows as its round)."""
    job = latest(tournament, "pair")
    if job is None or job.active:
        return job
    failed = job.state == BackgroundJob.State.FAILED
    return job if failed and job.options.get("round") == next_round_number(tournament) else None


PAIR = JobKind("pair", pair_round)
