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
import sys

from pairing.commands.dutch import (
    EXIT_FILE,
    EXIT_INPUT,
    EXIT_UNEXPECTED,
    print_checks,
    read_input,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="TRF file (TRF-2026 or TRF-16)")
    parser.add_argument("-c", action="store_true", dest="check", required=True)


def run(args: argparse.Namespace) -> int:
    """Run the check; never lets a traceback reach the arbiter."""
    from pairing.engines.berger_check import check_round_robin
    from pairing.engines.trf import TrfError, parse_trf

    text = read_input(args.input)
    if text is None:
        return EXIT_FILE
    try:
        checks = check_round_robin(parse_trf(text))
    except TrfError as error:
        print(f"error: {args.input}: {error}", file=sys.stderr)
        return EXIT_INPUT
    except Exception as error:  # never a traceback for the arbiter
        print(f"error: unexpected failure: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_UNEXPECTED
    return print_checks(checks)
