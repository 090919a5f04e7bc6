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

    Each pair's meetings are averaged (Art. 6: repeated meetings). When every pair has met, the
    players are ordered by their score in the separate table and equal scores stay tied
    (Art. 6.1); the value is that score. When some pairs have not met, a player is placed above
    others only if they stay above whatever the missing games give (Swiss rule, Art. 6.3): the
    group is cut where every player above has scored more than any player below could reach by
    winning all their missing games. There the value is the table score of a player so placed
    alone, None for players left tied (DE did not decide for them).
    """
    members = set(group)
    meetings: dict[tuple[int, int], list[Decimal]] = defaultdict(list)
    for player_id in group:
        for r in field.encounters(player_id):
            if r.opponent in members:
                meetings[player_id, r.opponent].append(r.points)
    table = {p: ZERO for p in group}
    missing = dict.fromkeys(group, 0)
    for p in group:
        for q in group:
            if p == q:
                continue
            if (p, q) in meetings:
                table[p] += sum(meetings[p, q], ZERO) / len(meetings[p, q])
            else:
                missing[p] += 1
    everyone_met = not any(missing.values())
    lowest = {p: table[p] for p in group}
    highest = {p: table[p] + missing[p] for p in group}
    order = sorted(group, key=lambda p: (-lowest[p], -highest[p], p))
    blocks: list[list[int]] = [[]]
    for position, player_id in enumerate(order):
        if position:
            above, below = order[:position], order[position:]
            if min(lowest[p] for p in above) > max(highest[q] for q in below):
                blocks.append([])
        blocks[-1].append(player_id)
    values: dict[int, Decimal | None] = {}
    for block in blocks:
        for player_id in block:
            decided = everyone_met or len(block) == 1
            values[player_id] = table[player_id] if decided else None
    return blocks, values
