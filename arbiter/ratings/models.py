"""Rating lists as imported: one ``RatingList`` per file (a FIDE month or a national list), its
players as ``ListedPlayer`` rows. A list is only read once it is whole (``State.COMPLETE``): a
month being imported, or refused, changes no lookup (docs/ratings.md)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import RatingType, federation_code, no_control_characters

__all__ = ["ListedPlayer", "NormSettings", "RatingList", "RatingType"]


class RatingList(models.Model):
    """One imported list: FIDE's list of a month, or a national federation's."""

    class Source(models.TextChoices):
        FIDE = "fide", _("FIDE")
        NATIONAL = "national", _("National")

    class State(models.TextChoices):
        IMPORTING = "importing", _("Importing")
        COMPLETE = "complete", _("Complete")
        FAILED = "failed", _("Failed")
        #: Replaced by a newer import of its month, or past RATING_LISTS_KEPT: no longer read,
        #: its players being deleted in batches (arbiter/ratings/importing.py).
        DELETING = "deleting", _("Being deleted")

    source = models.CharField(max_length=10, choices=Source.choices)
    #: The federation of a national list (blank for FIDE's).
    federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    #: The first day of the month the list is in force from.
    month = models.DateField()
    file_name = models.CharField(max_length=200)
    state = models.CharField(max_length=10, choices=State.choices, default=State.IMPORTING)
    players = models.PositiveIntegerField(default=0)
    message = models.TextField(blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    #: How far an import is: the file's size and the bytes of it read (a zip's, packed), and
    #: when it last wrote a batch (an import that stopped writing long ago lost its worker).
    size = models.PositiveBigIntegerField(default=0)
    bytes_read = models.PositiveBigIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-month", "source", "federation"]
        constraints = [
            models.UniqueConstraint(
                fields=["source", "federation", "month"],
                condition=Q(state="complete"),
                name="one_complete_list_per_month",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_source_display()} {self.federation} {self.month:%Y-%m}".replace(
            "  ", " "
        )


class ListedPlayer(models.Model):
    """A player as a list gives them. Ratings, games and K are None where the list has none
    (an unrated player: FIDE writes a blank or 0)."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="+")
    fide_id = models.PositiveBigIntegerField(null=True, blank=True)
    #: A national list's own id of the player (blank in FIDE's lists).
    national_id = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=100)
    #: The name folded for a prefix search (lower case, accents dropped): lookup.name_key().
    name_key = models.CharField(max_length=100)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    women_title = models.CharField(max_length=3, blank=True)
    other_titles = models.CharField(max_length=30, blank=True)
    standard = models.PositiveSmallIntegerField(null=True, blank=True)
    standard_games = models.PositiveSmallIntegerField(null=True, blank=True)
    standard_k = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_games = models.PositiveSmallIntegerField(null=True, blank=True)
    rapid_k = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_games = models.PositiveSmallIntegerField(null=True, blank=True)
    blitz_k = models.PositiveSmallIntegerField(null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    #: FIDE's flag: ``i`` inactive, ``w`` woman, ``wi`` both.
    flag = models.CharField(max_length=2, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["rating_list", "fide_id"], name="listed_by_fide_id"),
            # text_pattern_ops: PostgreSQL serves LIKE 'prefix%' from it whatever the
            # database's collation; other databases ignore opclasses.
            models.Index(
                fields=["rating_list", "name_key"],
                opclasses=["int8_ops", "text_pattern_ops"],
                name="listed_by_name_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id or self.national_id})"


class NormSettings(models.Model):
    """What the title norms of a tournament need from the arbiter (docs/ratings.md, "Title
    norms"): which event of B.01 1.4.3 a-c it is, if any (the federation requirements of 1.4.3
    and 1.4.4 are then waived; 1.4.3d, a big Swiss, is computed from the field), and the chief
    arbiter as the norm report (FIDE's IT1) names them."""

    class Exemption(models.TextChoices):
        NONE = "", _("None: the normal federation requirements apply")
        NATIONAL_CHAMPIONSHIP = "1.4.3a", _("Final of a national championship (1.4.3a)")
        NATIONAL_TEAM_CHAMPIONSHIP = "1.4.3b", _("National team championship (1.4.3b)")
        ZONAL = "1.4.3c", _("Zonal or sub-zonal tournament (1.4.3c)")

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="norm_settings"
    )
    exemption = models.CharField(
        _("event under B.01 1.4.3"), max_length=6, choices=Exemption.choices, blank=True
    )
    #: The chief arbiter's name on the report (blank: the tournament's chief arbiter's).
    chief_arbiter = models.CharField(
        _("chief arbiter's name"), max_length=100, blank=True, validators=[no_control_characters]
    )
    chief_arbiter_fide_id = models.PositiveBigIntegerField(
        _("chief arbiter's FIDE id"), null=True, blank=True
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(exemption__in=["", "1.4.3a", "1.4.3b", "1.4.3c"]),
                name="norm_exemption_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Norm settings of {self.tournament}"
