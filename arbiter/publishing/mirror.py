"""The public site answers the pages venues pushed, at the venue's own paths (docs/publishing.md,
"Same paths").

With PUBLISH_RECEIVE on, a GET or HEAD of an event's, tournament's or competition's public path
(``/e/<id>/...``, ``/t/<id>/...``, ``/c/<id>/...``, in any language prefix) is looked up among
the mirrored pages first (one indexed query, the blob with it); found, it is answered from
there, else the site's own views answer. A mirrored HTML page says when it came from the venue
(this server's clock), in an element ``#from-the-venue`` placed at the top of its ``<main>``,
beside the page's own ``#last-updated`` (when the venue last changed what it shows). Its
htmx live body is answered like the venue's: 204 to a poll that holds the version, else the
body. ETag (the blob's hash and the time it came), Cache-Control and Vary as the venue's pages.
"""

import gzip
import hashlib
import re
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.utils import formats, timezone
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbiter.platform.i18n import bare_path
from arbiter.platform.public_live import CACHE_CONTROL, VARY, not_modified
from arbiter.publishing.collect import restore
from arbiter.publishing.models import MirroredEvent, MirroredPage

_MIRRORED = re.compile(r"^/[etc]/\d+/")
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
_MAIN = re.compile(rb"<main\b[^>]*>")
#: The notice a mirrored page carries (what a comparison with the venue's page removes).
NOTICE = re.compile(rb'<p class="muted" id="from-the-venue">[^<]*</p>')


class MirrorMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.PUBLISH_RECEIVE and request.method in ("GET", "HEAD"):
            _language, bare = bare_path(request.path_info)
            if _MIRRORED.match(bare):
                answer = mirrored(request)
                if answer is not None:
                    return answer
        return self.get_response(request)


def mirrored(request: HttpRequest) -> HttpResponse | None:
    live = bool(request.headers.get("HX-Request"))
    if live:
        query = [(k, v) for k, v in parse_qsl(request.META.get("QUERY_STRING", "")) if k != "since"]
        path = request.path + (f"?{urlencode(query)}" if query else "")
    else:
        path = request.get_full_path()
    page = (
        MirroredPage.objects.filter(path=path, live__in=[live, False] if live else [False])
        .select_related("blob", "event")
        .order_by("-live")
        .first()
    )
    if page is None:
        return None
    if page.live and page.version and request.GET.get("since") == page.version:
        return _headers(HttpResponse(status=204), None)
    received = page.event.received_at
    stamp = received.isoformat() if received else ""
    tag = hashlib.blake2b(
        f"{page.blob_id}:{stamp}:{get_language()}".encode(), digest_size=12
    ).hexdigest()
    etag = f'W/"m{tag}"'
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    body = restore(bytes(page.blob.data), page.version)
    if page.content_type.startswith("text/html") and not page.live and received:
        body = with_notice(body, received)
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) and len(body) > 512:
        response = HttpResponse(gzip.compress(body, 6, mtime=0), content_type=page.content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body, content_type=page.content_type)
    if page.disposition:
        response["Content-Disposition"] = page.disposition
    return _headers(response, etag)


def with_notice(body: bytes, received) -> bytes:
    when = formats.date_format(timezone.localtime(received), "DATETIME_FORMAT")
    text = _("Last updated from the venue: %(time)s") % {"time": when}
    notice = f'<p class="muted" id="from-the-venue">{escape(text)}</p>'.encode()
    match = _MAIN.search(body)
    if match is None:
        return body
    return body[: match.end()] + notice + body[match.end() :]


def _headers(response: HttpResponse, etag: str | None) -> HttpResponse:
    if etag:
        response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    response["Vary"] = VARY
    # answered before the clickjacking middleware: its header here
    response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
    return response


def mirrored_events() -> list[MirroredEvent]:
    """The events venues published here that hold pages (an event its venue unpublished holds
    none), the last received first: the public site's home lists them (one query)."""
    return list(
        MirroredEvent.objects.filter(venue__active=True)
        .annotate(page_count=Count("pages"))
        .filter(page_count__gt=0)
        .order_by("-received_at", "-pk")
    )


def mirrored_version() -> str:
    """What moves when a venue publishes here or an event's copy goes: the home's part of its
    version (one query)."""
    seen = MirroredEvent.objects.aggregate(count=Count("id"), last=Max("received_at"))
    last = seen["last"].timestamp() if seen["last"] else 0
    return f"{seen['count']}-{last}"
