"""How long the public PDFs take to build, with the standings already computed and not.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/pdfs.py
        [--players 2000] [--rounds 3] [--repeat 3]

Builds a throwaway test database with a published Swiss (bench/scenarios.py) and times, best of
``--repeat``, the standings PDF with the standings computed inside (every cache emptied) and
with them kept (arbiter.core.standings.public_standings), and the last round's pairing PDF. These
are what a request would spend if it built them itself (docs/background-tasks.md, "PDFs").
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def best(repeat: int, build, before=lambda: None) -> float:
    """The fastest of `repeat` runs of `build`, in ms (`before` runs untimed before each)."""
    times = []
    for _ in range(repeat):
        before()
        started = time.perf_counter()
        build()
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def main() -> None:
    from common import options, set_up_django

    args = options(__doc__, players=2000, rounds=3, repeat=3)
    set_up_django()
    logging.getLogger("fontTools").setLevel(logging.WARNING)  # a line per font subset
    from django.core.cache import caches
    from django.db import connection
    from scenarios import played_swiss, throwaway_database

    from arbiter.core.public_cache import stamp
    from arbiter.core.standings import public_standings
    from arbiter.platform.pdf import pairings_pdf, standings_pdf

    with throwaway_database(test_environment=False):
        tournament, _ = played_swiss(args.players, args.rounds, f"PDF {args.players}")
        tournament.public_version = stamp(tournament)
        round_ = tournament.rounds.get(number=args.rounds)

        def forget() -> None:
            for cache in caches.all():
                cache.clear()

        def standings() -> bytes:
            return standings_pdf(tournament, public_standings(tournament, None))

        print(f"database: {connection.vendor}; {args.players} players, {args.rounds} rounds")
        cold = best(args.repeat, standings, forget)
        public_standings(tournament, None)
        warm = best(args.repeat, standings)
        pairing = best(args.repeat, lambda: pairings_pdf(tournament, round_))
        print(f"standings PDF, standings computed inside: {cold:>6.0f} ms")
        print(f"standings PDF, standings kept:            {warm:>6.0f} ms")
        print(f"pairing PDF of round {args.rounds}:                {pairing:>6.0f} ms")


if __name__ == "__main__":
    main()
