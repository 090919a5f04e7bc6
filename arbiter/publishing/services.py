"""The state changes of publishing, one function each (docs/publishing.md).

Venue: the desk sets the public site and presses "Publish now" or "Take over" (database rows
only: a request never waits on the network); the publisher process runs :func:`publish_event`
for each event whose versions moved, records the outcome and backs off after a failure.

Public site: :func:`missing_blobs`, :func:`store_blob`, :func:`commit` take what a registered
venue sends (its signature checked by the view before).
"""

import hashlib
import json
import random
import re
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.core.models import Tournament
from arbiter.events.models import Event
from arbiter.platform.i18n import bare_path
from arbiter.publishing import collect, push
from arbiter.publishing.models import (
    Blob,
    MirroredEvent,
    MirroredPage,
    Publication,
    SigningKey,
    Venue,
)
from arbiter.publishing.signing import valid_public_key, venue_key
from judo.models import Competition

#: Seconds before the n-th retry after a failure: 2, 4, 8 ... at most this.
MAX_BACKOFF = 60
#: Blobs no page names are deleted this long after they came (a publication under way may
#: still name them).
ORPHAN_BLOB_AGE = timedelta(hours=1)


class PublishError(Exception):
    """A request the public site refuses: the message says why; HTTP status `status`."""

    def __init__(self, message: str, status: int = 400, **extra) -> None:
        super().__init__(message)
        self.status, self.extra = status, extra


# --- the venue -------------------------------------------------------------------------------


def publication_of(event: Event) -> Publication:
    publication, _created = Publication.objects.get_or_create(event=event)
    return publication


def target_of(publication: Publication) -> str:
    return publication.target_url or settings.PUBLISH_URL


def set_target(event: Event, url: str) -> Publication:
    """Where the event is published (empty: PUBLISH_URL); it is published there next. (The
    event's publishing state on this machine, not a tournament's: no audit entry.)"""
    publication = publication_of(event)
    Publication.objects.filter(pk=publication.pk).update(
        target_url=url.strip().rstrip("/"),
        wake=True,
        next_try_at=None,
        attempts=0,
        acked_fingerprint="",
        acked_manifest="",
        state=Publication.State.PENDING,
    )
    publication.refresh_from_db()
    return publication


def publish_now(event: Event) -> Publication:
    """Ask the publisher to publish at its next wake-up (a few seconds), even if it is backing
    off after a failure. Only marks the row."""
    publication = publication_of(event)
    Publication.objects.filter(pk=publication.pk).update(wake=True, next_try_at=None)
    publication.refresh_from_db()
    return publication


def take_over(event: Event) -> Publication:
    """This laptop becomes the event's publisher: a new epoch above any the public site named,
    so its publications replace those of another laptop or an older copy of this database."""
    with transaction.atomic():
        return _take_over(event)


def _take_over(event: Event) -> Publication:
    publication = Publication.objects.select_for_update().get(pk=publication_of(event).pk)
    publication.epoch = max(publication.epoch, publication.remote_epoch or 0) + 1
    publication.seq = 0
    publication.pending_manifest = ""
    publication.acked_manifest = ""
    publication.acked_fingerprint = ""
    publication.state = Publication.State.PENDING
    publication.wake, publication.next_try_at, publication.attempts = True, None, 0
    publication.save()
    return publication


def due(now=None) -> list[Publication]:
    """The publications the publisher looks at now: with a target, woken, or not backing off
    after a failure; a refused one waits for a take-over or "Publish now"."""
    now = now or timezone.now()
    if settings.PUBLISH_URL:
        # every published event goes to PUBLISH_URL, opened on its page or not
        new = Event.objects.filter(is_published=True, publication__isnull=True)
        Publication.objects.bulk_create(
            [Publication(event=event) for event in new], ignore_conflicts=True
        )
    found = []
    for publication in Publication.objects.select_related("event").order_by("pk"):
        if not target_of(publication):
            continue
        if publication.wake or (
            publication.state != Publication.State.REFUSED
            and (publication.next_try_at is None or publication.next_try_at <= now)
        ):
            found.append(publication)
    return found


def publish_event(publication: Publication, key: SigningKey | None = None) -> str:
    """Publish the event's newest state if its versions moved since the last acknowledged one
    (or "Publish now" was pressed). Returns what happened: "unchanged", "published",
    "failing" or "refused". Runs in the publisher process only."""
    event = publication.event
    woken = publication.wake
    Publication.objects.filter(pk=publication.pk).update(wake=False)
    fingerprint = collect.fingerprint(event)
    if fingerprint == publication.acked_fingerprint and not woken:
        return "unchanged"
    try:
        collected = collect.collect(event) if event.is_published else collect.Collected()
        manifest = collected.manifest(event)
        digest = manifest_sha256(manifest)
        if digest == publication.acked_manifest:
            _record(publication, state=Publication.State.PUBLISHED, fingerprint=fingerprint)
            return "unchanged"
        seq = publication.seq
        if digest != publication.pending_manifest:
            # a new manifest gets a new seq, so a commit whose answer was lost never forks
            seq = publication.seq + 1
            Publication.objects.filter(pk=publication.pk).update(seq=seq, pending_manifest=digest)
        target = push.Target(target_of(publication), key or venue_key())
        try:
            push.push(target, event.pk, publication.epoch, seq, manifest, collected.blobs())
        finally:
            Publication.objects.filter(pk=publication.pk).update(
                bytes_sent=publication.bytes_sent + target.sent
            )
    except push.Refused as refused:
        _record(
            publication,
            state=Publication.State.REFUSED,
            error=refused.message,
            remote_epoch=refused.epoch,
            remote_seq=refused.seq,
        )
        return "refused"
    except (push.PushFailed, collect.TooBig) as error:
        attempts = publication.attempts + 1
        backoff = min(2**attempts, MAX_BACKOFF) * random.uniform(0.75, 1.0)
        _record(
            publication,
            state=Publication.State.FAILING,
            error=str(error),
            attempts=attempts,
            next_try_at=timezone.now() + timedelta(seconds=backoff),
        )
        return "failing"
    _record(
        publication,
        state=Publication.State.PUBLISHED,
        fingerprint=fingerprint,
        acked_seq=seq,
        acked_manifest=digest,
        pages=len(manifest["pages"]),
        last_success_at=timezone.now(),
    )
    return "published"


def _record(publication: Publication, *, state, fingerprint=None, error="", **fields) -> None:
    fields.setdefault("attempts", 0)
    fields.setdefault("next_try_at", None)
    values = {"state": state, "last_error": error[:500], "last_attempt_at": timezone.now()}
    if fingerprint is not None:
        values["acked_fingerprint"] = fingerprint
    Publication.objects.filter(pk=publication.pk).update(**values, **fields)


def manifest_sha256(manifest: dict) -> str:
    return hashlib.sha256(canonical(manifest)).hexdigest()


def canonical(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


# --- the public site -------------------------------------------------------------------------

_SHA = re.compile(r"^[0-9a-f]{64}$")
#: A header value: printable ASCII, no line break (Content-Type, Content-Disposition).
_HEADER = re.compile(r"^[\x20-\x7e]*$")


def register_venue(name: str, public_key: str) -> Venue:
    """Accept pushes signed by this key under this venue's name (a new key for a known name
    replaces its old one: a leaked key is rotated so)."""
    if not valid_public_key(public_key):
        raise PublishError(_("That is not a venue's public key."))
    venue, _created = Venue.objects.update_or_create(
        name=name, defaults={"public_key": public_key, "active": True}
    )
    return venue


def _event_id(data: dict) -> int:
    event_id = data.get("event")
    if not isinstance(event_id, int) or isinstance(event_id, bool) or not 0 < event_id < 2**53:
        raise PublishError(_("The event must be a positive number."))
    return event_id


def missing_blobs(venue: Venue, data: dict) -> list[str]:
    """The blobs of an offer this site lacks."""
    _event_id(data)
    wanted = data.get("blobs")
    if not isinstance(wanted, list) or not all(
        isinstance(sha, str) and _SHA.match(sha) for sha in wanted
    ):
        raise PublishError(_("The blobs must be a list of SHA-256 hashes."))
    if len(wanted) > 2 * settings.PUBLISH_MAX_PAGES:
        raise PublishError(_("Too many blobs."), status=413)
    have = set()
    wanted = sorted(set(wanted))
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        have |= set(Blob.objects.filter(sha256__in=chunk).values_list("sha256", flat=True))
    return [sha for sha in wanted if sha not in have]


def store_blob(venue: Venue, sha256: str, data: bytes) -> bool:
    """Keep a blob whose bytes hash to its name; True when it was new."""
    if not _SHA.match(sha256):
        raise PublishError(_("A blob is named by its SHA-256."), status=404)
    if len(data) > settings.PUBLISH_MAX_BLOB_BYTES:
        raise PublishError(
            _("A blob may be at most %(limit)d bytes.")
            % {"limit": settings.PUBLISH_MAX_BLOB_BYTES},
            status=413,
        )
    if hashlib.sha256(data).hexdigest() != sha256:
        raise PublishError(_("The blob's bytes do not match its SHA-256."))
    if Blob.objects.filter(sha256=sha256).exists():
        return False
    try:
        with transaction.atomic():
            Blob.objects.create(sha256=sha256, data=data, size=len(data))
    except IntegrityError:  # the same blob, sent twice at once
        return False
    return True


def _manifest_pages(manifest: dict, event_id: int) -> list[tuple[str, bool, dict]]:
    if not isinstance(manifest, dict) or manifest.get("event") != event_id:
        raise PublishError(_("The manifest is not this event's."))
    if not isinstance(manifest.get("name", ""), str):
        raise PublishError(_("The event's name must be text."))
    rows = []
    for part, live in (("pages", False), ("live", True)):
        pages = manifest.get(part, {})
        if not isinstance(pages, dict):
            raise PublishError(_("The manifest's pages must be a mapping."))
        for path, entry in pages.items():
            if not (isinstance(path, str) and collect.PATH.match(path)):
                raise PublishError(_("Not a path: %(path)s") % {"path": str(path)[:100]})
            if not (
                isinstance(entry, dict)
                and isinstance(entry.get("sha256"), str)
                and _SHA.match(entry["sha256"])
                and isinstance(entry.get("type"), str)
                and len(entry["type"]) <= 100
                and _HEADER.match(entry["type"])
                and isinstance(entry.get("disposition", ""), str)
                and len(entry.get("disposition", "")) <= 200
                and _HEADER.match(entry.get("disposition", ""))
                and isinstance(entry.get("version", ""), str)
                and len(entry.get("version", "")) <= 200
            ):
                raise PublishError(_("A page's entry is malformed: %(path)s") % {"path": path})
            rows.append((path, live, entry))
    if len(rows) > 2 * settings.PUBLISH_MAX_PAGES:
        raise PublishError(_("Too many pages."), status=413)
    return rows


def _claims(rows, event_id: int) -> tuple[set[int], set[int]]:
    """The tournaments and competitions the pages' paths name; every path must be the
    event's, a tournament's or a competition's page."""
    tournaments, competitions = set(), set()
    for path, _live, _entry in rows:
        _language, bare = bare_path(path.split("?", 1)[0])
        match = re.match(r"^/([etc])/(\d+)/", bare)
        if match is None or (match.group(1) == "e" and int(match.group(2)) != event_id):
            raise PublishError(_("Not a page of this event: %(path)s") % {"path": path})
        if match.group(1) == "t":
            tournaments.add(int(match.group(2)))
        elif match.group(1) == "c":
            competitions.add(int(match.group(2)))
    return tournaments, competitions


def commit(venue: Venue, data: dict) -> str:
    """Switch the event's pages to the manifest's, in one transaction: "accepted", or
    "already" when this very commit is held; PublishError 409 for a lower (epoch, seq) or the
    same with another manifest (a fork), or blobs missing."""
    event_id = _event_id(data)
    epoch, seq = data.get("epoch"), data.get("seq")
    if not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 < n < 2**53 for n in (epoch, seq)
    ):
        raise PublishError(_("Epoch and seq must be positive numbers."))
    manifest = data.get("manifest")
    rows = _manifest_pages(manifest, event_id)
    digest = manifest_sha256(manifest)
    tournaments, competitions = _claims(rows, event_id)
    with transaction.atomic():
        mirrored, _created = MirroredEvent.objects.get_or_create(venue=venue, event_id=event_id)
        mirrored = MirroredEvent.objects.select_for_update().get(pk=mirrored.pk)
        held = (mirrored.epoch, mirrored.seq)
        if (epoch, seq) == held:
            if digest == mirrored.manifest:
                return "already"
            raise PublishError(
                _(
                    "Seq %(seq)d of epoch %(epoch)d is held with other pages: another laptop"
                    " publishes this event (take over publishing on the one that is the master)."
                )
                % {"seq": seq, "epoch": epoch},
                status=409,
                refused=True,
                epoch=held[0],
                seq=held[1],
            )
        if (epoch, seq) < held:
            raise PublishError(
                _(
                    "This site holds a newer publication of the event (epoch %(epoch)d, seq"
                    " %(seq)d)."
                )
                % {"epoch": held[0], "seq": held[1]},
                status=409,
                refused=True,
                epoch=held[0],
                seq=held[1],
            )
        wanted = {entry["sha256"] for _path, _live, entry in rows}
        have = set()
        for chunk in _chunks(sorted(wanted)):
            have |= set(Blob.objects.filter(sha256__in=chunk).values_list("sha256", flat=True))
        if missing := sorted(wanted - have):
            raise PublishError(
                _("%(count)d blobs are missing: send them, then commit again.")
                % {"count": len(missing)},
                status=409,
                missing=missing[:1000],
            )
        _refuse_others(mirrored, rows, tournaments, competitions, event_id)
        MirroredPage.objects.filter(event=mirrored).delete()
        MirroredPage.objects.bulk_create(
            [
                MirroredPage(
                    event=mirrored,
                    path=path,
                    live=live,
                    blob_id=entry["sha256"],
                    content_type=entry["type"],
                    disposition=entry.get("disposition", ""),
                    version=entry.get("version", ""),
                )
                for path, live, entry in rows
            ],
            batch_size=500,
        )
        mirrored.epoch, mirrored.seq, mirrored.manifest = epoch, seq, digest
        mirrored.name = manifest.get("name", "")[:200]
        mirrored.received_at = timezone.now()
        mirrored.save()
        named = MirroredPage.objects.filter(blob=OuterRef("pk"))
        Blob.objects.filter(created_at__lt=timezone.now() - ORPHAN_BLOB_AGE).exclude(
            Exists(named)
        ).delete()
    return "accepted"


def _chunks(items: list, size: int = 500):
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _refuse_others(mirrored, rows, tournaments, competitions, event_id) -> None:
    """A path another mirrored event holds, or one of this site's own published tournaments,
    competitions or events, is never taken over (docs/publishing.md, "Same paths")."""
    paths = [path for path, _live, _entry in rows]
    for chunk in _chunks(paths):
        taken = (
            MirroredPage.objects.filter(path__in=chunk)
            .exclude(event=mirrored)
            .values_list("path", flat=True)
            .first()
        )
        if taken:
            raise PublishError(
                _("%(path)s is published here from another event.") % {"path": taken},
                status=409,
            )
    local = (
        Tournament.objects.filter(pk__in=tournaments, is_published=True).exists()
        or Competition.objects.filter(pk__in=competitions, is_published=True).exists()
        or Event.objects.filter(pk=event_id, is_published=True).exists()
    )
    if local:
        raise PublishError(
            _(
                "This site publishes a tournament, competition or event of its own under these"
                " paths."
            ),
            status=409,
        )
