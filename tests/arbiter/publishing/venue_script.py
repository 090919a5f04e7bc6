"""The venue's arbiter at work, through the real services, for the two-instance test: run with
the venue's DATABASE_URL.

    python -m tests.arbiter.publishing.venue_script setup     # prints event, tournament ids
    python -m tests.arbiter.publishing.venue_script round N   # pair, publish and play round N
"""

import json
import os
import random
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from arbiter.core.models import Game, Tournament  # noqa: E402
from arbiter.core.services.entries import import_entries  # noqa: E402
from arbiter.core.services.results import record_result  # noqa: E402
from arbiter.core.services.tournaments import create_tournament  # noqa: E402
from arbiter.core.systems import System  # noqa: E402
from arbiter.events.models import Event, EventStaff, Section  # noqa: E402
from arbiter.publishing.signing import venue_key  # noqa: E402
from pairing.rounds import services as rounds  # noqa: E402

PASSWORD = "venue-arbiter-1"


def setup() -> dict:
    user = get_user_model().objects.create_user("venue", password=PASSWORD)
    tournament = create_tournament(
        user,
        {
            "name": "Venue Open",
            "system": System.SWISS_DUTCH,
            "planned_rounds": 5,
            "is_published": True,
        },
    )
    names = [f"Player {n:02d}, Venue" for n in range(1, 13)]
    import_entries(
        user, tournament, [{"name": name, "rating": 2400 - 10 * n} for n, name in enumerate(names)]
    )
    tournament.refresh_from_db()
    tournament.initial_colour = "w"
    tournament.save(update_fields=["initial_colour"])
    event = Event.objects.create(name="Venue Festival", city="Bergen", is_published=True)
    EventStaff.objects.create(event=event, user=user, role=EventStaff.Role.ORGANISER)
    Section.objects.create(event=event, tournament=tournament)
    return {"event": event.pk, "tournament": tournament.pk, "key": venue_key().public_key}


def play_round(number: int) -> dict:
    user = get_user_model().objects.get(username="venue")
    tournament = Tournament.objects.get(name="Venue Open")
    round_ = rounds.publish_round(user, rounds.pair_next_round(user, tournament))
    rng = random.Random(number)
    for game in Game.objects.filter(round=round_, result="").order_by("board"):
        record_result(user, game, rng.choice(["1-0", "1/2", "0-1"]))
    return {"round": round_.number}


if __name__ == "__main__":
    if sys.argv[1] == "setup":
        print(json.dumps(setup()))
    else:
        print(json.dumps(play_round(int(sys.argv[2]))))
