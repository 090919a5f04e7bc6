"""A competition's entry list imported from a file (docs/competition.md, "Entries from a list"):
upload, then the preview with the column mapping and every line's category or error, then the
import as a background job (its progress shown on the preview, as the pairing pages show theirs:
the ``job-progress`` partial of arbiter/job.html).

The preview is a GET: the mapping is in the query (``col``, one per column of the file), and
HTMX swaps the preview as a column's field is changed. The import posts that mapping and the
digest of what the preview showed; the job checks the list again and refuses when it would do
something else.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from arbiter.core.models import BackgroundJob
from arbiter.core.once import once_per_submission
from arbiter.platform import jobs
from arbiter.platform.limits import InputTooLarge, read_upload
from arbiter.platform.routes import Routes
from arbiter.platform.spreadsheets import TableError, read_table
from judo.access import competition_arbiter_required
from judo.competitor_lists import FIELDS, check, guess_mapping
from judo.forms import EntryListForm
from judo.models import Competition, EntryList
from judo.services import competition_lists as service
from judo.services.competition import CompetitionError

routes = Routes("arbiter/c/<int:competition_id>/entries/list/")

#: Lines the preview's table shows at most (every line in error is listed above it).
SHOWN = 500


@routes.form("", name="competition_list_upload")
@competition_arbiter_required
@once_per_submission
def upload(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = EntryListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        file = form.cleaned_data["file"]
        try:
            # Bytes bounded here; rows by the reader (an XLSX's bytes are no lines).
            raw = read_upload(file, max_lines=settings.MAX_UPLOAD_BYTES, what="file")
            table = read_table(raw, file.name, max_rows=settings.MAX_PLAYERS)
        except (InputTooLarge, TableError) as error:
            form.add_error("file", str(error))
        else:
            entry_list = service.keep_list(request.user, competition, file.name, table)
            return redirect(
                "competition_list", competition_id=competition.pk, list_id=entry_list.pk
            )
    return render(
        request,
        "pairing/competition/list_upload.html",
        {"competition": competition, "form": form, "fields": FIELDS.values()},
    )


def _mapping(query: QueryDict, header: list[str]) -> list[str]:
    """The mapping the page sent (a field or "" per column), else the one guessed."""
    sent = query.getlist("col")
    if len(sent) == len(header) and all(key in FIELDS or key == "" for key in sent):
        return sent
    return guess_mapping(header)


def _list(competition: Competition, list_id: int) -> EntryList:
    return get_object_or_404(
        EntryList.objects.select_related("job", "job__started_by"),
        pk=list_id,
        competition=competition,
    )


@routes.get("<int:list_id>/", name="competition_list")
@competition_arbiter_required
def preview(request: HttpRequest, competition: Competition, list_id: int) -> HttpResponse:
    entry_list = _list(competition, list_id)
    template = "pairing/competition/list_preview.html"
    context = _preview_context(competition, entry_list, request.GET)
    return render(request, f"{template}#preview" if request.htmx else template, context)


def _preview_context(competition: Competition, entry_list: EntryList, query: QueryDict) -> dict:
    context = {"competition": competition, "entry_list": entry_list}
    if entry_list.imported_at is not None:
        return {**context, "imported": service.imported_already(entry_list)}
    header = entry_list.rows[0][1] if entry_list.rows else []
    mapping = _mapping(query, header)
    checked = check(entry_list.rows, mapping, competition)
    first = entry_list.rows[1][1] if len(entry_list.rows) > 1 else []
    job = entry_list.job
    return {
        **context,
        "columns": [
            (index, name, mapping[index], first[index] if index < len(first) else "")
            for index, name in enumerate(header)
        ],
        "fields": FIELDS.items(),
        "mapping": mapping,
        "checked": checked,
        "shown": checked.lines[:SHOWN],
        "more": max(0, len(checked.lines) - SHOWN),
        "job": job if job is not None and job.state != BackgroundJob.State.DONE else None,
        "importing": job is not None and job.active,
    }


@routes.post("<int:list_id>/import/", name="competition_list_import")
@competition_arbiter_required
@once_per_submission
def import_list(request: HttpRequest, competition: Competition, list_id: int) -> HttpResponse:
    """Import the list as the preview showed it: a background job, joined by a second press."""
    entry_list = _list(competition, list_id)
    header = entry_list.rows[0][1] if entry_list.rows else []
    mapping = _mapping(request.POST, header)
    seen = request.POST.get("seen", "")[:64]
    if entry_list.imported_at is None:
        checked = check(entry_list.rows, mapping, competition)
        if not checked.ok or checked.digest() != seen:
            # The page was stale (or sent something else): no job, the preview as it is now.
            messages.error(request, service.CHANGED_SINCE_PREVIEW)
            return redirect("competition_list", competition_id=competition.pk, list_id=list_id)
    try:
        job, joined = service.start_import(request.user, entry_list, mapping, seen=seen)
    except (CompetitionError, jobs.TooManyJobs) as error:
        messages.error(request, str(error))
        return redirect("competition_list", competition_id=competition.pk, list_id=list_id)
    if joined:
        messages.info(
            request,
            _("This list is being imported already (asked for %(asked)s): this is that import.")
            % {"asked": job.asked},
        )
    if job.active:  # the preview shows its progress, then sends the page on to the entries
        return redirect("competition_list", competition_id=competition.pk, list_id=list_id)
    if job.state == BackgroundJob.State.DONE:
        messages.success(request, job.message)
    return redirect(job.result_url)
