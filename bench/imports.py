"""How long the player-list and TRF imports take, and how many queries they send.

    .venv/bin/python bench/imports.py [--players 2000] [--rounds 9]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter .venv/bin/python bench/imports.py

A throwaway test database (SQLite file by default, or DATABASE_URL's server) receives a CSV
list of ``--players`` players, pasted as the import page would get it, and a TRF of as many
players after ``--rounds`` rounds (the random history of pairing/engines/dutch/simulate.py).
For each it prints the time and the queries of checking (parse and validate) and of writing
(the service's one transaction). Figures, not a test: docs/hardening.md quotes them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)


def player_csv(players: int) -> str:
    lines = ["name,fed,rating,fide id,born,club"]
    lines += [
        f"Player {i:05d},NOR,{2700 - i % 1500},{10_000_000 + i},{1950 + i % 60},Club {i % 97}"
        for i in range(1, players + 1)
    ]
    return "\n".join(lines)


def main() -> None:
    from common import measured, options, set_up_django

    args = options(__doc__, players=2000, rounds=9)
    set_up_django()
    from django.db import connection
    from scenarios import throwaway_database

    from arbiter.core.services.entries import import_entries
    from arbiter.desk.player_lists import parse_player_list
    from pairing.engines.dutch.simulate import random_tournament
    from pairing.engines.trf import parse_trf, write_trf
    from pairing.swiss.trf.imports import import_trf
    from tests.factories import TournamentFactory, UserFactory

    with throwaway_database():
        print(f"{connection.vendor}, {args.players} players")
        user = UserFactory(username="bench")
        tournament = TournamentFactory(name="CSV import")
        text = player_csv(args.players)
        print(f"CSV list ({len(text.encode()) // 1024} KB)")
        parsed = measured("check every line", lambda: parse_player_list(text, tournament))
        assert not parsed.errors, parsed.errors[:3]
        measured("write", lambda: import_entries(user, tournament, parsed.rows))

        # the simulated history rates player i at 2800 - i: no more than 2800 players
        players = min(args.players, 2800)
        trf = write_trf(random_tournament(players, args.rounds + 2, args.rounds, seed=1))
        print(
            f"TRF of {players} players after {args.rounds} rounds ({len(trf.encode()) // 1024} KB)"
        )
        measured("read the records", lambda: parse_trf(trf))
        measured("check and write", lambda: import_trf(user, trf))


if __name__ == "__main__":
    main()
