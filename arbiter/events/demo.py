"""The demo event: the demo's Swiss as the section of a festival, with its schedule, the
registrations of its players (fees paid or owed) and two players who entered themselves and wait
for the organiser's approval, one of them a likely duplicate (docs/events.md)."""

import datetime
from decimal import Decimal

from django.db import transaction

from arbiter.core.models import Tournament
from arbiter.events.models import Event, Registration
from arbiter.events.services import events as service
from arbiter.events.services import registrations

DEMO_EVENT = "Bergen Chess Festival 2026"
#: The demo's fee, in Norwegian kroner.
FEE = Decimal("400")


@transaction.atomic
def load_demo_event(user, swiss: Tournament) -> Event | None:
    """The demo event around `swiss`, unless it is there already."""
    if Event.objects.filter(name=DEMO_EVENT, staff=user).exists():
        return None
    event = service.create_event(
        user,
        {
            "name": DEMO_EVENT,
            "city": swiss.city,
            "start_date": swiss.start_date,
            "end_date": swiss.end_date,
            "organiser": "Bergen Schakklub",
            "entries_open": True,
            "entry_fee": FEE,
            "currency": "NOK",
            "is_published": True,
        },
    )
    section = service.attach_section(user, event, seen=event.version, tournament_id=swiss.pk)
    event.refresh_from_db()
    for number in range(1, (swiss.planned_rounds or 0) + 1):
        day = swiss.start_date + datetime.timedelta(days=(number - 1) // 2)
        hour = 10 if number % 2 else 16
        starts_at = datetime.datetime.combine(day, datetime.time(hour), tzinfo=datetime.UTC)
        data = {"starts_at": starts_at, "title": f"Round {number}", "section": section}
        service.add_schedule_item(user, event, data, seen=event.version)
        event.refresh_from_db()
    entries = list(swiss.entries.order_by("starting_number"))
    Registration.objects.bulk_create(
        Registration(
            event=event,
            tournament=swiss,
            entry=entry,
            state=Registration.State.APPROVED,
            name=entry.name,
            title=entry.title,
            sex=entry.sex,
            birth_year=entry.birth_year,
            federation=entry.federation,
            club=entry.club,
            fide_id=entry.fide_id,
            rating=entry.rating,
            fee_due=FEE,
            fee_paid=FEE if n % 5 else Decimal("0"),
            checked_in=bool(n % 5),
        )
        for n, entry in enumerate(entries)
    )
    first = entries[0]
    for name, birth_year in (("Nilsen, Ingrid", 2009), (first.name, first.birth_year)):
        data = {"name": name, "birth_year": birth_year, "federation": "NOR", "tournament": swiss}
        registrations.register(None, event, data, self_entered=True)
    return event
