"""C.04.6 art. 3: the pairing process of the Swiss Team Pairing System.

Art. 3.3.2: (1) the PAB (art. 3.4); (2) the top scoregroup with its upfloaters (art. 3.5) is
paired as one bracket (art. 3.6); (3) repeat until every team is paired; (4) the colours (art. 4,
:mod:`~pairing.engines.team_swiss.colours`). There are no downfloaters: a bracket that cannot be
paired takes more upfloaters (art. 1.3.2).

The absolute criteria are [C1] (art. 2.1.1, no second meeting) and [C2] (art. 2.1.2, no second
PAB, none after a forfeit match win or an FPB); [C3] (art. 2.2.1) keeps a legal pairing for the
teams not yet paired. The quality criteria [C4]-[C7] choose the upfloaters, [C8]-[C10] and the
lexicographic identifier of art. 3.6.2 choose the bracket's pairs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

from pairing.engines.team_swiss.colours import allocate
from pairing.engines.team_swiss.matching import has_perfect_matching, min_weight_perfect_matching
from pairing.engines.team_swiss.state import (
    Match,
    Preference,
    RoundPairing,
    Rules,
    TeamState,
    colour_preference,
)


class NoValidPairing(Exception):
    """Art. 3.3.3: the round cannot be paired; the Chief Arbiter decides."""


class _Round:
    """The state of one round's pairing: the present teams, their scoregroups (levels 0 = the
    lowest score) and the [C1] test."""

    def __init__(self, teams: Sequence[TeamState], rules: Rules) -> None:
        self.rules = rules
        self.teams = {t.tpn: t for t in teams if t.present}
        scores = sorted({t.score for t in self.teams.values()})
        level_of: dict[Fraction, int] = {s: i for i, s in enumerate(scores)}
        self.level = {tpn: level_of[t.score] for tpn, t in self.teams.items()}
        self.pref: dict[int, Preference | None] = {
            tpn: colour_preference(t, rules) for tpn, t in self.teams.items()
        }
        self._met: dict[int, frozenset[int]] = {}
        for tpn, t in self.teams.items():
            self._met[tpn] = t.opponents

    def can_meet(self, a: int, b: int) -> bool:
        """[C1] art. 2.1.1: two teams never meet twice (a forfeited match is no meeting)."""
        return a != b and b not in self._met[a] and a not in self._met[b]

    def pairable(self, teams: Sequence[int]) -> bool:
        """[C3] art. 2.2.1: the teams have a pairing satisfying [C1]."""
        return has_perfect_matching(teams, self.can_meet)

    def order(self, tpns: Sequence[int]) -> list[int]:
        """Highest score first, then TPN (the order brackets and upfloaters are read in)."""
        return sorted(tpns, key=lambda t: (-self.level[t], t))


def pair_round(teams: Sequence[TeamState], rules: Rules) -> RoundPairing:
    """Pair one round of a C.04.6 team Swiss (art. 3.3.2). Raises :class:`NoValidPairing`."""
    rnd = _Round(teams, rules)
    remaining = rnd.order(list(rnd.teams))
    bye = _pab(rnd, remaining)
    if bye is not None:
        remaining = [t for t in remaining if t != bye]
    pairs: list[tuple[int, int]] = []
    brackets: list[tuple[int, ...]] = []
    top = max((rnd.level[t] for t in remaining), default=-1)
    for level in range(top, -1, -1):
        residents = [t for t in remaining if rnd.level[t] == level]
        if not residents:
            continue  # the whole scoregroup floated up into an earlier bracket
        upfloaters = _select_upfloaters(rnd, level, residents, remaining)
        bracket = rnd.order(residents + upfloaters)
        bracket_pairs = _pair_bracket(rnd, level, bracket)
        pairs += bracket_pairs
        brackets.append(tuple(bracket))
        taken = set(bracket)
        remaining = [t for t in remaining if t not in taken]
    if remaining:
        raise NoValidPairing(f"teams {remaining} are left unpaired (C.04.6 art. 3.3.3)")
    matches = [allocate(rnd.teams[a], rnd.teams[b], rules) for a, b in pairs]
    return RoundPairing(tuple(_table_order(rnd, matches)), bye, tuple(brackets))


def _pab(rnd: _Round, nodes: list[int]) -> int | None:
    """Art. 3.4: the PAB goes to the team that leaves a legal pairing for the rest (3.4.1), has
    the lowest score (3.4.2), has played the most matches (3.4.3), has the largest TPN (3.4.4);
    never to a team [C2] bars."""
    if len(nodes) % 2 == 0:
        return None
    candidates = sorted(
        (t for t in nodes if not rnd.teams[t].bye_barred),
        key=lambda t: (rnd.level[t], -rnd.teams[t].played, -t),
    )
    for team in candidates:
        if rnd.pairable([t for t in nodes if t != team]):
            return team
    raise NoValidPairing("no team can receive the PAB and leave a legal pairing (art. 3.4.1)")


def _profiles(counts: dict[int, int], k: int) -> Iterator[tuple[int, ...]]:
    """[C4]/[C5] art. 2.3.1-2.3.2: the score profiles of ``k`` upfloaters, best first: their
    levels in ascending order, compared lexicographically, the largest first."""
    levels = sorted(counts, reverse=True)

    def rec(prefix: tuple[int, ...], floor: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield prefix
            return
        for lv in levels:
            if lv < floor:
                break
            used = prefix.count(lv)
            if counts[lv] - used <= 0:
                continue
            room = sum(counts[x] - prefix.count(x) for x in levels if x >= lv)
            if room < left:
                continue
            yield from rec((*prefix, lv), lv, left - 1)

    yield from rec((), -1, k)


def _upfloater_sets(
    rnd: _Round, lower: Sequence[int], profile: tuple[int, ...]
) -> Iterator[list[int]]:
    """Art. 3.5.3-3.5.4: the sets with ``profile``, each sorted by score then TPN, the sets in
    lexicographic order of those TPN lists."""
    levels = sorted(set(profile), reverse=True)
    groups = [sorted(t for t in lower if rnd.level[t] == lv) for lv in levels]
    counts = [profile.count(lv) for lv in levels]

    def rec(i: int) -> Iterator[list[int]]:
        if i == len(levels):
            yield []
            return
        for chosen in combinations(groups[i], counts[i]):
            for rest in rec(i + 1):
                yield list(chosen) + rest

    return rec(0)


def _select_upfloaters(
    rnd: _Round, level: int, residents: list[int], remaining: list[int]
) -> list[int]:
    """Art. 3.5: the upfloaters of the bracket of scoregroup ``level``.

    The number grows from the parity minimum in steps of two ([C4]); for each number the score
    profiles come best first ([C5]); within a profile the sets come in the order of art. 3.5.4,
    and the first that pairs legally with the residents, leaves the rest pairable ([C3]),
    satisfies [C6] and has no previous-round floater ([C7]) is taken; failing that, the best by
    ([C6], [C7], order).
    """
    lower = [t for t in remaining if rnd.level[t] < level]
    counts: dict[int, int] = {}
    for t in lower:
        counts[rnd.level[t]] = counts.get(rnd.level[t], 0) + 1
    no_c7 = rnd.rules.last_two_rounds
    for numup in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in _profiles(counts, numup):
            best: tuple[tuple[int, int], list[int]] | None = None
            for ups in _upfloater_sets(rnd, lower, profile):
                c7 = 0 if no_c7 else sum(1 for t in ups if rnd.teams[t].floated)
                if best is not None and best[0][0] == 0 and c7 >= best[0][1]:
                    continue  # cannot beat the best already found
                bracket = residents + ups
                if not rnd.pairable(bracket):
                    continue
                taken = set(bracket)
                rest = [t for t in remaining if t not in taken]
                if not rnd.pairable(rest):
                    continue  # [C3]
                c6 = 0 if _c6(rnd, level, rest) else 1
                key = (c6, c7)
                if best is None or key < best[0]:
                    best = (key, ups)
                if key == (0, 0):
                    break
            if best is not None:
                return best[1]
    raise NoValidPairing(f"the bracket of scoregroup {level} has no legal pairing (art. 3.3.3)")


def _c6(rnd: _Round, level: int, rest: list[int]) -> bool:
    """[C6] art. 2.3.3: unless the next scoregroup is empty, what is left of it can be paired
    with the fewest upfloaters its parity allows (none or one), the field still pairable."""
    following = [t for t in rest if rnd.level[t] == level - 1]
    if not following:
        return True
    lower = [t for t in rest if rnd.level[t] < level - 1]
    candidates: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in lower]
    for ups in candidates:
        bracket = following + ups
        if not rnd.pairable(bracket):
            continue
        taken = set(bracket)
        if rnd.pairable([t for t in rest if t not in taken]):
            return True
    return False


def _pair_bracket(rnd: _Round, level: int, bracket: list[int]) -> list[tuple[int, int]]:
    """Art. 3.6: the lexicographically first identifier among the pairings that best satisfy
    [C8], [C9], [C10].

    Teams are numbered 1..B in TPN order (3.6.1); the identifier lists the top members, then the
    bottom members in the order of their tops (3.6.2). One minimum-weight perfect matching
    decides it, the weight of a pair being, from heaviest: [C8], [C9], [C10], a bit per bottom
    member (low numbers heavy: the top members first) and the bottom member's number at the
    place value of its top member's position (base B+1, so no digit carries).
    """
    ordered = sorted(bracket)
    size = len(ordered)
    base = size + 1
    w_top = base**size
    w10 = w_top * 2**size
    w9 = w10 * base
    w8 = w9 * base
    typeb = rnd.rules.colour_model == "typeb"
    count_floats = not rnd.rules.last_two_rounds
    edges: list[tuple[int, int, int]] = []
    for i in range(size):
        a = ordered[i]
        for j in range(i + 1, size):
            b = ordered[j]
            if not rnd.can_meet(a, b):
                continue
            weight = w_top * 2 ** (size - (j + 1)) + (j + 1) * base ** (size - (i + 1))
            pa, pb = rnd.pref[a], rnd.pref[b]
            if pa is not None and pb is not None and pa.colour == pb.colour:
                weight += w8  # [C8] one of them misses its preference
                if typeb and pa.strong and pb.strong:
                    weight += w9  # [C9] a strong one is missed
            if count_floats:
                for team, other in ((a, b), (b, a)):
                    if rnd.level[team] < level and rnd.teams[other].floated:
                        weight += w10  # [C10] an upfloater's opponent floated last round
            edges.append((i, j, weight))
    if len(edges) == size * (size - 1) // 2 and all(w < w10 for _, _, w in edges):
        # Every pair allowed and no criterion at stake (round 1, say): the first identifier
        # pairs the first half with the second in order (tops 1..B/2, the smallest bottoms
        # first), which is what the matching would find, without its cost.
        half = size // 2
        return [(ordered[i], ordered[i + half]) for i in range(half)]
    matched = min_weight_perfect_matching(size, edges)
    if matched is None:
        raise NoValidPairing(f"bracket {ordered} cannot be paired")
    return [(ordered[i], ordered[j]) for i, j in matched]


def _table_order(rnd: _Round, matches: list[Match]) -> list[Match]:
    """Table order (not regulated by C.04.6): the higher score of the pair, the higher sum, the
    smaller TPN, as gacrux and the Dutch engine order games."""

    def key(m: Match) -> tuple[Fraction, Fraction, int]:
        a, b = rnd.teams[m.white].score, rnd.teams[m.black].score
        return (-max(a, b), -(a + b), min(m.white, m.black))

    return sorted(matches, key=key)
