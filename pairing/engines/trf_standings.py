"""The standings a TRF's results give under its declared tie-break list (records 202/212), and
where the file's rank column (``001`` columns 86-89) breaks them: the standings half of FIDE's
Pairing and Tie-break Checker (the checklist's Q21; docs/fide-tools.md).

The results are read as FIDE's C.07 reads them: a game over the board (``1 = 0 W D L``, and
``?``, a game whose result is unknown, as a draw), a forfeit (``+ -``; both sides ``-`` a double
forfeit), a bye by its code (``U`` and ``+`` alone the PAB, ``=`` alone a half point nobody
requested, ``H F Z``, ``-`` alone a ZPB) and a blank round: not paired. Points follow the file's
scoring (record 162). The tie-break rules are those in force on the start date (C.07 as
amended from 1 March 2026, the 2023 text before).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from pairing.engines import tiebreaks as tb
from pairing.engines.trf import UNKNOWN_RESULT, TrfPlayer, TrfResult, TrfTournament, parse_date

__all__ = [
    "TIEBREAKS_2026_IN_FORCE",
    "RankCheck",
    "StandingsCheck",
    "check_standings",
    "declared_tiebreaks",
    "tiebreak_players",
    "tiebreak_rules",
]

#: C.07 as amended applies from 1 March 2026 (arbiter/core/models.py keeps the same date).
TIEBREAKS_2026_IN_FORCE = datetime.date(2026, 3, 1)

_BYES = {
    "U": tb.Kind.PAB,
    "+": tb.Kind.PAB,
    "=": tb.Kind.PAB,  # a half point nobody requested (docs/trf.md): not a VUR
    "H": tb.Kind.HPB,
    "F": tb.Kind.FPB,
    "Z": tb.Kind.ZPB,
    "-": tb.Kind.ZPB,
}


@dataclass(frozen=True)
class RankCheck:
    """One player's line: the rank the file writes, the ranks the tie-breaks allow (``low`` to
    ``high``: players tied on everything may be listed in any order), points and values."""

    player: int
    file_rank: int | None
    low: int
    high: int
    points: Decimal
    tiebreaks: tuple[Decimal | int | None, ...]

    @property
    def ok(self) -> bool:
        return self.file_rank is None or self.low <= self.file_rank <= self.high

    def __str__(self) -> str:
        allowed = str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
        return (
            f"player {self.player}: rank {self.file_rank} in the file, {allowed} by the tie-breaks"
        )


@dataclass(frozen=True)
class StandingsCheck:
    """The standings check: the tie-breaks applied, under which rules, every player's line
    (:class:`RankCheck`) and why the check could not be made (``skipped``), if so."""

    tiebreaks: tuple[str, ...]
    rules: str
    players: tuple[RankCheck, ...] = ()
    skipped: str = ""

    @property
    def discrepancies(self) -> tuple[RankCheck, ...]:
        return tuple(p for p in self.players if not p.ok)

    @property
    def ok(self) -> bool:
        return not self.discrepancies


def declared_tiebreaks(t: TrfTournament) -> tuple[str, ...]:
    """The tie-break list of record 212 without its ``PTS``, else of record 202 (MTB26 codes,
    comma-separated; ``BH/C1`` is written ``BH-C1`` here). ValueError when ``PTS`` is not first
    in 212: a tie-break ranking before the points is no list C.07 knows."""
    if t.header("212"):
        codes = _codes(t.header("212"))
        if codes and codes[0] != "PTS":
            raise ValueError(f"212 ranks {codes[0]} before the points (PTS)")
        return tuple(tb.normalise(c) for c in codes[1:])
    return tuple(tb.normalise(c) for c in _codes(t.header("202")))


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in text.replace(";", ",").split(",") if c.strip()]


def tiebreak_rules(t: TrfTournament) -> str:
    """``"2026"`` from 1 March 2026 (or without a start date), ``"2023"`` before."""
    start = parse_date(t.start_date)
    return "2023" if start is not None and start < TIEBREAKS_2026_IN_FORCE else "2026"


def tiebreak_players(t: TrfTournament) -> list[tb.Player]:
    """The file's players as the tie-break engine reads them (the scoring of record 162), each
    with his starting number as the tournament pairing number (TPN)."""
    code = {(p.number, n): r.code for p in t.players for n, r in enumerate(p.results, 1)}
    return [
        tb.Player(
            p.number,
            p.rating or None,
            tuple(
                _round(t, n, r, code.get((r.opponent or 0, n), " "))
                for n, r in enumerate(p.results, start=1)
                if not r.is_blank and not (r.opponent is not None and r.code == " ")
            ),
            tpn=p.number,
        )
        for p in t.players
    ]


def _round(t: TrfTournament, number: int, r: TrfResult, theirs: str) -> tb.RoundResult:
    """One round of one player: a game, a forfeit or a bye, with the points it gave."""
    s = t.scoring
    tenths = {
        "1": s.win,
        "W": s.win,
        "+": s.win,
        "F": s.win,
        "=": s.draw,
        "D": s.draw,
        "H": s.draw,
        UNKNOWN_RESULT: s.unknown,
        "0": s.loss,
        "L": s.loss,
        "-": s.forfeit_loss,
    }.get(r.code, s.zero_bye)
    if r.opponent is None:
        if r.code in ("U", "+"):
            tenths = s.pab
        return tb.RoundResult(number, _BYES.get(r.code, tb.Kind.ZPB), Decimal(tenths) / 10)
    if r.played:
        return tb.RoundResult(number, tb.Kind.PLAYED, Decimal(tenths) / 10, r.opponent, r.colour)
    if r.code == "-" and theirs == "-":
        kind = tb.Kind.DOUBLE_FORFEIT
    else:
        kind = tb.Kind.FORFEIT_WIN if r.code == "+" else tb.Kind.FORFEIT_LOSS
    return tb.RoundResult(number, kind, Decimal(tenths) / 10, r.opponent)


def check_standings(t: TrfTournament, *, round_robin: bool = False) -> StandingsCheck:
    """Rank the players by points and the declared tie-breaks, and check every rank the file
    writes: a player whose rank lies outside the places his group of players tied on everything
    holds is a discrepancy. Players without a rank (the withdrawn, often) are not placed, so
    they are left out of the places too. A list the engine cannot compute is ``skipped``."""
    rules = tiebreak_rules(t)
    try:
        codes = declared_tiebreaks(t)
        rows = tb.rank(
            tiebreak_players(t),
            codes,
            rules=rules,
            round_robin=round_robin,
            win_points=Decimal(t.scoring.win) / 10,
            draw_points=Decimal(t.scoring.draw) / 10,
        )
    except ValueError as error:
        return StandingsCheck((), rules, skipped=f"the tie-breaks cannot be computed: {error}")
    if all(p.rank is None for p in t.players):
        return StandingsCheck(codes, rules, skipped="the file ranks nobody (001 columns 86-89)")
    by_number: dict[int, TrfPlayer] = {p.number: p for p in t.players}
    ranked = [r for r in rows if by_number[r.player_id].rank is not None]
    checks = []
    for row in rows:  # rows share a rank only when the points and every tie-break are equal
        above = sum(1 for r in ranked if r.rank < row.rank)
        level = sum(1 for r in ranked if r.rank == row.rank)
        file_rank = by_number[row.player_id].rank
        checks.append(
            RankCheck(
                row.player_id,
                file_rank,
                above + 1,
                above + max(level, 1),
                row.points,
                row.tiebreaks,
            )
        )
    return StandingsCheck(codes, rules, tuple(sorted(checks, key=lambda c: c.player)))
