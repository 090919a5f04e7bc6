"""Time the Dutch engine on one late round at 100, 500, 1000 and 2000 players.

    .venv/bin/python bench/dutch.py [SIZES...] [--rounds 9] [--round R] [--rules 2026]

Each size runs in a fresh process: a random tournament is generated with a fixed seed (score-group
pairings without rematches, colours alternating, random results, a few byes and absences), then
the round before last (or round R) is paired with the 2026 rules (or --rules 2017). Prints seconds
and the peak resident memory. The targets (issue 3) are for a late round on one core.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run_one(n: int, rounds: int, rnd: int, rules: str, seed: int) -> dict:
    from pairing.engines.dutch import pair_round
    from pairing.engines.dutch.simulate import random_tournament
    from pairing.engines.dutch.state import build_state

    state = build_state(random_tournament(n, rounds, rnd - 1, seed))
    t0 = time.perf_counter()
    pairing = pair_round(state, rules)
    elapsed = time.perf_counter() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "players": n,
        "round": rnd,
        "seconds": round(elapsed, 3),
        "boards": len(pairing.boards),
        "peak_rss_mib": round(peak_kib / 1024, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[100, 500, 1000, 2000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--round", type=int, default=0, help="the round to pair (default: before last)")
    ap.add_argument("--rules", choices=("2017", "2026"), default="2026")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        rnd = args.round or args.rounds - 1
        print(json.dumps(run_one(args.sizes[0], args.rounds, rnd, args.rules, args.seed)))
        return
    targets = {500: 1.0, 1000: 2.0, 2000: 8.0}
    for n in args.sizes:
        proc = subprocess.run(
            [
                sys.executable,
                __file__,
                str(n),
                "--rounds",
                str(args.rounds),
                "--round",
                str(args.round),
                "--rules",
                args.rules,
                "--seed",
                str(args.seed),
                "--one",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode:
            print(f"{n:>5} players: failed: {proc.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(proc.stdout)
        late = not args.round and args.rules == "2026"
        target = f" (target {targets[n]} s)" if late and n in targets else ""
        print(
            f"{n:>5} players, round {r['round']}: {r['seconds']:.2f} s{target}, "
            f"{r['boards']} boards, peak RSS {r['peak_rss_mib']} MiB"
        )


if __name__ == "__main__":
    main()
