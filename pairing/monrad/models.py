"""What a Swedish attendance Monrad season stores: its settings, the evenings' check-ins and the
engine's proposals."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class MonradSettings(models.Model):
    """A Monrad club event's choices where the seed leaves room (docs/monrad.md): the defaults
    are the seed's (3/2/1, order kept from before the previous round)."""

    class Scoring(models.TextChoices):
        CLUB = "3-2-1", _("3 / 2 / 1 (win / draw / loss: turning up is worth something)")
        CHESS = "1-0.5-0", _("1 / ½ / 0 (chess scoring)")

    class ByeValue(models.TextChoices):
        WIN = "win", _("a win")
        DRAW = "draw", _("a draw")
        LOSS = "loss", _("a loss")
        ZERO = "zero", _("nothing")

    class TieOrder(models.TextChoices):
        PREVIOUS = "previous", _("the order before the previous round (the seed)")
        NUMBER = "number", _("the card number (NSF)")

    class Tiebreak(models.TextChoices):
        BH_C1 = "bh-c1", _("Opponents' scores minus the lowest (SSF kvalitetspoäng)")
        BH_C2 = "bh-c2", _("Opponents' scores minus the two lowest (NSF, DSU)")
        SB = "sb", _("Sonneborn-Berger")
        WINS = "wins", _("Games won")

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="monrad_settings"
    )
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.CLUB)
    bye_value = models.CharField(max_length=4, choices=ByeValue.choices, default=ByeValue.WIN)
    tie_order = models.CharField(max_length=8, choices=TieOrder.choices, default=TieOrder.PREVIOUS)
    tiebreak = models.CharField(max_length=5, choices=Tiebreak.choices, default=Tiebreak.BH_C1)

    def __str__(self) -> str:
        return f"Monrad settings of {self.tournament}"


class MonradCheckIn(models.Model):
    """A member present for a Monrad round (an evening): only those checked in are paired."""

    tournament = models.ForeignKey(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="monrad_check_ins"
    )
    entry = models.ForeignKey(
        "arbiter.Entry", on_delete=models.CASCADE, related_name="monrad_check_ins"
    )
    round_number = models.PositiveSmallIntegerField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: The member checked in by scanning their card (docs/venue.md), not at the desk.
    by_player = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "round_number", "entry__starting_number"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="monrad_check_in_once"),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="monrad_check_in_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} present in round {self.round_number}"


class MonradPairing(models.Model):
    """What the Monrad engine proposed for a round: ``boards`` ``[[white id, black id, repeat],
    ...]``, the bye, the pairs undone while backtracking, the repeats it could not avoid and its
    notes. A round with repeats (or a second bye) stays a draft until an arbiter accepts it."""

    round = models.OneToOneField(
        "arbiter.Round", on_delete=models.CASCADE, related_name="monrad_pairing"
    )
    boards = models.JSONField()
    bye = models.ForeignKey(
        "arbiter.Entry", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    backtracks = models.PositiveIntegerField(default=0)
    repeats = models.PositiveSmallIntegerField(default=0)
    second_bye = models.BooleanField(default=False)
    notes = models.JSONField(default=list)
    edited = models.BooleanField(default=False)
    paired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Monrad pairing of {self.round}"
