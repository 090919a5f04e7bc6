"""The team Swiss from a TRF-2026 team file: pair the next round, or pair every round again
and compare (the checker)."""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engines.team_swiss.pairer import NoValidPairing, pair_round
from pairing.engines.team_swiss.state import ColourModel, Match, RoundPairing
from pairing.engines.team_swiss.trf_input import (
    TeamFile,
    played_round,
    read_team_trf,
    rules_for,
    states_before,
)


def pair_file(
    f: TeamFile, rnd: int | None = None, colour_model: ColourModel | None = None
) -> RoundPairing:
    """Pair round ``rnd`` (default: the one after the last held) from rounds 1..rnd-1."""
    number = rnd if rnd is not None else f.held + 1
    if f.rounds and number > f.rounds:
        raise NoValidPairing(f"the tournament has {f.rounds} rounds; round {number} is past it")
    return pair_round(states_before(f, number), rules_for(f, number, colour_model))


def pair_trf_text(text: str, rnd: int | None = None) -> RoundPairing:
    return pair_file(read_team_trf(text), rnd)


@dataclass(frozen=True)
class RoundCheck:
    """One round of the check: the file's matches and ours (colours included), and the PABs."""

    round: int
    theirs: tuple[tuple[int, int], ...]
    their_bye: int | None
    ours: tuple[tuple[int, int], ...]
    our_bye: int | None
    error: str = ""

    @property
    def same(self) -> bool:
        return not self.error and (
            set(self.theirs) == set(self.ours) and self.their_bye == self.our_bye
        )


def check_file(f: TeamFile, colour_model: ColourModel | None = None) -> list[RoundCheck]:
    """Pair every held round again from the rounds before it and compare with the file."""
    out = []
    for rnd in range(1, f.held + 1):
        matches, bye = played_round(f, rnd)
        theirs = tuple((m.white, m.black) for m in matches)
        try:
            ours = pair_file(f, rnd, colour_model)
        except NoValidPairing as error:
            out.append(RoundCheck(rnd, theirs, bye, (), None, str(error)))
            continue
        out.append(
            RoundCheck(rnd, theirs, bye, tuple((m.white, m.black) for m in ours.matches), ours.bye)
        )
    return out


__all__ = ["Match", "RoundCheck", "check_file", "pair_file", "pair_trf_text"]
