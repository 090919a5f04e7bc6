"""FIDE's Pairing and Tie-break Checker: check a tournament's pairings and standings.

    python -m pairing check FILE [--rules 2017|2026] [--json]

Reads TRF06, TRF-16 or TRF-2026. Each round is re-paired by the system record 192 names (the
Dutch system by our engine, a round robin against the Berger tables; another system is said to
be not checkable) and printed ``round N: ok`` or ``round N: differs`` with the differing pairs
indented below it, as ``dutch -c`` prints them. Then the standings: the points and the
tie-breaks of record 212 (without its PTS) or 202, recomputed by our tie-break engine, against
the rank column (001 columns 86-89): ``standings: ok``, or ``standings: differs`` and a line
for every player whose rank is not one the tie-breaks give. ``--json`` writes the same as
JSON, shaped as FIDE's checker (gacrux) writes it: ``status.code``, ``pairingResult`` per
round, ``tiebreakResult`` per player.

Exit codes:
  0  every round and every rank agrees;
  1  at least one round or rank differs;
  2  unexpected error;
  3  invalid input (the message names the line and the column);
  5  the file cannot be read.
Unlike bbpPairings' checker, which exits 0 whatever it finds, a discrepancy exits 1, so that a
script or CI can act on it (docs/fide-tools.md).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from pairing.commands.dutch import EXIT_OK, check_trf_file

EXIT_DIFFERS = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``check`` subcommand's arguments (registered by ``pairing/__main__.py``)."""
    parser.add_argument("input", help="TRF file (TRF06, TRF-16 or TRF-2026)")
    parser.add_argument("--rules", choices=("2017", "2026"), help="Dutch rules (default: 192/042)")
    parser.add_argument("--json", action="store_true", help="write the report as JSON")


def run(args: argparse.Namespace) -> int:
    """Run the check; never lets a traceback reach the arbiter."""
    from pairing.engines.fide_check import check_file

    return check_trf_file(
        args.input, lambda text: check_file(text, args.rules), lambda report: _show(report, args)
    )


def _show(report: Any, args: argparse.Namespace) -> int:
    """The report as JSON or text; 0 when everything agrees, 1 otherwise."""
    if args.json:
        print(json.dumps(as_json(report), indent=2))
    else:
        print_report(report)
    return EXIT_OK if report.ok else EXIT_DIFFERS


def print_report(report: Any) -> None:
    """The report as text: notes (``note: …``), rounds, then the standings."""
    for note in report.notes:
        print(f"note: {note}")
    if report.pairing_skipped:
        print(f"pairings: not checked: {report.pairing_skipped}")
    for check in report.rounds:
        print(f"round {check.round}: {'ok' if check.ok else 'differs'}")
        for difference in check.differences:
            print(f"  {difference}")
    standings = report.standings
    if standings.skipped:
        print(f"standings: not checked: {standings.skipped}")
        return
    print(f"standings: {'ok' if standings.ok else 'differs'}")
    for discrepancy in standings.discrepancies:
        print(f"  {discrepancy}")


def as_json(report: Any) -> dict[str, Any]:
    """The report in the shape of FIDE's checker's JSON (``status``, one entry per round)."""
    standings = report.standings
    return {
        "filetype": "Check",
        "version": "1.0",
        "origin": "python -m pairing check",
        "status": {"code": 0 if report.ok else 1, "error": []},
        "format": report.format,
        "system": report.system,
        "rules": report.rules,
        "notes": list(report.notes),
        "pairingSkipped": report.pairing_skipped,
        "pairingResult": [
            {"round": c.round, "check": c.ok, "differences": list(c.differences)}
            for c in report.rounds
        ],
        "tiebreakResult": {
            "check": standings.ok,
            "skipped": standings.skipped,
            "rules": standings.rules,
            "tiebreaks": ["PTS", *standings.tiebreaks],
            "players": [
                {
                    "startno": p.player,
                    "rank": p.file_rank,
                    "ranks": [p.low, p.high],
                    "check": p.ok,
                    "tiebreakDetails": [str(p.points), *(_value(v) for v in p.tiebreaks)],
                }
                for p in standings.players
            ],
        },
    }


def _value(value: object) -> str | None:
    return None if value is None else str(value)
