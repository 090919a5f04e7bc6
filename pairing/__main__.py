"""`python -m pairing SYSTEM ...`: the draw engines from the command line, without Django."""

import argparse
import sys
from importlib import import_module

#: Subcommand name -> module in pairing.commands (each has add_arguments and run).
COMMANDS = {
    "varma": "Round robin starting numbers: Varma drawing of lots and the Berger schedule",
    "dutch": "FIDE (Dutch) Swiss: pair the next round (-p) or check a tournament (-c)",
    "berger": "Round robin: check a TRF's rounds against FIDE's Berger tables (-c)",
    "knockout": "Judo knockout bracket: the draw, its log with badness, and the matches",
    "monrad": "Swedish attendance Monrad: pair tonight's round among the players present",
    "check": "FIDE's Pairing and Tie-break Checker: a TRF's pairings and standings",
    "generate": "FIDE's Random Tournament Generator: random tournaments paired by our engine",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pairing", description=__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name, summary in COMMANDS.items():
        module = import_module(f"pairing.commands.{name}")
        sub = subparsers.add_parser(name, help=summary, description=module.__doc__)
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
