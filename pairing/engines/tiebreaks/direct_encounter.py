"""Direct encounter (C.07 Art. 6): the tied players' games among themselves."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from .field import Field
from .model import ZERO


def direct_encounter(
    field: Field, group: list[int]
) -> tuple[list[list[int]], dict[int, Decimal | None]]:
    """Split a tied group by its separate table: the ordered subgroups and each player's value.

    Each pair's meetings are averaged (Art. 6: repeated meetings).

    - When every pair has met, the players are ordered by their score in the separate table
      (Art. 6.1); players still level form a smaller group to which DE is applied again, with
      the separate table of that group only (TEC exercises 25 and 26).
    - When some pairs have not met (Art. 6.3), a player is ranked first only if nobody else
      could reach their score whatever the missing games give (each counted as a win); then the
      procedure starts again with the others. When there is no clear first, DE is abandoned for
      the players left (the next tie-break decides them): the group is never split from the
      bottom (TEC exercise 25).

    The value is the player's score in the separate table of the whole tied group when DE
    placed the player, None for players it left tied without everyone having met.
    """
    table, _ = _separate_table(field, group)
    blocks = _order(field, list(group))
    values: dict[int, Decimal | None] = {}
    for block in blocks:
        decided = len(block) == 1 or _everyone_met(field, block)
        for player_id in block:
            values[player_id] = table[player_id] if decided else None
    return blocks, values


def _separate_table(field: Field, group: list[int]) -> tuple[dict[int, Decimal], dict[int, int]]:
    """Each player's score against the others of ``group`` and the number of them not met."""
    members = set(group)
    meetings: dict[tuple[int, int], list[Decimal]] = defaultdict(list)
    for player_id in group:
        for r in field.encounters(player_id):
            if r.opponent in members:
                meetings[player_id, r.opponent].append(r.points)
    table = dict.fromkeys(group, ZERO)
    missing = dict.fromkeys(group, 0)
    for p in group:
        for q in group:
            if p == q:
                continue
            if (p, q) in meetings:
                table[p] += sum(meetings[p, q], ZERO) / len(meetings[p, q])
            else:
                missing[p] += 1
    return table, missing


def _everyone_met(field: Field, group: list[int]) -> bool:
    return not any(_separate_table(field, group)[1].values())


def _order(field: Field, group: list[int]) -> list[list[int]]:
    """The group in ranked blocks; a block of several players is a tie DE cannot break."""
    if len(group) < 2:
        return [sorted(group)]
    table, missing = _separate_table(field, group)
    if not any(missing.values()):
        levels = sorted(set(table.values()), reverse=True)
        if len(levels) == 1:
            return [sorted(group)]
        blocks: list[list[int]] = []
        for level in levels:
            blocks.extend(_order(field, [p for p in group if table[p] == level]))
        return blocks
    for p in group:
        best_of_others = max(table[q] + missing[q] for q in group if q != p)
        if table[p] > best_of_others:
            return [[p], *_order(field, [q for q in group if q != p])]
    return [sorted(group)]
