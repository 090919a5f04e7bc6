"""Speed of the C.04.6 team Swiss: a 200-team round in the middle of a tournament.

    python bench/team_swiss.py [--teams 200] [--boards 4] [--rounds 9] [--round 6] [--seed 7]

Generates the tournament with our generator (every round paired by our engine, board results
simulated), then pairs round ``--round`` again from the rounds before it, several times, and
prints the times. The target (issue 30): under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engines.team_swiss.api import pair_file
from pairing.engines.team_swiss.generator import (
    TeamGeneratorConfig,
    generate_team_text,
)
from pairing.engines.team_swiss.trf_input import read_team_trf


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--round", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--colours", choices=("typea", "typeb", "none"), default="typea")
    args = parser.parse_args()
    config = TeamGeneratorConfig(
        teams=args.teams,
        boards=args.boards,
        rounds=args.rounds,
        seed=args.seed,
        colours=args.colours,
    )
    started = time.perf_counter()
    text = generate_team_text(config)
    generated = time.perf_counter() - started
    f = read_team_trf(text)
    times = []
    cpu = []
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        pairing = pair_file(f, args.round)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    print(
        f"tournament: {args.teams} teams, {args.boards} boards, {args.rounds} rounds "
        f"({args.colours}), generated in {generated:.2f} s ({args.rounds} rounds paired)"
    )
    print(
        f"round {args.round}: {len(pairing.matches)} matches, PAB {pairing.bye}, "
        f"{len(pairing.brackets)} brackets"
    )
    print(
        f"pairing time: median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s over {args.repeat} runs"
    )
    print(
        f"CPU time: median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s "
        "(wall clock above includes the machine's other load)"
    )
    ok = statistics.median(times) < 1.0 and max(cpu) < 1.0
    print("target < 1 s: " + ("met" if ok else "NOT met"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
