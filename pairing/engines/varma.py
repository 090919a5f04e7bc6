"""Restricted drawing of lots with the Varma tables (FIDE C.05 Annex 2).

Players of one federation (or club) should not meet in the last three rounds of a round robin.
The numbers are split into four groups A-D; a federation draws all its numbers from one group.

- Drawing order (Annex 2, point 2): larger federations first, ties by FIDE code, then players by
  name. Players without a federation are contingents of one and draw last, by name.
- Choice (point 3): the first player of a contingent picks an envelope with at least as many
  numbers as the contingent still has to draw; the rest draw from it.
- When no envelope is large enough (a big federation, or one left with small envelopes only), the
  contingent takes the envelope with the most numbers left and goes on in the next one: this
  product's rule, reported to the arbiter with the same-federation games it leaves.
- Odd fields: the bye number (the even size) is taken out of the envelopes (nobody draws "bye").

The printed 11/12 row lets 6 and 12 (both group C) meet in the last round with 12 players; this
product swaps 11 and 12 (C: 6 8 11, D: 3 12), which keeps the property for 11 and 12 players. A
test checks every row against the Berger schedule for every size from 9 to 24.
"""

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pairing.engines.berger import meeting_rounds, table_size

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
#: ... with the one correction this product applies (see the module docstring).
VARMA_TABLE = {**PRINTED_TABLE, 12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 11), (3, 12))}
LABELS = "ABCD"
LAST_ROUNDS = 3


class VarmaError(ValueError):
    """A drawing step the rules do not allow; the message is for the arbiter."""


@dataclass(frozen=True)
class Drawer:
    """A player who draws a number; `group` is the federation (or club), empty for none."""

    key: str
    name: str
    group: str = ""


@dataclass(frozen=True)
class Envelope:
    label: str
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Pick:
    key: str
    envelope: str
    number: int


@dataclass(frozen=True)
class Meeting:
    """Two players of one group who meet, and in which round of the cycle."""

    round: int
    first: str
    second: str
    group: str


def envelopes(players: int) -> tuple[Envelope, ...]:
    """The four envelopes for a field of 9 to 24 players, without the bye number."""
    size = table_size(players)
    if size not in VARMA_TABLE:
        raise VarmaError(f"The Varma tables cover 9 to 24 players, not {players}.")
    return tuple(
        Envelope(label, tuple(n for n in numbers if n <= players))
        for label, numbers in zip(LABELS, VARMA_TABLE[size], strict=True)
    )


def drawing_order(drawers: Iterable[Drawer]) -> tuple[Drawer, ...]:
    """C.05 Annex 2 point 2: larger federations first, then by code; players by name."""
    drawers = list(drawers)
    sizes = Counter(d.group for d in drawers if d.group)
    keys = [d.key for d in drawers]
    if len(set(keys)) != len(keys):
        raise VarmaError("Every player must appear once.")

    def order(d: Drawer) -> tuple:
        if not d.group:
            return (1, 0, "", d.name.casefold(), d.key)
        return (0, -sizes[d.group], d.group, d.name.casefold(), d.key)

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
    def start(cls, drawers: Sequence[Drawer]) -> "Drawing":
        return cls(drawing_order(drawers), envelopes(len(drawers)))

    @classmethod
    def replay(cls, drawers: Sequence[Drawer], picks: Iterable[Pick]) -> "Drawing":
        drawing = cls.start(drawers)
        for pick in picks:
            drawing = drawing.pick(pick.envelope, pick.number)
        return drawing

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
        current = self._contingent_envelope(drawer)
        if current is not None and self.left_in(current):
            return (current,)
        still_to_draw = sum(1 for d in self.order[len(self.picks) :] if _same(d, drawer))
        sizes = {e.label: len(self.left_in(e.label)) for e in self.envelopes}
        big_enough = tuple(label for label, size in sizes.items() if size >= still_to_draw)
        if big_enough:
            return big_enough
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

    def split_groups(self) -> tuple[str, ...]:
        """Groups that had to draw from more than one envelope (none fitted whole)."""
        group_of = {d.key: d.group for d in self.order}
        used: dict[str, set[str]] = {}
        for pick in self.picks:
            if group_of[pick.key]:
                used.setdefault(group_of[pick.key], set()).add(pick.envelope)
        return tuple(sorted(group for group, labels in used.items() if len(labels) > 1))

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


def draw(drawers: Sequence[Drawer], rng: random.Random) -> Drawing:
    """A whole drawing made by the app, reproducible from the seed of `rng`."""
    drawing = Drawing.start(drawers)
    while not drawing.finished:
        drawing = drawing.pick_at_random(rng)
    return drawing


def same_group_meetings(numbers: dict[str, int], drawers: Sequence[Drawer]) -> tuple[Meeting, ...]:
    """Every game between two players of one group, latest round first."""
    rounds = meeting_rounds(len(drawers))
    group_of = {d.key: d.group for d in drawers}
    by_group: dict[str, list[str]] = {}
    for d in drawers:
        if d.group:
            by_group.setdefault(d.group, []).append(d.key)
    meetings = [
        Meeting(rounds[frozenset((numbers[a], numbers[b]))], a, b, group_of[a])
        for members in by_group.values()
        for i, a in enumerate(members)
        for b in members[i + 1 :]
    ]
    return tuple(sorted(meetings, key=lambda m: (-m.round, m.group, m.first, m.second)))


def _same(a: Drawer, b: Drawer) -> bool:
    return a.key == b.key or (bool(a.group) and a.group == b.group)
