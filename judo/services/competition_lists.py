"""A competition's entry list: kept for its preview, then imported by a background job, all of
it or nothing (docs/competition.md, "Entries from a list").

- :func:`keep_list` keeps the rows of an uploaded file for the preview.
- :func:`start_import` asks for the import once: a second press, a double click or a second
  tab joins the job under way, and a list imported already is refused.
- :func:`import_list` (the job's work) checks the list again against the competition as it is
  now and enters it only when that check is what the preview showed (``seen``, the digest of
  :class:`~judo.competitor_lists.Checked`); every category's entries are added by
  :func:`arbiter.core.services.entries.import_entries`, in one transaction with the competition
  locked.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter.core.models import BackgroundJob
from arbiter.core.services.audit import record
from arbiter.core.services.entries import import_entries
from arbiter.platform import jobs
from arbiter.platform.spreadsheets import Table
from judo.competitor_lists import check, header_row
from judo.models import Competition, EntryList
from judo.services.competition import CompetitionError, locked_competition, not_drawn
from pairing.engines.messages import N_
from pairing.rounds.services import locked_tournament

#: A list previewed and never imported is deleted after this (when another is uploaded).
KEPT_FOR = datetime.timedelta(days=2)
JOB_KIND = "competition_import"
#: The job's title, stored in English and shown in the reader's language through engine_text
#: (docs/i18n.md).
IMPORTING = N_("Importing the entry list %(file)s")
CHANGED_SINCE_PREVIEW = gettext_lazy(
    "The competition changed after the preview was shown (an entry, a category or a draw): "
    "nothing was imported. Look at the preview again, as the list lands now, and import it "
    "from there."
)


class ListRefused(CompetitionError):
    """The list was not imported; ``details`` are the lines at fault."""

    def __init__(self, message: str, details: list[str] | None = None) -> None:
        super().__init__(message)
        self.details = details or []


def keep_list(user, competition: Competition, file_name: str, table: Table) -> EntryList:
    """Keep an uploaded list for its preview, from its header row on (title lines above it are
    left out); lists never imported go after KEPT_FOR."""
    EntryList.objects.filter(
        competition=competition,
        imported_at__isnull=True,
        created_at__lt=timezone.now() - KEPT_FOR,
    ).delete()
    return EntryList.objects.create(
        competition=competition,
        uploaded_by=user,
        file_name=file_name[:200],
        rows=[[line, cells] for line, cells in table.rows[header_row(table.rows) :]],
    )


def start_import(
    user, entry_list: EntryList, mapping: list[str], *, seen: str
) -> tuple[BackgroundJob, bool]:
    """Queue the import of the list as the preview showed it; returns the job and whether it
    was joined (asked for already). Refused when the list was imported already, and
    (:class:`arbiter.platform.jobs.TooManyJobs`) when the arbiter has TASKS_PER_ARBITER jobs under
    way."""
    with transaction.atomic():
        entry_list = EntryList.objects.select_for_update().get(pk=entry_list.pk)
        if entry_list.imported_at is not None:
            raise CompetitionError(imported_already(entry_list))
        job = entry_list.job
        if job is not None and job.active:
            jobs.reap(pk=job.pk)  # a job whose worker was lost no longer holds the list
            job.refresh_from_db()
            if job.active:
                return job, True
        job, _joined = jobs.start(
            user,
            JOB_KIND,
            IMPORTING % {"file": entry_list.file_name},
            options={
                "competition": entry_list.competition_id,
                "list": entry_list.pk,
                "mapping": mapping,
                "seen": seen,
            },
            result_url=reverse("competition_list", args=[entry_list.competition_id, entry_list.pk]),
        )
        EntryList.objects.filter(pk=entry_list.pk).update(job=job)
    job.refresh_from_db()
    return job, False


def imported_already(entry_list: EntryList) -> str:
    return _("This list was imported at %(at)s: %(n)s competitors entered.") % {
        "at": f"{timezone.localtime(entry_list.imported_at):%H:%M:%S}",
        "n": entry_list.imported,
    }


@dataclass(frozen=True)
class Imported:
    entered: int
    categories: int


@transaction.atomic
def import_list(user, entry_list_id: int, mapping: list[str], *, seen: str) -> Imported:
    """Enter every line of the list in its category, or none: refused (:class:`ListRefused`)
    when a line is at fault now, or when the list checked again lands otherwise than the
    preview the arbiter saw (``seen``)."""
    entry_list = EntryList.objects.select_for_update().filter(pk=entry_list_id).first()
    if entry_list is None:
        raise ListRefused(_("The list is gone: upload it again."))
    competition = locked_competition(entry_list.competition)
    if entry_list.imported_at is not None:
        raise ListRefused(imported_already(entry_list))
    checked = check(entry_list.rows, mapping, competition)
    if not checked.ok:
        raise ListRefused(
            _("Nothing was imported: correct these lines and upload the list again."),
            checked.problems
            + [
                _("Line %(line)s: %(error)s") % {"line": line.number, "error": error}
                for line in checked.errors
                for error in line.errors
            ],
        )
    if checked.digest() != seen:
        raise ListRefused(str(CHANGED_SINCE_PREVIEW))
    by_category: dict[int, tuple] = {}
    for line in checked.lines:
        category, rows = by_category.setdefault(line.category.pk, (line.category, []))
        rows.append({**line.data, "sex": category.sex.lower()})
    for category, rows in sorted(by_category.values(), key=lambda cr: cr[0].tournament_id):
        locked_tournament(category.tournament)
        not_drawn(
            category,
            _("%(category)s is drawn: competitors are entered only before the draw."),
        )
        import_entries(user, category.tournament, rows)
    entry_list.imported_at = timezone.now()
    entry_list.imported = len(checked.lines)
    entry_list.rows = []
    entry_list.save(update_fields=["imported_at", "imported", "rows"])
    record(
        user,
        None,
        "competition.import",
        f"Imported {len(checked.lines)} competitors into {len(by_category)} categories "
        f"of {competition.name} from {entry_list.file_name}",
        after={"competition": competition.pk, "list": entry_list.pk},
    )
    return Imported(len(checked.lines), len(by_category))
