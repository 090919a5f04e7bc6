"""Tournaments the benchmarks play on (inside a configured Django, on a throwaway database)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def throwaway_database(*, test_environment: bool = True) -> Iterator[str]:
    """A test database created for the block and dropped after it (Django set up already);
    yields its name. `test_environment` as in a test run (Django's setup_test_environment: mail
    kept in memory, and a signal at every template rendering, which a page bench may not want)."""
    from django.db import connection
    from django.test.utils import setup_test_environment

    if test_environment:
        setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield name
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


def played_swiss(players: int, rounds: int, name: str):
    """A published Swiss of ``players`` players with ``rounds`` rounds paired by the engine and
    scored at random (fixed seed); returns (tournament, its chief arbiter)."""
    from django.contrib.auth import get_user_model

    from arbiter.models import Entry, System, Tournament, TournamentArbiter
    from arbiter.services.results import record_result
    from pairing.services import rounds as lifecycle

    rng = random.Random(2026 + players)
    user, _ = get_user_model().objects.get_or_create(username=f"bench{players}")
    user.set_password("bench")
    user.save()
    tournament = Tournament.objects.create(
        name=name, system=System.SWISS_DUTCH, planned_rounds=9, is_published=True
    )
    tournament.initial_colour = "w"
    tournament.save()
    TournamentArbiter.objects.create(tournament=tournament, user=user, role="chief")
    Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"Player {n:04d}, Bench", rating=2700 - n)
        for n in range(players)
    )
    for _ in range(rounds):
        round_ = lifecycle.publish_round(user, lifecycle.pair_next_round(user, tournament))
        for game in round_.games.all():
            record_result(user, game, rng.choice(["1-0", "1/2", "0-1"]))
    return tournament, user
