"""Command line compatible with the FIDE-endorsed engines.

    python -m pairing dutch INPUT.trf -p [OUTPUT]    pair the next round
    python -m pairing dutch INPUT.trf -c             check every round of a finished tournament
    options: --rules 2017|2026 (default: by the start date, TRF 042), --explain

Exit codes (as bbpPairings documents them): 0 the file was paired, or read and checked
whatever the check found (differing rounds, and a round no legal pairing exists for, are
listed on stdout, not signalled by the status); 1 no valid pairing for the round to pair
(-p only); 2 unexpected error; 3 invalid input; 5 file access.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

EXIT_OK, EXIT_NO_PAIRING, EXIT_UNEXPECTED, EXIT_INPUT, EXIT_FILE = 0, 1, 2, 3, 5


def add_arguments(d: argparse.ArgumentParser) -> None:
    """The ``dutch`` subcommand's arguments (registered by ``pairing/__main__.py``)."""
    d.add_argument("input", help="TRF file (TRF-16 with XXR/XXC, or TRF-2026)")
    mode = d.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", nargs="?", const="-", metavar="OUTPUT", dest="pair_output")
    mode.add_argument("-c", action="store_true", dest="check")
    d.add_argument("--rules", choices=("2017", "2026"))
    d.add_argument("--explain", action="store_true", help="explain each pairing (to stderr)")


def run(args: argparse.Namespace) -> int:
    """Run the ``dutch`` subcommand; never lets a traceback reach the arbiter."""
    try:
        return _run(args)
    except KeyboardInterrupt:
        return EXIT_UNEXPECTED
    except BrokenPipeError:  # stdout's reader has gone: pairing/__main__.py ends quietly
        raise
    except Exception as e:  # never a traceback for the arbiter
        print(f"error: unexpected failure: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_UNEXPECTED


def read_input(path: str) -> str | None:
    """The TRF file's text, or None once the reason it cannot be read is on stderr."""
    from pairing.engines.trf import decode_trf

    try:
        with open(path, "rb") as handle:
            return decode_trf(handle.read())
    except OSError as error:
        print(f"error: cannot read {path}: {error}", file=sys.stderr)
        return None


def check_trf_file(path: str, check: Callable[[str], T], show: Callable[[T], int]) -> int:
    """Read the TRF at ``path``, ``check`` its text and ``show`` what the check found, returning
    its status; a file that cannot be read (5), a TRF error (3, its line and column named) or an
    unexpected failure (2) is a message on stderr, never a traceback."""
    from pairing.engines.trf import TrfError

    text = read_input(path)
    if text is None:
        return EXIT_FILE
    try:
        found = check(text)
    except TrfError as error:
        print(f"error: {path}: {error}", file=sys.stderr)
        return EXIT_INPUT
    except Exception as error:  # never a traceback for the arbiter
        print(f"error: unexpected failure: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_UNEXPECTED
    return show(found)


def _run(args: argparse.Namespace) -> int:
    from pairing.engines.dutch import NoValidPairing, pair_trf
    from pairing.engines.dutch.checker import check_tournament
    from pairing.engines.trf import TrfError, parse_trf

    text = read_input(args.input)
    if text is None:
        return EXIT_FILE
    try:
        t = parse_trf(text)
        if args.check:
            return print_checks(check_tournament(t, args.rules))
        _refuse_unfinished_round(t)
        pairing = pair_trf(t, args.rules)
    except TrfError as e:
        print(f"error: {args.input}: {e}", file=sys.stderr)
        return EXIT_INPUT
    except NoValidPairing as e:
        print(f"error: no valid pairing: {e}", file=sys.stderr)
        return EXIT_NO_PAIRING
    text_out = "\n".join(pairing.engine_lines()) + "\n"
    if args.pair_output in (None, "-"):
        sys.stdout.write(text_out)
    else:
        try:
            with open(args.pair_output, "w", encoding="utf-8") as fh:
                fh.write(text_out)
        except OSError as e:
            print(f"error: cannot write {args.pair_output}: {e}", file=sys.stderr)
            return EXIT_FILE
    if args.explain:
        for ex in pairing.explanations:
            print(
                f"{ex.player}: bracket {ex.bracket}, {ex.colour}"
                + (f" vs {ex.opponent}" if ex.opponent else "")
                + (f" ({ex.colour_rule})" if ex.colour_rule else "")
                + (f", floats {ex.float}" if ex.float else "")
                + f": {ex.reason}",
                file=sys.stderr,
            )
    return EXIT_OK


def print_checks(checks) -> int:
    """Print a check's rounds (``round N: ok`` or ``differs``, each difference indented below)
    and return the status: 0, as bbpPairings' checker exits once the file is read and checked
    (what it found is the list, not the status)."""
    for check in checks:
        print(f"round {check.round}: {'ok' if check.ok else 'differs'}")
        for difference in check.differences:
            print(f"  {difference}")
    return EXIT_OK


def _refuse_unfinished_round(t) -> None:
    """A round whose pairings are in the file without their results is being played: pairing
    "the next round" would pair it again in silence, so the file is refused instead."""
    from pairing.engines.trf import TrfError

    for player in t.players:
        for number, result in enumerate(player.results, start=1):
            if result.opponent is not None and result.code == " ":
                raise TrfError(
                    player.line,
                    92 + 10 * (number - 1) + 7,
                    f"round {number} is paired but player {player.number}'s game against "
                    f"{result.opponent} has no result: enter the results of round {number} "
                    "before pairing the next round",
                )
