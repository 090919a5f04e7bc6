"""Importing a TRF file as a background job (arbiter/platform/jobs.py): the file is read in a
child process the time limit stops, then imported in the job's one transaction."""

import logging

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from arbiter.core.models import BackgroundJob
from arbiter.platform.jobs import JobKind, JobRefused, Outcome
from arbiter.platform.time_limit import check_deadline, run_pure
from arbiter.teams.trf_import import import_team_trf, is_team_file
from pairing.engines import trf_check
from pairing.engines.messages import N_
from pairing.engines.trf import TrfError
from pairing.swiss.trf.imports import import_trf, trf_limits

logger = logging.getLogger(__name__)

#: The job's title, stored in English and shown in the reader's language through engine_text
#: (docs/i18n.md).
IMPORTING = N_("Importing a TRF file")


def import_trf_file(job: BackgroundJob) -> Outcome:
    """Create a Swiss from the TRF text (a team tournament from a team file: records 310 or
    013, arbiter/teams/trf_import.py): the file is read first in a child process the time
    limit stops (the reading is what a hostile file makes slow), then imported."""
    teams = is_team_file(job.payload)
    kind = "team" if teams else "individual"
    try:
        run_pure(trf_check.team_parses if teams else trf_check.parses, job.payload, trf_limits())
        with transaction.atomic():
            importer = import_team_trf if teams else import_trf
            tournament = importer(job.started_by, job.payload, name=job.options.get("name", ""))
            check_deadline()
    except TrfError as error:
        logger.info("TRF import refused (job %s, %s file): %s", job.pk, kind, error)
        raise JobRefused(
            gettext("The file was not imported. %(error)s") % {"error": sentence(error)}
        ) from error
    played = tournament.rounds.count()
    if teams:
        return Outcome(
            ngettext(
                "%(name)s imported: %(teams)s teams, %(rounds)s round. It is not published yet.",
                "%(name)s imported: %(teams)s teams, %(rounds)s rounds. It is not published yet.",
                played,
            )
            % {"name": tournament.name, "teams": tournament.teams.count(), "rounds": played},
            reverse("trf_import_report", args=[tournament.pk]),
            tournament=tournament,
        )
    return Outcome(
        ngettext(
            "%(name)s imported: %(players)s players, %(rounds)s round. It is not published yet.",
            "%(name)s imported: %(players)s players, %(rounds)s rounds. It is not published yet.",
            played,
        )
        % {"name": tournament.name, "players": tournament.entries.count(), "rounds": played},
        reverse("trf_import_report", args=[tournament.pk]),
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


TRF_IMPORT = JobKind("trf_import", import_trf_file, back=lambda job: reverse("trf_import"))
