"""What an event (a festival of sections) stores: the event, its staff, its sections, its
schedule and its registrations (docs/events.md).

A section is an existing tournament or judo competition day placed in the event; neither knows
about events, so the core and the judo day stay below this room. A registration is a person
entered once for the whole event, placed in one section (a chess tournament, or a category of a
competition day) where it becomes that tournament's ``Entry``.
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import (
    Entry,
    Title,
    Tournament,
    federation_code,
    no_control_characters,
)
from judo.models import Competition

#: The largest logo kept (bytes); a logo is shown small on the event's pages.
MAX_LOGO_BYTES = 256 * 1024
#: The largest fee an entry may be asked (in the event's currency).
MAX_FEE = Decimal("99999.99")


class Event(models.Model):
    """A festival: one name, place and dates over several sections (Open A, B, C, a blitz, a
    judo competition day), with one registration list and one public page."""

    name = models.CharField(max_length=200, validators=[no_control_characters])
    city = models.CharField(
        _("Place"), max_length=100, blank=True, validators=[no_control_characters]
    )
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    organiser = models.CharField(max_length=200, blank=True, validators=[no_control_characters])
    #: The logo as uploaded (PNG, JPEG or WebP, checked by Pillow; at most MAX_LOGO_BYTES), kept
    #: in the database so a backup and a publication carry it.
    logo = models.BinaryField(blank=True, default=b"", editable=False)
    logo_type = models.CharField(max_length=20, blank=True, editable=False)
    #: Players may enter themselves on the public page while entries are open.
    entries_open = models.BooleanField(default=False)
    #: The fee a new registration is asked, in ``currency``; the organiser may change each one.
    entry_fee = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(MAX_FEE)],
    )
    currency = models.CharField(max_length=3, default="EUR", validators=[no_control_characters])
    is_published = models.BooleanField(default=False)
    #: Moves on with every change of the event itself or its registrations, in the change's own
    #: transaction (its sections move their own).
    version = models.PositiveBigIntegerField(default=0)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="EventStaff", related_name="events"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = [models.F("start_date").desc(nulls_last=True), "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="event_ends_after_it_starts",
            ),
            models.CheckConstraint(condition=Q(entry_fee__gte=0), name="event_fee_not_negative"),
        ]

    def __str__(self) -> str:
        return self.name

    #: What its public pages are kept under (arbiter/platform/public_live.py).
    public_name = "event"

    @property
    def public_scope(self) -> str:
        return f"e{self.pk}"


class EventStaff(models.Model):
    """Who runs the event: organisers manage it (sections, registrations, fees, publishing);
    arbiters see the registrations and check players in. Each section keeps its own arbiters
    (``TournamentArbiter``, the competition day's)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        ARBITER = "arbiter", _("Arbiter")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        ordering = ["role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="event_staff_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}: {self.user}"


class Section(models.Model):
    """A tournament or a competition day of the event, in the event's order."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    position = models.PositiveSmallIntegerField(default=0)
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="section"
    )
    competition = models.OneToOneField(
        Competition, on_delete=models.CASCADE, null=True, blank=True, related_name="section"
    )

    class Meta:
        ordering = ["event", "position", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(tournament__isnull=True, competition__isnull=False)
                | Q(tournament__isnull=False, competition__isnull=True),
                name="section_is_one_thing",
            ),
        ]

    def __str__(self) -> str:
        return str(self.tournament or self.competition)


class ScheduleItem(models.Model):
    """One line of the event's schedule (a round, the opening, the prize-giving)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="schedule")
    starts_at = models.DateTimeField()
    title = models.CharField(max_length=200, validators=[no_control_characters])
    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, null=True, blank=True, related_name="schedule"
    )

    class Meta:
        ordering = ["event", "starts_at", "id"]

    def __str__(self) -> str:
        return self.title


class Registration(models.Model):
    """A person entered once for the whole event, as they entered themselves (or the organiser
    did), placed in one section: ``tournament`` is the chess section, or the category's
    tournament of a competition day; once approved, ``entry`` is their entry there."""

    class State(models.TextChoices):
        PENDING = "pending", _("Waiting for approval")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "f", _("Female")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    name = models.CharField(
        max_length=100, help_text=_("Lastname, Firstname"), validators=[no_control_characters]
    )
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1900), MaxValueValidator(2100)]
    )
    federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    club = models.CharField(max_length=100, blank=True, validators=[no_control_characters])
    fide_id = models.PositiveBigIntegerField("FIDE id", null=True, blank=True)
    rating = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(3500)])
    email = models.EmailField(max_length=200, blank=True)
    #: What the person wrote to the organiser (bounded, plain text).
    note = models.CharField(max_length=500, blank=True, validators=[no_control_characters])
    #: The section asked for, then placed in (a chess tournament or a judo category's tournament).
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="registrations",
    )
    entry = models.OneToOneField(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="registration"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    #: True when the person entered themselves on the public page.
    self_entered = models.BooleanField(default=False)
    fee_due = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(MAX_FEE)],
    )
    fee_paid = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(MAX_FEE)],
    )
    checked_in = models.BooleanField(default=False)
    #: The organiser looked at a possible duplicate (same name and birth year as another
    #: registration) and kept it: the flag is no longer shown.
    duplicate_kept = models.BooleanField(default=False)
    #: What the last change was, as a stale page's refusal tells it ("Approved into Open A").
    last_change = models.CharField(max_length=300, blank=True)
    #: Moves on with every change of this registration: a page's form carries the one it shows,
    #: and a change made from a stale page is refused (docs/events.md).
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "fide_id"], name="registration_fide_id_once_per_event"
            ),
            models.CheckConstraint(
                condition=Q(fee_due__gte=0) & Q(fee_paid__gte=0),
                name="registration_fees_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(entry__isnull=True) | Q(state="approved"),
                name="registration_entry_only_when_approved",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def fee_owed(self) -> Decimal:
        return max(self.fee_due - self.fee_paid, Decimal("0"))
