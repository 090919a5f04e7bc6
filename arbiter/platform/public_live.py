"""Public responses any HTTP cache can keep: one cheap query, a version, an ETag, gzip.

Many phones follow a tournament at once and most of their requests find nothing new. Each public
page and download starts by reading the published tournament, whose version moves on in the same
transaction as every change (arbiter/core/services/status.py): one query, none while the row is kept
(arbiter/core/public_cache.py). The whole response is
built once per (tournament version, page, parameters) and kept gzipped in Django's cache
(arbiter/core/public_cache.py); the page holds nothing about the visitor (no session, no CSRF token,
no login state: templates/public/base.html), so it is the same for everyone and a shared cache
in front may keep it too:

- ``ETag`` names the version and the page; a request whose ``If-None-Match`` holds it gets 304
  without rendering or reading the kept page (Django's conditional GET compares them).
- ``Cache-Control: public``: browsers revalidate at every visit (``max-age=0``), a proxy keeps a
  response 10 s (``s-maxage``) and may answer at once while it asks again
  (``stale-while-revalidate``).
- ``Vary: HX-Request, Accept-Encoding``: the same URL answers with a whole page or only its live
  body, gzipped or not. Never ``Cookie`` on a page with a language prefix (/sv/...); the
  unprefixed (English) URLs add ``Accept-Language, Cookie``, since a browser preferring another
  language is redirected from them (arbiter/platform/i18n.py, docs/i18n.md).
- The language is part of every key and ETag: two languages never share a kept response.

The pairings, standings, bracket and player cards poll their body every 20 seconds with htmx,
sending the version they show; an unchanged one is answered 204 likewise.
"""

import gzip
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.public_cache import public_row, shared, stamp

#: A browser asks again at every visit (304 when nothing changed: no rendering, no query), so a
#: player sees a result as soon as it is in; a shared cache (a proxy) may reuse a response for
#: 10 s, and answer with an older one for a minute while it asks again.
CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60"
#: A previous version's response, handed out while another process builds the current one.
STALE_CACHE_CONTROL = "no-cache"
VARY = "HX-Request, Accept-Encoding"
HTML = "text/html; charset=utf-8"
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")

#: What a download or page returns to be kept: its content, content type and extra headers.
Made = tuple[str | bytes, str, dict[str, str]]


@dataclass(frozen=True)
class Kept:
    """A public response as kept in the cache: the body gzipped once, for every visitor."""

    etag: str
    content_type: str
    gzipped_body: bytes
    headers: tuple[tuple[str, str], ...]


def public_tournament(tournament_id: int) -> Tournament:
    """The published tournament (else 404) with `public_version`, what its public responses are
    kept under: one query, none while its row is kept (arbiter/core/public_cache.py)."""
    tournament = public_row(tournament_id)
    if tournament is None or not tournament.is_published:
        raise Http404(_("No published tournament here."))
    tournament.public_version = stamp(tournament)
    return tournament


def round_asked(request: HttpRequest) -> int | None:
    """The round of ``?round=N`` (None without one): ASCII digits only, else 404 (``²`` and
    ``٣`` pass ``str.isdigit``, and ``int`` reads the second)."""
    asked = request.GET.get("round", "")
    if not asked:
        return None
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 4):
        raise Http404(_("No such round."))
    return int(asked)


def kept_response(
    request: HttpRequest, scope: str, version: str, name: str, make: Callable[[], Made]
) -> HttpResponse:
    """The response `name` of `scope` (a tournament, the home page) at `version`: 304 when the
    visitor holds it already, else from the cache, built by `make` once per version."""
    key, etag, stale_key = kept_names(scope, version, name)
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    kept = shared(key, lambda: keep(etag, *make()), stale_key=stale_key)
    return served(request, kept, etag)


def kept_names(scope: str, version: str, name: str) -> tuple[str, str, str]:
    """Where the response `name` of `scope` at `version` in the active language is kept, its
    ETag, and where the last version's is kept."""
    name = f"{get_language()}:{name}"
    digest = hashlib.blake2b(f"{scope}:{name}:{version}".encode(), digest_size=12).hexdigest()
    return f"public:{scope}:{name}:{version}", f'W/"{digest}"', f"public:{scope}:{name}:latest"


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 when the visitor holds the response `etag` names (Django's conditional GET:
    If-None-Match compared weakly, as RFC 9110 says), with that response's ETag, Cache-Control
    and Vary; None when the response must be sent."""
    answer = get_conditional_response(request, etag, response=_cacheable(HttpResponse(), etag))
    return answer if answer.status_code == 304 else None


def served(request: HttpRequest, kept: Kept, etag: str) -> HttpResponse:
    """The kept response, gzipped when the visitor accepts it; not for shared caches when it is
    another version's than `etag`'s."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(kept.gzipped_body, content_type=kept.content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(kept.gzipped_body), content_type=kept.content_type)
    for header, value in kept.headers:
        response[header] = value
    if kept.etag != etag:  # the previous version, while the current one is being built
        response = _cacheable(response, kept.etag)
        response["Cache-Control"] = STALE_CACHE_CONTROL
        return response
    return _cacheable(response, etag)


def public_download(
    request: HttpRequest,
    tournament: Tournament,
    name: str,
    params: dict[str, str | int],
    make: Callable[[], Made],
) -> HttpResponse:
    """A download (CSV, JSON, TRF, PDF) of a published tournament, kept like its pages."""
    scope, _ = public_scope(tournament)
    return kept_response(
        request, scope, tournament.public_version, f"{name}?{urlencode(params)}", make
    )


def live_page(
    request: HttpRequest,
    tournament: Tournament,
    template: str,
    page: str,
    params: dict[str, str | int],
    build: Callable[[], dict],
    poll: bool = False,
    topic: str = "",
) -> HttpResponse:
    """Render `template`, whose `live` partial is the page body, once per version (of
    `tournament`, or of any subject with a ``public_version``: :func:`public_scope`).

    `page` names the page among the tournament's and `params` are its normalised query
    parameters: both are part of the cache key. `build` makes the body's context, raising
    Http404 when there is no such page. With `poll`, the body asks for itself again every
    PUBLIC_POLL_SECONDS, sending the version it shows; an htmx request with the current version
    gets 204 without touching anything else; the body names the live topic it follows too
    (`topic`, else its scope: ``t5``, ``c2``), so that a pushed nudge or body reaches it at once
    (docs/live.md).
    """
    version = tournament.public_version
    if request.htmx and request.GET.get("since") == version:
        return _cacheable(HttpResponse(status=204), None)
    query = urlencode(params)
    scope, subject = public_scope(tournament)
    page_path = request.path + (f"?{query}" if query else "")

    def body() -> dict:
        context = {subject: tournament, **build()}
        if poll:
            context["poll_url"] = f"{request.path}?{urlencode({**params, 'since': version})}"
            context["poll_every"] = f"{settings.PUBLIC_POLL_SECONDS}s"
            context["live_topic"] = topic or scope
        return {
            "title": render_to_string(f"{template}#title", context).strip(),
            "html": render_to_string(f"{template}#live", context),
        }

    def make() -> Made:
        # the whole page and the body alone share one rendering of the body
        parts = shared(f"public:{scope}:{get_language()}:{page}?{query}:parts:{version}", body)
        if request.htmx:
            return parts["html"], HTML, {}
        context = {
            subject: tournament,
            "title": parts["title"],
            "live_html": mark_safe(parts["html"]),
            "page_path": page_path,
        }
        return render_to_string(template, context), HTML, {}

    shape = "body" if request.htmx else "page"
    return kept_response(request, scope, version, f"{page}?{query}:{shape}", make)


def public_scope(subject) -> tuple[str, str]:
    """Where a public page's subject keeps its responses, and its name in the templates: a
    tournament ("t5", "tournament"), or a competition of several (``public_scope`` and
    ``public_name`` of its own, e.g. "c2", "competition")."""
    return (
        getattr(subject, "public_scope", f"t{subject.pk}"),
        getattr(subject, "public_name", "tournament"),
    )


def keep(etag: str, content: str | bytes, content_type: str, headers: dict[str, str]) -> Kept:
    data = content.encode() if isinstance(content, str) else content
    # mtime 0: the same content gives the same bytes in every process
    body = gzip.compress(data, compresslevel=6, mtime=0)
    return Kept(etag, content_type, body, tuple(headers.items()))


def _cacheable(response: HttpResponse, etag: str | None) -> HttpResponse:
    if etag:
        response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    response["Vary"] = VARY
    return response
