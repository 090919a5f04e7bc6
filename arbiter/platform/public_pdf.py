"""Public PDFs built by a task worker, not by the request that first asks for them.

The standings PDF of a 2000-player event takes seconds to write, a round's pairing list too
(docs/background-tasks.md, "PDFs"): more than a web worker should spend on one anonymous
request. So a PDF not yet kept for the tournament's current version is queued as the task
``arbiter.platform.tasks.build_public_pdf``, once per PDF and version however many ask (a marker
added to the cache), and the request answers at once: with the previous version's PDF while there is
one (not for shared caches), else (the very first build) with a small page saying the PDF is being
prepared, which asks again by itself: never an error. The worker keeps the PDF where the next
request finds it, and as the last one for the next version's visitors
(arbiter/core/public_cache.py).

This needs a cache the worker shares with the app servers (Redis): without ``REDIS_URL`` each
process keeps its own, a worker could not hand the PDF over, and the request builds the PDF
itself as every public download does (``settings.PDFS_IN_BACKGROUND``); so does it while Redis
is down.
"""

from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.module_loading import import_string
from django.utils.translation import get_language

from arbiter.core.models import Tournament
from arbiter.core.public_cache import shared, stamp
from arbiter.platform.jobs import field_size, placement
from arbiter.platform.public_live import (
    keep,
    kept_names,
    not_modified,
    public_download,
    public_scope,
    served,
)

#: Seconds after which the "being prepared" page asks again.
RETRY_SECONDS = 3
#: How long a PDF's task counts as queued: past it (its worker lost, or a long queue) the next
#: request queues it again; a task for a PDF already written costs a cache read.
QUEUED_SECONDS = 60


def public_pdf(
    request: HttpRequest,
    tournament: Tournament,
    name: str,
    params: dict[str, str | int],
    *,
    notice: str,
    builder: str,
    args: tuple = (),
    check: Callable[[], None] | None = None,
    loader: str = "",
    back_url: str = "",
) -> HttpResponse:
    """The PDF `name` of a published tournament, kept per version like every download.

    `builder` names a function ``(tournament, *args) -> Made`` that writes it; `notice` is the
    sentence the waiting page says ("The PDF of the standings is being prepared."); `check`
    raises Http404 when there is nothing to write, before anything is queued (it runs only when
    the PDF is not kept).

    A subject other than a tournament (a competition: ``public_scope``) names `loader`, a
    function ``(id) -> subject`` with ``public_version`` (404 when not published) that the task
    reads it again with, and `back_url`, the page the "being prepared" page links back to.
    """
    if not settings.PDFS_IN_BACKGROUND or getattr(cache, "down", False):
        # no cache shared with the workers (no Redis, or Redis down: arbiter/platform/cache.py)
        made = import_string(builder)
        return public_download(request, tournament, name, params, lambda: made(tournament, *args))
    scope, full_name = public_scope(tournament)[0], f"{name}?{urlencode(params)}"
    key, etag, stale_key = kept_names(scope, tournament.public_version, full_name)
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    kept = cache.get(key)
    if kept is None:
        if check is not None:
            check()
        marker = f"{key}:queued"
        # One task per PDF and version, however many ask; asked again after QUEUED_SECONDS.
        if cache.add(marker, True, QUEUED_SECONDS):
            # a large field's PDF takes seconds: not on the queue of quick jobs
            # (arbiter/platform/jobs.py) (a subject other than a tournament, a competition day's
            # sheets, counts as large)
            large = settings.TASK_LARGE_FIELD
            size = field_size(tournament) if isinstance(tournament, Tournament) else large
            task = import_string("arbiter.platform.tasks.build_public_pdf").using(
                queue_name=placement(size)["queue_name"]
            )
            try:
                task.enqueue(
                    tournament.pk, full_name, builder, list(args), marker, loader, get_language()
                )
            except Exception:
                cache.delete(marker)  # not queued: the next request tries again
                raise
            kept = cache.get(key)  # a task run at once (the immediate backend) has kept it
    if kept is None:
        kept = cache.get(stale_key)
    if kept is None:
        return preparing(request, tournament, notice, back_url)
    return served(request, kept, etag)


def preparing(
    request: HttpRequest, tournament: Tournament, notice: str, back_url: str = ""
) -> HttpResponse:
    """202 Accepted: the PDF is on its way, and this page asks for it again by itself (a
    refresh in the page, Retry-After for programs). Not an error (a 503 was shown as one), and
    kept by no cache (``no-store``)."""
    back_url = back_url or reverse("tournament", args=[tournament.pk])
    context = {
        "tournament": tournament,
        "notice": notice,
        "retry_seconds": RETRY_SECONDS,
        "back_url": back_url,
    }
    response = render(request, "public/pdf_preparing.html", context, status=202)
    response["Retry-After"] = str(RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def build(
    tournament_id: int, full_name: str, builder: str, args: list, marker: str, loader: str
) -> None:
    """The task's body (run in the visitor's language): write the PDF for its subject's current
    version and keep it (also as the latest version's, for the next version's visitors). A
    subject unpublished meanwhile, or a round no longer public, leaves nothing."""
    try:
        if loader:
            try:
                tournament = import_string(loader)(tournament_id)
            except Http404:
                return
        else:
            tournament = Tournament.objects.filter(pk=tournament_id, is_published=True).first()
            if tournament is None:
                return
            tournament.public_version = stamp(tournament)
        scope = public_scope(tournament)[0]
        key, etag, stale_key = kept_names(scope, tournament.public_version, full_name)
        made = import_string(builder)
        try:
            shared(key, lambda: keep(etag, *made(tournament, *args)), stale_key=stale_key)
        except Http404:
            return
    finally:
        cache.delete(marker)
