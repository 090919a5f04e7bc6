"""The knockout engine's records: competitors, draws, references, matches and brackets.

Frozen dataclasses only, so a draw or a bracket can be stored, compared and replayed. Spec:
/work/shared/specs/knockout-judo.md (§2.1 vocabulary, §6 design notes, Appendix A wiring).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The most seeds the draw honours (spec §2.3: seeds 1..8).
MAX_SEEDS = 8


class KnockoutError(ValueError):
    """Input the engine cannot use; the message is for the arbiter."""


class ResetNeeded(KnockoutError):
    """A changed result would undo later matches already fought (spec §2.11: no silent redraw).

    `matches` lists those later matches' ids, earliest first.
    """

    def __init__(self, message: str, matches: tuple[int, ...]):
        super().__init__(message)
        self.matches = matches


@dataclass(frozen=True)
class Competitor:
    """One entrant (spec §2.1): club and country are compared only when both are non-empty."""

    id: str
    name: str
    club: str = ""
    country: str = ""
    seed: int | None = None


@dataclass(frozen=True)
class Step:
    """One drawing step: who was placed where, and why (spec §6: log every choice).

    `badness` holds (slot, badness) for every free slot, the seed's points (Appendix 3);
    `optimal` are the slots that still allow the best possible draw (docs/knockout.md); `tied`
    are those of them with the least badness (seeds: the upper ones), the slots the lot chose
    among; `meet_round` is, for the chosen slot, the earliest round the competitor can meet a
    club/country mate already placed (None: no mate placed yet); `rule` names the rule.
    """

    competitor: str
    slot: int
    rule: str
    badness: tuple[tuple[int, int], ...] = ()
    tied: tuple[int, ...] = ()
    meet_round: int | None = None
    optimal: tuple[int, ...] = ()


@dataclass(frozen=True)
class Draw:
    """A drawn bracket: `slots[i]` is the competitor id on slot i+1, None for a bye."""

    size: int
    slots: tuple[str | None, ...]
    log: tuple[Step, ...]
    seed: int
    competitors: tuple[Competitor, ...]
    separate_by: str = "club"

    def slot_of(self, competitor_id: str) -> int:
        """The 1-based slot of a competitor."""
        return self.slots.index(competitor_id) + 1

    def competitor(self, competitor_id: str) -> Competitor:
        for c in self.competitors:
            if c.id == competitor_id:
                return c
        raise KnockoutError(f"No competitor {competitor_id!r} in this draw.")


@dataclass(frozen=True)
class Ref:
    """Who fills one side of a match (spec §6: Slot(i), Winner(m), Loser(m), Dynamic(rule)).

    kind "slot": the competitor on slot `number`; "winner"/"loser": of match `number`;
    "beaten": the competitor the winner of match `number` beat in main round `round` (the FIN
    double repechage ladders, spec §2.9), None when that round was a bye.
    """

    kind: str
    number: int
    round: int = 0

    def __str__(self) -> str:
        if self.kind == "slot":
            return f"slot {self.number}"
        if self.kind == "beaten":
            return f"beaten in round {self.round} by the winner of M{self.number}"
        return f"{self.kind} of M{self.number}"


def slot(number: int) -> Ref:
    return Ref("slot", number)


def winner(match: int) -> Ref:
    return Ref("winner", match)


def loser(match: int) -> Ref:
    return Ref("loser", match)


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket (M1, M2, ...; fought on a mat, it is a bout): `round` is the
    main-bracket round for main/final/bronze matches, the step of the repechage for repechage
    matches, and the pool round for pool matches."""

    id: int
    round: int
    stage: str
    a: Ref
    b: Ref


@dataclass(frozen=True)
class DrawnBracket:
    """A draw laid out on a system's bracket (`systems.bracket`): its matches as data, with who
    takes which place (`places`: (place, Ref)). The app stores only the draw (the category's
    `Bracket` row: seeds, slots, log) and lays it out again from its slots."""

    system: str
    draw: Draw
    matches: tuple[BracketMatch, ...]
    places: tuple[tuple[int, Ref], ...]

    def match(self, match_id: int) -> BracketMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise KnockoutError(f"There is no match M{match_id} in this bracket.")
