"""Collecting an event's public pages on the venue, as visitors get them (docs/publishing.md).

The pages are rendered in this process through the whole middleware stack (Django's test
client: no network), starting at the event's page and each section's page in every
PUBLISH_LANGUAGES language, following the links (href, src, hx-get) that stay inside the event:
its own ``/e/<id>/...``, its sections' ``/t/<id>/...`` (a competition day's categories
included) and ``/c/<id>/...``, with their query strings (``?round=3``). A response is published
when it is a 200 the app itself declares shareable (``Cache-Control: public``: every public
page and download, never a page with a form, a session or a "PDF being prepared" notice). A page
whose body polls with htmx has its live body collected too (``HX-Request``), with the version it
shows, so the mirror can answer a poll with 204. PDFs are written here, in this process
(PDFS_IN_BACKGROUND is off while collecting): the publisher is a background process already.

Bounded: at most PUBLISH_MAX_PAGES responses and PUBLISH_MAX_BLOB_BYTES each.
"""

import hashlib
import html
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
from django.utils.translation import gettext

from arbiter.core.models import Tournament
from arbiter.core.public_cache import forget
from arbiter.events.models import Event
from arbiter.platform.i18n import bare_path, public_url
from judo.models import Category

_LINK = re.compile(r"""\b(?:href|src|hx-get)\s*=\s*["']([^"'<>]+)["']""")
_POLL = re.compile(r"""\bhx-get\s*=\s*["']([^"'<>]*[?&](?:amp;)?since=[^"'<>]*)["']""")
_VERSION = re.compile(r"""\bdata-version\s*=\s*["']([^"'<>]*)["']""")
#: Stands for the version a page shows in its stored bytes (docs/publishing.md, "Incremental"):
#: every public page names its tournament's version (its poll), which moves with each result,
#: so the stored page holds this instead and the mirror puts the version back; a page whose
#: content did not change keeps its hash and does not travel again.
VERSION_MARK = b"\x00publish-version\x00"


#: A path (with its query) a public site accepts in a manifest: what links are made of.
PATH = re.compile(r"^/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]{0,499}$")


class TooBig(Exception):
    """The event has more pages, or a larger page, than the limits allow."""


@dataclass(frozen=True)
class Page:
    body: bytes
    content_type: str
    disposition: str = ""
    version: str = ""  # a live body's version

    def restored(self) -> bytes:
        """The bytes a visitor gets (the version put back)."""
        return restore(self.body, self.version)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body).hexdigest()

    def entry(self) -> dict:
        entry = {"sha256": self.sha256, "type": self.content_type}
        if self.disposition:
            entry["disposition"] = self.disposition
        if self.version:
            entry["version"] = self.version
        return entry


@dataclass
class Collected:
    pages: dict[str, Page] = field(default_factory=dict)
    live: dict[str, Page] = field(default_factory=dict)

    def manifest(self, event: Event) -> dict:
        return {
            "event": event.pk,
            "name": event.name,
            "pages": {path: page.entry() for path, page in sorted(self.pages.items())},
            "live": {path: page.entry() for path, page in sorted(self.live.items())},
        }

    def blobs(self) -> dict[str, bytes]:
        return {p.sha256: p.body for p in [*self.pages.values(), *self.live.values()]}


@dataclass(frozen=True)
class Scope:
    """The paths (without their language prefix) that belong to the event."""

    event_id: int
    tournaments: frozenset[int]
    competitions: frozenset[int]

    def holds(self, bare: str) -> bool:
        match = re.match(r"^/([etc])/(\d+)/", bare)
        if match is None:
            return False
        kind, number = match.group(1), int(match.group(2))
        if kind == "e":
            return number == self.event_id
        return number in (self.tournaments if kind == "t" else self.competitions)


def scope_of(event: Event) -> Scope:
    sections = list(event.sections.values_list("tournament_id", "competition_id"))
    tournaments = {t for t, _c in sections if t}
    competitions = {c for _t, c in sections if c}
    tournaments |= set(
        Category.objects.filter(competition__in=competitions).values_list(
            "tournament_id", flat=True
        )
    )
    return Scope(event.pk, frozenset(tournaments), frozenset(competitions))


def fingerprint(event: Event) -> str:
    """The versions every public page of the event is kept under (cheap: three queries); when
    it is what was last published, nothing needs collecting."""
    scope = scope_of(event)
    tournaments = Tournament.objects.filter(pk__in=scope.tournaments).order_by("pk")
    versions = ",".join(
        f"{pk}:{v}:{p:d}" for pk, v, p in tournaments.values_list("pk", "version", "is_published")
    )
    competitions = ",".join(
        f"{pk}:{v}:{p:d}"
        for pk, v, p in event.sections.filter(competition__isnull=False)
        .order_by("competition_id")
        .values_list("competition_id", "competition__version", "competition__is_published")
    )
    languages = ",".join(settings.PUBLISH_LANGUAGES)
    return f"{event.version}:{event.is_published:d}|{versions}|{competitions}|{languages}"


def _links(body: str, base: str) -> list[str]:
    found = []
    for raw in _LINK.findall(body):
        url = urljoin(base, html.unescape(raw))
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or not parts.path.startswith("/"):
            continue
        found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def without_since(url: str) -> str:
    """A poll's URL without its ``since`` (the live body's own URL)."""
    parts = urlsplit(url)
    query = urlencode(
        [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "since"]
    )
    return parts.path + (f"?{query}" if query else "")


def client() -> Client:
    hosts = [h for h in settings.ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
    # a page that fails on the venue (500) is left out as a 404 is, not the publication
    return Client(HTTP_HOST=hosts[0] if hosts else "localhost", raise_request_exception=False)


def collect(event: Event) -> Collected:
    """Every public response of the event, in every PUBLISH_LANGUAGES language."""
    scope = scope_of(event)
    for tournament_id in scope.tournaments:
        # this process may keep a tournament's row for seconds (arbiter/core/public_cache.py):
        # the pages must be at least as new as the fingerprint read before
        forget(tournament_id)
    starts = [f"/e/{event.pk}/"]
    for tournament_id, competition_id in event.sections.values_list(
        "tournament_id", "competition_id"
    ):
        starts.append(f"/t/{tournament_id}/" if tournament_id else f"/c/{competition_id}/")
    queue = [
        public_url(bare, language) for language in settings.PUBLISH_LANGUAGES for bare in starts
    ]
    seen = set(queue)
    collected = Collected()
    browser = client()
    limit, largest = settings.PUBLISH_MAX_PAGES, settings.PUBLISH_MAX_BLOB_BYTES
    with override_settings(PDFS_IN_BACKGROUND=False):
        while queue:
            url = queue.pop(0)
            response = browser.get(url, secure=True)
            browser.cookies.clear()
            if response.status_code != 200 or "public" not in response.get("Cache-Control", ""):
                continue
            page = _versioned(_page(response))
            if len(page.body) > largest:
                raise TooBig(
                    gettext("%(url)s has %(size)d bytes, more than PUBLISH_MAX_BLOB_BYTES.")
                    % {"url": url, "size": len(page.body)}
                )
            collected.pages[url] = page
            if len(collected.pages) + len(collected.live) > limit:
                raise TooBig(
                    gettext("The event has more than %(limit)d pages (PUBLISH_MAX_PAGES).")
                    % {"limit": limit}
                )
            if not page.content_type.startswith("text/html"):
                continue
            text = page.restored().decode("utf-8", "replace")
            for poll in _POLL.findall(text):
                live_url = without_since(html.unescape(poll))
                if live_url in collected.live:
                    continue
                answer = browser.get(live_url, secure=True, HTTP_HX_REQUEST="true")
                if answer.status_code == 200:
                    collected.live[live_url] = _versioned(_page(answer))
            for link in _links(text, url):
                if link in seen:
                    continue
                language, bare = bare_path(urlsplit(link).path)
                if not scope.holds(bare) or (language or settings.LANGUAGE_CODE) not in (
                    settings.PUBLISH_LANGUAGES
                ):
                    continue
                if "since=" in link or not PATH.match(link):
                    continue
                seen.add(link)
                queue.append(link)
    return collected


def restore(body: bytes, version: str) -> bytes:
    return body.replace(VERSION_MARK, version.encode()) if version else body


def _versioned(page: Page) -> Page:
    """The page with the version it shows (``data-version``) replaced by VERSION_MARK; as it
    is when it has none, or holds the mark already (never: a NUL byte in a page)."""
    if not page.content_type.startswith("text/html") or VERSION_MARK in page.body:
        return page
    found = _VERSION.search(page.body.decode("utf-8", "replace"))
    if found is None or not found.group(1):
        return page
    version = found.group(1)
    body = page.body.replace(version.encode(), VERSION_MARK)
    return Page(body, page.content_type, page.disposition, version)


def _page(response) -> Page:
    body = response.content
    if response.get("Content-Encoding") == "gzip":  # never asked for, but never stored so
        import gzip

        body = gzip.decompress(body)
    return Page(
        body,
        response.get("Content-Type", "application/octet-stream")[:100],
        response.get("Content-Disposition", "")[:200],
    )
