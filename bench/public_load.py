"""Load on the public pages of a 1000-player Swiss, from wrk, against gunicorn on PostgreSQL.

    apt-get install wrk      # Debian's build of wrk, the compiled HTTP load tool
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/public_load.py
        [--players 1000] [--rounds 3] [--seconds 10] [--connections 8]

Builds a throwaway test database (dropped at the end) with a published Swiss of ``--players``
players and ``--rounds`` rounds paired by the engine and scored (bench/scenarios.py), collects the
static files, starts gunicorn with two workers (DEBUG off) on a free loopback port, and points
wrk at each target in turn for ``--seconds`` seconds with ``--connections`` kept-alive
connections, every request saying ``Accept-Encoding: gzip`` as browsers do: the pairing page, the
standings, the standings PDF, a player card, the pairing page again with ``If-None-Match`` (the
304 a poll or a proxy revalidating gets), and a static file served by the same gunicorn
(whitenoise). The load is bounded (so many seconds per target, loopback only).

Prints, per target, requests per second, the share of the static file's rate, and the bytes on
the wire per response (status line, headers and body, gzipped), then checks the targets: pages
at least 40% of the static rate, the 304 at least 60%, the pairing page at most 40 KB on the
wire, and no public response with Set-Cookie or a CSRF token. wrk and gunicorn share the
machine's cores; on a machine busy with other work the figures are noisy, the ratios less so.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)

STATIC = "/static/css/app.css"
#: The targets, each as (the share of the static file's rate it must reach, a bound in bytes).
PAGE_SHARE, NOT_MODIFIED_SHARE, PAIRING_BYTES = 0.40, 0.60, 40 * 1024
CSRF = re.compile(rb"csrfmiddlewaretoken|X-CSRFToken|csrftoken")


def setup_database(players: int, rounds: int) -> tuple[str, int, int]:
    """A throwaway test database holding the tournament: (its URL, tournament id, an entry)."""
    from common import set_up_django

    set_up_django()
    from django.db import connection
    from django.test.utils import setup_test_environment
    from scenarios import played_swiss

    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    tournament, _ = played_swiss(players, rounds, f"Load {players}")
    entry = tournament.entries.order_by("starting_number").first()
    base = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(base._replace(path=f"/{name}")), tournament.pk, entry.pk


def drop_database() -> None:
    from django.db import connection

    connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(url: str, port: int, cache: bool = True, redis: str = "") -> subprocess.Popen:
    """gunicorn (two workers, DEBUG off) on `port`; pages kept (or not, `cache`) in the Redis at
    `redis` (shared by both workers, as in production), else where the environment says (each
    process's memory without ``REDIS_URL``)."""
    env = dict(
        os.environ,
        DATABASE_URL=url,
        PUBLIC_PAGE_CACHE="1" if cache else "0",
        REDIS_URL=redis or os.environ.get("REDIS_URL", ""),
        DEBUG="0",
        SECURE_SSL_REDIRECT="0",  # gunicorn speaks plain http here
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",  # fontTools logs each PDF font subset at INFO
        SECRET_KEY="load-bench-only",
        ALLOWED_HOSTS="127.0.0.1",
    )
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    command = [gunicorn, "arbiter.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"]
    server = subprocess.Popen([*command, "--log-level", "warning"], cwd=ROOT, env=env)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not start")


def fetch(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], int, bytes]:
    """(status, headers, bytes on the wire, the body decoded) of one GET."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Accept-Encoding": "gzip", **headers})
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    head = f"HTTP/1.1 {response.status} {response.reason}\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in response.getheaders()) + "\r\n"
    body = gzip.decompress(raw) if response.getheader("Content-Encoding") == "gzip" else raw
    return response.status, dict(response.getheaders()), len(head) + len(raw), body


class Getter:
    """GET requests over one kept-alive loopback connection, opened again after a failure."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def get(self, path: str, headers: dict[str, str] | None = None) -> bool:
        """True when the page answered 200 or 304."""
        try:
            self.conn.request("GET", path, headers={"Accept-Encoding": "gzip", **(headers or {})})
            response = self.conn.getresponse()
            response.read()
            return response.status in (200, 304)
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return False


def summary(latencies: list[float], errors: int, wall: float) -> str:
    """Requests, requests per second, median, 95th percentile and worst latency, errors."""
    if not latencies:
        return "no requests"
    latencies = sorted(latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    return (
        f"{len(latencies)} requests, {len(latencies) / wall:.0f} req/s, "
        f"median {1000 * statistics.median(latencies):.0f} ms, p95 {1000 * p95:.0f} ms, "
        f"worst {1000 * latencies[-1]:.0f} ms, {errors} errors"
    )


def wrk(port: int, path: str, headers: dict[str, str], seconds: int, connections: int) -> float:
    """Requests per second wrk reaches on the path (non-2xx/3xx answers count as failures)."""
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-H", "Accept-Encoding: gzip"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(
        [*command, f"http://127.0.0.1:{port}{path}"], capture_output=True, text=True, check=True
    ).stdout
    if "Non-2xx or 3xx responses" in out:
        raise RuntimeError(f"{path}: errors under load\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def main() -> None:
    from common import options

    args = options(__doc__, players=1000, rounds=3, seconds=10, connections=8)
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).")
    started = time.perf_counter()
    url, tournament, entry = setup_database(args.players, args.rounds)
    port = free_port()
    server = start_server(url, port)
    try:
        took = time.perf_counter() - started
        print(f"{args.players} players, {args.rounds} rounds played, set up in {took:.0f} s")
        pairing = f"/t/{tournament}/rounds/{args.rounds}/"
        targets = {
            "pairing page": (pairing, {}),
            "standings": (f"/t/{tournament}/standings/", {}),
            "standings PDF": (f"/t/{tournament}/export/standings.pdf", {}),
            "player card": (f"/t/{tournament}/players/{entry}/", {}),
            "304 (If-None-Match)": (pairing, {"If-None-Match": "(its ETag)"}),
            "static file": (STATIC, {}),
        }
        problems, personal = [], []
        for _ in range(2):  # each worker builds what it keeps (its own memory without Redis)
            for path, _headers in targets.values():
                fetch(port, path, {})
        etag = fetch(port, pairing, {})[1]["ETag"]
        targets["304 (If-None-Match)"] = (pairing, {"If-None-Match": etag})
        rates, sizes = {}, {}
        for name, (path, headers) in targets.items():
            status, got, sizes[name], body = fetch(port, path, headers)
            if status not in (200, 304):
                problems.append(f"{name}: HTTP {status}")
            if path != STATIC and ("Set-Cookie" in got or CSRF.search(body)):
                personal.append(f"{name}: a cookie or a CSRF token in a public response")
            rates[name] = wrk(port, path, headers, args.seconds, args.connections)
        static = rates["static file"]
        print(f"gunicorn, 2 workers; wrk, {args.connections} connections, {args.seconds} s each")
        print(f"{'target':<22}{'requests/s':>12}{'of static':>11}{'bytes on the wire':>19}")
        for name, rate in rates.items():
            print(f"{name:<22}{rate:>12.0f}{rate / static:>10.0%}{sizes[name]:>19,}")
        for name in ("pairing page", "standings", "standings PDF", "player card"):
            if rates[name] < PAGE_SHARE * static:
                problems.append(f"{name}: under {PAGE_SHARE:.0%} of the static file's rate")
        if rates["304 (If-None-Match)"] < NOT_MODIFIED_SHARE * static:
            problems.append(f"304: under {NOT_MODIFIED_SHARE:.0%} of the static file's rate")
        if sizes["pairing page"] > PAIRING_BYTES:
            problems.append(f"pairing page: over {PAIRING_BYTES // 1024} KB on the wire")
        print("\n".join(personal) or "no Set-Cookie and no CSRF token in any public response")
        print("\n".join(problems + personal) or "every target met")
    finally:
        server.terminate()
        server.wait(timeout=10)
        drop_database()


if __name__ == "__main__":
    main()
