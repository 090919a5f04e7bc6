"""What an import owes the arbiter (FIDE's checklist Q47-Q56, spec §1.6): every adjustment made
for what the file's format lacks (Q48, Q50), and every imported round checked against the
pairing rules (Q54): a round that breaks them is shown with a level-3 warning and written into
the TRF as ``### Import @ Round n: <what differs>`` (Q55).

The check is the Pairing Checker's (pairing/engines/dutch/checker.py, ``python -m pairing
dutch -c``): each round re-paired by the engine from the rounds before it and compared with the
file's. The import keeps the result in its audit entry, which its report page reads
(:func:`import_report`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext

from arbiter.core import fide_mode
from arbiter.core.models import AuditEntry, Tournament
from arbiter.core.services.audit import record
from arbiter.platform.time_limit import run_pure
from arbiter.ratings.listed import ListCheck
from pairing.engines.dutch.checker import check_tournament
from pairing.engines.trf import TrfPlayer, TrfTournament


def check_rounds(t: TrfTournament, rules: str) -> dict[int, list[str]]:
    """Round number -> what differs from the engine's pairing (empty: the rules' pairing), for
    every round the file played; in a child process the job's time limit stops."""
    return {check.round: list(check.differences) for check in run_pure(check_tournament, t, rules)}


def adjustments(
    t: TrfTournament,
    markers: list[TrfPlayer],
    planned: int | None,
    withdrawn: set[int],
    unknown: list[tuple[int, int, int, str]],
) -> list[str]:
    """What the import made of what the file does not say, one sentence each (Q48, Q50); the
    games written with a result symbol no TRF defines, (round, white, black, symbols), are
    adjourned (Q166)."""
    out = []
    for marker in markers:
        out.append(
            gettext("Player %(number)s (%(name)s) only marks the bye: left out.")
            % {"number": marker.number, "name": marker.name}
        )
    if not t.rounds and planned:
        out.append(
            gettext(
                "The file gives no number of rounds (XXR or 142): %(rounds)s, the rounds it holds."
            )
            % {"rounds": planned}
        )
    if not t.system:
        out.append(gettext("The file gives no tournament type (192): read as a FIDE Dutch Swiss."))
    if t.header("202"):
        out.append(
            gettext(
                "The file's tie-breaks (202 %(codes)s) stay in its TRF; the standings use the "
                "default list until you choose the tie-breaks."
            )
            % {"codes": t.header("202")}
        )
    if any(r.code in "WDL" and r.opponent is not None for p in t.players for r in p.results):
        out.append(
            gettext("Games of less than one move (W, D, L) are stored as their results (1, =, 0).")
        )
    for number, white, black, symbols in unknown:
        out.append(
            gettext(
                "Round %(round)s: %(white)s-%(black)s is written %(mine)s and %(theirs)s, a "
                "result no TRF defines: imported as an adjourned game, its result to enter."
            )
            % {
                "round": number,
                "white": white,
                "black": black,
                "mine": repr(symbols[0]),
                "theirs": repr(symbols[1]),
            }
        )
    if withdrawn:
        out.append(
            gettext("Absent from every round left, so withdrawn: %(numbers)s.")
            % {"numbers": ", ".join(str(n) for n in sorted(withdrawn))}
        )
    return out


def note_rounds(user, tournament: Tournament, checks: dict[int, list[str]]) -> None:
    """The ``### Import @ Round n`` record of each round that breaks the rules (Q55), each in
    its own audit entry."""
    for number, differences in sorted(checks.items()):
        if differences:
            record(
                user,
                tournament,
                "round.import_check",
                f"Imported round {number} differs from the engine's pairing",
                after={"round": number, "differences": differences},
                trf_note=fide_mode.trf_note("Import", number, compact(differences)),
            )


_ENGINE_ONLY = re.compile(r"^(\d+)-(\d+): the engine pairs")
_FILE_ONLY = re.compile(r"^(\d+)-(\d+): paired in the tournament")
_COLOURS = re.compile(r"^(\d+)-(\d+): the rules give White")
_BYE = re.compile(r"^bye: the tournament gave it to (\w+), the rules to (\w+)")


def compact(differences: list[str]) -> str:
    """The checker's differences as the one line of a ``###`` record, in starting numbers as
    an MPA record writes them: ``engine 2-11 3-12 bye 5, file 2-12 3-11 bye 7``; what it
    cannot shorten (no legal pairing) as the checker says it."""
    engine: list[str] = []
    file: list[str] = []
    other: list[str] = []
    for line in differences:
        if found := _ENGINE_ONLY.match(line):
            engine.append(f"{found[1]}-{found[2]}")
        elif found := _FILE_ONLY.match(line):
            file.append(f"{found[1]}-{found[2]}")
        elif found := _COLOURS.match(line):
            engine.append(f"{found[1]}-{found[2]}")
            file.append(f"{found[2]}-{found[1]}")
        elif found := _BYE.match(line):
            file.append(f"bye {found[1]}")
            engine.append(f"bye {found[2]}")
        else:
            other.append(line)
    paired = f"engine {' '.join(engine) or '-'}, file {' '.join(file) or '-'}"
    return "; ".join(([paired] if engine or file else []) + other)


@dataclass(frozen=True)
class ImportReport:
    """What the report page shows: the file's format, the adjustments, each round's check, and
    the players against FIDE's list in force (None: not compared)."""

    format: str
    adjustments: list[str]
    rounds: list[tuple[int, list[str]]]
    list_check: ListCheck | None = None

    @property
    def wrong_rounds(self) -> list[int]:
        return [number for number, differences in self.rounds if differences]

    def warning(self) -> fide_mode.RuleWarning | None:
        """The level-3 warning of the rounds that break the rules (Q55), if any."""
        if not self.wrong_rounds:
            return None
        return fide_mode.RuleWarning(
            fide_mode.Level.CONFIRM,
            gettext(
                "The file's rounds %(rounds)s do not follow the pairing rules: each is recorded "
                "in the TRF (### Import). Keep the tournament, or delete it and import a "
                "corrected file."
            )
            % {"rounds": ", ".join(str(n) for n in self.wrong_rounds)},
        )


def import_report(tournament: Tournament) -> ImportReport | None:
    """The tournament's import as its audit entry keeps it; None for a tournament not imported."""
    entry = (
        AuditEntry.objects.filter(tournament=tournament, action="tournament.import_trf")
        .values_list("after", flat=True)
        .first()
    )
    if entry is None:
        return None
    checks = entry.get("round_checks", {})
    listed = entry.get("list_check")
    return ImportReport(
        entry.get("format", ""),
        entry.get("adjustments", []),
        sorted((int(number), differences) for number, differences in checks.items()),
        ListCheck.from_json(listed) if listed else None,
    )
