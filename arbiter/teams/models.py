"""What a team event keeps beside the core's teams and team matches (``arbiter.Team``,
``arbiter.TeamMatch``): its settings, the lineup each team plays a round with, and the byes of
teams (C.04.6; TRF-2026 records 310, 320, 330, 352, 362; docs/teams.md)."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Entry, Round, Team, Tournament
from pairing.engines import team_match

#: TRF-2026 record 310 holds at most 14 players of a team.
MOST_PLAYERS_PER_TEAM = 14
#: The boards of a match (record 352's length).
MOST_BOARDS = 10


class TeamSettings(models.Model):
    """How a team event is played and scored (C.04.6 art. 1.2, 1.7; TRF-2026 352, 362, 320)."""

    class Score(models.TextChoices):
        MATCH_POINTS = "mp", _("Match points")
        GAME_POINTS = "gp", _("Game points")

    class Colours(models.TextChoices):
        """The colour preferences of C.04.6 art. 1.7 (team Swiss only)."""

        TYPE_A = "typea", _("Type A colour preferences")
        TYPE_B = "typeb", _("Type B colour preferences (strong and mild)")
        NONE = "none", _("No colour preferences")

    class Order(models.TextChoices):
        #: A lineup keeps the team's board order, reserves only below the players they replace.
        FIXED = "fixed", _("Fixed board order")
        FREE = "free", _("Free order")

    class MissingLineup(models.TextChoices):
        """What a team plays with when no lineup came in by the deadline."""

        LAST = "last", _("The team's last lineup (or its board order in round 1)")
        ORDER = "order", _("The first players of the board order")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="team_settings"
    )
    boards = models.PositiveSmallIntegerField(
        _("boards per match"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(MOST_BOARDS)],
    )
    most_players = models.PositiveSmallIntegerField(
        _("players per team, reserves included"),
        default=6,
        validators=[MinValueValidator(1), MaxValueValidator(MOST_PLAYERS_PER_TEAM)],
    )
    primary_score = models.CharField(
        _("primary score"), max_length=2, choices=Score.choices, default=Score.MATCH_POINTS
    )
    #: C.04.6 art. 1.2.1: whether the other score is used (for colours, and the tie-breaks).
    secondary_used = models.BooleanField(_("other score used"), default=True)
    #: Match points of a won, drawn and lost match (TRF-2026 362: TW, TD, TL).
    match_win = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal(2))
    match_draw = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal(1))
    match_loss = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal(0))
    #: What the pairing-allocated bye is worth (TRF-2026 320); game points None: half the boards.
    bye_match_points = models.DecimalField(max_digits=3, decimal_places=1, default=Decimal(2))
    bye_game_points = models.DecimalField(max_digits=4, decimal_places=1, null=True, blank=True)
    colours = models.CharField(max_length=5, choices=Colours.choices, default=Colours.TYPE_A)
    board_order = models.CharField(max_length=5, choices=Order.choices, default=Order.FIXED)
    missing_lineup = models.CharField(
        max_length=5, choices=MissingLineup.choices, default=MissingLineup.LAST
    )
    #: Captains may enter their team's lineups with their own login, until each round's deadline.
    captains_enter_lineups = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(boards__gte=1) & Q(boards__lte=MOST_BOARDS), name="team_boards_bounded"
            ),
            models.CheckConstraint(
                condition=Q(primary_score__in=["mp", "gp"]), name="team_primary_score_known"
            ),
            models.CheckConstraint(
                condition=Q(colours__in=["typea", "typeb", "none"]), name="team_colours_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.boards} boards"

    def match_scoring(self) -> team_match.MatchScoring:
        """The event's match points (TRF-2026 362) and what the pairing-allocated bye gives
        (320; its game points, when the event set none, half the boards: a drawn match), as the
        pure modules take them."""
        bye_game_points = self.bye_game_points
        if bye_game_points is None:
            bye_game_points = Decimal(self.boards) / 2
        return team_match.MatchScoring(
            win=self.match_win,
            draw=self.match_draw,
            loss=self.match_loss,
            bye_match_points=self.bye_match_points,
            bye_game_points=bye_game_points,
        )


class LineupDeadline(models.Model):
    """Until when the captains may enter (or change) their lineups of a round."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="lineup_deadlines"
    )
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    closes_at = models.DateTimeField()

    class Meta:
        ordering = ["tournament", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number"], name="one_lineup_deadline_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round_number}: {self.closes_at}"


class Lineup(models.Model):
    """The players a team plays a round with, board by board (``LineupBoard``); entered before
    the round is paired, so it names the round by number. Its version moves on with each change,
    so a lineup sent from a stale page is refused with what changed."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    version = models.PositiveIntegerField(default=1)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(null=True, blank=True)
    #: Entered by the team's captain (not an arbiter).
    by_captain = models.BooleanField(default=False)

    class Meta:
        ordering = ["team", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "round_number"], name="one_lineup_per_team_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} round {self.round_number}"


class LineupBoard(models.Model):
    """One board of a lineup: the player on it, or nobody (an empty board, lost by forfeit)."""

    lineup = models.ForeignKey(Lineup, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="lineup_boards"
    )

    class Meta:
        ordering = ["lineup", "board"]
        constraints = [
            models.UniqueConstraint(fields=["lineup", "board"], name="one_player_per_lineup_board"),
            models.UniqueConstraint(fields=["lineup", "entry"], name="player_once_per_lineup"),
            models.CheckConstraint(condition=Q(board__gte=1), name="lineup_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.lineup} board {self.board}: {self.entry or '-'}"


class TeamBye(models.Model):
    """A round a team has no match: the pairing-allocated bye (C.04.6 art. 1.4; TRF-2026 320)
    or one it asked for (TRF-2026 240 with team numbers)."""

    class Kind(models.TextChoices):
        PAIRING_ALLOCATED = "U", _("Pairing-allocated bye")
        FULL_POINT = "F", _("Full-point bye")
        HALF_POINT = "H", _("Half-point bye")
        ZERO_POINT = "Z", _("Zero-point bye")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="byes")
    kind = models.CharField(max_length=1, choices=Kind.choices)

    class Meta:
        ordering = ["round", "team"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="one_bye_per_team_round"),
            models.CheckConstraint(
                condition=Q(kind__in=["U", "F", "H", "Z"]), name="team_bye_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.team} {self.kind}"


class RequestedTeamBye(models.Model):
    """A bye a team asked for in a round not yet paired (C.04.6: such a team is not paired;
    TRF-2026 240): a full-point (F), half-point (H) or zero-point (Z) bye. The team Swiss leaves
    the team out of that round and the round gets its ``TeamBye`` (docs/teams.md, "Requested
    byes and withdrawals of teams"). It names the round by number, as a lineup does: the round
    does not exist before it is paired."""

    KINDS = ("F", "H", "Z")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="requested_byes")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    kind = models.CharField(max_length=1, choices=TeamBye.Kind.choices)

    class Meta:
        ordering = ["team", "round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "round_number"], name="one_requested_bye_per_team_round"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["F", "H", "Z"]), name="requested_team_bye_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} round {self.round_number}: {self.kind}"


class TeamWithdrawal(models.Model):
    """A team that left the event from round ``from_round`` on: it is paired no more (team
    Swiss), its past results stand, the standings say it withdrew."""

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="withdrawal")
    from_round = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    #: Whether its players were withdrawn with it (only when the arbiter asked).
    players_withdrawn = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.team} withdrawn from round {self.from_round}"
