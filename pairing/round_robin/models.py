"""What a round robin stores beside the tournament: the drawing of lots (C.05 Annex 2)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class LotDrawing(models.Model):
    """A round robin's drawing of starting numbers (Varma tables, C.05 Annex 2).

    The picks are stored one by one and replayed through the pure engine, so the page can show
    any state and undo the last pick; the seed makes the app's random picks and computed
    envelopes reproducible for an audit.
    """

    class GroupBy(models.TextChoices):
        FEDERATION = "federation", _("Federation")
        CLUB = "club", _("Club")

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="lot_drawing"
    )
    seed = models.BigIntegerField()
    group_by = models.CharField(max_length=10, choices=GroupBy.choices, default=GroupBy.FEDERATION)
    double_round_robin = models.BooleanField(default=False)
    #: FIDE's recommendation for double round robins (see pairing/engines/berger.py).
    swap_last_two_rounds = models.BooleanField(default=True)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    started_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Drawing of lots for {self.tournament}"


class LotPick(models.Model):
    """One player's pick: which envelope, which number, in which step of the drawing order."""

    drawing = models.ForeignKey(LotDrawing, on_delete=models.CASCADE, related_name="picks")
    step = models.PositiveSmallIntegerField()
    entry = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE)
    envelope = models.CharField(max_length=10)
    number = models.PositiveSmallIntegerField()
    by_app = models.BooleanField(default=False, help_text=_("Drawn at random by the app"))

    class Meta:
        ordering = ["drawing", "step"]
        constraints = [
            models.UniqueConstraint(fields=["drawing", "step"], name="one_pick_per_step"),
            models.UniqueConstraint(fields=["drawing", "entry"], name="one_pick_per_player"),
            models.UniqueConstraint(fields=["drawing", "number"], name="each_number_drawn_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="pick_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} drew {self.number} from {self.envelope}"
