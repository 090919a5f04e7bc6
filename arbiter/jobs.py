"""Background jobs: long work (pairing a round, importing a file) runs in a task worker, not in
the web request (docs/background-tasks.md).

A view calls :func:`start`, which keeps a :class:`~arbiter.models.BackgroundJob` (what the page
shows: waiting, running, done or failed, with the times and the outcome) and queues the task
:func:`arbiter.tasks.run_job` with django-tasks in the same transaction. A worker
(``manage.py db_worker``, on any machine that reaches the database) picks it up and calls
:func:`run`, which runs the kind's runner under the time limit (arbiter/time_limit.py) and
writes the outcome. A runner calls the same service function as the command line does, so the
change is one audited transaction: a job that fails or runs out of time has changed nothing.

A tournament has at most one unfinished job of a kind (a constraint in the database): a second
press, a double click or a second tab joins the job already there.

This module keeps the record of the work, not of the tournament: the changes a job makes are
audited by the service it calls (``round.pair``, ``tournament.import_trf``, ...).
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Case, Q, When
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import get_language, gettext, override

from arbiter.models import BackgroundJob, Tournament
from arbiter.time_limit import TimeLimitExceeded, deadline

logger = logging.getLogger(__name__)

#: Each kind of job and its runner, ``(job) -> Outcome``, raising :class:`JobRefused` when it
#: cannot do the work (imported when first used, as in arbiter/systems.py).
KINDS: dict[str, str] = {
    "pair": "pairing.jobs.pair_round",
    "trf_import": "pairing.jobs.import_trf_file",
    "player_import": "arbiter.import_jobs.import_player_list",
}

#: How long a failed job stays named on its tournament's pages.
FAILED_SHOWN_FOR = datetime.timedelta(minutes=15)

#: A job still "running" this long after the time limit lost its worker (killed, restarted):
#: nothing it did was committed, and it no longer blocks the next press.
ABANDONED_AFTER = datetime.timedelta(minutes=2)


class JobRefused(Exception):
    """The job could not do its work: the message says why; ``details`` (the lines of a file
    at fault) are listed under it. Nothing was changed."""

    def __init__(self, message: str, details: list[str] | None = None) -> None:
        super().__init__(message)
        self.details = details or []


@dataclass(frozen=True)
class Outcome:
    """What a finished job did, for the page; ``tournament`` when it created one."""

    message: str
    result_url: str
    tournament: Tournament | None = None


def start(
    user,
    kind: str,
    title: str,
    *,
    tournament: Tournament | None = None,
    payload: str = "",
    options: dict | None = None,
    result_url: str = "",
) -> tuple[BackgroundJob, bool]:
    """Queue a job of ``kind``, or join the unfinished one of that kind the tournament has.
    Returns the job and whether it was joined. The job acts on the tournament as it is now: a
    change before it runs makes it refuse (``seen_version``)."""
    if tournament is not None:
        _forget_abandoned(tournament, kind)
        running = unfinished(tournament, kind)
        if running is not None:
            return running, True
    try:
        with transaction.atomic():
            version = None
            if tournament is not None:
                version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
            job = BackgroundJob.objects.create(
                kind=kind,
                title=title,
                tournament=tournament,
                started_by=user if user is not None and user.is_authenticated else None,
                seen_version=version,
                payload=payload,
                # the runner speaks the language of the arbiter who asked (docs/i18n.md)
                options={**(options or {}), "language": get_language()},
                result_url=result_url,
            )
            # In the job's own transaction: the task is queued if and only if the job is kept.
            # With the immediate backend (the tests) it runs here and now.
            import_string("arbiter.tasks.run_job").enqueue(job.pk)
    except IntegrityError:
        # Another press created the tournament's job of this kind at the same moment.
        running = unfinished(tournament, kind) if tournament is not None else None
        if running is None:
            raise
        return running, True
    job.refresh_from_db()
    return job, False


def unfinished(tournament: Tournament, kind: str) -> BackgroundJob | None:
    return (
        BackgroundJob.objects.filter(
            tournament=tournament, kind=kind, state__in=BackgroundJob.ACTIVE
        )
        .select_related("started_by")
        .first()
    )


def latest(tournament: Tournament, kind: str) -> BackgroundJob | None:
    """The tournament's last job of ``kind``: running, or how the last one ended."""
    return (
        BackgroundJob.objects.filter(tournament=tournament, kind=kind)
        .select_related("started_by")
        .first()
    )


def shown_on_pages(tournament: Tournament) -> BackgroundJob | None:
    """The job the tournament's arbiter pages name, with a link to its progress: one waiting or
    running, else one failed in the last FAILED_SHOWN_FOR. One query."""
    failed_since = timezone.now() - FAILED_SHOWN_FOR
    return (
        BackgroundJob.objects.filter(tournament=tournament)
        .filter(
            Q(state__in=BackgroundJob.ACTIVE)
            | Q(state=BackgroundJob.State.FAILED, finished_at__gte=failed_since)
        )
        .order_by(
            Case(When(state__in=BackgroundJob.ACTIVE, then=0), default=1), "-created_at", "-id"
        )
        .only("pk", "title", "state", "created_at", "started_at", "finished_at")
        .first()
    )


def _forget_abandoned(tournament: Tournament, kind: str) -> None:
    cutoff = timezone.now() - datetime.timedelta(seconds=settings.TASK_TIME_LIMIT) - ABANDONED_AFTER
    BackgroundJob.objects.filter(
        tournament=tournament,
        kind=kind,
        state=BackgroundJob.State.RUNNING,
        started_at__lt=cutoff,
    ).update(
        state=BackgroundJob.State.FAILED,
        finished_at=timezone.now(),
        payload="",
        message=gettext(
            "Its worker stopped while it ran (restarted or killed): nothing was changed."
        ),
    )


def run(job_id: int) -> None:
    """Run a queued job (the task's body): its runner under the time limit, then its outcome.
    A job gone meanwhile (its tournament deleted) or run already is left alone."""
    claimed = BackgroundJob.objects.filter(pk=job_id, state=BackgroundJob.State.QUEUED).update(
        state=BackgroundJob.State.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return
    job = BackgroundJob.objects.select_related("tournament", "started_by").get(pk=job_id)
    runner = import_string(KINDS[job.kind])
    try:
        with deadline(settings.TASK_TIME_LIMIT), override(job.options.get("language")):
            outcome = runner(job)
    except JobRefused as refused:
        _finish(job, BackgroundJob.State.FAILED, str(refused), details=refused.details)
    except TimeLimitExceeded as stopped:
        _finish(job, BackgroundJob.State.FAILED, str(stopped))
    except Exception:
        logger.exception("Background job %s (%s) failed", job.pk, job.kind)
        _finish(
            job,
            BackgroundJob.State.FAILED,
            gettext(
                "An unexpected error stopped it: nothing was changed (the server's log says more)."
            ),
        )
    else:
        if outcome.tournament is not None:
            job.tournament = outcome.tournament
        job.result_url = outcome.result_url
        _finish(job, BackgroundJob.State.DONE, outcome.message)


def _finish(job: BackgroundJob, state: str, message: str, details: list[str] | None = None) -> None:
    job.state = state
    job.message = message
    job.finished_at = timezone.now()
    job.payload = ""  # the file is in the tournament now, or was refused: not kept twice
    if details:
        job.options = {**job.options, "details": details[:200]}
    job.save(
        update_fields=[
            "state",
            "message",
            "finished_at",
            "payload",
            "options",
            "tournament",
            "result_url",
        ]
    )
