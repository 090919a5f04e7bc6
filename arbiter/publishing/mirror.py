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
An event's search with any text is answered from the event's mirrored people
(:func:`search`, docs/publishing.md "The event's search").
"""

import gzip
import hashlib
import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import formats, timezone
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbiter.platform.i18n import bare_path
from arbiter.platform.names import FOUND, SEARCH_MIN, matching, search_text
from arbiter.platform.public_live import CACHE_CONTROL, HTML, VARY, not_modified
from arbiter.publishing.collect import restore
from arbiter.publishing.models import MirroredEvent, MirroredPage

_MIRRORED = re.compile(r"^/[etc]/\d+/")
_SEARCH = re.compile(r"^/e/\d+/search/$")
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
                # an event's search is made from its people, else looked up as any page
                found = search(request) if _SEARCH.match(bare) else None
                if found is None:
                    found = mirrored(request)
                if found is not None:
                    return found
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
    return answer(request, body, page.content_type, etag, page.disposition)


def answer(
    request: HttpRequest, body: bytes, content_type: str, etag: str, disposition: str = ""
) -> HttpResponse:
    """`body` as a mirrored response: gzipped when accepted, with its ETag and the public
    pages' Cache-Control and Vary."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) and len(body) > 512:
        response = HttpResponse(gzip.compress(body, 6, mtime=0), content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(body, content_type=content_type)
    if disposition:
        response["Content-Disposition"] = disposition
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


# --- the event's search


@dataclass(frozen=True)
class Named:
    """A person as the search page shows them (an entry's name, title and club)."""

    name: str
    title: str = ""
    club: str = ""


@dataclass(frozen=True)
class Found:
    """One of the event's people as templates/public/event_search.html shows a hit (the venue's
    ``Hit``, arbiter/public/views/events.py)."""

    entry: Named
    section: str
    url: str
    category: str
    round: int | None
    board: int | None
    colour: str
    opponent: Named | None
    bye: str

    @classmethod
    def of(cls, person: dict) -> "Found":
        opponent = person.get("opponent")
        return cls(
            Named(
                str(person["name"]), str(person.get("title") or ""), str(person.get("club") or "")
            ),
            str(person.get("section") or ""),
            str(person.get("url") or ""),
            str(person.get("category") or ""),
            _number(person.get("round")),
            _number(person.get("board")),
            str(person.get("colour") or ""),
            Named(str(opponent)) if opponent else None,
            str(person.get("bye") or ""),
        )


@dataclass(frozen=True)
class MirroredEventName:
    """What the search page reads of its event: its id (its links) and name."""

    pk: int
    name: str


def _number(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def search(request: HttpRequest) -> HttpResponse | None:
    """``/e/<id>/search/?q=...`` (any language prefix) of a mirrored event: the venue's event
    search page, made here from the event's people the venue published in this language
    (``people.json``, arbiter/public/views/events.py ``event_people``) with the venue's rules
    (arbiter/platform/names.py): every word, accents and case aside, at least SEARCH_MIN
    characters, at most FOUND with the note that there are more. One indexed query (the JSON
    with its blob); None when the event's people are not held here (the site's own views
    answer: 404 for an event it does not hold). ETag and 304 as the mirrored pages (the
    people's blob, the time they came, the language, the query); no session, no form token."""
    page = (
        MirroredPage.objects.filter(path=f"{request.path}people.json", live=False)
        .select_related("blob", "event")
        .first()
    )
    if page is None:
        return None
    query = search_text(request)
    received = page.event.received_at
    stamp = received.isoformat() if received else ""
    tag = hashlib.blake2b(
        f"{page.blob_id}:{stamp}:{get_language()}:{query}".encode(), digest_size=12
    ).hexdigest()
    etag = f'W/"s{tag}"'
    if (unchanged := not_modified(request, etag)) is not None:
        return unchanged
    try:
        data = json.loads(restore(bytes(page.blob.data), page.version))
        event = MirroredEventName(page.event.event_id, str(data["event"]["name"]))
        people = [(str(p["key"]), p) for p in data["people"]]
        chosen, more = matching(people, query)
        hits = [Found.of(person) for person in chosen]
    except (ValueError, TypeError, KeyError, AttributeError):
        return None  # not what a venue publishes: as if not held
    context = {
        "event": event,
        "query": query,
        "hits": hits,
        "short": bool(query) and len(query) < SEARCH_MIN,
        "limit": FOUND,
        "more": more,
        "page_path": f"{request.path}?{urlencode({'q': query})}" if query else request.path,
    }
    body = render_to_string("public/event_search.html", context).encode()
    if received:
        body = with_notice(body, received)
    return answer(request, body, HTML, etag)
