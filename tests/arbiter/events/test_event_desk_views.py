"""The event's desk pages (arbiter/events/views/desk.py): who gets in, stale pages and bad input
refused with a message and nothing saved, the event-wide downloads, and the queries each list
page makes whatever its length."""

import csv
import io
import re
import zipfile

import pytest
from django.urls import reverse
from PIL import Image

from arbiter.core.models import Tournament
from arbiter.core.systems import System
from arbiter.events.models import MAX_LOGO_BYTES, Event, EventStaff, Section
from pairing.engines.trf import parse_trf
from pairing.engines.trf_team import parse_team_trf
from tests.arbiter.conftest import play_round
from tests.conftest import login
from tests.factories import (
    EntryFactory,
    EventFactory,
    RegistrationFactory,
    SectionFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def festival(anna, dag):
    event = EventFactory(name="Oslo Chess Festival", organiser=anna, is_published=False)
    EventStaff.objects.create(event=event, user=dag, role=EventStaff.Role.ARBITER)
    return event


def png(size=(20, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size).save(out, "PNG")
    return out.getvalue()


# --- access ----------------------------------------------------------------------------------


def pages(event) -> dict[str, str]:
    return {
        name: reverse(name, args=[event.pk])
        for name in (
            "event_desk",
            "event_settings",
            "event_staff",
            "event_schedule",
            "event_export_trf",
            "event_export_registrations",
        )
    }


ORGANISER_ONLY = {"event_settings", "event_staff"}


@pytest.mark.parametrize("who", ["organiser", "arbiter", "stranger", "anonymous"])
def test_each_page_lets_in_exactly_the_event_staff_it_should(client, anna, dag, festival, who):
    if who == "organiser":
        login(client, anna)
    elif who == "arbiter":
        login(client, dag)
    elif who == "stranger":
        login(client, UserFactory(username="stranger"))
    for name, url in pages(festival).items():
        response = client.get(url)
        if who == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        elif who == "stranger" or (who == "arbiter" and name in ORGANISER_ONLY):
            assert response.status_code == 403, name
        else:
            assert response.status_code == 200, name


def test_an_arbiter_of_the_event_cannot_add_a_section(client, dag, festival):
    login(client, dag)
    url = reverse("event_section_tournament", args=[festival.pk])
    response = client.post(url, {"name": "Sneaky", "system": System.SWISS_DUTCH, "version": 0})
    assert response.status_code == 403
    assert not festival.sections.exists()


def test_an_arbiter_of_the_event_sees_the_schedule_but_cannot_add_to_it(client, dag, festival):
    login(client, dag)
    url = reverse("event_schedule", args=[festival.pk])
    assert b"add-schedule-item" not in client.get(url).content
    response = client.post(url, {"starts_at": "2026-07-01T10:00", "title": "X", "version": 0})
    assert response.status_code == 403 and not festival.schedule.exists()


# --- creating an event and its sections -----------------------------------------------------


def test_an_arbiter_creates_an_event_and_becomes_its_organiser(client, boris):
    login(client, boris)
    response = client.post(
        reverse("event_create"),
        {"name": "Tromsø Open Week", "city": "Tromsø", "currency": "nok", "entry_fee": "0"},
    )
    event = Event.objects.get(name="Tromsø Open Week")
    assert response["Location"] == reverse("event_desk", args=[event.pk])
    assert event.currency == "NOK"
    assert event.staff_roles.get().user == boris


def test_bad_dates_are_refused_with_a_message_and_nothing_saved(client, boris):
    login(client, boris)
    response = client.post(
        reverse("event_create"),
        {
            "name": "Backwards",
            "start_date": "2026-07-09",
            "end_date": "2026-07-01",
            "currency": "EUR",
            "entry_fee": "0",
        },
    )
    assert response.status_code == 200
    assert "cannot end before it starts" in response.content.decode()
    assert not Event.objects.filter(name="Backwards").exists()


def test_the_organiser_adds_a_tournament_and_a_competition_day(client, anna, festival):
    login(client, anna)
    url = reverse("event_section_tournament", args=[festival.pk])
    data = {"name": "Open A", "system": System.SWISS_DUTCH, "planned_rounds": "9", "version": "0"}
    response = client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Open A" in response.content.decode() and 'id="sections"' in response.content.decode()
    url = reverse("event_section_competition", args=[festival.pk])
    response = client.post(url, {"name": "Judo Day", "mats": "2", "version": "1"})
    assert response.status_code == 302
    page = client.get(reverse("event_desk", args=[festival.pk])).content.decode()
    assert "Open A" in page and "Judo Day" in page and "Swiss, FIDE Dutch" in page


def test_a_stale_page_is_refused_saying_so_and_nothing_is_made(client, anna, festival):
    login(client, anna)
    festival.version = 3
    festival.save()
    url = reverse("event_section_tournament", args=[festival.pk])
    data = {"name": "Open B", "system": System.SWISS_DUTCH, "version": "2"}
    response = client.post(url, data, headers={"HX-Request": "true"})
    assert "changed since your page was loaded" in response.content.decode()
    assert not Tournament.objects.filter(name="Open B").exists()


@pytest.mark.parametrize(
    "data",
    [
        {"name": "", "system": System.SWISS_DUTCH},
        {"name": "X" * 201, "system": System.SWISS_DUTCH},
        {"name": "Open", "system": "chess960"},
        {"name": "Open", "system": System.SWISS_DUTCH, "planned_rounds": "100"},
        {"name": "Open\x00", "system": System.SWISS_DUTCH},
    ],
)
def test_a_bad_section_is_refused_with_a_message(client, anna, festival, data):
    login(client, anna)
    url = reverse("event_section_tournament", args=[festival.pk])
    tournaments = Tournament.objects.count()
    response = client.post(url, {**data, "version": "0"})
    assert response.status_code == 200 and b"errorlist" in response.content
    assert Tournament.objects.count() == tournaments


def test_detaching_asks_first_then_keeps_the_tournament(client, anna, festival, bergen_open):
    login(client, anna)
    section = SectionFactory(event=festival, tournament=bergen_open)
    url = reverse("event_section_detach", args=[festival.pk, section.pk])
    assert "not deleted" in client.get(url).content.decode()
    client.post(url, {"version": "0"})
    assert Section.objects.filter(pk=section.pk).exists()
    response = client.post(url, {"version": "0", "confirm": "yes"})
    assert response.status_code == 302
    assert not Section.objects.filter(pk=section.pk).exists()
    assert Tournament.objects.filter(pk=bergen_open.pk).exists()


# --- settings and logo ----------------------------------------------------------------------


def test_a_logo_is_uploaded_and_served_on_the_public_address(client, anna, festival):
    login(client, anna)
    url = reverse("event_logo", args=[festival.pk])
    raw = png()
    client.post(url, {"version": "0", "logo": io.BytesIO(raw)})
    festival.refresh_from_db()
    assert festival.logo_type == "image/png"
    logo = reverse("public_event_logo", args=[festival.pk])
    assert client.get(logo).status_code == 404  # not published
    festival.is_published = True
    festival.save()
    response = client.get(logo)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response.content == raw and response["ETag"]
    assert client.get(logo, headers={"If-None-Match": response["ETag"]}).status_code == 304


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"x" * (MAX_LOGO_BYTES + 1), "too large"),
        (b"%PDF-1.4 not an image", "PNG, JPEG or WebP"),
    ],
)
def test_a_bad_logo_is_refused_with_a_message_and_nothing_saved(
    client, anna, festival, raw, message
):
    login(client, anna)
    upload = io.BytesIO(raw)
    upload.name = "logo.png"
    response = client.post(
        reverse("event_logo", args=[festival.pk]), {"version": "0", "logo": upload}
    )
    assert response.status_code == 200 and message in response.content.decode()
    festival.refresh_from_db()
    assert festival.logo_type == "" and festival.version == 0


def test_settings_from_a_stale_page_are_refused(client, anna, festival):
    login(client, anna)
    url = reverse("event_settings", args=[festival.pk])
    data = {"name": "Renamed", "currency": "EUR", "entry_fee": "0", "version": "5"}
    response = client.post(url, data)
    assert "changed since your page was loaded" in response.content.decode()
    festival.refresh_from_db()
    assert festival.name == "Oslo Chess Festival"


# --- staff and schedule ---------------------------------------------------------------------


def test_an_unknown_username_is_refused_with_a_message(client, anna, festival):
    login(client, anna)
    url = reverse("event_staff", args=[festival.pk])
    response = client.post(url, {"username": "nobody", "role": "arbiter", "version": "0"})
    assert "No user is called" in response.content.decode()
    assert festival.staff_roles.count() == 2


def test_staff_are_added_and_removed_with_a_confirmation(client, anna, boris, festival):
    login(client, anna)
    url = reverse("event_staff", args=[festival.pk])
    response = client.post(
        url,
        {"username": "boris", "role": "organiser", "version": "0"},
        headers={"HX-Request": "true"},
    )
    assert "boris added" in response.content.decode()
    staff = EventStaff.objects.get(event=festival, user=boris)
    remove = reverse("event_staff_remove", args=[festival.pk, staff.pk])
    client.post(remove, {"version": "1"})
    assert EventStaff.objects.filter(pk=staff.pk).exists()
    client.post(remove, {"version": "1", "confirm": "yes"})
    assert not EventStaff.objects.filter(pk=staff.pk).exists()


def test_a_schedule_line_is_added(client, anna, festival):
    login(client, anna)
    url = reverse("event_schedule", args=[festival.pk])
    client.post(url, {"starts_at": "2026-07-01T15:00", "title": "Round 1", "version": "0"})
    assert festival.schedule.get().title == "Round 1"
    response = client.post(url, {"starts_at": "2026-02-31T15:00", "title": "Bad", "version": "1"})
    assert response.status_code == 200 and b"errorlist" in response.content
    assert festival.schedule.count() == 1


# --- the event-wide downloads ---------------------------------------------------------------


def played_swiss(anna, name: str, system=System.SWISS_DUTCH) -> Tournament:
    tournament = TournamentFactory(name=name, chief=anna, system=system, planned_rounds=5)
    players = [EntryFactory(tournament=tournament) for _ in range(4)]
    play_round(
        tournament,
        1,
        [(players[0], players[1], "1-0"), (players[2], players[3], "1/2")],
        state="complete",
    )
    return tournament


def test_the_zip_holds_one_trf_per_section_and_each_reads_back(client, anna, festival):
    from judo.services.competition import create_competition

    open_a = played_swiss(anna, "Open A")
    open_b = played_swiss(anna, "Open B")
    SectionFactory(event=festival, tournament=open_a, position=0)
    SectionFactory(event=festival, tournament=open_b, position=1)
    day = create_competition(anna, {"name": "Judo Day", "mats": 1})
    Section.objects.create(event=festival, competition=day, position=2)
    login(client, anna)
    response = client.get(reverse("event_export_trf", args=[festival.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert archive.namelist() == ["01-open-a.trf", "02-open-b.trf"]
    for name, tournament in zip(archive.namelist(), (open_a, open_b), strict=True):
        parsed = parse_trf(archive.read(name).decode())
        assert parsed.name == tournament.name
        assert len(parsed.players) == 4


def test_a_team_section_writes_its_team_file(client, anna, festival):
    from pairing.rounds import services as rounds
    from tests.pairing.team_events import team_event

    league = team_event(anna, System.TEAM_ROUND_ROBIN, teams=4, boards=2)
    rounds.publish_round(anna, rounds.pair_next_round(anna, league))
    SectionFactory(event=festival, tournament=league)
    login(client, anna)
    response = client.get(reverse("event_export_trf", args=[festival.pk]))
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    (name,) = archive.namelist()
    assert parse_team_trf(archive.read(name).decode()).tournament.players


def test_the_csv_lists_every_registration_with_its_section_and_fees(client, anna, festival):
    open_a = TournamentFactory(name="Open A", chief=anna)
    SectionFactory(event=festival, tournament=open_a)
    RegistrationFactory(
        event=festival,
        name="Berg, Ola",
        fide_id=1503014,
        federation="NOR",
        birth_year=1990,
        rating=2100,
        tournament=open_a,
        fee_due="50.00",
        fee_paid="20.00",
        checked_in=True,
    )
    RegistrationFactory(event=festival, name="=cmd, Evil", federation="SWE", rating=0)
    login(client, anna)
    response = client.get(reverse("event_export_registrations", args=[festival.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows[0] == {
        "name": "'=cmd, Evil",
        "fide_id": "",
        "federation": "SWE",
        "birth_year": "1990",
        "rating": "",
        "section": "",
        "state": "pending",
        "fee_due": "0.00",
        "fee_paid": "0.00",
        "checked_in": "no",
    }
    assert rows[1] == {
        "name": "Berg, Ola",
        "fide_id": "1503014",
        "federation": "NOR",
        "birth_year": "1990",
        "rating": "2100",
        "section": "Open A",
        "state": "pending",
        "fee_due": "50.00",
        "fee_paid": "20.00",
        "checked_in": "yes",
    }


# --- queries --------------------------------------------------------------------------------


def _sections(anna, event, count: int) -> None:
    for n in range(count):
        tournament = TournamentFactory(name=f"Section {n}", chief=anna)
        EntryFactory(tournament=tournament)
        play_round(tournament, 1, state="complete")
        SectionFactory(event=event, tournament=tournament)


def _registrations(event, count: int) -> None:
    for _ in range(count):
        RegistrationFactory(event=event)


@pytest.mark.parametrize("sections", [1, 12])
def test_the_event_page_makes_as_many_queries_for_one_section_as_for_twelve(
    client, anna, festival, sections, django_assert_num_queries
):
    from judo.services.competition import create_competition

    _sections(anna, festival, sections)
    Section.objects.create(
        event=festival, competition=create_competition(anna, {"name": "Day"}), position=99
    )
    login(client, anna)
    url = reverse("event_desk", args=[festival.pk])
    client.get(url)
    with django_assert_num_queries(7):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("events", [1, 10])
def test_the_dashboard_makes_as_many_queries_for_one_event_as_for_ten(
    client, anna, events, django_assert_num_queries
):
    for _ in range(events):
        _sections(anna, EventFactory(organiser=anna), 2)
    login(client, anna)
    client.get(reverse("dashboard"))
    with django_assert_num_queries(5):
        response = client.get(reverse("dashboard"))
    assert len(re.findall(r'href="/arbiter/e/\d+/"', response.content.decode())) == events


@pytest.mark.parametrize("count", [1, 50])
def test_the_registrations_csv_makes_no_query_per_row(
    client, anna, festival, count, django_assert_num_queries
):
    _registrations(festival, count)
    Registration = festival.registrations.model
    Registration.objects.filter(event=festival).update(tournament=TournamentFactory(chief=anna))
    login(client, anna)
    url = reverse("event_export_registrations", args=[festival.pk])
    client.get(url)
    with django_assert_num_queries(5):
        assert client.get(url).status_code == 200


def test_sections_are_ordered_through_htmx_and_attached_by_a_plain_form(
    client, anna, festival, bergen_open
):
    login(client, anna)
    first = SectionFactory(event=festival, tournament=TournamentFactory(chief=anna), position=0)
    second = SectionFactory(event=festival, tournament=TournamentFactory(chief=anna), position=1)
    url = reverse("event_section_move", args=[festival.pk, second.pk])
    response = client.post(url, {"direction": "up", "version": "0"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'id="sections"' in response.content.decode()
    assert list(festival.sections.order_by("position")) == [second, first]
    page = client.get(reverse("event_desk", args=[festival.pk])).content.decode()
    assert "Bergen Open" in page  # offered to attach
    url = reverse("event_section_attach", args=[festival.pk])
    response = client.post(url, {"tournament": bergen_open.pk, "version": "1"})
    assert response.status_code == 302
    assert festival.sections.order_by("position").last().tournament == bergen_open


def test_an_arbiter_of_the_event_sees_the_sections_without_the_organisers_forms(
    client, dag, festival
):
    SectionFactory(event=festival, tournament=TournamentFactory(name="Open A"))
    login(client, dag)
    page = client.get(reverse("event_desk", args=[festival.pk])).content.decode()
    assert "Open A" in page
    assert "add-tournament" not in page and "Take out" not in page
    assert reverse("event_settings", args=[festival.pk]) not in page


def test_the_csv_takes_semicolons_for_comma_decimal_spreadsheets(client, anna, festival):
    RegistrationFactory(event=festival, name="Berg, Ola")
    login(client, anna)
    url = reverse("event_export_registrations", args=[festival.pk])
    text = client.get(url, {"sep": "semicolon"}).content.decode()
    assert text.lstrip("\ufeff").startswith("name;fide_id;federation;")
