"""C.04.6 Swiss Team Pairing System on a TRF-2026 team file (records 310, 320, 330, 352, 362).

    python -m pairing team-swiss INPUT.trf -p [OUTPUT]   pair the next round
    python -m pairing team-swiss INPUT.trf -c            pair every round again and compare
    options: --round R (-p: the round to pair, from the rounds before it),
             --colours typea|typeb|none (default: the 192 code, FIDE_TEAM_TYPEA_MP_GP ...)

-p writes the bbp format: the number of pairs, then ``white black`` (team pairing numbers, the
team with White on board 1 first), the PAB as ``tpn 0``.

Exit codes: 0 paired, or checked with every round identical; 1 no valid pairing (-p), or a
round differs (-c); 2 unexpected error; 3 invalid input; 5 file access.
"""

from __future__ import annotations

import argparse
import sys

from pairing.commands.dutch import (
    EXIT_FILE,
    EXIT_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_UNEXPECTED,
    read_input,
)


def add_arguments(d: argparse.ArgumentParser) -> None:
    """The ``team-swiss`` subcommand's arguments (registered by ``pairing/__main__.py``)."""
    d.add_argument("input", help="TRF-2026 team file")
    mode = d.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", nargs="?", const="-", metavar="OUTPUT", dest="pair_output")
    mode.add_argument("-c", action="store_true", dest="check")
    d.add_argument("--round", type=int, help="the round to pair (-p; default: the next one)")
    d.add_argument("--colours", choices=("typea", "typeb", "none"))


def run(args: argparse.Namespace) -> int:
    """Run the subcommand; never lets a traceback reach the arbiter."""
    try:
        return _run(args)
    except BrokenPipeError:
        raise
    except Exception as e:  # never a traceback for the arbiter
        print(f"error: unexpected failure: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_UNEXPECTED


def _run(args: argparse.Namespace) -> int:
    from pairing.engines.team_swiss import NoValidPairing, TeamSwissError, read_team_trf
    from pairing.engines.team_swiss.api import check_file, pair_file
    from pairing.engines.trf import TrfError

    text = read_input(args.input)
    if text is None:
        return EXIT_FILE
    try:
        f = read_team_trf(text)
        if args.check:
            return _print_checks(check_file(f, args.colours))
        if args.round is not None and not 1 <= args.round <= 999:
            raise TeamSwissError(f"--round {args.round}: 1 to 999")
        pairing = pair_file(f, args.round, args.colours)
    except (TeamSwissError, TrfError) as e:
        print(f"error: {args.input}: {e}", file=sys.stderr)
        return EXIT_INPUT
    except NoValidPairing as e:
        print(f"error: no valid pairing: {e}", file=sys.stderr)
        return EXIT_NO_PAIRING
    out = pairing.bbp()
    if args.pair_output in (None, "-"):
        sys.stdout.write(out)
        return EXIT_OK
    try:
        with open(args.pair_output, "w", encoding="utf-8") as fh:
            fh.write(out)
    except OSError as e:
        print(f"error: cannot write {args.pair_output}: {e}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


def _print_checks(checks: list) -> int:  # type: ignore[type-arg]
    differing = 0
    for check in checks:
        if check.same:
            print(f"round {check.round}: ok")
            continue
        differing += 1
        print(f"round {check.round}: differs")
        if check.error:
            print(f"  ours: {check.error}")
        else:
            print(f"  file: {_show(check.theirs, check.their_bye)}")
            print(f"  ours: {_show(check.ours, check.our_bye)}")
    verdict = "all rounds identical" if not differing else f"{differing} round(s) differ"
    print(f"check: {verdict} ({len(checks)} round(s))")
    return EXIT_OK if not differing else EXIT_NO_PAIRING


def _show(pairs: tuple[tuple[int, int], ...], bye: int | None) -> str:
    text = ", ".join(f"{w}-{b}" for w, b in sorted(pairs, key=lambda p: min(p)))
    return text + (f", PAB {bye}" if bye is not None else "")
