"""The demo competition day: six judo categories on two mats, weighed in, drawn, the first
bouts fought with their scores (docs/competition.md), so a first run shows the mats working."""

import datetime
import random
from decimal import Decimal

from judo.models import Category, Competition
from judo.services import competition as service
from judo.services import mats

DEMO_COMPETITION = "Trondheim Judo Open 2026"
CATEGORIES = [
    ("M", Decimal(66), 6),
    ("M", Decimal(73), 8),
    ("M", Decimal(81), 5),
    ("F", Decimal(52), 4),
    ("F", Decimal(57), 7),
    ("F", Decimal(63), 3),
]
#: The table's entries of the first bouts of each mat, in turn: the last one is in golden score.
SCORES = (
    ["a:waza-ari", "a:ippon"],
    ["b:shido", "b:yuko", "time"],  # a yuko (IJF 2025) wins at time up
    ["a:ippon"],
    ["a:shido", "b:shido", "time"],
)


def load_demo_competition(
    user, competitors: dict[str, list[dict]], rng: random.Random
) -> Competition | None:
    """The demo competition, unless it is there already; `competitors` give names and clubs by
    sex ("M", "F"): each category is entered from those of its sex."""
    if Competition.objects.filter(name=DEMO_COMPETITION, arbiters=user).exists():
        return None
    cup = service.create_competition(
        user,
        {
            "name": DEMO_COMPETITION,
            "date": datetime.date(2026, 10, 17),
            "city": "Trondheim",
            "mats": 2,
            "rest_minutes": 10,
            "bout_minutes": Decimal(5),
        },
    )
    people = {sex: iter(listed) for sex, listed in competitors.items()}
    for sex, limit, count in CATEGORIES:
        category = service.add_category(user, cup, sex=sex, age_group="Seniors", weight_limit=limit)
        for _ in range(count):
            person = next(people[sex])
            entry = service.enter(
                user, category, {**person, "birth_year": rng.randrange(1990, 2006)}
            )
            service.weigh_in(user, entry, limit - Decimal(rng.randrange(1, 40)) / 10)
    open_the_day(user, cup)
    for mat in (1, 2):
        for entries in SCORES:
            _fight(user, cup, mat, entries)
    return cup


def open_the_day(user, cup: Competition) -> None:
    """After the weigh-in, as the arbiter would: every category drawn, the mats proposed and the
    day published."""
    service.draw_all(user, cup)
    cup.refresh_from_db()
    mats.propose_mats(user, cup, seen=cup.version)
    cup.refresh_from_db()
    service.set_published(user, cup, True, seen=cup.version)


def _fight(user, cup: Competition, mat: int, entries: list[str]) -> None:
    """The mat's current bout scored as the table would; confirmed when the score decides it
    (a golden score left running shows the live score on the mat pages)."""
    now, _ = mats.day(cup).now_and_next(mat)
    if now is None:
        return
    category = Category.objects.get(pk=now.category.pk)
    seen = now.version
    for action in entries:
        score = mats.score(user, category, now.match.match.id, action, seen=seen)
        seen += 1
    if score.decided():
        mats.confirm(user, category, now.match.match.id, seen=seen)
