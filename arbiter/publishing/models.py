"""What publishing stores (docs/publishing.md).

On the venue: the venue's signing key and, per event, its publication (the outbox: where it
goes, the last sequence number sent and acknowledged, the state the arbiter sees).

On the public site: the venues it accepts (their public keys), and per mirrored event the
pages it received: path -> blob (content-addressed by SHA-256), switched in one transaction.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from arbiter.events.models import Event


class SigningKey(models.Model):
    """The venue's Ed25519 key (one per database, made on first use). Its public half is what
    the public site registers; the private half never leaves this database (not in backups)."""

    private_key = models.BinaryField()
    public_key = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.public_key


class Publication(models.Model):
    """One event's outbox on the venue: written by the desk (target, "publish now", take over)
    and by the publisher process (`manage.py publish_events`), never waited on by a request."""

    class State(models.TextChoices):
        OFF = "off", _("Not published (no public site set)")
        PENDING = "pending", _("Waiting to publish")
        PUBLISHED = "published", _("Published")
        FAILING = "failing", _("Failing, will retry")
        REFUSED = "refused", _("Refused by the public site")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="publication")
    #: The public site's base URL (https://results.example.org); empty: PUBLISH_URL.
    target_url = models.URLField(max_length=300, blank=True)
    #: (epoch, seq) orders what the public site accepts; a take-over bumps the epoch.
    epoch = models.PositiveIntegerField(default=1)
    seq = models.PositiveBigIntegerField(default=0)
    #: The manifest being sent, under `seq` (a retry of the same manifest keeps its seq).
    pending_manifest = models.CharField(max_length=64, blank=True)
    acked_seq = models.PositiveBigIntegerField(default=0)
    acked_manifest = models.CharField(max_length=64, blank=True)
    #: The event's versions when the acknowledged manifest was collected.
    acked_fingerprint = models.CharField(max_length=2000, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    last_error = models.CharField(max_length=500, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    next_try_at = models.DateTimeField(null=True, blank=True)
    #: "Publish now" was pressed: collect again even if no version moved.
    wake = models.BooleanField(default=False)
    pages = models.PositiveIntegerField(default=0)
    bytes_sent = models.PositiveBigIntegerField(default=0)
    #: What the public site said it holds, when it refused (another laptop, an older copy).
    remote_epoch = models.PositiveIntegerField(null=True, blank=True)
    remote_seq = models.PositiveBigIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.event}: {self.state}"


class Venue(models.Model):
    """A venue whose pushes this public site accepts: its Ed25519 public key."""

    name = models.CharField(max_length=100, unique=True)
    public_key = models.CharField(max_length=64, unique=True)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class MirroredEvent(models.Model):
    """An event a venue published here: the (epoch, seq) and manifest it holds."""

    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="events")
    #: The event's id at the venue (its pages' paths carry it).
    event_id = models.PositiveBigIntegerField()
    name = models.CharField(max_length=200, blank=True)
    epoch = models.PositiveIntegerField(default=0)
    seq = models.PositiveBigIntegerField(default=0)
    manifest = models.CharField(max_length=64, blank=True)
    #: When the last accepted publication arrived (this server's clock: shown to visitors).
    received_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["venue", "event_id"], name="mirrored_event_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Blob(models.Model):
    """A page's bytes, named by their SHA-256 (shared by every page with the same bytes)."""

    sha256 = models.CharField(max_length=64, primary_key=True)
    data = models.BinaryField()
    size = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.sha256


class MirroredPage(models.Model):
    """One public URL of a mirrored event (path with its query, as linked), whole page or its
    htmx live body, and the blob it answers with."""

    event = models.ForeignKey(MirroredEvent, on_delete=models.CASCADE, related_name="pages")
    path = models.CharField(max_length=500)
    #: The htmx live body of the page (asked with HX-Request), not the whole page.
    live = models.BooleanField(default=False)
    blob = models.ForeignKey(Blob, on_delete=models.PROTECT, related_name="+")
    content_type = models.CharField(max_length=100)
    disposition = models.CharField(max_length=200, blank=True)
    #: The version a live body shows: a poll sending it gets 204.
    version = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["path", "live"], name="mirrored_path_once"),
        ]

    def __str__(self) -> str:
        return self.path
