"""Demo data: one sample tournament per pairing system, so a first run has something to show."""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from arbiter.core.models import System, Tournament
from arbiter.core.services.entries import import_entries
from arbiter.core.services.tournaments import create_tournament
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
        tournament.pairing_system.call("demo", user, tournament)
        made.append(tournament)
    names = [f"{last}, {first}" for last in LAST_NAMES for first in FIRST_NAMES]
    rng.shuffle(names)
    by_sex = {
        "F": _judo_competitors([n for n in names if is_womans(n)], 33, rng),
        "M": _judo_competitors(_men(names), 33, rng),
    }
    load_demo_competition(user, by_sex, rng)
    return user, made


def fight_first_round(user, tournament: Tournament) -> None:
    """Seed two, draw (a fixed random seed) and fight the first round: the better-numbered
    competitor wins each, so the quarter-finals wait on the bracket page."""
    from pairing.knockout import services as knockout

    first, second = tournament.entries.order_by("name")[:2]
    knockout.set_seeds(user, tournament, {first.pk: 1, second.pk: 2})
    knockout.draw_bracket(user, tournament, random_seed=2026)
    state = knockout.board(tournament).state
    for ms in [m for m in state.ready() if m.match.round == 1]:
        knockout.record_bout(user, tournament, ms.match.id, int(ms.a))


def draw_lots(user, tournament: Tournament) -> None:
    """The round robin's drawing of lots, done by the app with a fixed seed, and confirmed."""
    from pairing.round_robin import services as round_robin

    drawing = round_robin.start_drawing(user, tournament, seed=2026)
    for step in range(tournament.entries.count()):
        round_robin.draw_for_player(user, drawing, step)
    round_robin.confirm_drawing(user, drawing)
    _play(user, tournament, rounds=4)


def pair_swiss(user, tournament: Tournament, complete: int = 3) -> None:
    """Rounds paired by the Dutch engine through the pairing page's services: ``complete`` rounds
    with results, then the next one left as a draft to review."""
    from pairing.rounds import services as rounds

    tournament.initial_colour = "w"
    tournament.save(update_fields=["initial_colour"])
    for _ in range(complete):
        rounds.publish_round(user, rounds.pair_next_round(user, tournament))
        _play(user, tournament, rounds=tournament.rounds.count())
    rounds.pair_next_round(user, tournament)


def club_evenings(user, tournament: Tournament, evenings: int = 2) -> None:
    """Monrad evenings through the club evening's services: a different few stay home each
    time, a newcomer joins on the second evening, and the next evening's check-in has begun."""
    from pairing.monrad import services as monrad
    from pairing.rounds import services as rounds

    rng = random.Random(2026)
    members = list(tournament.entries.order_by("name"))
    for evening in range(1, evenings + 1):
        for entry in members:
            if rng.random() < 0.8:
                monrad.set_present(user, tournament, entry, True)
        if evening == 2:
            members.append(monrad.add_late_member(user, tournament, "Ekström, Vera", 1450))
        rounds.pair_next_round(user, tournament)
        _play(user, tournament, rounds=evening)
    for entry in members[:5]:
        monrad.set_present(user, tournament, entry, True)


def _play(user, tournament: Tournament, rounds: int) -> None:
    """Results for the first rounds, entered through the same service as the result page."""
    from arbiter.core.models import Game
    from arbiter.core.services.results import record_result
    from pairing.engines import results

    rng = random.Random(2026)
    outcomes = [r.code for r in results.OVER_THE_BOARD]
    games = Game.objects.filter(round__tournament=tournament, round__number__lte=rounds, result="")
    for game in games.order_by("round__number", "board"):
        record_result(user, game, rng.choices(outcomes, weights=[4, 3, 3])[0])
