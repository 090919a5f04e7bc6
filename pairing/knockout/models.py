"""What a knockout stores: its bracket (seeds, slots, the draw log) and the bouts fought."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Versioned


class Bracket(Versioned):
    """A knockout category's draw (docs/knockout.md): the seeds, the system, the drawn slots
    and the drawing log, with the random seed that reproduces it. One per tournament."""

    class SeparateBy(models.TextChoices):
        CLUB = "club", _("Club")
        COUNTRY = "country", _("Country")

    class Seeding(models.TextChoices):
        """Where seeds 3 and 4 go (the engine's ``seeding``, docs/knockout.md "Draw")."""

        JUDOSHIAI = (
            "judoshiai",
            "in the halves of 2 and 1: semi-finals 1-4 and 2-3 (JudoShiai, Appendix 3)",
        )
        LOT = (
            "lot",
            _("drawn by lot into the other quarters: semi-finals 1-3 and 2-4, or 1-4 and 2-3"),
        )

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="bracket"
    )
    #: The engine's system code; blank until the draw (then chosen by the field's size if unset).
    system = models.CharField(max_length=30, blank=True)
    separate_by = models.CharField(
        max_length=10, choices=SeparateBy.choices, default=SeparateBy.CLUB
    )
    #: The event's choice of system by field size (spec §2.10): a pool up to this many
    #: competitors, then `knockout_system`.
    pool_up_to = models.PositiveSmallIntegerField(default=5)
    knockout_system = models.CharField(max_length=30, default="ijf_repechage")
    #: The event's placement of the seeds and of the byes, passed to the engine at the draw.
    seeding = models.CharField(max_length=20, choices=Seeding.choices, default=Seeding.JUDOSHIAI)
    byes_to_seeds = models.BooleanField(default=False)
    #: Entry id (as a string) -> seed 1..8.
    seeds = models.JSONField(default=dict, blank=True)
    #: Entry id (as a string) -> slot, for competitors the arbiter placed by hand before the draw.
    placed = models.JSONField(default=dict, blank=True)
    random_seed = models.BigIntegerField(null=True, blank=True)
    #: Entry id per slot (None: a bye); empty before the draw.
    slots = models.JSONField(default=list, blank=True)
    log = models.JSONField(default=list, blank=True)
    drawn_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Bracket of {self.tournament}"


class Bout(models.Model):
    """The winner of one match of a bracket (match ids as the engine numbers them)."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="bouts")
    match = models.PositiveSmallIntegerField()
    winner = models.ForeignKey("arbiter.Entry", on_delete=models.PROTECT, related_name="+")
    #: The table's score log (``knockout.scores.Score.format``): empty when only the winner
    #: was entered (the bracket page).
    score = models.CharField(max_length=200, blank=True)
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match"]
        constraints = [
            models.UniqueConstraint(fields=["bracket", "match"], name="one_result_per_bout")
        ]

    def __str__(self) -> str:
        return f"M{self.match}: {self.winner}"
