"""Explanations of a pairing: bracket, float and why, colour rule, and why the bye."""

from __future__ import annotations

from pairing.engines.dutch.colours import choose_colour
from pairing.engines.dutch.state import State
from pairing.engines.dutch.weights import eligible_for_bye
from pairing.engines.trf import format_points


def explain(state: State, match: dict, rows: list, bye: int | None) -> tuple:
    from pairing.engines.dutch.api import Explanation

    players = state.players
    out = []
    for _, w, b in rows:
        for me, opp in ((w, b), (b, w)):
            p, o = players[me], players[opp]
            sp, so = state.score_acc(p), state.score_acc(o)
            a, bb = (me, opp) if me < opp else (opp, me)
            _c, rule = choose_colour(state, players[a], players[bb])
            colour = "white" if me == w else "black"
            if sp > so:
                fl, reason = (
                    "down",
                    (
                        f"paired below own score {format_points(sp)} (against "
                        f"{format_points(so)}): no better pairing in the bracket ([C6]-[C8])"
                    ),
                )
            elif sp < so:
                fl, reason = "up", f"paired with a moved-down player scoring {format_points(so)}"
            else:
                fl, reason = "", "paired inside own score group"
            bracket = format_points(max(sp, so))
            out.append(Explanation(me + 1, bracket, opp + 1, colour, rule, fl, reason))
    if bye is not None:
        p = players[bye]
        out.append(
            Explanation(
                bye + 1,
                format_points(state.score_acc(p)),
                None,
                "bye",
                "",
                "down",
                "pairing-allocated bye: odd number of players; eligible ([C2]: no earlier PAB "
                f"or win without playing: {eligible_for_bye(state, p)}), lowest possible score "
                "([C5]) and the rest completely pairable ([C4])",
            )
        )
    out.sort(key=lambda e: e.player)
    return tuple(out)
