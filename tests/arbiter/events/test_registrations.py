"""The registration list's services (arbiter/events/services/registrations.py): register with
the FIDE lookup, duplicates, approve, refuse, place and move between sections by their rules,
fees, check-in, stale pages (docs/events.md, "Registrations, fees and check-in")."""

from decimal import Decimal

import pytest

from arbiter.core.models import AuditEntry, Entry, Round
from arbiter.core.systems import System
from arbiter.events.models import Event, Registration
from arbiter.events.services import registrations as service
from pairing.rounds import services as rounds
from tests.factories import (
    EntryFactory,
    EventFactory,
    SectionFactory,
    TournamentFactory,
    competition_with_categories,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def festival(anna):
    """Open A and Open B (Swiss, four players each), entries open, a fee of 30."""
    event = EventFactory(organiser=anna, entries_open=True, entry_fee=Decimal("30"))
    sections = []
    for name, base in (("Open A", 2300), ("Open B", 1800)):
        tournament = TournamentFactory(
            name=name, system=System.SWISS_DUTCH, chief=anna, planned_rounds=5
        )
        tournament.initial_colour = "w"
        tournament.save()
        for n in range(4):
            EntryFactory(
                tournament=tournament,
                name=f"{name} player {n}, X",
                rating=base - 10 * n,
                starting_number=None,
            )
        SectionFactory(event=event, tournament=tournament)
        sections.append(tournament)
    return event, sections[0], sections[1]


def _register(anna, event, tournament, **data):
    values = {
        "name": "Haugen, Sofia",
        "birth_year": 2004,
        "federation": "NOR",
        "club": "Bergen SK",
        "sex": "f",
        "tournament": tournament,
        **data,
    }
    return service.register(anna, event, values)


def _approved(anna, event, tournament, **data):
    registration = _register(anna, event, tournament, **data)
    return service.approve(anna, registration, seen=registration.version)


def test_a_person_moved_from_a_to_b_before_round_1_keeps_their_data_and_is_paired_in_b(
    anna, festival
):
    """The issue's test: everything entered moves with the person, and B's pairing (the desk's
    own pairing service) pairs them."""
    event, open_a, open_b = festival
    registration = _approved(anna, event, open_a, rating=1795, title="WFM", fide_id=None)
    entry = registration.entry
    # the section's arbiter corrected data at A's desk: it moves too
    Entry.objects.filter(pk=entry.pk).update(national_rating=1810, k_factor=20)
    version = Event.objects.get(pk=event.pk).version

    moved = service.place(anna, registration, open_b, seen=registration.version)

    assert not Entry.objects.filter(tournament=open_a, name="Haugen, Sofia").exists()
    new = Entry.objects.get(tournament=open_b, name="Haugen, Sofia")
    assert moved.entry == new and moved.tournament == open_b
    assert (new.title, new.sex, new.federation, new.club, new.birth_year) == (
        "WFM", "f", "NOR", "Bergen SK", 2004,
    )  # fmt: skip
    assert (new.rating, new.national_rating, new.k_factor) == (1795, 1810, 20)
    assert Event.objects.get(pk=event.pk).version > version
    paired = rounds.pair_next_round(anna, open_b)
    games = paired.games.all()
    in_round = {g.white_id for g in games} | {g.black_id for g in games}
    in_round |= set(paired.byes.values_list("entry_id", flat=True))
    assert new.pk in in_round
    assert Entry.objects.filter(tournament=open_b).count() == 5


def test_moving_after_round_1_of_a_swiss_withdraws_there_keeping_games_and_enters_b_late(
    anna, festival
):
    event, open_a, open_b = festival
    registration = _approved(anna, event, open_a)
    old = registration.entry
    rounds.publish_round(anna, rounds.pair_next_round(anna, open_a))
    rounds.publish_round(anna, rounds.pair_next_round(anna, open_b))
    b_numbers = dict(open_b.entries.values_list("pk", "starting_number"))

    moved = service.place(anna, registration, open_b, seen=registration.version)

    old.refresh_from_db()
    assert old.tournament == open_a and old.withdrawn  # their round-1 game stays in A
    assert moved.entry.tournament == open_b and moved.entry.starting_number == 5
    for pk, number in b_numbers.items():  # a late entry moves no published number
        assert Entry.objects.get(pk=pk).starting_number == number
    assert "withdrawn" in moved.last_change


def test_a_round_robin_after_its_drawing_takes_nobody_moved_in(anna, festival):
    event, open_a, _ = festival
    closed = TournamentFactory(name="Closed RR", system=System.ROUND_ROBIN, chief=anna)
    for n in range(4):
        EntryFactory(tournament=closed, name=f"RR {n}, X", starting_number=None)
    SectionFactory(event=event, tournament=closed)
    Round.objects.create(tournament=closed, number=1)  # the drawing made its rounds
    registration = _approved(anna, event, open_a)

    with pytest.raises(service.RegistrationError, match="round robin"):
        service.place(anna, registration, closed, seen=registration.version)
    registration.refresh_from_db()
    assert registration.tournament == open_a and registration.entry.tournament == open_a


def test_the_fide_id_fills_the_data_from_the_list(anna, festival, fide_november):
    event, open_a, _ = festival
    registration = _register(
        anna, event, open_a, name="Typed, Wrong", fide_id=1504321, federation="", sex=""
    )
    assert registration.name == "Haugen, Sofia"
    assert (registration.rating, registration.title, registration.birth_year) == (2224, "WIM", 2004)
    assert registration.sex == "f"


def test_an_unknown_fide_id_is_refused_when_a_list_is_loaded(anna, festival, fide_november):
    event, open_a, _ = festival
    with pytest.raises(service.RegistrationError, match="not in the FIDE list"):
        _register(anna, event, open_a, fide_id=999999999)
    assert not Registration.objects.exists()


def test_the_same_fide_id_twice_is_refused_with_a_clear_message(anna, festival):
    event, open_a, open_b = festival
    _register(anna, event, open_a, fide_id=1504321)
    with pytest.raises(service.RegistrationError, match="already registered"):
        _register(anna, event, open_b, name="Other, Name", fide_id=1504321)
    assert Registration.objects.count() == 1


def test_same_name_and_birth_year_is_flagged_until_kept(anna, festival):
    event, open_a, open_b = festival
    first = _register(anna, event, open_a, name="Haugen, Sofia")
    second = _register(anna, event, open_b, name="  haugen,   SOFIA ")
    _register(anna, event, open_b, name="Haugen, Sofia", birth_year=2005)
    flagged = service.possible_duplicates(Registration.objects.all())
    assert set(flagged) == {first.pk, second.pk}
    service.keep_duplicate(anna, second, seen=second.version)
    assert set(service.possible_duplicates(Registration.objects.all())) == {first.pk}
    service.refuse(anna, first, seen=first.version)
    assert service.possible_duplicates(Registration.objects.all()) == {}


def test_approve_refuse_and_place(anna, festival):
    event, _, open_b = festival
    registration = _register(anna, event, None)
    with pytest.raises(service.RegistrationError, match="Place"):
        service.approve(anna, registration, seen=registration.version)
    registration = service.place(anna, registration, open_b, seen=registration.version)
    assert registration.entry is None and registration.tournament == open_b
    registration = service.approve(anna, registration, seen=registration.version)
    assert registration.state == "approved" and registration.entry.tournament == open_b
    entry_pk = registration.entry.pk
    registration = service.refuse(anna, registration, seen=registration.version)
    assert registration.state == "refused" and registration.entry is None
    assert not Entry.objects.filter(pk=entry_pk).exists()  # played nothing: deleted
    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert "registration.approve" in actions and "entry.delete" in actions


def test_a_stale_page_is_refused_saying_what_changed(anna, dag, festival):
    event, open_a, _ = festival
    registration = _register(anna, event, open_a)
    shown = registration.version
    service.set_fee_paid(dag, registration, Decimal("30"), seen=shown)
    with pytest.raises(service.StalePage, match=r"paid 30\.00"):
        service.approve(anna, registration, seen=shown)
    registration.refresh_from_db()
    assert registration.state == "pending" and registration.entry is None


def test_fees_are_bounded_and_owed_follows(anna, festival):
    event, open_a, _ = festival
    registration = _register(anna, event, open_a)
    assert registration.fee_due == Decimal("30")
    registration = service.set_fee_due(anna, registration, Decimal("20"), seen=registration.version)
    registration = service.set_fee_paid(anna, registration, Decimal("5"), seen=registration.version)
    assert registration.fee_owed == Decimal("15")
    for bad in (Decimal("-1"), Decimal("100000"), Decimal("NaN")):
        with pytest.raises(service.RegistrationError):
            service.set_fee_paid(anna, registration, bad, seen=registration.version)


def test_check_in_and_undo(anna, festival):
    event, open_a, _ = festival
    registration = _register(anna, event, open_a)
    registration = service.set_checked_in(anna, registration, True, seen=registration.version)
    assert registration.checked_in
    registration = service.set_checked_in(anna, registration, False, seen=registration.version)
    assert not registration.checked_in


def test_self_entry_needs_open_entries_and_a_section_that_takes_them(anna, festival):
    event, open_a, _ = festival
    data = {"name": "Moen, Jon", "birth_year": 1975, "tournament": open_a}
    Event.objects.filter(pk=event.pk).update(entries_open=False)
    event.refresh_from_db()
    with pytest.raises(service.RegistrationError, match="closed"):
        service.register(None, event, data, self_entered=True)
    Event.objects.filter(pk=event.pk).update(entries_open=True)
    event.refresh_from_db()
    other = TournamentFactory(name="Elsewhere")
    with pytest.raises(service.RegistrationError, match="not one of this event"):
        service.register(None, event, {**data, "tournament": other}, self_entered=True)
    registration = service.register(None, event, {**data, "rating": 2900}, self_entered=True)
    assert registration.self_entered and registration.rating == 0


def test_a_judo_category_is_a_place(anna, festival):
    event, _, _ = festival
    day = competition_with_categories(anna, limits=(60, 66))
    SectionFactory(event=event, tournament=None, competition=day)
    light, heavy = day.categories.order_by("weight_limit")
    registration = _register(anna, event, light.tournament, name="Judoka, One", sex="m")
    registration = service.approve(anna, registration, seen=registration.version)
    assert registration.entry.tournament == light.tournament
    registration = service.place(anna, registration, heavy.tournament, seen=registration.version)
    assert registration.entry.tournament == heavy.tournament
    labels = [getattr(t, "section_label", "") for t in service.placeable(event)]
    assert any("60" in label for label in labels)


def test_an_approved_person_whose_entry_the_desk_deleted_is_entered_again(anna, festival):
    event, open_a, _ = festival
    registration = _approved(anna, event, open_a)
    Entry.objects.filter(pk=registration.entry_id).delete()
    registration.refresh_from_db()
    assert registration.entry is None and registration.state == "approved"
    registration = service.approve(anna, registration, seen=registration.version)
    assert registration.entry.tournament == open_a
