"""Checking a round robin's TRF against FIDE's Berger tables (C.05 Annex 1): the check
``python -m pairing berger FILE -c`` runs, as ``dutch -c`` re-pairs a Swiss.

Every round the file holds must be the table's round for its starting numbers: the same pairs,
White where the table puts White (a forfeit written without colours only needs its pair), and
the free round of an odd field for the player the table leaves out. The ``192`` type says
which schedule: ``…DOUBLEROUNDROBIN`` two cycles, ``BERGER_DOUBLEROUNDROBIN`` without the
swap of the first cycle's last two rounds that FIDE recommends (pairing/engines/berger.py).
"""

from __future__ import annotations

from pairing.engines.berger import BergerRound, schedule
from pairing.engines.dutch.checker import RoundCheck
from pairing.engines.trf import TrfError, TrfPlayer, TrfTournament

__all__ = ["check_round_robin"]


def check_round_robin(t: TrfTournament) -> list[RoundCheck]:
    """One :class:`RoundCheck` per round the file holds. Raises :class:`TrfError` when the
    file cannot be a round robin: another tournament type, a gap in the starting numbers,
    more rounds than the schedule has."""
    system = t.system.strip().upper()
    if system and "ROUNDROBIN" not in system:
        raise TrfError(0, 0, f"the tournament type {t.system!r} is not a round robin")
    players = [p for p in t.players if not p.is_bye_marker]
    numbers = sorted(p.number for p in players)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = min(set(range(1, len(numbers) + 1)) - set(numbers))
        raise TrfError(0, 0, f"starting number {missing} is missing")
    if len(players) < 2:
        raise TrfError(0, 0, "a round robin needs at least two players")
    table = schedule(
        len(players),
        double="DOUBLE" in system,
        swap_last_two=system != "BERGER_DOUBLEROUNDROBIN",
    )
    held = max((len(p.results) for p in players), default=0)
    if held > len(table):
        raise TrfError(0, 0, f"{held} rounds, but the Berger table has {len(table)}")
    return [_check_round(players, table[number - 1]) for number in range(1, held + 1)]


def _check_round(players: list[TrfPlayer], berger_round: BergerRound) -> RoundCheck:
    rnd = berger_round.number
    coloured, colourless, free = set(), set(), set()
    for p in players:
        result = p.results[rnd - 1] if len(p.results) >= rnd else None
        if result is None or result.is_blank:
            continue
        if result.opponent is None:
            free.add(p.number)
        elif result.colour == "w":
            coloured.add((p.number, result.opponent))
        elif result.colour != "b":
            colourless.add(frozenset((p.number, result.opponent)))
    expected = {(g.white, g.black) for g in berger_round.games}
    differences = []
    for white, black in sorted(expected - coloured):
        if frozenset((white, black)) in colourless:
            continue
        if (black, white) in coloured:
            differences.append(f"{white}-{black}: the table gives White to {white}")
        else:
            differences.append(f"{white}-{black}: the table pairs them, the tournament did not")
    unordered = {frozenset(pair) for pair in expected}
    extra = {frozenset(pair) for pair in coloured} | colourless
    for first, second in sorted(sorted(pair) for pair in extra - unordered):
        differences.append(f"{first}-{second}: paired in the tournament, not by the table")
    bye = {berger_round.bye} if berger_round.bye else set()
    if free != bye:
        differences.append(
            f"free round: the tournament gave it to {_names(free)}, the table to {_names(bye)}"
        )
    return RoundCheck(rnd, not differences, tuple(differences))


def _names(numbers: set[int]) -> str:
    return ", ".join(str(n) for n in sorted(numbers)) or "nobody"
