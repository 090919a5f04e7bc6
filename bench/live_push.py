"""Pushed updates at the scale of a venue (docs/live.md): 2000 open live streams following a judo
day while the table scores; the time from the score to the last screen, the push service's
memory, and the other pages meanwhile.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/live_push.py [--connections 2000] [--scores 40] [--every 0.5]
        [--competitors 300] [--mats 4] [--readers 2] [--pause 0.05]

1. A throwaway database with a published day of ``--competitors`` competitors on ``--mats``
   mats (bench/scenarios.py ``judo_day``); gunicorn (two workers, DEBUG off) on a free
   loopback port publishing each committed change to the Redis of ``REDIS_URL`` (use a
   database number of the bench's own), and the push service (uvicorn, one process, uvloop and
   httptools) on another.
2. ``--connections`` live streams opened from this process (asyncio, raw sockets), spread over
   the source addresses 127.0.0.2 to 127.0.0.201 so that each stays under the service's
   per-address cap (``LIVE_MAX_PER_ADDRESS``, 32 by default: about 10 each here): nine in ten
   follow a mat (its public page or its screen, in English or one in five in Swedish, spread
   over the mats), one in ten the competition (its home page and cards: a ``changed`` nudge
   when a result is confirmed; a score entry moves no version and nudges nobody).
3. The table (a logged-in arbiter, over HTTP) enters ``--scores`` entries through the mat-side
   page, over the mats in turn ("Confirm result" once a bout is decided), one every ``--every``
   seconds at most; for each, the time from sending its POST to the **last** stream that should
   get it (the mat's page and screen in both languages; for a result, the competition's too)
   having received it.
   Target: p95 under 1 s.
4. Meanwhile ``--readers`` visitors fetch the other public pages one after the other,
   ``--pause`` seconds apart (the results, the medal table, the home page, a card, a mat's
   page: whole pages, gzip, no ETag; two visitors keep gunicorn's two workers busy), first
   for a few seconds before any stream is open (the baseline), then while the table scores.
   Target: p95 under 100 ms.

Prints the push service's resident memory idle and with every stream open (from /proc), and
what it says of itself (``GET /live/``: open, dropped as too slow).
"""

from __future__ import annotations

import asyncio
import http.client
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)

from mixed_load import Session  # noqa: E402
from public_load import Getter, free_port, start_server  # noqa: E402

#: The targets: score to last screen, and the other pages meanwhile.
PUSH_P95_MS, PAGES_P95_MS = 1000, 100
#: The table's entries for a bout, in turn until the score decides it (two waza-ari: ippon).
BOUT = ("a:shido", "b:waza-ari", "a:waza-ari", "b:shido", "a:waza-ari")
#: How many source addresses the streams come from (127.0.0.2 and on).
ADDRESSES = 200
#: The streams' futures.
KEPT: list = []


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_push_service(port: int, redis_url: str) -> subprocess.Popen:
    uvicorn = str(Path(sys.executable).parent / "uvicorn")
    command = [uvicorn, "arbiter.live.service:app", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--loop", "uvloop", "--http", "httptools", "--no-access-log"]
    command += ["--log-level", "warning", "--backlog", "4096", "--timeout-graceful-shutdown", "1"]
    env = dict(os.environ, LIVE_REDIS_URL=redis_url)
    service = subprocess.Popen(command, cwd=ROOT, env=env)
    for _ in range(100):
        try:
            if status(port).startswith("live:"):
                return service
        except OSError:
            time.sleep(0.1)
    service.terminate()
    raise RuntimeError("the push service did not start")


def status(port: int) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/live/")
        return connection.getresponse().read().decode().strip()
    finally:
        connection.close()


class Stream:
    """One open live stream: the times its events arrived."""

    __slots__ = ("arrivals", "topic")

    def __init__(self, topic: str) -> None:
        self.topic = topic
        self.arrivals: list[float] = []


async def follow(port: int, stream: Stream, path: str, source: str, opened: list) -> None:
    try:
        await _follow(port, stream, path, source, opened)
    except Exception as error:  # said; the bench stops for want of it
        print(f"a stream failed: {error!r}", file=sys.stderr)


async def _follow(port: int, stream: Stream, path: str, source: str, opened: list) -> None:
    for attempt in range(3):
        try:
            reader, writer = await asyncio.wait_for(_open(port, path, source), 10)
            break
        except TimeoutError:
            print(
                f"{path} from {source}: no answer in 10 s (attempt {attempt + 1})", file=sys.stderr
            )
    else:
        raise RuntimeError(f"{path} from {source}: never opened")
    opened.append(stream)
    tail = b""
    try:
        while data := await reader.read(65536):
            now = time.perf_counter()
            seen = tail + data
            stream.arrivals.extend([now] * seen.count(b"event: "))
            tail = seen[-6:]  # shorter than "event: ": never counted twice
    finally:
        writer.close()


async def _open(port: int, path: str, source: str):
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"{path} from {source}: {head.splitlines()[0].decode()}")
    return reader, writer


def open_streams(port: int, cup, count: int, loop: asyncio.AbstractEventLoop) -> list[Stream]:
    """`count` streams, opened in batches; returns them once all are open."""
    streams, opened = [], []
    for index in range(count):
        mat = index % cup.mats + 1
        if index % 10 == 9:
            topic = f"c{cup.pk}"
        else:
            screen = (index // cup.mats) % 2
            topic = f"c{cup.pk}-mat{mat}" + ("-screen" if screen else "")
        language = "sv" if index % 5 == 0 else "en"
        stream = Stream(topic)
        streams.append(stream)
        source = f"127.0.0.{2 + index % ADDRESSES}"
        path = f"/live/{topic}?lang={language}"
        # kept: the loop holds its tasks weakly, and a task nobody holds is collected
        KEPT.append(
            asyncio.run_coroutine_threadsafe(follow(port, stream, path, source, opened), loop)
        )
    deadline = time.perf_counter() + 60
    while len(opened) < count and time.perf_counter() < deadline:
        time.sleep(0.05)
    if len(opened) < count:
        raise RuntimeError(f"only {len(opened)} of {count} streams opened")
    return streams


def table(port: int, cup, username: str, streams: list[Stream], args) -> tuple[list, list, int]:
    """Enter the scores; for each, seconds from its POST to the last stream that should get
    it, and to its answer; and how many never arrived (within 5 s)."""
    from judo.services import mats

    session = Session(port, username, "bench")
    token = session.cookies["csrftoken"]
    latencies, answers, missing = [], [], 0
    for tick in range(args.scores):
        mat = tick % cup.mats + 1
        now, _after = mats.day(cup).now_and_next(mat)
        if now is None:
            continue
        form = {"category": now.category.pk, "match": now.match.match.id, "seen": now.version}
        if now.score.decided():
            path = f"/arbiter/c/{cup.pk}/mats/{mat}/confirm/"
        else:
            form["action"] = BOUT[now.version % len(BOUT)]
            path = f"/arbiter/c/{cup.pk}/mats/{mat}/score/"
        mine = [f"c{cup.pk}-mat{mat}", f"c{cup.pk}-mat{mat}-screen"]
        if "confirm" in path:  # a result moves the category's version: the competition's too
            mine.append(f"c{cup.pk}")
        expecting = [(s, len(s.arrivals)) for s in streams if s.topic in mine]
        headers = {"HX-Request": "true", "X-CSRFToken": token}
        posted = time.perf_counter()
        section = session.request("POST", path, form, headers)
        answers.append(time.perf_counter() - posted)
        if session.status != 200 or 'role="alert"' in section:
            raise RuntimeError(f"the table's entry was refused: {section[:300]}")
        deadline = posted + 5
        while time.perf_counter() < deadline:
            if all(len(s.arrivals) > before for s, before in expecting):
                break
            time.sleep(0.002)
        arrived = [s.arrivals[before] for s, before in expecting if len(s.arrivals) > before]
        missing += len(expecting) - len(arrived)
        if not arrived:
            total = sum(len(s.arrivals) for s in streams)
            print(
                f"entry {tick} on mat {mat}: none of {len(expecting)} streams got it in 5 s"
                f" ({total} events arrived in all)"
            )
            continue
        latencies.append(max(arrived) - posted)
        time.sleep(max(0.0, args.every - (time.perf_counter() - posted)))
    return latencies, answers, missing


def readers(
    port: int, paths: list[str], count: int, pause: float, stop: threading.Event
) -> list[float]:
    """`count` visitors fetching `paths` one after the other, `pause` seconds apart, until
    `stop`; their latencies."""
    latencies: list[float] = []

    def visit(index: int) -> None:
        getter = Getter(port)
        n = index
        while not stop.is_set():
            started = time.perf_counter()
            getter.get(paths[n % len(paths)])
            latencies.append(time.perf_counter() - started)
            n += 1
            stop.wait(pause)

    threads = [threading.Thread(target=visit, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join()
    return latencies


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"n={len(values)} p50 {statistics.median(ordered) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"
    )


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] * 1000


def run(url: str, cup, username: str, card: int, args) -> list[str]:
    redis_url = os.environ["REDIS_URL"]
    app_port, live_port = free_port(), free_port()
    os.environ["LIVE_URL"] = f"http://127.0.0.1:{live_port}/live/"
    os.environ["LIVE_REDIS_URL"] = redis_url
    service = start_push_service(live_port, redis_url)
    server = start_server(url, app_port, redis=redis_url)
    loop = asyncio.new_event_loop()
    pump = threading.Thread(target=loop.run_forever, daemon=True)
    pump.start()
    c = f"/c/{cup.pk}"
    others = [f"{c}/results/", f"{c}/medals/", f"{c}/", f"{c}/fight/{card}/", f"{c}/mats/1/"]
    misses = []
    try:
        for path in others:  # rendered once before anything is timed
            Getter(app_port).get(path)
        idle = rss_kb(service.pid)
        stop = threading.Event()
        threading.Timer(args.baseline, stop.set).start()
        baseline = readers(app_port, others, args.readers, args.pause, stop)
        started = time.perf_counter()
        streams = open_streams(live_port, cup, args.connections, loop)
        took = time.perf_counter() - started
        full = rss_kb(service.pid)
        print(
            f"push service: {args.connections} streams open in {took:.1f} s; resident memory "
            f"{idle / 1024:.1f} MB idle, {full / 1024:.1f} MB with every stream open "
            f"({(full - idle) / args.connections:.1f} KB a stream)"
        )
        stop = threading.Event()
        result: dict = {}
        background = threading.Thread(
            target=lambda: result.update(
                pages=readers(app_port, others, args.readers, args.pause, stop)
            )
        )
        background.start()
        try:
            latencies, answers, missing = table(app_port, cup, username, streams, args)
        finally:
            stop.set()
            background.join()
        peak = rss_kb(service.pid)
        print(f"push service after the scores: {peak / 1024:.1f} MB; says: {status(live_port)}")
        print(f"score to the last stream ({len(latencies)} entries): {percentiles(latencies)}")
        print(f"  the table's answer (publishing included): {percentiles(answers)}")
        if missing:
            print(f"  {missing} events never arrived within 5 s")
            misses.append(f"{missing} events lost")
        visitors = f"{args.readers} visitors, {args.pause * 1000:.0f} ms between requests"
        print(f"other pages ({visitors}), before the streams: {percentiles(baseline)}")
        print(f"other pages ({visitors}), while the table scores: {percentiles(result['pages'])}")
        if p95(latencies) > PUSH_P95_MS:
            misses.append(f"push: p95 {p95(latencies):.0f} ms, over {PUSH_P95_MS} ms")
        if p95(result["pages"]) > PAGES_P95_MS:
            misses.append(f"pages: p95 {p95(result['pages']):.0f} ms, over {PAGES_P95_MS} ms")
    finally:
        import logging

        logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # the streams cut at the end
        loop.call_soon_threadsafe(loop.stop)
        service.kill()  # it would wait for the streams to end
        server.terminate()
        for process in (server, service):
            process.wait(timeout=10)
    return misses


def main() -> None:
    from common import options, set_up_django

    args = options(
        __doc__,
        connections=2000,
        scores=40,
        every=0.5,
        competitors=300,
        mats=4,
        readers=2,
        pause=0.05,
        baseline=5.0,
        fought=0.3,
    )
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).")
    if not os.environ.get("REDIS_URL", "").startswith("redis"):
        sys.exit("Set REDIS_URL to a Redis database of the bench's own (redis://host:6379/7).")
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.connections + 200:
        sys.exit(f"ulimit -n is {soft}: raise it above {args.connections + 200}")
    set_up_django()
    from urllib.parse import urlsplit, urlunsplit

    from scenarios import judo_day, throwaway_database

    from judo.services import mats

    started = time.perf_counter()
    with throwaway_database(test_environment=False) as name:
        cup, user = judo_day(args.competitors, args.mats, "Judo live", args.fought)
        third = mats.day(cup).order(1)[2]
        card = (third.white or third.blue).pk
        print(
            f"{args.competitors} competitors, {cup.categories.count()} categories, "
            f"{args.mats} mats; set up in {time.perf_counter() - started:.0f} s; "
            f"{os.cpu_count()} CPUs"
        )
        base = urlsplit(os.environ["DATABASE_URL"])
        url = urlunsplit(base._replace(path=f"/{name}"))
        misses = run(url, cup, user.username, card, args)
    print("\n".join(misses) or "every target met")


if __name__ == "__main__":
    main()
