"""Restricted drawing of lots with the Varma tables (FIDE C.05 Annex 2).

Players of one federation (or club) should not meet in the last three rounds of a round robin.
The numbers are split into four groups A-D; a federation draws all its numbers from one group.

- Drawing order (Annex 2, point 2): larger federations first, ties by FIDE code, then players by
  name. Players without a federation are contingents of one and draw last, by name.
- Choice (point 3): the first player of a contingent picks an envelope with at least as many
  numbers as the contingent still has to draw; the rest draw from it.
- Of the envelopes big enough, the app offers only those that leave the federations still to draw
  room to draw whole (a choice the text leaves to the player could otherwise force a later
  federation to split).
- Odd fields: the bye number (the even size) is taken out of the envelopes (nobody draws "bye").
- Where the tables do not fit (fewer than 9 or more than 24 players, or federations that cannot all
  draw whole from the four envelopes), this product computes the starting numbers that keep each
  federation's games earliest (`group_separation`) and fills one envelope per federation with its
  numbers, plus one for players whose federation has no compatriot here; the players still draw
  their own numbers from them in the same order. The seed makes it reproducible.

The printed 11/12 row lets 6 and 12 (both group C) meet in the last round with 12 players; for 12
players this product swaps 11 and 12 (C: 6 8 11, D: 3 12). With 11 players (12 is the bye) the
printed row holds, so it is used as printed: envelopes of 4, 3, 2 and 2 numbers, as FIDE prints
them, which a field of 4 + 3 + 2 + 2 compatriots needs (the corrected row would leave 4, 3, 3, 1).
A test checks the row used for every field from 9 to 24 players against the Berger schedule.

Inside a federation players draw in the alphabetical order of their language where the federation
tells it (`pairing.engines.collation`: Æ Ø Å after Z for Norway and Denmark, Å Ä Ö for Sweden and
Finland), else in a default order that reads Å as A and Ø as O.
"""

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pairing.engines.berger import table_size
from pairing.engines.collation import name_key
from pairing.engines.group_separation import Drawer, separate_groups

#: Varma groups A, B, C, D by even table size, as printed in C.05 Annex 2 ...
PRINTED_TABLE: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: (
        (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        (1, 2, 3, 4, 13, 14, 15, 16, 17),
        (12, 18, 23),
        (5, 24),
    ),
}
#: ... with the one correction this product applies, by number of players: with 12 players the
#: printed row lets 6 and 12 meet in the last round; with 11 it holds and is used as printed.
CORRECTED_ROWS: dict[int, tuple[tuple[int, ...], ...]] = {
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 11), (3, 12)),
}
LABELS = "ABCD"


class VarmaError(ValueError):
    """A drawing step the rules do not allow; the message is for the arbiter."""


@dataclass(frozen=True)
class Envelope:
    label: str
    numbers: tuple[int, ...]
    #: The groups this envelope is reserved for (computed envelopes); empty: open to all (Varma).
    reserved_for: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Pick:
    key: str
    envelope: str
    number: int


def table_row(players: int) -> tuple[tuple[int, ...], ...]:
    """The groups A-D for a field of 9 to 24 players: the printed row of its even size, or the
    corrected one where the printed row fails for exactly this many players (12)."""
    size = table_size(players)
    if size not in PRINTED_TABLE:
        raise VarmaError(f"The Varma tables cover 9 to 24 players, not {players}.")
    return CORRECTED_ROWS.get(players, PRINTED_TABLE[size])


def envelopes(players: int) -> tuple[Envelope, ...]:
    """The four envelopes for a field of 9 to 24 players, without the bye number."""
    return tuple(
        Envelope(label, tuple(n for n in numbers if n <= players))
        for label, numbers in zip(LABELS, table_row(players), strict=True)
    )


def drawing_order(drawers: Iterable[Drawer]) -> tuple[Drawer, ...]:
    """C.05 Annex 2 point 2: larger federations first, then by code; players by name, in the
    alphabetical order of their federation's language (`collation.name_key`)."""
    drawers = list(drawers)
    sizes = Counter(d.group for d in drawers if d.group)
    keys = [d.key for d in drawers]
    if len(set(keys)) != len(keys):
        raise VarmaError("Every player must appear once.")

    def order(d: Drawer) -> tuple[int, int, str, tuple[tuple[int, ...], str, str], str]:
        name = name_key(d.name, d.federation)
        if not d.group:
            return (1, 0, "", name, d.key)
        return (0, -sizes[d.group], d.group, name, d.key)

    return tuple(sorted(drawers, key=order))


@dataclass(frozen=True)
class Drawing:
    """The state of a drawing: who draws next, what each envelope still holds, what was drawn.

    Immutable: every step returns a new Drawing, so a live page can replay the stored picks and
    undo the last one by replaying all but it.
    """

    order: tuple[Drawer, ...]
    envelopes: tuple[Envelope, ...]
    picks: tuple[Pick, ...] = ()
    _drawn: frozenset[int] = field(default=frozenset(), repr=False)

    @classmethod
    def start(cls, drawers: Sequence[Drawer], seed: int = 0) -> "Drawing":
        """The Varma envelopes where the tables fit, else envelopes computed from `seed`."""
        order = drawing_order(drawers)
        if tables_fit(order):
            return cls(order, envelopes(len(order)))
        return cls(order, computed_envelopes(order, random.Random(seed)))

    @classmethod
    def replay(cls, drawers: Sequence[Drawer], picks: Iterable[Pick], seed: int = 0) -> "Drawing":
        drawing = cls.start(drawers, seed)
        for pick in picks:
            drawing = drawing.pick(pick.envelope, pick.number)
        return drawing

    @property
    def method(self) -> str:
        return "computed" if any(e.reserved_for for e in self.envelopes) else "varma"

    @property
    def finished(self) -> bool:
        return len(self.picks) == len(self.order)

    @property
    def next_drawer(self) -> Drawer | None:
        return None if self.finished else self.order[len(self.picks)]

    def left_in(self, label: str) -> tuple[int, ...]:
        envelope = self._envelope(label)
        return tuple(n for n in envelope.numbers if n not in self._drawn)

    def allowed_envelopes(self) -> tuple[str, ...]:
        """The envelopes the player whose turn it is may draw from (C.05 Annex 2 point 3)."""
        drawer = self.next_drawer
        if drawer is None:
            return ()
        reserved = [e.label for e in self.envelopes if drawer.group in e.reserved_for]
        if reserved:
            return tuple(reserved)
        current = self._contingent_envelope(drawer)
        if current is not None and self.left_in(current):
            return (current,)
        waiting = self.order[len(self.picks) :]
        still_to_draw = sum(1 for d in waiting if _same(d, drawer))
        sizes = {e.label: len(self.left_in(e.label)) for e in self.envelopes}
        big_enough = [label for label, size in sizes.items() if size >= still_to_draw]
        later = _contingent_sizes([d for d in waiting if not _same(d, drawer)])
        keeps_room = [
            label
            for label in big_enough
            if _packable(later, sorted({**sizes, label: sizes[label] - still_to_draw}.values()))
        ]
        if keeps_room or big_enough:
            return tuple(keeps_room or big_enough)
        largest = max(sizes.values())
        return tuple(label for label, size in sizes.items() if size == largest)

    def pick(self, label: str, number: int) -> "Drawing":
        """The player whose turn it is draws `number` from envelope `label`."""
        drawer = self.next_drawer
        if drawer is None:
            raise VarmaError("Every player has drawn a number already.")
        if label not in self.allowed_envelopes():
            allowed = ", ".join(self.allowed_envelopes())
            raise VarmaError(f"{drawer.name} must draw from envelope {allowed}, not {label}.")
        if number not in self.left_in(label):
            raise VarmaError(f"Number {number} is not left in envelope {label}.")
        return Drawing(
            self.order,
            self.envelopes,
            (*self.picks, Pick(drawer.key, label, number)),
            self._drawn | {number},
        )

    def pick_at_random(self, rng: random.Random) -> "Drawing":
        """The app draws for the player: a random allowed envelope, then a random number in it."""
        label = rng.choice(self.allowed_envelopes())
        return self.pick(label, rng.choice(self.left_in(label)))

    def numbers(self) -> dict[str, int]:
        return {pick.key: pick.number for pick in self.picks}

    def _envelope(self, label: str) -> Envelope:
        for envelope in self.envelopes:
            if envelope.label == label:
                return envelope
        raise VarmaError(f"There is no envelope {label}.")

    def _contingent_envelope(self, drawer: Drawer) -> str | None:
        by_key = {d.key: d for d in self.order}
        for pick in reversed(self.picks):
            if _same(by_key[pick.key], drawer):
                return pick.envelope
        return None


def tables_fit(drawers: Sequence[Drawer]) -> bool:
    """Whether the Varma tables apply: 9 to 24 players, and every federation can draw whole."""
    if table_size(len(drawers)) not in PRINTED_TABLE:
        return False
    capacities = sorted(len(e.numbers) for e in envelopes(len(drawers)))
    return _packable(_contingent_sizes(drawers), capacities)


def computed_envelopes(drawers: Sequence[Drawer], rng: random.Random) -> tuple[Envelope, ...]:
    """One envelope per federation with compatriots here, holding the numbers that
    `group_separation` found best for it, and one for everyone else."""
    numbers = separate_groups(drawers, rng)
    sizes = Counter(d.group for d in drawers)
    by_group: dict[str, list[int]] = {}
    for d in drawers:
        label = d.group if d.group and sizes[d.group] > 1 else ""
        by_group.setdefault(label, []).append(numbers[d.key])
    others = frozenset(d.group for d in drawers if not d.group or sizes[d.group] == 1)
    return tuple(
        Envelope(
            label or "Others", tuple(sorted(nums)), others if not label else frozenset({label})
        )
        for label, nums in sorted(by_group.items(), key=lambda item: (not item[0], item[0]))
    )


def draw(drawers: Sequence[Drawer], rng: random.Random) -> Drawing:
    """A whole drawing made by the app, reproducible from the seed of `rng`."""
    drawing = Drawing.start(drawers, seed=rng.randrange(2**63))
    while not drawing.finished:
        drawing = drawing.pick_at_random(rng)
    return drawing


def _contingent_sizes(drawers: Iterable[Drawer]) -> list[int]:
    """Sizes of the federations with two or more players still to draw, largest first."""
    sizes = Counter(d.group for d in drawers if d.group)
    return sorted((size for size in sizes.values() if size > 1), reverse=True)


def _packable(contingents: list[int], capacities: list[int]) -> bool:
    """Whether every contingent fits whole in one envelope (several may share one)."""
    if not contingents:
        return True
    first, rest = contingents[0], contingents[1:]
    tried = set()
    for index, capacity in enumerate(capacities):
        if capacity >= first and capacity not in tried:
            tried.add(capacity)
            left = [*capacities[:index], capacity - first, *capacities[index + 1 :]]
            if _packable(rest, left):
                return True
    return False


def _same(a: Drawer, b: Drawer) -> bool:
    return a.key == b.key or (bool(a.group) and a.group == b.group)
