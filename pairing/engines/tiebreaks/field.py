"""The tournament as tie-breaks see it after round n: every player's rounds, score, and the
score their opponents see (C.07 Art. 16.3), with the dummy opponent of Art. 16.4."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from .model import (
    DRAW,
    FORFEITS,
    REQUESTED_BYES,
    VUR,
    WIN,
    WITH_OPPONENT,
    ZERO,
    Kind,
    Player,
    RoundResult,
)


@dataclass(frozen=True)
class Element:
    """One round's part of a sum-type tie-break (BH, SB): the opponent's score as counted (the
    real opponent's or the dummy's), the contribution to the sum, and whether the round is a
    voluntary unplayed round (VUR, C.07 Art. 16.1) for the cut exception of Art. 16.5."""

    round: int
    score: Decimal
    contribution: Decimal
    vur: bool = False


class Field:
    """Read-only view of the players' first ``through_round`` rounds."""

    def __init__(
        self,
        players: tuple[Player, ...],
        *,
        rules: str,
        round_robin: bool,
        through_round: int,
        unrated_rating: int | None,
        win_points: Decimal = WIN,
        draw_points: Decimal = DRAW,
    ) -> None:
        self.rules = rules
        #: What a win and a draw are worth (the club rule set's scoring; C.07's is 1 and ½).
        self.win_points = win_points
        self.draw_points = draw_points
        self.swiss = not round_robin
        self.rounds_counted = through_round
        self.unrated_rating = unrated_rating
        self.players = {p.id: p for p in players}
        self.rounds: dict[int, tuple[RoundResult, ...]] = {}
        for player in players:
            given = {r.round: r for r in player.results if r.round <= through_round}
            self.rounds[player.id] = tuple(
                given.get(n, RoundResult(n, Kind.NOT_PAIRED, ZERO))
                for n in range(1, through_round + 1)
            )
        self.score = {pid: sum((r.points for r in rs), ZERO) for pid, rs in self.rounds.items()}

    # -- Art. 16.2: categories of unplayed rounds (Swiss) ------------------------------------

    def final_requested_bye(self, player_id: int, result: RoundResult) -> bool:
        """Category 16.2.5: a requested bye followed only by VURs, or in the last round."""
        if result.kind not in REQUESTED_BYES:
            return False
        later = self.rounds[player_id][result.round :]
        return all(r.kind in VUR for r in later)

    @cached_property
    def adjusted(self) -> dict[int, Decimal]:
        """The score a player's opponents count (C.07 Art. 16.3): rounds of category 16.2.5
        count as draws, every other round with the points it gave. In a round robin the plain
        score (Art. 15)."""
        if not self.swiss:
            return dict(self.score)
        return {
            pid: sum(
                (DRAW if self.final_requested_bye(pid, r) else r.points for r in rs),
                ZERO,
            )
            for pid, rs in self.rounds.items()
        }

    def dummy(self, player_id: int, result: RoundResult) -> Decimal:
        """The dummy opponent's score for the player's own unplayed round (C.07 Art. 16.4).

        2023: the player's own score. 2026: the same, capped at the scheduled opponent's
        adjusted score for a forfeit (16.2.2, 16.2.4) and at a draw's points times the number
        of rounds for every other unplayed round.
        """
        own = self.score[player_id]
        if self.rules == "2023":
            return own
        if result.kind in FORFEITS:
            assert result.opponent is not None  # a forfeit has its scheduled opponent
            return min(own, self.adjusted[result.opponent])
        return min(own, DRAW * self.rounds_counted)

    # -- elements of the sum-type tie-breaks ------------------------------------------------

    def opponent_elements(self, player_id: int) -> tuple[Element, ...]:
        """Per round the opponent's score and the player's SB contribution.

        Swiss: a game over the board counts the opponent's adjusted score; any other round
        counts the dummy (Art. 16.4). Round robin: forfeits are games against the scheduled
        opponent (Art. 15); a round without a scheduled opponent has no element.
        """
        elements = []
        for r in self.rounds[player_id]:
            if self.swiss:
                if r.kind == Kind.PLAYED:
                    assert r.opponent is not None  # a game has its opponent
                    score = self.adjusted[r.opponent]
                else:
                    score = self.dummy(player_id, r)
                vur = r.kind in VUR
            elif r.kind in WITH_OPPONENT:
                assert r.opponent is not None  # a game or a forfeit has its opponent
                score, vur = self.score[r.opponent], False
            else:
                continue
            elements.append(Element(r.round, score, score * r.points, vur))
        return tuple(elements)

    # -- which rounds count as games ---------------------------------------------------------

    def games_over_the_board(self, player_id: int) -> tuple[RoundResult, ...]:
        """Games actually played: rating-based tie-breaks and AOB (Art. 10, 8.2, 15)."""
        return tuple(r for r in self.rounds[player_id] if r.kind == Kind.PLAYED)

    def games_for_own_counts(self, player_id: int) -> tuple[RoundResult, ...]:
        """Games for WON, BPG and BWG: over the board, and in a round robin also forfeit wins
        (Art. 15: forfeits are played, but a forfeit loss stays unplayed for type B)."""
        kinds = {Kind.PLAYED} if self.swiss else {Kind.PLAYED, Kind.FORFEIT_WIN}
        return tuple(r for r in self.rounds[player_id] if r.kind in kinds)

    def encounters(self, player_id: int) -> tuple[RoundResult, ...]:
        """Games for direct encounter: over the board in a Swiss (Art. 6: forfeits excluded);
        in a round robin a single forfeit counts against the scheduled opponent (Art. 15)."""
        kinds = {Kind.PLAYED} if self.swiss else {Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}
        return tuple(r for r in self.rounds[player_id] if r.kind in kinds)

    def rating(self, player_id: int) -> int | None:
        rating = self.players[player_id].rating
        return self.unrated_rating if rating is None else rating

    @cached_property
    def koya_limit(self) -> Decimal:
        """Half the maximum score: a win for every round with a scheduled opponent, taking the
        player with most such rounds (so an odd round robin's bye round is not counted)."""
        games = max(
            (sum(r.kind in WITH_OPPONENT for r in rs) for rs in self.rounds.values()), default=0
        )
        return WIN * games / 2
