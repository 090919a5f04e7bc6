"""A full-size FIDE rating list: how long its import takes, how much memory, how fast lookups are.

    .venv/bin/python bench/rating_list.py [--players 1500000] [--file /tmp/fide-1500000.txt]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/rating_list.py
    .venv/bin/python bench/rating_list.py --database both

The list is written once (then kept at ``--file``) in FIDE's combined TXT format
(``players_list_foa.txt``: latin-1, the header and fixed columns of FIDE's file, sorted by name
as FIDE sorts it), deterministic from ``--seed``: names with accents (latin-1's), 190-odd
federations, titles, about a third of the players unrated in some rating, some without a birth
year, inactive flags. The file is written by a child process, so that this process's peak memory
is the import's alone.

Each database (``--database``: ``default`` is DATABASE_URL's or the SQLite file, ``sqlite``,
``postgres`` or ``both``) gets a throwaway test database (PostgreSQL: at ``--postgres``); the
list is imported by the service the page and the command use (arbiter/ratings/importing.py),
then ``--lookups`` lookups by FIDE id and as many by a name prefix of 2 to 5 letters go through
``lookup.find``. Printed: the import's seconds, the peak memory of the process (RSS high-water,
``getrusage``), the lookups' median and 95th percentile. Required (issue 29): import under 60 s
on PostgreSQL and 120 s on SQLite, memory under 500 MB, lookups under 20 ms at the 95th
percentile. docs/ratings.md quotes the figures.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def words(text: str) -> list[str]:
    return text.split()


FEDERATIONS = words(
    "AFG ALB ALG AND ANG ANT ARG ARM ARU AUS AUT AZE BAH BAN BAR BDI BEL BER BHU BIH BOL BOT "
    "BRA BRN BRU BUL BUR CAF CAM CAN CAY CHA CHI CHN CIV CMR COD COL COM CPV CRC CRO CUB CYP "
    "CZE DEN DJI DMA DOM ECU EGY ENG ERI ESA ESP EST ETH FAI FID FIJ FIN FRA GAB GAM GCI GEO "
    "GEQ GER GHA GRE GRN GUA GUM GUY HAI HKG HON HUN INA IND IOM IRI IRL IRQ ISL ISR ISV ITA "
    "JAM JCI JOR JPN KAZ KEN KGZ KOR KOS KSA KUW LAO LAT LBA LBN LBR LCA LES LIE LTU LUX MAC "
    "MAD MAR MAS MAW MDA MDV MEX MGL MKD MLI MLT MNC MNE MOZ MRI MTN MYA NAM NCA NED NEP NGR "
    "NOR NRU NZL OMA PAK PAN PAR PER PHI PLE PLW PNG POL POR PUR QAT ROU RSA RUS RWA SCO SEN "
    "SEY SGP SKN SLE SLO SMR SOL SOM SRB SRI SSD STP SUD SUI SUR SVK SWE SWZ SYR TAN THA TJK "
    "TKM TLS TOG TPE TTO TUN TUR UAE UGA UKR URU USA UZB VAN VEN VIE VIN WLS YEM ZAM ZIM"
)
# weights: the large federations of FIDE's list (India, Russia, Germany, Spain, France...)
BIG = {"IND": 40, "RUS": 25, "GER": 22, "ESP": 18, "FRA": 16, "ITA": 10, "POL": 10, "TUR": 14,
       "USA": 10, "IRI": 8, "BRA": 6, "ARG": 6, "UKR": 6, "CZE": 6, "HUN": 5, "NED": 4}  # fmt: skip
ONSETS = ["", *words("b c d f g h j k l m n p r s t v w z ch sch st kr br gr tr sh zh bj gw ñ")]
VOWELS = words("a e i o u y á é í ó ú ä ö ü ø å ã ê ë ï ô ñ ç ý")
CODAS = ["", "", *words("n r s k v ch nd rt ll sz ski son sen ov ova ic ez es ian yan ini ez er")]
CODAS += words("man berg")
GIVEN = words(
    """Aadya Aarav Abdul Adam Adrián Agnieszka Ahmed Aleksandr Alexandra Alice Ali Álvaro Amir
    Ana Anders Andrea András Anna Antoine Antonio Arjun Arnav Aryan Aylin Bao Beatriz Björn Bogdan
    Camille Carlos Chen Chloé Cristina Dániel Daniel David Diego Dmitry Elena Elif Emil Emma Erik
    Esther Fatima Felix Fernando Florian François Gábor Giorgi Giulia Gunnar Hana Hannah Hiroshi
    Hugo Ilya Irina Isabel Ivan Jakub Jan Javier Jérôme João Jonas Jorge José Juan Julia Jürgen
    Kamila Karthik Katarzyna Kevin Krishna Lars László Laura Lea Leon Liam Lucía Luis Magnus Maja
    Marco María Marie Mario Markéta Martin Mateo Matías Max Mehmet Mikhail Mohammed Nadia Natalia
    Nikola Nils Noah Olga Omar Oscar Paolo Pavel Pedro Péter Petra Pierre Piotr Priya Rahul Raúl
    Ricardo Roberto Rohan Rosa Sara Sebastián Sergei Shreya Sofía Søren Stefan Sven Tamar Tomás
    Ümit Vera Viktor Vladimir Wei Xavier Yerlan Yusuf Zoé Zsófia Zuzana"""
)
TITLES = [("GM", 2), ("IM", 5), ("FM", 10), ("CM", 6), ("", 2000)]
WOMEN_TITLES = [("WGM", 1), ("WIM", 3), ("WFM", 8), ("WCM", 6), ("", 800)]


def surname(rng: random.Random) -> str:
    parts = [rng.choice(ONSETS) + rng.choice(VOWELS) for _ in range(rng.choice((1, 2, 2, 3)))]
    word = "".join(parts) + rng.choice(CODAS)
    return word[:1].upper() + word[1:]


def players(count: int, seed: int):
    """``count`` players as the reader's records, sorted by name as FIDE's list is."""
    from pairing.engines.rating_lists import ListedRecord

    rng = random.Random(seed)
    weights = [BIG.get(fed, 1) for fed in FEDERATIONS]
    given = sorted(GIVEN)
    # enough surnames that each has about `count / len(surnames)` players
    names: set[str] = set()
    while len(names) < max(1, count // 40):
        names.add(surname(rng))
    surnames = sorted(names)
    made = 0
    prime, step = 1_000_000_007, 48_271  # id = 100000 + (n * step mod prime): unique, scattered
    for index, family in enumerate(surnames):
        left = count - made
        share = left if index == len(surnames) - 1 else min(left, rng.randint(10, 70))
        chosen = sorted(rng.choices(given, k=share))
        fed = rng.choices(FEDERATIONS, weights)[0]
        for first in chosen:
            if rng.random() < 0.15:
                first = f"{first} {rng.choice('ABCDEFGHJKLMNPRST')}."
            woman = rng.random() < 0.12
            title = rng.choices([t for t, _ in TITLES], [w for _, w in TITLES])[0]
            women_title = ""
            if woman:
                women_title = rng.choices(
                    [t for t, _ in WOMEN_TITLES], [w for _, w in WOMEN_TITLES]
                )[0]
            born = rng.randint(1935, 2019) if rng.random() < 0.93 else None
            inactive = rng.random() < 0.35
            ratings = []
            for chance in (0.6, 0.45, 0.4):  # standard, rapid, blitz rated
                if rng.random() < chance:
                    rating = max(1400, min(2850, int(rng.gauss(1650, 230))))
                    k = 40 if born and born > 2007 else (10 if rating >= 2400 else 20)
                    ratings += [rating, rng.choice((0, 0, 0, 4, 9)), k]
                else:
                    ratings += [None, None, None]
            flag = ("w" if woman else "") + ("i" if inactive else "")
            yield ListedRecord(
                100_000 + (made * step) % prime,
                f"{family}, {first}",
                rng.choice((fed, fed, fed, rng.choices(FEDERATIONS, weights)[0])),
                "F" if woman else "M",
                title,
                women_title,
                "IA,FA" if rng.random() < 0.002 else ("FT" if rng.random() < 0.003 else ""),
                "AIM" if rng.random() < 0.001 else "",
                *ratings,
                born,
                flag,
            )
            made += 1


def write_list(path: Path, count: int, seed: int) -> None:
    """The list as FIDE writes it: latin-1, the header, a line per player, each padded."""
    from pairing.engines.rating_lists import FIDE_TXT_HEADER, txt_line

    partial = path.with_suffix(".partial")
    with partial.open("w", encoding="latin-1", newline="\n") as out:
        out.write(FIDE_TXT_HEADER + "\n")
        for record in players(count, seed):
            out.write(txt_line(record) + "\n")
    partial.replace(path)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--file", type=Path, default=None)
    parser.add_argument("--lookups", type=int, default=1000)
    parser.add_argument(
        "--database", choices=("default", "sqlite", "postgres", "both"), default="default"
    )
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/arbiter_bench")
    parser.add_argument("--write-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    path = args.file or Path(f"/tmp/fide-list-{args.players}-{args.seed}.txt")
    if args.write_only:
        write_list(path, args.players, args.seed)
        return
    if not path.exists():
        print(f"writing {args.players} players to {path} ...", flush=True)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, __file__, "--write-only", "--file", str(path),
             "--players", str(args.players), "--seed", str(args.seed)],
            check=True,
        )  # fmt: skip
        print(f"  written in {time.perf_counter() - started:.0f} s", flush=True)
    if args.database in ("both", "sqlite", "postgres"):
        print(f"{path}: {path.stat().st_size / 1e6:.0f} MB", flush=True)
        databases = ["sqlite", "postgres"] if args.database == "both" else [args.database]
        for database in databases:
            env = dict(os.environ)
            env.pop("DATABASE_URL", None)
            if database == "postgres":
                env["DATABASE_URL"] = args.postgres
            # one process each: each peak memory is its own import's
            subprocess.run(
                [sys.executable, __file__, "--database", "default", "--file", str(path),
                 "--players", str(args.players), "--lookups", str(args.lookups)],
                check=True, env=env,
            )  # fmt: skip
        return
    measure(path, args.players, args.lookups, args.seed)


def measure(path: Path, count: int, lookups: int, seed: int) -> None:
    from common import set_up_django

    set_up_django()
    from django.db import connection
    from scenarios import throwaway_database

    from arbiter.ratings import lookup

    if connection.vendor == "sqlite":
        # a file, as on a venue's laptop (Django's test database would be in memory)
        connection.settings_dict["TEST"]["NAME"] = "/tmp/arbiter-bench-rating-list.sqlite3"
    with throwaway_database(test_environment=False):
        print(f"{connection.vendor}: importing ({peak_mb():.0f} MB before)", flush=True)
        rating_list = timed_import(path, count, "import")
        print(f"  peak memory {peak_mb():.0f} MB (RSS high-water mark of this process)")
        for what, queries in lookup_queries(rating_list, lookups, seed):
            times, found = [], 0
            for query in queries:
                start = time.perf_counter()
                found += bool(lookup.find(rating_list, query))
                times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p95 = times[int(len(times) * 0.95) - 1]
            print(
                f"  lookup {what:<15} median {statistics.median(times):5.2f} ms, "
                f"p95 {p95:5.2f} ms, max {times[-1]:6.2f} ms ({found}/{len(queries)} found)"
            )
        timed_import(path, count, "the same month again (replaces the first)")


def timed_import(path: Path, count: int, what: str):
    """The list imported (month 2026-10), with the time it took and the longest another
    process's write waited meanwhile (a short write transaction every 50 ms, as an arbiter
    entering results makes: on SQLite, how long the file was locked at a stretch)."""
    from django.db import connection

    from arbiter.ratings import importing

    context = multiprocessing.get_context("spawn")
    stop, results = context.Event(), context.Queue()
    writer = context.Process(
        target=keep_writing, args=(connection.vendor, writer_params(), stop, results)
    )
    writer.start()
    started = time.perf_counter()
    shown = [started]

    def progress(rating_list) -> None:
        now = time.perf_counter()
        if now - shown[0] >= 10:
            shown[0] = now
            share = rating_list.bytes_read / rating_list.size
            print(f"    {rating_list.players:>9} players, {now - started:3.0f} s, {share:4.0%}")

    try:
        rating_list = importing.import_rating_list(
            path, month="2026-10", source="fide", progress=progress
        )
    finally:
        seconds = time.perf_counter() - started
        stop.set()
        longest, writes = results.get(timeout=60)
        writer.join()
    assert rating_list.players == count, rating_list.players
    print(
        f"  {what}: {seconds:.1f} s for {count} players; another process's writes waited at "
        f"most {longest * 1000:.0f} ms ({writes} of them)",
        flush=True,
    )
    return rating_list


def writer_params() -> dict:
    from django.db import connection

    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return {"database": str(settings["NAME"])}
    return {
        "dbname": settings["NAME"],
        "user": settings["USER"],
        "password": settings["PASSWORD"],
        "host": settings["HOST"],
        "port": settings["PORT"] or 5432,
    }


def keep_writing(vendor: str, params: dict, stop, results) -> None:
    """In a process of its own (no Django, no shared interpreter lock): a write transaction
    every 50 ms on the lists' table until ``stop``; puts the longest wait and the count."""
    if vendor == "sqlite":
        import sqlite3

        db = sqlite3.connect(params["database"], timeout=60, isolation_level=None)
        begin = "BEGIN IMMEDIATE"
    else:
        import psycopg

        db = psycopg.connect(**params, autocommit=True)
        begin = "BEGIN"
    longest, writes = 0.0, 0
    while not stop.wait(0.05):
        start = time.perf_counter()
        db.execute(begin)
        db.execute("UPDATE ratings_ratinglist SET players = 0 WHERE id = -1")
        db.execute("COMMIT")
        longest = max(longest, time.perf_counter() - start)
        writes += 1
    db.close()
    results.put((longest, writes))


def lookup_queries(rating_list, lookups: int, seed: int):
    """``lookups`` FIDE ids and as many name prefixes of 2 to 5 letters, of players drawn at
    random from the list."""
    from arbiter.ratings.models import ListedPlayer

    rng = random.Random(seed)
    rows = ListedPlayer.objects.filter(rating_list=rating_list)
    first = rows.order_by("pk").values_list("pk", flat=True).first()
    last = rows.order_by("-pk").values_list("pk", flat=True).first()
    picked = list(
        rows.filter(pk__in=rng.sample(range(first, last + 1), lookups)).values_list(
            "fide_id", "name_key"
        )
    )
    rng.shuffle(picked)
    yield "by id", [str(fide_id) for fide_id, _ in picked]
    yield "by name prefix", [key[: rng.randint(2, 5)] for _, key in picked]


def peak_mb() -> float:
    """The process's resident memory high-water mark (Linux gives it in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
