"""The event's own state changes, made from its desk pages: its settings and logo, its sections,
its staff and its schedule (docs/events.md, "The event and its sections").

One function per change. Each takes ``seen``, the event's version the page showed, and refuses
the change when the event moved on since (another organiser's change, a second tab); each moves
:attr:`Event.version` on in its own transaction and writes one audit entry (the event's entries
name no tournament: ``after["event"]`` holds its id). A section is a tournament or competition
day of its own: creating one goes through the core's and the judo day's services, which audit
and version it themselves.
"""

from __future__ import annotations

import io

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, F, Max
from django.utils.translation import gettext as _

from arbiter.core.models import AuditEntry, Tournament, TournamentArbiter
from arbiter.core.services.audit import record, snapshot
from arbiter.core.services.tournaments import TournamentError, add_deputy, create_tournament
from arbiter.events.models import MAX_LOGO_BYTES, Event, EventStaff, ScheduleItem, Section
from judo.models import Competition
from judo.services import competition as judo_day

#: What the settings form changes, and what the audit records.
EVENT_FIELDS = (
    "name",
    "city",
    "start_date",
    "end_date",
    "organiser",
    "entries_open",
    "entry_fee",
    "currency",
    "is_published",
)
#: The image formats a logo may be (Pillow's names) and the content type each is served as.
LOGO_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp"}
#: The largest logo, in pixels a side: a logo is shown small, and a huge one is a decompression
#: bomb in waiting.
MAX_LOGO_SIDE = 2000
#: The most sections, staff and schedule lines an event holds (a page lists them all).
MAX_SECTIONS = 40
MAX_STAFF = 50
MAX_SCHEDULE_ITEMS = 200


class EventError(Exception):
    """A change the event cannot take; the message is for the organiser."""


# --- the event's row -----------------------------------------------------------------------------


def locked_event(event: Event, seen: int | None) -> Event:
    """The event's row, locked; refused when its version is no longer ``seen`` (the page that
    asked is stale)."""
    current = Event.objects.select_for_update().get(pk=event.pk)
    if seen is None or seen != current.version:
        refusal = _(
            "The event was changed since your page was loaded (by you in another tab, or "
            "another organiser): look at it again, then repeat the change."
        )
        last = last_change(current)
        if last:
            refusal += " " + _("Last change: %(change)s.") % {"change": last}
        raise EventError(refusal)
    return current


def last_change(event: Event) -> str:
    """The event's last change as its audit entry says it, and who made it ("" if none)."""
    entry = (
        AuditEntry.objects.filter(tournament=None, after__event=event.pk)
        .select_related("user")
        .order_by("-id")
        .first()
    )
    if entry is None:
        return ""
    who = entry.user.username if entry.user else "?"
    return f"{entry.summary} ({who})"


def _moved_on(event: Event) -> None:
    """The event's version, one on (its public pages and every open page's form follow)."""
    event.version += 1
    event.save(update_fields=["version", "updated_at"])


def _settings(event: Event) -> dict:
    return snapshot(event, list(EVENT_FIELDS))


def _audit(user, event: Event, action: str, summary: str, before=None, after=None) -> None:
    record(
        user,
        None,
        action,
        summary,
        before={"event": event.pk, **before} if before is not None else None,
        after={"event": event.pk, **(after or {})},
    )


def _checked(event: Event) -> None:
    """The model's own validation (lengths, fee bounds, characters), and the dates in order;
    refused with the first message."""
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise EventError(_("The event cannot end before it starts."))
    try:
        event.full_clean(exclude=["logo", "logo_type", "version"])
    except ValidationError as error:
        messages = [f"{k}: {' '.join(v)}" for k, v in error.message_dict.items()]
        raise EventError("; ".join(messages)) from error


@transaction.atomic
def create_event(user, data: dict) -> Event:
    """A new event; its creator is its first organiser."""
    event = Event(**{name: data[name] for name in EVENT_FIELDS if name in data})
    _checked(event)
    event.save()
    EventStaff.objects.create(event=event, user=user, role=EventStaff.Role.ORGANISER)
    _audit(user, event, "event.create", f"Created the event {event.name}", after=_settings(event))
    return event


@transaction.atomic
def update_event(user, event: Event, data: dict, *, seen: int) -> Event:
    """The event's name, place, dates, organiser, entries and fee, and whether it is public."""
    event = locked_event(event, seen)
    before = _settings(event)
    for name in EVENT_FIELDS:
        if name in data:
            setattr(event, name, data[name])
    _checked(event)
    event.version += 1
    event.save()
    after = _settings(event)
    changed = {k: v for k, v in after.items() if before[k] != v}
    _audit(
        user,
        event,
        "event.update",
        f"Changed {', '.join(changed) or 'nothing'} of the event {event.name}",
        {k: before[k] for k in changed},
        changed,
    )
    return event


def logo_type(raw: bytes) -> str:
    """The content type of an uploaded logo, once Pillow has read it as a PNG, JPEG or WebP
    image of a sensible size; :class:`EventError` saying why not otherwise."""
    from PIL import Image

    if len(raw) > MAX_LOGO_BYTES:
        raise EventError(
            _("The logo is too large: at most %(kb)s kB.") % {"kb": MAX_LOGO_BYTES // 1024}
        )
    if not raw:
        raise EventError(_("Choose an image file for the logo."))
    try:
        with Image.open(io.BytesIO(raw)) as image:
            kind, size = image.format, image.size
            image.verify()
    except Exception as error:  # Pillow raises many kinds for a damaged or foreign file
        raise EventError(_("The logo must be a PNG, JPEG or WebP image.")) from error
    if kind not in LOGO_TYPES:
        raise EventError(_("The logo must be a PNG, JPEG or WebP image."))
    if max(size) > MAX_LOGO_SIDE:
        raise EventError(
            _("The logo is too large: at most %(side)s pixels a side.") % {"side": MAX_LOGO_SIDE}
        )
    return LOGO_TYPES[kind]


@transaction.atomic
def set_logo(user, event: Event, raw: bytes, *, seen: int) -> Event:
    """The event's logo, checked by Pillow (:func:`logo_type`), kept in the database."""
    content_type = logo_type(raw)
    event = locked_event(event, seen)
    event.logo, event.logo_type = raw, content_type
    event.version += 1
    event.save(update_fields=["logo", "logo_type", "version", "updated_at"])
    _audit(
        user,
        event,
        "event.logo",
        f"New logo for the event {event.name}",
        after={"logo_type": content_type, "bytes": len(raw)},
    )
    return event


@transaction.atomic
def remove_logo(user, event: Event, *, seen: int) -> Event:
    event = locked_event(event, seen)
    if not event.logo_type:
        raise EventError(_("The event has no logo."))
    before = {"logo_type": event.logo_type}
    event.logo, event.logo_type = b"", ""
    event.version += 1
    event.save(update_fields=["logo", "logo_type", "version", "updated_at"])
    _audit(user, event, "event.logo_remove", f"Removed the logo of {event.name}", before, {})
    return event


# --- sections ------------------------------------------------------------------------------------


def _next_position(event: Event) -> int:
    if event.sections.count() >= MAX_SECTIONS:
        raise EventError(_("An event holds at most %(n)s sections.") % {"n": MAX_SECTIONS})
    last = event.sections.aggregate(last=Max("position"))["last"]
    return 0 if last is None else last + 1


def _other_staff(event: Event, user) -> list:
    """The event's staff but ``user``, organisers first: the deputies of a new section."""
    staff = EventStaff.objects.filter(event=event).exclude(user=user).select_related("user")
    return [s.user for s in sorted(staff, key=lambda s: (s.role != "organiser", s.user.username))]


def _section_summary(section: Section) -> dict:
    if section.tournament_id:
        return {"section": section.pk, "tournament": section.tournament_id}
    return {"section": section.pk, "competition": section.competition_id}


@transaction.atomic
def add_tournament_section(user, event: Event, data: dict, *, seen: int) -> Section:
    """A new chess tournament of any registered system as the event's last section (the core's
    :func:`create_tournament`): ``user`` is its chief arbiter, the rest of the event's staff its
    deputies; it takes the event's place and start date, and is public if the event is."""
    event = locked_event(event, seen)
    position = _next_position(event)
    values = {
        "name": data["name"],
        "system": data["system"],
        "planned_rounds": data.get("planned_rounds"),
        "start_date": data.get("start_date") or event.start_date,
        "end_date": event.end_date,
        "city": event.city,
        "is_published": event.is_published,
    }
    try:
        tournament = create_tournament(user, values)
        for deputy in _other_staff(event, user):
            add_deputy(user, tournament, deputy)
    except TournamentError as error:
        raise EventError(str(error)) from error
    section = Section.objects.create(event=event, tournament=tournament, position=position)
    _moved_on(event)
    _audit(
        user,
        event,
        "event.section_add",
        f"Added the section {tournament.name} to {event.name}",
        after=_section_summary(section),
    )
    return section


@transaction.atomic
def add_competition_section(user, event: Event, data: dict, *, seen: int) -> Section:
    """A new judo competition day as the event's last section (the judo day's
    :func:`create_competition`): the event's staff are its arbiters; public if the event is."""
    event = locked_event(event, seen)
    position = _next_position(event)
    values = {
        "name": data["name"],
        "date": data.get("date") or event.start_date,
        "city": event.city,
        "mats": data.get("mats") or 2,
    }
    competition = judo_day.create_competition(user, values)
    competition.arbiters.add(*_other_staff(event, user))
    if event.is_published:
        competition = judo_day.set_published(user, competition, True, seen=competition.version)
    section = Section.objects.create(event=event, competition=competition, position=position)
    _moved_on(event)
    _audit(
        user,
        event,
        "event.section_add",
        f"Added the competition day {competition.name} to {event.name}",
        after=_section_summary(section),
    )
    return section


def attachable_tournaments(user):
    """The tournaments ``user`` runs as chief arbiter that are in no event (a judo category is
    part of its competition day, never a section of its own)."""
    return Tournament.objects.filter(
        staff__user=user,
        staff__role=TournamentArbiter.Role.CHIEF,
        category__isnull=True,
        section__isnull=True,
    ).order_by("-start_date", "name")


def attachable_competitions(user):
    """The competition days ``user`` is an arbiter of that are in no event."""
    return Competition.objects.filter(arbiters=user, section__isnull=True).order_by("-date")


@transaction.atomic
def attach_section(
    user, event: Event, *, seen: int, tournament_id=None, competition_id=None
) -> Section:
    """An existing tournament (``user`` its chief arbiter) or competition day (``user`` one of
    its arbiters), in no event yet, as the event's last section. Its arbiters stay as they are."""
    event = locked_event(event, seen)
    position = _next_position(event)
    if bool(tournament_id) == bool(competition_id):
        raise EventError(_("Choose one tournament or one competition day."))
    if tournament_id:
        found = attachable_tournaments(user).filter(pk=tournament_id).first()
        if found is None:
            raise EventError(
                _("That tournament is not one you run as chief arbiter, or is in an event.")
            )
        section = Section.objects.create(event=event, tournament=found, position=position)
    else:
        found = attachable_competitions(user).filter(pk=competition_id).first()
        if found is None:
            raise EventError(
                _("That competition day is not one you are an arbiter of, or is in an event.")
            )
        section = Section.objects.create(event=event, competition=found, position=position)
    _moved_on(event)
    _audit(
        user,
        event,
        "event.section_attach",
        f"Placed {found.name} in {event.name}",
        after=_section_summary(section),
    )
    return section


def _section(event: Event, section_id) -> Section:
    section = (
        Section.objects.filter(event=event, pk=section_id)
        .select_related("tournament", "competition")
        .first()
    )
    if section is None:
        raise EventError(_("That section is not in this event."))
    return section


@transaction.atomic
def detach_section(user, event: Event, section_id: int, *, seen: int, confirm: bool) -> None:
    """Take a section out of the event. The tournament or competition day stays, with all it
    holds (its arbiters, players, rounds). Refused while registrations of the event are placed
    in it (they are placed in another section first); asked for a confirmation."""
    event = locked_event(event, seen)
    section = _section(event, section_id)
    if section.tournament_id:
        placed = event.registrations.filter(tournament_id=section.tournament_id)
    else:
        placed = event.registrations.filter(
            tournament__category__competition_id=section.competition_id
        )
    if count := placed.count():
        raise EventError(
            _(
                "%(count)s registration(s) are placed in %(name)s: place them in another "
                "section first."
            )
            % {"count": count, "name": section}
        )
    if not confirm:
        raise EventError(_("Confirm that the section leaves the event."))
    before = _section_summary(section)
    name = str(section)
    section.delete()
    _moved_on(event)
    _audit(user, event, "event.section_detach", f"Took {name} out of {event.name}", before, {})


@transaction.atomic
def move_section(user, event: Event, section_id: int, step: int, *, seen: int) -> None:
    """The section one place up (``step`` -1) or down (+1) in the event's order."""
    event = locked_event(event, seen)
    if step not in (-1, 1):
        raise EventError(_("A section moves one place up or down."))
    order = list(event.sections.order_by("position", "id"))
    index = next((i for i, s in enumerate(order) if s.pk == section_id), None)
    if index is None:
        raise EventError(_("That section is not in this event."))
    target = index + step
    if not 0 <= target < len(order):
        raise EventError(_("That section cannot move further."))
    order[index], order[target] = order[target], order[index]
    for position, section in enumerate(order):
        if section.position != position:
            section.position = position
            section.save(update_fields=["position"])
    _moved_on(event)
    _audit(
        user,
        event,
        "event.section_move",
        f"Moved {order[target]} {'up' if step < 0 else 'down'} in {event.name}",
        after={"order": [s.pk for s in order]},
    )


# --- staff ---------------------------------------------------------------------------------------


def _role(role: str) -> str:
    if role not in EventStaff.Role.values:
        raise EventError(_("Choose a role: organiser or arbiter."))
    return role


@transaction.atomic
def add_staff(user, event: Event, username: str, role: str, *, seen: int) -> EventStaff:
    """A user, by username, on the event's staff with ``role``. The event's sections keep their
    own arbiters (their chief adds them there)."""
    event = locked_event(event, seen)
    role = _role(role)
    username = (username or "").strip()
    member = get_user_model().objects.filter(username=username, is_active=True).first()
    if member is None:
        raise EventError(_("No user is called %(username)s.") % {"username": repr(username[:150])})
    if EventStaff.objects.filter(event=event, user=member).exists():
        raise EventError(
            _("%(username)s is already on the event's staff.") % {"username": member.username}
        )
    if EventStaff.objects.filter(event=event).count() >= MAX_STAFF:
        raise EventError(_("An event has at most %(n)s staff.") % {"n": MAX_STAFF})
    staff = EventStaff.objects.create(event=event, user=member, role=role)
    _moved_on(event)
    _audit(
        user,
        event,
        "event.staff_add",
        f"Added {member.username} as {role} of {event.name}",
        after={"username": member.username, "role": role},
    )
    return staff


def _staff(event: Event, staff_id) -> EventStaff:
    staff = (
        EventStaff.objects.filter(event=event, pk=staff_id)
        .select_related("user")
        .select_for_update()
        .first()
    )
    if staff is None:
        raise EventError(_("That person is not on this event's staff."))
    return staff


def _last_organiser(event: Event, staff: EventStaff) -> bool:
    others = EventStaff.objects.filter(event=event, role=EventStaff.Role.ORGANISER)
    return staff.role == EventStaff.Role.ORGANISER and not others.exclude(pk=staff.pk).exists()


@transaction.atomic
def change_staff_role(user, event: Event, staff_id: int, role: str, *, seen: int) -> EventStaff:
    """Another role for someone on the staff; the last organiser stays one."""
    event = locked_event(event, seen)
    role = _role(role)
    staff = _staff(event, staff_id)
    if staff.role == role:
        raise EventError(_("%(username)s has that role already.") % {"username": staff.user})
    if _last_organiser(event, staff):
        raise EventError(_("The event needs an organiser: make someone else one first."))
    before = {"username": staff.user.username, "role": staff.role}
    staff.role = role
    staff.save(update_fields=["role"])
    _moved_on(event)
    _audit(
        user,
        event,
        "event.staff_role",
        f"{staff.user.username} is now {role} of {event.name}",
        before,
        {"username": staff.user.username, "role": role},
    )
    return staff


@transaction.atomic
def remove_staff(user, event: Event, staff_id: int, *, seen: int) -> None:
    """Someone off the event's staff (the sections' arbiters stay as they are); never the last
    organiser."""
    event = locked_event(event, seen)
    staff = _staff(event, staff_id)
    if _last_organiser(event, staff):
        raise EventError(_("The event needs an organiser: the last one cannot be removed."))
    before = {"username": staff.user.username, "role": staff.role}
    staff.delete()
    _moved_on(event)
    _audit(
        user,
        event,
        "event.staff_remove",
        f"Removed {before['username']} from {event.name}",
        before,
        {},
    )


# --- schedule ------------------------------------------------------------------------------------


@transaction.atomic
def add_schedule_item(user, event: Event, data: dict, *, seen: int) -> ScheduleItem:
    """A line of the event's schedule (a round, the opening), for a section or the whole event."""
    event = locked_event(event, seen)
    if event.schedule.count() >= MAX_SCHEDULE_ITEMS:
        raise EventError(_("A schedule has at most %(n)s lines.") % {"n": MAX_SCHEDULE_ITEMS})
    section = data.get("section")
    if section is not None and section.event_id != event.pk:
        raise EventError(_("That section is not in this event."))
    item = ScheduleItem(
        event=event, starts_at=data["starts_at"], title=data["title"], section=section
    )
    try:
        item.full_clean()
    except ValidationError as error:
        raise EventError(" ".join(error.messages)) from error
    item.save()
    _moved_on(event)
    _audit(
        user,
        event,
        "event.schedule_add",
        f"Scheduled {item.title} in {event.name}",
        after={
            "item": item.pk,
            "starts_at": item.starts_at.isoformat(),
            "title": item.title,
            "section": section.pk if section else None,
        },
    )
    return item


@transaction.atomic
def remove_schedule_item(user, event: Event, item_id: int, *, seen: int) -> None:
    event = locked_event(event, seen)
    item = ScheduleItem.objects.filter(event=event, pk=item_id).first()
    if item is None:
        raise EventError(_("That line is not in this event's schedule."))
    before = {"item": item.pk, "starts_at": item.starts_at.isoformat(), "title": item.title}
    item.delete()
    _moved_on(event)
    _audit(user, event, "event.schedule_remove", f"Took {before['title']} off", before, {})


def events_of(user):
    """The events ``user`` is on the staff of, newest first, each with its sections counted
    and the user's role (one query)."""
    return (
        Event.objects.filter(staff_roles__user=user)
        .annotate(section_count=Count("sections", distinct=True), role=F("staff_roles__role"))
        .order_by(F("start_date").desc(nulls_last=True), "-id")
    )
