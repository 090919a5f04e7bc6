"""Load on the public pairing page of a 1000-player Swiss, served by gunicorn on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/public_load.py
        [--players 1000] [--requests 400] [--concurrency 8] [--seconds 60]

Builds a throwaway test database (dropped at the end) with a published Swiss of
``--players`` players and three rounds paired by the engine and scored, starts gunicorn on a
free loopback port (two workers), and sends a bounded number of GET requests to the public
pages from ``--concurrency`` threads, first with the page cache on (the default), then with it
off (``PUBLIC_PAGE_CACHE=0``). Prints requests per second, the median and 95th percentile
latency and the errors. Traffic goes to 127.0.0.1 only and stops after ``--requests`` requests
or ``--seconds`` seconds, whichever comes first.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def setup_database(players: int, rounds: int) -> tuple[str, int, int]:
    """A throwaway test database holding the tournament: (its URL, tournament id, last round)."""
    import django

    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment
    from scenarios import played_swiss

    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    tournament, _ = played_swiss(players, rounds, f"Load {players}")
    base = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(base._replace(path=f"/{name}")), tournament.pk, rounds


def drop_database() -> None:
    from django.db import connection

    connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(url: str, port: int, cache: bool) -> subprocess.Popen:
    env = dict(
        os.environ,
        DATABASE_URL=url,
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",  # gunicorn speaks plain http here
        SECRET_KEY="load-bench-only",
        ALLOWED_HOSTS="127.0.0.1",
        PUBLIC_PAGE_CACHE="1" if cache else "0",
        PYTHONWARNINGS="ignore:No directory at",
    )
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "arbiter.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not start")


class Getter:
    """GET requests over one kept-alive loopback connection, opened again after a failure."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(self, path: str) -> bool:
        """True when the page answered 200."""
        try:
            self.conn.request("GET", path)
            response = self.conn.getresponse()
            response.read()
            return response.status == 200
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return False


def summary(latencies: list[float], errors: int, wall: float) -> str:
    """Requests, requests per second, median and 95th percentile latency, errors."""
    if not latencies:
        return "no requests"
    latencies = sorted(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    return (
        f"{len(latencies)} requests, {len(latencies) / wall:.0f} req/s, "
        f"median {1000 * statistics.median(latencies):.0f} ms, p95 {1000 * p95:.0f} ms, "
        f"{errors} errors"
    )


def load(port: int, paths: list[str], requests: int, concurrency: int, seconds: float) -> str:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    counter = iter(range(requests))
    deadline = time.perf_counter() + seconds

    def worker() -> None:
        nonlocal errors
        getter = Getter(port)
        while time.perf_counter() < deadline:
            with lock:
                n = next(counter, None)
            if n is None:
                break
            started = time.perf_counter()
            ok = getter.get(paths[n % len(paths)])
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                errors += not ok
        getter.conn.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return summary(latencies, errors, time.perf_counter() - started)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--requests", type=int, default=400)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=60)
    args = ap.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).")
    started = time.perf_counter()
    url, tournament, last = setup_database(args.players, args.rounds)
    try:
        took = time.perf_counter() - started
        print(f"{args.players} players, {last} rounds played, set up in {took:.0f} s")
        paths = [f"/t/{tournament}/rounds/{last}/"]
        for cache in (True, False):
            port = free_port()
            server = start_server(url, port, cache)
            try:
                load(port, paths, 10, 2, 10)  # warm up: workers import, connect, fill the cache
                figures = load(port, paths, args.requests, args.concurrency, args.seconds)
            finally:
                server.terminate()
                server.wait(timeout=10)
            print(f"pairing page, cache {'on ' if cache else 'off'}: {figures}")
    finally:
        drop_database()


if __name__ == "__main__":
    main()
