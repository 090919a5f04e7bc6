"""A judo competition day at speed: uncached renders of its public pages, then the pages under
a table scoring every two seconds while phones poll, against gunicorn, PostgreSQL and Redis.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/judo_day.py [--competitors 300] [--mats 4] [--fought 0.3]
        [--repeat 7] [--phones 8] [--every 2] [--poll 1] [--seconds 60]

Builds a throwaway test database (dropped at the end) with a published day of ``--competitors``
competitors in the 14 IJF senior classes on ``--mats`` mats, weighed in, drawn, the ``--fought``
share of its bouts confirmed by the tables and a bout begun on every mat (bench/scenarios.py,
``judo_day``), built through the services.

1. **Uncached renders** (Django's test client in this process, every cache emptied before each
   request, as bench/render_pages.py): a mat's page, the results, the home page, a competitor's
   "when do I fight" card and a name search; per page the fastest and the median of
   ``--repeat`` requests, the fastest in CPU time, and its queries. Target: under 150 ms each.
2. **Under load**: gunicorn with two workers (DEBUG off) on a free loopback port, pages kept in
   the Redis of ``REDIS_URL`` (use a database number of the bench's own). A table
   (a logged-in arbiter, with its session and CSRF token) posts one score entry every
   ``--every`` seconds through the mat-side page, over the mats in turn, until the score decides
   the bout, then "Confirm result"; ``--phones`` phones each follow one public page (the mats,
   the home page, the results, the medal table, a card) asking every ``--poll`` seconds (the
   page itself polls every 20 s; 0: again as soon as it has its answer), gzip accepted, no ETag
   (each answer is the whole page). Prints the phones' median, 95th percentile and worst
   latency, the table's, and the CPU time gunicorn's workers spent per request (the server's
   own cost, which a machine busy with other work does not inflate). Target: p95 under 300 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
# production settings (DEBUG off) need a key of their own; a bench has no secrets to keep
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)

from mixed_load import Session  # noqa: E402
from public_load import Getter, free_port, start_server, summary  # noqa: E402
from render_pages import fetch  # noqa: E402

#: The targets: an uncached render, and the phones' 95th percentile under the table's scores.
RENDER_MS, P95_MS = 150, 300
#: The table's entries for a bout, in turn until the score decides it (two waza-ari: ippon).
BOUT = ("a:shido", "b:waza-ari", "a:waza-ari", "b:shido", "a:waza-ari")


def pages(cup, card: int) -> dict[str, str]:
    """The public pages timed uncached, by name."""
    c = f"/c/{cup.pk}"
    return {
        "mat 1": f"{c}/mats/1/",
        "results": f"{c}/results/",
        "home": f"{c}/",
        "when do I fight (card)": f"{c}/fight/{card}/",
        "when do I fight (search)": f"{c}/fight/?q=Judoka+01",
        "medal table": f"{c}/medals/",
    }


def renders(cup, card: int, repeat: int) -> list[str]:
    """Print the uncached render times; return the pages over the target."""
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    slow = []
    print(f"{'page':<26} {'best ms':>7} {'median ms':>9} {'CPU ms':>6} {'queries':>7}")
    for name, url in pages(cup, card).items():
        fetch(client, url)
        runs = [fetch(client, url) for _ in range(repeat)]
        times = [run[0] * 1000 for run in runs]
        cpu = min(run[1] for run in runs) * 1000
        print(
            f"{name:<26} {min(times):>7.0f} {statistics.median(times):>9.0f} {cpu:>6.0f}"
            f" {runs[-1][2]:>7}"
        )
        if statistics.median(times) > RENDER_MS:
            slow.append(f"{name}: median over {RENDER_MS} ms uncached")
    return slow


def table(port: int, cup, username: str, every: float, deadline: float, out: dict) -> None:
    """The mat-side table: one entry every `every` seconds over the mats in turn, through the
    pages an arbiter uses; once the score decides the bout, "Confirm result" is that entry."""
    from django.db import connection

    from judo.services import mats

    session = Session(port, username, "bench")
    token = session.cookies["csrftoken"]
    tick = 0
    try:
        while time.perf_counter() < deadline:
            mat = tick % cup.mats + 1
            tick += 1
            started = time.perf_counter()
            now, _after = mats.day(cup).now_and_next(mat)
            if now is None:
                continue
            form = {"category": now.category.pk, "match": now.match.match.id, "seen": now.version}
            if now.score.decided():
                path = f"/arbiter/c/{cup.pk}/mats/{mat}/confirm/"
            else:
                form["action"] = BOUT[now.version % len(BOUT)]
                path = f"/arbiter/c/{cup.pk}/mats/{mat}/score/"
            posted = time.perf_counter()
            headers = {"HX-Request": "true", "X-CSRFToken": token}
            section = session.request("POST", path, form, headers)
            out["latencies"].append(time.perf_counter() - posted)
            out["errors"] += session.status != 200 or 'role="alert"' in section
            time.sleep(max(0.0, every - (time.perf_counter() - started)))
    finally:
        connection.close()


def cpu_seconds(master: int) -> float:
    """CPU seconds (user and system) the gunicorn workers of `master` have used so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for task in Path(f"/proc/{master}/task").iterdir():
        for child in (task / "children").read_text().split():
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def under_load(url: str, cup, card: int, username: str, args) -> list[str]:
    """Print the phones' and the table's latency against gunicorn; return the misses."""
    port = free_port()
    server = start_server(url, port, redis=os.environ["REDIS_URL"])
    c = f"/c/{cup.pk}"
    followed = [f"{c}/mats/{m}/" for m in range(1, cup.mats + 1)]
    followed += [f"{c}/", f"{c}/results/", f"{c}/medals/", f"{c}/fight/{card}/"]
    latencies: dict[str, list[float]] = {path: [] for path in followed}
    errors = Counter()
    lock = threading.Lock()
    writes = {"latencies": [], "errors": 0}
    try:
        for path in followed:  # the first rendering of each page is phase 1's business
            Getter(port).get(path)
        deadline = time.perf_counter() + args.seconds

        def phone(index: int) -> None:
            getter, path = Getter(port), followed[index % len(followed)]
            time.sleep(args.poll * index / args.phones)  # the phones do not ask in step
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                ok = getter.get(path)
                took = time.perf_counter() - started
                with lock:
                    latencies[path].append(took)
                    errors[path] += not ok
                time.sleep(max(0.0, args.poll - took))

        threads = [threading.Thread(target=phone, args=(i,)) for i in range(args.phones)]
        threads.append(
            threading.Thread(target=table, args=(port, cup, username, args.every, deadline, writes))
        )
        started, cpu = time.perf_counter(), cpu_seconds(server.pid)
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall, cpu = time.perf_counter() - started, cpu_seconds(server.pid) - cpu
    finally:
        server.terminate()
        server.wait(timeout=10)
    every = [x for values in latencies.values() for x in values]
    asking = f"every {args.poll:g} s" if args.poll else "back to back"
    print(
        f"gunicorn, 2 workers, Redis; {args.phones} phones asking {asking}, "
        f"a score every {args.every:g} s"
    )
    print(f"phones, all pages: {summary(every, sum(errors.values()), wall)}")
    for path, values in latencies.items():
        if values:
            print(f"  {path:<24} {summary(values, errors[path], wall)}")
    print(f"table (score and confirm): {summary(writes['latencies'], writes['errors'], wall)}")
    served = len(every) + len(writes["latencies"])
    print(f"gunicorn's CPU per request (the server's own cost): {1000 * cpu / served:.1f} ms")
    ordered = sorted(every)
    p95 = ordered[int(0.95 * (len(ordered) - 1))] * 1000 if ordered else 0
    misses = [f"phones: p95 {p95:.0f} ms, over {P95_MS} ms"] if p95 > P95_MS else []
    if sum(errors.values()) or writes["errors"]:
        misses.append("errors under load")
    return misses


def main() -> None:
    from common import options, set_up_django

    args = options(
        __doc__,
        competitors=300,
        mats=4,
        fought=0.3,
        repeat=7,
        phones=8,
        every=2.0,
        seconds=60.0,
        poll=1.0,  # seconds between a phone's asks
    )
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).")
    if not os.environ.get("REDIS_URL", "").startswith("redis"):
        sys.exit("Set REDIS_URL to a Redis database of the bench's own (redis://host:6379/7).")
    set_up_django()
    from urllib.parse import urlsplit, urlunsplit

    from django.db import connection
    from scenarios import judo_day, throwaway_database

    from judo.services import mats

    started = time.perf_counter()
    with throwaway_database(test_environment=False) as name:
        cup, user = judo_day(args.competitors, args.mats, "Judo at speed", args.fought)
        took = time.perf_counter() - started
        plan = mats.day(cup).plan
        # a competitor still to fight on mat 1, a few bouts down its order
        third = mats.day(cup).order(1)[2]
        card = (third.white or third.blue).pk
        print(
            f"{args.competitors} competitors, {cup.categories.count()} categories, "
            f"{args.mats} mats, {len(plan.bouts)} bouts to fight; set up in {took:.0f} s"
        )
        print(f"database: {connection.vendor}; uncached renders (every cache emptied):")
        misses = renders(cup, card, args.repeat)
        base = urlsplit(os.environ["DATABASE_URL"])
        url = urlunsplit(base._replace(path=f"/{name}"))
        misses += under_load(url, cup, card, user.username, args)
    print("\n".join(misses) or "every target met")


if __name__ == "__main__":
    main()
