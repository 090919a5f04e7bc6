"""`python -m pairing SYSTEM ...`: the draw engines from the command line, without Django."""

import argparse
import os
import sys
from importlib import import_module

#: A reader that closed stdout before the end (``| head``): 128 + SIGPIPE, the status of a
#: program the signal stops, so that ``set -o pipefail`` still sees the output was cut short.
EXIT_CLOSED_OUTPUT = 141

#: Subcommand name -> module in pairing.commands (each has add_arguments and run).
COMMANDS = {
    "varma": "Round robin starting numbers: Varma drawing of lots and the Berger schedule",
    "dutch": "FIDE (Dutch) Swiss: pair the next round (-p) or check a tournament (-c)",
    "berger": "Round robin: check a TRF's rounds against FIDE's Berger tables (-c)",
    "knockout": "Judo knockout bracket: the draw, its log with badness, and the matches",
    "monrad": "Swedish attendance Monrad: pair tonight's round among the players present",
    "check": "FIDE's Pairing and Tie-break Checker: a TRF's pairings and standings",
    "generate": "FIDE's Random Tournament Generator: random tournaments paired by our engine",
    "team-swiss": "FIDE team Swiss (C.04.6) on a TRF-2026 team file: pair (-p) or check (-c)",
}

#: Subcommands whose module name differs from the subcommand (a hyphen is no module name).
MODULES = {"team-swiss": "team_swiss"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pairing", description=__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name, summary in COMMANDS.items():
        module = import_module(f"pairing.commands.{MODULES.get(name, name)}")
        sub = subparsers.add_parser(name, help=summary, description=module.__doc__)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _closed_output()
    return status


def _closed_output() -> int:
    """Stop quietly when stdout's reader has gone: no message, and stdout pointed at the null
    device so that Python's own flush at exit does not fail again with a traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_CLOSED_OUTPUT


if __name__ == "__main__":
    sys.exit(main())
