"""Pairing a round and importing a TRF as background jobs (arbiter/jobs.py). Each runner calls
the service function the command line calls, in its one transaction: refused, failed or
stopped at the time limit, it has changed nothing."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from arbiter.jobs import JobRefused, Outcome, latest
from arbiter.models import BackgroundJob, Tournament
from arbiter.services.entries import EntryError
from arbiter.time_limit import check_deadline, run_pure
from pairing.engines import trf_check
from pairing.engines.messages import N_
from pairing.engines.trf import TrfError
from pairing.services import competition_lists
from pairing.services.competition import CompetitionError
from pairing.services.rounds import RoundError, pair_next_round
from pairing.services.trf_import import import_trf, trf_limits

#: The jobs' titles, stored in English and shown in the reader's language through engine_text
#: (docs/i18n.md).
PAIRING_ROUND = N_("Pairing round %(number)s")
IMPORTING = N_("Importing a TRF file")


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
        round_ = pair_next_round(job.started_by, tournament, seen_version=job.seen_version)
    except RoundError as error:
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


def import_trf_file(job: BackgroundJob) -> Outcome:
    """Create a Swiss from the TRF text: the file is read first in a child process the time
    limit stops (the reading is what a hostile file makes slow), then imported."""
    try:
        run_pure(trf_check.parses, job.payload, trf_limits())
        with transaction.atomic():
            tournament = import_trf(job.started_by, job.payload, name=job.options.get("name", ""))
            check_deadline()
    except TrfError as error:
        raise JobRefused(
            gettext("The file was not imported. %(error)s") % {"error": sentence(error)}
        ) from error
    played = tournament.rounds.count()
    return Outcome(
        ngettext(
            "%(name)s imported: %(players)s players, %(rounds)s round. It is not published yet.",
            "%(name)s imported: %(players)s players, %(rounds)s rounds. It is not published yet.",
            played,
        )
        % {"name": tournament.name, "players": tournament.entries.count(), "rounds": played},
        reverse("swiss", args=[tournament.pk]),
        tournament=tournament,
    )


def sentence(error: TrfError) -> str:
    """A TRF error as a sentence for the arbiter: "Line 5, column 5: ..."."""
    if error.line and error.column:
        return gettext("Line %(line)s, column %(column)s: %(error)s.") % {
            "line": error.line,
            "column": error.column,
            "error": error.message,
        }
    if error.line:
        return gettext("Line %(line)s: %(error)s.") % {"line": error.line, "error": error.message}
    return f"{error.message[:1].upper()}{error.message[1:]}."


def import_competition_list(job: BackgroundJob) -> Outcome:
    """Enter a competition's entry list as its preview showed it, all of it or nothing
    (pairing/services/competition_lists.py)."""
    options = job.options
    try:
        with transaction.atomic():
            done = competition_lists.import_list(
                job.started_by, options["list"], options["mapping"], seen=options["seen"]
            )
            check_deadline()
    except (CompetitionError, EntryError) as refused:
        raise JobRefused(str(refused), getattr(refused, "details", [])) from refused
    return Outcome(
        gettext("%(n)s competitors entered in %(categories)s categories.")
        % {"n": done.entered, "categories": done.categories},
        reverse("competition_entries", args=[options["competition"]]),
    )
