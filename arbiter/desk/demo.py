"""Demo data: one sample tournament per pairing system, so a first run has something to show."""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from arbiter.core.models import Tournament
from arbiter.core.services.entries import import_entries
from arbiter.core.services.tournaments import create_tournament
from arbiter.core.systems import System
from arbiter.events.demo import load_demo_event
from arbiter.venue.demo import open_the_cards
from judo.demo import load_demo_competition

DEMO_USERNAME = "arbiter"
DEMO_PASSWORD = "demo-arbiter"

FIRST_NAMES = [
    "Magnus",
    "Ingrid",
    "Aryan",
    "Sofia",
    "Lars",
    "Nora",
    "Jonas",
    "Elif",
    "Mateusz",
    "Hanna",
    "Pavel",
    "Lucia",
    "Tariq",
    "Maja",
    "Erik",
    "Olga",
    "Samuel",
    "Freya",
    "Viktor",
    "Aino",
]
LAST_NAMES = [
    "Hansen",
    "Johansen",
    "Larsen",
    "Nilsson",
    "Kowalski",
    "Novak",
    "Petrov",
    "Garcia",
    "Schmidt",
    "Virtanen",
    "Jensen",
    "Berg",
    "Lund",
    "Haugen",
    "Dahl",
    "Moen",
    "Eriksen",
    "Svensson",
    "Horvat",
    "Rossi",
    "Bakken",
    "Strand",
    "Holm",
    "Lie",
    "Sandvik",
]
CHESS_FEDERATIONS = ["NOR", "NOR", "NOR", "SWE", "DEN", "FIN", "POL", "GER", "ESP", "UKR"]
CHESS_CLUBS = ["Oslo SK", "Bergens SK", "Stavanger SK", "Trondheim SF", "Tromsø SK", ""]
JUDO_CLUBS = {
    "NOR": ["Oslo Judoklubb", "Bergen Judo"],
    "SWE": ["Göteborg JK", "Malmö Judo"],
    "DEN": ["København Judo"],
    "FIN": ["Helsinki Judo"],
}


#: The first names above that are women's (the judo categories are by sex).
WOMEN = {"Ingrid", "Sofia", "Nora", "Elif", "Hanna", "Lucia", "Maja", "Olga", "Freya", "Aino"}


def is_womans(name: str) -> bool:
    """A "Lastname, Firstname" of the demo's with a woman's first name."""
    return name.rpartition(", ")[2] in WOMEN


def _men(names: list[str]) -> list[str]:
    return [name for name in names if not is_womans(name)]


def _judo_competitors(names: list[str], count: int, rng: random.Random) -> list[dict]:
    competitors = []
    for name in names[:count]:
        federation = rng.choice(sorted(JUDO_CLUBS))
        club = rng.choice(JUDO_CLUBS[federation])
        competitors.append({"name": name, "federation": federation, "club": club})
    return competitors


def _judo_men(names: list[str], count: int, rng: random.Random) -> list[dict]:
    return _judo_competitors(_men(names), count, rng)


def _chess_players(names: list[str], count: int, rng: random.Random) -> list[dict]:
    players = []
    for name in names[:count]:
        rating = max(1000, int(rng.gauss(1950, 260)))
        title = "GM" if rating > 2480 else "IM" if rating > 2380 else "FM" if rating > 2280 else ""
        players.append(
            {
                "name": name,
                "title": title,
                "sex": rng.choice(["m", "m", "f"]),
                "federation": rng.choice(CHESS_FEDERATIONS),
                "club": rng.choice(CHESS_CLUBS),
                "rating": rating,
                "fide_id": 1_500_000 + rng.randrange(10_000_000),
                "birth_year": rng.randrange(1950, 2015),
            }
        )
    return players


DEMO_TOURNAMENTS = [
    {
        "name": "Oslo Spring Round Robin 2026",
        "system": System.ROUND_ROBIN,
        "city": "Oslo",
        "federation": "NOR",
        "time_control": "90 min + 30 s/move",
        "planned_rounds": 9,
        "start_date": datetime.date(2026, 4, 11),
        "end_date": datetime.date(2026, 4, 15),
        "players": 10,
        "entrants": _chess_players,
    },
    {
        "name": "Bergen Open 2026",
        "system": System.SWISS_DUTCH,
        "city": "Bergen",
        "federation": "NOR",
        "time_control": "90 min + 30 s/move",
        "planned_rounds": 7,
        "start_date": datetime.date(2026, 6, 5),
        "end_date": datetime.date(2026, 6, 9),
        "players": 40,
        "entrants": _chess_players,
    },
    {
        "name": "Tuesday Club Evenings, autumn 2026",
        "system": System.MONRAD,
        "city": "Göteborg",
        "federation": "SWE",
        "time_control": "15 min + 5 s/move",
        "planned_rounds": 12,
        "start_date": datetime.date(2026, 9, 1),
        "end_date": datetime.date(2026, 12, 15),
        "players": 14,
        "entrants": _chess_players,
    },
    {
        # teams of four made of the players by the system's demo (pairing/team_rounds/demo.py)
        "name": "Norwegian Team League 2026",
        "system": System.TEAM_ROUND_ROBIN,
        "city": "Hamar",
        "federation": "NOR",
        "time_control": "90 min + 30 s/move",
        "planned_rounds": 9,
        "start_date": datetime.date(2026, 10, 2),
        "end_date": datetime.date(2026, 10, 11),
        "players": 40,
        "entrants": _chess_players,
    },
    {
        "name": "Nordic Team Swiss 2026",
        "system": System.TEAM_SWISS,
        "city": "Oslo",
        "federation": "NOR",
        "time_control": "90 min + 30 s/move",
        "planned_rounds": 7,
        "start_date": datetime.date(2026, 11, 6),
        "end_date": datetime.date(2026, 11, 10),
        "players": 36,
        "entrants": _chess_players,
    },
    {
        "name": "Nordic Judo Cup 2026, men -73 kg",
        "system": System.KNOCKOUT,
        "city": "Trondheim",
        "federation": "NOR",
        "time_control": "4 min, golden score",
        "planned_rounds": None,
        "start_date": datetime.date(2026, 10, 17),
        "end_date": datetime.date(2026, 10, 17),
        "players": 13,
        "entrants": _judo_men,
    },
]


@transaction.atomic
def load_demo() -> tuple[object, list[Tournament]]:
    """Create the demo arbiter and the demo tournaments, unless they are there already."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"first_name": "Demo", "last_name": "Arbiter"}
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    rng = random.Random(2026)
    made = []
    for spec in DEMO_TOURNAMENTS:
        values = {k: v for k, v in spec.items() if k not in ("players", "entrants")}
        names = [f"{last}, {first}" for last in LAST_NAMES for first in FIRST_NAMES]
        rng.shuffle(names)
        players = spec["entrants"](names, spec["players"], rng)
        if Tournament.objects.filter(name=spec["name"], staff__user=user).exists():
            continue
        tournament = create_tournament(user, {**values, "is_published": True})
        import_entries(user, tournament, players)
        if tournament.pairing_system.demo is not None:
            tournament.pairing_system.demo(user, tournament)
        made.append(tournament)
    names = [f"{last}, {first}" for last in LAST_NAMES for first in FIRST_NAMES]
    rng.shuffle(names)
    by_sex = {
        "F": _judo_competitors([n for n in names if is_womans(n)], 33, rng),
        "M": _judo_competitors(_men(names), 33, rng),
    }
    load_demo_competition(user, by_sex, rng)
    swiss = next((t for t in made if t.system == System.SWISS_DUTCH), None)
    if swiss is not None:
        # its players check in for the next round from their cards (docs/venue.md)
        open_the_cards(user, swiss)
        load_demo_event(user, swiss)
    return user, made
