"""What the pairing app stores beside the tournament: the drawing of lots for a round robin."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from arbiter.models import Versioned, no_control_characters

#: The most mats a competition may have.
MAX_MATS = 12


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


class Competition(models.Model):
    """A judo (or other combat sport) event: many knockout categories fought on a few mats in
    one day (docs/competition.md). Each category is a knockout tournament of its own (its entries,
    its bracket, its audit log); the competition holds what they share: the mats, the minimum
    rest between two bouts of one competitor, the weigh-in, the contest order and the medal table.
    """

    name = models.CharField(max_length=200, validators=[no_control_characters])
    date = models.DateField(null=True, blank=True)
    city = models.CharField(max_length=100, blank=True, validators=[no_control_characters])
    mats = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(1), MaxValueValidator(MAX_MATS)]
    )
    #: The organiser's minimum rest between two bouts of one competitor, and what a bout takes
    #: (the contest order turns minutes into bouts: pairing/engines/knockout/schedule.py).
    rest_minutes = models.PositiveSmallIntegerField(default=10, validators=[MaxValueValidator(120)])
    bout_minutes = models.DecimalField(
        max_digits=3,
        decimal_places=1,
        default=Decimal("5.0"),
        validators=[MinValueValidator(Decimal("1.0")), MaxValueValidator(Decimal("30.0"))],
    )

    class RuleSet(models.TextChoices):
        """The IJF Refereeing Rules the bouts are scored by; the values are the score engine's
        editions (pairing/engines/knockout/scores.py)."""

        IJF_2025 = "2025", _("IJF 2025")
        IJF_2018 = "2022", _("IJF 2018-2024")

    #: Every bout begun from now on is scored by these rules; a score keeps its own edition.
    rule_set = models.CharField(
        _("Rules"), max_length=4, choices=RuleSet.choices, default=RuleSet.IJF_2025
    )
    is_published = models.BooleanField(default=False)
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="competitions")
    #: Moves on with every change of the competition itself (its categories move their own).
    version = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    #: What its public pages are kept under and called in templates (arbiter/views/public_live.py).
    public_name = "competition"

    @property
    def public_scope(self) -> str:
        return f"c{self.pk}"


class Category(models.Model):
    """One category of a competition (sex, age group, weight class) and the knockout tournament
    that holds its entries and its bracket; fought on one mat."""

    class Sex(models.TextChoices):
        MEN = "M", _("Men")
        WOMEN = "F", _("Women")

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="categories"
    )
    tournament = models.OneToOneField(
        "arbiter.Tournament", on_delete=models.CASCADE, related_name="category"
    )
    sex = models.CharField(max_length=1, choices=Sex.choices)
    age_group = models.CharField(max_length=40, validators=[no_control_characters])
    #: Born in these years (inclusive; empty: no bound).
    born_from = models.PositiveSmallIntegerField(null=True, blank=True)
    born_to = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The upper weight limit in kg; empty: the open "+" class above the heaviest limit.
    weight_limit = models.DecimalField(
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("10")), MaxValueValidator(Decimal("200"))],
    )
    #: The mat the category is fought on (empty: not assigned yet).
    mat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["sex", "age_group", models.F("weight_limit").asc(nulls_last=True)]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "sex", "age_group", "weight_limit"],
                name="one_category_per_class",
            )
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        return f"{self.get_sex_display()} {self.age_group} {self.weight_label}"

    @property
    def weight_label(self) -> str:
        if self.weight_limit is None:
            return str(_("open (+)"))
        return f"-{self.weight_limit.normalize():f} kg"


class WeighIn(models.Model):
    """A competitor's weight at the official weigh-in (the last one counts)."""

    entry = models.OneToOneField("arbiter.Entry", on_delete=models.CASCADE, related_name="weigh_in")
    weight = models.DecimalField(
        max_digits=4,
        decimal_places=1,
        validators=[MinValueValidator(Decimal("10")), MaxValueValidator(Decimal("250"))],
    )
    at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.entry}: {self.weight} kg"


class LiveScore(models.Model):
    """The score of a bout being fought, as the mat-side table enters it, until the result is
    confirmed (then it moves to the :class:`Bout`). ``version`` is what the table's page saw."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="live_scores")
    match = models.PositiveSmallIntegerField()
    score = models.CharField(max_length=200)
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bracket", "match"], name="one_live_score_per_bout")
        ]

    def __str__(self) -> str:
        return f"M{self.match}: {self.score}"


class EntryList(models.Model):
    """A competition's entry list as uploaded (a club's or a federation's registration export),
    kept between the preview and its import (pairing/services/competition_lists.py). Its rows
    are the cells as read (arbiter/spreadsheets.py), the header first; once imported they are
    dropped and ``imported_at`` says when, so the same list is never imported twice."""

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="entry_lists"
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    file_name = models.CharField(max_length=200)
    #: [[line, [cell, ...]], ...]: the header row first.
    rows = models.JSONField(default=list, blank=True)
    #: The import asked for: its job (one at a time: a second press joins it).
    job = models.ForeignKey(
        "arbiter.BackgroundJob", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(null=True, blank=True)
    imported = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.file_name
