"""State changes of a tournament's entries: add, edit, withdraw, delete one entered by mistake,
import a list."""

from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from arbiter.models import Bye, Entry, Game, Round, Title, Tournament
from arbiter.services.audit import record, snapshot


class EntryError(Exception):
    """An entry change the tournament cannot take; the message is for the arbiter."""


ENTRY_FIELDS = ["name", "title", "sex", "federation", "club", "rating", "fide_id", "birth_year"]
_TITLE_ORDER = {title: position for position, title in enumerate(Title.values)}


def initial_ranking_key(entry: Entry) -> tuple:
    """C.04.2 (initial order): rating, then FIDE title, then alphabetically by name."""
    return (-entry.rating, _TITLE_ORDER.get(entry.title, len(_TITLE_ORDER)), entry.name.casefold())


def numbers_follow_ranking(tournament: Tournament) -> bool:
    """Do starting numbers still follow the initial ranking (so that a late entry is ranked by
    rating among the others)? Before any round always. In a Swiss, also until round 4 has been
    paired (C.04.2 allows re-assigning them until then), unless a draft round waits: its
    pairing and the engine's explanations name the current numbers."""
    rounds = list(tournament.rounds.values_list("number", "state"))
    if not rounds:
        return True
    through = tournament.pairing_system.numbers_follow_ranking_through_round
    return (
        all(state != Round.State.DRAFT for _, state in rounds)
        and max(number for number, _ in rounds) <= through
    )


def renumber_by_rating(tournament: Tournament, new: Sequence[Entry] = ()) -> dict[str, list[int]]:
    """Give every entry its starting number from the initial ranking while that is allowed
    (:func:`numbers_follow_ranking`); after that a new entry gets the next free number.

    ``new`` are entries not saved yet (an imported list): they are numbered with the others and
    then created in bulk. Only the entries whose number changes are written, so that a list
    imported into an empty tournament costs its inserts and nothing more.

    Returns the numbered entries whose number changed, by name: ``{name: [old, new]}``.
    """
    saved = list(Entry.objects.filter(tournament=tournament))
    old = {entry.pk: entry.starting_number for entry in saved}
    if numbers_follow_ranking(tournament):
        ranked = sorted([*saved, *new], key=initial_ranking_key)
        numbers = enumerate(ranked, start=1)
    else:
        taken = [e.starting_number for e in saved if e.starting_number]
        unnumbered = sorted(
            (e for e in [*saved, *new] if not e.starting_number), key=initial_ranking_key
        )
        numbers = enumerate(unnumbered, start=max(taken, default=0) + 1)
    for number, entry in numbers:
        entry.starting_number = number
    changed = [entry for entry in saved if entry.starting_number != old[entry.pk]]
    # Clear first so that the unique constraint holds at every step of the update.
    Entry.objects.filter(pk__in=[entry.pk for entry in changed]).update(starting_number=None)
    Entry.objects.bulk_update(changed, ["starting_number"])
    Entry.objects.bulk_create(new)
    return {
        entry.name: [old[entry.pk], entry.starting_number] for entry in changed if old[entry.pk]
    }


def check_open_for_entries(tournament: Tournament, adding: int = 1) -> None:
    """A round robin's schedule is fixed once its rounds exist: nobody can join it then. No
    tournament takes more than ``MAX_PLAYERS`` (docs/hardening.md, "Limits")."""
    if tournament.pairing_system.closed_once_rounds_exist and tournament.rounds.exists():
        raise EntryError(
            gettext(
                "The round robin's schedule is fixed: no player can be added after the drawing."
            )
        )
    entered = Entry.objects.filter(tournament=tournament).count()
    if entered + adding > settings.MAX_PLAYERS:
        raise EntryError(
            gettext(
                "A tournament takes at most %(most)s players (MAX_PLAYERS); "
                "%(entered)s are entered already."
            )
            % {"most": settings.MAX_PLAYERS, "entered": entered}
        )


@transaction.atomic
def add_entry(user, tournament: Tournament, data: dict) -> Entry:
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_open_for_entries(tournament)
    entry = Entry.objects.create(tournament=tournament, **_entry_values(data))
    renumbered = renumber_by_rating(tournament)
    entry.refresh_from_db()
    after = snapshot(entry, ENTRY_FIELDS)
    summary = f"Added {entry.name}"
    if renumbered and tournament.rounds.exists():
        # a late entry ranked by rating among the others (C.04.2, until round 4 is paired)
        summary += f" as number {entry.starting_number}; {len(renumbered)} numbers moved"
        after["renumbered"] = renumbered
    record(user, tournament, "entry.add", summary, after=after)
    return entry


@transaction.atomic
def update_entry(user, entry: Entry, data: dict) -> Entry:
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    entry = Entry.objects.get(pk=entry.pk)
    before = snapshot(entry, ENTRY_FIELDS)
    for name, value in _entry_values(data).items():
        setattr(entry, name, value)
    entry.save()
    after = snapshot(entry, ENTRY_FIELDS)
    changed = {k: v for k, v in after.items() if before[k] != v}
    if "rating" in changed or "title" in changed or "name" in changed:
        renumber_by_rating(tournament)
        entry.refresh_from_db()
    if changed:
        record(
            user,
            tournament,
            "entry.update",
            f"Changed {entry.name}: {', '.join(changed)}",
            before={k: before[k] for k in changed},
            after=changed,
        )
    return entry


@transaction.atomic
def set_withdrawn(user, entry: Entry, withdrawn: bool) -> Entry:
    """Withdraw a player from the coming rounds, or take a mistaken withdrawal back."""
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.withdrawn == withdrawn:
        return entry
    entry.withdrawn = withdrawn
    entry.save(update_fields=["withdrawn"])
    record(
        user,
        entry.tournament,
        "entry.withdraw" if withdrawn else "entry.reinstate",
        f"{'Withdrew' if withdrawn else 'Reinstated'} {entry.name}",
        before={"withdrawn": not withdrawn},
        after={"withdrawn": withdrawn},
    )
    return entry


def deletion_refused(entry: Entry) -> str:
    """Why this entry cannot be deleted (empty when it can): a player who is in a round, in the
    drawing of lots or in a drawn bracket is withdrawn instead, so that the others' records keep
    their games."""
    numbers = set(
        Game.objects.filter(Q(white=entry) | Q(black=entry)).values_list("round__number", flat=True)
    )
    numbers |= set(Bye.objects.filter(entry=entry).values_list("round__number", flat=True))
    if numbers:
        rounds = ", ".join(str(n) for n in sorted(numbers))
        return ngettext(
            "%(name)s is in round %(rounds)s: withdraw them instead.",
            "%(name)s is in rounds %(rounds)s: withdraw them instead.",
            len(numbers),
        ) % {"name": entry.name, "rounds": rounds}
    if entry.lotpick_set.exists():
        return gettext(
            "%(name)s has drawn a starting number: restart the drawing of lots first."
        ) % {"name": entry.name}
    bracket = getattr(entry.tournament, "bracket", None)
    if bracket is not None and entry.pk in (bracket.slots or []):
        return gettext(
            "%(name)s is in the drawn bracket: undo the draw first, or withdraw them."
        ) % {"name": entry.name}
    return ""


@transaction.atomic
def delete_entry(user, entry: Entry) -> None:
    """Delete a player entered by mistake, with what was asked for them (byes, check-ins,
    forbidden pairs, a seed); refused with :class:`EntryError` for one who has played
    (:func:`deletion_refused`). The numbers of the others follow the initial ranking again
    while they may (C.04.2)."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    entry = Entry.objects.filter(pk=entry.pk).first()
    if entry is None:
        raise EntryError(gettext("That player is no longer in the tournament."))
    refused = deletion_refused(entry)
    if refused:
        raise EntryError(refused)
    before = snapshot(entry, [*ENTRY_FIELDS, "starting_number"])
    bracket = getattr(tournament, "bracket", None)
    if bracket is not None:
        bracket.seeds = {k: v for k, v in bracket.seeds.items() if k != str(entry.pk)}
        bracket.placed = {k: v for k, v in bracket.placed.items() if k != str(entry.pk)}
        bracket.save(update_fields=["seeds", "placed"])
    entry.delete()
    renumber_by_rating(tournament)
    record(user, tournament, "entry.delete", f"Deleted {before['name']}", before=before)


@transaction.atomic
def import_entries(user, tournament: Tournament, rows: list[dict]) -> list[Entry]:
    """Add a whole validated list at once: all of it, or (on any database error) none of it."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_open_for_entries(tournament, adding=len(rows))
    entries = [Entry(tournament=tournament, **_entry_values(row)) for row in rows]
    renumber_by_rating(tournament, new=entries)
    record(
        user,
        tournament,
        "entry.import",
        f"Imported {len(entries)} players",
        after={"names": [e.name for e in entries]},
    )
    return entries


def _entry_values(data: dict) -> dict:
    return {name: data[name] for name in ENTRY_FIELDS if name in data}
