"""A judo team match, pure: the team's weight classes, who may fight in which class, the bout
order, the team score from the bouts, fusen-gachi for an empty class, and the decider of a tied
match (docs/competition.md "Team matches", spec team-events.md §6).

A match is fought class by class in the event's order. A class one team left empty is won by
the other by fusen-gachi (no bout); a class both left empty is won by nobody. The first team to
win a majority of the classes (4 of 6) wins the match, unless the event fights every bout. A
match level in wins when every bout is fought is decided by a class drawn at random (with a
seed kept, so the draw is reproducible) among the classes where both teams had an athlete, its
bout fought again in golden score (IJF); the legacy tie-break compares score points first
(ippon 10, waza-ari 1, the Pan-American mixed team rules), then draws.

Plain data in, plain data out: no Django (mypy --strict).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from .model import KnockoutError

#: The IJF mixed team's classes in the order the bouts are fought (women -57, men -73, women
#: -70, men -90, women +70, men +90).
MIXED_CLASSES = ("F-57", "M-73", "F-70", "M-90", "F+70", "M+90")
#: The tie-break of a match level in wins.
IJF, LEGACY = "ijf", "legacy"
#: Legacy score points of a won bout by how it was won (Pan-American mixed team rules): ippon
#: and what counts as ippon 10, waza-ari 1, anything else (a yuko, a decision, shido) 0.
LEGACY_POINTS = {
    "ippon": 10,
    "waza-ari awasete ippon": 10,
    "hansoku-make": 10,
    "fusen-gachi": 10,
    "kiken-gachi": 10,
    "waza-ari": 1,
}
_CLASS = re.compile(r"^([MF])([-+])(\d{2,3})$")


@dataclass(frozen=True, order=True)
class WeightClass:
    """A team weight class: "M-73" (men up to 73 kg) or "F+70" (women over 70 kg)."""

    sex: str
    limit: int
    over: bool

    @classmethod
    def parse(cls, code: str) -> WeightClass:
        match = _CLASS.match(code)
        if match is None:
            raise KnockoutError(f"Not a team weight class: {code!r} (as M-73 or F+70).")
        return cls(match[1], int(match[3]), match[2] == "+")

    @property
    def code(self) -> str:
        return f"{self.sex}{'+' if self.over else '-'}{self.limit}"


def check_classes(codes: Sequence[str]) -> tuple[str, ...]:
    """The classes as given, each read and none twice; at least 2, at most 10."""
    parsed = [WeightClass.parse(c) for c in codes]
    if len({p.code for p in parsed}) != len(parsed):
        raise KnockoutError("A weight class is named twice.")
    if not 2 <= len(parsed) <= 10:
        raise KnockoutError("A team has 2 to 10 weight classes.")
    return tuple(p.code for p in parsed)


def _ladder(codes: Sequence[str], sex: str) -> list[WeightClass]:
    """The classes of `sex`, lightest first (the "+" class above the limit it starts from)."""
    mine = [WeightClass.parse(c) for c in codes]
    return sorted((c for c in mine if c.sex == sex), key=lambda c: (c.limit, c.over))


def weighed_class(codes: Sequence[str], sex: str, weight: Decimal) -> str | None:
    """The class an athlete's weight puts them in: the lightest of their sex whose limit the
    weight does not exceed, else the "+" class (None: no class of their sex takes it)."""
    for c in _ladder(codes, sex):
        if (c.over and weight > c.limit) or (not c.over and weight <= c.limit):
            return c.code
    return None


def eligible(
    codes: Sequence[str], sex: str, weight: Decimal | None, code: str, *, one_up: bool
) -> bool:
    """May an athlete of `sex` weighed at `weight` fight in class `code`: their weighed class,
    or with `one_up` the next heavier class of their sex (an athlete not weighed fights
    nowhere)."""
    if weight is None:
        return False
    weighed = weighed_class(codes, sex, weight)
    if weighed is None:
        return False
    if code == weighed:
        return True
    ladder = [c.code for c in _ladder(codes, sex)]
    at = ladder.index(weighed)
    return one_up and at + 1 < len(ladder) and ladder[at + 1] == code


def bout_order(codes: Sequence[str], start: int = 0) -> tuple[str, ...]:
    """The classes in the order fought: the event's order, begun at its `start`-th class (a
    drawn starting class, IJF practice) and going round."""
    n = len(codes)
    return tuple(codes[(start + i) % n] for i in range(n))


def draw_start(codes: Sequence[str], seed: int) -> int:
    """The starting class drawn with `seed` (the same seed draws the same class)."""
    return random.Random(seed).randrange(len(codes))


@dataclass(frozen=True)
class BoutResult:
    """A bout's result: the side that won ("a", "b") and how (a key of the score points)."""

    winner: str
    how: str


@dataclass(frozen=True)
class Bout:
    """One class of a match as it stands: who fights (None: the class is empty for that team),
    its result if any, and whether it is fought on the mat (False: fusen-gachi or nobody)."""

    code: str
    a: str | None
    b: str | None
    result: BoutResult | None
    fought: bool

    @property
    def to_fight(self) -> bool:
        return self.fought and self.result is None


@dataclass(frozen=True)
class MatchState:
    """A team match: its bouts in order, the wins and legacy points of each team, the bout to
    fight now, the decider and the winner (None while undecided)."""

    bouts: tuple[Bout, ...]
    wins: tuple[int, int]
    points: tuple[int, int]
    current: Bout | None
    #: The class drawn for the decider (None: no decider needed, or not drawn yet).
    decider: str | None
    decider_result: BoutResult | None
    needs_decider: bool
    winner: str | None
    how: str = ""
    #: Classes still to fight when the match was already decided (majority reached).
    unfought: tuple[str, ...] = field(default=())

    @property
    def tied(self) -> bool:
        return self.wins[0] == self.wins[1]


def _majority(n: int) -> int:
    return n // 2 + 1


def play(
    order: Sequence[str],
    lineup_a: Mapping[str, str | None],
    lineup_b: Mapping[str, str | None],
    results: Mapping[str, BoutResult],
    *,
    fight_all: bool = False,
    tie_break: str = IJF,
    decider: str | None = None,
    decider_result: BoutResult | None = None,
) -> MatchState:
    """The match as it stands from the line-ups (class -> athlete id, None or missing: empty)
    and the results of the bouts fought (class -> result)."""
    if tie_break not in (IJF, LEGACY):
        raise KnockoutError(f"Unknown tie-break {tie_break!r}.")
    bouts: list[Bout] = []
    wins, points = [0, 0], [0, 0]
    majority = _majority(len(order))
    current: Bout | None = None
    unfought: list[str] = []
    for code in order:
        a, b = lineup_a.get(code), lineup_b.get(code)
        if a is None or b is None:
            given = (
                None
                if a is None and b is None
                else BoutResult("b" if a is None else "a", "fusen-gachi")
            )
            bout = Bout(code, a, b, given, fought=False)
        else:
            bout = Bout(code, a, b, results.get(code), fought=True)
        bouts.append(bout)
        if current is not None:
            continue
        if max(wins) >= majority and not fight_all:
            unfought.append(code)
            continue
        if bout.result is not None:
            side = 0 if bout.result.winner == "a" else 1
            wins[side] += 1
            points[side] += LEGACY_POINTS.get(bout.result.how, 0)
        elif bout.fought:
            current = bout

    def state(**rest: object) -> MatchState:
        return MatchState(
            bouts=tuple(bouts),
            wins=(wins[0], wins[1]),
            points=(points[0], points[1]),
            unfought=tuple(unfought),
            **rest,  # type: ignore[arg-type]
        )

    none = {"decider": None, "decider_result": None, "needs_decider": False}
    if current is not None:
        return state(current=current, winner=None, **none)
    if wins[0] != wins[1]:
        return state(current=None, winner="a" if wins[0] > wins[1] else "b", how="wins", **none)
    if tie_break == LEGACY and points[0] != points[1]:
        winner = "a" if points[0] > points[1] else "b"
        return state(current=None, winner=winner, how="points", **none)
    if decider is not None and decider_result is not None:
        return state(
            current=None,
            decider=decider,
            decider_result=decider_result,
            needs_decider=True,
            winner=decider_result.winner,
            how="decider",
        )
    decider_bout = None
    if decider is not None:
        decider_bout = Bout(decider, lineup_a.get(decider), lineup_b.get(decider), None, True)
    return state(
        current=decider_bout,
        decider=decider,
        decider_result=None,
        needs_decider=True,
        winner=None,
    )


def decider_candidates(state: MatchState) -> tuple[str, ...]:
    """The classes a decider may be drawn from: those where both teams had an athlete."""
    return tuple(b.code for b in state.bouts if b.a is not None and b.b is not None)


def draw_decider(candidates: Sequence[str], seed: int) -> str:
    """The class drawn for the decider with `seed` among `candidates` (in the order given: the
    same seed and classes draw the same class)."""
    if not candidates:
        raise KnockoutError("No class had athletes of both teams: no decider can be drawn.")
    return candidates[random.Random(seed).randrange(len(candidates))]
