"""The player list import as a background job (arbiter/platform/jobs.py): the list is checked line
by line and saved by the same functions the page used to call in the request; its players with
a FIDE id are then compared with FIDE's list in force (arbiter/ratings/listed.py), the
differences kept for the page that shows them."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from arbiter.core.models import BackgroundJob
from arbiter.core.services import entries as service
from arbiter.desk.player_lists import parse_player_list
from arbiter.platform.jobs import JobKind, JobRefused, Outcome
from arbiter.platform.time_limit import check_deadline
from arbiter.ratings.listed import check_against_list_in_force
from pairing.engines.messages import N_

#: The job's title, stored in English and shown in the reader's language through engine_text
#: (docs/i18n.md).
IMPORTING = N_("Importing a player list")


def import_player_list(job: BackgroundJob) -> Outcome:
    """Every line checked, then all saved or none. The list itself is not a pure computation
    (each line is checked with the entry form), so the time limit is checked between the
    steps and, past it, the saved list is rolled back."""
    tournament = job.tournament
    parsed = parse_player_list(job.payload, tournament)
    if parsed.errors:
        raise JobRefused(
            gettext("Nothing was imported: correct these lines and try again."),
            [
                gettext("Line %(line)s: %(error)s") % {"line": error.line, "error": error.reason}
                for error in parsed.errors
            ],
        )
    check_deadline()
    checked = check_against_list_in_force(
        parsed.rows, tournament.start_date, tournament.rating_type
    )
    try:
        with transaction.atomic():
            imported = service.import_entries(
                job.started_by,
                tournament,
                parsed.rows,
                list_check=checked.as_json() if checked is not None else None,
            )
            check_deadline()
    except service.EntryError as error:
        raise JobRefused(str(error)) from error
    message = ngettext(
        "%(count)s player imported.", "%(count)s players imported.", len(imported)
    ) % {"count": len(imported)}
    if tournament.rounds.exists():  # import_entries kept every published number
        message += " " + gettext(
            "They took the next starting numbers; every number already published was kept."
        )
    if checked is not None and (checked.differing or checked.missing):
        message += " " + gettext(
            "Compared with the FIDE list of %(month)s: %(differing)s with differences, "
            "%(missing)s not in the list."
        ) % {
            "month": checked.month,
            "differing": len(checked.differing),
            "missing": len(checked.missing),
        }
        return Outcome(message, reverse("players_import_checked", args=[tournament.pk]))
    return Outcome(message, reverse("players", args=[tournament.pk]))


def back(job: BackgroundJob) -> str:
    """The tournament's import page (the dashboard when the tournament is gone)."""
    if job.tournament_id is None:
        return reverse("dashboard")
    return reverse("players_import", args=[job.tournament_id])


PLAYER_IMPORT = JobKind("player_import", import_player_list, back=back)
