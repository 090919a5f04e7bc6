"""The rating lists page: the lists this server holds (the one in force today marked), the
import under way with its progress, a file to upload, the files placed in RATING_LISTS_DIR.

Who may import: staff users (``is_staff``: an administrator; ``manage.py createsuperuser``
makes one). A list is the whole server's: every tournament's lookups, refresh and initial
order read it, so one arbiter's wrong file (a month mislabelled, another federation's list)
would change every other arbiter's players; an arbiter at a venue is the laptop's
administrator anyway. Every signed-in arbiter sees the page: which lists are loaded and which
one is in force. docs/ratings.md, "Rating lists".
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.core import engine_text
from arbiter.core.models import BackgroundJob
from arbiter.platform import jobs
from arbiter.platform.limits import accepts_large_files
from arbiter.platform.routes import Routes
from arbiter.ratings import files, lookup
from arbiter.ratings.forms import PlacedForm, UploadForm
from arbiter.ratings.import_jobs import IMPORTING, KIND
from arbiter.ratings.importing import STALE_AFTER
from arbiter.ratings.models import RatingList

routes = Routes("arbiter/ratings/")

#: How long a finished import's outcome stays shown on the page.
OUTCOME_SHOWN_FOR = datetime.timedelta(minutes=15)
#: The lists shown (newest first): a server keeps a few months of each source.
SHOWN = 100
#: The PostgreSQL advisory lock the presses of Import queue on (any number of the app's own).
LOCK_KEY = 29_0001


def _may_import(user) -> bool:
    return bool(user.is_active and user.is_staff)


def _rating_list_bytes() -> int:
    return settings.RATING_LIST_MAX_BYTES


@routes.form("", name="rating_lists")
@login_required
@accepts_large_files(_rating_list_bytes, "RATING_LIST_MAX_BYTES")
def rating_lists(request: HttpRequest) -> HttpResponse:
    """The page (its list section alone for HTMX's polling), and an upload sent to it."""
    if request.method == "POST":
        if not _may_import(request.user):
            raise PermissionDenied(_("Only an administrator (a staff user) imports rating lists."))
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            started = _start(request, form, uploaded=True)
            if started is not None:
                return started
        return _page(request, upload_form=form)
    if request.htmx:
        return render(request, "ratings/lists.html#lists", _lists_context())
    return _page(request)


@routes.post("placed/", name="rating_list_import_placed")
@login_required
def import_placed(request: HttpRequest) -> HttpResponse:
    """A file placed in RATING_LISTS_DIR, imported with the options given beside it."""
    if not _may_import(request.user):
        raise PermissionDenied(_("Only an administrator (a staff user) imports rating lists."))
    form = PlacedForm(request.POST, prefix="placed")
    if form.is_valid():
        started = _start(request, form, uploaded=False)
        if started is not None:
            return started
    return _page(request, placed_form=form)


def _start(request: HttpRequest, form, *, uploaded: bool) -> HttpResponse | None:
    """Queue the import, or follow the one under way (one at a time: a second press, another
    tab, another administrator); the page's answer, or None for the form to show its refusal.
    The upload is written to disk first, outside any transaction (a SQLite file is not held
    while hundreds of MB are copied)."""
    if uploaded:
        upload = form.cleaned_data["file"]
        path = files.save_upload(upload)
        name = upload.name
    else:
        name = form.cleaned_data["file"]
        path = files.placed_path(name)
    options = {**form.job_options(), "path": str(path), "file_name": name[:200]}
    job = None
    try:
        with transaction.atomic():
            _one_at_a_time()
            under_way = _under_way()
            if under_way is None:
                job, _joined = jobs.start(
                    request.user,
                    KIND,
                    IMPORTING,
                    options={**options, "uploaded": uploaded},
                    result_url=reverse("rating_lists"),
                    size=settings.TASK_LARGE_FIELD,  # always the queue of large work
                )
    except jobs.TooManyJobs as refused:
        under_way, job = None, None
        form.add_error(None, str(refused))
    if uploaded and job is None:
        path.unlink(missing_ok=True)
    if under_way is not None:
        messages.info(
            request,
            _(
                "A rating list is being imported, asked for %(asked)s: its progress is shown "
                "here. Start another when it is done."
            )
            % {"asked": under_way.asked},
        )
        return redirect("rating_lists")
    if job is None:
        return None
    if job.state == BackgroundJob.State.FAILED:  # done already (a quick worker, the tests)
        form.add_error(None, engine_text.translate(job.message))
        return None
    if job.state == BackgroundJob.State.DONE:
        messages.success(request, engine_text.translate(job.message))
    return redirect("rating_lists")


def _one_at_a_time() -> None:
    """Two presses at once queue one import: PostgreSQL, an advisory lock held to the end of
    the transaction; SQLite, whose write transactions take the file's lock as they begin
    (settings: IMMEDIATE), already one after the other."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


def _under_way() -> BackgroundJob | None:
    return (
        BackgroundJob.objects.filter(kind=KIND, state__in=BackgroundJob.ACTIVE)
        .select_related("started_by")
        .order_by("created_at")
        .first()
    )


def _page(request: HttpRequest, *, upload_form=None, placed_form=None) -> HttpResponse:
    may_import = _may_import(request.user)
    context = {
        **_lists_context(),
        "may_import": may_import,
        "upload_form": upload_form or UploadForm(),
        "placed_form": placed_form or PlacedForm(prefix="placed"),
        "placed": files.placed() if may_import else [],
        "folder": files.folder(),
        "max_bytes": settings.RATING_LIST_MAX_BYTES,
        "kept": settings.RATING_LISTS_KEPT,
    }
    return render(request, "ratings/lists.html", context)


def _lists_context() -> dict:
    """The lists, the one in force today of each source marked, and the import job under way
    (or the last one's outcome)."""
    now = timezone.now()
    lists = list(RatingList.objects.select_related("imported_by")[:SHOWN])
    in_force = set()
    for source, federation in {
        (each.source, each.federation) for each in lists if each.state == RatingList.State.COMPLETE
    }:
        found = lookup.list_in_force(timezone.localdate(), source, federation)
        if found is not None:
            in_force.add(found.pk)
    for each in lists:
        each.in_force = each.pk in in_force
        each.stopped = (
            each.state == RatingList.State.IMPORTING and each.updated_at < now - STALE_AFTER
        )
        each.percent = int(100 * each.bytes_read / each.size) if each.size else 0
    job = (
        BackgroundJob.objects.filter(kind=KIND)
        .filter(Q(state__in=BackgroundJob.ACTIVE) | Q(finished_at__gte=now - OUTCOME_SHOWN_FOR))
        .select_related("started_by")
        .order_by("-created_at")
        .first()
    )
    importing = next(
        (each for each in lists if each.state == RatingList.State.IMPORTING and not each.stopped),
        None,
    )
    return {
        "lists": lists,
        "job": job,
        "importing": importing,
        "polling": (job is not None and job.active) or importing is not None,
    }
