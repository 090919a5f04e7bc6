"""What a judo competition day stores: the competition, its categories, weigh-ins, the mats'
live scores and the uploaded entry lists."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import no_control_characters
from pairing.knockout.models import Bracket

#: The most mats a competition may have.
MAX_MATS = 12


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

    #: When the mats begin the day (local time): the plan the call times measure a mat's delay
    #: against (docs/competition.md, "Call times that learn"); empty: the first bout begun.
    starts_at = models.TimeField(_("The mats start at"), null=True, blank=True)

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
        # the table the pairing app made before the judo day had its own app
        db_table = "pairing_competition"
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return self.name

    #: What its public pages are kept under and called in templates
    #: (arbiter/platform/public_live.py).
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
        #: A mixed team category (its teams have men and women: docs/competition.md "Team
        #: matches"); never an individual's category.
        MIXED = "X", _("Mixed")

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
    #: Regular contest time of its bouts (the mat clock): 4 min for seniors, juniors and cadets
    #: (IJF), national rules for kids and veterans.
    contest_seconds = models.PositiveSmallIntegerField(
        default=240, validators=[MinValueValidator(30), MaxValueValidator(600)]
    )
    #: A team category: its entries are teams and its matches team matches (:class:`TeamEvent`).
    team = models.BooleanField(default=False)

    class Meta:
        # the table the pairing app made before the judo day had its own app
        db_table = "pairing_category"
        ordering = ["sex", "age_group", models.F("weight_limit").asc(nulls_last=True)]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "sex", "age_group", "weight_limit", "team"],
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
        if self.team:
            return str(_("teams"))
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

    class Meta:
        # the table the pairing app made before the judo day had its own app
        db_table = "pairing_weighin"

    def __str__(self) -> str:
        return f"{self.entry}: {self.weight} kg"


class LiveScore(models.Model):
    """The score of a bout being fought, as the mat-side table enters it, until the result is
    confirmed (then it moves to the :class:`Bout`). ``version`` is what the table's page saw."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="live_scores")
    match = models.PositiveSmallIntegerField()
    score = models.CharField(max_length=200)
    version = models.PositiveIntegerField(default=1)
    #: The mat clock (docs/mat-clock.md): ``{"log": [[ms, command, entry id], ...], "contest":
    #: seconds, "offset": server ms minus the table's ms}``; empty until the clock is used.
    clock = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # the table the pairing app made before the judo day had its own app
        db_table = "pairing_livescore"
        constraints = [
            models.UniqueConstraint(fields=["bracket", "match"], name="one_live_score_per_bout")
        ]

    def __str__(self) -> str:
        return f"M{self.match}: {self.score}"


class EntryList(models.Model):
    """A competition's entry list as uploaded (a club's or a federation's registration export),
    kept between the preview and its import (judo/services/competition_lists.py). Its rows
    are the cells as read (arbiter/platform/spreadsheets.py), the header first; once imported they
    are
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
        # the table the pairing app made before the judo day had its own app
        db_table = "pairing_entrylist"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.file_name


class TeamEvent(models.Model):
    """A team category's rules (docs/competition.md "Team matches", spec team-events.md §6):
    the weight classes of a team in the order the bouts are fought, whether that order starts
    at a drawn class, whether an athlete may fight one class up, whether every bout is fought,
    and how a match level in wins is decided."""

    class Order(models.TextChoices):
        FIXED = "fixed", _("Fixed: the first class first")
        DRAWN = "drawn", _("Drawn starting class, then in order")

    class TieBreak(models.TextChoices):
        IJF = "ijf", _("IJF: a class drawn at random, fought again in golden score")
        LEGACY = "legacy", _("Legacy: score points (ippon 10, waza-ari 1), then the draw")

    category = models.OneToOneField(Category, on_delete=models.CASCADE, related_name="team_event")
    #: The weight classes ("F-57", "M+90"...) in the event's bout order.
    classes = models.JSONField(default=list)
    order = models.CharField(max_length=10, choices=Order.choices, default=Order.FIXED)
    #: The seed that drew the starting class (an order drawn once for the whole event).
    order_seed = models.BigIntegerField(null=True, blank=True)
    one_up = models.BooleanField(
        _("An athlete may fight one class above their weighed class"), default=True
    )
    fight_all = models.BooleanField(_("Fight every bout (no stop at a majority)"), default=False)
    tie_break = models.CharField(max_length=10, choices=TieBreak.choices, default=TieBreak.IJF)

    def __str__(self) -> str:
        return f"Team event {self.category}"


class TeamMember(models.Model):
    """An athlete of a team (the team is an entry of the team category) and their weight at
    the weigh-in (empty: not weighed, so eligible for no class)."""

    class Sex(models.TextChoices):
        MEN = "M", _("Man")
        WOMEN = "F", _("Woman")

    team = models.ForeignKey("arbiter.Entry", on_delete=models.CASCADE, related_name="team_members")
    name = models.CharField(max_length=100, validators=[no_control_characters])
    sex = models.CharField(max_length=1, choices=Sex.choices)
    weight = models.DecimalField(
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("10")), MaxValueValidator(Decimal("250"))],
    )

    class Meta:
        ordering = ["team", "sex", "name", "pk"]

    def __str__(self) -> str:
        return self.name


class TeamMatch(models.Model):
    """A match of a team bracket as fought on the mat: the bouts' results by class, the decider
    drawn at a tie (its class and the seed that drew it) and its result. The line-ups are
    :class:`TeamLineup` rows; the bout being fought is scored in the match's :class:`LiveScore`.
    ``version`` moves on with every line-up change (what the line-up page saw)."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="team_matches")
    match = models.PositiveSmallIntegerField()
    #: Class code -> {"winner": "a"|"b", "how": ..., "score": the bout's score log}.
    results = models.JSONField(default=dict, blank=True)
    #: Which sides handed in their line-up ("a", "b", "ab").
    lineups_in = models.CharField(max_length=2, blank=True)
    decider = models.CharField(max_length=8, blank=True)
    decider_seed = models.BigIntegerField(null=True, blank=True)
    decider_result = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["bracket", "match"], name="one_team_match_per_bout")
        ]

    def __str__(self) -> str:
        return f"Team match M{self.match}"


class TeamLineup(models.Model):
    """One class of one team's line-up for a match: the athlete, or nobody (empty)."""

    team_match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="lineup")
    side = models.CharField(max_length=1, choices=[("a", "a"), ("b", "b")])
    code = models.CharField(max_length=8)
    member = models.ForeignKey(
        TeamMember, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["side", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["team_match", "side", "code"], name="one_athlete_per_class"
            )
        ]

    def __str__(self) -> str:
        return f"{self.side} {self.code}: {self.member}"
