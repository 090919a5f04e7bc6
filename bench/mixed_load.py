"""Players refreshing the public pages while arbiters enter a round's results, at once.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/mixed_load.py
        [--players 1000] [--readers 8] [--writers 2] [--seconds 120]

A throwaway test database holds a published Swiss of ``--players`` players with three rounds
played and the fourth published without results. gunicorn (two workers) serves it on a free
loopback port. ``--readers`` threads GET the round's pairings, the standings and player cards
while ``--writers`` threads, each logged in as an arbiter with its own session and CSRF token,
enter every board's result through the keyboard-entry endpoint (htmx, as the page does). It
stops when every board has its result or after ``--seconds``, prints requests per second,
median and 95th percentile latency and errors for reads and writes, and then counts the results
in the database: every result answered as saved must be there (zero lost results is the bar).
"""

from __future__ import annotations

import http.client
import os
import re
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)

from public_load import (  # noqa: E402
    Getter,
    drop_database,
    free_port,
    setup_database,
    start_server,
    summary,
)


class Session:
    """One logged-in arbiter: cookies and the CSRF token, over one keep-alive connection."""

    def __init__(self, port: int, username: str, password: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}
        page = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        form = {"username": username, "password": password, "csrfmiddlewaretoken": token}
        self.request("POST", "/accounts/login/", form)
        if "sessionid" not in self.cookies:
            raise RuntimeError("the bench arbiter could not log in")

    def request(self, method: str, path: str, form: dict | None = None, headers=None) -> str:
        headers = dict(headers or {})
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = "http://127.0.0.1/"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        self.status = response.status
        return text


def setup(players: int) -> tuple[str, int, int, str]:
    """The database with round 4 published and empty: (url, tournament, round, username)."""
    url, tournament_id, last = setup_database(players, 3)
    from arbiter.core.models import Tournament, TournamentArbiter
    from pairing.rounds import services as rounds

    tournament = Tournament.objects.get(pk=tournament_id)
    user = TournamentArbiter.objects.get(tournament=tournament).user
    rounds.publish_round(user, rounds.pair_next_round(user, tournament))
    return url, tournament_id, last + 1, user.username


def main() -> None:
    from common import options

    args = options(__doc__, players=1000, readers=8, writers=2, seconds=120.0)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).")
    url, tournament, number, username = setup(args.players)
    from arbiter.core.models import Entry, Game

    boards = list(
        Game.objects.filter(round__tournament_id=tournament, round__number=number)
        .order_by("board")
        .values_list("board", flat=True)
    )
    cards = list(Entry.objects.filter(tournament_id=tournament).values_list("pk", flat=True))
    reads = [f"/t/{tournament}/rounds/{number}/", f"/t/{tournament}/standings/"]
    reads += [f"/t/{tournament}/players/{pk}/" for pk in cards[:50]]
    port = free_port()
    server = start_server(url, port, cache=True)
    lock = threading.Lock()
    todo = iter(boards)
    saved: set[int] = set()
    latencies: dict[str, list[float]] = {"read": [], "write": []}
    errors = Counter()
    deadline = time.perf_counter() + args.seconds
    writing = threading.Event()
    writing.set()

    def record(kind: str, started: float, ok: bool) -> None:
        with lock:
            latencies[kind].append(time.perf_counter() - started)
            errors[kind] += not ok

    def writer() -> None:
        session = Session(port, username, "bench")
        token = session.cookies["csrftoken"]
        path = f"/arbiter/t/{tournament}/rounds/{number}/result/"
        while time.perf_counter() < deadline:
            with lock:
                board = next(todo, None)
            if board is None:
                return
            started = time.perf_counter()
            try:
                text = session.request(
                    "POST",
                    path,
                    {"board": board, "result": "1-0" if board % 2 else "1/2"},
                    {"HX-Request": "true", "X-CSRFToken": token},
                )
                ok = session.status == 200 and f"Board {board}" in text
            except (OSError, http.client.HTTPException):
                ok = False
            if ok:
                with lock:
                    saved.add(board)
            record("write", started, ok)

    def reader(index: int) -> None:
        getter = Getter(port)
        n = index
        while writing.is_set() and time.perf_counter() < deadline:
            started = time.perf_counter()
            record("read", started, getter.get(reads[n % len(reads)]))
            n += args.readers
        getter.conn.close()

    try:
        started = time.perf_counter()
        writers = [threading.Thread(target=writer) for _ in range(args.writers)]
        readers = [threading.Thread(target=reader, args=(i,)) for i in range(args.readers)]
        for t in writers + readers:
            t.start()
        for t in writers:
            t.join()
        writing.clear()
        for t in readers:
            t.join()
        wall = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    try:
        stored = set(
            Game.objects.filter(round__tournament_id=tournament, round__number=number)
            .exclude(result="")
            .values_list("board", flat=True)
        )
        print(f"{args.players} players, round {number}: {len(boards)} boards, {wall:.0f} s")
        print(f"public pages:  {summary(latencies['read'], errors['read'], wall)}")
        print(f"result entry:  {summary(latencies['write'], errors['write'], wall)}")
        lost = saved - stored
        print(
            f"results saved: {len(saved)} answered, {len(stored)} in the database, {len(lost)} lost"
        )
    finally:
        drop_database()


if __name__ == "__main__":
    main()
