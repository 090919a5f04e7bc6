"""A listed player as an entry holds them, and a player list compared with a rating list
(docs/ratings.md, "Lookup and refresh").

What the lookup fills in, what the refresh applies and what an import is compared on come from
one place (:func:`entry_values`): the list's name, federation, highest title, birth year and
sex, and the rating and K-factor of the tournament's rating type. A player without a rapid or
blitz rating but with a standard one is rated with the standard one in a rapid or blitz event
(FIDE Rating Regulations B.02 in force from 1 March 2024, 7.2.1: "If an unrated player has a
standard rating at the beginning of a rapid or blitz tournament, their standard rating is used
for rating calculation"); the K-factor is then left to the rules (none from the list: its K is
of the standard rating).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arbiter.core.models import CONTROL_CHARACTERS, Entry, RatingType, Title
from arbiter.ratings.lookup import by_fide_ids, list_in_force
from arbiter.ratings.models import ListedPlayer, RatingList

#: The titles an entry holds, highest first (the initial order's order, C.04.2).
TITLES = tuple(Title.values)


def highest_title(listed: ListedPlayer) -> str:
    """The higher of the list's title and women's title among those an entry holds ("" for
    none): a WGM who is also an IM is entered as IM."""
    held = {listed.title.strip().upper(), listed.women_title.strip().upper()}
    return next((title for title in TITLES if title in held), "")


@dataclass(frozen=True)
class ListedRating:
    """The rating an event of a rating type reads from the list: None when the player is
    unrated in it; ``standard_used`` when it is the standard rating of a player unrated in
    rapid or blitz (B.02 7.2.1), whose K-factor is then left to the rules."""

    rating: int | None
    k_factor: int | None
    standard_used: bool = False


def listed_rating(listed: ListedPlayer, rating_type: str) -> ListedRating:
    """The list's rating of ``rating_type`` (standard, rapid, blitz) and its K-factor."""
    kind = rating_type if rating_type in RatingType.values else RatingType.STANDARD
    own, k = getattr(listed, kind), getattr(listed, f"{kind}_k")
    k = k if k and 1 <= k <= 40 else None
    if own:
        return ListedRating(own, k)
    if kind != RatingType.STANDARD and listed.standard:
        return ListedRating(listed.standard, None, standard_used=True)
    return ListedRating(None, None)


def listed_name(listed: ListedPlayer) -> str:
    """The list's name with single spaces ("" when an entry could not hold it)."""
    name = " ".join(listed.name.split())[:100]
    return "" if CONTROL_CHARACTERS.search(name) else name


def listed_federation(listed: ListedPlayer) -> str:
    """The list's federation if it is a three-letter code ("" otherwise)."""
    code = listed.federation.strip().upper()
    return code if len(code) == 3 and code.isascii() and code.isalpha() else ""


def entry_values(listed: ListedPlayer, rating_type: str) -> dict[str, Any]:
    """What the player form is filled with from a listed player: the entry's fields."""
    rating = listed_rating(listed, rating_type)
    sex = listed.sex.strip().lower()
    birth_year = listed.birth_year
    return {
        "name": listed_name(listed),
        "federation": listed_federation(listed),
        "title": highest_title(listed),
        "birth_year": birth_year if birth_year and 1900 <= birth_year <= 2100 else None,
        "sex": sex if sex in Entry.Sex.values else "",
        "rating": rating.rating or 0,
        "fide_id": listed.fide_id,
        "k_factor": rating.k_factor,
    }


def month_of(rating_list: RatingList) -> str:
    """The list's month as the pages name it: ``2026-11``."""
    return f"{rating_list.month:%Y-%m}"


# --- a player list compared with the list in force ---------------------------------------------

#: The fields an imported list is compared on, in the order they are shown.
COMPARED = ("name", "title", "federation", "rating", "birth_year")


@dataclass(frozen=True)
class Difference:
    """One field that differs: ``in_file`` as the imported file gives it, ``in_list`` as the
    rating list does (a rating of 0 or None: unrated)."""

    field: str
    in_file: Any
    in_list: Any


@dataclass(frozen=True)
class PlayerDifferences:
    name: str
    fide_id: int
    differences: tuple[Difference, ...]


@dataclass(frozen=True)
class ListCheck:
    """An imported list's players with a FIDE id, matched to the rating list in force by id:
    those that differ from it and those it does not hold. Showing only: the refresh before
    round 1 applies the list (arbiter/ratings/refresh.py)."""

    month: str
    rating_type: str
    checked: int
    differing: tuple[PlayerDifferences, ...]
    missing: tuple[tuple[str, int], ...]

    def as_json(self) -> dict[str, Any]:
        """The check as an audit entry keeps it."""
        return {
            "list": self.month,
            "rating_type": self.rating_type,
            "checked": self.checked,
            "differing": [
                {
                    "name": player.name,
                    "fide_id": player.fide_id,
                    "differences": [[d.field, d.in_file, d.in_list] for d in player.differences],
                }
                for player in self.differing
            ],
            "missing": [[name, fide_id] for name, fide_id in self.missing],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ListCheck:
        return cls(
            month=str(data.get("list", "")),
            rating_type=str(data.get("rating_type", RatingType.STANDARD)),
            checked=int(data.get("checked", 0)),
            differing=tuple(
                PlayerDifferences(
                    player["name"],
                    player["fide_id"],
                    tuple(Difference(*difference) for difference in player["differences"]),
                )
                for player in data.get("differing", [])
            ),
            missing=tuple((name, fide_id) for name, fide_id in data.get("missing", [])),
        )

    @property
    def rating_type_label(self) -> str:
        known = self.rating_type in RatingType.values
        return str(RatingType(self.rating_type).label) if known else ""


def _given(value: Any) -> bool:
    return value not in (None, "", 0)


def _differences(row: Mapping[str, Any], listed: ListedPlayer, rating_type: str):
    """The fields ``row`` gives that the list says otherwise (a field the file leaves empty is
    not compared: the refresh fills it)."""
    values = entry_values(listed, rating_type)
    for name in COMPARED:
        in_file, in_list = row.get(name), values[name]
        if not _given(in_file):
            continue
        if name == "name":
            in_file = " ".join(str(in_file).split())
        if in_file != in_list:
            yield Difference(name, in_file, in_list)


def check_list(
    rows: Iterable[Mapping[str, Any]], rating_list: RatingList, rating_type: str
) -> ListCheck:
    """Compare the players of an imported list (the entry fields, ``fide_id`` among them) with
    ``rating_list``: one query per 500 FIDE ids."""
    with_id = [row for row in rows if row.get("fide_id")]
    listed = by_fide_ids(rating_list, {int(row["fide_id"]) for row in with_id})
    differing, missing = [], []
    for row in with_id:
        fide_id = int(row["fide_id"])
        name = str(row.get("name", ""))
        found = listed.get(fide_id)
        if found is None:
            missing.append((name, fide_id))
            continue
        differences = tuple(_differences(row, found, rating_type))
        if differences:
            differing.append(PlayerDifferences(name, fide_id, differences))
    return ListCheck(
        month_of(rating_list), rating_type, len(with_id), tuple(differing), tuple(missing)
    )


def check_against_list_in_force(
    rows: Iterable[Mapping[str, Any]], start_date: datetime.date | None, rating_type: str
) -> ListCheck | None:
    """:func:`check_list` against FIDE's list in force on ``start_date``; None when no list is
    loaded or no player has a FIDE id."""
    rows = [row for row in rows if row.get("fide_id")]
    if not rows:
        return None
    rating_list = list_in_force(start_date)
    if rating_list is None:
        return None
    return check_list(rows, rating_list, rating_type)
