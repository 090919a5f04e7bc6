"""How long the venue takes to collect an event's public pages and push them (docs/publishing.md).

    .venv/bin/python bench/publish.py [--players 300] [--rounds 9] [--languages en,sv,ru,fi,fr]

A throwaway database; a Swiss of N players with R rounds paired by the engine and scored at
random (fixed seed), in an event; then, timed: collecting every public page (PDFs included) in
the languages asked, the first push of all of it (offer, blobs, commit) to a public site
served in this process by the test client (the network left out: its time is bytes / bandwidth),
and after one more result the incremental collection and push (what travels again).
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
os.environ.setdefault("SECRET_KEY", "bench-only-" + "k" * 40)
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--languages", default="en,sv,ru,fi,fr")
    args = parser.parse_args()
    from common import set_up_django

    set_up_django()
    from django.conf import settings
    from django.db import connection
    from scenarios import played_swiss, throwaway_database

    settings.PUBLISH_LANGUAGES = args.languages.split(",")
    settings.PUBLISH_MAX_PAGES = 100_000
    settings.SECURE_SSL_REDIRECT = False
    with throwaway_database(test_environment=False) as name:
        print(f"database: {connection.vendor} ({name})")
        started = time.perf_counter()
        tournament, user = played_swiss(args.players, args.rounds, "Bench Open")
        print(
            f"{args.players} players, {args.rounds} rounds played in "
            f"{time.perf_counter() - started:.1f} s; languages {args.languages}"
        )
        run(tournament, user)


def run(tournament, user) -> None:
    from django.test import Client

    from arbiter.core.models import Game
    from arbiter.core.services.results import record_result
    from arbiter.events.models import Event, Section
    from arbiter.publishing import collect, push, services
    from arbiter.publishing.signing import sign, venue_key

    event = Event.objects.create(name="Bench Festival", is_published=True)
    Section.objects.create(event=event, tournament=tournament)
    key = venue_key()
    services.register_venue("bench", key.public_key)
    services._refuse_others = lambda *args: None  # one database plays venue and public site

    class InProcess(push.Target):
        def request(self, method, path, body, content_type):
            from django.conf import settings

            settings.PUBLISH_RECEIVE = True
            try:
                response = Client().post(
                    path, body, content_type=content_type, headers=sign(key, method, path, body)
                )
            finally:
                settings.PUBLISH_RECEIVE = False
            self.sent += len(body)
            return push.Answer(response.status_code, response.content)

    for seq, label in ((1, "first publication"), (2, "after one result changed")):
        started = time.perf_counter()
        collected = collect.collect(event)
        collecting = time.perf_counter() - started
        blobs = collected.blobs()
        size = sum(len(b) for b in blobs.values())
        target = InProcess("http://public.invalid", key)
        started = time.perf_counter()
        push.push(target, event.pk, 1, seq, collected.manifest(event), blobs)
        pushing = time.perf_counter() - started
        print(
            f"{label}: collected {len(collected.pages)} pages + {len(collected.live)} live"
            f" bodies, {len(blobs)} blobs, {size / 1e6:.1f} MB in {collecting:.1f} s;"
            f" pushed {target.sent / 1e6:.2f} MB in {pushing:.1f} s"
        )
        game = Game.objects.filter(round__tournament=tournament).order_by("-round__number").first()
        record_result(user, game, "1/2" if game.result != "1/2" else "1-0")


if __name__ == "__main__":
    main()
