"""C.04.6 art. 4: the colours of a match, allocated after the whole round is paired.

No colour rule of C.04.6 is absolute (Preface): art. 4.3 always decides, in this order, and the
first rule that applies wins. The team with White is the team whose board-1 player has White
(art. 1.6.1).
"""

from __future__ import annotations

from typing import Literal

from pairing.engines.team_swiss.state import Match, Rules, TeamState, colour_preference

Colour = Literal["w", "b"]
_OTHER: dict[str, Colour] = {"w": "b", "b": "w"}


def first_team(a: TeamState, b: TeamState, rules: Rules) -> bool:
    """Art. 4.2: is ``a`` the first-team? The higher primary score (4.2.1), then the higher
    secondary score unless the rules do not use it (4.2.2), then the smaller TPN (4.2.3).
    Standings scores, not the pairing score with acceleration."""
    if a.primary != b.primary:
        return a.primary > b.primary
    if rules.secondary_used and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.tpn < b.tpn


def allocate(a: TeamState, b: TeamState, rules: Rules) -> Match:
    """Art. 4.3: which of ``a`` and ``b`` has White, and by which rule."""
    first, second = (a, b) if first_team(a, b, rules) else (b, a)

    def give(colour: Colour, rule: str) -> Match:
        if colour == "w":
            return Match(first.tpn, second.tpn, rule)
        return Match(second.tpn, first.tpn, rule)

    # 4.3.1 neither team has played: the first-team gets the initial colour if its TPN is odd,
    # otherwise the opposite one.
    if first.played == 0 and second.played == 0:
        initial: Colour = rules.initial_colour
        return give(initial if first.tpn % 2 == 1 else _OTHER[initial], "4.3.1")
    fp = colour_preference(first, rules)
    sp = colour_preference(second, rules)
    # 4.3.2 only one team has a preference: grant it.
    if fp is not None and sp is None:
        return give(fp.colour, "4.3.2")
    if fp is None and sp is not None:
        return give(_OTHER[sp.colour], "4.3.2")
    # 4.3.3 opposite preferences: grant both.
    if fp is not None and sp is not None and fp.colour != sp.colour:
        return give(fp.colour, "4.3.3")
    # 4.3.4 (Type B) only one of the two (same) preferences is strong: grant it.
    if rules.colour_model == "typeb" and fp is not None and sp is not None:
        if fp.strong and not sp.strong:
            return give(fp.colour, "4.3.4")
        if sp.strong and not fp.strong:
            return give(_OTHER[sp.colour], "4.3.4")
    # 4.3.5 White to the team with the lower colour difference.
    if first.colour_difference != second.colour_difference:
        return give("w" if first.colour_difference < second.colour_difference else "b", "4.3.5")
    # 4.3.6 back to the latest played round where the two had different colours: swap them.
    for fc, sc in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if fc != sc:
            return give(_OTHER[fc], "4.3.6")
    # 4.3.7 the first-team's preference.
    if fp is not None:
        return give(fp.colour, "4.3.7")
    # 4.3.8 alternate the first-team's colour from its last played match.
    if first.colours:
        return give(_OTHER[first.colours[-1]], "4.3.8")
    # 4.3.9 alternate the other team's colour from its last played match.
    return give(_OTHER[_OTHER[second.colours[-1]]], "4.3.9")
