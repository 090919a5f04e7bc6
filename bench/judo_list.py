"""How long a judo day's entry list takes to read, check and import, and its queries.

    .venv/bin/python bench/judo_list.py [--competitors 400 5000]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/judo_list.py

A throwaway test database (SQLite file by default, or DATABASE_URL's server) holds a competition
with the IJF senior classes of both sexes. For each size, an XLSX registration export is written
with openpyxl and then read (arbiter/platform/spreadsheets.py: the upload request), checked line by
line (judo/competitor_lists.py: each preview request) and imported (the background job's one
transaction). Figures, not a test: docs/competition.md quotes them.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def registration_export(competitors: int, rng: random.Random) -> bytes:
    import openpyxl

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Last name", "First name", "Club", "Country", "Sex", "Date of birth", "Weight"])
    for i in range(competitors):
        sex = rng.choice("MF")
        weight = round(rng.uniform(46, 110) if sex == "M" else rng.uniform(44, 90), 1)
        born = f"{rng.randrange(1985, 2008)}-0{rng.randrange(1, 10)}-1{rng.randrange(10)}"
        sheet.append([f"Last{i:05d}", f"First{i}", f"Club {i % 40}", "NOR", sex, born, weight])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--competitors", type=int, nargs="*", default=[400, 5000])
    args = parser.parse_args()
    from common import measured, set_up_django

    set_up_django()
    from django.db import connection
    from scenarios import throwaway_database

    from arbiter.platform.spreadsheets import read_table
    from judo.competitor_lists import check, guess_mapping
    from judo.services import competition as service
    from judo.services import competition_lists
    from tests.factories import UserFactory

    rng = random.Random(2026)
    with throwaway_database():
        user = UserFactory(username="bench")
        for size in args.competitors:
            cup = service.create_competition(user, {"name": f"Bench {size}", "mats": 4})
            for sex in ("M", "F"):
                service.add_weight_classes(user, cup, sex, "Seniors")
            raw = registration_export(size, rng)
            print(f"{connection.vendor}, {size} competitors (XLSX of {len(raw) // 1024} KB)")
            table = measured("read the XLSX", partial(read_table, raw, "x", max_rows=size), 30)
            mapping = guess_mapping(table.rows[0][1])
            kept = competition_lists.keep_list(user, cup, "x.xlsx", table)
            checked = measured("check every line", partial(check, kept.rows, mapping, cup), 30)
            assert checked.ok, [line.errors for line in checked.errors[:3]]
            seen = checked.digest()
            importing = partial(competition_lists.import_list, user, kept.pk, mapping, seen=seen)
            measured("import (the job's transaction)", importing, 30)


if __name__ == "__main__":
    main()
