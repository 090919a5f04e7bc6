"""Round robin: check a TRF against FIDE's Berger tables.

    python -m pairing berger INPUT.trf -c      check every round the file holds

Each round is printed ``round N: ok`` or ``round N: differs`` with the differences below it
(pairs, White, the free round of an odd field), against the table for the file's starting
numbers and its ``192`` type (``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``,
``BERGER_DOUBLEROUNDROBIN``; none: one cycle).

Exit codes as ``dutch -c`` (and bbpPairings' checker): 0 the file was read and checked,
whatever the check found; 2 unexpected error; 3 invalid input; 5 file access.
"""

from __future__ import annotations

import argparse

from pairing.commands.dutch import check_trf_file, print_checks


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="TRF file (TRF-2026 or TRF-16)")
    parser.add_argument("-c", action="store_true", dest="check", required=True)


def run(args: argparse.Namespace) -> int:
    """Run the check; never lets a traceback reach the arbiter."""
    from pairing.engines.berger_check import check_round_robin
    from pairing.engines.trf import parse_trf

    return check_trf_file(args.input, lambda text: check_round_robin(parse_trf(text)), print_checks)
