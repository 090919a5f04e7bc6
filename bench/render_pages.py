"""How long the big pages take to render, uncached, and how many queries they make.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/render_pages.py
        [--players 1000] [--rounds 3] [--repeat 7] [--profile URL]

Builds a throwaway test database (``test_<name>``, dropped at the end) with a published Swiss
of ``--players`` players and ``--rounds`` rounds paired by the engine and scored at random
(bench/scenarios.py), then asks each public and arbiter page through the Django test client with
every cache emptied before each request. Prints per page the fastest and the median of
``--repeat`` requests (after one to warm up; on a shared machine the fastest is the closest to
the page's own cost), the fastest in CPU time of this process (the rendering without the
database's share and without waiting for the CPU), its queries and its size. ``--profile``
prints the cProfile of one more request for the page whose URL contains the given text
(``round/3/``, ``standings``, ...).
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def pages(tournament_id: int, last_round: int, entry_id: int) -> list[tuple[str, str, bool]]:
    """(label, URL, as the arbiter) of every page the bench times."""
    t = f"/t/{tournament_id}"
    a = f"/arbiter/t/{tournament_id}"
    return [
        ("public pairings, by board", f"{t}/rounds/{last_round}/", False),
        ("public pairings, find my board", f"{t}/rounds/{last_round}/?order=alpha", False),
        ("public standings", f"{t}/standings/", False),
        ("public crosstable", f"{t}/crosstable/", False),
        ("public starting list, by rating", f"{t}/", False),
        ("public starting list, alphabetical", f"{t}/?order=alpha", False),
        ("public player card", f"{t}/players/{entry_id}/", False),
        ("arbiter round", f"{a}/rounds/{last_round}/", True),
        ("arbiter players", f"{a}/players/", True),
        ("arbiter rounds", f"{a}/rounds/", True),
        ("arbiter Swiss page", f"{a}/swiss/", True),
    ]


def fetch(client, url: str) -> tuple[float, float, int, int]:
    """One uncached request: (seconds, CPU seconds, queries, bytes)."""
    from django.core.cache import caches
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for cache in caches.all():
        cache.clear()
    with CaptureQueriesContext(connection) as captured:
        started, cpu = time.perf_counter(), time.process_time()
        response = client.get(url, secure=True)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert response.status_code == 200, (url, response.status_code)
    return seconds, cpu, len(captured), len(response.content)


def main() -> None:
    from common import options, set_up_django

    # --profile: profile the page whose URL contains this text
    args = options(__doc__, players=1000, rounds=3, repeat=7, profile="")
    set_up_django()
    from django.db import connection
    from django.test import Client
    from scenarios import played_swiss, throwaway_database

    # not a test environment: it wraps every template render in a signal, as no server does
    with throwaway_database(test_environment=False):
        tournament, user = played_swiss(args.players, args.rounds, f"Render {args.players}")
        entry = tournament.entries.order_by("starting_number").first()
        anonymous, arbiter = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
        arbiter.force_login(user)
        print(f"database: {connection.vendor}; {args.players} players, {args.rounds} rounds")
        heading = f"{'best ms':>7} {'median ms':>9} {'CPU ms':>6} {'queries':>7} {'KB':>5}"
        print(f"{'page':<36} {heading}")
        for label, url, as_arbiter in pages(tournament.pk, args.rounds, entry.pk):
            client = arbiter if as_arbiter else anonymous
            fetch(client, url)
            runs = [fetch(client, url) for _ in range(args.repeat)]
            times = [run[0] * 1000 for run in runs]
            cpu = min(run[1] for run in runs) * 1000
            _, _, count, size = runs[-1]
            print(
                f"{label:<36} {min(times):>7.0f} {statistics.median(times):>9.0f} {cpu:>6.0f}"
                f" {count:>7} {size / 1024:>5.0f}"
            )
            if args.profile and args.profile in url:
                profiler = cProfile.Profile()
                profiler.runcall(fetch, client, url)
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
