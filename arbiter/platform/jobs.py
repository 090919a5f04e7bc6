"""Background jobs: long work (pairing a round, importing a file) runs in a task worker, not in
the web request (docs/background-tasks.md).

A view calls :func:`start`, which keeps a :class:`~arbiter.core.models.BackgroundJob` (what the page
shows: waiting, running, done or failed, with the times and the outcome) and queues the task
:func:`arbiter.platform.tasks.run_job` with django-tasks in the same transaction. A worker
(``manage.py db_worker``, on any machine that reaches the database) picks it up and calls
:func:`run`, which runs the kind's runner under the time limit (arbiter/platform/time_limit.py) and
writes the outcome. A runner calls the same service function as the command line does, so the
change is one audited transaction: a job that fails or runs out of time has changed nothing.

A tournament has at most one unfinished job of a kind (a constraint in the database): a second
press, a double click or a second tab joins the job already there. An arbiter has at most
TASKS_PER_ARBITER jobs waiting or running, imports included (:class:`TooManyJobs`).

Fair queues: a job on a large field or file goes to the ``large`` queue, every other job to
``default``, which a worker of its own serves (``db_worker --queue-name default``), so a small
job never waits behind big ones; within a queue the arbiter's own jobs already waiting lower the
priority of the next one, so another arbiter's first job goes before one's fourth.

A running job holds a lease its worker renews (:func:`heartbeat`); a job whose lease ran out lost
its worker (killed, its machine gone) and is failed (:func:`reap`) by every worker's keeper
(arbiter/platform/management/commands/db_worker.py) and by the next press. The work of a job and its
"done" commit together, only while the job still holds its lease: a job failed meanwhile has
changed nothing.

This module keeps the record of the work, not of the tournament: the changes a job makes are
audited by the service it calls (``round.pair``, ``tournament.import_trf``, ...).
"""

from __future__ import annotations

import datetime
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import (
    DatabaseError,
    IntegrityError,
    OperationalError,
    connection,
    connections,
    transaction,
)
from django.db.models import Case, Exists, OuterRef, Q, When
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import get_language, gettext, ngettext, override
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import is_locked_database_exception

from arbiter.core import engine_text
from arbiter.core.models import BackgroundJob, Tournament
from arbiter.platform.time_limit import TimeLimitExceeded, deadline

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class JobKind:
    """A kind of background job, registered by the room that does the work (its app's
    ``ready``): ``run(job) -> Outcome`` does it, raising :class:`JobRefused` when it cannot;
    ``may_see(user, job)`` lets more than the job's own arbiter and its tournament's see it;
    ``back(job)`` is the page the job page links back to while it waits."""

    code: str
    run: Callable[[BackgroundJob], Outcome]
    may_see: Callable[[Any, BackgroundJob], bool] | None = None
    back: Callable[[BackgroundJob], str] | None = None
    #: The runner commits its work itself, step by step (a rating list of a million players,
    #: written in batches that each hold the database a moment), instead of in one transaction
    #: with the job's "done": it must then leave nothing half-done when it fails or is stopped,
    #: and stop by itself when the job no longer runs (failed as lost: :func:`still_running`).
    own_transactions: bool = False


#: Every kind of job, by code (:func:`register`).
KINDS: dict[str, JobKind] = {}


def register(kind: JobKind) -> None:
    """Make ``kind`` known to the runner and the job page (called once per kind at start-up)."""
    KINDS[kind.code] = kind


#: How long a failed job stays named on its tournament's pages.
FAILED_SHOWN_FOR = datetime.timedelta(minutes=15)

#: The queue of quick jobs (a worker of its own serves it) and of jobs on large fields or files.
QUICK_QUEUE = "default"
LARGE_QUEUE = "large"
#: Task priorities (django-tasks: higher first): quick jobs before large ones when a worker
#: serves both; each job the arbiter already has waiting or running lowers the next one's.
QUICK_PRIORITY = 20
LARGE_PRIORITY = 0
#: A public PDF waits behind the jobs of its queue: an arbiter is waiting for those.
PDF_PRIORITY = -30


class TooManyJobs(Exception):
    """The arbiter has TASKS_PER_ARBITER jobs waiting or running: this one was not started."""


class LeaseLost(Exception):
    """The job's lease ran out while it ran (it was failed as lost): its work is rolled back."""


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
    size: int | None = None,
) -> tuple[BackgroundJob, bool]:
    """Queue a job of ``kind``, or join the unfinished one of that kind the tournament has.
    Returns the job and whether it was joined. The job acts on the tournament as it is now: a
    change before it runs makes it refuse (``seen_version``). ``size``: how large the job is,
    in players, where neither a tournament nor a payload says (a file kept elsewhere)."""
    if tournament is not None:
        try:
            reap(tournament=tournament, kind=kind)
        except OperationalError as error:
            # SQLite: the write lock is held past the busy timeout, by a job that is running
            # (its transaction would have died with its worker): it is joined
            if not is_locked_database_exception(error):
                raise
    started_by = user if user is not None and user.is_authenticated else None
    size = field_size(tournament, payload) if size is None else size
    try:
        with transaction.atomic():
            under_way = _under_way(started_by)
            # after the arbiter's lock: a double click's second press sees the first's job
            running = unfinished(tournament, kind) if tournament is not None else None
            if running is not None:
                return running, True
            _check_bound(under_way)
            version = None
            if tournament is not None:
                version = Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)
            job = BackgroundJob.objects.create(
                kind=kind,
                title=title,
                tournament=tournament,
                started_by=started_by,
                seen_version=version,
                payload=payload,
                # the runner speaks the language of the arbiter who asked (docs/i18n.md)
                options={**(options or {}), "language": get_language()},
                result_url=result_url,
            )
            # In the job's own transaction: the task is queued if and only if the job is kept.
            # With the immediate backend (the tests) it runs here and now.
            task = import_string("arbiter.platform.tasks.run_job").using(
                **placement(size, len(under_way))
            )
            result = task.enqueue(job.pk)
            BackgroundJob.objects.filter(pk=job.pk).update(task_id=str(result.id))
    except IntegrityError:
        # Another press created the tournament's job of this kind at the same moment.
        running = unfinished(tournament, kind) if tournament is not None else None
        if running is None:
            raise
        return running, True
    job.refresh_from_db()
    return job, False


def field_size(tournament: Tournament | None, payload: str = "") -> int:
    """How large a job is, in players: the tournament's field and the lines of its file."""
    players = tournament.entries.filter(withdrawn=False).count() if tournament is not None else 0
    return players + payload.count("\n")


def placement(size: int, ahead: int = 0) -> dict:
    """The queue and priority of a task on `size` players, with `ahead` jobs of the same arbiter
    already waiting or running (``Task.using``)."""
    large = size >= settings.TASK_LARGE_FIELD
    base = LARGE_PRIORITY if large else QUICK_PRIORITY
    return {
        "queue_name": LARGE_QUEUE if large else QUICK_QUEUE,
        "priority": base - min(ahead, 9),
    }


def _under_way(user) -> list[str]:
    """The titles of the arbiter's jobs waiting or running, with the arbiter's row locked until
    the job is queued: two presses at once count each other."""
    if user is None:
        return []
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    return list(
        BackgroundJob.objects.filter(started_by=user, state__in=BackgroundJob.ACTIVE)
        .order_by("created_at", "id")
        .values_list("title", flat=True)
    )


def _check_bound(under_way: list[str]) -> None:
    """Refuse a job past TASKS_PER_ARBITER, naming those under way."""
    limit = settings.TASKS_PER_ARBITER
    if len(under_way) >= limit:
        raise TooManyJobs(
            ngettext(
                "You have %(count)d job waiting or running (%(titles)s): this one was not "
                "started. Start it again when that one is done (at most %(limit)d at once: "
                "TASKS_PER_ARBITER).",
                "You have %(count)d jobs waiting or running (%(titles)s): this one was not "
                "started. Start it again when one of them is done (at most %(limit)d at once: "
                "TASKS_PER_ARBITER).",
                len(under_way),
            )
            % {
                "count": len(under_way),
                "titles": "; ".join(engine_text.translate(title) for title in under_way),
                "limit": limit,
            }
        )


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
    running, else one failed in the last FAILED_SHOWN_FOR that no later job of its kind has
    done since (a list imported after a failed one). One query."""
    failed_since = timezone.now() - FAILED_SHOWN_FOR
    done_since = BackgroundJob.objects.filter(
        tournament=tournament,
        kind=OuterRef("kind"),
        state=BackgroundJob.State.DONE,
        pk__gt=OuterRef("pk"),
    )
    return (
        BackgroundJob.objects.filter(tournament=tournament)
        .filter(
            Q(state__in=BackgroundJob.ACTIVE)
            | Q(state=BackgroundJob.State.FAILED, finished_at__gte=failed_since)
            & ~Exists(done_since)
        )
        .order_by(
            Case(When(state__in=BackgroundJob.ACTIVE, then=0), default=1), "-created_at", "-id"
        )
        .only("pk", "title", "state", "created_at", "started_at", "finished_at")
        .first()
    )


def reap(**which) -> int:
    """Fail the running jobs (of `which`: a tournament, a kind) whose lease ran out: their worker
    was lost, and nothing they did was committed (their work commits only with their "done").
    Their tasks are failed too. Returns how many."""
    now = timezone.now()
    cutoff = now - datetime.timedelta(seconds=settings.TASK_LEASE_SECONDS)
    lost = BackgroundJob.objects.filter(state=BackgroundJob.State.RUNNING, **which).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff)
    )
    if not lost.exists():  # a read: no write lock taken (SQLite) while nothing is lost
        return 0
    with transaction.atomic():
        rows = list(lost.select_for_update().values_list("pk", "task_id"))
        count = BackgroundJob.objects.filter(pk__in=[pk for pk, _ in rows]).update(
            state=BackgroundJob.State.FAILED,
            finished_at=now,
            payload="",
            message=gettext(
                "Its worker stopped while it ran (killed, or its machine restarted): nothing "
                "was changed. Start it again."
            ),
        )
        DBTaskResult.objects.filter(id__in=[task for _, task in rows if task]).filter(
            status="RUNNING"
        ).update(
            status="FAILED",
            finished_at=now,
            exception_class_path=f"{LeaseLost.__module__}.{LeaseLost.__qualname__}",
            traceback="The worker running it stopped renewing its lease (arbiter.platform.jobs).",
        )
    if count:
        logger.warning("Failed %s background job(s) whose worker was lost", count)
    return count


@contextmanager
def heartbeat(job_id: int) -> Iterator[None]:
    """Renew the running job's lease every sixth of TASK_LEASE_SECONDS while the block runs
    (a thread of the worker, with its own database connection). Not under the immediate backend
    (the tests), where the job runs inside the request's transaction."""
    if connection.in_atomic_block:
        yield
        return
    stop = threading.Event()

    def renew() -> None:
        try:
            while not stop.wait(settings.TASK_LEASE_SECONDS / 6):
                try:
                    BackgroundJob.objects.filter(
                        pk=job_id, state=BackgroundJob.State.RUNNING
                    ).update(heartbeat_at=timezone.now())
                except DatabaseError as error:  # busy or away: the next beat tries again
                    log_missed(error, "Could not renew the lease of job %s", job_id)
        finally:
            connections.close_all()  # this thread's own

    beat = threading.Thread(target=renew, name=f"job-{job_id}-lease", daemon=True)
    beat.start()
    try:
        yield
    finally:
        stop.set()
        beat.join(timeout=settings.TASK_LEASE_SECONDS)


def log_missed(error: DatabaseError, message: str, *args) -> None:
    """A write of the lease machinery failed: a warning, unless SQLite's write lock was held by
    a job's transaction (which keeps every other writer waiting: docs/background-tasks.md)."""
    locked = isinstance(error, OperationalError) and is_locked_database_exception(error)
    logger.log(logging.DEBUG if locked else logging.WARNING, message, *args, exc_info=not locked)


def run(job_id: int) -> None:
    """Run a queued job (the task's body): its runner under the time limit, then its outcome.
    A job gone meanwhile (its tournament deleted) or run already is left alone. The runner's
    work and the job's "done" are one transaction, committed only while the job holds its
    lease."""
    now = timezone.now()
    claimed = BackgroundJob.objects.filter(pk=job_id, state=BackgroundJob.State.QUEUED).update(
        state=BackgroundJob.State.RUNNING, started_at=now, heartbeat_at=now
    )
    if not claimed:
        return
    job = BackgroundJob.objects.select_related("tournament", "started_by").get(pk=job_id)
    kind = KINDS[job.kind]
    runner = kind.run
    # one transaction for the work and its "done", unless the runner commits its own steps
    atomic = nullcontext() if kind.own_transactions else transaction.atomic()
    with heartbeat(job.pk), override(job.options.get("language")):
        try:
            with deadline(settings.TASK_TIME_LIMIT), atomic:
                outcome = runner(job)
                if outcome.tournament is not None:
                    job.tournament = outcome.tournament
                job.result_url = outcome.result_url
                if not _finish(job, BackgroundJob.State.DONE, outcome.message):
                    raise LeaseLost
        except LeaseLost:
            logger.warning("Background job %s lost its lease: its work was rolled back", job.pk)
            raise  # its task fails too, as the keeper wrote
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
                    "An unexpected error stopped it: nothing was changed (the server's log says "
                    "more)."
                ),
            )


def still_running(job: BackgroundJob) -> bool:
    """Whether the job still runs (a runner with its own transactions asks between its steps:
    a job failed as lost meanwhile must stop and undo what it did)."""
    return BackgroundJob.objects.filter(pk=job.pk, state=BackgroundJob.State.RUNNING).exists()


def _finish(job: BackgroundJob, state: str, message: str, details: list[str] | None = None) -> bool:
    """Write the job's outcome, if it is still running (not failed as lost meanwhile)."""
    job.state = state
    job.message = message
    job.finished_at = timezone.now()
    job.payload = ""  # the file is in the tournament now, or was refused: not kept twice
    if details:
        job.options = {**job.options, "details": details[:200]}
    return bool(
        BackgroundJob.objects.filter(pk=job.pk, state=BackgroundJob.State.RUNNING).update(
            state=job.state,
            message=job.message,
            finished_at=job.finished_at,
            payload="",
            options=job.options,
            tournament=job.tournament,
            result_url=job.result_url,
        )
    )
