"""CPU seconds and peak memory of the Dutch engine, round by round, under both rule sets.

    .venv/bin/python bench/dutch.py [SIZES...] [--rounds 9] [--rules 2026 2017]
                                    [--circle 2000] [--limit 60] [--seed 2026]

For each size (default 500, 1000 and 2000 players) and rule set, a random 9-round tournament is
generated with a fixed seed (score-group pairings without rematches, colours by balance, random
results, about one game in ten forfeited, a few half-point byes, the odd one out given the
pairing-allocated bye) and each of its rounds 1 to 9 is paired from the history before it. Then
the circle-method history (:func:`~pairing.engines.dutch.simulate.circle_tournament`, every
earlier round paired as in a round robin, legal but blind to scores) of ``--circle`` players is
paired in rounds 2 to 9.

Each round runs in a fresh process limited to ``--limit`` CPU seconds; the figure is the CPU time
(``time.process_time``) of ``pair_round`` alone, the memory is the process's peak resident set.
Targets (issue 19), one core: every round of 1000 players under 2 s, of 2000 under 8 s, peak
memory under 500 MB.
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_SECONDS = {1000: 2.0, 2000: 8.0}
TARGET_MIB = 500 * 1000 * 1000 / 2**20


def run_one(history: str, n: int, rounds: int, rnd: int, rules: str, seed: int) -> dict:
    from pairing.engines.dutch import pair_round
    from pairing.engines.dutch.simulate import circle_tournament, random_tournament
    from pairing.engines.dutch.state import build_state

    generate = circle_tournament if history == "circle" else random_tournament
    state = build_state(generate(n, rounds, rnd - 1, seed))
    t0 = time.process_time()
    pairing = pair_round(state, rules)
    cpu = time.process_time() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"cpu": cpu, "boards": len(pairing.boards), "peak_mib": peak_kib / 1024}


def measure(history: str, n: int, rounds: int, rnd: int, rules: str, args) -> dict | None:
    """One round in a fresh process under a CPU limit; None when it ran out of time."""
    limit = args.limit

    def cap_cpu() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    command = [sys.executable, __file__, str(n), "--one", history, "--round", str(rnd)]
    command += ["--rounds", str(rounds), "--rules", rules, "--seed", str(args.seed)]
    proc = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=cap_cpu)
    if proc.returncode == -signal.SIGXCPU or proc.returncode == -signal.SIGKILL:
        return None
    if proc.returncode:
        raise SystemExit(f"{history} {n} round {rnd} ({rules}) failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def report(label: str, n: int, rounds: range, rules: str, history: str, args) -> list[str]:
    cells = [f"{'-':>6}"] * (rounds.start - 1)  # the circle history starts in round 2
    worst_mib = 0.0
    misses = []
    for rnd in rounds:
        r = measure(history, n, args.rounds, rnd, rules, args)
        if r is None:
            cells.append(f"{'>' + str(args.limit):>6}")
            misses.append(rnd)
            continue
        cells.append(f"{r['cpu']:6.2f}")
        worst_mib = max(worst_mib, r["peak_mib"])
        target = TARGET_SECONDS.get(n)
        if target is not None and r["cpu"] >= target:
            misses.append(rnd)
    if worst_mib >= TARGET_MIB:
        misses.append("memory")
    verdict = ""
    if n in TARGET_SECONDS or history == "circle":
        verdict = "  ok" if not misses else f"  over target: {misses}"
    line = f"{label:<14} {rules}  " + " ".join(cells) + f"  {worst_mib:6.0f} MiB{verdict}"
    print(line, flush=True)
    return misses


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[500, 1000, 2000])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--rules", nargs="+", choices=("2017", "2026"), default=["2026", "2017"])
    ap.add_argument("--circle", type=int, default=2000, help="circle-method history (0: none)")
    ap.add_argument("--limit", type=int, default=60, help="CPU seconds allowed per round")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--one", choices=("swiss", "circle"), help=argparse.SUPPRESS)
    ap.add_argument("--round", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        r = run_one(args.one, args.sizes[0], args.rounds, args.round, args.rules[0], args.seed)
        print(json.dumps(r))
        return
    header = " ".join(f"{'r' + str(r):>6}" for r in range(1, args.rounds + 1))
    print(f"CPU seconds of pair_round per round, peak memory (limit {args.limit} s a round)")
    print(f"{'history':<14} rules {header}  {'peak':>10}")
    for rules in args.rules:
        for n in args.sizes:
            report(f"swiss {n}", n, range(1, args.rounds + 1), rules, "swiss", args)
        if args.circle:
            label = f"circle {args.circle}"
            report(label, args.circle, range(2, args.rounds + 1), rules, "circle", args)


if __name__ == "__main__":
    main()
