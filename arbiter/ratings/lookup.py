"""Finding players in a rating list: the list in force on a date, a player by FIDE id, by the
start of their name (docs/ratings.md, "Lookup")."""

import datetime
import sys
import unicodedata

from django.db import connection
from django.db.models import Q

from arbiter.ratings.models import ListedPlayer, RatingList

#: The longest FIDE id looked up (FIDE's list gives an id 15 columns).
MAX_FIDE_ID_DIGITS = 15

#: At most this many players answer a lookup.
LOOKUP_LIMIT = 10


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.casefold()


#: Below this character (the Latin, Greek and Cyrillic letters), each character's fold is in
#: :data:`_FOLD`, so ``str.translate`` folds a name at C speed (a list of 1.5 million names
#: is folded in a second, not eight). Folding character by character gives what folding the
#: whole name does: decomposition and case folding map each character on its own, and only
#: combining marks, which are dropped, are reordered.
_FOLD_BELOW = "\u0530"
_FOLD = {
    code: _folded(chr(code)) for code in range(ord(_FOLD_BELOW)) if _folded(chr(code)) != chr(code)
}


def name_key(name: str) -> str:
    """``name`` folded for a prefix search: accents dropped, lower case, every run of spaces one
    space ("Čarnogurský, Ján" -> "carnogursky, jan")."""
    if name.isascii():
        return " ".join(name.lower().split())
    if max(name) < _FOLD_BELOW:
        return " ".join(name.translate(_FOLD).split())
    return " ".join(_folded(name).split())


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
    if query.isascii() and query.isdigit():
        if len(query) > MAX_FIDE_ID_DIGITS:  # no such id (and none a database column holds)
            return []
        found = by_fide_id(rating_list, int(query))
        return [found] if found else []
    key = name_key(query)
    if not key:
        return []
    if connection.vendor == "postgresql":
        return list(
            ListedPlayer.objects.raw(_BY_NAME_POSTGRESQL, [rating_list.pk, _like(key), limit])
        )
    rows = ListedPlayer.objects.filter(rating_list=rating_list).filter(_starting_with(key))
    return list(rows.order_by("name_key", "fide_id")[:limit])


#: PostgreSQL: the names in the order of their index (``USING ~<~``, its text_pattern_ops'),
#: so that the first names of a prefix are read from the index and the scan stops at the limit
#: instead of sorting every name of the prefix (30,000 for "ku" in FIDE's list). Django cannot
#: write ``USING`` in an ORDER BY.
_BY_NAME_POSTGRESQL = (
    f'SELECT * FROM "{ListedPlayer._meta.db_table}" WHERE rating_list_id = %s '
    "AND name_key LIKE %s ORDER BY name_key USING ~<~, fide_id LIMIT %s"
)


def _like(key: str) -> str:
    """A LIKE pattern for the names starting with ``key`` (its wildcards escaped)."""
    return key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _starting_with(key: str) -> Q:
    """The names starting with ``key``. SQLite's LIKE (case-insensitive) cannot use the name
    index (EXPLAIN QUERY PLAN: every name of the list is read); the range ``key <= name_key <
    key'`` (``key`` with its last character the next one) can, and is exact under SQLite's
    binary collation, where text sorts by code point, as PostgreSQL's text_pattern_ops does."""
    if connection.vendor != "sqlite" or key[-1] == chr(sys.maxunicode):
        return Q(name_key__startswith=key)
    return Q(name_key__gte=key, name_key__lt=key[:-1] + chr(ord(key[-1]) + 1))
