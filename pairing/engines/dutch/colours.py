"""Colour allocation (C.04.3 art. 5, 2026 = 2017 E.1-E.5) and board order (C.04.2 art. 3.6)."""

from __future__ import annotations

from pairing.engines.dutch.state import BLACK, NONE, WHITE, Player, State, invert
from pairing.engines.dutch.weights import colour_compatible
from pairing.engines.messages import N_

#: Names of the colour rules, used in explanations (translated when shown, as the reasons are).
RULE_BOTH = N_("art. 5.2.1: both colour preferences granted")
RULE_STRONGER = N_("art. 5.2.2: the stronger colour preference granted")
RULE_ALTERNATE = N_("art. 5.2.3: colours alternated from the last round they differed")
RULE_HIGHER = N_("art. 5.2.4: the higher-ranked player's preference granted")
RULE_INITIAL = N_("art. 5.2.5: initial colour by the higher-ranked player's pairing number")


def _played_colours(p: Player) -> list[int]:
    return [m.colour for m in p.results if m.played]


def neutral_colour(p: Player, o: Player) -> tuple[int, str]:
    """Colour for ``p`` from art. 5.2.1-5.2.3, or ``NONE`` when those rules do not decide."""
    pp, op = p.colour_preference, o.colour_preference
    if colour_compatible(pp, op):
        if pp != NONE:
            return pp, RULE_BOTH
        if op != NONE:
            return invert(op), RULE_BOTH
        return NONE, ""
    if p.absolute and (p.colour_imbalance > o.colour_imbalance or not o.absolute):
        return pp, RULE_STRONGER
    if o.absolute and (o.colour_imbalance > p.colour_imbalance or not p.absolute):
        return invert(op), RULE_STRONGER
    if p.strong and not o.strong:
        return pp, RULE_STRONGER
    if o.strong and not p.strong:
        return invert(op), RULE_STRONGER
    a = _played_colours(p)[::-1]
    b = _played_colours(o)[::-1]
    for ca, cb in zip(a, b, strict=False):
        if ca != cb:
            return cb, RULE_ALTERNATE
    return NONE, ""


def choose_colour(state: State, p: Player, o: Player) -> tuple[int, str]:
    """Colour given to ``p`` against ``o`` and the rule that decided it."""
    c, rule = neutral_colour(p, o)
    if c != NONE:
        return c, rule
    sp, so = state.score_acc(p), state.score_acc(o)
    o_higher = (sp, o.rank) < (so, p.rank)
    init = state.initial_colour
    if p.colour_preference == NONE:
        if o_higher:
            return (init if o.rank & 1 else invert(init)), RULE_INITIAL
        return (invert(init) if p.rank & 1 else init), RULE_INITIAL
    if o_higher:
        return invert(o.colour_preference), RULE_HIGHER
    return p.colour_preference, RULE_HIGHER


def board_key(state: State, white: Player, black: Player | None) -> tuple[int, int, int, int]:
    """C.04.2 art. 3.6: score of the higher player, sum of scores, then the higher's rank."""
    if black is None:
        return (1, 0, 0, white.rank)
    hi, lo = (
        (black, white)
        if (white.score, black.rank) < (black.score, white.rank)
        else (
            white,
            black,
        )
    )
    return (0, -hi.score, -lo.score, hi.rank)


__all__ = ["BLACK", "WHITE", "board_key", "choose_colour", "neutral_colour"]
