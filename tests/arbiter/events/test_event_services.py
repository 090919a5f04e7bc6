"""The event's own state changes (arbiter/events/services/events.py): each refuses a stale page,
moves the event's version on and leaves nothing behind when it refuses."""

import datetime
import io
from decimal import Decimal

import pytest
from PIL import Image

from arbiter.core.models import AuditEntry, Tournament, TournamentArbiter
from arbiter.core.systems import System
from arbiter.events.models import MAX_LOGO_BYTES, Event, EventStaff, ScheduleItem, Section
from arbiter.events.services import events as service
from judo.models import Competition
from tests.factories import (
    EventFactory,
    RegistrationFactory,
    SectionFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def image(kind: str = "PNG", size=(32, 16)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(out, kind)
    return out.getvalue()


@pytest.fixture
def festival(anna):
    return EventFactory(name="Oslo Chess Festival", organiser=anna, is_published=False)


def version(event) -> int:
    return Event.objects.get(pk=event.pk).version


def test_the_creator_of_an_event_is_its_organiser(anna):
    data = {"name": "Bergen Festival", "city": "Bergen", "start_date": datetime.date(2026, 7, 1)}
    event = service.create_event(anna, data)
    assert EventStaff.objects.get(event=event).user == anna
    assert EventStaff.objects.get(event=event).role == EventStaff.Role.ORGANISER
    entry = AuditEntry.objects.latest("id")
    assert entry.action == "event.create" and entry.after["event"] == event.pk


def test_an_event_ending_before_it_starts_is_refused_and_not_saved(anna):
    data = {
        "name": "Backwards",
        "start_date": datetime.date(2026, 7, 9),
        "end_date": datetime.date(2026, 7, 1),
    }
    with pytest.raises(service.EventError, match="end before it starts"):
        service.create_event(anna, data)
    assert not Event.objects.filter(name="Backwards").exists()


def test_settings_change_moves_the_version_and_a_stale_page_is_refused(anna, festival):
    seen = version(festival)
    service.update_event(anna, festival, {"city": "Bergen", "entry_fee": Decimal(50)}, seen=seen)
    festival.refresh_from_db()
    assert festival.city == "Bergen" and festival.version == seen + 1
    with pytest.raises(service.EventError, match="changed since your page") as refused:
        service.update_event(anna, festival, {"city": "Tromsø"}, seen=seen)
    assert "Last change: Changed city, entry_fee of the event" in str(refused.value)
    assert "(anna)" in str(refused.value)
    festival.refresh_from_db()
    assert festival.city == "Bergen"


def test_bad_dates_in_the_settings_are_refused(anna, festival):
    data = {"start_date": datetime.date(2026, 8, 2), "end_date": datetime.date(2026, 8, 1)}
    with pytest.raises(service.EventError):
        service.update_event(anna, festival, data, seen=version(festival))
    festival.refresh_from_db()
    assert festival.start_date == datetime.date(2026, 7, 1)


@pytest.mark.parametrize("kind", ["PNG", "JPEG", "WEBP"])
def test_a_logo_is_kept_with_its_type(anna, festival, kind):
    raw = image(kind)
    service.set_logo(anna, festival, raw, seen=version(festival))
    festival.refresh_from_db()
    assert bytes(festival.logo) == raw
    assert festival.logo_type == service.LOGO_TYPES[kind]
    service.remove_logo(anna, festival, seen=festival.version)
    festival.refresh_from_db()
    assert festival.logo_type == "" and bytes(festival.logo) == b""


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"GIF89a not really", "PNG, JPEG or WebP"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "PNG, JPEG or WebP"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "PNG, JPEG or WebP"),
        (b"x" * (MAX_LOGO_BYTES + 1), "too large"),
        (b"", "Choose an image"),
    ],
)
def test_a_logo_that_is_not_a_small_image_is_refused(anna, festival, raw, message):
    with pytest.raises(service.EventError, match=message):
        service.set_logo(anna, festival, raw, seen=version(festival))
    festival.refresh_from_db()
    assert festival.logo_type == "" and festival.version == 0


def test_a_gif_and_a_huge_picture_are_refused(anna, festival):
    out = io.BytesIO()
    Image.new("RGB", (8, 8)).save(out, "GIF")
    with pytest.raises(service.EventError, match="PNG, JPEG or WebP"):
        service.set_logo(anna, festival, out.getvalue(), seen=0)
    with pytest.raises(service.EventError, match="pixels"):
        service.set_logo(anna, festival, image("PNG", (4000, 10)), seen=0)


def test_a_new_chess_section_has_the_creator_as_chief_and_the_staff_as_deputies(
    anna, dag, boris, festival
):
    EventStaff.objects.create(event=festival, user=dag, role=EventStaff.Role.ORGANISER)
    EventStaff.objects.create(event=festival, user=boris, role=EventStaff.Role.ARBITER)
    data = {"name": "Open A", "system": System.SWISS_DUTCH, "planned_rounds": 9}
    section = service.add_tournament_section(anna, festival, data, seen=0)
    tournament = section.tournament
    assert tournament.planned_rounds == 9 and tournament.city == festival.city
    assert tournament.start_date == festival.start_date
    roles = dict(
        TournamentArbiter.objects.filter(tournament=tournament).values_list(
            "user__username", "role"
        )
    )
    assert roles == {"anna": "chief", "dag": "deputy", "boris": "deputy"}
    assert version(festival) == 1


def test_sections_of_every_kind_are_added_in_order(anna, festival):
    for n, system in enumerate((System.SWISS_DUTCH, System.ROUND_ROBIN, System.MONRAD)):
        data = {"name": f"Section {n}", "system": system}
        service.add_tournament_section(anna, festival, data, seen=version(festival))
    day = service.add_competition_section(
        anna, festival, {"name": "Judo Day", "mats": 3}, seen=version(festival)
    )
    assert day.competition.mats == 3 and anna in day.competition.arbiters.all()
    names = [str(s) for s in festival.sections.order_by("position")]
    assert names == ["Section 0", "Section 1", "Section 2", "Judo Day"]


def test_a_section_of_a_published_event_is_published(anna):
    event = EventFactory(organiser=anna, is_published=True)
    chess = service.add_tournament_section(
        anna, event, {"name": "Blitz", "system": System.ROUND_ROBIN}, seen=0
    )
    day = service.add_competition_section(anna, event, {"name": "Day", "mats": 1}, seen=1)
    assert chess.tournament.is_published
    assert Competition.objects.get(pk=day.competition_id).is_published


def test_a_section_added_from_a_stale_page_is_refused_and_nothing_is_made(anna, festival):
    tournaments = Tournament.objects.count()
    with pytest.raises(service.EventError, match="changed since"):
        service.add_tournament_section(
            anna, festival, {"name": "Late", "system": System.SWISS_DUTCH}, seen=7
        )
    assert Tournament.objects.count() == tournaments and not festival.sections.exists()


def test_only_a_tournament_one_runs_as_chief_and_in_no_event_is_attached(
    anna, boris, festival, bergen_open, boris_cup
):
    with pytest.raises(service.EventError, match="not one you run"):
        service.attach_section(anna, festival, seen=0, tournament_id=boris_cup.pk)
    section = service.attach_section(anna, festival, seen=0, tournament_id=bergen_open.pk)
    assert section.tournament == bergen_open
    other = EventFactory(organiser=anna)
    with pytest.raises(service.EventError, match="is in an event"):
        service.attach_section(anna, other, seen=0, tournament_id=bergen_open.pk)


def test_a_competition_day_one_arbitrates_is_attached(anna, festival):
    from judo.services.competition import create_competition

    day = create_competition(anna, {"name": "Cup day", "mats": 2})
    section = service.attach_section(anna, festival, seen=0, competition_id=day.pk)
    assert section.competition == day


def test_detaching_keeps_the_tournament_and_asks_for_a_confirmation(anna, festival, bergen_open):
    section = SectionFactory(event=festival, tournament=bergen_open)
    with pytest.raises(service.EventError, match="Confirm"):
        service.detach_section(anna, festival, section.pk, seen=0, confirm=False)
    service.detach_section(anna, festival, section.pk, seen=0, confirm=True)
    assert not Section.objects.filter(pk=section.pk).exists()
    assert Tournament.objects.filter(pk=bergen_open.pk).exists()


def test_a_section_with_registrations_placed_in_it_stays(anna, festival, bergen_open):
    section = SectionFactory(event=festival, tournament=bergen_open)
    RegistrationFactory(event=festival, tournament=bergen_open)
    with pytest.raises(service.EventError, match="place them in another section"):
        service.detach_section(anna, festival, section.pk, seen=0, confirm=True)
    assert Section.objects.filter(pk=section.pk).exists()


def test_sections_move_up_and_down(anna, festival):
    first, second, third = (
        SectionFactory(event=festival, tournament=TournamentFactory(chief=anna), position=n)
        for n in range(3)
    )
    service.move_section(anna, festival, third.pk, -1, seen=0)
    order = list(festival.sections.order_by("position").values_list("pk", flat=True))
    assert order == [first.pk, third.pk, second.pk]
    with pytest.raises(service.EventError, match="cannot move further"):
        service.move_section(anna, festival, first.pk, -1, seen=1)


def test_staff_are_added_by_username_and_the_last_organiser_stays(anna, dag, festival):
    staff = service.add_staff(anna, festival, "dag", "arbiter", seen=0)
    assert staff.role == "arbiter"
    with pytest.raises(service.EventError, match="No user is called"):
        service.add_staff(anna, festival, "nobody", "arbiter", seen=1)
    with pytest.raises(service.EventError, match="already"):
        service.add_staff(anna, festival, "dag", "organiser", seen=1)
    with pytest.raises(service.EventError, match="Choose a role"):
        service.add_staff(anna, festival, "boris", "king", seen=1)
    annas = EventStaff.objects.get(event=festival, user=anna)
    with pytest.raises(service.EventError, match="needs an organiser"):
        service.remove_staff(anna, festival, annas.pk, seen=1)
    with pytest.raises(service.EventError, match="needs an organiser"):
        service.change_staff_role(anna, festival, annas.pk, "arbiter", seen=1)
    service.change_staff_role(anna, festival, staff.pk, "organiser", seen=1)
    service.remove_staff(anna, festival, annas.pk, seen=2)
    assert list(festival.staff_roles.values_list("user__username", "role")) == [
        ("dag", "organiser")
    ]


def test_schedule_items_are_added_and_removed(anna, festival):
    section = SectionFactory(event=festival, tournament=TournamentFactory(chief=anna))
    starts = datetime.datetime(2026, 7, 1, 15, 0, tzinfo=datetime.UTC)
    item = service.add_schedule_item(
        anna, festival, {"starts_at": starts, "title": "Round 1", "section": section}, seen=0
    )
    assert item.section == section
    other = SectionFactory(tournament=TournamentFactory(chief=anna))
    with pytest.raises(service.EventError, match="not in this event"):
        service.add_schedule_item(
            anna, festival, {"starts_at": starts, "title": "X", "section": other}, seen=1
        )
    service.remove_schedule_item(anna, festival, item.pk, seen=1)
    assert not ScheduleItem.objects.exists()


def test_events_of_lists_the_users_events_with_their_role(anna, dag):
    mine = EventFactory(organiser=anna)
    EventStaff.objects.create(event=EventFactory(organiser=dag), user=anna, role="arbiter")
    EventFactory(organiser=dag)
    found = {(e.pk == mine.pk, e.role) for e in service.events_of(anna)}
    assert found == {(True, "organiser"), (False, "arbiter")}
    assert UserFactory(username="nobody").events.count() == 0
