"""The medal table of an event: medals by club or by country from each category's placings.

A category's places come from `progress.placings` (1, 2, 3, 3 with two bronzes; 1, 2, 3, 4 with
one bronze match; a pool's standing): place 1 is gold, 2 silver, 3 bronze (one or two of them),
anything after none. A place still empty or not final (a pool before its last bout) gives no
medal yet. Rows rank by golds, then silvers, then bronzes (the Olympic order); rows equal in all
three share the rank and are listed by name (case-insensitive). Competitors without a club (or
country) count in no row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .model import Competitor, KnockoutError
from .progress import Placing

MEDALS = {1: 0, 2: 1, 3: 2}  # place -> index of gold, silver, bronze


@dataclass(frozen=True)
class MedalRow:
    name: str
    gold: int
    silver: int
    bronze: int
    rank: int

    @property
    def total(self) -> int:
        return self.gold + self.silver + self.bronze


def medal_table(
    categories: Iterable[tuple[Iterable[Placing], Iterable[Competitor]]], by: str = "club"
) -> tuple[MedalRow, ...]:
    """Medals counted by `by` ("club" or "country") over (placings, competitors) per category."""
    if by not in ("club", "country"):
        raise KnockoutError(f"Medals are counted by club or by country, not {by!r}.")
    counts: dict[str, list[int]] = {}
    for placings, competitors in categories:
        group = {c.id: getattr(c, by) for c in competitors}
        for line in placings:
            if line.place not in MEDALS or line.competitor is None or not line.final:
                continue
            if line.competitor not in group:
                raise KnockoutError(f"{line.competitor!r} is placed but not a competitor.")
            name = group[line.competitor]
            if name:
                counts.setdefault(name, [0, 0, 0])[MEDALS[line.place]] += 1
    order = sorted(counts, key=lambda n: (*(-k for k in counts[n]), n.casefold(), n))
    rows: list[MedalRow] = []
    for name in order:
        g, s, b = counts[name]
        rank = len(rows) + 1
        if rows and (rows[-1].gold, rows[-1].silver, rows[-1].bronze) == (g, s, b):
            rank = rows[-1].rank
        rows.append(MedalRow(name, g, s, b, rank))
    return tuple(rows)
