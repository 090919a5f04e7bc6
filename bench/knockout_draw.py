"""CPU seconds of the knockout draw (exact club/country separation) by field size.

    .venv/bin/python bench/knockout_draw.py [SIZES...] [--draws 5] [--limit 30] [--seed 2026]

For each field size (default 8, 16, 24, 32, 48 and 64 competitors, in the smallest bracket that
holds them), `--draws` random fields are drawn for each of five kinds of field:

- "few clubs": 2-4 clubs, one of them big (about a third of the field), a few unattached;
- "many clubs": 12 clubs of uneven size (the biggest about a sixth of the field);
- each of those without seeds and with 8 seeds (fewer when the field is small: n // 3);
- "countries": 6-12 clubs in 3 countries plus country-only entries, seeded, separated by both
  (club and country, as JudoShiai compares them).

Each case runs in a fresh process limited to `--limit` CPU seconds; the figures are the mean and
the worst CPU time (`time.process_time`) of one `draw(...)`, one core. Targets (docs/knockout.md):
up to 64 competitors under 0.5 s for realistic fields, never over 2 s.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KINDS = ("few clubs", "many clubs", "countries")


def field(n: int, kind: str, seeds: int, rnd: random.Random) -> tuple[list, str]:
    """A random field of `n` with `seeds` seeds; the separation key to use."""
    from pairing.engines.knockout import Competitor

    if kind == "few clubs":
        clubs = [f"club{i}" for i in range(rnd.randint(2, 4))]
        weights = [6, *[3] * (len(clubs) - 1), 2]
        clubs = [*clubs, ""]  # unattached
        countries = {c: "" for c in clubs}
    elif kind == "many clubs":
        clubs = [*(f"club{i}" for i in range(12)), ""]
        weights = [12, 8, 6, 5, 4, 4, 3, 3, 2, 2, 2, 1, 3]
        countries = {c: "" for c in clubs}
    else:
        clubs = [f"club{i}" for i in range(rnd.randint(6, 12))]
        weights = [rnd.choice((1, 2, 3, 6)) for _ in clubs]
        countries = {c: f"land{rnd.randrange(3)}" for c in clubs}
        clubs, weights = [*clubs, ""], [*weights, 4]  # entries with a country only
    people = []
    for i in range(n):
        club = rnd.choices(clubs, weights)[0]
        country = countries.get(club, "")
        if not club and kind == "countries":
            country = f"land{rnd.randrange(3)}"
        people.append(Competitor(f"c{i}", f"C{i}", club=club, country=country))
    ranked = rnd.sample(range(n), seeds)
    for s, i in enumerate(ranked, start=1):
        c = people[i]
        people[i] = Competitor(c.id, c.name, c.club, c.country, seed=s)
    return people, ("both" if kind == "countries" else "club")


def run_one(n: int, kind: str, seeded: bool, draws: int, seed: int) -> dict:
    from pairing.engines.knockout import draw

    times = []
    for k in range(draws):
        rnd = random.Random(f"{seed}-{n}-{kind}-{seeded}-{k}")
        people, separate_by = field(n, kind, min(8, n // 3) if seeded else 0, rnd)
        t0 = time.process_time()
        draw(people, seed=rnd.randrange(2**32), separate_by=separate_by)
        times.append(time.process_time() - t0)
    return {"times": times}


def measure(n: int, kind: str, seeded: bool, args) -> dict | None:
    """One case in a fresh process under a CPU limit; None when it ran out of time."""
    limit = args.limit

    def cap_cpu() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    command = [sys.executable, __file__, str(n), "--one", kind, "--draws", str(args.draws)]
    command += ["--seed", str(args.seed)] + (["--seeded"] if seeded else [])
    proc = subprocess.run(command, capture_output=True, text=True, check=False, preexec_fn=cap_cpu)
    if proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return None
    if proc.returncode:
        raise SystemExit(f"{n} {kind} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[8, 16, 24, 32, 48, 64])
    ap.add_argument("--draws", type=int, default=5, help="random fields per case")
    ap.add_argument("--limit", type=int, default=30, help="CPU seconds allowed per case")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--one", choices=KINDS, help=argparse.SUPPRESS)
    ap.add_argument("--seeded", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(run_one(args.sizes[0], args.one, args.seeded, args.draws, args.seed)))
        return
    cases = [(k, s) for k in KINDS[:2] for s in (False, True)] + [(KINDS[2], True)]
    print(f"CPU seconds of one draw, mean / worst of {args.draws} random fields")
    header = " ".join(f"{k + (' +seeds' if s else ''):>20}" for k, s in cases)
    print(f"{'field':>5} {header}")
    for n in args.sizes:
        cells = []
        for kind, seeded in cases:
            r = measure(n, kind, seeded, args)
            if r is None:
                cells.append(f"{'>' + str(args.limit) + ' s':>20}")
            else:
                t = r["times"]
                cells.append(f"{sum(t) / len(t):9.3f} / {max(t):6.3f}")
        print(f"{n:>5} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
