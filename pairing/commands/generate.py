"""FIDE's Random Tournament Generator: random tournaments paired by our Dutch engine, as TRF-2026.

    python -m pairing generate --players N --rounds R --seed S -o FILE
    python -m pairing generate --teams N --boards B --rounds R --seed S [--colours typea|typeb]
        -o FILE     (a C.04.6 team Swiss, TRF-2026 team records, paired by our team engine)
        [--rules 2017|2026] [--count C]
        [--hpb K|P%] [--fpb K|P%] [--zpb K|P%] [--forfeits K|P%] [--withdrawals K|P%]
        [--unusual K|P%] [--baku] [--tiebreaks BH/C1,BH,SB]
        [--ratings TOP:BOTTOM] [--draw-rate FRACTION] [--initial-colour W|B]

Each rate is a count over the whole tournament (``5``) or a percentage (``2.5%``, each chance
drawn with that probability): byes over the players' rounds, withdrawals over the players,
forfeits and unusual results (½-0, 0-½, 0-0) over the games. With ``--count C`` the output is a
pattern with a number in it (``T%04d.trf``, or ``{n}``): tournament n (from 1) has seed S+n-1.
The same arguments give the same files; the first line of each is ``### RTG seed=S …``.

Exit codes: 0 written; 1 a round had no legal pairing (too many rounds for the players);
2 unexpected error; 3 invalid arguments; 5 a file cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from pairing.commands.dutch import (
    EXIT_FILE,
    EXIT_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_UNEXPECTED,
)

_RATES = {
    "hpb": "half-point byes",
    "fpb": "full-point byes",
    "zpb": "zero-point byes",
    "forfeits": "forfeited games (one side wins by forfeit)",
    "withdrawals": "players who withdraw after a round",
    "unusual": "games with an unusual result: ½-0, 0-½ or 0-0",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``generate`` subcommand's arguments (registered by ``pairing/__main__.py``)."""
    parser.add_argument("--players", type=int, help="players (individual tournament)")
    parser.add_argument("--teams", type=int, help="teams: a C.04.6 team Swiss instead")
    parser.add_argument("--boards", type=int, default=4, help="boards per match (--teams)")
    parser.add_argument(
        "--colours", choices=("typea", "typeb", "none"), default="typea", help="--teams"
    )
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("-o", "--output", required=True, help="file, or pattern with --count")
    parser.add_argument("--rules", choices=("2017", "2026"), default="2026")
    parser.add_argument("--count", type=int, default=1, help="how many tournaments")
    for name, what in _RATES.items():
        parser.add_argument(f"--{name}", default="0", metavar="K|P%", help=what)
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7)")
    parser.add_argument("--tiebreaks", default="BH/C1,BH,SB", help="records 202/212")
    parser.add_argument("--ratings", default="2400:1400", metavar="TOP:BOTTOM")
    parser.add_argument("--draw-rate", type=float, help="share of draws (default: the model's)")
    parser.add_argument("--initial-colour", choices=("W", "B", "w", "b"))


def run(args: argparse.Namespace) -> int:
    """Generate and write; never lets a traceback reach the arbiter."""
    if args.teams is not None:
        return _run_teams(args)
    if args.players is None:
        print("error: --players N (or --teams N) is required", file=sys.stderr)
        return EXIT_INPUT
    from pairing.engines.dutch import NoValidPairing
    from pairing.engines.generator import generate_text

    try:
        configs = _configs(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INPUT
    return _write_all(configs, generate_text, NoValidPairing)


def _write_all(
    configs: list[tuple[str, Any]],
    generate: Callable[[Any], str],
    no_pairing: type[Exception],
) -> int:
    """Generate each configuration's tournament and write it to its path; a round the engine
    cannot pair, an unexpected failure or a file that cannot be written is one line on stderr
    and its exit status, never a traceback for the arbiter."""
    for number, (path, config) in enumerate(configs, start=1):
        try:
            text = generate(config)
        except no_pairing as error:
            print(f"error: tournament {number} (seed {config.seed}): {error}", file=sys.stderr)
            return EXIT_NO_PAIRING
        except Exception as error:  # never a traceback for the arbiter
            print(f"error: unexpected failure: {type(error).__name__}: {error}", file=sys.stderr)
            return EXIT_UNEXPECTED
        try:
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as error:
            print(f"error: cannot write {path}: {error}", file=sys.stderr)
            return EXIT_FILE
    return EXIT_OK


def _configs(args: argparse.Namespace) -> list[tuple[str, Any]]:
    """(output path, configuration) for each tournament; ValueError names a wrong argument."""
    from pairing.engines.generator import GeneratorConfig, Rate

    if args.count < 1:
        raise ValueError("--count must be 1 or more")
    if args.count > 1 and "%" not in args.output and "{n}" not in args.output:
        raise ValueError("--count needs an output pattern with a number: T%04d.trf or T{n}.trf")
    top, _, bottom = args.ratings.partition(":")
    if not (top.isdigit() and bottom.isdigit()):
        raise ValueError(f"--ratings {args.ratings!r}: TOP:BOTTOM, e.g. 2400:1400")
    rates = {name: Rate.parse(getattr(args, name)) for name in _RATES}
    codes = tuple(c.strip().upper().replace("/", "-") for c in args.tiebreaks.split(","))
    out = []
    for n in range(1, args.count + 1):
        config = GeneratorConfig(
            players=args.players,
            rounds=args.rounds,
            seed=args.seed + n - 1,
            rules=args.rules,
            half_point_byes=rates["hpb"],
            full_point_byes=rates["fpb"],
            zero_point_byes=rates["zpb"],
            forfeits=rates["forfeits"],
            withdrawals=rates["withdrawals"],
            unusual_results=rates["unusual"],
            baku=args.baku,
            tiebreaks=tuple(c for c in codes if c and c != "PTS"),
            top_rating=int(top),
            bottom_rating=int(bottom),
            draw_rate=args.draw_rate,
            initial_colour=(args.initial_colour or "").lower(),
        )
        config.validate()
        out.append((_path(args.output, n) if args.count > 1 else args.output, config))
    return out


def _run_teams(args: argparse.Namespace) -> int:
    """``--teams``: random C.04.6 team tournaments (pairing/engines/team_swiss/generator.py)."""
    from pairing.engines.team_swiss import NoValidPairing
    from pairing.engines.team_swiss.generator import TeamGeneratorConfig, generate_team_text

    if not (2 <= args.teams <= 999 and 1 <= args.boards <= 14 and 1 <= args.rounds <= 99):
        print("error: --teams 2..999, --boards 1..14, --rounds 1..99", file=sys.stderr)
        return EXIT_INPUT
    if args.count < 1 or (args.count > 1 and "%" not in args.output and "{n}" not in args.output):
        print("error: --count needs an output pattern with a number: T{n}.trf", file=sys.stderr)
        return EXIT_INPUT
    configs = [
        (
            _path(args.output, n) if args.count > 1 else args.output,
            TeamGeneratorConfig(
                teams=args.teams,
                boards=args.boards,
                rounds=args.rounds,
                seed=args.seed + n - 1,
                colours=args.colours,
            ),
        )
        for n in range(1, args.count + 1)
    ]
    return _write_all(configs, generate_team_text, NoValidPairing)


def _path(pattern: str, n: int) -> str:
    return pattern.replace("{n}", str(n)) if "{n}" in pattern else pattern % n
