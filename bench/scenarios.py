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

    from arbiter.core.models import Entry, Tournament, TournamentArbiter
    from arbiter.core.services.results import record_result
    from arbiter.core.systems import System
    from pairing.rounds import services as lifecycle

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


def judo_day(
    competitors: int,
    mats: int,
    name: str,
    fought: float = 0.0,
    rest_minutes: int = 10,
    bout_minutes: int = 4,
):
    """A published judo competition day of ``competitors`` competitors in the IJF senior classes
    of both sexes (14 categories), weighed in, drawn, spread over ``mats`` mats, the ``fought``
    share of its bouts confirmed by the tables (at least one per mat) and the next bout of
    every mat begun (a live score); the organiser's rest and the bout estimate as given (a rest
    of several bouts the mats cannot always keep makes the contest order search hardest);
    returns (competition, its arbiter). Built through the
    services, as the arbiter's pages would."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from judo.demo import open_the_day
    from judo.models import Category
    from judo.services import competition as service
    from judo.services import mats as on_mats

    rng = random.Random(2026 + competitors)
    user, _ = get_user_model().objects.get_or_create(username=f"judo{competitors}")
    user.set_password("bench")
    user.save()
    cup = service.create_competition(
        user,
        {
            "name": name,
            "date": datetime.date(2026, 10, 17),
            "city": "Bench",
            "mats": mats,
            "rest_minutes": rest_minutes,
            "bout_minutes": Decimal(bout_minutes),
        },
    )
    categories = []
    for sex in (Category.Sex.MEN, Category.Sex.WOMEN):
        categories += service.add_weight_classes(user, cup, sex, "Seniors")
    clubs = [f"Club {n:02d}" for n in range(40)]
    for n in range(competitors):
        category = categories[n % len(categories)]
        person = {
            "name": f"Judoka {n:04d}, Bench",
            "club": rng.choice(clubs),
            "federation": rng.choice(["NOR", "SWE", "FIN", "DEN", "GER", "FRA"]),
            "birth_year": rng.randrange(1990, 2006),
        }
        entry = service.enter(user, category, person)
        limit = category.weight_limit or Decimal(110)
        service.weigh_in(user, entry, limit - Decimal(rng.randrange(1, 40)) / 10)
    open_the_day(user, cup)
    bouts = len(on_mats.day(cup).plan.bouts)
    for n in range(max(mats, round(bouts * fought))):
        _table(user, cup, n % mats + 1, rng.choice(["a:ippon", "b:ippon"]), confirm=True)
    for mat in range(1, mats + 1):
        _table(user, cup, mat, "b:waza-ari", confirm=False)
    return cup, user


def _table(user, cup, mat: int, action: str, *, confirm: bool) -> None:
    """The table of `mat` enters `action` on its bout (and confirms it)."""
    from judo.models import Category
    from judo.services import mats as on_mats

    now, _after = on_mats.day(cup).now_and_next(mat)
    if now is None:
        return
    category = Category.objects.get(pk=now.category.pk)
    on_mats.score(user, category, now.match.match.id, action, seen=now.version)
    if confirm:
        on_mats.confirm(user, category, now.match.match.id, seen=now.version + 1)
