"""The public event page (arbiter/public/views/events.py): its sections with their current
rounds and pages, the schedule, the search for a person across every section, caching, and the
home's list of events (docs/events.md, "The public event page")."""

import datetime
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from arbiter.core.models import Game
from arbiter.core.services.results import record_result
from arbiter.core.systems import System
from arbiter.events.models import ScheduleItem, Section
from judo.services import competition as day
from pairing.round_robin import services as drawing
from pairing.rounds import services as rounds
from tests.factories import EntryFactory, EventFactory, SectionFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def swiss(anna, name: str, players: list[str], published_rounds: int = 1):
    """A published Swiss of `players`, with `published_rounds` rounds paired and published
    (every result in but the last round's)."""
    tournament = TournamentFactory(name=name, chief=anna, system=System.SWISS_DUTCH)
    for n, player in enumerate(players):
        EntryFactory(tournament=tournament, name=player, rating=2300 - 10 * n)
    for number in range(1, published_rounds + 1):
        round_ = rounds.pair_next_round(anna, tournament)
        rounds.publish_round(anna, round_)
        if number < published_rounds:
            for game in round_.games.order_by("board"):
                record_result(anna, game, "1-0")
    return tournament


def round_robin(anna, name: str, players: list[str]):
    """A published round robin of `players` after its drawing of lots (every round public)."""
    tournament = TournamentFactory(name=name, chief=anna, system=System.ROUND_ROBIN)
    for player in players:
        EntryFactory(tournament=tournament, name=player, starting_number=None)
    lots = drawing.start_drawing(anna, tournament, seed=7)
    for step in range(len(players)):
        drawing.draw_for_player(anna, lots, step)
    drawing.confirm_drawing(anna, lots)
    return tournament


def judo_day(anna, name: str, competitors: list[str], published: bool = True):
    """A competition day with one category of `competitors`, drawn, published or not."""
    competition = day.create_competition(anna, {"name": name, "mats": 2})
    category = day.add_category(
        anna, competition, sex="M", age_group="Seniors", weight_limit=Decimal(66)
    )
    for n, competitor in enumerate(competitors):
        entry = day.enter(
            anna, category, {"name": competitor, "club": f"Club {n}", "birth_year": 2000}
        )
        day.weigh_in(anna, entry, Decimal(65))
    day.draw_all(anna, competition)
    if published:
        competition.refresh_from_db()
        day.set_published(anna, competition, True, seen=competition.version)
    competition.refresh_from_db()
    return competition, category


@pytest.fixture
def festival(anna):
    """An event with a Swiss (two rounds), a round robin, a judo day, and a Swiss not
    published, with a schedule."""
    event = EventFactory(name="Oslo Chess Festival", organiser=anna, city="Oslo")
    event.organiser = "Oslo SK"  # the factory's organiser is a user: the event's organiser role
    event.save()
    open_a = swiss(
        anna,
        "Open A",
        ["Ødegård, Åse", "Carlsen, Magnus", "Tari, Aryan", "Hammer, Jon Ludvig"],
        published_rounds=2,
    )
    juniors = round_robin(
        anna, "Juniors RR", ["Müller, Jürgen", "Nansen, Fridtjof", "Ibsen, Henrik", "Grieg, Edvard"]
    )
    hidden = TournamentFactory(name="Secret Blitz", is_published=False)
    EntryFactory(tournament=hidden, name="Hidden, Player")
    competition, category = judo_day(anna, "Judo Day", ["Ødegaard, Ola", "Berg, Kari", "Lie, Per"])
    SectionFactory(event=event, tournament=open_a, position=1)
    SectionFactory(event=event, tournament=juniors, position=2)
    SectionFactory(event=event, tournament=hidden, position=3)
    SectionFactory(event=event, tournament=None, competition=competition, position=4)
    noon = timezone.make_aware(datetime.datetime(2026, 7, 1, 12, 0))
    ScheduleItem.objects.create(event=event, starts_at=noon, title="Opening ceremony")
    ScheduleItem.objects.create(
        event=event, starts_at=noon + datetime.timedelta(days=1, hours=3), title="Round 2"
    )
    ScheduleItem.objects.create(
        event=event,
        starts_at=noon + datetime.timedelta(hours=2),
        title="Secret blitz starts",
        section=Section.objects.get(tournament=hidden),
    )
    return {
        "event": event,
        "open_a": open_a,
        "juniors": juniors,
        "hidden": hidden,
        "competition": competition,
        "category": category,
    }


def event_url(event, name="public_event") -> str:
    return reverse(name, args=[event.pk])


def search(client, event, q: str):
    return client.get(event_url(event, "public_event_search"), {"q": q})


# --- the event page


def test_the_event_page_lists_only_published_sections_with_their_current_round_and_pages(
    client, festival
):
    open_a, juniors = festival["open_a"], festival["juniors"]
    page = client.get(event_url(festival["event"]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Oslo Chess Festival" in html and "Oslo SK" in html
    assert "Open A" in html and "Juniors RR" in html and "Judo Day" in html
    assert "Secret Blitz" not in html
    # the current round of each chess section, and its pages right below it
    assert reverse("public_round", args=[open_a.pk, 2]) in html
    assert "Round 2 pairings" in html
    assert reverse("public_standings", args=[open_a.pk]) in html
    assert reverse("crosstable", args=[open_a.pk]) in html
    assert reverse("tournament", args=[juniors.pk]) in html
    # a round robin publishes every round: the last one is its current round
    last = juniors.rounds.order_by("-number").first().number
    assert reverse("public_round", args=[juniors.pk, last]) in html
    # the judo day: its categories, its home and mats
    assert reverse("public_competition", args=[festival["competition"].pk]) in html
    assert reverse("public_mat", args=[festival["competition"].pk, 2]) in html
    assert "1 category" in html
    # the search box, and when it last changed
    assert reverse("public_event_search", args=[festival["event"].pk]) in html
    assert 'id="last-updated"' in html


def test_the_schedule_is_grouped_by_day_without_an_unpublished_sections_lines(client, festival):
    html = client.get(event_url(festival["event"])).content.decode()
    schedule = html[html.index('id="schedule"') :]
    assert schedule.count("<h3>") == 2
    assert schedule.index("Opening ceremony") < schedule.index("Round 2")
    assert "Secret blitz starts" not in html


def test_an_unpublished_event_is_not_found_nor_its_search(client, anna):
    event = EventFactory(is_published=False)
    SectionFactory(event=event, tournament=TournamentFactory())
    assert client.get(event_url(event)).status_code == 404
    assert search(client, event, "Player").status_code == 404
    assert client.get("/e/999999/").status_code == 404


def test_the_event_page_takes_a_constant_number_of_queries_whatever_its_sections(
    client, anna, django_assert_num_queries
):
    """Seven queries to build (the event, its version, the sections, the chess rounds, the
    competition days, the schedule, the last change), two once kept, for 2 sections or 6."""
    small, large = EventFactory(), EventFactory()
    for event, count in ((small, 2), (large, 6)):
        for n in range(count):
            SectionFactory(
                event=event, tournament=swiss(anna, f"S{event.pk}-{n}", ["A, B", "C, D"])
            )
        competition, _ = judo_day(anna, f"Day {event.pk}", ["E, F", "G, H"])
        SectionFactory(event=event, tournament=None, competition=competition)
    for event in (small, large):
        cache.clear()
        with django_assert_num_queries(7):
            assert client.get(event_url(event)).status_code == 200
        with django_assert_num_queries(2):
            assert client.get(event_url(event)).status_code == 200


def test_the_event_page_answers_304_and_moves_on_with_any_section_and_the_event(
    client, anna, festival
):
    event, open_a = festival["event"], festival["open_a"]
    url = event_url(event)
    first = client.get(url)
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # a result in a section
    game = Game.objects.filter(round__tournament=open_a, round__number=2).first()
    record_result(anna, game, "1-0")
    second = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 200 and second["ETag"] != etag
    etag = second["ETag"]
    # a tournament added to the event, then removed
    added = TournamentFactory(name="Rapid Added")
    section = SectionFactory(event=event, tournament=added, position=9)
    third = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert third.status_code == 200 and "Rapid Added" in third.content.decode()
    section.delete()
    fourth = client.get(url, HTTP_IF_NONE_MATCH=third["ETag"])
    assert fourth.status_code == 200 and "Rapid Added" not in fourth.content.decode()
    # a section published
    hidden = festival["hidden"]
    hidden.is_published = True
    hidden.save()
    fifth = client.get(url, HTTP_IF_NONE_MATCH=fourth["ETag"])
    assert fifth.status_code == 200 and "Secret Blitz" in fifth.content.decode()
    # the event renamed
    event.name = "Oslo Festival 2026"
    event.version += 1
    event.save()
    assert "Oslo Festival 2026" in client.get(url).content.decode()


# --- a section's pages name their event


def test_a_sections_pages_link_back_to_the_event_and_say_when_they_changed(client, festival):
    event, open_a = festival["event"], festival["open_a"]
    back = reverse("public_event", args=[event.pk])
    for url in (
        reverse("tournament", args=[open_a.pk]),
        reverse("public_round", args=[open_a.pk, 1]),
        reverse("public_standings", args=[open_a.pk]),
        reverse("public_search", args=[open_a.pk]) + "?q=Carl",
        reverse("public_competition", args=[festival["competition"].pk]),
    ):
        html = client.get(url).content.decode()
        assert f'href="{back}"' in html, url
        assert 'id="last-updated"' in html, url
    alone = TournamentFactory(name="Alone")
    html = client.get(reverse("tournament", args=[alone.pk])).content.decode()
    assert 'id="event-link"' not in html and 'id="last-updated"' in html


def test_a_section_page_drops_the_link_when_the_event_is_unpublished_or_the_section_removed(
    client, festival
):
    event, open_a, juniors = festival["event"], festival["open_a"], festival["juniors"]
    url = reverse("tournament", args=[open_a.pk])
    assert 'id="event-link"' in client.get(url).content.decode()
    event.is_published = False
    event.save()
    assert 'id="event-link"' not in client.get(url).content.decode()
    event.is_published = True
    event.save()
    assert 'id="event-link"' in client.get(url).content.decode()
    juniors_url = reverse("tournament", args=[juniors.pk])
    assert 'id="event-link"' in client.get(juniors_url).content.decode()
    Section.objects.get(tournament=juniors).delete()
    assert 'id="event-link"' not in client.get(juniors_url).content.decode()


def test_a_section_page_with_its_event_link_costs_no_query_once_kept(
    client, festival, django_assert_num_queries
):
    url = reverse("tournament", args=[festival["open_a"].pk])
    client.get(url)
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200


# --- the search across every section (issue 31: "the event search finds a person in any
# section")


def test_the_event_search_finds_a_person_in_any_section(client, festival):
    open_a, juniors, competition = festival["open_a"], festival["juniors"], festival["competition"]
    event = festival["event"]
    # a Swiss section: the current round's pairing and the card
    html = search(client, event, "carlsen").content.decode()
    magnus = open_a.entries.get(name="Carlsen, Magnus")
    assert reverse("player_card", args=[open_a.pk, magnus.pk]) in html
    assert "Open A" in html and "Round 2, board" in html and "against" in html
    # a round robin section (another system)
    html = search(client, event, "Jurgen Muller").content.decode()
    jurgen = juniors.entries.get(name="Müller, Jürgen")
    assert reverse("player_card", args=[juniors.pk, jurgen.pk]) in html and "Juniors RR" in html
    # a judo category: the day, the category and the competitor's page
    html = search(client, event, "kari").content.decode()
    kari = festival["category"].tournament.entries.get(name="Berg, Kari")
    assert reverse("public_fight", args=[competition.pk, kari.pk]) in html
    assert "Judo Day" in html and festival["category"].label in html
    # one search, several sections, accents and case aside
    html = search(client, event, "ODEGA").content.decode()
    assert "Ødegård, Åse" in html and "Ødegaard, Ola" in html


def test_the_event_search_leaves_out_unpublished_sections_and_other_events(client, anna, festival):
    event = festival["event"]
    assert "Hidden, Player" not in search(client, event, "hidden").content.decode()
    other = EventFactory()
    SectionFactory(event=other, tournament=swiss(anna, "Elsewhere", ["Stranger, Sam", "X, Y"]))
    assert "Stranger" not in search(client, event, "stranger").content.decode()
    hidden_day, _ = judo_day(anna, "Hidden day", ["Veiled, Vera", "Z, Z"], published=False)
    SectionFactory(event=event, tournament=None, competition=hidden_day)
    assert "Veiled" not in search(client, event, "veiled").content.decode()


@pytest.mark.parametrize(
    "q",
    [
        "",
        "a",
        "x" * 5000,
        "\x00\x1b[31m",
        "Ødegård" * 30,
        "🂡🂢",
        "' OR 1=1 --",
        "<script>alert(1)</script>",
        "\u0301\u0301\u0301",
        "%00",
    ],
)
def test_the_event_search_takes_any_input_bounded(client, festival, q):
    page = search(client, festival["event"], q)
    assert page.status_code == 200
    html = page.content.decode()
    assert "<script>alert" not in html
    assert len(page.content) < 200_000


def test_the_event_search_is_cut_at_100_characters_and_answers_304(client, festival):
    event = festival["event"]
    long = search(client, event, "c" * 500)
    assert 'value="' + "c" * 100 + '"' in long.content.decode()
    first = search(client, event, "carlsen")
    again = client.get(
        event_url(event, "public_event_search"),
        {"q": "carlsen"},
        HTTP_IF_NONE_MATCH=first["ETag"],
    )
    assert again.status_code == 304


def test_the_event_search_takes_a_constant_number_of_queries(
    client, festival, django_assert_num_queries
):
    """The event and its version, then the people found (the name index is kept per
    version), their sections' current rounds, their games and byes: six, however many are
    found in however many sections; two for a query too short."""
    event = festival["event"]
    search(client, event, "zzz")  # the name index is kept
    with django_assert_num_queries(2):
        assert search(client, event, "a").status_code == 200
    with django_assert_num_queries(6):
        assert "Carlsen" in search(client, event, "ar").content.decode()
    with django_assert_num_queries(6):
        html = search(client, event, "er").content.decode()  # in every section
    assert "Hammer" in html and "Müller" in html and "Berg, Kari" in html


# --- the home page


def test_the_home_lists_current_events_first_then_past_ones_newest_first_paged(
    client, anna, settings
):
    today = timezone.localdate()
    current = EventFactory(
        name="Now Festival", start_date=today, end_date=today + datetime.timedelta(days=3)
    )
    EventFactory(
        name="Coming Festival",
        start_date=today + datetime.timedelta(days=30),
        end_date=today + datetime.timedelta(days=32),
    )
    EventFactory(name="Hidden Festival", is_published=False, start_date=today, end_date=today)
    past = [
        EventFactory(
            name=f"Past {n:02d}",
            start_date=today - datetime.timedelta(days=10 + n),
            end_date=today - datetime.timedelta(days=10 + n),
        )
        for n in range(25)
    ]
    SectionFactory(event=current, tournament=TournamentFactory(name="In the festival"))
    SectionFactory(
        event=current, tournament=TournamentFactory(name="Unpublished", is_published=False)
    )
    TournamentFactory(name="On its own")
    html = client.get("/").content.decode()
    assert html.index("Coming Festival") < html.index("Now Festival") < html.index("Past 00")
    assert "Hidden Festival" not in html
    assert "1 section" in html
    assert html.index("Past 00") < html.index("Past 01") < html.index("Past 19")
    assert "Past 20" not in html and "?page=2" in html
    # the tournaments of no event stay listed below
    assert "On its own" in html and "In the festival" not in html
    second = client.get("/?page=2").content.decode()
    assert "Past 20" in second and "Past 24" in second and "Past 19" not in second
    assert "Now Festival" not in second and "On its own" not in second
    for nonsense in ("3", "0", "-1", "abc", "²", "99999", "1.5"):
        assert client.get("/", {"page": nonsense}).status_code == 404, nonsense
    assert past  # made


def test_the_home_moves_on_when_an_event_changes(client):
    event = EventFactory(name="First Name")
    first = client.get("/")
    assert "First Name" in first.content.decode()
    event.name = "Second Name"
    event.save()
    second = client.get("/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and "Second Name" in second.content.decode()
    SectionFactory(event=event, tournament=TournamentFactory())
    third = client.get("/", HTTP_IF_NONE_MATCH=second["ETag"])
    assert third.status_code == 200 and "1 section" in third.content.decode()


def test_a_line_added_to_the_schedule_shows_at_once(client, festival):
    event = festival["event"]
    first = client.get(event_url(event))
    ScheduleItem.objects.create(
        event=event, starts_at=timezone.now(), title="Prize-giving"
    )  # even without the event's version moved
    second = client.get(event_url(event), HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and "Prize-giving" in second.content.decode()


def test_the_event_search_lists_at_most_50_and_says_there_are_more(client, anna):
    event = EventFactory()
    big = TournamentFactory(name="Big Open")
    for n in range(55):
        EntryFactory(tournament=big, name=f"Hansen, Ola {n:02d}")
    SectionFactory(event=event, tournament=big)
    html = search(client, event, "hansen").content.decode()
    assert html.count('class="hit"') == 50 and "Only the first 50" in html
    assert "Hansen, Ola 00" in html and "Hansen, Ola 54" not in html
    html = search(client, event, "54 OLA").content.decode()  # every word, in any order
    assert html.count('class="hit"') == 1 and "Only the first" not in html
    assert "Hansen, Ola 54" in html


def test_a_competition_days_pages_drop_the_link_when_it_leaves_the_event(client, festival):
    competition = festival["competition"]
    url = reverse("public_competition", args=[competition.pk])
    assert 'id="event-link"' in client.get(url).content.decode()
    Section.objects.get(competition=competition).delete()
    assert 'id="event-link"' not in client.get(url).content.decode()


def test_the_event_page_shows_its_logo_and_an_entry_link_while_entries_are_open(client, anna):
    event = EventFactory(organiser=anna, entries_open=True, logo=b"png", logo_type="image/png")
    page = client.get(reverse("public_event", args=[event.pk])).content.decode()
    assert f'src="{reverse("public_event_logo", args=[event.pk])}"' in page
    assert f'href="{reverse("event_enter", args=[event.pk])}"' in page

    closed = EventFactory(organiser=anna, entries_open=False)
    page = client.get(reverse("public_event", args=[closed.pk])).content.decode()
    assert 'id="event-logo"' not in page
    assert reverse("event_enter", args=[closed.pk]) not in page


# --- the event's people (what the public copy's search reads: docs/publishing.md)


def people(client, event, language=""):
    return client.get(f"{language}{event_url(event, 'public_event_people')}")


def test_the_event_s_people_hold_what_the_search_shows_of_everyone(client, festival):
    event, open_a, competition = festival["event"], festival["open_a"], festival["competition"]
    response = people(client, event)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert "public" in response["Cache-Control"] and response["ETag"]
    data = response.json()
    assert data["event"] == {"id": event.pk, "name": "Oslo Chess Festival"}
    by_name = {p["name"]: p for p in data["people"]}
    # everyone of the published sections, by name; nobody of the unpublished one
    assert len(by_name) == 4 + 4 + 3 and "Hidden, Player" not in by_name
    assert [p["name"] for p in data["people"]] == sorted(by_name)
    magnus = open_a.entries.get(name="Carlsen, Magnus")
    carlsen = by_name["Carlsen, Magnus"]
    assert carlsen["key"] == "carlsen, magnus" and carlsen["section"] == "Open A"
    assert carlsen["url"] == reverse("player_card", args=[open_a.pk, magnus.pk])
    game = Game.objects.filter(round__tournament=open_a, round__number=2).get(
        Q(white=magnus) | Q(black=magnus)
    )
    white = game.white_id == magnus.pk
    assert carlsen["round"] == 2 and carlsen["board"] == game.board
    assert carlsen["colour"] == ("w" if white else "b")
    assert carlsen["opponent"] == (game.black if white else game.white).name
    assert by_name["Ødegård, Åse"]["key"] == "odegard, ase"
    kari = festival["category"].tournament.entries.get(name="Berg, Kari")
    assert by_name["Berg, Kari"]["url"] == reverse("public_fight", args=[competition.pk, kari.pk])
    assert by_name["Berg, Kari"]["category"] == festival["category"].label
    assert by_name["Berg, Kari"]["section"] == "Judo Day" and by_name["Berg, Kari"]["round"] is None
    # the same as the search's hits (one function makes both)
    html = search(client, event, "carlsen").content.decode()
    assert f"board {carlsen['board']}" in html and carlsen["opponent"] in html
    # in each language: the links are the language's
    swedish = people(client, event, "/sv").json()
    assert all(p["url"].startswith("/sv/") for p in swedish["people"])
    again = client.get(event_url(event, "public_event_people"), HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_the_event_s_people_take_a_constant_number_of_queries(
    client, anna, festival, django_assert_num_queries
):
    """The event, its version, then the people, their sections' current rounds, the games and
    byes of those rounds: six, whatever the number of people and sections; then kept."""
    event = festival["event"]
    with django_assert_num_queries(6):
        assert people(client, event).status_code == 200
    SectionFactory(event=event, tournament=swiss(anna, "Open B", [f"B, {n}" for n in range(9)]))
    cache.clear()
    with django_assert_num_queries(6):
        assert len(people(client, event).json()["people"]) == 11 + 9
    with django_assert_num_queries(2):  # kept under the event's version
        assert people(client, event).status_code == 200


def test_the_event_page_links_its_people_for_the_publisher(client, festival):
    from arbiter.publishing.collect import _links

    event = festival["event"]
    html = client.get(event_url(event)).content.decode()
    assert event_url(event, "public_event_people") in _links(html, event_url(event))


def test_the_event_s_people_of_an_unpublished_event_are_not_found(client, anna):
    event = EventFactory(is_published=False)
    assert people(client, event).status_code == 404
