"""The tournament domain shared by every pairing system: events, entries, rounds, games, byes.

Integrity that the database can keep is kept there: one appearance per player per round (unique
constraints plus the triggers of migration 0002), unique boards per round, unique starting numbers
per tournament, results only from the typed set below.
"""

import datetime
import re
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbiter.core import systems
from arbiter.core.systems import SYSTEMS
from pairing.engines import initial_order, results

#: The day the 2026 FIDE Dutch rules (C.04.3) came into force; older events keep the 2017 rules.
RULES_2026_IN_FORCE = datetime.date(2026, 2, 1)

federation_code = RegexValidator(r"^[A-Z]{3}$", _("Use the three-letter FIDE code, e.g. NOR."))

#: Control characters (C0 and C1: line breaks, tabs, NUL...) and the Unicode line and paragraph
#: separators. No stored text holds one: a line break in a name would start a record of its own
#: in a TRF file, and a NUL cannot be stored in PostgreSQL.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def no_control_characters(value: str) -> None:
    """Refuse text holding a control character, naming it."""
    found = CONTROL_CHARACTERS.search(value or "")
    if found:
        raise ValidationError(
            _(
                "Control characters (line breaks, tabs and the like) are not allowed: "
                "found %(character)s at character %(position)s."
            ),
            code="control_character",
            params={"character": f"U+{ord(found.group()):04X}", "position": found.start() + 1},
        )


class RulesVersion(models.TextChoices):
    FIDE_2026 = "2026", _("FIDE rules from 1 Feb 2026")
    FIDE_2017 = "2017", _("FIDE rules of 2017")


class TiebreakRules(models.TextChoices):
    """The rule sets of the standings engine (pairing/engines/standings.py, docs/standings.md)."""

    FIDE_2026 = "2026", _("FIDE C.07 applied from 1 March 2026")
    FIDE_2023 = "2023", _("FIDE C.07 of 2023")
    #: A Monrad club's own standing: its scoring and tie-break are the club evening's settings.
    CLUB = "club", _("Club rule (the club evening's scoring and tie-break)")


#: C.07 (tie-break regulations): the 2026 text applies from this day.
TIEBREAKS_2026_IN_FORCE = datetime.date(2026, 3, 1)


def within_max_rounds(value: int) -> None:
    """A tournament's rounds are bounded by ``MAX_ROUNDS`` (docs/hardening.md, "Limits")."""
    if value > settings.MAX_ROUNDS:
        raise ValidationError(
            _("A tournament has at most %(most)s rounds (MAX_ROUNDS)."),
            code="max_rounds",
            params={"most": settings.MAX_ROUNDS},
        )


def tiebreak_rules_for(start_date: datetime.date | None, system: str = "") -> str:
    """The tie-break rules an event takes when its arbiter chose none: the club rule where the
    system has one (a Monrad: its club standing is then the public one too), otherwise the
    tie-break regulations in force on the event's first day."""
    if system in SYSTEMS and SYSTEMS[system].club_rules:
        return TiebreakRules.CLUB
    if start_date is not None and start_date < TIEBREAKS_2026_IN_FORCE:
        return TiebreakRules.FIDE_2023
    return TiebreakRules.FIDE_2026


def rules_version_for(start_date: datetime.date | None) -> str:
    """The rule set in force on the event's first day (C.04.3 applies from 1 February 2026)."""
    if start_date is not None and start_date < RULES_2026_IN_FORCE:
        return RulesVersion.FIDE_2017
    return RulesVersion.FIDE_2026


def new_lots_seed() -> int:
    """A tournament's own seed for the drawing of lots of its initial order."""
    return secrets.randbelow(2**31)


class RatingMethod(models.TextChoices):
    """The tournament rating of the initial order (C.04.2; TRF-2026 record 172):
    pairing/engines/initial_order.py."""

    FIDE = initial_order.FIDE, _("FIDE rating")
    NRO = initial_order.NRO, _("National rating")
    FIDON = initial_order.FIDON, _("FIDE rating, else national (FIDON)")
    NIDOF = initial_order.NIDOF, _("National rating, else FIDE (NIDOF)")
    HBFN = initial_order.HBFN, _("Higher of FIDE and national (HBFN)")
    LBFN = initial_order.LBFN, _("Lower of FIDE and national (LBFN)")


class RatingType(models.TextChoices):
    """The three FIDE ratings; the tournament's time control says which one it is rated in and
    which rating of a list it reads (FIDE Laws of Chess, appendices A and B; docs/ratings.md)."""

    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class Tournament(models.Model):
    class Status(models.TextChoices):
        PREPARING = "preparing", _("Preparing")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=200, validators=[no_control_characters])
    #: A registered system's code (arbiter/core/systems.py; the registry, not the database,
    #: knows which exist, so a system added is one entry and no migration).
    system = models.CharField(max_length=20, choices=systems.choices)
    rules_version = models.CharField(
        max_length=4, choices=RulesVersion.choices, default=RulesVersion.FIDE_2026
    )
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    city = models.CharField(max_length=100, blank=True, validators=[no_control_characters])
    federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    time_control = models.CharField(max_length=100, blank=True, validators=[no_control_characters])
    #: Which FIDE rating the event reads from a rating list and is rated in.
    rating_type = models.CharField(
        max_length=10, choices=RatingType.choices, default=RatingType.STANDARD
    )
    planned_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), within_max_rounds]
    )
    #: Derived from the facts after every change (arbiter/core/services/status.py), never set by
    #: hand.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREPARING)
    #: Moves on with every change, in the change's own transaction (arbiter/core/services/audit.py).
    version = models.PositiveBigIntegerField(default=0)
    #: Swiss: Baku acceleration (C.04.7) or none.
    baku_acceleration = models.BooleanField(default=False)
    #: Swiss: the colour drawn for the top player of round 1 (C.04.3 art. 5.2.5), "w" or "b".
    initial_colour = models.CharField(
        max_length=1, blank=True, choices=[("w", "White"), ("b", "Black")]
    )
    #: The tie-breaks of the standings, by C.07 code in order ("BH-C1 BH SB"); empty: the
    #: system's default (arbiter/core/systems.py).
    tiebreaks = models.CharField(max_length=200, blank=True)
    tiebreak_rules = models.CharField(
        max_length=4, choices=TiebreakRules.choices, default=TiebreakRules.FIDE_2026
    )
    #: The rating unrated opponents count with in ARO, TPR and the like, as the organiser
    #: publishes it (C.07 art. 10); empty: games against them are left out.
    unrated_rating = models.PositiveSmallIntegerField(
        "rating of unrated players",
        null=True,
        blank=True,
        validators=[MaxValueValidator(3500)],
        help_text="For the rating-based tie-breaks (ARO, TPR; C.07 art. 10). Empty: games "
        "against unrated players are left out.",
    )
    #: The initial order (C.04.2): the rating it ranks by, the federation of the national
    #: rating list it may read (TRF-2026 record 172), and between players of equal rating and
    #: title a drawing of lots (``lots_seed`` makes it repeatable) instead of the alphabet.
    rating_method = models.CharField(
        max_length=5, choices=RatingMethod.choices, default=RatingMethod.FIDE
    )
    national_federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    initial_order_by_lot = models.BooleanField(default=False)
    lots_seed = models.PositiveIntegerField(default=new_lots_seed)
    #: Run under FIDE's rules as an endorsed program must (arbiter/core/fide_mode.py): on from
    #: the start for a FIDE-rated system; left once and for good, at the round
    #: ``fide_mode_left_round`` (0: before round 1).
    fide_mode = models.BooleanField(default=False)
    fide_mode_left_round = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Only published tournaments are seen by the public.
    is_published = models.BooleanField(default=False)
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="TournamentArbiter", related_name="tournaments"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=Q(rules_version__in=RulesVersion.values),
                name="tournament_rules_version_known",
            ),
            models.CheckConstraint(
                condition=Q(tiebreak_rules__in=TiebreakRules.values),
                name="tournament_tiebreak_rules_known",
            ),
            models.CheckConstraint(
                condition=Q(fide_mode=False) | Q(fide_mode_left_round__isnull=True),
                name="fide_mode_never_reentered",
            ),
            models.CheckConstraint(
                condition=Q(rating_method__in=RatingMethod.values),
                name="tournament_rating_method_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def pairing_system(self):
        """The system's entry in the registry (arbiter/core/systems.py)."""
        return SYSTEMS[self.system]


class TournamentArbiter(models.Model):
    class Role(models.TextChoices):
        CHIEF = "chief", _("Chief arbiter")
        DEPUTY = "deputy", _("Deputy arbiter")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        ordering = ["role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="arbiter_once_per_event"),
            models.UniqueConstraint(
                fields=["tournament"], condition=Q(role="chief"), name="one_chief_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_role_display()}: {self.user}"


class Title(models.TextChoices):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"


class Team(models.Model):
    """A team of a team event (C.04.6, team round robins, judo team matches): its members are
    entries of the same tournament (``Entry.team``), each with their place in the team's fixed
    board order (``Entry.team_board``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100, validators=[no_control_characters])
    #: The team's pairing number (C.04.6 art. 1.1, TRF-2026 310: 1..N), fixed once given.
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Its short name (TRF-2026 310, five characters).
    nickname = models.CharField(max_length=5, blank=True, validators=[no_control_characters])
    federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    #: The captain's login: they may enter the team's lineups (docs/teams.md); may be a player.
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_teams",
    )

    class Meta:
        ordering = ["tournament", "number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_team_number"),
            models.CheckConstraint(
                condition=Q(number__isnull=True) | Q(number__gte=1), name="team_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player (or competitor) entered in one tournament."""

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "f", _("Female")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(
        max_length=100, help_text=_("Lastname, Firstname"), validators=[no_control_characters]
    )
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    federation = models.CharField(max_length=3, blank=True, validators=[federation_code])
    club = models.CharField(max_length=100, blank=True, validators=[no_control_characters])
    rating = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(3500)])
    #: The rating of the tournament's national list (``Tournament.national_federation``; TRF-2026
    #: ``NRS``), 0 for none; the initial order reads it as the tournament's method says.
    national_rating = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(3500)]
    )
    fide_id = models.PositiveBigIntegerField("FIDE id", null=True, blank=True)
    #: The K-factor of the player's rating (B.02 8.3.3) as the rating list gives it (or the
    #: arbiter sets it); None: the rating change works it out from the rules (docs/ratings.md).
    k_factor = models.PositiveSmallIntegerField(
        "K-factor", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(40)]
    )
    birth_year = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1900), MaxValueValidator(2100)]
    )
    starting_number = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    #: Expelled by the arbiter (FIDE's checklist Q197-198): withdrawn too, and listed apart from
    #: a Swiss's standings (docs/fide-mode.md, "Expelled players").
    expelled = models.BooleanField(default=False)
    #: Not eligible for half-point byes under the event's regulations (FIDE's checklist
    #: Q171-176): a requested one is refused in FIDE mode, confirmed outside it.
    no_half_point_byes = models.BooleanField(default=False)
    #: In a team event: the player's team and place in its board order (1 = first board;
    #: reserves come after the regular boards).
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="members"
    )
    team_board = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["starting_number", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "starting_number"], name="unique_starting_number"
            ),
            models.UniqueConstraint(
                fields=["tournament", "fide_id"], name="unique_fide_id_per_event"
            ),
            models.CheckConstraint(
                condition=Q(starting_number__isnull=True) | Q(starting_number__gte=1),
                name="starting_number_positive",
            ),
            models.CheckConstraint(condition=Q(rating__lte=3500), name="rating_plausible"),
            models.CheckConstraint(
                condition=Q(national_rating__lte=3500), name="national_rating_plausible"
            ),
            models.UniqueConstraint(fields=["team", "team_board"], name="unique_team_board"),
            models.CheckConstraint(
                condition=Q(team__isnull=True) | Q(team_board__gte=1),
                name="team_member_has_a_board",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def validate_constraints(self, exclude=None) -> None:
        """Each constraint is checked where its value is set (the rating by the field's
        validator, a FIDE id by EntryForm, starting numbers by the services that give them) and
        kept by the database; Django's own check would build a query for each of them, and send
        the rating's, for every line of an imported list."""


class Versioned(models.Model):
    """What arbiters edit from pages that may have gone stale (a draft round, a bracket before
    its first fight): its version moves on with every change, kept with the change and who made
    it, so an action from a page that showed an older version is refused with what changed
    (pairing/rounds/services.py)."""

    version = models.PositiveIntegerField(default=1)
    last_change = models.CharField(max_length=300, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        abstract = True


class Round(Versioned):
    class State(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        COMPLETE = "complete", _("Complete")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.DRAFT)
    #: The random seed the draw used, when the system draws lots; kept to reproduce and audit it.
    seed = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(state__in=["draft", "published", "complete"]), name="round_state_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class TeamMatch(models.Model):
    """A match between two teams in a round: the games of its boards (``Game.team_match``),
    whose results give the match's (the team system's scoring says how)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    #: The match's number in the round (its table).
    table = models.PositiveSmallIntegerField()
    #: The team named first (its first board's colour is the system's to give).
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    #: A whole match forfeited (TRF-2026 330): "+-" the first team wins, "-+" the second,
    #: "--" both lose; blank: the boards' results give the match's.
    forfeit = models.CharField(
        max_length=2, blank=True, choices=[("+-", "+-"), ("-+", "-+"), ("--", "--")]
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_table_per_round"),
            models.UniqueConstraint(fields=["round", "home"], name="home_team_once_per_round"),
            models.UniqueConstraint(fields=["round", "away"], name="away_team_once_per_round"),
            models.CheckConstraint(
                condition=~Q(home=models.F("away")), name="no_match_against_itself"
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_positive"),
            models.CheckConstraint(
                condition=Q(forfeit__in=["", "+-", "-+", "--"]), name="match_forfeit_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}: {self.home} - {self.away}"


#: The results a game can hold (pairing/engines/results.py); empty while it is being played.
RESULT_CHOICES = [(result.code, result.label) for result in results.RESULTS]


class Game(models.Model):
    #: What the result entry holds for an adjourned game (a form's value, never a stored result).
    ADJOURNED = "adj"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="games_as_white")
    black = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="games_as_black")
    #: Empty while the game is being played, and while it is adjourned.
    result = models.CharField(max_length=3, choices=RESULT_CHOICES, blank=True)
    #: Adjourned: the game has no result yet, and the next round is paired as if it were a draw
    #: (FIDE's checklist Q157, Q167; docs/fide-mode.md "Adjourned games"). Its result, entered
    #: any time later (Q162), ends the adjournment.
    adjourned = models.BooleanField(default=False)
    #: In a team event: the match this game is a board of.
    team_match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, null=True, blank=True, related_name="games"
    )

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="unique_board_per_round"),
            models.UniqueConstraint(fields=["round", "white"], name="white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="black_once_per_round"),
            models.CheckConstraint(
                condition=~Q(white=models.F("black")), name="no_game_against_oneself"
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="board_positive"),
            models.CheckConstraint(
                condition=Q(result="") | Q(result__in=list(results.BY_CODE)),
                name="game_result_known",
            ),
            models.CheckConstraint(
                condition=Q(adjourned=False) | Q(result=""), name="adjourned_game_has_no_result"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}"

    @property
    def outcome(self) -> results.Result | None:
        """The result as a value (None while the game is on)."""
        return results.from_code(self.result)

    @property
    def is_forfeit(self) -> bool:
        return self.outcome is not None and self.outcome.is_forfeit

    @property
    def entered(self) -> str:
        """What the board's result entry holds: the result's code, :attr:`ADJOURNED`, or ""
        while the game is on."""
        return self.ADJOURNED if self.adjourned else self.result


class Bye(models.Model):
    """A round without a game: the pairing-allocated bye or a requested one (TRF codes)."""

    class Kind(models.TextChoices):
        PAIRING_ALLOCATED = "U", _("Pairing-allocated bye")
        HALF_POINT = "H", _("Half-point bye")
        FULL_POINT = "F", _("Full-point bye")
        ZERO_POINT = "Z", _("Zero-point bye")
        #: A half point without a game that the player did not ask for, as programs write it
        #: in a TRF (``0000 - =``, Swiss Master: the odd player out given half a point, beside
        #: ``H`` for the half-point byes requested in the same round). Not a requested bye for
        #: the tie-breaks (C.07 Art. 16.2.1, as FIDE's checker reads it); only imported.
        HALF_POINT_NOT_REQUESTED = "=", _("Half point, not requested")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="byes")
    kind = models.CharField(max_length=1, choices=Kind.choices)

    class Meta:
        ordering = ["round", "entry__starting_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_player_round"),
            models.CheckConstraint(
                condition=Q(kind__in=["U", "H", "F", "Z", "="]), name="bye_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.get_kind_display()} in {self.round}"


class AuditEntry(models.Model):
    """Who changed what, when: written by every service function that changes a tournament."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_entries", null=True
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    action = models.CharField(max_length=50)
    summary = models.CharField(max_length=300)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "audit entries"
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["tournament", "at"], name="audit_by_event_time")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"


class Submission(models.Model):
    """A form already acted on, by the one-time token it carried (arbiter/core/once.py): the same
    form sent twice (a double click, a resent request) has one effect."""

    token = models.UUIDField(unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.token} at {self.at:%Y-%m-%d %H:%M}"


class BackgroundJob(models.Model):
    """Long work done by a task worker instead of in the web request (arbiter/platform/jobs.py):
    pairing a round, importing a file. The page that started it shows its state and, when it is
    over, the outcome; the arbiter can leave and come back. A tournament has at most one unfinished
    job of a kind, so a second press joins the first instead of queueing another."""

    class State(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    ACTIVE = (State.QUEUED, State.RUNNING)

    kind = models.CharField(max_length=30)
    #: What the job works on; an import's tournament is set when the job has created it.
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, related_name="jobs"
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    #: What the job does, for the page ("Pairing round 5").
    title = models.CharField(max_length=200)
    #: The tournament's version when the job was asked for: the job refuses to act on a
    #: tournament that changed since (what the arbiter saw is what is paired).
    seen_version = models.PositiveBigIntegerField(null=True)
    #: The job's input: the text of an imported file, and its options.
    payload = models.TextField(blank=True)
    options = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True)
    #: The lease of a running job: its worker renews it every few seconds; a job whose lease
    #: ran out (TASK_LEASE_SECONDS) lost its worker and is failed (arbiter/platform/jobs.py).
    heartbeat_at = models.DateTimeField(null=True)
    finished_at = models.DateTimeField(null=True)
    #: The id of the task that runs it (django-tasks), failed with the job when its worker is lost.
    task_id = models.CharField(max_length=64, blank=True)
    #: The outcome for the arbiter: what was done, or why nothing was.
    message = models.TextField(blank=True)
    #: Where the outcome is shown (the draft, the imported tournament).
    result_url = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind"],
                condition=Q(state__in=["queued", "running"]),
                name="one_unfinished_job_per_kind",
            ),
            models.CheckConstraint(
                condition=Q(state__in=["queued", "running", "done", "failed"]),
                name="job_state_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.state})"

    @property
    def active(self) -> bool:
        return self.state in self.ACTIVE

    @property
    def asked(self) -> str:
        """Who asked for it and when, as a second press is told: "by anna at 14:02:11"."""
        at = f"{timezone.localtime(self.created_at):%H:%M:%S}"
        if self.started_by:
            return _("by %(user)s at %(time)s") % {"user": self.started_by.username, "time": at}
        return _("at %(time)s") % {"time": at}

    @property
    def waited(self) -> float:
        """Seconds it waited for a worker (so far)."""
        return ((self.started_at or timezone.now()) - self.created_at).total_seconds()

    @property
    def ran(self) -> float:
        """Seconds it has run (so far), 0 before it started."""
        if self.started_at is None:
            return 0.0
        return ((self.finished_at or timezone.now()) - self.started_at).total_seconds()

    @property
    def time_limit(self) -> int:
        return settings.TASK_TIME_LIMIT


class UserLanguage(models.Model):
    """The language an arbiter chose with the switch on their pages (arbiter/platform/i18n.py):
    applied at each login and on every page of theirs. A preference, not tournament data: not
    audited,
    not in backups."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_choice"
    )
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"
