"""Each competition system's matches as data (spec §2.9, Appendix A), generated for any size.

Match ids: the main bracket up to the semi-finals first, round by round (round 1 = matches
1..size/2, the pairs of slots 2m-1 and 2m, as in Appendix A), then the repechage, the bronze
matches and the final last. Every reference points to a lower id, so one pass resolves a bracket.

- "single": single elimination; both losing semi-finalists are third (spec §2.9 "No repechage").
- "single_bronze": single elimination with one bronze match between the losing semi-finalists.
- "ijf_repechage": IJF quarter-final repechage: the losing quarter-finalists of each half meet;
  the winner meets the losing semi-finalist of the other half for bronze (Appendix A, "IJF").
- "double_repechage": the classic (FIN, pre-2009 IJF) double repechage: everyone the winner of a
  quarter-final beat forms that quarter's ladder, earliest loser first; the two ladder winners of
  a half meet; the winner meets the losing semi-finalist of the other half for bronze.
- "double_elimination": judo-style double elimination (the GBR/EST family): every loser before the
  semi-finals drops into the losers' bracket of their half; a round-k loser meets the survivor of
  the neighbouring block, so nobody meets the same opponent twice; each half's survivor meets the
  losing semi-finalist of the other half for bronze; the final is one match between the unbeaten.
- "pool": a round robin of 2 to 7 in the spec's match order (§2.7); see `pools`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .model import BracketMatch, Draw, DrawnBracket, KnockoutError, Ref, loser, slot, winner
from .pools import MAX_POOL, pool_matches

#: ``add(round, stage, a, b)``: a new match of the bracket being built; its id.
_Add = Callable[[int, str, Ref, Ref], int]
#: The places after the final's two: ``(size, rounds, semi-final ids, add)`` -> (place, who).
_Places = Callable[[int, int, tuple[int, int], _Add], list[tuple[int, Ref]]]


@dataclass(frozen=True)
class KnockoutSystem:
    """A knockout system (the IJF's "competition system": single elimination, a repechage, a
    pool), not a pairing system: the code a category's bracket is laid out by."""

    code: str
    name: str
    #: The smallest bracket the system is defined on (knockout); pools: the most competitors.
    min_size: int
    bronzes: int

    @property
    def is_pool(self) -> bool:
        """A round robin of a few (spec §2.7), not a bracket."""
        return self.code == "pool"


SYSTEMS: dict[str, KnockoutSystem] = {
    s.code: s
    for s in (
        KnockoutSystem("single", "Single elimination", 2, 2),
        KnockoutSystem("single_bronze", "Single elimination with a bronze match", 4, 1),
        KnockoutSystem("ijf_repechage", "IJF quarter-final repechage", 8, 2),
        KnockoutSystem("double_repechage", "Double repechage (classic)", 8, 2),
        KnockoutSystem("double_elimination", "Double elimination", 8, 2),
        KnockoutSystem("pool", "Pool (round robin)", 2, 1),
    )
}


def main_id(size: int, rnd: int, index: int) -> int:
    """The id of main-bracket match `index` (0-based, top to bottom) of round `rnd`."""
    block: int = 2 ** (rnd - 1)
    return size - size // block + index + 1


def round_of_slot(size: int, rnd: int, slot_number: int) -> int:
    """The id of the round-`rnd` main match the holder of a slot plays in."""
    return main_id(size, rnd, (slot_number - 1) >> rnd)


def bracket(draw: Draw, system: str) -> DrawnBracket:
    """The matches of `system` on a drawn bracket (spec Appendix A)."""
    if system not in SYSTEMS:
        raise KnockoutError(f"Unknown system {system!r}; one of {', '.join(SYSTEMS)}.")
    if SYSTEMS[system].is_pool:
        return _pool(draw)
    size = draw.size
    if size < SYSTEMS[system].min_size:
        raise KnockoutError(
            f"{SYSTEMS[system].name} needs a bracket of at least {SYSTEMS[system].min_size}; "
            f"draw with minimum_size={SYSTEMS[system].min_size}."
        )
    rounds = size.bit_length() - 1
    matches: list[BracketMatch] = []
    for rnd in range(1, rounds):
        for i in range(size >> rnd):
            if rnd == 1:
                a, b = slot(2 * i + 1), slot(2 * i + 2)
            else:
                a = winner(main_id(size, rnd - 1, 2 * i))
                b = winner(main_id(size, rnd - 1, 2 * i + 1))
            matches.append(BracketMatch(main_id(size, rnd, i), rnd, "main", a, b))
    next_id = size - 1
    extra: list[BracketMatch] = []

    def add(rnd: int, stage: str, a: Ref, b: Ref) -> int:
        nonlocal next_id
        extra.append(BracketMatch(next_id, rnd, stage, a, b))
        next_id += 1
        return next_id - 1

    if rounds == 1:
        final = add(1, "final", slot(1), slot(2))
        return DrawnBracket(system, draw, tuple(extra), ((1, winner(final)), (2, loser(final))))
    semis = (main_id(size, rounds - 1, 0), main_id(size, rounds - 1, 1))
    places = _THIRD_PLACES[system](size, rounds, semis, add)
    final = add(rounds, "final", winner(semis[0]), winner(semis[1]))
    places = [(1, winner(final)), (2, loser(final)), *places]
    return DrawnBracket(system, draw, tuple(matches + extra), tuple(places))


def _ijf(size: int, rounds: int, add: _Add) -> list[Ref]:
    """The two losing quarter-finalists of each half meet (Appendix A: P=16, 13 = L9-L10)."""
    qf = [main_id(size, rounds - 2, i) for i in range(4)]
    return [winner(add(1, "repechage", loser(qf[2 * h]), loser(qf[2 * h + 1]))) for h in (0, 1)]


def _ladders(size: int, rounds: int, add: _Add) -> list[Ref]:
    """FIN double repechage (spec §2.9): each quarter-final winner's beaten, earliest first."""
    quarter = rounds - 2  # the quarter-final round
    ladder_winners: list[Ref] = []
    for i in range(4):
        qf = main_id(size, quarter, i)
        current = Ref("beaten", qf, 1)
        for k in range(2, quarter + 1):
            current = winner(add(k - 1, "repechage", current, Ref("beaten", qf, k)))
        ladder_winners.append(current)
    return [
        winner(add(quarter, "repechage", ladder_winners[2 * h], ladder_winners[2 * h + 1]))
        for h in (0, 1)
    ]


def _losers_bracket(size: int, rounds: int, add: _Add) -> list[Ref]:
    """Judo double elimination: losers of rounds 1 .. quarter-final drop in, crossed by block."""
    survivors = [
        winner(
            add(1, "repechage", loser(main_id(size, 1, 2 * i)), loser(main_id(size, 1, 2 * i + 1)))
        )
        for i in range(size // 4)
    ]  # one survivor per round-2 block
    step = 1
    for rnd in range(2, rounds - 1):
        step += 1
        survivors = [
            winner(add(step, "repechage", s, loser(main_id(size, rnd, i ^ 1))))
            for i, s in enumerate(survivors)
        ]  # block i's survivor meets the loser of the neighbouring block i^1
        step += 1
        survivors = [
            winner(add(step, "repechage", survivors[2 * i], survivors[2 * i + 1]))
            for i in range(len(survivors) // 2)
        ]  # one survivor per round-(rnd+1) block
    return survivors


def _pool(draw: Draw) -> DrawnBracket:
    numbers = [s for s, cid in enumerate(draw.slots, start=1) if cid is not None]
    if not 2 <= len(numbers) <= MAX_POOL:
        raise KnockoutError(f"A pool has 2 to {MAX_POOL} competitors, not {len(numbers)}.")
    matches = tuple(
        BracketMatch(i, i, "pool", slot(numbers[a - 1]), slot(numbers[b - 1]))
        for i, (a, b) in enumerate(pool_matches(len(numbers)), start=1)
    )
    return DrawnBracket("pool", draw, matches, ())


def _both_semi_losers_third(
    size: int, rounds: int, semis: tuple[int, int], add: _Add
) -> list[tuple[int, Ref]]:
    """No repechage: both losing semi-finalists are third (spec §2.9)."""
    return [(3, loser(semis[0])), (3, loser(semis[1]))]


def _one_bronze_match(
    size: int, rounds: int, semis: tuple[int, int], add: _Add
) -> list[tuple[int, Ref]]:
    bronze = add(rounds, "bronze", loser(semis[0]), loser(semis[1]))
    return [(3, winner(bronze)), (4, loser(bronze))]


def _two_bronze_matches(survivors_of: Callable[[int, int, _Add], list[Ref]]) -> _Places:
    """Each half's survivor of ``survivors_of`` meets the losing semi-finalist of the other
    half for one of two bronzes; their losers are fifth, and the losers of the repechage
    matches that made those survivors are seventh (spec §2.9: 1, 2, 3, 3, 5, 5, 7, 7)."""

    def places(size: int, rounds: int, semis: tuple[int, int], add: _Add) -> list[tuple[int, Ref]]:
        survivors = survivors_of(size, rounds, add)
        bronzes = [
            add(rounds, "bronze", survivors[0], loser(semis[1])),
            add(rounds, "bronze", survivors[1], loser(semis[0])),
        ]
        return (
            [(3, winner(m)) for m in bronzes]
            + [(5, loser(m)) for m in bronzes]
            + [(7, loser(s.number)) for s in survivors]
        )

    return places


#: How each knockout system decides the places after the final's two.
_THIRD_PLACES: dict[str, _Places] = {
    "single": _both_semi_losers_third,
    "single_bronze": _one_bronze_match,
    "ijf_repechage": _two_bronze_matches(_ijf),
    "double_repechage": _two_bronze_matches(_ladders),
    "double_elimination": _two_bronze_matches(_losers_bracket),
}
