"""The FIDE round-robin schedule (Berger tables), FIDE Handbook C.05 Annex 1.

For an even number N of starting numbers there are N-1 rounds of N/2 boards; with an odd number of
players N is the number of players plus one, and whoever meets N has the bye. In round r let
s = ((r-1)·N/2) mod (N-1) and p[i] = ((s+i) mod (N-1)) + 1 for i = 0..N-2. Board 1 is p[0] against
N, with N Black in odd rounds and White in even rounds; board k+1 is p[k] (White) against
p[N-1-k] (Black). This reproduces FIDE's printed tables (tests compare them for 4 to 14).

A double round robin plays the cycle twice, the second time with colours reversed. FIDE recommends
swapping the last two rounds of the first cycle, so that nobody has the same colour three times in
a row across the cycles (`swap_last_two`, on by default; TRF-2026 `FIDE_DOUBLEROUNDROBIN`).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class BergerGame:
    board: int
    white: int
    black: int


@dataclass(frozen=True)
class BergerRound:
    number: int
    games: tuple[BergerGame, ...]
    #: The starting number that sits out this round (odd number of players), else None.
    bye: int | None = None


def table_size(players: int) -> int:
    """N: the even number of slots in the table (odd fields get a dummy number, the bye)."""
    if players < 2:
        raise ValueError("A round robin needs at least two players.")
    return players + players % 2


def single_cycle(players: int) -> tuple[BergerRound, ...]:
    """One cycle of the Berger table for `players` starting numbers 1..players."""
    size = table_size(players)
    rounds = []
    for number in range(1, size):
        shift = ((number - 1) * size // 2) % (size - 1)
        rotating = [((shift + i) % (size - 1)) + 1 for i in range(size - 1)]
        pairs = [(size, rotating[0]) if number % 2 == 0 else (rotating[0], size)]
        pairs += [(rotating[k], rotating[size - 1 - k]) for k in range(1, size // 2)]
        rounds.append(_round(number, pairs, players))
    return tuple(rounds)


def schedule(
    players: int, *, double: bool = False, swap_last_two: bool = True
) -> tuple[BergerRound, ...]:
    """The whole schedule: one cycle, or two (the second with colours reversed)."""
    first = single_cycle(players)
    if not double:
        return first
    if swap_last_two and len(first) >= 2:
        first = (*first[:-2], first[-1], first[-2])
    cycle = len(first)
    renumbered = tuple(BergerRound(index + 1, r.games, r.bye) for index, r in enumerate(first))
    second = tuple(
        BergerRound(
            cycle + index + 1,
            tuple(BergerGame(g.board, g.black, g.white) for g in r.games),
            r.bye,
        )
        for index, r in enumerate(single_cycle(players))
    )
    return renumbered + second


def meeting_rounds(players: int) -> dict[frozenset[int], int]:
    """The round (of one cycle) in which each pair of starting numbers meets."""
    return {
        frozenset((game.white, game.black)): berger_round.number
        for berger_round in single_cycle(players)
        for game in berger_round.games
    }


def _round(number: int, pairs: list[tuple[int, int]], players: int) -> BergerRound:
    games: list[BergerGame] = []
    bye: int | None = None
    for white, black in pairs:
        if players < white or players < black:
            bye = min(white, black)
            continue
        games.append(BergerGame(len(games) + 1, white, black))
    return BergerRound(number, tuple(games), bye)
