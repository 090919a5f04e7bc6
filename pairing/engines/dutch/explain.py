"""Explanations of a pairing for the arbiter: bracket, float and why, colour rule, why the bye.

The engine decides by exact weights (C.04.3 art. 2); this module reads the finished pairing back
against the history and says, in the rules' terms, which facts made a player float or take the
bye: who in their score group they had already met or could not meet for colours ([C1], [C3]),
whether the group was left odd, whether they floated the round before ([C14]-[C21]), and which
lower players could not take the bye ([C2]) or were needed to complete the round ([C4]).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engines.dutch.colours import choose_colour
from pairing.engines.dutch.state import Player, State
from pairing.engines.dutch.weights import FLOAT_DOWN, eligible_for_bye, get_float
from pairing.engines.messages import N_
from pairing.engines.trf import format_points

# What the arbiter reads (pairing/engines/messages.py: translated when shown).
SOME_NUMBERS = N_("%(numbers)s and %(more)s more")
GROUP = N_("%(count)s player(s) on %(points)s")
FROM_ABOVE = N_("%(count)s of them paired with players from above")
ODD_LEFT = N_("%(count)s left to pair among themselves, an odd number")
ALONE = N_("the only player on this score: nobody to pair with in the group")
MET_EVERYONE = N_(
    "already met, or may not meet for colours, everyone else in the group ([C1], [C3])"
)
COULD_HAVE_MET = N_(
    "could still have met %(numbers)s in the group, but those pairings leave fewer pairs or "
    "worse colours and floats for the bracket ([C6]-[C21]); %(count)s player(s) of the group "
    "float down, the lowest-ranked first where the criteria allow (art. 4)"
)
AGAIN_DOWN = N_("floats down again after floating down last round ([C14], [C18] gave way)")
FLOATS_DOWN = N_("floats down to %(opponent)s on %(points)s")
FLOATS_UP = N_(
    "floats up to meet %(opponent)s (%(points)s), who moved down from a higher group; the best "
    "compatible opponent for them in this group by the rules' order (art. 4: S1 against S2, "
    "then colours [C10]-[C13] and floats [C14]-[C21])"
)
BYE = N_(
    "pairing-allocated bye: an odd number of players to pair; it goes to an eligible player "
    "([C2]: no earlier PAB or win without playing) with the lowest score ([C5]), the "
    "lowest-ranked where the rest can still all be paired ([C4])"
)
HAD_A_BYE = N_("below %(player)s: %(numbers)s already had a PAB or a forfeit win")
COULD_HAVE_TAKEN = N_(
    "%(numbers)s could have taken it, but then the rest could not all be paired or the pairing "
    "would be worse by [C6]-[C9]"
)
INSIDE = N_("paired inside own score group")


@dataclass(frozen=True)
class Explanation:
    """Why one player got their opponent, colour and float (or the bye)."""

    player: int  # starting number
    bracket: str  # score of the bracket the player was paired in
    opponent: int | None
    colour: str  # "white", "black" or "bye"
    colour_rule: str
    float: str  # "", "down" or "up"
    reason: str


def can_meet(state: State, a: Player, b: Player) -> bool:
    """[C1] (no rematch, no forbidden pair) and [C3] (absolute colour preferences differ)."""
    if (a.index, b.index) in state.forbidden:
        return False
    if any(m.played and m.opponent == b.index for m in a.results):
        return False
    return not (a.absolute and b.absolute and a.colour_preference == b.colour_preference)


def _names(players: list[Player], limit: int = 5) -> str:
    numbers = [str(p.index + 1) for p in sorted(players, key=lambda p: p.index)[:limit]]
    more = len(players) - limit
    if more > 0:
        return SOME_NUMBERS % {"numbers": ", ".join(numbers), "more": more}
    return ", ".join(numbers)


class _Reader:
    """The finished pairing, with the score groups of the players paired this round."""

    def __init__(self, state: State, match: dict[int, int | None]) -> None:
        self.state = state
        self.match = match
        self.score = {i: state.score_acc(state.players[i]) for i in match}

    def group(self, score: int) -> list[Player]:
        members = [self.state.players[i] for i, s in self.score.items() if s == score]
        return sorted(members, key=lambda p: p.rank)

    def downfloat_reason(self, p: Player, opponent: Player) -> str:
        own = self.score[p.index]
        group = self.group(own)
        mates = [q for q in group if q.index != p.index]
        floats_down = [q for q in group if self._paired_below(q)]
        taken_from_above = [q for q in group if self._paired_above(q)]
        left = len(group) - len(taken_from_above)
        facts = [GROUP % {"count": len(group), "points": format_points(own)}]
        if taken_from_above:
            facts.append(FROM_ABOVE % {"count": len(taken_from_above)})
        if left % 2:
            facts.append(ODD_LEFT % {"count": left})
        possible = [q for q in mates if can_meet(self.state, p, q)]
        if not mates:
            cause = ALONE
        elif not possible:
            cause = MET_EVERYONE
        else:
            cause = COULD_HAVE_MET % {"numbers": _names(possible), "count": len(floats_down)}
        if len(p.results) and get_float(self.state, p, 1) == FLOAT_DOWN:
            cause += "; " + AGAIN_DOWN
        down = FLOATS_DOWN % {
            "opponent": opponent.index + 1,
            "points": format_points(self.score[opponent.index]),
        }
        return f"{down}: {'; '.join(facts)}; {cause}"

    def upfloat_reason(self, p: Player, opponent: Player) -> str:
        points = format_points(self.score[opponent.index])
        return FLOATS_UP % {"opponent": opponent.index + 1, "points": points}

    def bye_reason(self, p: Player) -> str:
        own = (self.score[p.index], -p.rank)
        lower = [
            self.state.players[i]
            for i, s in self.score.items()
            if (s, -self.state.players[i].rank) < own
        ]
        lower.sort(key=lambda q: (self.score[q.index], -q.rank))
        had_one = [q for q in lower if not eligible_for_bye(self.state, q)]
        needed = [q for q in lower if eligible_for_bye(self.state, q)]
        parts = [BYE]
        if had_one:
            parts.append(HAD_A_BYE % {"player": p.index + 1, "numbers": _names(had_one)})
        if needed:
            parts.append(COULD_HAVE_TAKEN % {"numbers": _names(needed)})
        return "; ".join(parts)

    def _paired_below(self, q: Player) -> bool:
        o = self.match.get(q.index)
        return o is not None and self.score[o] < self.score[q.index]

    def _paired_above(self, q: Player) -> bool:
        o = self.match.get(q.index)
        return o is not None and self.score[o] > self.score[q.index]


def explain(
    state: State,
    match: dict[int, int | None],
    rows: list[tuple[tuple[int, int, int, int], int, int]],
    bye: int | None,
) -> tuple[Explanation, ...]:
    """One :class:`Explanation` per player paired, by starting number."""
    players = state.players
    reader = _Reader(state, match)
    out = []
    for _, w, b in rows:
        for me, opp in ((w, b), (b, w)):
            p, o = players[me], players[opp]
            sp, so = reader.score[me], reader.score[opp]
            a, bb = (me, opp) if me < opp else (opp, me)
            _c, rule = choose_colour(state, players[a], players[bb])
            colour = "white" if me == w else "black"
            if sp > so:
                fl, reason = "down", reader.downfloat_reason(p, o)
            elif sp < so:
                fl, reason = "up", reader.upfloat_reason(p, o)
            else:
                fl, reason = "", INSIDE
            bracket = format_points(max(sp, so))
            out.append(Explanation(me + 1, bracket, opp + 1, colour, rule, fl, reason))
    if bye is not None:
        p = players[bye]
        score = format_points(reader.score[bye])
        out.append(Explanation(bye + 1, score, None, "bye", "", "down", reader.bye_reason(p)))
    out.sort(key=lambda e: e.player)
    return tuple(out)
