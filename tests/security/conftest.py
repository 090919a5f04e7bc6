"""The security tests' world (see test_every_url.py) and a clean cache for each test."""

from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.core.cache import caches

from arbiter.core.models import BackgroundJob, Entry, Team, Tournament, TournamentArbiter
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.platform.spreadsheets import Table
from arbiter.venue.services.cards import key_for
from judo.services import competition, competition_lists
from pairing.knockout import services as knockout
from pairing.monrad import services as monrad
from pairing.round_robin import services as drawing
from pairing.rounds import services as rounds
from pairing.swiss import records as swiss_records
from pairing.swiss.models import ForbiddenPair
from tests.arbiter.conftest import play_round
from tests.factories import EntryFactory, TournamentFactory, competition_with_categories
from tests.security.team_places import team_places_fixture  # noqa: F401  (a fixture of the walk)


@pytest.fixture(autouse=True)
def fresh_caches():
    """No failed-login count or cached public page survives from one test to the next."""
    for alias in ("default", "logins"):
        caches[alias].clear()
    yield
    for alias in ("default", "logins"):
        caches[alias].clear()


@dataclass
class Place:
    """Where a URL is walked: the values of its parameters, and whether the public may see it."""

    public: bool
    values: dict


# Parameters with one value everywhere: the admin's (nobody gets past its login anyway).
FIXED = {
    "flavour": "2026",
    "uidb64": "MQ",
    "token": "bad-token",
    "object_id": "1",
    "content_type_id": "1",
    "id": "1",
    "app_label": "arbiter",
    "url": "no-such-page/",
    "language": "sv",
    "title": "GM",  # a norm report's title (arbiter/desk/views/norms.py)
    "sha256": "0" * 64,  # a blob a venue pushes (arbiter/publishing/views.py)
}


def first_game(round_):
    return round_.games.order_by("board").first()


def failed_job(user, tournament: Tournament) -> BackgroundJob:
    """A pairing job that failed: its page stays (a running one would send HTMX on)."""
    return BackgroundJob.objects.create(
        kind="pair",
        title="Pairing round 9",
        tournament=tournament,
        started_by=user,
        state=BackgroundJob.State.FAILED,
        message="No pairing of round 9 satisfies the absolute criteria.",
    )


def walk_team(anna, tournament: Tournament, players) -> "Team":
    """A team of the tournament with ``players`` in its board order (the team room's pages)."""
    from arbiter.teams.services import rosters

    team = rosters.add_team(anna, tournament, {"name": f"Walk Team {tournament.pk}"})
    for entry in players:
        rosters.add_member(anna, team, entry)
    return team


@pytest.fixture
def world(anna, dag, boris, boris_cup, team_places):
    """Anna's tournaments, one of each system, and one she has not published; Dag is her deputy
    at the Swiss; Boris is the chief arbiter of his own cup only."""
    places = {"site": Place(True, {})}

    # A Swiss: round 1 played and complete, round 2 paired and still a draft; a forbidden pair.
    open_ = TournamentFactory(name="Walk Swiss", chief=anna, planned_rounds=5)
    deputy = TournamentArbiter.objects.create(
        tournament=open_, user=dag, role=TournamentArbiter.Role.DEPUTY
    )
    for n in range(8):
        EntryFactory(tournament=open_, starting_number=None, rating=2300 - 10 * n)
    first, second, third = open_.entries.order_by("-rating")[:3]
    swiss_records.forbid_pair(anna, open_, first, second)
    round_1 = rounds.pair_next_round(anna, open_)
    rounds.publish_round(anna, round_1)
    for game in round_1.games.order_by("board"):
        record_result(anna, game, "1-0")
    round_2 = rounds.pair_next_round(anna, open_)
    common = {
        "tournament_id": open_.pk,
        "entry_id": third.pk,
        "other_entry_id": first.pk,
        "staff_id": deputy.pk,
        "pair_id": ForbiddenPair.objects.get(tournament=open_).pk,
    }
    common["job_id"] = failed_job(anna, open_).pk
    common["team_id"] = walk_team(anna, open_, [first, second]).pk
    common["secret"] = key_for(third).secret  # the player's card (arbiter/venue/)
    places["swiss"] = Place(True, {**common, "number": 1, "game_id": first_game(round_1).pk})
    places["swiss_draft"] = Place(False, {**common, "number": 2, "game_id": first_game(round_2).pk})
    # A player's card (arbiter/venue/): whoever holds its secret, at any stage of the tournament.
    places["card"] = Place(True, {"secret": key_for(third).secret})

    # A round robin after its drawing of lots: every round published.
    rr = TournamentFactory(name="Walk Round Robin", chief=anna, system=System.ROUND_ROBIN)
    for n in range(4):
        EntryFactory(tournament=rr, starting_number=None, federation=["NOR", "SWE"][n % 2])
    lots = drawing.start_drawing(anna, rr, seed=7)
    for step in range(4):
        drawing.draw_for_player(anna, lots, step)
    rr_round = drawing.confirm_drawing(anna, lots)[0]
    places["rr"] = Place(True, {"tournament_id": rr.pk, "number": 1, "game_id": 0, "entry_id": 0})
    places["rr"].values["game_id"] = first_game(rr_round).pk

    # A Monrad club evening: six members checked in and paired.
    club = TournamentFactory(name="Walk Club", chief=anna, system=System.MONRAD, planned_rounds=9)
    for _ in range(6):
        member = EntryFactory(tournament=club, starting_number=None)
        monrad.set_present(anna, club, member, True)
    first_member = club.entries.order_by("pk").first()
    evening = rounds.pair_next_round(anna, club)
    places["monrad"] = Place(
        True,
        {
            "tournament_id": club.pk,
            "number": evening.number,
            "game_id": first_game(evening).pk,
            "entry_id": member.pk,
            "other_entry_id": first_member.pk,
        },
    )

    # A knockout category with its bracket drawn.
    cup = TournamentFactory(name="Walk Judo Cup", chief=anna, system=System.KNOCKOUT)
    for n in range(8):
        EntryFactory(tournament=cup, club=f"Club {n % 3}")
    knockout.draw_bracket(anna, cup, random_seed=5)
    places["knockout"] = Place(True, {"tournament_id": cup.pk})

    # A team round robin: round 1 published with its team matches (issue 30).
    from tests.pairing.team_events import team_event

    team_rr = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    team_round = rounds.publish_round(anna, rounds.pair_next_round(anna, team_rr))
    places["team"] = Place(
        True,
        {
            "tournament_id": team_rr.pk,
            "number": 1,
            "game_id": first_game(team_round).pk,
            "match_id": team_round.team_matches.get(table=1).pk,
        },
    )

    # A published competition day: two categories, a competitor weighed over the limit.
    judo = competition_with_categories(anna, limits=(60, 66))
    judo = competition.set_published(anna, judo, True, seen=judo.version)
    light = judo.categories.get(weight_limit=60)
    over = competition.enter(anna, light, {"name": "Over, Limit", "birth_year": 1990})
    competition.weigh_in(anna, over, Decimal("61"))
    rows = [(1, ["Name", "Sex", "Born", "Weight"]), (2, ["Listed, Judoka", "M", "1999", "59"])]
    kept = competition_lists.keep_list(anna, judo, "list.csv", Table(rows))
    places["competition"] = Place(
        True, {"competition_id": judo.pk, "entry_id": over.pk, "list_id": kept.pk}
    )

    # Anna's unpublished tournament, with a complete round: nothing of it is public.
    hidden = TournamentFactory(name="Walk Hidden", chief=anna, is_published=False)
    a, b = EntryFactory(tournament=hidden), EntryFactory(tournament=hidden)
    hidden_pair = swiss_records.forbid_pair(anna, hidden, a, b)
    hidden_round = play_round(hidden, 1, [(a, b, "1-0")], state="complete")
    places["hidden"] = Place(
        False,
        {
            "tournament_id": hidden.pk,
            "number": 1,
            "entry_id": a.pk,
            "other_entry_id": b.pk,
            "game_id": first_game(hidden_round).pk,
            "staff_id": TournamentArbiter.objects.get(tournament=hidden).pk,
            "pair_id": hidden_pair.pk,
            "job_id": failed_job(anna, hidden).pk,
            "team_id": walk_team(anna, hidden, [a]).pk,
        },
    )
    places.update(competition_places(anna))
    places.update(judo_places(anna))
    places.update({name: Place(*place) for name, place in team_places.items()})
    places.update(judo_team_places(anna))
    places.update(event_places(anna, places))
    # a player's card in each place its pages are walked at (arbiter/venue/views/card.py)
    for name in ("swiss", "swiss_draft", "monrad", "hidden", "judo"):
        entry = Entry.objects.get(pk=places[name].values["entry_id"])
        places[name].values["secret"] = key_for(entry).secret
    for place in places.values():
        place.values = {**FIXED, **place.values}
    return places


def competition_places(anna) -> dict[str, Place]:
    """Anna's competition day, published with one category drawn, and one she has not published."""
    from decimal import Decimal

    from judo.services import competition as day

    places = {}
    for name, published in (("results_day", True), ("results_day_hidden", False)):
        event = day.create_competition(anna, {"name": f"Walk {name}", "mats": 1})
        category = day.add_category(
            anna, event, sex="M", age_group="Seniors", weight_limit=Decimal(66)
        )
        for n in range(3):
            entry = day.enter(
                anna, category, {"name": f"Judoka {n}", "club": f"Club {n}", "birth_year": 2000}
            )
            day.weigh_in(anna, entry, Decimal(65))
        day.draw_all(anna, event)
        if published:
            event.refresh_from_db()
            day.set_published(anna, event, True, seen=event.version)
        places[name] = Place(published, {"competition_id": event.pk})
    return places


def judo_places(anna) -> dict[str, Place]:
    """Anna's judo competition day, drawn and on its mats, published ("judo") and another not
    ("judo_hidden"): the competition's mat and public pages."""
    from judo.services import mats
    from tests.judo.test_mats import judo_day

    places = {}
    for name, published in (("judo", True), ("judo_hidden", False)):
        cup = judo_day(anna, published=published)
        now = mats.day(cup).now_and_next(1)[0]
        values = {"competition_id": cup.pk, "mat": 1, "entry_id": now.white.pk}
        places[name] = Place(published, values)
    return places


def judo_team_places(anna) -> dict[str, Place]:
    """Anna's competition day with a mixed team category of two teams, drawn on mat 1 and
    published ("judo_teams"): the team events' pages and a match's line-ups."""
    from tests.judo.test_team_views import _match, team_day

    cup, category = team_day(anna)
    values = {"competition_id": cup.pk, "category_id": category.pk, "match": _match(category)}
    return {"judo_teams": Place(True, values)}


def event_places(anna, places: dict[str, Place]) -> dict[str, Place]:
    """Anna's event with the walk's Swiss and round robin as sections, published ("event"), and
    one she has not published ("event_hidden"), each with a registration."""
    from arbiter.core.models import Tournament
    from tests.factories import EventFactory, RegistrationFactory, SectionFactory

    found = {}
    for name, published in (("event", True), ("event_hidden", False)):
        event = EventFactory(name=f"Walk {name}", organiser=anna, is_published=published)
        for key in ("swiss", "rr") if published else ("hidden",):
            tournament = Tournament.objects.get(pk=places[key].values["tournament_id"])
            SectionFactory(event=event, tournament=tournament)
        registration = RegistrationFactory(event=event)
        found[name] = Place(published, {"event_id": event.pk, "registration_id": registration.pk})
        found[name].values.update(event_desk_values(event))
    return found


def event_desk_values(event) -> dict:
    """The event desk's parameters (arbiter/events/views/desk.py): a section, Dag on the staff
    as an arbiter, a line of the schedule; and a logo (a 1-pixel PNG) for the public one."""
    import datetime
    import io

    from PIL import Image

    from arbiter.events.models import EventStaff, ScheduleItem
    from tests.factories import UserFactory

    dag = UserFactory._meta.model.objects.filter(username="dag").first() or UserFactory()
    staff = EventStaff.objects.create(event=event, user=dag, role=EventStaff.Role.ARBITER)
    item = ScheduleItem.objects.create(
        event=event, starts_at=datetime.datetime(2026, 7, 1, 15, tzinfo=datetime.UTC), title="R1"
    )
    if event.is_published:
        out = io.BytesIO()
        Image.new("RGB", (1, 1)).save(out, "PNG")
        event.logo, event.logo_type = out.getvalue(), "image/png"
        event.save(update_fields=["logo", "logo_type"])
    return {
        "section_id": event.sections.first().pk,
        "staff_id": staff.pk,
        "item_id": item.pk,
    }
