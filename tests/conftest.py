"""Named personas used across the suite.

- Anna is the chief arbiter of the Bergen Open (published) and of a tournament still hidden.
- Dag is Anna's deputy at the Bergen Open.
- Boris is an arbiter too, but of his own tournament only.
- The Oslo Invitational is Anna's round robin before its drawing: ten players, four from NOR,
  three each from SWE and DEN.
- The Trondheim Open is Anna's published FIDE Dutch Swiss (2026 rules) of ten players, five
  rounds, nothing paired yet: starting numbers follow the ratings, 2400 down to 2310.
- FIDE's list of November 2026 (``fide_november``, complete) holds, by FIDE id: Magnus Carlsen
  (1503014, GM, NOR, 1990; standard 2839, rapid 2820, blitz 2880, K 10), Sofia Haugen (1504321,
  WIM, NOR, 2004, standard 2224 K 20, no rapid rating), Jana Čarnogurská (14912345, IM and WGM
  in the list's two title columns, SVK, 1998, standard 2410 K 10, rapid 2350 K 20), Jon Moen
  (1509999, NOR, 1975, standard 1850 K 20, no rapid or blitz rating); October's list
  (``fide_october``) has Carlsen at 2830 and Haugen at 2210 without a title.
- An anonymous visitor is just the test client without a login.
"""

import datetime
import os
from pathlib import Path

import pytest
from django.core.cache import caches
from hypothesis import settings

from arbiter.core.models import TournamentArbiter
from arbiter.core.systems import System
from tests import real_files
from tests.factories import (
    PASSWORD,
    ByeFactory,
    EntryFactory,
    GameFactory,
    ListedPlayerFactory,
    RatingListFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.fuzz.tally import TRIED, fuzz_summary
from tests.worker import DATABASE_BACKEND

# CI draws the same examples on every run, so a submission's result does not depend on luck;
# a developer's run explores new ones (HYPOTHESIS_PROFILE=explore, or any run outside CI).
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore")
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "explore")
)


#: Folders whose every test is slow: a browser against a live server, servers and proxies of
#: their own, faults provoked in real processes, thousands of damaged inputs.
SLOW_FOLDERS = ("browser", "deploy", "faults", "fuzz")


@pytest.hookimpl(tryfirst=True)  # before `-m` selects
def pytest_collection_modifyitems(items):
    """Every test in a slow folder is ``slow``: the quick loop (``-m "not slow"``) leaves it out;
    elsewhere a test is marked slow where it is defined."""
    folders = [Path(__file__).parent / name for name in SLOW_FOLDERS]
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in folders):
            item.add_marker(pytest.mark.slow)


def _real_files_missing() -> str:
    """Why the tests of real files cannot run here ("" when they can)."""
    if real_files.available():
        return ""
    return (
        f"real files not found at {real_files.real_files_dir()} "
        f"(set {real_files.SHARED_DIR_VARIABLE} to the shared folder)"
    )


def pytest_runtest_setup(item):
    """A test of real files (``real_files`` marker) without the shared folder: skipped, and
    counted for the summary; under CI, which has the folder, it fails instead."""
    if item.get_closest_marker("real_files") is None:
        return
    missing = _real_files_missing()
    if not missing:
        return
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{missing}: CI must run the tests of real files", pytrace=False)
    item.config.stash.setdefault(_LEFT_OUT, []).append(item.nodeid)
    pytest.skip(missing)


_LEFT_OUT = pytest.StashKey[list]()


def pytest_terminal_summary(terminalreporter, config):
    left_out = config.stash.get(_LEFT_OUT, [])
    if left_out:
        terminalreporter.write_line(f"{_real_files_missing()}: {len(left_out)} tests left out")
    fuzz_summary(terminalreporter)


def pytest_sessionfinish(session):
    """A pytest-xdist worker hands what it counted to the controller, which prints the summary."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["left_out"] = session.config.stash.get(_LEFT_OUT, [])
        output["fuzz_tried"] = dict(TRIED)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller adds up what its pytest-xdist workers counted."""
    output = getattr(node, "workeroutput", {})
    node.config.stash.setdefault(_LEFT_OUT, []).extend(output.get("left_out", []))
    TRIED.update(output.get("fuzz_tried", {}))


@pytest.fixture(autouse=True)
def fresh_sequences():
    """Every test numbers what the factories make from the start, whatever ran before it: the
    same names, and ratings counting down from 2400 that never reach zero."""
    made = (
        UserFactory,
        TournamentFactory,
        EntryFactory,
        RoundFactory,
        GameFactory,
        ByeFactory,
        RatingListFactory,
        ListedPlayerFactory,
    )
    for factory in made:
        factory.reset_sequence()


@pytest.fixture(autouse=True)
def empty_caches():
    """Every test starts with empty caches: no public page kept by another test (SQLite reuses
    tournament ids), no login failures counted by one."""
    for cache in caches.all():
        cache.clear()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing with the production hasher makes every login take a tenth of a second."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def anna(db):
    return UserFactory(username="anna", first_name="Anna", last_name="Larsen")


@pytest.fixture
def dag(db):
    return UserFactory(username="dag", first_name="Dag", last_name="Moen")


@pytest.fixture
def boris(db):
    return UserFactory(username="boris", first_name="Boris", last_name="Petrov")


@pytest.fixture
def short_open(anna):
    """Four players, two rounds, in FIDE mode: a Swiss short enough to finish in a test."""
    tournament = TournamentFactory(
        name="Short Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=2, fide_mode=True
    )
    for number in range(1, 5):
        EntryFactory(tournament=tournament, name=f"Player {number}, Short", rating=2400 - number)
    return tournament


@pytest.fixture
def bergen_open(anna, dag):
    tournament = TournamentFactory(name="Bergen Open", chief=anna, is_published=True)
    TournamentArbiter.objects.create(
        tournament=tournament, user=dag, role=TournamentArbiter.Role.DEPUTY
    )
    return tournament


@pytest.fixture
def hidden_event(anna):
    return TournamentFactory(name="Club Championship draft", chief=anna, is_published=False)


@pytest.fixture
def boris_cup(boris):
    return TournamentFactory(name="Boris Cup", chief=boris)


OSLO_INVITATIONAL = [
    ("Carlsen, Magnus", "NOR"),
    ("Tari, Aryan", "NOR"),
    ("Hammer, Jon Ludvig", "NOR"),
    ("Christiansen, Johan-Sebastian", "NOR"),
    ("Grandelius, Nils", "SWE"),
    ("Smith, Axel", "SWE"),
    ("Hector, Jonny", "SWE"),
    ("Nielsen, Peter Heine", "DEN"),
    ("Hansen, Sune Berg", "DEN"),
    ("Andersen, Mads", "DEN"),
]


@pytest.fixture
def oslo_invitational(anna):
    tournament = TournamentFactory(name="Oslo Invitational", system=System.ROUND_ROBIN, chief=anna)
    for name, federation in OSLO_INVITATIONAL:
        EntryFactory(tournament=tournament, name=name, federation=federation, starting_number=None)
    return tournament


@pytest.fixture
def bergen_players(bergen_open):
    return EntryFactory.create_batch(6, tournament=bergen_open)


@pytest.fixture
def trondheim_open(anna):
    tournament = TournamentFactory(
        name="Trondheim Open", system=System.SWISS_DUTCH, chief=anna, planned_rounds=5
    )
    for number in range(1, 11):
        EntryFactory(
            tournament=tournament,
            name=f"Player {number:02d}, Trondheim",
            rating=2410 - 10 * number,
            starting_number=None,
        )
    tournament.initial_colour = "w"
    tournament.save()
    return tournament


@pytest.fixture
def trondheim_players(trondheim_open):
    """The ten players by rating (starting number order once round 1 is paired)."""
    return list(trondheim_open.entries.order_by("-rating"))


@pytest.fixture
def fide_october(db):
    october = RatingListFactory(month=datetime.date(2026, 10, 1))
    ListedPlayerFactory(
        rating_list=october, fide_id=1503014, name="Carlsen, Magnus", title="GM",
        birth_year=1990, standard=2830, standard_k=10, rapid=2815, rapid_k=10,
    )  # fmt: skip
    ListedPlayerFactory(
        rating_list=october, fide_id=1504321, name="Haugen, Sofia", sex="F", birth_year=2004,
        standard=2210, standard_k=20,
    )  # fmt: skip
    return october


@pytest.fixture
def fide_november(db, fide_october):
    november = RatingListFactory(month=datetime.date(2026, 11, 1))
    for fields in FIDE_NOVEMBER:
        ListedPlayerFactory(rating_list=november, **fields)
    return november


FIDE_NOVEMBER = [
    {
        "fide_id": 1503014, "name": "Carlsen, Magnus", "title": "GM", "birth_year": 1990,
        "standard": 2839, "standard_k": 10, "rapid": 2820, "rapid_k": 10, "blitz": 2880,
        "blitz_k": 10,
    },
    {
        "fide_id": 1504321, "name": "Haugen, Sofia", "sex": "F", "title": "WIM",
        "birth_year": 2004, "standard": 2224, "standard_k": 20, "flag": "w",
    },
    {
        "fide_id": 14912345, "name": "Čarnogurská, Jana", "federation": "SVK",
        "title": "IM", "women_title": "WGM", "sex": "F", "birth_year": 1998, "standard": 2410,
        "standard_k": 10, "rapid": 2350, "rapid_k": 20,
    },
    {
        "fide_id": 1509999, "name": "Moen, Jon", "birth_year": 1975, "standard": 1850,
        "standard_k": 20,
    },
]  # fmt: skip


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def anna_client(client, anna):
    return login(client, anna)


@pytest.fixture
def boris_client(client, boris):
    return login(client, boris)


@pytest.fixture
def queued(settings):
    """Background jobs wait in the database for a worker (as in production: tests/worker.py)
    instead of running at once inside the request (tests/settings.py)."""
    settings.TASKS = DATABASE_BACKEND
