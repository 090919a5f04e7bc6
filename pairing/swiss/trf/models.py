"""What an imported TRF file leaves beside the tournament, so that an export gives it back."""

from django.db import models


class TrfSource(models.Model):
    """What an imported TRF held that the app's own fields do not: every record other than the
    players and the engine's records, as written (``022 062 072 082 092 102 112 132``,
    comments, national rating lines...), so that the export writes the file back
    (docs/trf.md). ``rounds`` is how many rounds the file had: its rank column is the ranking
    after them."""

    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="trf_source"
    )
    lines = models.JSONField(default=list)
    rounds = models.PositiveSmallIntegerField(default=0)
    #: ``XXR``/``142`` was in the file (a file without one is written back without one).
    rounds_given = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"TRF records of {self.tournament}"


class TrfPlayerColumns(models.Model):
    """A player line's columns as an imported TRF wrote them, where the app keeps less (the
    year of birth, a title by its full name) or nothing (the rank column). The export writes
    them back as long as they still say what the entry says."""

    entry = models.OneToOneField("arbiter.Entry", on_delete=models.CASCADE, related_name="trf")
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    birth = models.CharField(max_length=10, blank=True)
    rank = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"TRF columns of {self.entry}"


class TrfRoundBlock(models.Model):
    """One round of a player as an imported TRF wrote it, when the app reads it as something
    written otherwise: a forfeit without colours (``153 - -``), a bye as ``+`` or ``-`` or
    without an opponent number, an unrated game (``W D L``). ``read_as`` is the block the app
    writes for what it stored; the export writes ``written`` while that is still so."""

    entry = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField()
    written = models.CharField(max_length=8)
    read_as = models.CharField(max_length=8)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="trf_round_block_once")
        ]

    def __str__(self) -> str:
        return f"{self.entry}, round {self.round_number}: {self.written!r}"
