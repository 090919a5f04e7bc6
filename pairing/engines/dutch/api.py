"""Public entry points of the Dutch engine: plain data in, frozen dataclasses out."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from pairing.engines.dutch.colours import board_key, choose_colour
from pairing.engines.dutch.explain import Explanation, explain
from pairing.engines.dutch.pairer import compute_matching
from pairing.engines.dutch.state import WHITE, State, build_state
from pairing.engines.trf import TrfTournament, parse_date

RULES = ("2017", "2026")
CUTOVER = datetime.date(2026, 2, 1)


@dataclass(frozen=True)
class Board:
    """One board of the round: its number and the starting numbers of White and Black."""

    number: int
    white: int  # starting number
    black: int


@dataclass(frozen=True)
class RoundPairing:
    """The engine's pairing of one round (C.04.3): its boards, and the pairing-allocated bye."""

    rules: str
    boards: tuple[Board, ...]
    bye: int | None
    explanations: tuple[Explanation, ...] = ()

    def engine_lines(self) -> list[str]:
        """The endorsed engines' output: number of pairs, then "white black", bye as "N 0"."""
        lines = [str(len(self.boards) + (self.bye is not None))]
        lines += [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return lines


def default_rules(t: TrfTournament) -> str:
    """The rule set in force at the tournament's start (TRF 042, in any spelling
    :func:`~pairing.engines.trf.parse_date` reads; 192 if it names an edition)."""
    system = t.system.upper()
    if "2017" in system:
        return "2017"
    if "2025" in system or "2026" in system:
        return "2026"
    start = parse_date(t.start_date)
    if start is not None:
        return "2026" if start >= CUTOVER else "2017"
    return "2026"


def pair_round(state: State, rules: str = "2026") -> RoundPairing:
    """Pair the round after ``state.played_rounds`` under the given rule set."""
    if rules not in RULES:
        raise ValueError(f"unknown rule set {rules!r}; expected one of {RULES}")
    if rules == "2017":
        from pairing.engines.dutch.pairer2017 import compute_matching_2017

        match = compute_matching_2017(state)
    else:
        match = compute_matching(state)
    players = state.players
    seen = set()
    rows: list[tuple[tuple[int, int, int, int], int, int]] = []
    bye = None
    for player in sorted(match, key=lambda i: (-state.score_acc(players[i]), players[i].rank)):
        if player in seen:
            continue
        opponent = match[player]
        if opponent is None:
            bye = player
            continue
        seen.add(player)
        seen.add(opponent)
        a, b = (player, opponent) if player < opponent else (opponent, player)
        c, _ = choose_colour(state, players[a], players[b])
        w, bl = (a, b) if c == WHITE else (b, a)
        rows.append((board_key(state, players[w], players[bl]), w, bl))
    rows.sort()
    boards = tuple(Board(i + 1, w + 1, b + 1) for i, (_, w, b) in enumerate(rows))
    exps = explain(state, match, rows, bye)
    return RoundPairing(rules, boards, None if bye is None else bye + 1, exps)


def pair_trf(t: TrfTournament, rules: str | None = None) -> RoundPairing:
    return pair_round(build_state(t), rules or default_rules(t))
