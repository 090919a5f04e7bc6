"""From "pair" to the draft page, and the query count of the pairing and public pages.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/swiss_pages.py
        [--players 100 500] [--rounds 3]

For each field size: a throwaway test database (``test_<name>``, dropped at the end), a Swiss of
N players with ``--rounds`` rounds paired by the engine and scored at random (fixed seed), then
one timed "Pair round" press through the Django test client, the pairing job run by a worker
loop, and the draft page.
Prints the seconds (the engine's share apart) and the queries of the draft page,
the arbiter's round page and the public round page: those must not grow with N.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def queries(client, url: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, secure=True)  # production settings redirect http
    assert response.status_code == 200, (url, response.status_code)
    return len(captured)


def run(players: int, rounds: int) -> dict:
    from django.test import Client
    from scenarios import played_swiss

    from pairing.rounds import services as lifecycle
    from pairing.swiss.models import EnginePairing
    from tests.worker import run_worker

    tournament, user = played_swiss(players, rounds, f"Bench {players}")
    client = Client()
    client.force_login(user)
    started = time.perf_counter()
    response = client.post(f"/arbiter/t/{tournament.pk}/rounds/pair/", secure=True)
    assert response.status_code == 302, (response.status_code, response.get("Location"))
    run_worker()  # the pairing job, as a db_worker beside the server runs it
    page = client.get(f"/arbiter/t/{tournament.pk}/swiss/", secure=True)
    assert page.status_code == 200
    seconds = time.perf_counter() - started
    draft = tournament.rounds.order_by("-number").first()
    engine = EnginePairing.objects.get(round=draft).seconds
    draft_queries = queries(client, f"/arbiter/t/{tournament.pk}/swiss/")
    lifecycle.publish_round(user, draft)
    number = draft.number
    return {
        "seconds": seconds,
        "engine": engine,
        "draft_queries": draft_queries,
        "round_queries": queries(client, f"/arbiter/t/{tournament.pk}/rounds/{number}/"),
        "public_queries": queries(Client(), f"/t/{tournament.pk}/rounds/{number}/"),
        "round": number,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--rounds", type=int, default=3, help="rounds played before the timed one")
    args = parser.parse_args()
    from common import set_up_django

    set_up_django()
    from django.db import connection
    from scenarios import throwaway_database

    with throwaway_database() as name:
        print(f"database: {connection.vendor} ({name})")
        print("players  round  pair+draft s  engine s  draft q  round q  public q")
        for players in args.players:
            r = run(players, args.rounds)
            print(
                f"{players:>7}  {r['round']:>5}  {r['seconds']:>12.2f}  {r['engine']:>8.2f}"
                f"  {r['draft_queries']:>7}  {r['round_queries']:>7}  {r['public_queries']:>8}"
            )


if __name__ == "__main__":
    main()
