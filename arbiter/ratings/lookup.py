"""Finding players in a rating list: the list in force on a date, a player by FIDE id, by the
start of their name (docs/ratings.md, "Lookup")."""

import datetime
import unicodedata

from arbiter.ratings.models import ListedPlayer, RatingList

#: At most this many players answer a lookup.
LOOKUP_LIMIT = 10


def name_key(name: str) -> str:
    """``name`` folded for a prefix search: accents dropped, lower case, every run of spaces one
    space ("Čarnogurský, Ján" -> "carnogursky, jan")."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def list_in_force(
    on: datetime.date | None,
    source: str = RatingList.Source.FIDE,
    federation: str = "",
) -> RatingList | None:
    """The complete list of ``source`` in force on ``on``: the latest month that began on or
    before it (the newest list when ``on`` is None); None when no list is loaded."""
    lists = RatingList.objects.filter(
        source=source, federation=federation, state=RatingList.State.COMPLETE
    )
    if on is not None:
        lists = lists.filter(month__lte=on)
    return lists.order_by("-month").first()


def by_fide_id(rating_list: RatingList, fide_id: int) -> ListedPlayer | None:
    """The player with ``fide_id`` in ``rating_list``, or None."""
    return ListedPlayer.objects.filter(rating_list=rating_list, fide_id=fide_id).first()


def by_fide_ids(rating_list: RatingList, fide_ids: set[int]) -> dict[int, ListedPlayer]:
    """The players of ``rating_list`` among ``fide_ids``, by id (one query per 500 ids)."""
    found: dict[int, ListedPlayer] = {}
    ids = sorted(fide_ids)
    for start in range(0, len(ids), 500):
        rows = ListedPlayer.objects.filter(
            rating_list=rating_list, fide_id__in=ids[start : start + 500]
        )
        found.update((row.fide_id, row) for row in rows if row.fide_id is not None)
    return found


def find(rating_list: RatingList, query: str, limit: int = LOOKUP_LIMIT) -> list[ListedPlayer]:
    """The players a lookup box typed ``query`` means: the one with that FIDE id when it is all
    digits, else those whose name starts with it (folded as :func:`name_key`), by name."""
    query = query.strip()
    if query.isdigit():
        found = by_fide_id(rating_list, int(query))
        return [found] if found else []
    key = name_key(query)
    if not key:
        return []
    rows = ListedPlayer.objects.filter(rating_list=rating_list, name_key__startswith=key)
    return list(rows.order_by("name_key", "fide_id")[:limit])
