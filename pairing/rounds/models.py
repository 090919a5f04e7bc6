"""What the round lifecycle stores for the team systems (team round robin, team Swiss) beside
the core's team matches: the boards of a match on which a team put nobody (docs/teams.md,
"Rounds of team matches"). Here, below the team systems' rooms, since the lifecycle writes a
round's matches (pairing/rounds/team_matches.py).

A ``Game`` needs two players, so a board a lineup left empty has no game: it is an
:class:`EmptyBoard` of its match instead, naming the player who was there (in the colour the
board gave them), who wins it by forfeit; a board empty on both sides names nobody and is a
double forfeit. The board's number in the round, which the match's games share, is kept free.
"""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q


class EmptyBoard(models.Model):
    """A board of a team match with no game: one side (or both) had nobody on it (TRF-2026:
    ``0000`` in the team's 300 record). ``white`` or ``black`` is the player who was there and
    wins by forfeit; both empty: a double forfeit."""

    match = models.ForeignKey(
        "arbiter.TeamMatch", on_delete=models.CASCADE, related_name="empty_boards"
    )
    #: The board in the match (1 = first board), not the round's board number.
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    white = models.ForeignKey(
        "arbiter.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    black = models.ForeignKey(
        "arbiter.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["match", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="one_empty_board_per_board"),
            models.CheckConstraint(
                condition=Q(white__isnull=True) | Q(black__isnull=True),
                name="empty_board_has_an_empty_side",
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="empty_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.match} board {self.board}: {self.code}"

    @property
    def code(self) -> str:
        """The board's result (pairing/engines/results.py): the player there wins by forfeit."""
        if self.white_id:
            return "+-"
        if self.black_id:
            return "-+"
        return "--"


class RoundCheckIn(models.Model):
    """A player present for a round, for systems without a check-in of their own (the Swiss,
    pairing/rounds/check_in.py; the Monrad keeps its own: pairing/monrad/models.py), given by the
    player scanning their card (``by_player``) or marked by an arbiter. Here, below the systems,
    since a system's registry entry names the check-in (arbiter/core/systems.py, ``CheckIn``)."""

    entry = models.ForeignKey(
        "arbiter.Entry", on_delete=models.CASCADE, related_name="round_check_ins"
    )
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    by_player = models.BooleanField(default=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "entry__name"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="round_check_in_once"),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="round_check_in_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} in for round {self.round_number}"
