"""Check a finished tournament round by round against the Dutch rules (the ``-c`` mode).

Each round ``r`` is re-paired from the history before it (rounds ``1..r-1`` and the players
absent in round ``r``) and compared with what was actually paired: the pairs, the colours and the
pairing-allocated bye. The checker is kept apart from the pairer, as in the endorsed engines.

As the endorsed checker does, the file is refused (:class:`TrfError`) when a player's points
column disagrees with the results. The initial colour, when neither ``XXC`` nor ``152`` gives
it, is inferred from the whole file (the first round with colours), not from the history before
each round. A forfeit written without colours (``- -``) is compared as a pair only: its colours
count for nothing. A pairing-allocated bye is ``U`` or a lone ``+`` (``0000 - +``). Dummy
players who only mark the bye ("spielfrei") are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pairing.engines.dutch.api import pair_trf
from pairing.engines.dutch.pairer import NoValidPairing
from pairing.engines.dutch.state import BLACK, WHITE, build_state
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament

_ABSENT_CODES = {"H": "H", "F": "F", "Z": "Z", " ": "Z"}


@dataclass(frozen=True)
class RoundCheck:
    round: int
    ok: bool
    differences: tuple[str, ...]


def _points(t: TrfTournament, results: tuple[TrfResult, ...]) -> int:
    s = t.scoring
    total = 0
    for res in results:
        c = res.code
        if c in "1W+" or c == "F":
            total += s.win
        elif c == "U":
            total += s.pab
        elif c in "=DH?":  # an unknown result (adjourned) counts as a draw for pairing
            total += s.draw
        elif c in "0L":
            total += s.loss
        elif c == "-":
            total += s.forfeit_loss
        else:
            total += s.zero_bye
    return total


def history_before(t: TrfTournament, rnd: int) -> TrfTournament:
    """The tournament as it stood before round ``rnd`` (1-based), absentees of ``rnd`` marked."""
    players = []
    for p in t.players:
        res = tuple(p.results[: rnd - 1])
        res = res + (TrfResult(None, " ", " "),) * (rnd - 1 - len(res))
        cur = p.results[rnd - 1] if len(p.results) >= rnd else TrfResult(None, " ", " ")
        if cur.opponent is None and not _is_pab(cur):
            res = (*res, TrfResult(None, "-", _ABSENT_CODES.get(cur.code, "Z")))
        players.append(replace(p, results=res, points=_points(t, res[: rnd - 1])))
    return replace(t, players=tuple(players), rounds=t.rounds or rnd)


def _is_pab(res: TrfResult) -> bool:
    """A pairing-allocated bye: ``U``, or a lone ``+`` as some programs write it."""
    return res.opponent is None and res.code in ("U", "+")


def actual_round(
    t: TrfTournament, rnd: int
) -> tuple[set[tuple[int, int]], int | None, set[frozenset[int]]]:
    """The round's pairs (white, black), its pairing-allocated bye and the pairs written
    without colours (forfeits ``- -``), whose colours are not compared."""
    pairs: set[tuple[int, int]] = set()
    colourless: set[frozenset[int]] = set()
    bye = None
    for p in t.players:
        if len(p.results) < rnd:
            continue
        res = p.results[rnd - 1]
        if res.opponent is not None and res.colour == "w":
            pairs.add((p.number, res.opponent))
        elif res.opponent is not None and res.colour not in "wb" and p.number < res.opponent:
            pairs.add((p.number, res.opponent))
            colourless.add(frozenset((p.number, res.opponent)))
        elif _is_pab(res):
            bye = p.number
    return pairs, bye, colourless


def played_rounds(t: TrfTournament) -> int:
    """The last round with a game or a pairing-allocated bye; a last column holding only the
    absentees of the round to pair (``0000 - H/Z/F``, as the endorsed engines read it) is not a
    played round."""
    last = 0
    for p in t.players:
        for rnd, res in enumerate(p.results, start=1):
            if rnd > last and (res.opponent is not None or _is_pab(res)):
                last = rnd
    return last


def check_points(t: TrfTournament) -> None:
    """Raise :class:`~pairing.engines.trf.TrfError` at the points column of a player whose
    points disagree with the results (also at a gap in the starting numbers, or a game only one
    side has), as the endorsed checker refuses such a file."""
    build_state(replace(_without_bye_markers(t), rounds=played_rounds(t) + 1))


def check_tournament(t: TrfTournament, rules: str | None = None) -> list[RoundCheck]:
    """Re-pair every round of ``t`` and report the rounds that differ, with the reason.

    Raises :class:`~pairing.engines.trf.TrfError` when the file is inconsistent (a points
    column that disagrees with the results, a game only one side has).
    """
    out = []
    t = _without_bye_markers(t)
    last = played_rounds(t)
    t = replace(t, rounds=max(t.rounds, last))
    whole = build_state(replace(t, rounds=last + 1))  # checks every points column (check_points)
    if not t.initial_colour:
        t = replace(t, initial_colour={WHITE: "w", BLACK: "b"}.get(whole.initial_colour, ""))
    for rnd in range(1, last + 1):
        before = history_before(t, rnd)
        pairs, bye, colourless = actual_round(t, rnd)
        try:
            pairing = pair_trf(before, rules)
        except NoValidPairing as e:
            out.append(RoundCheck(rnd, False, (f"the engine finds no legal pairing: {e}",)))
            continue
        mine = {(b.white, b.black) for b in pairing.boards}
        diffs = []
        unordered = {frozenset(x) for x in pairs}
        for w, b in sorted(mine - pairs):
            if frozenset((w, b)) in colourless:
                continue
            if frozenset((w, b)) in unordered:
                diffs.append(f"{w}-{b}: the rules give White to {w} (colour allocation, art. 5)")
            else:
                diffs.append(f"{w}-{b}: the engine pairs these players, the tournament did not")
        for w, b in sorted(pairs - mine):
            if frozenset((w, b)) not in {frozenset(x) for x in mine}:
                diffs.append(f"{w}-{b}: paired in the tournament, not by the rules")
        if bye != pairing.bye:
            diffs.append(f"bye: the tournament gave it to {bye}, the rules to {pairing.bye}")
        out.append(RoundCheck(rnd, not diffs, tuple(diffs)))
    return out


def _without_bye_markers(t: TrfTournament) -> TrfTournament:
    """The tournament without the dummy players who only mark the bye, when they are the last
    numbers (so that the others keep theirs)."""
    markers = set(t.bye_markers)
    kept = tuple(p for p in t.players if p.number not in markers)
    if not markers or [p.number for p in kept] != list(range(1, len(kept) + 1)):
        return t
    return replace(t, players=kept)


__all__ = ["RoundCheck", "TrfPlayer", "check_points", "check_tournament", "history_before"]
