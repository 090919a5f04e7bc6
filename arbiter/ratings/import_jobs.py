"""A rating list imported as a background job (arbiter/platform/jobs.py): the file waits in
RATING_LISTS_DIR (never in the job's row: it is hundreds of MB), and the job calls the import
service (arbiter/ratings/importing.py), which writes the players in batches of its own
transactions and keeps its progress on the list's row for the lists page to show.

The job's options say what to import: ``path`` (the file, inside RATING_LISTS_DIR),
``file_name`` (as uploaded), ``uploaded`` (an upload, deleted once imported or refused; a file
an arbiter placed there stays), ``source``, ``federation``, ``month``, ``rating_type``,
``columns`` and ``encoding``.
"""

from __future__ import annotations

from pathlib import Path

from django.urls import reverse

from arbiter.core.models import BackgroundJob
from arbiter.platform.jobs import JobKind, JobRefused, LeaseLost, Outcome, still_running
from arbiter.platform.time_limit import check_deadline
from arbiter.ratings import importing
from pairing.engines.messages import N_

#: The job's title (stored in English, shown in the reader's language: docs/i18n.md).
IMPORTING = N_("Importing a rating list")
KIND = "rating_list_import"


def import_rating_list(job: BackgroundJob) -> Outcome:
    """Import the file the job names; the file of an upload is deleted after, whatever came."""
    options = job.options
    path = Path(options["path"])

    def check() -> None:
        check_deadline()
        if not still_running(job):
            raise LeaseLost

    try:
        rating_list = importing.import_rating_list(
            path,
            source=options.get("source", "fide"),
            federation=options.get("federation", ""),
            month=options.get("month") or None,
            rating_type=options.get("rating_type") or None,
            columns=options.get("columns") or {},
            encoding=options.get("encoding") or "utf-8",
            user=job.started_by,
            file_name=options.get("file_name") or path.name,
            check=check,
        )
    except importing.ImportRefused as refused:
        raise JobRefused(str(refused)) from None
    finally:
        if options.get("uploaded"):
            path.unlink(missing_ok=True)
    return Outcome(importing.outcome_message(rating_list), reverse("rating_lists"))


def may_see(user, job: BackgroundJob) -> bool:
    """The lists are the server's: whoever may import them follows any import."""
    return bool(user.is_active and user.is_staff)


def back(job: BackgroundJob) -> str:
    return reverse("rating_lists")


RATING_LIST_IMPORT = JobKind(
    KIND, import_rating_list, may_see=may_see, back=back, own_transactions=True
)
