"""A published round's TRF for anyone to check (issue 28, "pairings anyone can verify").

The file is the tournament as it stood when round ``n`` was paired: the history of the rounds
before it, with their results, and round ``n``'s published pairing without its results (a game
is written ``  12 w  ``, a requested bye as it was asked). The pairing checker reads exactly
this: it re-pairs every round of the file from the rounds before it and names the boards that
differ (``python -m pairing check round-5.trf``; ``python -m pairing dutch round-5.trf -c``
does the same for the pairings).

Unlike the rating report download, the file names the forbidden pairs (``XXP``): the engine
paired round ``n`` under them, so without them a correct round could read as wrong.
"""

from dataclasses import replace

from arbiter.core.models import Tournament
from arbiter.teams.trf_export import is_team_event, team_round_trf
from pairing.engines.trf import Scoring, TrfPlayer, TrfResult, write_trf
from pairing.swiss.trf.export import tournament_trf


def round_trf(tournament: Tournament, number: int) -> str:
    """TRF-2026 of round ``number`` as it was paired (the round must be published); a team
    event's is its team file (arbiter/teams/trf_export.py)."""
    if is_team_event(tournament):
        return team_round_trf(tournament, number)
    trf = tournament_trf(tournament, through_round=number)
    players = tuple(_as_paired(player, number, trf.scoring) for player in trf.players)
    return write_trf(replace(trf, players=players))


def _as_paired(player: TrfPlayer, number: int, scoring: Scoring) -> TrfPlayer:
    """The player with round ``number``'s game, if any, written without its result, and the
    points column without what that result gave."""
    if len(player.results) < number or player.results[number - 1].opponent is None:
        return player
    paired = player.results[number - 1]
    results = list(player.results)
    results[number - 1] = TrfResult(paired.opponent, paired.colour, " ")
    return replace(
        player, results=tuple(results), points=player.points - _worth(paired.code, scoring)
    )


def _worth(code: str, scoring: Scoring) -> int:
    """The points (tenths) a game's result code gave the player."""
    if code in "1W+":
        return scoring.win
    if code in "=D":
        return scoring.draw
    if code == "-":
        return scoring.forfeit_loss
    return scoring.loss if code in "0L" else 0
