"""FIDE C.04.6 Swiss Team Pairing System (applied from 1 February 2026), pure.

Usage::

    from pairing.engines.team_swiss import pair_round, Rules, TeamState
    pairing = pair_round(teams, Rules(round=6, rounds=9))
    for match in pairing.matches: ...   # white, black: board-1 colours
    pairing.bye                          # the team with the PAB, or None

``trf_input`` reads a TRF-2026 team file into states; ``api`` pairs and checks files;
``generator`` writes random team tournaments (docs/teams.md, "The team Swiss engine").
"""

from pairing.engines.team_swiss.api import RoundCheck, check_file, pair_file, pair_trf_text
from pairing.engines.team_swiss.colours import allocate, first_team
from pairing.engines.team_swiss.pairer import NoValidPairing, pair_round
from pairing.engines.team_swiss.state import (
    Match,
    Preference,
    RoundPairing,
    Rules,
    TeamState,
    TeamSwissError,
    colour_preference,
)
from pairing.engines.team_swiss.trf_input import TeamFile, read_team_trf, states_before

__all__ = [
    "Match",
    "NoValidPairing",
    "Preference",
    "RoundCheck",
    "RoundPairing",
    "Rules",
    "TeamFile",
    "TeamState",
    "TeamSwissError",
    "allocate",
    "check_file",
    "colour_preference",
    "first_team",
    "pair_file",
    "pair_round",
    "pair_trf_text",
    "read_team_trf",
    "states_before",
]
