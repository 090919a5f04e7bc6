"""State changes of an event's registration list (docs/events.md, "Registrations, fees and
check-in"): a person registers (on the public form or by an organiser), is approved into the
section they are placed in, refused, placed in or moved to another section; their fee due and
paid; their check-in.

Each change locks the registration, refuses a page that showed an older version of it
(:class:`StalePage`, saying what changed since), writes an audit entry and moves the event's
version on in the same transaction, so that its public pages follow. An approved person is the
section's ``Entry``, made and moved by the core's entry services (a judo category's by the
competition day's), so every rule of the section (a round robin closed after its drawing, late
entries' numbers, a drawn bracket) applies as it does at the section's own desk.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils.translation import gettext as _

from arbiter.core.models import Bye, Entry, Game, Tournament
from arbiter.core.services import entries as entry_service
from arbiter.core.services.audit import record, snapshot
from arbiter.events.models import MAX_FEE, Event, Registration
from arbiter.ratings import lookup as rating_lookup
from arbiter.ratings.listed import entry_values, month_of
from judo.models import Category
from judo.services import competition as judo
from pairing.rounds.services import RoundError


class RegistrationError(Exception):
    """A change the registration list cannot take; the message is for the person or the
    organiser, and nothing was saved."""


class StalePage(RegistrationError):
    """The page showed an older version of the registration: nothing was saved."""

    def __init__(self, registration: Registration) -> None:
        self.registration = registration
        super().__init__(
            _(
                "Since your page was shown, %(name)s's registration changed (%(change)s). "
                "Nothing was saved: look at it again."
            )
            % {
                "name": registration.name,
                "change": registration.last_change or _("another change"),
            }
        )


#: What a registration carries into the section's entry when it is approved.
REGISTRATION_ENTRY_FIELDS = (
    "name",
    "title",
    "sex",
    "federation",
    "club",
    "rating",
    "fide_id",
    "birth_year",
)
#: What the audit keeps of a new registration.
AUDITED = [
    "name",
    "fide_id",
    "birth_year",
    "federation",
    "rating",
    "tournament_id",
    "state",
    "self_entered",
    "fee_due",
]


# --- reading ----------------------------------------------------------------------------------


def placeable(event: Event) -> list[Tournament]:
    """Every tournament a person can be placed in: the event's chess sections, and the
    categories of its competition days (each a knockout tournament), in the event's order, each
    with its ``section_label`` and whether its section is ``public`` (published). Two queries."""
    sections = list(event.sections.select_related("tournament", "competition"))
    competitions = [s.competition_id for s in sections if s.competition_id]
    categories: dict[int, list[Tournament]] = defaultdict(list)
    rows = Category.objects.filter(competition_id__in=competitions).select_related(
        "tournament", "competition"
    )
    for category in rows.order_by("competition_id", "sex", "age_group", "weight_limit", "pk"):
        tournament = category.tournament
        competition = _section_name(category.competition_id, sections)
        tournament.section_label = f"{competition} \u2013 {category.label}"
        tournament.public = category.competition.is_published
        categories[category.competition_id].append(tournament)
    found: list[Tournament] = []
    for section in sections:
        if section.tournament_id:
            section.tournament.section_label = section.tournament.name
            section.tournament.public = section.tournament.is_published
            found.append(section.tournament)
        else:
            found.extend(categories[section.competition_id])
    return found


def _section_name(competition_id: int, sections) -> str:
    return next((str(s.competition) for s in sections if s.competition_id == competition_id), "")


def accepting(event: Event) -> list[Tournament]:
    """The tournaments a person may ask for on the public form: published ones (the form names
    no other) that still take entries (not a round robin after its drawing, not a drawn
    category). Reads the sections' rounds and brackets once."""
    tournaments = [t for t in placeable(event) if t.public]
    ids = [t.pk for t in tournaments]
    begun = set(
        Tournament.objects.filter(pk__in=ids, rounds__isnull=False).values_list("pk", flat=True)
    )
    drawn = set(
        Tournament.objects.filter(pk__in=ids, bracket__isnull=False)
        .exclude(bracket__slots=[])
        .values_list("pk", flat=True)
    )
    return [
        t
        for t in tournaments
        if t.pk not in drawn and not (t.pairing_system.closed_once_rounds_exist and t.pk in begun)
    ]


def listed_values(event: Event, fide_id: int, tournament: Tournament | None) -> dict | None:
    """What the rating list in force at the event's start (else the newest loaded: entries come
    before the list of the event's month is out) says of ``fide_id`` (name, rating of
    the section's rating type, federation, title, sex, birth year), as the desk's player form
    is filled (arbiter/desk/views/players.py); None when no list is loaded. Raises
    :class:`RegistrationError` when a list is loaded and the id is not in it."""
    rating_list = rating_lookup.list_in_force(event.start_date) or rating_lookup.list_in_force(None)
    if rating_list is None:
        return None
    listed = rating_lookup.by_fide_id(rating_list, fide_id)
    if listed is None:
        raise RegistrationError(
            _("FIDE id %(fide_id)s is not in the FIDE list of %(month)s: check the number.")
            % {"fide_id": fide_id, "month": month_of(rating_list)}
        )
    rating_type = tournament.rating_type if tournament is not None else "standard"
    values = entry_values(listed, rating_type)
    values.pop("k_factor", None)
    return {name: value for name, value in values.items() if value not in (None, "")}


def possible_duplicates(registrations: Iterable[Registration]) -> dict[int, list[str]]:
    """For each registration (by pk) that shares its name (folded as the rating lists' name
    key: accents, case and spaces aside) and birth year with another one not refused, the
    names of the others; kept ones (``duplicate_kept``) are not flagged. No query."""
    groups: dict[tuple[str, int | None], list[Registration]] = defaultdict(list)
    for registration in registrations:
        if registration.state != Registration.State.REFUSED:
            key = (rating_lookup.name_key(registration.name), registration.birth_year)
            groups[key].append(registration)
    flagged = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        for registration in group:
            if not registration.duplicate_kept:
                flagged[registration.pk] = [r.name for r in group if r is not registration]
    return flagged


# --- the changes --------------------------------------------------------------------------------


def _event_changed(event: Event | int) -> None:
    """The event's public pages move on (in the change's own transaction)."""
    pk = event.pk if isinstance(event, Event) else event
    Event.objects.filter(pk=pk).update(version=F("version") + 1)


def _locked(registration: Registration, seen: int | None) -> Registration:
    """The registration's row, locked; refused when the page showed another version."""
    current = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event", "tournament", "entry")
        .filter(pk=registration.pk)
        .first()
    )
    if current is None:
        raise RegistrationError(_("That registration no longer exists."))
    if seen is not None and seen != current.version:
        raise StalePage(current)
    return current


def _save(user, registration: Registration, action: str, change: str, **fields) -> None:
    """Set ``fields``, move the registration's and the event's versions on, and audit it. The
    audit entry is the event's (``event`` in it, no tournament): a registration changes the
    event's public pages, not a section's; the entry services write the section's own entries
    (``entry.*``) when an entry is made, moved or withdrawn."""
    audited = [Registration._meta.get_field(name).attname for name in fields]
    before = snapshot(registration, audited)
    for name, value in fields.items():
        setattr(registration, name, value)
    registration.version += 1
    registration.last_change = change[:300]
    registration.save(update_fields=[*fields, "version", "last_change", "updated_at"])
    _event_changed(registration.event_id)
    which = {"event": registration.event_id, "registration": registration.pk}
    record(
        user,
        None,
        action,
        f"{registration.name}: {change}",
        before={**which, **before},
        after={**which, **snapshot(registration, audited)},
    )


def _in_event(event: Event, tournament: Tournament | None) -> Tournament | None:
    if tournament is None:
        return None
    if tournament.pk not in {t.pk for t in placeable(event)}:
        raise RegistrationError(_("That section is not one of this event's."))
    return tournament


@transaction.atomic
def register(user, event: Event, data: dict, *, self_entered: bool = False) -> Registration:
    """A person registered for the event, pending the organiser's approval, asking for
    ``data["tournament"]`` (one of :func:`placeable`; on the public form one of
    :func:`accepting`). With a FIDE id the rating list in force fills name, rating, federation,
    title, sex and birth year (what the person typed is kept where the list has nothing). The
    same FIDE id twice in an event is refused; the same name and birth year is registered and
    flagged for the organiser (:func:`possible_duplicates`). The fee due is the event's."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if self_entered and not (event.is_published and event.entries_open):
        raise RegistrationError(_("Entries for this event are closed."))
    tournament = _in_event(event, data.get("tournament"))
    if (
        self_entered
        and tournament is not None
        and tournament.pk not in {t.pk for t in accepting(event)}
    ):
        raise RegistrationError(_("That section no longer takes entries."))
    values = {
        name: data[name] for name in (*REGISTRATION_ENTRY_FIELDS, "email", "note") if name in data
    }
    if not self_entered:
        values.setdefault("rating", data.get("rating") or 0)
    else:
        values["rating"] = 0  # a player's own word is no rating: the list's only
    fide_id = values.get("fide_id")
    if fide_id:
        if Registration.objects.filter(event=event, fide_id=fide_id).exists():
            raise RegistrationError(
                _(
                    "Someone with FIDE id %(fide_id)s is already registered for this event. "
                    "To change your section or details, ask the organiser."
                )
                % {"fide_id": fide_id}
            )
        listed = listed_values(event, fide_id, tournament)
        if listed:
            values.update(listed)
    registration = Registration(
        event=event,
        tournament=tournament,
        self_entered=self_entered,
        fee_due=event.entry_fee,
        last_change=_("Registered"),
        **values,
    )
    try:
        registration.full_clean(exclude=["event", "tournament", "entry"])
    except ValidationError as error:
        raise RegistrationError(" ".join(error.messages)) from error
    try:
        with transaction.atomic():
            registration.save()
    except IntegrityError as error:  # the constraint, should two forms race past the check
        raise RegistrationError(_("That FIDE id is already registered for this event.")) from error
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    record(
        user,
        None,
        "registration.add",
        f"{registration.name} registered" + (" (self-entered)" if self_entered else ""),
        after={
            "event": event.pk,
            "registration": registration.pk,
            **snapshot(registration, AUDITED),
        },
    )
    return registration


def _entry_data(registration: Registration) -> dict:
    return {name: getattr(registration, name) for name in REGISTRATION_ENTRY_FIELDS}


def _enter(user, tournament: Tournament, data: dict) -> Entry:
    """The person entered in ``tournament`` by the section's own rules: a judo category's by
    the competition day (before its draw), a chess section's by the core (closed to late
    entries where its system says so). A late entry into a begun section takes the next free
    starting number: nobody else's published number moves (the section's arbiter can still
    re-rank at the section's desk)."""
    category = Category.objects.filter(tournament=tournament).first()
    if category is not None:
        data = {k: v for k, v in data.items() if k in ("name", "club", "federation", "birth_year")}
        return judo.enter(user, category, data)
    data = {k: v for k, v in data.items() if k in entry_service.ENTRY_FIELDS}
    renumbering = entry_service.late_entry_renumbering(tournament, data)
    if renumbering is None:
        return entry_service.add_entry(user, tournament, data)
    return entry_service.add_entry(
        user, tournament, data, numbers=entry_service.KEEP, seen=renumbering.seen
    )


def _has_played(entry: Entry) -> bool:
    return (
        Game.objects.filter(Q(white=entry) | Q(black=entry)).exists()
        or Bye.objects.filter(entry=entry).exists()
    )


def _leave(user, entry: Entry) -> str:
    """Take the person out of the section their entry is in: deleted while they have played
    nothing there (with what was asked for them), withdrawn once they have (their games stay
    with their opponents'). Returns what was done, for the audit."""
    if _has_played(entry):
        if not entry.withdrawn:
            entry_service.set_withdrawn(user, entry, True)
        return "withdrawn"
    category = Category.objects.filter(tournament_id=entry.tournament_id).first()
    if category is not None:
        judo.not_drawn(
            category,
            _("%(category)s is drawn: the competitor cannot leave it (undo the draw first)."),
        )
    refused = entry_service.deletion_refused(entry)
    if refused:
        raise RegistrationError(refused)
    seen = entry_service.moves_seen(entry_service.deletion_moves(entry))
    entry_service.delete_entry(user, entry, seen=seen)
    return "deleted"


def _section_errors():
    return (entry_service.EntryError, entry_service.NumbersWouldMove, RoundError)


@transaction.atomic
def approve(user, registration: Registration, *, seen: int | None) -> Registration:
    """Approve a pending (or refused) registration: the person becomes an entry of the section
    they are placed in, with what they registered. An approved one whose entry the section's
    desk has deleted since is entered again."""
    registration = _locked(registration, seen)
    if registration.state == Registration.State.APPROVED and registration.entry is not None:
        raise RegistrationError(_("%(name)s is approved already.") % {"name": registration.name})
    if registration.tournament is None:
        raise RegistrationError(
            _("Place %(name)s in a section first.") % {"name": registration.name}
        )
    try:
        entry = _enter(user, registration.tournament, _entry_data(registration))
    except _section_errors() as error:
        raise RegistrationError(str(error)) from error
    _save(
        user,
        registration,
        "registration.approve",
        _("approved into %(section)s") % {"section": registration.tournament.name},
        state=Registration.State.APPROVED,
        entry=entry,
    )
    return registration


@transaction.atomic
def refuse(user, registration: Registration, *, seen: int | None) -> Registration:
    """Refuse a registration. An approved person leaves their section: their entry is deleted
    while they have played nothing, withdrawn (games kept) once they have."""
    registration = _locked(registration, seen)
    if registration.state == Registration.State.REFUSED:
        raise RegistrationError(_("%(name)s is refused already.") % {"name": registration.name})
    if registration.entry is not None:
        try:
            _leave(user, registration.entry)
        except _section_errors() as error:
            raise RegistrationError(str(error)) from error
        registration.entry = None
    _save(
        user,
        registration,
        "registration.refuse",
        _("refused"),
        state=Registration.State.REFUSED,
        entry=None,
    )
    return registration


@transaction.atomic
def place(
    user, registration: Registration, tournament: Tournament, *, seen: int | None
) -> Registration:
    """Place the person in another section of the event. Pending or refused, only the place
    changes. Approved, their entry moves by the rules of both sections:

    - neither has begun for them (no game, no bye in the old section; the new one takes
      entries): the entry is made again in the new section with everything it holds (name,
      title, sex, federation, club, ratings, FIDE id, K, birth year, half-point byes) and the
      old one deleted, so that the new section's initial ranking and numbers place them;
      within one competition day, the competition day moves them (with their weigh-in);
    - they have played in the old section: they are withdrawn there (their games stay, for
      their opponents) and enter the new one as a late entry, where its system allows one
      (a Swiss does; a round robin does not after its drawing, nor a drawn category).
    """
    registration = _locked(registration, seen)
    tournament = _in_event(registration.event, tournament)
    if registration.tournament_id == tournament.pk:
        return registration
    moved = ""
    if registration.entry is not None:
        try:
            moved, entry = _move(user, registration.entry, tournament)
        except _section_errors() as error:
            raise RegistrationError(str(error)) from error
        registration.entry = entry
    else:
        entry = None
    change = _("placed in %(section)s") % {"section": tournament.name}
    if moved == "withdrawn":
        change += " " + _("(withdrawn from %(old)s, games kept)") % {
            "old": registration.tournament.name
        }
    fields = {"tournament": tournament}
    if entry is not None:
        fields["entry"] = entry
    _save(user, registration, "registration.place", change, **fields)
    return registration


def _move(user, entry: Entry, target: Tournament) -> tuple[str, Entry]:
    source = Category.objects.filter(tournament_id=entry.tournament_id).first()
    goal = Category.objects.filter(tournament=target).first()
    if source is not None and goal is not None and source.competition_id == goal.competition_id:
        return "moved", judo.move_entry(user, entry, goal)
    data = {name: getattr(entry, name) for name in entry_service.ENTRY_FIELDS}
    new = _enter(user, target, data)
    Registration.objects.filter(entry=entry).update(entry=new)
    return _leave(user, entry), new


def _fee(value) -> Decimal:
    amount = Decimal(value)
    if not amount.is_finite() or amount < 0 or amount > MAX_FEE:
        raise RegistrationError(_("An amount is between 0 and %(most)s.") % {"most": MAX_FEE})
    return amount.quantize(Decimal("0.01"))


@transaction.atomic
def set_fee_due(user, registration: Registration, amount: Decimal, *, seen: int | None):
    """The fee this person is asked (the event's by default: a junior, a titled player may be
    asked less)."""
    registration = _locked(registration, seen)
    amount = _fee(amount)
    change = _("fee due %(amount)s") % {"amount": amount}
    _save(user, registration, "registration.fee_due", change, fee_due=amount)
    return registration


@transaction.atomic
def set_fee_paid(user, registration: Registration, amount: Decimal, *, seen: int | None):
    """What this person has paid in all (the organiser records it: no payment provider)."""
    registration = _locked(registration, seen)
    amount = _fee(amount)
    change = _("paid %(amount)s") % {"amount": amount}
    _save(user, registration, "registration.fee_paid", change, fee_paid=amount)
    return registration


@transaction.atomic
def set_checked_in(user, registration: Registration, checked_in: bool, *, seen: int | None):
    """The person is at the venue (or, undone, not yet)."""
    registration = _locked(registration, seen)
    if registration.checked_in == checked_in:
        return registration
    change = _("checked in") if checked_in else _("check-in undone")
    _save(user, registration, "registration.check_in", change, checked_in=checked_in)
    return registration


@transaction.atomic
def keep_duplicate(user, registration: Registration, *, seen: int | None) -> Registration:
    """The organiser looked at a possible duplicate (same name and birth year) and keeps it: two
    people after all. (The other answer is :func:`refuse`.)"""
    registration = _locked(registration, seen)
    if registration.duplicate_kept:
        return registration
    _save(
        user,
        registration,
        "registration.keep",
        _("kept: not a duplicate"),
        duplicate_kept=True,
    )
    return registration
