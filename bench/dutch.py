"""Time the Dutch engine on one late round at 100, 500, 1000 and 2000 players.

    .venv/bin/python bench/dutch.py [SIZES...] [--rounds 9] [--seed 2026]

Each size runs in a fresh process: a random tournament is generated with a fixed seed (score-group
pairings without rematches, colours alternating, random results, a few byes and absences), then
the round before last is paired with the 2026 rules. Prints seconds and the peak resident memory.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def generate(n: int, rounds: int, played: int, seed: int):
    """A TrfTournament of ``n`` players after ``played`` rounds (of ``rounds``)."""
    from pairing.engines.trf import Scoring, TrfPlayer, TrfResult, TrfTournament

    rng = random.Random(seed * 100003 + n)
    score = [0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    colours: list[list[str]] = [[] for _ in range(n)]
    results: list[list[TrfResult]] = [[] for _ in range(n)]
    for _ in range(played):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        absent = set(rng.sample(order, max(0, n // 50)))
        todo = [i for i in order if i not in absent]
        for i in absent:
            results[i].append(TrfResult(None, "-", "H"))
            score[i] += 5
        if len(todo) % 2:
            bye = todo.pop()
            results[bye].append(TrfResult(None, "-", "U"))
            score[bye] += 10
        while todo:
            a = todo.pop(0)
            j = next((k for k, b in enumerate(todo) if b not in met[a]), 0)
            b = todo.pop(j)
            wa = colours[a].count("w") - colours[a].count("b")
            wb = colours[b].count("w") - colours[b].count("b")
            white, black = (a, b) if wa < wb or (wa == wb and rng.random() < 0.5) else (b, a)
            r = rng.choice("10=" if rng.random() < 0.9 else "+-")
            rw, rb = {
                "1": ("1", "0"),
                "0": ("0", "1"),
                "=": ("=", "="),
                "+": ("+", "-"),
                "-": ("-", "+"),
            }[r]
            for p, q, c, res in ((white, black, "w", rw), (black, white, "b", rb)):
                results[p].append(TrfResult(q + 1, c, res))
                colours[p].append(c)
                met[p].add(q)
                score[p] += {"1": 10, "+": 10, "=": 5}.get(res, 0)
    players = tuple(
        TrfPlayer(
            number=i + 1,
            name=f"Player {i + 1}",
            rating=2800 - i,
            points=score[i],
            results=tuple(results[i]),
        )
        for i in range(n)
    )
    return TrfTournament(players=players, rounds=rounds, initial_colour="w", scoring=Scoring())


def run_one(n: int, rounds: int, seed: int) -> dict:
    from pairing.engines.dutch import pair_round
    from pairing.engines.dutch.state import build_state

    state = build_state(generate(n, rounds, rounds - 2, seed))
    t0 = time.perf_counter()
    pairing = pair_round(state, "2026")
    elapsed = time.perf_counter() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "players": n,
        "round": rounds - 1,
        "seconds": round(elapsed, 3),
        "boards": len(pairing.boards),
        "peak_rss_mib": round(peak_kib / 1024, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[100, 500, 1000, 2000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(run_one(args.sizes[0], args.rounds, args.seed)))
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
        target = f" (target {targets[n]} s)" if n in targets else ""
        print(
            f"{n:>5} players, round {r['round']}: {r['seconds']:.2f} s{target}, "
            f"{r['boards']} boards, peak RSS {r['peak_rss_mib']} MiB"
        )


if __name__ == "__main__":
    main()
