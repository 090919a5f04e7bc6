"""The refresh before round 1: every entry with a FIDE id set to what FIDE's list in force at the
tournament's start says of its rating (of the tournament's type), K-factor, title, federation
and name, in one confirmed, audited change (docs/ratings.md, "Lookup and refresh").

The page shows the plan (:func:`plan`) and posts back what it showed (:attr:`Plan.seen`: the
tournament's version and a digest of the changes); :func:`apply_refresh` recomputes the plan in
its transaction and applies it only if it is the one shown, so a page left open while a player
was corrected, or a new month was imported, changes nothing ("check again").

Before round 1 only, in FIDE mode or not: the ratings of the list in force at the start are
the event's (B.02; C.04.2 ranks the initial order by them), and once round 1 is paired the
initial order was drawn from the entries as they were. A rating found wrong later is a single
correction on the player's page (C.04.2 lets rating errors be corrected until round 4 is
paired, asking before a published number moves).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from arbiter.core.models import Entry, Round, Tournament
from arbiter.core.services.audit import record
from arbiter.core.services.entries import renumber_by_rating
from arbiter.ratings.listed import entry_values, listed_rating, month_of
from arbiter.ratings.lookup import by_fide_ids, list_in_force
from arbiter.ratings.models import RatingList

#: What the refresh sets, in the order the page shows it.
REFRESHED = ("rating", "k_factor", "title", "federation", "name")


class RefreshRefused(Exception):
    """The refresh cannot be applied; the message says why, for the arbiter."""


@dataclass(frozen=True)
class Change:
    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class EntryChanges:
    """What the refresh changes of one entry."""

    entry_id: int
    name: str
    fide_id: int
    changes: tuple[Change, ...]
    #: The rating is the player's standard one (unrated in the event's rapid or blitz: B.02 7.2.1).
    standard_used: bool = False


@dataclass(frozen=True)
class Plan:
    """The refresh as it stands: the list it reads, each entry it changes, the entries with a
    FIDE id the list does not hold, and how many have no FIDE id (not looked up)."""

    rating_list: RatingList | None
    rating_type: str
    version: int
    entries: tuple[EntryChanges, ...]
    not_in_list: tuple[tuple[int, str, int], ...]
    without_id: int

    @property
    def month(self) -> str:
        return month_of(self.rating_list) if self.rating_list is not None else ""

    @property
    def digest(self) -> str:
        """The changes as the page shows them, in 16 hex digits."""
        shown = [
            self.rating_list.pk if self.rating_list is not None else None,
            self.month,
            self.rating_type,
            [[e.entry_id, [[c.field, c.before, c.after] for c in e.changes]] for e in self.entries],
        ]
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]

    @property
    def seen(self) -> str:
        """What the confirming form posts back: ``<tournament version>:<digest>``."""
        return f"{self.version}:{self.digest}"


def refresh_refused(tournament: Tournament) -> str:
    """Why the ratings cannot be refreshed from the list now ("" when they can): only before
    round 1 is paired; a draft of round 1 is deleted first."""
    states = list(tournament.rounds.values_list("state", flat=True))
    if not states:
        return ""
    if states == [Round.State.DRAFT]:
        return gettext(
            "Round 1 is paired as a draft: the ratings are refreshed before round 1 only. "
            "Delete the draft of round 1 to refresh them, then pair it again."
        )
    return gettext(
        "Round 1 is paired: the ratings of the list are taken before round 1 only, and the "
        "initial order was drawn from the players as they were. Correct a wrong rating on the "
        "player's page."
    )


def plan(tournament: Tournament) -> Plan:
    """What the refresh would change now (two queries, and one per 500 FIDE ids)."""
    rating_list = list_in_force(tournament.start_date)
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .order_by("starting_number", "name")
        .only("pk", "name", "fide_id", *REFRESHED)
    )
    with_id = [entry for entry in entries if entry.fide_id is not None]
    kind = tournament.rating_type
    if rating_list is None:
        return Plan(None, kind, tournament.version, (), (), len(entries) - len(with_id))
    listed = by_fide_ids(rating_list, {entry.fide_id for entry in with_id})
    changed, missing = [], []
    for entry in with_id:
        found = listed.get(entry.fide_id)
        if found is None:
            missing.append((entry.pk, entry.name, entry.fide_id))
            continue
        values = entry_values(found, kind)
        if values["rating"] == 0:
            del values["rating"]  # unrated in the list: an arbiter's estimate stays
        for name in ("k_factor", "federation", "name"):
            if not values[name]:
                del values[name]  # the list says nothing: what the entry holds stays
        changes = tuple(
            Change(name, getattr(entry, name), values[name])
            for name in REFRESHED
            if name in values and getattr(entry, name) != values[name]
        )
        if changes:
            standard = listed_rating(found, kind).standard_used
            changed.append(EntryChanges(entry.pk, entry.name, entry.fide_id, changes, standard))
    return Plan(
        rating_list,
        kind,
        tournament.version,
        tuple(changed),
        tuple(missing),
        len(entries) - len(with_id),
    )


@transaction.atomic
def apply_refresh(user, tournament: Tournament, seen: str) -> Plan:
    """Apply the refresh the page showed (``seen``: :attr:`Plan.seen`), all of it in one
    transaction with one audit entry (each entry's fields before and after, and the list's
    month); refused with :class:`RefreshRefused` after round 1, without a list, or when the
    list or the players changed since the page was shown. Starting numbers follow the new
    ratings (C.04.2: before round 1 they follow the initial order). Returns what was applied."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    refused = refresh_refused(tournament)
    if refused:
        raise RefreshRefused(refused)
    now = plan(tournament)
    if now.rating_list is None:
        raise RefreshRefused(no_list_message())
    if seen != now.seen:
        raise RefreshRefused(
            gettext(
                "The list or the players changed since the page was shown: nothing was applied. "
                "Check again: the page now shows the changes as they stand."
            )
        )
    if not now.entries:
        return now
    entries = Entry.objects.in_bulk([e.entry_id for e in now.entries])
    before: dict[str, dict[str, Any]] = {}
    after: dict[str, Any] = {"list": now.month, "rating_type": now.rating_type}
    fields: set[str] = set()
    for planned in now.entries:
        entry = entries[planned.entry_id]
        key = f"{planned.name} ({planned.fide_id})"
        before[key] = {"entry": entry.pk}
        after[key] = {"entry": entry.pk}
        for change in planned.changes:
            setattr(entry, change.field, change.after)
            before[key][change.field] = change.before
            after[key][change.field] = change.after
            fields.add(change.field)
    Entry.objects.bulk_update(entries.values(), sorted(fields))
    renumber_by_rating(tournament)
    count = len(now.entries)
    record(
        user,
        tournament,
        "entry.refresh",
        f"Refreshed {count} player{'s' if count != 1 else ''} from the FIDE list of {now.month}",
        before=before,
        after=after,
    )
    return now


def no_list_message() -> str:
    return gettext("No FIDE rating list is loaded: import one on the rating lists page.")
