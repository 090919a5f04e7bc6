"""FIDE's Pairing and Tie-break Checker (PTC) as a function: a TRF in, a report out, for the
command ``python -m pairing check`` and for the app (docs/fide-tools.md).

FIDE's checklist for endorsed programs asks for a free checker that reads TRF-2026 (and the
older formats) and reports, per round, the pairings that differ from the engine's and the
standings that break the declared tie-break list (Q19-Q21). Each round is re-paired by the
system record 192 names: the Dutch system (C.04.3, the 2026 or 2017 rules; ``…_BAKU`` with
Baku acceleration, C.04.7) by our engine, a round robin against FIDE's Berger tables (C.05
Annex 1); any other system is reported as not checkable. A file without 192 is checked as a
Dutch Swiss. The standings follow pairing/engines/trf_standings.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pairing.engines.berger_check import check_round_robin
from pairing.engines.dutch.api import default_rules
from pairing.engines.dutch.checker import RoundCheck, check_tournament
from pairing.engines.trf import UNKNOWN_RESULT, TrfTournament, parse_trf
from pairing.engines.trf_standings import StandingsCheck, check_standings

__all__ = ["CheckReport", "check_file", "check_trf", "pairing_system"]


@dataclass(frozen=True)
class CheckReport:
    """What the checker found. ``rounds`` holds one :class:`RoundCheck` per round re-paired
    (empty when ``pairing_skipped`` says why none was); ``notes`` what the reader adjusted and
    what the reader of the report should know (a result still unknown: the standings are not
    final, Q161)."""

    format: str
    system: str  # "dutch", "berger" or the 192 code that cannot be checked
    rules: str  # the Dutch rule set ("2017", "2026"), "" for another system
    rounds: tuple[RoundCheck, ...]
    standings: StandingsCheck
    pairing_skipped: str = ""
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Every round as the engine pairs it, and every rank as the tie-breaks give it."""
        return all(r.ok for r in self.rounds) and self.standings.ok


def pairing_system(t: TrfTournament) -> str:
    """``"dutch"`` or ``"berger"`` for the systems this checker re-pairs (a file without 192
    is a Dutch Swiss); otherwise the 192 code itself."""
    code = t.system.strip().upper()
    if not code or code.startswith("FIDE_DUTCH"):
        return "dutch"
    if "ROUNDROBIN" in code and not code.startswith("CUSTOM"):
        return "berger"
    return code


def check_file(text: str, rules: str | None = None) -> CheckReport:
    """Check a TRF's text (TRF06, TRF16 or TRF26). ``rules`` forces the Dutch rule set
    (``"2017"`` or ``"2026"``); None takes it from 192 or the start date. Raises
    :class:`~pairing.engines.trf.TrfError` for a file that cannot be read or checked."""
    return check_trf(parse_trf(text), rules)


def check_trf(t: TrfTournament, rules: str | None = None) -> CheckReport:
    """Check a tournament read from a TRF (see :func:`check_file`)."""
    t = replace(t, rounds=t.number_of_rounds)
    system = pairing_system(t)
    notes = list(t.adjustments)
    if not t.system:
        notes.append("no tournament type (192): checked as a Dutch Swiss")
    unknown = sum(r.code == UNKNOWN_RESULT for p in t.players for r in p.results) // 2
    if unknown:
        notes.append(
            f"{unknown} game(s) without a result (?): counted as draws, the standings are not final"
        )
    standings = check_standings(t, round_robin=system == "berger")
    if not standings.skipped and not standings.tiebreaks:
        notes.append("no tie-break list (202 or 212): the ranks are checked on points alone")
    if system == "dutch":
        chosen = rules or default_rules(t)
        checks = tuple(check_tournament(t, chosen))
        return CheckReport(t.format, system, chosen, checks, standings, notes=tuple(notes))
    if system == "berger":
        checks = tuple(check_round_robin(t))
        return CheckReport(t.format, system, "", checks, standings, notes=tuple(notes))
    skipped = f"the pairing system {system} is not checkable (Dutch and Berger are)"
    return CheckReport(t.format, system, "", (), standings, skipped, tuple(notes))
