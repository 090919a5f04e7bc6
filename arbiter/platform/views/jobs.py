"""A background job's page (arbiter/platform/jobs.py): how far it is, then its outcome.

The pages that start a job show the same progress (the ``job-progress`` partial), which asks
this view every second over HTMX; when the job is over, HTMX is sent on to where its outcome
shows (the draft, the imported tournament), or the partial shows why it failed. Without
JavaScript the page refreshes itself every two seconds while the job waits or runs.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from arbiter.core import engine_text
from arbiter.core.models import BackgroundJob, TournamentArbiter
from arbiter.platform import jobs


def _may_see(user, job: BackgroundJob) -> bool:
    """The arbiter who asked for it, and the arbiters of its tournament (or competition)."""
    if job.started_by_id == user.pk:
        return True
    kind = jobs.KINDS[job.kind]
    if kind.may_see is not None and kind.may_see(user, job):
        return True
    return (
        job.tournament_id is not None
        and TournamentArbiter.objects.filter(tournament_id=job.tournament_id, user=user).exists()
    )


def start_import(
    request: HttpRequest, form: Form, kind: str, title: str, **fields
) -> tuple[BackgroundJob | None, bool]:
    """Start the job of ``kind`` that imports the text of the valid upload ``form`` (its
    ``text``), as :func:`arbiter.platform.jobs.start`: the job and whether it was under way
    already; ``(None, False)``, the refusal on the form, when the arbiter has too many."""
    try:
        return jobs.start(request.user, kind, title, payload=form.cleaned_data["text"], **fields)
    except jobs.TooManyJobs as refused:
        form.add_error(None, str(refused))
        return None, False


def started_job_redirect(request: HttpRequest, job: BackgroundJob) -> HttpResponse | None:
    """Where a page that has just started ``job`` sends the arbiter: to the job's page while it
    waits or runs, to where its outcome shows (with its message) once it is done; None when it
    failed, for the page to say why."""
    if job.active:
        return redirect("job", job_id=job.pk)
    if job.state == BackgroundJob.State.DONE:
        messages.success(request, engine_text.translate(job.message))
        return redirect(job.result_url)
    return None


@require_GET
@login_required
def job_page(request: HttpRequest, job_id: int) -> HttpResponse:
    job = get_object_or_404(
        BackgroundJob.objects.select_related("tournament", "started_by"), pk=job_id
    )
    if not _may_see(request.user, job):
        raise PermissionDenied(_("Only the arbiter who asked for it and the tournament's see it."))
    if not job.active and job.result_url:
        if job.state == BackgroundJob.State.DONE:
            messages.success(request, engine_text.translate(job.message))
        if request.htmx:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = job.result_url
            return response
        return redirect(job.result_url)
    template = "arbiter/job.html#job-progress" if request.htmx else "arbiter/job.html"
    kind = jobs.KINDS[job.kind]
    back = kind.back(job) if kind.back is not None else reverse("dashboard")
    return render(request, template, {"job": job, "back": back})
