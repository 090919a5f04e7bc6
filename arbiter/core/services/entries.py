"""State changes of a tournament's entries: add, edit, withdraw, delete one entered by mistake,
import a list."""

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, ngettext

from arbiter.core.models import Bye, Entry, Game, Round, Title, Tournament
from arbiter.core.services.audit import record, save_recorded, snapshot
from pairing.engines.initial_order import tournament_rating


class EntryError(Exception):
    """An entry change the tournament cannot take; the message is for the arbiter."""


ENTRY_FIELDS = [
    "name",
    "title",
    "sex",
    "federation",
    "club",
    "rating",
    "national_rating",
    "fide_id",
    "k_factor",
    "birth_year",
    "no_half_point_byes",
]
_TITLE_ORDER = {title: position for position, title in enumerate(Title.values)}


def initial_ranking_key(tournament: Tournament) -> Callable[[Entry], tuple]:
    """C.04.2 (initial order): the sort key of the tournament's players before round 1.

    Strength first: the tournament rating its method reads from the FIDE and national ratings
    (``Tournament.rating_method``, TRF-2026 record 172, Q145); then the FIDE title; then
    alphabetically by name, or, when the tournament chose it before the start (C.04.2 allows
    replacing the alphabet so), by drawing of lots (Q146).

    The lots are drawn from the tournament's own seed and each player's FIDE id and name, one
    lot per player: the same players always draw the same lots (the order can be checked and
    survives a backup, whose restore gives new row ids), and a late entrant's lot leaves the
    order of everyone else as it was. Lots, not FIDE ids, since an id's age is no measure of
    strength and would favour the older player every time.
    """
    method, seed, by_lot = (
        tournament.rating_method,
        tournament.lots_seed,
        tournament.initial_order_by_lot,
    )

    def key(entry: Entry) -> tuple:
        rating = tournament_rating(method, entry.rating, entry.national_rating)
        title = _TITLE_ORDER.get(entry.title, len(_TITLE_ORDER))
        name = entry.name.casefold()
        return (-rating, title, _lot(seed, entry) if by_lot else name, name)

    return key


def _lot(seed: int, entry: Entry) -> str:
    """The player's lot in the tournament's drawing (:func:`initial_ranking_key`)."""
    drawn = f"{seed}:{entry.fide_id or ''}:{entry.name.casefold()}"
    return hashlib.sha256(drawn.encode()).hexdigest()


def _ranking_order(key: Callable[[Entry], tuple]) -> Callable[[Entry], tuple]:
    """The initial ranking, and between players it cannot tell apart (same rating, title and
    name) the present number first, a new entry last: a question and the renumbering it asked
    about agree to the last number."""
    return lambda entry: (*key(entry), entry.starting_number or float("inf"))


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


def renumber_by_rating(
    tournament: Tournament, new: Sequence[Entry] = (), *, keep: bool = False
) -> dict[str, list[int]]:
    """Give every entry its starting number from the initial ranking while that is allowed
    (:func:`numbers_follow_ranking`) and ``keep`` is not asked; otherwise a new entry gets the
    next free number and nobody else's changes.

    ``new`` are entries not saved yet (an imported list): they are numbered with the others and
    then created in bulk. Only the entries whose number changes are written, so that a list
    imported into an empty tournament costs its inserts and nothing more.

    Returns the numbered entries whose number changed, by name: ``{name: [old, new]}``.
    """
    saved = list(Entry.objects.filter(tournament=tournament))
    old = {entry.pk: entry.starting_number for entry in saved}
    key = initial_ranking_key(tournament)
    _number(saved, new, key, by_ranking=not keep and numbers_follow_ranking(tournament))
    changed = [entry for entry in saved if entry.starting_number != old[entry.pk]]
    # Clear first so that the unique constraint holds at every step of the update.
    Entry.objects.filter(pk__in=[entry.pk for entry in changed]).update(starting_number=None)
    Entry.objects.bulk_update(changed, ["starting_number"])
    Entry.objects.bulk_create(new)
    return {
        entry.name: [old[entry.pk], entry.starting_number] for entry in changed if old[entry.pk]
    }


def _number(
    saved: Sequence[Entry],
    new: Sequence[Entry],
    key: Callable[[Entry], tuple],
    *,
    by_ranking: bool,
) -> None:
    """Set the starting numbers in place: all from the initial ranking (``key``), or the next
    free ones for the entries without a number (Q156: a late entry once the numbers are fixed,
    ranked by ``key`` among the late ones)."""
    if by_ranking:
        numbers = enumerate(sorted([*saved, *new], key=_ranking_order(key)), start=1)
    else:
        taken = [e.starting_number for e in saved if e.starting_number]
        unnumbered = sorted((e for e in [*saved, *new] if not e.starting_number), key=key)
        numbers = enumerate(unnumbered, start=max(taken, default=0) + 1)
    for number, entry in numbers:
        entry.starting_number = number


#: How the arbiter answered the question a late entry asks (:class:`NumbersWouldMove`): rank
#: the entrant by rating among the others, moving their numbers, or keep every number.
RANK, KEEP = "rank", "keep"


@dataclass(frozen=True)
class Move:
    """A player whose published starting number a late entry would change."""

    pk: int
    name: str
    old: int
    new: int


@dataclass(frozen=True)
class Renumbering:
    """What ranking a late entrant by rating among the others would do to published numbers:
    the entrant's number then, the number if everyone keeps theirs, and who moves."""

    name: str
    number: int
    appended: int
    moves: tuple[Move, ...]

    @property
    def seen(self) -> str:
        """The question as the page showed it, sent back with the answer: ``12/76|pk:old>new,…``."""
        return f"{self.number}/{self.appended}|{moves_seen(self.moves)}"

    def changed_since(self, seen: str) -> set[int]:
        """The players whose move differs from the question shown as ``seen`` (every one when
        ``seen`` cannot be read); with the entrant's own number as pk 0."""
        match = _SEEN.fullmatch(seen or "")
        if match is None:
            return {0, *(m.pk for m in self.moves)}
        then = dict(_SEEN_MOVE.findall(match["moves"]))
        now = {str(m.pk): f"{m.old}>{m.new}" for m in self.moves}
        changed = {int(pk) for pk in then.keys() | now.keys() if then.get(pk) != now.get(pk)}
        if (match["number"], match["appended"]) != (str(self.number), str(self.appended)):
            changed.add(0)
        return changed


_SEEN = re.compile(r"(?P<number>\d{1,5})/(?P<appended>\d{1,5})\|(?P<moves>[\d:>,]{0,200000})")
_SEEN_MOVE = re.compile(r"(\d{1,10}):(\d{1,5}>\d{1,5})")


class NumbersWouldMove(Exception):
    """A late entry would change published starting numbers: the arbiter must choose (rank by
    rating or keep every number), or chose on a page that no longer tells what would happen
    (``changed``: the players whose move is different now, 0 for the entrant's own number)."""

    def __init__(self, renumbering: Renumbering, changed: set[int] | None = None) -> None:
        self.renumbering = renumbering
        self.changed = changed or set()
        if changed:
            message = gettext(
                "Since the page was shown the starting numbers changed (a player was added or "
                "corrected meanwhile): below is what the change to %(name)s does now. Nothing "
                "was saved; choose again."
            ) % {"name": renumbering.name}
        else:
            count = len(renumbering.moves)
            message = ngettext(
                "Ranked by rating, %(name)s would be number %(number)d and %(count)d player "
                "already paired would get a new starting number.",
                "Ranked by rating, %(name)s would be number %(number)d and %(count)d players "
                "already paired would get new starting numbers.",
                count,
            ) % {"name": renumbering.name, "number": renumbering.number, "count": count}
        super().__init__(message)


def late_entry_renumbering(tournament: Tournament, data: dict) -> Renumbering | None:
    """What adding this player would do to the numbers the rounds were paired with, or None
    when it moves nobody's: no round yet (the starting list is still provisional), numbers
    no longer following the ranking (C.04.2: not after round 4 is paired; nor under a waiting
    draft), or an entrant ranked below everyone."""
    entrant = Entry(tournament=tournament, **_entry_values(data))
    return _renumbering(tournament, entrant, Entry.objects.filter(tournament=tournament))


def correction_renumbering(entry: Entry, data: dict) -> Renumbering | None:
    """What correcting this player's rating, title or name would do to the numbers the rounds
    were paired with (C.04.2 allows re-assigning them for corrections until round 4 is
    paired), or None as for :func:`late_entry_renumbering`. ``appended`` is then the player's
    present number, which "keep" leaves as it is."""
    corrected = Entry.objects.get(pk=entry.pk)
    values = _entry_values(data)
    if all(getattr(corrected, name) == values[name] for name in _RANKED_BY if name in values):
        return None
    for name, value in values.items():
        setattr(corrected, name, value)
    others = Entry.objects.filter(tournament_id=entry.tournament_id).exclude(pk=entry.pk)
    return _renumbering(corrected.tournament, corrected, others)


#: The fields of the initial ranking (:func:`initial_ranking_key`; the FIDE id draws the lot).
_RANKED_BY = ("rating", "national_rating", "title", "name", "fide_id")


def _renumbering(tournament: Tournament, subject: Entry, others) -> Renumbering | None:
    if not tournament.rounds.exists() or not numbers_follow_ranking(tournament):
        return None
    present = [*others, subject]
    number, moves = _ranked(present, initial_ranking_key(tournament))
    if not moves:
        return None
    appended = (
        subject.starting_number
        or max((entry.starting_number or 0 for entry in present), default=0) + 1
    )
    return Renumbering(subject.name, number[id(subject)], appended, moves)


def _ranked(
    entries: Sequence[Entry], key: Callable[[Entry], tuple]
) -> tuple[dict[int, int], tuple[Move, ...]]:
    """The number each entry (by ``id()``) would get from the initial ranking (``key``), and
    the saved ones whose number that changes, by present number."""
    present = sorted(entries, key=lambda e: e.starting_number or 0)
    ranked = sorted(present, key=_ranking_order(key))
    number = {id(entry): position for position, entry in enumerate(ranked, start=1)}
    moves = tuple(
        Move(entry.pk, entry.name, entry.starting_number, number[id(entry)])
        for entry in present
        if entry.pk and entry.starting_number and entry.starting_number != number[id(entry)]
    )
    return number, moves


def deletion_moves(entry: Entry) -> tuple[Move, ...]:
    """Who would get another number if this player (entered by mistake) were deleted while
    the numbers the rounds were paired with still follow the ranking: the numbers close up
    (C.04.2), which the delete page shows before it is confirmed."""
    tournament = entry.tournament
    if not tournament.rounds.exists() or not numbers_follow_ranking(tournament):
        return ()
    others = list(Entry.objects.filter(tournament=tournament).exclude(pk=entry.pk))
    return _ranked(others, initial_ranking_key(tournament))[1]


def moves_seen(moves: Sequence[Move]) -> str:
    """Moves as a page shows them and sends them back: ``pk:old>new,…``."""
    return ",".join(f"{m.pk}:{m.old}>{m.new}" for m in moves)


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
def add_entry(
    user, tournament: Tournament, data: dict, *, numbers: str = "", seen: str = ""
) -> Entry:
    """Add a player. A late entry that would move numbers the rounds were paired with
    (:func:`late_entry_renumbering`) is added only with the arbiter's answer: ``numbers`` RANK
    (by rating among the others, C.04.2) or KEEP (the next free number), and ``seen``, the
    question as the page showed it; without it, or when the question has changed since, it
    raises :class:`NumbersWouldMove` and adds nobody."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_open_for_entries(tournament)
    renumbering = late_entry_renumbering(tournament, data)
    _check_answer(renumbering, numbers, seen, data)
    entry = Entry.objects.create(tournament=tournament, **_entry_values(data))
    renumbered = renumber_by_rating(tournament, keep=numbers == KEEP)
    entry.refresh_from_db()
    after = snapshot(entry, ENTRY_FIELDS)
    summary = f"Added {entry.name}"
    if renumbered and tournament.rounds.exists():
        # a late entry ranked by rating among the others, as the arbiter confirmed (C.04.2)
        summary += f" as number {entry.starting_number}; {len(renumbered)} numbers moved"
        after["renumbered"] = renumbered
    elif renumbering is not None:
        summary += f" as number {entry.starting_number}; every other number kept"
    record(user, tournament, "entry.add", summary, after=after)
    return entry


@transaction.atomic
def update_entry(user, entry: Entry, data: dict, *, numbers: str = "", seen: str = "") -> Entry:
    """Save a player's details. A correction of rating, title or name that would move numbers
    the rounds were paired with (:func:`correction_renumbering`) is saved only with the
    arbiter's answer, as a late entry is (:func:`add_entry`): RANK re-ranks every number, KEEP
    leaves every number as it is."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    renumbering = correction_renumbering(entry, data)
    _check_answer(renumbering, numbers, seen, data)
    entry = Entry.objects.get(pk=entry.pk)
    before = snapshot(entry, ENTRY_FIELDS)
    for name, value in _entry_values(data).items():
        setattr(entry, name, value)
    entry.save()
    after = snapshot(entry, ENTRY_FIELDS)
    changed = {k: v for k, v in after.items() if before[k] != v}
    summary = f"Changed {entry.name}: {', '.join(changed)}"
    if numbers != KEEP and any(name in changed for name in _RANKED_BY):
        renumbered = renumber_by_rating(tournament)
        entry.refresh_from_db()
        if renumbered and tournament.rounds.exists():
            summary += f"; {len(renumbered)} numbers moved"
            changed = {**changed, "renumbered": renumbered}
    elif renumbering is not None:
        summary += "; every number kept"
    if changed:
        record(
            user,
            tournament,
            "entry.update",
            summary,
            before={k: before[k] for k in changed if k in before},
            after=changed,
        )
    return entry


def _check_answer(renumbering: Renumbering | None, numbers: str, seen: str, data: dict) -> None:
    """Go on only with the arbiter's answer to the question the page showed (``seen``); ask
    (again) with :class:`NumbersWouldMove` otherwise."""
    if renumbering is not None and numbers not in (RANK, KEEP):
        raise NumbersWouldMove(renumbering)
    if renumbering is not None and seen != renumbering.seen:
        raise NumbersWouldMove(renumbering, renumbering.changed_since(seen))
    if renumbering is None and seen and numbers == RANK:
        # the page asked, but ranking moves nobody now: the numbers are not the ones shown
        raise EntryError(
            gettext(
                "Since the page was shown the starting numbers changed (a round was paired, or "
                "a player added or corrected): ranking %(name)s by rating now moves nobody's "
                "number. Nothing was saved; send the form again."
            )
            % {"name": data.get("name", "")}
        )


@transaction.atomic
def set_withdrawn(user, entry: Entry, withdrawn: bool, expelled: bool = False) -> Entry:
    """Withdraw a player from the coming rounds (``expelled``: expel them, FIDE's checklist
    Q197-198, which also takes them out of a Swiss's ranking), or take a mistaken withdrawal or
    expulsion back."""
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    expelled = expelled and withdrawn
    if (entry.withdrawn, entry.expelled) == (withdrawn, expelled):
        return entry
    if expelled:
        action, summary = "entry.expel", f"Expelled {entry.name}"
    elif withdrawn:
        action, summary = "entry.withdraw", f"Withdrew {entry.name}"
    else:
        action, summary = "entry.reinstate", f"Reinstated {entry.name}"
    save_recorded(
        user, entry.tournament, action, summary, entry, withdrawn=withdrawn, expelled=expelled
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
def delete_entry(user, entry: Entry, *, seen: str = "") -> None:
    """Delete a player entered by mistake, with what was asked for them (byes, check-ins,
    forbidden pairs, a seed); refused with :class:`EntryError` for one who has played
    (:func:`deletion_refused`). The numbers of the others follow the initial ranking again
    while they may (C.04.2); when that moves numbers the rounds were paired with, ``seen``
    must be those moves as the page showed them (:func:`deletion_moves`, :func:`moves_seen`)."""
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    entry = Entry.objects.filter(pk=entry.pk).first()
    if entry is None:
        raise EntryError(gettext("That player is no longer in the tournament."))
    refused = deletion_refused(entry)
    if refused:
        raise EntryError(refused)
    if moves_seen(deletion_moves(entry)) != seen:
        raise EntryError(
            gettext(
                "Since the page was shown the starting numbers changed: deleting %(name)s now "
                "moves other numbers than it showed. Nothing was deleted; look again."
            )
            % {"name": entry.name}
        )
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
def import_entries(
    user, tournament: Tournament, rows: list[dict], *, list_check: dict | None = None
) -> list[Entry]:
    """Add a whole validated list at once: all of it, or (on any database error) none of it.
    Once a round exists the list's players take the next free numbers (in the order of their
    ranking) and every published number is kept: a background job cannot ask the arbiter, as
    a single late entry does (:class:`NumbersWouldMove`). ``list_check``, the list compared
    with a rating list (arbiter/ratings/listed.py), is kept in the audit entry."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_open_for_entries(tournament, adding=len(rows))
    entries = [Entry(tournament=tournament, **_entry_values(row)) for row in rows]
    renumber_by_rating(tournament, new=entries, keep=tournament.rounds.exists())
    record(
        user,
        tournament,
        "entry.import",
        f"Imported {len(entries)} players",
        after={
            "names": [e.name for e in entries],
            **({"list_check": list_check} if list_check is not None else {}),
        },
    )
    return entries


def _entry_values(data: dict) -> dict:
    return {name: data[name] for name in ENTRY_FIELDS if name in data}
