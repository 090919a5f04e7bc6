"""What a Swiss tournament stores beside its rounds: requested byes and absences, forbidden pairs,
the engine's proposal for each round and the accelerations (C.04.3, C.04.5)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PlayerRoundRecord(models.Model):
    """What the arbiter records for one player before a Swiss round is paired.

    A requested bye (half-point, zero-point or full-point, C.04.1 art. 4 and the event's
    regulations) or a withdrawal from that round on. The records are replayed every time the
    round is paired: they become byes in the round (or absences for the withdrawn), never edits
    of the history.
    """

    class Kind(models.TextChoices):
        HALF_POINT_BYE = "H", _("Half-point bye")
        ZERO_POINT_BYE = "Z", _("Absent (zero-point bye)")
        FULL_POINT_BYE = "F", _("Full-point bye")
        WITHDRAWN = "W", _("Withdrawn from this round on")

    tournament = models.ForeignKey(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="player_round_records"
    )
    entry = models.ForeignKey(
        "arbiter.Entry", on_delete=models.CASCADE, related_name="round_records"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=1, choices=Kind.choices)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "round_number", "entry__starting_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="one_record_per_player_round"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["H", "Z", "F", "W"]), name="player_round_record_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="player_round_record_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.get_kind_display()} in round {self.round_number}"


class ForbiddenPair(models.Model):
    """Two players the arbiter has ruled must not meet (C.04.1; TRF ``XXP``/``260``)."""

    tournament = models.ForeignKey(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="forbidden_pair_once"),
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")), name="forbidden_pair_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} may not meet {self.second}"


class EnginePairing(models.Model):
    """What the Dutch engine proposed for a round, kept beside what the arbiter published.

    ``boards`` is ``[[white entry id, black entry id], ...]`` in board order, ``bye`` the entry
    given the pairing-allocated bye, ``explanations`` ``{entry id: {...}}`` (bracket, float and
    why, colour rule). A round whose games differ from it was edited by hand (C.04.2: manual
    changes are recorded; the TRF export names them).
    """

    round = models.OneToOneField("arbiter.Round", on_delete=models.CASCADE, related_name="engine")
    rules = models.CharField(max_length=4)
    boards = models.JSONField()
    bye = models.ForeignKey(
        "arbiter.Entry", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    explanations = models.JSONField(default=dict)
    seconds = models.FloatField(help_text=_("How long the engine took"))
    #: Set when the arbiter changed the draft; the published round then differs from ``boards``.
    edited = models.BooleanField(default=False)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)

    def __str__(self) -> str:
        return f"Engine pairing of {self.round}"


class Acceleration(models.Model):
    """Points a player is given for pairing only, in one round (C.04.7 accelerated pairings;
    TRF ``XXA``/``250``): any acceleration the event's regulations define, player by player and
    round by round, beside the built-in Baku method. They never count in the standings."""

    tournament = models.ForeignKey(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="accelerations"
    )
    entry = models.ForeignKey(
        "arbiter.Entry", on_delete=models.CASCADE, related_name="accelerations"
    )
    round_number = models.PositiveSmallIntegerField()
    points = models.DecimalField(max_digits=3, decimal_places=1)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)

    class Meta:
        ordering = ["tournament", "entry__starting_number", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "round_number"], name="one_acceleration_per_player_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1, round_number__lte=99),
                name="acceleration_round_plausible",
            ),
            models.CheckConstraint(
                condition=Q(points__gte=0, points__lte=99), name="acceleration_points_plausible"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: +{self.points} for pairing round {self.round_number}"
